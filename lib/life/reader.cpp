// The tactical reader: attack and defend of one chain, and group questions, on rules::Board, one
// board per ply.
#include "lib/life/reader.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace sgf::life {

namespace {
// A chain with more than three liberties at the end of a game has escaped for practical purposes;
// the budgets bound the cost of a question.
constexpr int kBudget = 1000;      // nodes per chain question
constexpr int kMaxLibs = 3;        // a chain with more liberties has escaped, for this reader
constexpr int kGroupBudget = 3000; // nodes per group question (kill_group, save_group)
// Plies read at most: a ladder across a 19x19 board takes about forty. Bounds the recursion.
constexpr int kMaxDepth = 64;
// Beyond this depth a chain with kMaxLibs liberties has escaped (only fewer are read): escaping at
// three liberties from the second ply on, as fast readers do, loses the long races of an endgame.
constexpr int kShallow = 6;
// The owner of a group reads races against enemy chains beside it with at most this many
// liberties (and at most one more than its target chain's): a longer race is outside what the
// budget reads.
constexpr int kGroupEnemyLibs = 5;
// The attacker's self-ataris read in a group question: stones thrown in, up to this many.
constexpr size_t kThrowIn = 3;
// The largest region (empty points and enemy stones) Benson's test in a group question takes as
// an eye: larger ones seldom have all their empty points on the chains around them. Regions, not
// only one-point eyes, let a question end without reading every eye out.
constexpr size_t kEyeRegion = 10;

} // namespace

Reader::Reader(const Position &pos) : width_(pos.size.width), stride_(pos.size.width + 1) {
  // Reserved whole, so that growing it never moves a board a caller reads.
  boards_.reserve(kMaxDepth + 2);
  cells_ = static_cast<int>(boards_.emplace_back(board_of(pos)).cell_count());
  ko_.assign(kMaxDepth + 2, -1);
  lists_.resize(kMaxDepth + 2);
}

rules::Board &Reader::next_board(int depth) {
  while (static_cast<int>(boards_.size()) <= depth + 1)
    boards_.emplace_back(boards_.front().size());
  rules::Board &next = boards_[static_cast<size_t>(depth) + 1];
  next.assign(boards_[static_cast<size_t>(depth)]);
  ko_[depth + 1] = -1;
  return next;
}

void Reader::play(int depth, int at, Stone c) {
  ko_[depth + 1] = next_board(depth).play_loc(at, rules::color_of(c), false).ko_point;
}

rules::Board::Joined Reader::joined(int depth, int at, Stone c, int cap) const {
  if (at == ko_[depth])
    return {.legal = false};
  return board(depth).joined(at, rules::color_of(c), cap);
}

namespace {
// Calls f(n) for the four neighbours n of the cell `at` of a board of row stride `stride`: right,
// left, below, above. Written out: GCC at -O2 keeps a loop over a list of four, and the reader
// runs these at every node.
template <class F> void each_adjacent(int at, int stride, F &&f) {
  f(at + 1);
  f(at - 1);
  f(at + stride);
  f(at - stride);
}

// Adds p to the moves when it is empty and not there yet.
void add_move(const rules::Board &b, std::vector<int> &moves, int p) {
  if (b.at_loc(p) == Stone::empty && std::find(moves.begin(), moves.end(), p) == moves.end())
    moves.push_back(p);
}

// Calls f(t) for each neighbour t of a stone of `chain` that holds a stone of `colour`, once per
// stone and side (a chain beside several stones is met several times).
template <class F>
void for_each_neighbour_of_colour(const rules::Board &b, int chain, int stride, Stone colour,
                                  F &&f) {
  b.for_each_stone(chain, [&](int s) {
    each_adjacent(s, stride, [&](int t) {
      if (b.at_loc(t) == colour)
        f(t);
    });
  });
}
} // namespace

