// The playouts' board (FastBoard) against rules::Board: the same random legal moves on both, and
// after every move the same stones, the same captures, the same exact liberties of every chain and
// the same ko point. FastBoard is kept beside rules::Board only for its speed; this is what makes
// it the same board.
#include "lib/life/fast_board.h"
#include "lib/rules/board.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace sgf::life::playout {
namespace {

// Plays up to `moves` random legal moves (no suicide, no immediate ko retake) on both boards from
// the empty board, comparing them after each; returns the moves that captured.
template <int N> int play_both(BoardSize size, uint64_t seed, int moves) {
  auto fast = std::make_unique<FastBoard<N>>();
  fast->init(Position(size));
  rules::Board board(size);
  Rng rng(seed);
  Color c = Color::black;
  rules::Loc ko = -1;
  int captures = 0;
  std::vector<rules::Loc> legal;
  for (int m = 0; m < moves; ++m) {
    legal.clear();
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x) {
        const rules::Loc l = board.loc({x, y});
        if (board.at_loc(l) == rules::Stone::empty && l != ko &&
            !board.preview(l, c, false).suicide)
          legal.push_back(l);
      }
    if (legal.empty())
      break;
    const rules::Loc l = legal[rng.below(static_cast<uint32_t>(legal.size()))];
    const rules::Board::Play played = board.play_loc(l, c, false);
    const int captured = fast->place(l, c == Color::black ? kBlack : kWhite);
    EXPECT_EQ(captured, played.captured) << "move " << m;
    captures += captured > 0;
    ko = played.ko_point;
    EXPECT_EQ(fast->ko, ko) << "move " << m;
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x) {
        const rules::Loc q = board.loc({x, y});
        const rules::Stone s = board.at_loc(q);
        if (fast->cell[q] != static_cast<uint8_t>(s)) {
          ADD_FAILURE() << "stone at " << x << "," << y << " after move " << m;
          return captures;
        }
        if (s != rules::Stone::empty && fast->nlibs[fast->head[q]] != board.liberties(q, N)) {
          ADD_FAILURE() << "liberties at " << x << "," << y << " after move " << m;
          return captures;
        }
      }
    c = opponent(c);
  }
  return captures;
}

TEST(FastBoard, SameStonesCapturesLibertiesAndKoAsRulesBoard) {
  for (uint64_t seed = 0; seed < 4; ++seed) {
    // Random games run long past the first captures: the board fills, empties and refills.
    EXPECT_GT(play_both<padded_cells(19, 19)>({19, 19}, seed, 1000), 50);
    EXPECT_GT(play_both<padded_cells(19, 19)>({9, 9}, seed, 400), 5);
    EXPECT_GT(play_both<padded_cells(19, 19)>({13, 5}, seed, 300), 3);
  }
  EXPECT_GT(play_both<padded_cells(52, 52)>({25, 25}, 7, 1500), 50);
}

} // namespace
} // namespace sgf::life::playout
