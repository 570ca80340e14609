// Benson's algorithm, seki detection and the dead-stone judgement.
#include "lib/life/life.h"

#include "lib/life/reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

namespace sgf::life {

const char *to_string(DeadSource s) {
  static constexpr const char *names[] = {"user", "markup", "engine", "estimator"};
  static_assert(std::size(names) == static_cast<size_t>(DeadSource::estimator) + 1);
  return names[static_cast<size_t>(s)];
}

namespace {

// The largest neutral region find_seki takes for the shared liberties of a seki.
constexpr size_t kSekiRegion = 6;

// Benson for one colour: marks pass-alive stones with 1 and their small enclosed regions with 2.
void benson_for(const Position &pos, Stone c, std::vector<uint8_t> &out) {
  Components chains = components(pos, [&](int i) { return pos.stones[i] == c; });
  Components regions = components(pos, [&](int i) { return pos.stones[i] != c; });
  const int nc = static_cast<int>(chains.points.size());
  const int nr = static_cast<int>(regions.points.size());
  if (nc == 0)
    return;
  // For each region: its bordering chains, and the chains to which it is vital (every empty
  // point of the region is a liberty of the chain).
  std::vector<std::vector<int>> borders(nr), vital_to(nr);
  std::vector<int> last_seen(nc, -1);
  // Whether every empty point of region r has a neighbour j for which beside(j) holds.
  auto every_empty_beside = [&](int r, auto &&beside) {
    return std::ranges::all_of(regions.points[r], [&](int i) {
      bool found = pos.stones[i] != Stone::empty;
      for_each_neighbour(pos.size, i, [&](int j) { found |= beside(j); });
      return found;
    });
  };
  for (int r = 0; r < nr; ++r) {
    for (int i : regions.points[r])
      for_each_neighbour(pos.size, i, [&](int j) {
        int ch = chains.id[j];
        if (ch >= 0 && last_seen[ch] != r) {
          last_seen[ch] = r;
          borders[r].push_back(ch);
        }
      });
    if (std::ranges::none_of(regions.points[r],
                             [&](int i) { return pos.stones[i] == Stone::empty; }))
      continue;
    for (int ch : borders[r])
      if (every_empty_beside(r, [&](int j) { return chains.id[j] == ch; }))
        vital_to[r].push_back(ch);
  }
  std::vector<uint8_t> chain_alive(nc, 1), region_alive(nr, 1);
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<int> vitals(nc, 0);
    for (int r = 0; r < nr; ++r)
      if (region_alive[r])
        for (int ch : vital_to[r])
          vitals[ch]++;
    for (int ch = 0; ch < nc; ++ch)
      if (chain_alive[ch] && vitals[ch] < 2) {
        chain_alive[ch] = 0;
        changed = true;
      }
    for (int r = 0; r < nr; ++r)
      if (region_alive[r] &&
          std::ranges::any_of(borders[r], [&](int ch) { return !chain_alive[ch]; })) {
        region_alive[r] = 0;
        changed = true;
      }
  }
  for (int ch = 0; ch < nc; ++ch)
    if (chain_alive[ch])
      for (int i : chains.points[ch])
        out[i] = 1;
  // A live region vital to a chain (so bordered) and small: every empty point is a liberty of some
  // bordering chain (so the opponent has no room for two eyes).
  for (int r = 0; r < nr; ++r)
    if (region_alive[r] && !vital_to[r].empty() &&
        every_empty_beside(r, [&](int j) { return chains.id[j] >= 0; }))
      for (int i : regions.points[r])
        out[i] = 2;
}

// The stones of `pos` without the dead ones.
Position without_dead(const Position &pos, const std::vector<uint8_t> &dead) {
  Position p = pos;
  if (!dead.empty())
    for (int i = 0; i < p.points(); ++i)
      if (dead[i])
        p.stones[i] = Stone::empty;
  return p;
}

// Which colours have stones next to the points of a region: (black, white).
std::pair<bool, bool> border_of(const Position &pos, std::span<const int> region) {
  bool black = false, white = false;
  for (int i : region)
    for_each_neighbour(pos.size, i, [&](int j) {
      black |= pos.stones[j] == Stone::black;
      white |= pos.stones[j] == Stone::white;
    });
  return {black, white};
}

// Sizes of the neutral regions (empty after dead removal, bordered by both colours).
int largest_neutral_region(const Position &live) {
  Components regions = components(live, [&](int i) { return live.stones[i] == Stone::empty; });
  int largest = 0;
  for (const std::span<const int> pts : regions.points)
    if (border_of(live, pts) == std::pair{true, true})
      largest = std::max(largest, static_cast<int>(pts.size()));
  return largest;
}

// The shape of an eye space (points of one connected shape): the most neighbours a point has
// inside it, whether it holds a 2x2 block, and whether it takes a corner of the board.
struct EyeShape {
  int most = 0;
  bool block = false, corner = false;
};
EyeShape shape_of(const Position &pos, std::span<const int> space) {
  auto in = [&](int i) { return std::find(space.begin(), space.end(), i) != space.end(); };
  const int w = pos.size.width, h = pos.size.height;
  EyeShape s;
  for (int i : space) {
    int d = 0;
    for_each_neighbour(pos.size, i, [&](int j) { d += in(j); });
    s.most = std::max(s.most, d);
    const Point p = pos.point(i);
    s.block |= p.x + 1 < w && p.y + 1 < h && in(i + 1) && in(i + w) && in(i + w + 1);
    s.corner |= (p.x == 0 || p.x == w - 1) && (p.y == 0 || p.y == h - 1);
  }
  return s;
}

// Whether an eye space is one the opponent, moving first, reduces to a single eye: up to three
// points, or the rabbity six (a cross with one more point that makes a square). The fours and
// fives that die this way (square, pyramid, bent four in the corner, bulky and crossed fives) are
// left out: in real games they are often ko in the corner or decided by the liberties outside,
// which this shape test cannot see.
bool killable_eye_space(const Position &pos, std::span<const int> space) {
  if (space.size() != 6)
    return space.size() <= 3;
  const EyeShape s = shape_of(pos, space);
  return s.block && s.most == 4; // six points hold one point of four neighbours at most
}

// Whether one eye space of four to six empty points gives its group two eyes whoever moves first:
// the spaces of that size the opponent kills (square and pyramid fours, bulky and crossed fives,
// the rabbity six) hold a 2x2 block or a point with more neighbours inside than living ones of
// their size; a corner (the bent four, the L group) changes what lives, so no space on one counts.
bool lives_in_its_eye_space(const Position &pos, std::span<const int> space) {
  if (space.size() < 4 || space.size() > 6 ||
      !std::ranges::all_of(space, [&](int i) { return pos.stones[i] == Stone::empty; }))
    return false;
  const EyeShape s = shape_of(pos, space);
  return s.most <= (space.size() == 4 ? 2 : 3) && !s.block && !s.corner;
}

// An eye region this large gives its group room to live on its own.
constexpr int kLargeEye = 7;

// Per group, its liberties and its eye regions (empty regions that only its colour borders): how
// many, the points of the largest, the last found, and whether that one is a living shape with no
// dead stone of `before` in it. `regions`: the empty regions of `pos` (`before`, dead stones off).
struct EyeRegions {
  std::vector<int> group;                                   // per chain: groups_of()
  std::vector<int> liberties, count, largest, last, living; // per group label
  int eyes(int ch) const { return count[group[ch]]; }
  // Whether ch's group lives without a seki: two eye regions, or one large or of a living shape.
  bool alone(int ch) const {
    return count[group[ch]] >= 2 || largest[group[ch]] >= kLargeEye || living[group[ch]];
  }
};
EyeRegions eye_regions(const Position &pos, const Components &chains, const Components &regions,
                       const Position &before) {
  const size_t nc = chains.points.size();
  EyeRegions out{groups_of(pos, chains),  std::vector<int>(nc, 0),  std::vector<int>(nc, 0),
                 std::vector<int>(nc, 0), std::vector<int>(nc, -1), std::vector<int>(nc, 0)};
  for (int r = 0; r < static_cast<int>(regions.points.size()); ++r) {
    const auto &pts = regions.points[r];
    const auto [black, white] = border_of(pos, pts);
    const bool one_colour = black != white;
    const bool living = one_colour && lives_in_its_eye_space(before, pts);
    for (int i : pts) {
      // The chains of one colour around a point share it: one group.
      bool counted[2] = {false, false};
      for_each_neighbour(pos.size, i, [&](int j) {
        const int ch = chains.id[j];
        if (ch < 0)
          return;
        const int g = out.group[ch];
        if (!std::exchange(counted[pos.stones[j] == Stone::black ? 0 : 1], true))
          out.liberties[g]++;
        if (!one_colour || out.last[g] == r)
          return;
        out.last[g] = r;
        out.count[g]++;
        out.largest[g] = std::max(out.largest[g], static_cast<int>(pts.size()));
        out.living[g] = living;
      });
    }
  }
  return out;
}

// Whether chain ch's group has one eye region only, of one point, and that eye is false: the
// opponent holds two of its diagonals, or one on the edge of the board, so that he can take it
// from outside and the group makes no eye there.
bool one_false_eye(const Position &pos, const EyeRegions &eyes, const Components &regions, int ch,
                   Stone own) {
  const int g = eyes.group[ch];
  if (eyes.count[g] != 1 || eyes.largest[g] != 1)
    return false;
  const Point q = pos.point(regions.points[eyes.last[g]].front());
  int taken = 0;
  bool edge = false;
  for (const Point d : {Point{q.x - 1, q.y - 1}, Point{q.x + 1, q.y - 1}, Point{q.x - 1, q.y + 1},
                        Point{q.x + 1, q.y + 1}})
    if (pos.size.contains(d))
      taken += pos.at(d) == other(own);
    else
      edge = true;
  return taken + edge >= 2;
}

// Chains that only look like a seki: the enclosed chain B (two liberties, both shared with the
// chains around it, which have no other liberty) throws one stone in; the capture leaves its
// neighbours an eye space the thrower then reduces to one eye. Returns the stones of the
// surrounding chains, which are dead.
std::vector<uint8_t> dead_in_false_seki(const Position &live, const std::vector<uint8_t> &seki) {
  std::vector<uint8_t> out(live.points(), 0);
  Components chains = chains_of(live);
  const int nc = static_cast<int>(chains.points.size());
  auto libs_of = [&](std::span<const int> stones, int skip) {
    std::vector<int> libs;
    for (int s : stones)
      for_each_neighbour(live.size, s, [&](int t) {
        if (t != skip && live.stones[t] == Stone::empty &&
            std::find(libs.begin(), libs.end(), t) == libs.end())
          libs.push_back(t);
      });
    return libs;
  };
  for (int b = 0; b < nc; ++b) {
    const std::span<const int> inner = chains.points[b];
    if (!seki[inner.front()])
      continue;
    const Stone bc = live.stones[inner.front()];
    std::vector<int> libs = libs_of(inner, -1);
    if (libs.size() != 2)
      continue;
    // The chains around B and its liberties; they must have no liberty but B's.
    std::vector<int> around;
    for (std::span<const int> points : {inner, std::span<const int>(libs)})
      for (int i : points)
        for_each_neighbour(live.size, i, [&](int j) {
          int ch = chains.id[j];
          if (ch >= 0 && live.stones[j] == other(bc) &&
              std::find(around.begin(), around.end(), ch) == around.end())
            around.push_back(ch);
        });
    bool shut = !around.empty();
    for (int a : around)
      for (int t : libs_of(chains.points[a], -1))
        shut &= std::find(libs.begin(), libs.end(), t) != libs.end();
    if (!shut)
      continue;
    for (int k = 0; k < 2; ++k) {
      const int p = libs[k], q = libs[1 - k];
      std::vector<int> thrown(inner.begin(), inner.end());
      thrown.push_back(p);
      for_each_neighbour(live.size, p, [&](int j) {
        int ch = chains.id[j];
        if (ch >= 0 && ch != b && live.stones[j] == bc)
          thrown.insert(thrown.end(), chains.points[ch].begin(), chains.points[ch].end());
      });
      std::vector<int> left = libs_of(thrown, p);
      if (left.size() != 1 || left.front() != q || !killable_eye_space(live, thrown))
        continue;
      bool enclosed = true; // the eye space borders only the chains around and q
      for (int t : thrown)
        for_each_neighbour(live.size, t, [&](int j) {
          if (j == q || std::find(thrown.begin(), thrown.end(), j) != thrown.end())
            return;
          int ch = chains.id[j];
          enclosed &= ch >= 0 && std::find(around.begin(), around.end(), ch) != around.end();
        });
      if (!enclosed)
        continue;
      for (int a : around)
        for (int s : chains.points[a])
          out[s] = 1;
      break;
    }
  }
  return out;
}

// Whether the chains `members` (of one colour) are in a seki that reading proves: the
// enemy groups around them (`group`: groups_of), beside their stones or their liberties, are shut
// in with them (no liberty but theirs, and no dead stone of theirs beside), and none of them, each
// of at most three liberties, can be captured even when the enemy moves first (its moves in the
// shared liberties are self-ataris). A seki needs an enemy group around: chains that no enemy
// group encloses are in none.
bool enclosed_seki(const Position &pos, const Components &chains, const std::vector<int> &group,
                   const std::vector<int> &members, const std::vector<uint8_t> &dead,
                   Reader &reader) {
  const int nc = static_cast<int>(chains.points.size());
  const Stone colour = pos.stones[chains.points[members.front()].front()];
  std::vector<uint8_t> ours(nc, 0), theirs(nc, 0), lib(pos.points(), 0);
  for (int k : members)
    ours[k] = 1;
  bool enclosed = false;
  auto enemy_beside = [&](int i) {
    for_each_neighbour(pos.size, i, [&](int j) {
      if (chains.id[j] >= 0 && pos.stones[j] == other(colour)) {
        theirs[group[chains.id[j]]] = 1;
        enclosed = true;
      }
    });
  };
  for (int k : members)
    for (int i : chains.points[k]) {
      enemy_beside(i);
      for_each_neighbour(pos.size, i, [&](int j) {
        if (pos.stones[j] == Stone::empty && !lib[j]) {
          lib[j] = 1;
          enemy_beside(j);
        }
      });
    }
  if (!enclosed)
    return false;
  for (int e = 0; e < nc; ++e) {
    if (!theirs[group[e]])
      continue;
    for (int i : chains.points[e])
      for_each_neighbour(pos.size, i, [&](int t) {
        const bool open = pos.stones[t] == Stone::empty
                              ? !lib[t]
                              : dead[t] && pos.stones[t] != pos.stones[i] && !ours[chains.id[t]];
        if (open)
          theirs[group[e]] = 2;
      });
  }
  return std::ranges::find(theirs, 2) == theirs.end() && std::ranges::all_of(members, [&](int k) {
           const int p = chains.points[k].front();
           return reader.liberties(p, 3) <= 3 && reader.attack(p) == Read::fails;
         });
}

// The one chain of the other colour beside the chains `members` (of one colour), or -1 when there
// are none or several.
int only_enemy_chain(const Position &pos, const Components &chains,
                     const std::vector<int> &members) {
  int enemy = -1;
  bool several = false;
  for (int k : members)
    for_each_enemy_beside(pos, chains.points[k], [&](int j) {
      several |= enemy >= 0 && chains.id[j] != enemy;
      enemy = chains.id[j];
    });
  return several ? -1 : enemy;
}

// Whether the chain through the stone at `at` borders a neutral region small enough for a seki
// (kSekiRegion points, both colours around it): find_seki puts no other chain in seki. A flood
// from the chain alone, as it runs after each capture of a dead chain in atari.
bool beside_small_neutral_region(const Position &live, int at) {
  std::vector<uint8_t> met(live.points(), 0); // 1 a stone of the chain, 2 a region point
  std::vector<int> chain{at}, region;
  met[at] = 1;
  for (size_t k = 0; k < chain.size(); ++k)
    for_each_neighbour(live.size, chain[k], [&](int j) {
      if (met[j] == 0 && live.stones[j] == live.stones[at]) {
        met[j] = 1;
        chain.push_back(j);
      }
    });
  bool found = false;
  for (int s : chain)
    for_each_neighbour(live.size, s, [&](int e) {
      if (found || met[e] != 0 || live.stones[e] != Stone::empty)
        return;
      region.assign(1, e);
      met[e] = 2;
      for (size_t k = 0; k < region.size() && region.size() <= kSekiRegion; ++k)
        for_each_neighbour(live.size, region[k], [&](int j) {
          if (met[j] != 2 && live.stones[j] == Stone::empty) {
            met[j] = 2;
            region.push_back(j);
          }
        });
      if (region.size() <= kSekiRegion) {
        const auto [black, white] = border_of(live, region);
        found = black && white;
      }
    });
  return found;
}

// Dead chains in atari whose capture leaves the capturing chain in seki (a one-point eye and a
// liberty neither side can fill) leave the chains of that seki in seki already: under territory
// counting their eye is no territory (Japanese Article 8), while the chain in atari still counts
// dead, its capture being free. The playouts take such a stone, and the eye it leaves was counted
// as territory. Returns `seki` (find_seki's stones) with those in seki after each such capture.
std::vector<uint8_t> seki_after_capture(const Position &pos, const Components &chains,
                                        const std::vector<uint8_t> &dead,
                                        std::vector<uint8_t> seki) {
  const rules::Board board = board_of(pos);
  std::vector<rules::Loc> libs;
  // The position after a capture, reused from one capture to the next.
  rules::Board taken = board;
  Position after = pos;
  std::vector<uint8_t> dead_after = dead;
  for (const auto &stones : chains.points) {
    if (!dead[stones.front()])
      continue;
    const Stone c = pos.stones[stones.front()];
    if (board.liberties(board.loc(pos.point(stones.front())), 1, &libs) != 1)
      continue;
    const int lib = pos.index(board.point(libs.front()));
    // The capture at `lib`, by live chains only (a dead capturer makes no seki).
    bool live_capturer = true;
    for_each_neighbour(pos.size, lib,
                       [&](int j) { live_capturer &= pos.stones[j] != other(c) || !dead[j]; });
    if (!live_capturer)
      continue;
    taken.assign(board);
    taken.play(pos.point(lib), opponent(rules::color_of(c)), false);
    // The move changes its own point and takes whole chains beside it, nothing else.
    after.stones = pos.stones;
    after.stones[lib] = taken.at(pos.point(lib));
    for_each_neighbour(pos.size, lib, [&](int j) {
      if (pos.stones[j] != Stone::empty && taken.at(pos.point(j)) == Stone::empty)
        for (int s : chains.points[chains.id[j]])
          after.stones[s] = Stone::empty;
    });
    dead_after = dead;
    for (int s : stones)
      dead_after[s] = 0;
    if (!beside_small_neutral_region(without_dead(after, dead_after), lib))
      continue;
    const std::vector<uint8_t> found = find_seki(after, dead_after);
    if (!found[lib])
      continue;
    for (int i = 0; i < pos.points(); ++i)
      if (found[i] && pos.stones[i] != Stone::empty)
        seki[i] = 1;
  }
  return seki;
}

} // namespace