void Reader::attack_moves(int depth, std::vector<int> &out) {
  const rules::Board &b = board(depth);
  std::vector<int> libs;
  const int n = b.liberties(target_, 64, &libs);
  out = libs;
  if (n == 2)
    for (int l : libs)
      each_adjacent(l, stride_, [&](int p) { add_move(b, out, p); });
  // The attacker's own chains in atari beside the target: extend or capture out of it.
  for_each_neighbour_of_colour(b, target_, stride_, other(colour_), [&](int t) {
    std::vector<int> own;
    if (b.liberties(t, 64, &own) == 1)
      add_move(b, out, own.front());
  });
}

void Reader::defend_moves(int depth, std::vector<int> &out) {
  const rules::Board &b = board(depth);
  b.liberties(target_, 64, &out);
  // Enemy chains beside the target with few liberties: capture them or shorten them (a race).
  for_each_neighbour_of_colour(b, target_, stride_, other(colour_), [&](int t) {
    std::vector<int> theirs;
    if (b.liberties(t, 64, &theirs) <= 3)
      for (int p : theirs)
        add_move(b, out, p);
  });
}

Read Reader::first_refuting(int depth, const std::vector<std::pair<int, int>> &order, Stone colour,
                            Read (Reader::*reply)(int)) {
  bool open = false;
  for (const auto &[key, m] : order) {
    play(depth, m, colour);
    const Read r = (this->*reply)(depth + 1);
    if (r == Read::fails && reply == &Reader::save_at)
      ++refuted_[m];
    if (r == Read::fails)
      return Read::succeeds;
    open |= r == Read::unknown;
  }
  return open ? Read::unknown : Read::fails;
}

Read Reader::attack_at(int depth) {
  if (++nodes_ > kBudget)
    return Read::unknown;
  const rules::Board &b = board(depth);
  if (b.at_loc(target_) != colour_)
    return Read::succeeds;
  const int n = b.liberties(target_, kMaxLibs, &libs_);
  if (n > (depth < kShallow ? kMaxLibs : kMaxLibs - 1))
    return Read::fails;
  if (depth >= kMaxDepth)
    return Read::unknown;
  const Stone me = other(colour_);
  if (n == 1 && joined(depth, libs_.front(), me, 0).legal)
    return Read::succeeds;
  std::vector<int> &moves = lists_[depth].moves;
  attack_moves(depth, moves);
  // Moves that leave the target the fewest liberties first.
  std::vector<std::pair<int, int>> &order = lists_[depth].order;
  order.clear();
  for (int m : moves) {
    const rules::Board::Joined j = joined(depth, m, me, 2);
    const int on_target = std::find(libs_.begin(), libs_.end(), m) != libs_.end();
    if (j.legal && on_target && n == 1)
      return Read::succeeds;
    if (j.legal && (j.liberties > 1 || on_target)) // not a self-atari away from the target
      order.push_back({(n - on_target) * 4 - j.liberties, m});
  }
  std::sort(order.begin(), order.end());
  return first_refuting(depth, order, me, &Reader::defend_at);
}

Read Reader::defend_at(int depth) {
  if (++nodes_ > kBudget)
    return Read::unknown;
  const rules::Board &b = board(depth);
  if (b.at_loc(target_) != colour_)
    return Read::fails;
  const int n = b.liberties(target_, kMaxLibs + 1);
  if (n > kMaxLibs)
    return Read::succeeds;
  if (depth >= kMaxDepth)
    return Read::unknown;
  std::vector<int> &moves = lists_[depth].moves;
  defend_moves(depth, moves);
  // With one liberty a pass loses the chain; with more it may already be safe (eyes, seki).
  return owner_moves(depth, moves, 8, n >= 2, &Reader::attack_at);
}

Read Reader::owner_moves(int depth, const std::vector<int> &moves, int cap, bool pass,
                         Read (Reader::*reply)(int)) {
  std::vector<std::pair<int, int>> &order = lists_[depth].order;
  order.clear();
  std::vector<int> &libs = lists_[depth].libs;
  const int now = std::min(board(depth).liberties(target_, cap, &libs), cap + 1);
  for (int m : moves) {
    // A move on a liberty joins the target; one elsewhere adds liberties only by capturing.
    const bool beside = std::find(libs.begin(), libs.end(), m) != libs.end();
    const rules::Board::Joined j = joined(depth, m, colour_, beside ? cap : 0);
    const bool freeing = !beside && j.legal && j.captured;
    if (freeing)
      play(depth, m, colour_);
    const int theirs = beside    ? j.liberties
                       : freeing ? board(depth + 1).liberties(target_, cap)
                                 : now;
    if (j.legal && theirs > 1)
      order.push_back({-theirs, m});
  }
  std::sort(order.begin(), order.end());
  const Read moved = first_refuting(depth, order, colour_, reply);
  if (moved == Read::succeeds || !pass)
    return moved;
  next_board(depth);
  const Read passed = (this->*reply)(depth + 1);
  return passed == Read::fails                               ? Read::succeeds
         : moved == Read::unknown || passed == Read::unknown ? Read::unknown
                                                             : Read::fails;
}

