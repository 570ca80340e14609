#include "lib/rules/board.h"

#include <algorithm>
#include <array>

namespace sgf::rules {

namespace {

constexpr int max_side = 52;
constexpr int max_cells = (max_side + 2) * (max_side + 1) + 1;

// Deterministic Zobrist keys (splitmix64 from a fixed seed), built once and never changed.
const uint64_t *zobrist_table() {
  static const std::array<uint64_t, max_cells * 2> table = [] {
    std::array<uint64_t, max_cells * 2> t{};
    uint64_t x = 0x5367662d7275656cULL;
    for (uint64_t &v : t) {
      x += 0x9e3779b97f4a7c15ULL;
      uint64_t z = x;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      v = z ^ (z >> 31);
    }
    return t;
  }();
  return table.data();
}

constexpr bool is_stone(Stone s) {
  return static_cast<uint8_t>(static_cast<uint8_t>(s) - 1) < 2;
}
constexpr Stone other(Stone s) {
  return s == Stone::black ? Stone::white : Stone::black;
}

} // namespace

Board::Board(BoardSize size)
    : width_(std::clamp(size.width, 1, max_side)), height_(std::clamp(size.height, 1, max_side)),
      stride_(width_ + 1), zobrist_(zobrist_table()) {
  const size_t cells = static_cast<size_t>((height_ + 2) * stride_ + 1);
  cells_.assign(cells, Stone::edge);
  next_in_chain_.assign(cells, 0);
  chain_head_.assign(cells, 0);
  chain_liberties_.assign(cells, 0);
  chain_size_.assign(cells, 0);
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x)
      cells_[loc({x, y})] = Stone::empty;
}

BoardSize Board::size() const {
  return {width_, height_};
}
int Board::width() const {
  return width_;
}
int Board::height() const {
  return height_;
}
Point Board::point(Loc l) const {
  return {l % stride_ - 1, l / stride_ - 1};
}
bool Board::on_board(Point p) const {
  return size().contains(p);
}
Stone Board::at(Point p) const {
  return on_board(p) ? cells_[loc(p)] : Stone::edge;
}
int Board::captured_stones(Color c) const {
  return captured_[static_cast<int>(c)];
}
void Board::set_captured_stones(Color c, int n) {
  captured_[static_cast<int>(c)] = n;
}

uint64_t Board::side_hash(Color to_move) {
  return to_move == Color::black ? 0 : 0x9d3a5c1e7b2f4a61ULL;
}

bool Board::same_stones(const Board &other) const {
  return width_ == other.width_ && height_ == other.height_ && cells_ == other.cells_;
}

std::vector<Stone> Board::stones() const {
  std::vector<Stone> out;
  out.reserve(static_cast<size_t>(width_ * height_));
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x)
      out.push_back(cells_[loc({x, y})]);
  return out;
}

void Board::append_cells(std::vector<Stone> &out) const {
  out.insert(out.end(), cells_.begin(), cells_.end());
}

void Board::clear() {
  // A board without stones (a fresh one, as every replay starts with) has nothing to wipe.
  if (stone_count_ != 0)
    for (Stone &s : cells_)
      if (s != Stone::edge)
        s = Stone::empty;
  hash_ = 0;
  stone_count_ = 0;
  captured_[0] = captured_[1] = 0;
}

// The hot functions work on local copies of the array pointers and the stride: a store to an
// int (a liberty count) could otherwise alias the members, forcing a reload after every store.
void Board::place(Loc l, Stone s) {
  Stone *const cells = cells_.data();
  Loc *const head = chain_head_.data();
  Loc *const next = next_in_chain_.data();
  int *const libs_of = chain_liberties_.data();
  int *const size_of = chain_size_.data();
  const int stride = stride_;
  cells[l] = s;
  hash_ ^= z(l, s);
  ++stone_count_;
  const Loc nb[4] = {l - stride, l - 1, l + 1, l + stride};
  // Without branches: the neighbours' kinds are unpredictable. chain_head_ of an empty or edge
  // point is stale but always a valid index, and it is then changed by zero.
  int libs = 0;
  Loc same[4];
  int n_same = 0;
#pragma GCC unroll 4
  for (Loc n : nb) {
    const Stone t = cells[n];
    const Loc h = head[n];
    libs += t == Stone::empty;
    libs_of[h] -= is_stone(t);
    same[n_same] = h;
    n_same += t == s;
  }
  if (n_same == 0) {
    head[l] = l;
    next[l] = l;
    size_of[l] = 1;
    libs_of[l] = libs;
    return;
  }
  // The stone joins the first friendly chain; any other friendly chain is merged into the larger.
  Loc a = same[0];
  head[l] = a;
  next[l] = next[a];
  next[a] = l;
  size_of[a] += 1;
  libs_of[a] += libs;
  for (int i = 1; i < n_same; ++i) {
    Loc b = head[same[i]];
    if (a == b)
      continue;
    if (size_of[a] < size_of[b])
      std::swap(a, b);
    Loc t = b;
    do {
      head[t] = a;
      t = next[t];
    } while (t != b);
    std::swap(next[a], next[b]);
    size_of[a] += size_of[b];
    libs_of[a] += libs_of[b];
  }
}