std::vector<uint8_t> pass_alive(const Position &pos) {
  std::vector<uint8_t> out(pos.points(), 0);
  benson_for(pos, Stone::black, out);
  benson_for(pos, Stone::white, out);
  return out;
}

std::vector<uint8_t> find_seki(const Position &pos, const std::vector<uint8_t> &dead) {
  Position live = without_dead(pos, dead);
  std::vector<uint8_t> seki(live.points(), 0);
  Components chains = chains_of(live);
  Components regions = components(live, [&](int i) { return live.stones[i] == Stone::empty; });
  // The board, built for the first move tried: most positions have no small neutral region.
  std::optional<rules::Board> board;
  auto start = [&]() -> const rules::Board & {
    if (!board)
      board = board_of(live);
    return *board;
  };
  // Whether c can play at p safely: the move captures, or is legal and keeps two liberties.
  auto safe_move = [&](int p, Stone c) {
    const rules::Board::Joined j =
        start().joined(start().loc(live.point(p)), rules::color_of(c), 2);
    return j.captured > 0 || (j.legal && j.liberties >= 2);
  };
  // Calls f(chain) for the chains beside region r, once per stone and side that touches it.
  auto for_each_chain_beside = [&](int r, auto &&f) {
    for (int i : regions.points[r])
      for_each_neighbour(live.size, i, [&](int j) {
        if (chains.id[j] >= 0)
          f(chains.id[j]);
      });
  };
  // Whether c can play at i beside its own stones, safely.
  auto approaches = [&](int i, Stone c) {
    bool touches = false;
    for_each_neighbour(live.size, i, [&](int j) { touches |= live.stones[j] == c; });
    return touches && safe_move(i, c);
  };
  // Two chains, one of each colour, whose liberties are the same two or more points (so neither
  // has an eye) are in seki when a move there joins nothing else: each fill takes a liberty from
  // both, and whoever fills one of the last two is captured. Whether `pts` are such liberties.
  std::optional<PointLists> libs;
  auto shared_by_a_pair = [&](std::span<const int> pts) {
    if (!libs)
      libs = liberties_of(live, chains);
    auto fills_one = [&](int p, int k) {
      const int n = static_cast<int>((*libs)[k].size());
      const rules::Board::Joined j = start().joined(
          start().loc(live.point(p)), rules::color_of(live.stones[chains.points[k].front()]), n);
      return j.legal && j.captured == 0 && j.liberties == n - 1;
    };
    bool found = false;
    for_each_neighbour(live.size, pts.front(), [&](int b) {
      for_each_neighbour(live.size, pts.front(), [&](int w) {
        if (found || live.stones[b] != Stone::black || live.stones[w] != Stone::white)
          return;
        const auto shared = (*libs)[chains.id[b]];
        found = std::ranges::equal(shared, (*libs)[chains.id[w]]) &&
                std::ranges::all_of(pts, [&](int p) { return std::ranges::count(shared, p); }) &&
                std::ranges::all_of(shared, [&](int p) {
                  return fills_one(p, chains.id[b]) && fills_one(p, chains.id[w]);
                });
      });
    });
    return found;
  };
  // The small neutral regions in which neither colour can play, or that a pair above shares:
  // the seki candidates, with the mark their chains get.
  std::vector<int> sealed;
  std::vector<uint8_t> mark(regions.points.size(), 0);
  for (int r = 0; r < static_cast<int>(regions.points.size()); ++r) {
    const std::span<const int> pts = regions.points[r];
    if (pts.size() > kSekiRegion || border_of(live, pts) != std::pair{true, true})
      continue;
    if (std::ranges::none_of(
            pts, [&](int i) { return approaches(i, Stone::black) || approaches(i, Stone::white); }))
      mark[r] = 1;
    else if (shared_by_a_pair(pts))
      mark[r] = 2;
    if (mark[r])
      sealed.push_back(r);
  }
  // A chain around a sealed region is not in seki when it has two liberties and the opponent
  // can safely take one of them elsewhere (an approach move): it is then captured, and the
  // regions it bordered are no longer sealed. Repeats until no such chain is left.
  const int nc = static_cast<int>(chains.points.size());
  std::vector<uint8_t> broken(nc, 0);
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<uint8_t> candidate(nc, 0);
    for (int r : sealed)
      for_each_chain_beside(r, [&](int ch) { candidate[ch] = 1; });
    for (int ch = 0; ch < nc; ++ch) {
      if (!candidate[ch] || broken[ch])
        continue;
      const int first = chains.points[ch].front();
      const rules::Board &b = start();
      std::vector<rules::Loc> libs;
      if (b.liberties(b.loc(live.point(first)), 2, &libs) != 2)
        continue;
      for (rules::Loc l : libs) {
        if (safe_move(live.index(b.point(l)), other(live.stones[first]))) {
          broken[ch] = 1;
          changed = true;
          break;
        }
      }
    }
    std::erase_if(sealed, [&](int r) {
      bool beside_broken = false;
      for_each_chain_beside(r, [&](int ch) { beside_broken |= broken[ch] != 0; });
      return beside_broken;
    });
  }
  // A sealed region next to a group that lives on its own is dame neither side can fill, not a
  // seki: a seki is between groups that live only because of it, and the eyes of a group in
  // seki are not territory under Japanese rules. Chains are judged as chains above, so a short
  // chain of a living group (joined to it through a liberty) would make whole territories seki
  // eyes.
  if (sealed.empty())
    return seki;
  const EyeRegions eyes = eye_regions(live, chains, regions, pos);
  for (int r : sealed) {
    bool beside_living = false;
    for_each_chain_beside(r, [&](int ch) { beside_living |= eyes.alone(ch); });
    if (!beside_living)
      for_each_chain_beside(r, [&](int ch) {
        for (int s : chains.points[ch])
          seki[s] |= mark[r];
      });
  }
  return seki;
}