Read Reader::read(int point, Read (Reader::*search)(int)) {
  target_ = loc(point);
  colour_ = board(0).at_loc(target_);
  if (colour_ == Stone::empty)
    return Read::fails;
  if (search == &Reader::kill_at || search == &Reader::save_at) {
    find_group(target_);
    table_.clear();
    eyes_.clear();
    refuted_.assign(cells_, 0);
  }
  nodes_ = 0;
  ko_[0] = -1;
  const Read r = (this->*search)(0);
  total_nodes_ += nodes_;
  return r;
}

Fate Reader::fate(int point) {
  if (defend(point) == Read::fails)
    return Fate::dead;
  return attack(point) == Read::fails ? Fate::uncapturable : Fate::unknown;
}

// The group through `target` on the starting position: its chains (of one colour, sharing
// liberties, and so on).
void Reader::find_group(int target) {
  const rules::Board &b = board(0);
  const Stone c = b.at_loc(target);
  std::vector<uint8_t> in_group(cells_, 0);
  std::vector<int> todo{target}, libs;
  group_.clear();
  while (!todo.empty()) {
    const int s = todo.back();
    todo.pop_back();
    if (in_group[s])
      continue;
    b.liberties(s, cells_, &libs);
    b.for_each_stone(s, [&](int t) { in_group[t] = 1, group_.push_back(t); });
    for (int l : libs)
      each_adjacent(l, stride_, [&](int t) {
        if (b.at_loc(t) == c && !in_group[t])
          todo.push_back(t);
      });
  }
  if (seen_.empty())
    seen_.assign(cells_, 0);
}

// The moves of a group question on board b: the liberties of the group's chains (those through
// its starting stones, grown or not), and the liberties of the enemy chains beside them that are
// short of liberties: for the attacker those with up to two (to save them, also by capturing an
// owner's chain in atari beside them), for the owner those with up to kGroupEnemyLibs and at most
// one more than the target (to capture them: stones in its eye space, or a race), unless they are
// safe (then only in atari). The empty points inside the eye space are moves too.
void Reader::group_moves(const rules::Board &b, bool attacker, std::vector<int> &out) {
  if (++seen_stamp_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0);
    seen_stamp_ = 1;
  }
  out.clear();
  std::vector<int> &libs = eye_libs_, &stones = todo_, &shorts = cells_found_;
  stones.clear();
  shorts.clear();
  auto add = [&](int l) {
    if (seen_[l] != seen_stamp_) {
      seen_[l] = seen_stamp_;
      out.push_back(l);
    }
  };
  for (int i : group_) {
    if (b.at_loc(i) != colour_ || seen_[i] == seen_stamp_)
      continue;
    b.liberties(i, cells_, &libs);
    b.for_each_stone(i, [&](int t) { seen_[t] = seen_stamp_, stones.push_back(t); });
    for (int l : libs)
      add(l);
  }
  // Empty points beside the liberties with no enemy stone beside them: the inside of an eye
  // space (the vital point of a pyramid four is no liberty).
  for (size_t k = 0, n = out.size(); k < n; ++k)
    each_adjacent(out[k], stride_, [&](int p) {
      if (b.at_loc(p) != Stone::empty || seen_[p] == seen_stamp_)
        return;
      bool inside = true;
      each_adjacent(p, stride_, [&](int q) { inside &= b.at_loc(q) != other(colour_); });
      if (inside)
        add(p);
    });
  // (Counting the target's liberties past kGroupEnemyLibs - 1 changes nothing.)
  const int short_of =
      attacker ? 2 : std::min(kGroupEnemyLibs, b.liberties(target_, kGroupEnemyLibs - 1) + 1);
  // `shorts`: the attacker's short chains beside the group
  for (int s : stones)
    each_adjacent(s, stride_, [&](int t) {
      if (b.at_loc(t) != other(colour_) || seen_[t] == seen_stamp_)
        return;
      // Most chains there have more liberties than that: counted only that far, listed only when
      // their moves are wanted.
      const int n = b.liberties(t, short_of);
      bool safe = false;
      b.for_each_stone(t,
                       [&](int e) { seen_[e] = seen_stamp_, safe |= !safe_.empty() && safe_[e]; });
      if (n <= short_of && (attacker || !safe || n == 1)) {
        b.liberties(t, short_of, &libs);
        for (int l : libs)
          add(l);
        if (attacker)
          b.for_each_stone(t, [&](int e) { shorts.push_back(e); });
      }
    });
  // The attacker saves a short chain by capturing an owner's chain in atari beside it, too (a
  // stone of the owner outside the group); each such chain asked once.
  std::vector<int> &asked = heads_;
  asked.clear();
  for (int s : shorts)
    each_adjacent(s, stride_, [&](int t) {
      if (b.at_loc(t) != colour_ || std::find(asked.begin(), asked.end(), b.head(t)) != asked.end())
        return;
      asked.push_back(b.head(t));
      if (b.liberties(t, 1) == 1) {
        b.liberties(t, 1, &libs);
        add(libs.front());
      }
    });
}