void Board::remove_chain(Loc first) {
  Stone *const cells = cells_.data();
  const Loc *const head = chain_head_.data();
  const Loc *const next = next_in_chain_.data();
  int *const libs_of = chain_liberties_.data();
  const int stride = stride_;
  const Stone s = cells[first];
  uint64_t hash = hash_;
  int removed = 0;
  Loc t = first;
  do {
    cells[t] = Stone::empty;
    hash ^= z(t, s);
    ++removed;
    t = next[t];
  } while (t != first);
  hash_ = hash;
  stone_count_ -= removed;
  do {
    const Loc nb[4] = {t - stride, t - 1, t + 1, t + stride};
    for (Loc n : nb)
      if (is_stone(cells[n]))
        ++libs_of[head[n]];
    t = next[t];
  } while (t != first);
}

void Board::lift(Loc l) {
  const Stone s = cells_[l];
  const Loc head = chain_head_[l];
  scratch_.clear();
  for (Loc t = next_in_chain_[l]; t != l; t = next_in_chain_[t])
    scratch_.push_back(t);
  cells_[l] = Stone::empty;
  hash_ ^= z(l, s);
  --stone_count_;
  const Loc nb[4] = {l - stride_, l - 1, l + 1, l + stride_};
  for (Loc n : nb)
    if (is_stone(cells_[n]) && chain_head_[n] != head)
      ++chain_liberties_[chain_head_[n]];
  // The rest of the chain may have split: rebuild its pieces by flood fill.
  for (Loc t : scratch_)
    chain_head_[t] = -1;
  std::vector<Loc> stack;
  for (Loc start : scratch_) {
    if (chain_head_[start] != -1)
      continue;
    chain_head_[start] = start;
    next_in_chain_[start] = start;
    chain_size_[start] = 0;
    chain_liberties_[start] = 0;
    stack.assign(1, start);
    while (!stack.empty()) {
      const Loc t = stack.back();
      stack.pop_back();
      ++chain_size_[start];
      if (t != start) {
        next_in_chain_[t] = next_in_chain_[start];
        next_in_chain_[start] = t;
      }
      const Loc tn[4] = {t - stride_, t - 1, t + 1, t + stride_};
      for (Loc n : tn) {
        if (cells_[n] == Stone::empty)
          ++chain_liberties_[start];
        else if (cells_[n] == s && chain_head_[n] == -1) {
          chain_head_[n] = start;
          stack.push_back(n);
        }
      }
    }
  }
}

void Board::set(Point p, Stone s) {
  if (!on_board(p) || s == Stone::edge)
    return;
  const Loc l = loc(p);
  if (cells_[l] == s)
    return;
  if (cells_[l] != Stone::empty)
    lift(l);
  if (s != Stone::empty)
    place(l, s);
}

Board::Play Board::play(Point p, Color c, bool allow_suicide) {
  return play_loc(loc(p), c, allow_suicide);
}

// What the neighbours of a point say about a move there, before it is made.
struct Board::Neighbourhood {
  Loc captures[4];
  int n_captures = 0;
  Loc own[4];
  int n_own = 0;
  bool suicide = false;
};

Board::Neighbourhood Board::scan(Loc l, Stone me) const {
  Neighbourhood nh;
  const Loc nb[4] = {l - stride_, l - 1, l + 1, l + stride_};
  const Stone opp = other(me);
  bool has_empty = false, escape = false;
  Loc seen[4];
  int n_seen = 0;
  for (Loc n : nb) {
    const Stone s = cells_[n];
    if (s == Stone::empty) {
      has_empty = true;
      continue;
    }
    if (!is_stone(s))
      continue;
    const Loc h = chain_head_[n];
    bool dup = false;
    for (int i = 0; i < n_seen; ++i)
      dup |= seen[i] == h;
    if (dup)
      continue;
    seen[n_seen++] = h;
    int k = 0; // stones of this chain next to l: its pairs with l as the empty neighbour
    for (Loc m : nb)
      k += is_stone(cells_[m]) && chain_head_[m] == h;
    if (s == opp) {
      if (chain_liberties_[h] <= k)
        nh.captures[nh.n_captures++] = h;
    } else {
      nh.own[nh.n_own++] = h;
      escape |= chain_liberties_[h] > k;
    }
  }
  nh.suicide = !has_empty && !escape && nh.n_captures == 0;
  return nh;
}