bool settled_by_eyes(const Position &pos, const std::vector<uint8_t> &dead) {
  const Components chains = chains_of(pos);
  const Components regions = components(pos, [&](int i) { return pos.stones[i] == Stone::empty; });
  const EyeRegions eyes = eye_regions(pos, chains, regions, pos);
  const PointLists libs = liberties_of(pos, chains);
  for (int ch = 0; ch < static_cast<int>(chains.points.size()); ++ch) {
    const int p = chains.points[ch].front();
    if (!dead[p])
      continue;
    if (eyes.eyes(ch) > 0 && !one_false_eye(pos, eyes, regions, ch, pos.stones[p]))
      return false;
    // The race is between groups: either side answers an atari on one of its chains by joining
    // the chains that share its liberties, unless the chain is in atari already.
    bool outlived = true;
    for_each_enemy_beside(pos, chains.points[ch], [&](int j) {
      const int around = chains.id[j];
      const bool joins = libs[around].size() > 1 &&
                         eyes.liberties[eyes.group[around]] > eyes.liberties[eyes.group[ch]];
      outlived &=
          !dead[j] && (eyes.alone(around) || joins || libs[around].size() > libs[ch].size());
    });
    if (!outlived)
      return false;
  }
  const Position live = without_dead(pos, dead);
  const Components live_chains = chains_of(live);
  const Components spaces = components(live, [&](int i) { return live.stones[i] == Stone::empty; });
  const EyeRegions live_eyes = eye_regions(live, live_chains, spaces, pos);
  // Once per group: the chain that is its own label (groups_of).
  for (int g = 0; g < static_cast<int>(live_chains.points.size()); ++g)
    if (live_eyes.group[g] == g && !live_eyes.alone(g))
      return false;
  return true;
}