// An empty point all of whose neighbours are stones of the group's colour (or the edge).
bool Reader::true_eye(const rules::Board &b, int at) {
  if (b.at_loc(at) != Stone::empty)
    return false;
#pragma GCC unroll 4
  for (int dk : {1, -1, stride_, -stride_})
    if (b.at_loc(at + dk) != colour_ && b.at_loc(at + dk) != Stone::edge)
      return false;
  return true;
}

// Whether the target is pass-alive by Benson's test on the small regions around it: regions
// (connected empty points and enemy stones) of at most kEyeRegion points, met from the liberties
// of the target and of the chains of its colour around such regions. A region is vital to a
// chain that has all its empty points as liberties (the enemy can fill none of them but the last,
// and that one only by capturing); chains with fewer than two vital regions are taken away with
// the regions beside them, until each chain left has two. Two one-point eyes are the least case.
bool Reader::two_eyes(const rules::Board &b) {
  if (b.liberties(target_, 1) < 2)
    return false;
  if (++seen_stamp_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0);
    seen_stamp_ = 1;
  }
  if (index_.empty())
    index_.assign(cells_, 0);
  int chains = 0;  // met, the target's first (index_ of their stones)
  int regions = 0; // the small ones, in regions_
  std::vector<int> &todo = todo_, &libs = eye_libs_, &cells = cells_found_;
  todo.assign(1, target_);
  while (!todo.empty()) {
    const int s = todo.back();
    todo.pop_back();
    if (seen_[s] == seen_stamp_)
      continue;
    b.liberties(s, cells_, &libs);
    b.for_each_stone(s, [&](int t) { seen_[t] = seen_stamp_, index_[t] = chains; });
    ++chains;
    for (int l : libs) {
      if (seen_[l] == seen_stamp_)
        continue;
      // The region through l, flooded until it proves too big to be one.
      const int id = regions;
      bool big = false;
      cells.assign(1, l);
      seen_[l] = seen_stamp_, index_[l] = id;
      for (size_t k = 0; k < cells.size() && !big; ++k)
        each_adjacent(cells[k], stride_, [&](int n) {
          if (b.at_loc(n) == Stone::edge || b.at_loc(n) == colour_)
            return;
          if (seen_[n] != seen_stamp_) {
            seen_[n] = seen_stamp_, index_[n] = id;
            cells.push_back(n);
            big |= cells.size() > kEyeRegion;
          } else if (index_[n] != id) {
            big = true; // it joins a region left unflooded as too big
          }
        });
      if (big) {
        for (int c : cells)
          index_[c] = -1;
        continue;
      }
      for (int c : cells)
        each_adjacent(c, stride_, [&](int t) {
          if (b.at_loc(t) == colour_ && seen_[t] != seen_stamp_)
            todo.push_back(t);
        });
      if (regions == static_cast<int>(regions_.size()))
        regions_.emplace_back();
      regions_[regions++].assign(cells.begin(), cells.end());
    }
  }
  // Per region, the chains around it and whether it is vital to each.
  around_.resize(regions_.size()); // regions_ only grows
  vital_.assign(chains, 0);
  for (int r = 0; r < regions; ++r) {
    std::vector<int> &near = near_;
    near.clear();
    for (int c : regions_[r])
      each_adjacent(c, stride_, [&](int t) {
        if (b.at_loc(t) == colour_)
          near.push_back(index_[t]);
      });
    std::sort(near.begin(), near.end());
    near.erase(std::unique(near.begin(), near.end()), near.end());
    around_[r].clear();
    for (int ch : near) {
      bool all = true;
      for (int c : regions_[r]) {
        if (b.at_loc(c) != Stone::empty)
          continue;
        bool beside = false;
        each_adjacent(c, stride_,
                      [&](int t) { beside |= b.at_loc(t) == colour_ && index_[t] == ch; });
        all &= beside;
      }
      around_[r].push_back({ch, all});
      vital_[ch] += all;
    }
  }
  gone_.assign(chains, 0);
  lost_.assign(regions, 0);
  for (bool changed = true; changed;) {
    changed = false;
    for (int ch = 0; ch < chains; ++ch)
      if (!gone_[ch] && vital_[ch] < 2)
        gone_[ch] = 1, changed = true;
    for (int r = 0; r < regions; ++r) {
      if (lost_[r] || std::none_of(around_[r].begin(), around_[r].end(),
                                   [&](const auto &a) { return gone_[a.first] != 0; }))
        continue;
      lost_[r] = 1;
      for (auto [ch, v] : around_[r])
        vital_[ch] -= v;
    }
  }
  return !gone_[0];
}