Board::Play Board::play_loc(Loc l, Color c, bool allow_suicide) {
  const Stone me = stone_of(c);
  Play result;
  // Most moves touch an empty point, so they cannot be suicide: place the stone, then take off
  // the opponent chains it left without liberties. The rest go through scan().
  const Stone *const cells = cells_.data();
  const int stride = stride_;
  if ((cells[l - 1] == Stone::empty) | (cells[l + 1] == Stone::empty) |
      (cells[l - stride] == Stone::empty) | (cells[l + stride] == Stone::empty)) {
    place(l, me);
    const Stone opp = other(me);
    const Loc *const head = chain_head_.data();
    const int *const libs_of = chain_liberties_.data();
    Loc single = -1;
    const Loc nb[4] = {l - stride, l - 1, l + 1, l + stride};
#pragma GCC unroll 4
    for (Loc n : nb) {
      const Loc h = head[n];
      if (!((cells[n] == opp) & (libs_of[h] <= 0)))
        continue;
      result.captured += chain_size_[h];
      single = h;
      remove_chain(h);
    }
    if (result.captured > 0) {
      captured_[static_cast<int>(opponent(c))] += result.captured;
      const Loc h = chain_head_[l];
      if (result.captured == 1 && chain_size_[h] == 1 && chain_liberties_[h] == 1)
        result.ko_point = single;
    }
    return result;
  }
  const Neighbourhood nh = scan(l, me);
  if (nh.suicide && !allow_suicide) {
    result.suicide = true;
    return result;
  }
  place(l, me);
  Loc single = -1;
  for (int i = 0; i < nh.n_captures; ++i) {
    const Loc h = nh.captures[i];
    result.captured += chain_size_[h];
    single = h;
    remove_chain(h);
  }
  const Loc h = chain_head_[l];
  if (nh.suicide) {
    result.suicide = true;
    result.self_captured = chain_size_[h];
    captured_[static_cast<int>(c)] += chain_size_[h];
    remove_chain(h);
    return result;
  }
  captured_[static_cast<int>(opponent(c))] += result.captured;
  if (result.captured == 1 && chain_size_[h] == 1 && chain_liberties_[h] == 1)
    result.ko_point = single;
  return result;
}

Board::Preview Board::preview(Loc l, Color c, bool allow_suicide) const {
  const Stone me = stone_of(c);
  const Neighbourhood nh = scan(l, me);
  Preview result;
  result.hash = hash_ ^ z(l, me);
  for (int i = 0; i < nh.n_captures; ++i) {
    const Loc h = nh.captures[i];
    const Stone s = cells_[h];
    Loc t = h;
    do {
      result.hash ^= z(t, s);
      ++result.captured;
      t = next_in_chain_[t];
    } while (t != h);
  }
  if (nh.suicide) {
    result.suicide = true;
    result.self_stones = 1;
    for (int i = 0; i < nh.n_own; ++i)
      result.self_stones += chain_size_[nh.own[i]];
    if (allow_suicide) {
      result.hash = hash_;
      for (int i = 0; i < nh.n_own; ++i) {
        Loc t = nh.own[i];
        do {
          result.hash ^= z(t, me);
          t = next_in_chain_[t];
        } while (t != nh.own[i]);
      }
    } else {
      result.hash = hash_;
    }
  }
  return result;
}

int Board::liberties(Point p) const {
  if (!on_board(p) || !is_stone(at(p)))
    return 0;
  const Loc h = chain_head_[loc(p)];
  std::vector<Loc> libs;
  Loc t = h;
  do {
    const Loc nb[4] = {t - stride_, t - 1, t + 1, t + stride_};
    for (Loc n : nb)
      if (cells_[n] == Stone::empty)
        libs.push_back(n);
    t = next_in_chain_[t];
  } while (t != h);
  std::sort(libs.begin(), libs.end());
  return static_cast<int>(std::unique(libs.begin(), libs.end()) - libs.begin());
}

std::vector<Point> Board::chain(Point p) const {
  std::vector<Point> out;
  if (!on_board(p) || !is_stone(at(p)))
    return out;
  const Loc h = chain_head_[loc(p)];
  Loc t = h;
  do {
    out.push_back(point(t));
    t = next_in_chain_[t];
  } while (t != h);
  return out;
}

} // namespace sgf::rules