std::vector<uint8_t> dead_from_markup(const Position &pos, const std::vector<Point> &tb,
                                      const std::vector<Point> &tw) {
  std::vector<Point> marked;
  for (auto [points, colour] : {std::pair{&tb, Stone::white}, std::pair{&tw, Stone::black}})
    for (Point p : *points)
      if (pos.size.contains(p) && pos.at(p) == colour)
        marked.push_back(p);
  return dead_from_points(pos, marked);
}

std::vector<uint8_t> dead_from_points(const Position &pos, const std::vector<Point> &points) {
  std::vector<uint8_t> dead(pos.points(), 0);
  Components chains = chains_of(pos);
  for (Point p : points)
    if (const int ch = pos.size.contains(p) ? chains.id[pos.index(p)] : -1; ch >= 0)
      for (int s : chains.points[ch])
        dead[s] = 1;
  return dead;
}

namespace {
// A neutral region this large is an open border, not dame.
constexpr int kOpenBorder = 8;
// This many stones whose fate the playouts leave open make the game unfinished.
constexpr int kUnsettledStones = 40;
// Enemy groups whose ownership is above this are ones the playouts keep (kCoinFlip: reader.h).
constexpr double kSureEnemy = 0.5;
// At most this many groups are taken as dead to close open borders in a game that ended by passes.
constexpr int kOpenBorderRounds = 8;

// The evidence on one position, gathered once: chains and groups, Benson's test, the playout
// ownership averaged per group, and the reader (built on the first question: most games ask
// none). The rules below read it; only `dead` changes as they decide.
struct Evidence {
  const Position &pos;
  Components chains;
  std::vector<int> group; // per chain: groups_of()
  std::vector<uint8_t> benson;
  Ownership own;
  std::vector<double> group_sum;
  std::vector<int> group_stones;
  bool ended_by_passes = false;
  mutable std::optional<Reader> reader; // a cache of answers: reading changes no evidence
  // The last find_seki asked and its answer: the late rules and the verdicts ask it of the same
  // dead stones unless a rule between them changed one.
  mutable std::vector<uint8_t> seki_dead, seki_found;