// The answer at a node of a group question that needs no move, with `attacker` to move: the
// target captured or pass-alive, the budget or the depth spent, or the position settled before
// (its hash goes to h); nothing otherwise.
std::optional<Read> Reader::settled(int depth, bool attacker, uint64_t &h) {
  const Read attacker_wins = attacker ? Read::succeeds : Read::fails;
  if (++nodes_ > kGroupBudget)
    return Read::unknown;
  const rules::Board &b = board(depth);
  if (b.at_loc(target_) != colour_)
    return attacker_wins;
  // The position's hash with the side to move and the ko point mixed in (odd multipliers keep the
  // three apart).
  h = b.hash() ^ (attacker ? 0x9e3779b97f4a7c15ULL : 0) ^
      (static_cast<uint64_t>(ko_[depth] + 1) * 0xbf58476d1ce4e5b9ULL);
  // A position settled before is one whose target two_eyes found not pass-alive (the test reads
  // the stones alone): the table answers before the test is run again.
  if (depth < kMaxDepth)
    if (auto it = table_.find(h); it != table_.end())
      return it->second;
  // The test reads the stones alone, and positions come back with the other side to move or
  // another ko point: its answer is kept by the stones' hash.
  auto [eyes, fresh] = eyes_.try_emplace(b.hash(), false);
  if (fresh)
    eyes->second = two_eyes(b);
  if (eyes->second)
    return attacker ? Read::fails : Read::succeeds;
  if (depth >= kMaxDepth)
    return Read::unknown;
  return std::nullopt;
}

