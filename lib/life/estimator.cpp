// Random playouts on FastBoard (fast_board.h). The moves, and so the estimate, are those of the
// plain scan for a given seed.
#include "lib/life/estimator.h"
#include "lib/life/fast_board.h"

#include <memory>

namespace sgf::life {
namespace {

using namespace playout;

// Whether every stone's verdict is significant after `playouts` and `confirm` accepts the stones
// most of them captured. `refused`: the last dead stones `confirm` refused, not asked again.
bool confirmed(const Position &pos, const std::vector<int> &sum, int playouts,
               const ConfirmDead &confirm, std::vector<uint8_t> &refused) {
  if (!significant(pos, sum, playouts))
    return false;
  std::vector<uint8_t> dead(sum.size(), 0);
  for (size_t i = 0; i < sum.size(); ++i)
    dead[i] =
        pos.stones[i] == Stone::black ? sum[i] < 0 : pos.stones[i] == Stone::white && sum[i] > 0;
  if (dead == refused)
    return false;
  if (confirm(dead))
    return true;
  refused = std::move(dead);
  return false;
}

template <int N>
Ownership estimate(const Position &pos, Color to_move, const EstimatorOptions &opt,
                   const ConfirmDead &confirm) {
  Ownership result;
  const int n = pos.points();
  result.own.assign(n, 0.0f);
  // Two boards of up to a few hundred kilobytes: on the heap.
  auto start = std::make_unique<FastBoard<N>>();
  auto board = std::make_unique<FastBoard<N>>();
  start->init(pos);
  const std::vector<int> heads = start->chain_heads();
  FastBoard<N> &b = *board;
  std::vector<int> sum(n, 0);
  Rng rng(opt.seed ^ (static_cast<uint64_t>(n) << 32));
  const int max_moves = 3 * n + 50;
  std::vector<uint8_t> region_owner(N, 0);
  std::vector<uint32_t> seen(N, 0);
  std::vector<int> region;
  region.reserve(n);
  uint32_t stamp = 0;
  std::vector<uint8_t> refused;
  for (int game = 0; game < opt.playouts; ++game) {
    b.copy_from(*start, heads);
    uint8_t c = to_move == Color::black ? kBlack : kWhite;
    int passes = 0, last = -1;
    for (int m = 0; m < max_moves && passes < 2; ++m) {
      int ne = b.n_empty;
      int played = b.reply(last, c);
      if (played < 0 && last >= 0 && rng.below(100) < kPatternPercent) {
        int cand[8];
        const int k = b.pattern_moves(last, c, cand);
        if (k > 0)
          played = cand[rng.below(static_cast<uint32_t>(k))];
      }
      if (played < 0 && ne > 0)
        played = b.choose(static_cast<int>(rng.below(static_cast<uint32_t>(ne))), c);
      if (played < 0) {
        ++passes;
        b.ko = -1;
      } else {
        passes = 0;
        b.place(played, c);
      }
      last = played;
      c ^= 3;
    }
    // Stones count for their colour, empty regions for the only colour around them.
    // Most are single points (eyes), read from the neighbour counts; region_owner is zero at
    // every other cell before and after.
    ++stamp;
    for (int k = 0; k < b.n_empty; ++k) {
      const int p = b.empties[k];
      const uint32_t around = b.nbr[p];
      if (FastBoard<N>::count(around, kEmpty) == 0) {
        const bool black = FastBoard<N>::count(around, kBlack) > 0,
                   white = FastBoard<N>::count(around, kWhite) > 0;
        region_owner[p] = black == white ? 0 : black ? kBlack : kWhite;
        continue;
      }
      if (seen[p] == stamp)
        continue;
      uint8_t border = 0;
      region.assign(1, p);
      seen[p] = stamp;
      for (size_t k = 0; k < region.size(); ++k)
        b.each_nbr(region[k], [&](int r) {
          if (b.cell[r] == kBlack || b.cell[r] == kWhite)
            border |= b.cell[r];
          else if (b.cell[r] == kEmpty && seen[r] != stamp) {
            seen[r] = stamp;
            region.push_back(r);
          }
        });
      const uint8_t owner = border == kBlack || border == kWhite ? border : 0;
      for (int q : region)
        region_owner[q] = owner;
    }
    static constexpr int kValue[4] = {0, 1, -1, 0};
    for (int y = 0, i = 0; y < b.h; ++y)
      for (int x = 0, p = b.loc(0, y); x < b.w; ++x, ++i, ++p)
        sum[i] += kValue[b.cell[p] | region_owner[p]];
    for (int k = 0; k < b.n_empty; ++k)
      region_owner[b.empties[k]] = 0;
    ++result.playouts;
    if (settled(pos, sum, result.playouts, opt.playouts) ||
        (confirm && result.playouts >= kConfirmStop && result.playouts < kEarlyStop &&
         result.playouts < opt.playouts && confirmed(pos, sum, result.playouts, confirm, refused)))
      break;
  }
  for (int i = 0; i < n; ++i)
    result.own[i] = result.playouts ? static_cast<float>(sum[i]) / result.playouts : 0.0f;
  return result;
}

} // namespace

Ownership estimate_ownership(const Position &pos, Color to_move, const EstimatorOptions &opt,
                             const ConfirmDead &confirm) {
  if (pos.points() == 0)
    return {};
  if (padded_cells(pos.size.width, pos.size.height) <= padded_cells(19, 19))
    return estimate<padded_cells(19, 19)>(pos, to_move, opt, confirm);
  return estimate<padded_cells(52, 52)>(pos, to_move, opt, confirm);
}

} // namespace sgf::life