  Evidence(const Position &p, Color to_move, const EstimatorOptions &opt, bool passes)
      : pos(p), chains(chains_of(p)), group(groups_of(p, chains)), benson(pass_alive(p)),
        ended_by_passes(passes) {
    // Fast path: a board whose every stone Benson's test settles needs no playouts (no rule
    // below reads the ownership of a pass-alive chain or of one inside a pass-alive region).
    bool settled = chains.points.size() > 0;
    for (std::span<const int> c : chains.points)
      settled = settled && benson[c.front()];
    if (settled)
      own.own.assign(p.points(), 0);
    else
      own = estimate_ownership(p, to_move, opt, [&](const std::vector<uint8_t> &dead) {
        return settled_by_eyes(p, dead);
      });
    const int nc = chains_count();
    group_sum.assign(nc, 0);
    group_stones.assign(nc, 0);
    // A group lives or dies as a whole: chains of one colour that share a liberty take the
    // ownership averaged over all their stones that are not pass-alive.
    for (int ch = 0; ch < nc; ++ch) {
      if (pass_alive_chain(ch))
        continue;
      for (int i : chains.points[ch])
        group_sum[group[ch]] += own.own[i];
      group_stones[group[ch]] += static_cast<int>(chains.points[ch].size());
    }
  }
  int chains_count() const { return static_cast<int>(chains.points.size()); }
  bool pass_alive_chain(int ch) const { return benson[chains.points[ch].front()] != 0; }
  // A group's mean ownership (+1 Black's) over its stones that are not pass-alive.
  double mean(int g) const { return group_stones[g] ? group_sum[g] / group_stones[g] : 0.0; }
  // The mean ownership of chain ch's group in its owner's favour.
  double owned(int ch) const {
    return pos.stones[chains.points[ch].front()] == Stone::black ? mean(group[ch])
                                                                 : -mean(group[ch]);
  }
  Reader &read() const {
    if (!reader)
      reader.emplace(pos);
    return *reader;
  }
  // find_seki(pos, dead), remembered for the next question.
  const std::vector<uint8_t> &seki(const std::vector<uint8_t> &dead) const {
    if (seki_found.empty() || seki_dead != dead) {
      seki_found = find_seki(pos, dead);
      seki_dead = dead;
    }
    return seki_found;
  }
  // The chains of group g that are not pass-alive.
  std::vector<int> members_of(int g) const {
    std::vector<int> members;
    for (int k = 0; k < chains_count(); ++k)
      if (group[k] == g && !pass_alive_chain(k))
        members.push_back(k);
    return members;
  }
  // Calls f(group, its members) once for each group with stones that are not pass-alive.
  template <class F> void for_each_group(F &&f) const {
    std::vector<uint8_t> seen(chains_count(), 0);
    for (int ch = 0; ch < chains_count(); ++ch) {
      const int g = group[ch];
      if (seen[g] || pass_alive_chain(ch) || group_stones[g] == 0)
        continue;
      seen[g] = 1;
      f(g, members_of(g));
    }
  }
  // The mean ownership, in its owner's favour, of the weakest enemy group beside the chains
  // `members` (pass-alive chains count as sure); 2 when there is none.
  double weakest_enemy(const std::vector<int> &members) const {
    double enemy = 2;
    for (int k : members)
      for_each_enemy_beside(pos, chains.points[k], [&](int j) {
        enemy = std::min(enemy, benson[j] == 1 ? 1.0 : owned(chains.id[j]));
      });
    return enemy;
  }
  // Whether reading proves every chain of `members` dead even when its owner moves first.
  bool dead_by_reading(const std::vector<int> &members) const {
    return std::all_of(members.begin(), members.end(), [&](int k) {
      const int p = chains.points[k].front();
      return read().liberties(p, 3) <= 3 && read().fate(p) == Fate::dead;
    });
  }
  void set(std::vector<uint8_t> &dead, const std::vector<int> &members, uint8_t verdict) const {
    for (int k : members)
      for (int i : chains.points[k])
        dead[i] = verdict;
  }
};

using Dead = std::vector<uint8_t>;

// The rules, in the order they decide. Each reads the evidence and the verdicts so far.

// Benson's test: a pass-alive chain lives whatever the opponent plays, and a chain inside a
// region that pass-alive chains enclose, every empty point of it their liberty, has no room for
// two eyes: it is dead. Everything else goes to the side that owns it in most playouts.
Dead playout_majority(const Evidence &ev, Dead dead) {
  for (int ch = 0; ch < ev.chains_count(); ++ch) {
    const int p = ev.chains.points[ch].front();
    if (ev.benson[p] == 2 || (!ev.benson[p] && ev.owned(ch) < 0))
      ev.set(dead, {ch}, 1);
  }
  return dead;
}

// A coin-flip group (|mean ownership| under kCoinFlip) whose chains reading proves dead even when
// their owner moves first, beside a single enemy chain the playouts keep but not surely, is in
// seki with that chain: were the capture free, the chain would gain the group's eye space and the
// playouts would keep it; it lives only as long as the group stands.
bool seki_in_one_chain(const Evidence &ev, const std::vector<int> &members) {
  const int e = only_enemy_chain(ev.pos, ev.chains, members);
  if (e < 0 || ev.pass_alive_chain(e))
    return false;
  const double enemy = ev.owned(e);
  return enemy > 0 && enemy < kUnsure && ev.dead_by_reading(members);
}
// Any other coin-flip group surrounded by enemy groups the playouts keep is dead unless it is in
// seki when taken alive: both players passed, so it is no race still to be played, and the random
// playouts only fail to finish it off (they do not put chains of three or more into atari). Next
// to an unsettled enemy group it is left to the playouts (a race or seki between weak groups).
Dead coin_flip(const Evidence &ev, Dead dead) {
  ev.for_each_group([&](int g, const std::vector<int> &members) {
    if (std::fabs(ev.mean(g)) >= kCoinFlip)
      return;
    if (seki_in_one_chain(ev, members)) {
      ev.set(dead, members, 0);
      return;
    }
    const double enemy = ev.weakest_enemy(members);
    if (enemy <= kSureEnemy || enemy > 1)
      return;
    Dead alive = dead;
    ev.set(alive, members, 0);
    const std::vector<uint8_t> seki = find_seki(ev.pos, alive);
    if (std::ranges::none_of(members, [&](int k) { return seki[ev.chains.points[k].front()]; }))
      ev.set(dead, members, 1);
  });
  return dead;
}

// A group taken alive, though not surely, whose chains reading proves dead even when their owner
// moves first, among enemy groups the playouts keep surely (kUnsure or more, or pass-alive), is
// dead: no seki with an unsure neighbour keeps it, and the playouts fail to finish it off.
Dead dead_among_safe(const Evidence &ev, Dead dead) {
  ev.for_each_group([&](int g, const std::vector<int> &members) {
    if (dead[ev.chains.points[members.front()].front()] || std::fabs(ev.mean(g)) >= kSureEnemy)
      return;
    const double enemy = ev.weakest_enemy(members);
    if (enemy >= kUnsure && enemy <= 1 && ev.dead_by_reading(members))
      ev.set(dead, members, 1);
  });
  return dead;
}

// A group taken dead, though not surely, shut in with the enemy groups around it (none has a
// liberty but the group's), that reading proves cannot be captured even when the enemy moves
// first, is in seki: the random playouts make the enemy's self-ataris in the shared liberties.
Dead enclosed_seki_rule(const Evidence &ev, Dead dead) {
  ev.for_each_group([&](int g, const std::vector<int> &members) {
    if (!dead[ev.chains.points[members.front()].front()] || std::fabs(ev.mean(g)) >= kSureEnemy)
      return;
    if (enclosed_seki(ev.pos, ev.chains, ev.group, members, dead, ev.read()))
      ev.set(dead, members, 0);
  });
  return dead;
}

// Capturing races the playouts misread, or groups whose life turns on an enemy chain inside them,
// where reading is decisive: `settle` is reader.h's settle_by_reading or settle_groups_by_reading.
template <auto settle> Dead by_reading(const Evidence &ev, Dead dead) {
  std::vector<double> group_mean(ev.pos.points(), 0); // per point, its chain's group's mean
  for (int ch = 0; ch < ev.chains_count(); ++ch)
    for (int i : ev.chains.points[ch])
      group_mean[i] = ev.mean(ev.group[ch]);
  settle(ev.pos, ev.chains, ev.group, group_mean, ev.benson, dead);
  return dead;
}

// Chains around a seki that dies to a throw-in are dead (the playouts never throw in three
// stones or more, so they keep such shapes alive).
Dead throw_in_false_seki(const Evidence &ev, Dead dead) {
  const std::vector<uint8_t> &seki = ev.seki(dead);
  if (std::find(seki.begin(), seki.end(), 1) == seki.end())
    return dead; // no seki to be false
  const Dead fake = dead_in_false_seki(without_dead(ev.pos, dead), seki);
  std::transform(dead.begin(), dead.end(), fake.begin(), dead.begin(), std::bit_or<uint8_t>());
  return dead;
}

// Both players passed, so no large region between the colours is left open: when one is, the
// weakest group beside it (mean ownership in its favour under kSureEnemy: the playouts keep it
// only now and then) is dead, and the region the other colour's. Repeated while such a region
// and group remain. Only for games that ended by passes: records that stop early keep their open
// borders. A region of more than half the board is no border left open at the end but a game
// the players never played out (two passes after a few moves): it stays open.
Dead open_border_after_pass(const Evidence &ev, Dead dead) {
  const size_t half_board = static_cast<size_t>(ev.pos.points()) / 2;
  for (int round = 0; ev.ended_by_passes && round < kOpenBorderRounds; ++round) {
    Position lv = without_dead(ev.pos, dead);
    Components regions = components(lv, [&](int i) { return lv.stones[i] == Stone::empty; });
    int weakest = -1;
    double weakest_own = kSureEnemy;
    for (const std::span<const int> pts : regions.points) {
      if (static_cast<int>(pts.size()) < kOpenBorder || pts.size() > half_board ||
          border_of(lv, pts) != std::pair{true, true})
        continue;
      for (int i : pts)
        for_each_neighbour(ev.pos.size, i, [&](int j) {
          if (lv.stones[j] == Stone::empty || ev.benson[j])
            return;
          const int ch = ev.chains.id[j];
          if (ev.owned(ch) < weakest_own) {
            weakest_own = ev.owned(ch);
            weakest = ev.group[ch];
          }
        });
    }
    if (weakest < 0)
      break;
    ev.set(dead, ev.members_of(weakest), 1);
  }
  return dead;
}

// Chains in seki of up to three liberties that reading proves dead even when their owner moves
// first are dead: the seki is false (a throw-in leaves a dead shape, such as a bent four).
Dead false_seki_by_reading(const Evidence &ev, Dead dead) {
  const std::vector<uint8_t> seki = ev.seki(dead);
  for (int ch = 0; ch < ev.chains_count(); ++ch) {
    const int p = ev.chains.points[ch].front();
    if (seki[p] && !dead[p] && ev.dead_by_reading({ch}))
      ev.set(dead, {ch}, 1);
  }
  return dead;
}

// The rules in the order they decide, each a function of the evidence and the verdicts so far
// that returns the new verdicts, and the rule credited with the chains it turns dead (`killed`)
// or alive (`saved`).
struct NamedRule {
  Rule killed, saved;
  Dead (*run)(const Evidence &, Dead);
};
constexpr NamedRule kRules[] = {
    {Rule::coin_flip_surrounded, Rule::seki_with_one_chain, coin_flip},
    {Rule::dead_among_safe, Rule::dead_among_safe, dead_among_safe},
    {Rule::enclosed_seki, Rule::enclosed_seki, enclosed_seki_rule},
    {Rule::race_by_reading, Rule::race_by_reading, by_reading<settle_by_reading>},
    {Rule::group_by_reading, Rule::group_by_reading, by_reading<settle_groups_by_reading>},
    {Rule::throw_in_false_seki, Rule::throw_in_false_seki, throw_in_false_seki},
    {Rule::open_border_after_pass, Rule::open_border_after_pass, open_border_after_pass},
    {Rule::false_seki_by_reading, Rule::false_seki_by_reading, false_seki_by_reading},
};

// The reason a person reads for a group's status under `rule`.
std::string reason_for(Rule rule, Status status, double agree, int shared_liberties) {
  if (status == Status::seki)
    return fmt::format("seki: {} shared {}", shared_liberties,
                       shared_liberties == 1 ? "liberty" : "liberties");
  const bool dead = status == Status::dead;
  const int percent = static_cast<int>(std::lround(100 * agree));
  switch (rule) {
  case Rule::given:
    return dead ? "dead: given" : "alive: not among the dead stones given";
  case Rule::pass_alive:
    return "alive: pass-alive, two vital regions (Benson)";
  case Rule::inside_pass_alive:
    return "dead: no eyes, inside a region a pass-alive group encloses";
  case Rule::playout_majority:
    return fmt::format("{}: {} in {}% of the playouts", dead ? "dead" : "alive",
                       dead ? "captured" : "kept", percent);
  case Rule::seki_with_one_chain:
    return "alive: reading kills it, but its capture would free the one enemy chain around it";
  case Rule::coin_flip_surrounded:
    return "dead: a coin flip for the playouts, among enemy groups they keep, and no seki";
  case Rule::dead_among_safe:
    return "dead: reading captures it even when it moves first, among safe enemy groups";
  case Rule::enclosed_seki:
    return "alive: shut in with the enemy around it, which reading cannot capture it";
  case Rule::race_by_reading:
    return dead ? "dead: reading loses its capturing race" : "alive: reading wins its race";
  case Rule::group_by_reading:
    return dead ? "dead: reading cannot save it against the chain inside"
                : "alive: reading cannot kill it";
  case Rule::throw_in_false_seki:
    return "dead: a false seki, a throw-in leaves one eye";
  case Rule::open_border_after_pass:
    return "dead: the weakest group beside a region both players left open";
  case Rule::false_seki_by_reading:
    return "dead: a false seki, reading captures it even when it moves first";
  case Rule::aftermath:
    return "unknown: the dead stones around it cannot all be captured by legal moves";
  }
  return "";
}

// Whether a rule is a proof rather than a reading of the playouts.
bool proves(Rule rule) {
  return rule == Rule::given || rule == Rule::pass_alive || rule == Rule::inside_pass_alive ||
         rule == Rule::race_by_reading || rule == Rule::group_by_reading ||
         rule == Rule::false_seki_by_reading || rule == Rule::dead_among_safe;
}

// The groups of the position, each split by verdict, with status, rule, reason and probability.
// `ownership`: empty when there was no estimate.
std::vector<GroupLife> group_lives(const Position &pos, const Components &chains, const Verdicts &v,
                                   const std::vector<Rule> &by,
                                   const std::vector<float> &ownership) {
  std::vector<int> group = groups_of(pos, chains);
  const int nc = static_cast<int>(chains.points.size());
  auto status_of = [&](int ch) {
    const int p = chains.points[ch].front();
    return v.dead[p] ? Status::dead : v.seki[p] ? Status::seki : Status::alive;
  };
  std::vector<GroupLife> out;
  std::map<std::tuple<int, Status, Rule>, size_t> entry; // (group, status, rule): its entry of out
  for (int ch = 0; ch < nc; ++ch) {
    const auto [at, fresh] = entry.try_emplace({group[ch], status_of(ch), by[ch]}, out.size());
    if (fresh)
      out.push_back({{}, pos.stones[chains.points[ch].front()], status_of(ch), by[ch], 1, ""});
    auto &stones = out[at->second].stones;
    stones.insert(stones.end(), chains.points[ch].begin(), chains.points[ch].end());
  }
  for (auto &g : out) {
    double sum = 0;
    for (int i : g.stones)
      sum += ownership.empty() ? 0 : ownership[i];
    const double owner = (g.colour == Stone::black ? sum : -sum) / g.stones.size();
    const double agree = (1 + (g.status == Status::dead ? -owner : owner)) / 2;
    if (!ownership.empty() && !proves(g.rule))
      g.probability = std::max(0.5, agree);
    int shared = 0; // empty points beside the group and beside stones of the other colour
    std::vector<uint8_t> seen(pos.points(), 0);
    for (int i : g.stones)
      for_each_neighbour(pos.size, i, [&](int j) {
        if (pos.stones[j] != Stone::empty || seen[j])
          return;
        seen[j] = 1;
        bool enemy = false;
        for_each_neighbour(pos.size, j, [&](int t) { enemy |= pos.stones[t] == other(g.colour); });
        shared += enemy;
      });
    g.reason = reason_for(g.rule, g.status, agree, shared);
  }
  return out;
}

} // namespace