// The attacker to move: succeeds when the target is captured.
Read Reader::kill_at(int depth) {
  uint64_t h = 0;
  if (const std::optional<Read> r = settled(depth, true, h))
    return *r;
  const rules::Board &b = board(depth);
  const Stone me = other(colour_);
  std::vector<int> &libs = lists_[depth].libs, &moves = lists_[depth].moves;
  const int n = b.liberties(target_, cells_, &libs);
  std::vector<std::pair<int, int>> &order = lists_[depth].order;
  order.clear();
  group_moves(b, true, moves);
  for (size_t k = 0; k < moves.size(); ++k) {
    const int m = moves[k];
    const rules::Board::Joined j = joined(depth, m, me, 2);
    const int on_target = std::find(libs.begin(), libs.end(), m) != libs.end();
    if (j.legal && on_target && n == 1)
      return table_[h] = Read::succeeds;
    // A liberty of the target the attacker cannot fill yet (a suicide or a self-atari) is
    // approached from its empty neighbours.
    if (on_target && (!j.legal || j.liberties == 1))
      each_adjacent(m, stride_, [&](int p) { add_move(b, moves, p); });
    if (!j.legal || (j.liberties == 1 && static_cast<size_t>(j.size) > kThrowIn && !on_target))
      continue; // a self-atari away from the target, of more than a throw-in
    // The attacker's captures free no point beside the target: its liberties lose m at most.
    order.push_back({std::min(n - on_target, 17) * 4 - j.liberties, m});
  }
  // The moves that refuted the owner elsewhere in this question first (the history heuristic:
  // the same vital point or liberty often kills in many lines), then those that leave the target
  // the fewest liberties.
  for (auto &[key, m] : order)
    key -= 1024 * refuted_[m];
  std::sort(order.begin(), order.end());
  const Read r = first_refuting(depth, order, me, &Reader::save_at);
  if (r != Read::unknown)
    table_[h] = r;
  return r;
}

// The owner to move: succeeds when the target lives (two eyes, or no attack left).
Read Reader::save_at(int depth) {
  uint64_t h = 0;
  if (const std::optional<Read> r = settled(depth, false, h))
    return *r;
  const rules::Board &b = board(depth);
  std::vector<int> &moves = lists_[depth].moves;
  group_moves(b, false, moves);
  std::erase_if(moves, [&](int m) { return true_eye(b, m); });
  const Read r = owner_moves(depth, moves, 16, true, &Reader::kill_at);
  if (r != Read::unknown)
    table_[h] = r;
  return r;
}

void Reader::set_safe(const std::vector<uint8_t> &safe) {
  safe_.assign(cells_, 0);
  for (int i = 0; i < static_cast<int>(safe.size()); ++i)
    safe_[loc(i)] = safe[i];
}

