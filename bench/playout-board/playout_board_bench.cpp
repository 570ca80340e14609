// The playouts' job on the two boards: random playouts from the empty 19x19 board to two passes,
// each move chosen by the policy's test (legal, not an own true eye, not a self-atari of more
// than kThrowInStones stones unless it captures) over the empty points from a random index. On
// rules::Board the test counts liberties by walking the chains; on FastBoard it reads them and
// keeps the points found unacceptable out of later scans. FastBoard stays beside rules::Board
// only while it is at least twice as fast here.
#include "lib/life/fast_board.h"
#include "lib/rules/board.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace {

using namespace sgf;
using namespace sgf::life::playout;
using rules::Loc;
using rules::Stone;

constexpr BoardSize kSize{19, 19};

// The policy's test on rules::Board.
bool acceptable(const rules::Board &b, Loc l, Color c) {
  const Stone me = rules::stone_of(c), them = rules::stone_of(opponent(c));
  int own = 0, enemy_diagonals = 0, edge_diagonals = 0;
  for (Loc n : b.neighbours(l))
    own += b.at_loc(n) == me || b.at_loc(n) == Stone::edge;
  const int s = b.width() + 1;
  for (Loc d : {l - s - 1, l - s + 1, l + s - 1, l + s + 1}) {
    enemy_diagonals += b.at_loc(d) == them;
    edge_diagonals += b.at_loc(d) == Stone::edge;
  }
  if (own == 4 && enemy_diagonals + (edge_diagonals > 0) < 2)
    return false; // an own true eye
  const rules::Board::Preview after = b.preview(l, c, false);
  if (after.suicide)
    return false;
  if (after.captured > 0)
    return true;
  // Liberties of the chain the stone makes, and its stones.
  std::vector<Loc> libs, all;
  int stones = 1;
  std::vector<Loc> heads;
  for (Loc n : b.neighbours(l)) {
    if (b.at_loc(n) == Stone::empty)
      all.push_back(n);
    else if (b.at_loc(n) == me && std::find(heads.begin(), heads.end(), b.head(n)) == heads.end()) {
      heads.push_back(b.head(n));
      stones += b.chain_size(n);
      b.liberties(n, 0, &libs);
      all.insert(all.end(), libs.begin(), libs.end());
    }
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  const int left = static_cast<int>(all.size()) - (std::count(all.begin(), all.end(), l) > 0);
  return left >= 2 || stones <= kThrowInStones;
}

void RulesBoardPlayouts(benchmark::State &state) {
  Rng rng(1);
  long moves = 0;
  std::vector<Loc> points;
  for (int y = 0; y < kSize.height; ++y)
    for (int x = 0; x < kSize.width; ++x)
      points.push_back(rules::Board(kSize).loc({x, y}));
  rules::Board b(kSize);
  for (auto _ : state) {
    b.clear();
    Color c = Color::black;
    Loc ko = -1;
    for (int passes = 0, m = 0; passes < 2 && m < 3 * 361; ++m, c = opponent(c)) {
      const size_t start = rng.below(static_cast<uint32_t>(points.size()));
      Loc move = -1;
      for (size_t k = 0; k < points.size() && move < 0; ++k) {
        const Loc l = points[(start + k) % points.size()];
        if (b.at_loc(l) == Stone::empty && l != ko && acceptable(b, l, c))
          move = l;
      }
      if (move < 0) {
        ++passes;
        ko = -1;
        continue;
      }
      passes = 0;
      ko = b.play_loc(move, c, false).ko_point;
      ++moves;
    }
  }
  state.counters["moves"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}

void FastBoardPlayouts(benchmark::State &state) {
  constexpr int N = padded_cells(19, 19);
  Rng rng(1);
  long moves = 0;
  auto start = std::make_unique<FastBoard<N>>();
  auto b = std::make_unique<FastBoard<N>>();
  start->init(life::Position(kSize));
  const std::vector<int> heads = start->chain_heads();
  for (auto _ : state) {
    b->copy_from(*start, heads);
    uint8_t c = kBlack;
    for (int passes = 0, m = 0; passes < 2 && m < 3 * 361; ++m, c ^= 3) {
      const int ne = b->n_empty;
      const int move =
          ne > 0 ? b->choose(static_cast<int>(rng.below(static_cast<uint32_t>(ne))), c) : -1;
      if (move < 0) {
        ++passes;
        b->ko = -1;
        continue;
      }
      passes = 0;
      b->place(move, c);
      ++moves;
    }
  }
  state.counters["moves"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}

BENCHMARK(RulesBoardPlayouts)->Unit(benchmark::kMicrosecond)->MeasureProcessCPUTime();
BENCHMARK(FastBoardPlayouts)->Unit(benchmark::kMicrosecond)->MeasureProcessCPUTime();

} // namespace

BENCHMARK_MAIN();