// Legal moves: no suicide (Japanese Article 7, Chinese Article 4).
bool capture_dead(const Position &pos, std::vector<GroupLife> &groups) {
  rules::Board board = board_of(pos);
  std::vector<int> owner(pos.points(), -1); // per dead stone, its entry of `groups`
  for (int k = 0; k < static_cast<int>(groups.size()); ++k)
    if (groups[k].status == Status::dead)
      for (int i : groups[k].stones)
        owner[i] = k;
  // The dead stones and the live ones, each in point order, listed once for the scans below.
  std::vector<int> dead_points, live_points;
  for (int i = 0; i < pos.points(); ++i)
    if (pos.stones[i] != Stone::empty)
      (owner[i] >= 0 ? dead_points : live_points).push_back(i);
  std::vector<uint8_t> failed(groups.size(), 0);
  std::vector<uint8_t> taken(pos.points(), 0); // live stones already found captured
  // One legal move that fills a liberty of a dead chain still on the board, or -1.
  auto next_fill = [&](Color &mover) {
    for (int i : dead_points) {
      if (board.at(pos.point(i)) != pos.stones[i])
        continue;
      const Color c = opponent(rules::color_of(pos.stones[i]));
      int fill = -1;
      for_each_neighbour(pos.size, i, [&](int j) {
        const Point at = pos.point(j);
        if (fill < 0 && board.at(at) == Stone::empty &&
            !board.preview(board.loc(at), c, false).suicide)
          fill = j;
      });
      if (fill >= 0) {
        mover = c;
        return fill;
      }
    }
    return -1;
  };
  // The fills of one side can capture the other's (dead stones of both colours in one area), so
  // the captures could go round: a fill per point of the board is more than any capture needs.
  Color mover = Color::black;
  for (int fill, moves = 0; moves < pos.points() && (fill = next_fill(mover)) >= 0; ++moves) {
    if (board.play(pos.point(fill), mover, false).captured == 0)
      continue;
    // A live stone of the position taken with the dead ones: its capture was no free one.
    for (int j : live_points)
      if (!taken[j] && board.at_loc(board.loc(pos.point(j))) == Stone::empty) {
        taken[j] = 1;
        for_each_neighbour(pos.size, fill, [&](int t) {
          if (owner[t] >= 0 && pos.stones[t] == pos.stones[j])
            failed[owner[t]] = 1;
        });
      }
  }
  for (int i = 0; i < pos.points(); ++i)
    if (owner[i] >= 0 && board.at(pos.point(i)) == pos.stones[i])
      failed[owner[i]] = 1;
  for (size_t k = 0; k < groups.size(); ++k)
    if (failed[k]) {
      auto &g = groups[k];
      g.status = Status::unknown;
      g.rule = Rule::aftermath;
      g.probability = 0.5;
      g.reason = reason_for(Rule::aftermath, Status::unknown, 0.5, 0);
    }
  return std::ranges::none_of(failed, [](uint8_t f) { return f != 0; });
}