int settle_by_reading(const Position &pos, const Components &chains_of_pos,
                      const std::vector<int> &group, const std::vector<double> &group_mean,
                      const std::vector<uint8_t> &benson, std::vector<uint8_t> &dead) {
  const int n = pos.points();
  std::optional<Reader> reader; // built on the first question: most games ask none
  const std::vector<int> &chain_of = chains_of_pos.id;
  const PointLists &chains = chains_of_pos.points;
  const int nc = static_cast<int>(chains.size());
  // Each chain read at most once: its fate, once read.
  std::vector<std::optional<Fate>> fate(nc);
  auto read_chain = [&](int ch) {
    if (!fate[ch]) {
      const int p = chains[ch].front();
      if (!reader)
        reader.emplace(pos);
      fate[ch] = reader->liberties(p, kMaxLibs) <= kMaxLibs ? reader->fate(p) : Fate::unknown;
    }
    return *fate[ch];
  };
  auto unsure_chain = [&](int ch) {
    const int p = chains[ch].front();
    return benson[p] == 0 && std::abs(group_mean[p]) < kUnsure;
  };
  // Pairs (A judged alive, B judged dead, side by side, both unsure): a race the playouts swapped
  // when A dies even moving first and B cannot be captured even when A's side moves first.
  // - B has kMinRevived stones or more: a lone stone or two beside a dying chain is more often
  //   a throw-in than a race.
  // - A touches no other chain judged dead: a race with a third chain in it is beyond this
  //   reader, unless the chains are of one group the playouts leave a coin flip (split_race
  //   below).
  // - A touches two enemy chains or more, or B has an eye away from A: a chain that touches B
  //   alone sits in B's eye space or against it, and B's capturing it makes at most one eye; B
  //   lives only if it has another.
  // A chain is not read alone, without a pair: the chains around it are not read, and a group
  // lives by more than its liberties (three stones with two liberties inside the eye of an
  // unsure enemy group are often a seki the players left standing).
  constexpr size_t kMinRevived = 3;
  // Whether chain b's group (b and the chains of its colour sharing a liberty with it, and so on)
  // borders a region of empty points and dead enemy stones that only its colour borders and that
  // does not touch chain a: an eye other than the one that capturing a would make.
  auto has_other_eye = [&](int b, int a) {
    const Stone colour = pos.stones[chains[b].front()];
    auto open = [&](int i) {
      return pos.stones[i] == Stone::empty || (dead[i] && pos.stones[i] != colour);
    };
    const Components regions = components(pos, open);
    for (const auto &region : regions.points) {
      bool only_ours = true, ours = false;
      for (int i : region)
        for_each_neighbour(pos.size, i, [&](int j) {
          if (open(j))
            return;
          if (pos.stones[j] != colour || chain_of[j] == a)
            only_ours = false;
          else if (group[chain_of[j]] == group[b])
            ours = true;
        });
      if (only_ours && ours)
        return true;
    }
    return false;
  };
  // A beside several chains taken dead: a race only when they are chains of one group (sharing
  // liberties) that the playouts leave a coin flip, and when A touches two enemy groups or more
  // or that group has an eye away from A; the dead chains beside A then all live. A group the
  // playouts settle either way keeps their verdict: only a coin flip is theirs to get wrong.
  auto split_race = [&](int a, int b, const std::vector<int> &dead_beside,
                        const std::vector<int> &enemies) {
    const int g = group[b];
    return std::abs(group_mean[chains[b].front()]) < kCoinFlip &&
           std::ranges::all_of(dead_beside, [&](int d) { return group[d] == g; }) &&
           (std::ranges::any_of(enemies, [&](int e) { return group[e] != g; }) ||
            has_other_eye(b, a));
  };
  std::vector<uint8_t> kill(nc, 0), revive(nc, 0);
  for (int a = 0; a < nc; ++a) {
    if (dead[chains[a].front()] || !unsure_chain(a))
      continue;
    std::vector<int> beside, dead_beside, enemies;
    auto add_new = [](std::vector<int> &to, int b) {
      if (std::find(to.begin(), to.end(), b) == to.end())
        to.push_back(b);
    };
    for_each_enemy_beside(pos, chains[a], [&](int j) {
      const int b = chain_of[j];
      add_new(enemies, b);
      if (dead[j])
        add_new(dead_beside, b);
      if (dead[j] && b != a && chains[b].size() >= kMinRevived && unsure_chain(b))
        add_new(beside, b);
    });
    if (beside.empty())
      continue;
    const bool split = dead_beside.size() > 1;
    if (split ? !split_race(a, beside.front(), dead_beside, enemies)
              : enemies.size() < 2 && !(beside.size() == 1 && has_other_eye(beside.front(), a)))
      continue;
    if (read_chain(a) != Fate::dead)
      continue;
    for (int b : beside)
      if (read_chain(b) == Fate::uncapturable) {
        kill[a] = 1;
        revive[b] = 1;
        if (split)
          for (int d : dead_beside)
            revive[d] = 1;
      }
  }
  // A dies with its group: the chains of its colour judged alive that share a liberty with it,
  // and so on (the playouts' group verdict held them alive together). B's group is not revived
  // the same way: B's life was read, its group's was not.
  // A chain of the group that reading proves uncapturable even when the opponent moves first
  // stands: the liberty it shares with A is not its last (a stone in atari does not take along a
  // large chain that survives its capture by capturing in turn).
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = 0; i < n; ++i) {
      if (pos.stones[i] != Stone::empty)
        continue;
      for_each_neighbour(pos.size, i, [&](int j) {
        for_each_neighbour(pos.size, i, [&](int k) {
          const int a = chain_of[j], b = chain_of[k];
          if (a >= 0 && b >= 0 && kill[a] && !kill[b] && pos.stones[j] == pos.stones[k] &&
              !dead[k] && !benson[k] && read_chain(b) != Fate::uncapturable) {
            kill[b] = 1;
            grew = true;
          }
        });
      });
    }
  }
  int changed = 0;
  for (int ch = 0; ch < nc; ++ch)
    if (kill[ch] || revive[ch]) {
      for (int i : chains[ch])
        dead[i] = kill[ch];
      ++changed;
    }
  return changed;
}