const char *to_string(Status s) {
  static constexpr const char *names[] = {"alive", "dead", "seki", "unknown"};
  static_assert(std::size(names) == static_cast<size_t>(Status::unknown) + 1);
  return names[static_cast<size_t>(s)];
}

Life judge_given(const Position &pos, std::vector<uint8_t> dead, DeadSource source) {
  Life life;
  life.source = source;
  dead.resize(pos.points(), 0);
  Components chains = chains_of(pos);
  life.verdicts.seki = seki_after_capture(pos, chains, dead, find_seki(pos, dead));
  life.open_border = largest_neutral_region(without_dead(pos, dead));
  life.unfinished = life.open_border >= kOpenBorder;
  life.verdicts.dead = std::move(dead);
  life.groups = group_lives(pos, chains, life.verdicts,
                            std::vector<Rule>(chains.points.size(), Rule::given), {});
  return life;
}

Life judge_estimate(const Position &pos, Color to_move, const EstimatorOptions &opt,
                    bool ended_by_passes) {
  Life life;
  life.source = DeadSource::estimator;
  Evidence ev(pos, to_move, opt, ended_by_passes);
  const int nc = ev.chains_count();
  std::vector<Rule> by(nc, Rule::playout_majority);
  for (int ch = 0; ch < nc; ++ch) {
    const int p = ev.chains.points[ch].front();
    if (ev.benson[p])
      by[ch] = ev.benson[p] == 1 ? Rule::pass_alive : Rule::inside_pass_alive;
  }
  Dead dead = playout_majority(ev, Dead(pos.points(), 0));
  for (const NamedRule &rule : kRules) {
    const Dead before = std::exchange(dead, rule.run(ev, dead));
    for (int ch = 0; ch < nc; ++ch) {
      const int p = ev.chains.points[ch].front();
      if (dead[p] != before[p])
        by[ch] = dead[p] ? rule.killed : rule.saved;
    }
  }
  life.verdicts.seki = seki_after_capture(pos, ev.chains, dead, ev.seki(dead));

  // Confidence: the least certain chain's playout margin, and how many stones are unsettled.
  double min_certainty = 1;
  for (int ch = 0; ch < nc; ++ch) {
    if (ev.pass_alive_chain(ch))
      continue;
    const double certainty = std::fabs(ev.owned(ch));
    min_certainty = std::min(min_certainty, certainty);
    if (certainty < 0.5)
      life.unsettled += static_cast<int>(ev.chains.points[ch].size());
  }
  life.ownership = ev.own.own;
  life.playouts = ev.own.playouts;
  life.open_border = largest_neutral_region(without_dead(pos, dead));
  life.verdicts.dead = std::move(dead);
  life.groups = group_lives(pos, ev.chains, life.verdicts, by, life.ownership);
  life.captured_by_legal_moves = capture_dead(pos, life.groups);
  double area_factor = 1.0 - std::min(1.0, life.unsettled / 10.0);
  life.confidence = std::clamp(std::min(min_certainty, area_factor), 0.0, 1.0);
  life.unfinished = life.open_border >= kOpenBorder || life.unsettled >= kUnsettledStones;
  return life;
}

} // namespace sgf::life