int settle_groups_by_reading(const Position &pos, const Components &chains,
                             const std::vector<int> &group, const std::vector<double> &group_mean,
                             const std::vector<uint8_t> &benson, std::vector<uint8_t> &dead) {
  constexpr double unsure = 0.5, sure = 0.9;
  const int nc = static_cast<int>(chains.points.size());
  std::optional<Reader> reader; // built on the first candidate: most games have none
  std::vector<uint8_t> asked(nc, 0);
  int changed = 0;
  // Group g dies and chain c inside it lives, or the reverse.
  auto settle = [&](int g, int c, bool group_dies) {
    for (int k = 0; k < nc; ++k)
      if (group[k] == g)
        for (int i : chains.points[k])
          dead[i] = group_dies;
    for (int i : chains.points[c])
      dead[i] = !group_dies;
    ++changed;
  };
  for (int c = 0; c < nc; ++c) {
    const int p = chains.points[c].front();
    // The one group around chain c.
    int g = -1;
    bool one = true;
    for_each_enemy_beside(pos, chains.points[c], [&](int j) {
      one &= g < 0 || g == group[chains.id[j]];
      g = group[chains.id[j]];
    });
    if (g < 0 || !one || asked[g])
      continue;
    // The group's largest chain, the group unsure and nowhere pass-alive.
    int target = -1;
    bool skip = false;
    for (int k = 0; k < nc; ++k)
      if (group[k] == g) {
        const int q = chains.points[k].front();
        skip |= benson[q] != 0 || std::abs(group_mean[q]) >= unsure;
        if (target < 0 || chains.points[k].size() > chains.points[target].size())
          target = k;
      }
    if (skip)
      continue;
    if (!reader) { // stones the playouts keep surely, or pass-alive ones, are safe
      reader.emplace(pos);
      std::vector<uint8_t> safe(pos.points(), 0);
      for (int i = 0; i < pos.points(); ++i)
        safe[i] =
            pos.stones[i] != Stone::empty &&
            (benson[i] == 1 || group_mean[i] * (pos.stones[i] == Stone::black ? 1 : -1) >= sure);
      reader->set_safe(safe);
    }
    if (reader->liberties(p, kMaxLibs) > kMaxLibs || reader->fate(p) != Fate::dead)
      continue;
    asked[g] = 1;
    const int t = chains.points[target].front();
    if (reader->liberties(t, 1) <= 1)
      continue; // in atari: a ko, or a capture still to be answered
    // Group reading of the group; to revive it, of the chain inside too, which must die even
    // moving first (the chain reader took its fate from the liberties of the chains around it,
    // not from their group's life).
    const bool alive = !dead[t];
    // A group the enemy kills moving first whose owner, moving first, reading cannot save in
    // its budget is dead too: the players left it to die.
    const Read saved = alive ? reader->save_group(t) : Read::fails;
    if (alive && saved != Read::fails &&
        !(saved == Read::unknown && reader->kill_group(t) == Read::succeeds)) {
      // The target lives, moving first: a group the playouts left alive but for some of its
      // chains lives whole when reading proves that neither the target nor any of those chains
      // can be captured, even when the enemy moves first, and that the chain inside dies (four
      // stones of a corner group taken dead, its other chains alive, around two enemy stones).
      bool mixed = false, safe = true;
      for (int k = 0; k < nc && safe; ++k)
        if (group[k] == g && dead[chains.points[k].front()]) {
          mixed = true;
          safe = reader->kill_group(chains.points[k].front()) == Read::fails;
        }
      if (mixed && safe && reader->kill_group(t) == Read::fails &&
          reader->save_group(p) == Read::fails)
        settle(g, c, false);
      continue;
    }
    if (alive || (reader->kill_group(t) == Read::fails && reader->save_group(p) == Read::fails))
      settle(g, c, alive);
  }
  return changed;
}

} // namespace sgf::life
