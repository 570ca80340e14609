#include "lib/rules/board.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

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
  // Plain memsets: a board is built for every game replayed, and a loop over enum or struct
  // elements is not turned into one. Every point not holding a stone has head 0 (see link()).
  nodes_.resize(cells);
  std::memset(static_cast<void *>(nodes_.data()), 0, cells * sizeof(Node));
  for (int y = 0; y < height_; ++y)
    std::memset(cells_.data() + loc({0, y}), static_cast<int>(Stone::empty),
                static_cast<size_t>(width_));
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
  if (stone_count_ != 0) {
    for (Stone &s : cells_)
      if (s != Stone::edge)
        s = Stone::empty;
    std::memset(static_cast<void *>(nodes_.data()), 0, nodes_.size() * sizeof(Node));
  }
  hash_ = 0;
  stone_count_ = 0;
  captured_[0] = captured_[1] = 0;
}

// The hot functions work on local copies of the array pointers and the stride: a store to a
// count could otherwise alias the members, forcing a reload after every store. Indices are
// unsigned, so the 16-bit heads widen without sign extension.
inline Board::Around Board::around(size_t u) const {
  const Stone *const cells = cells_.data();
  const Node *const nd = nodes_.data();
  const size_t stride = static_cast<size_t>(stride_);
  const size_t nb[4] = {u - stride, u - 1, u + 1, u + stride};
  Around a;
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) {
    a.t[i] = cells[nb[i]];
    a.h[i] = nd[nb[i]].head;
  }
  return a;
}

inline unsigned Board::link(size_t l, Stone s, const Around &around) {
  const Stone *const t = around.t;
  const size_t *const h = around.h;
  Node *const nd = nodes_.data();
  cells_.data()[l] = s;
  hash_ ^= zobrist_[l * 2 + (s == Stone::white)];
  ++stone_count_;
  // Without branches: the neighbours' kinds are unpredictable. Points without a stone have head
  // 0, an edge point whose count nobody reads, so every neighbour's count can lose its pair.
  int libs = 0;
  unsigned same = 0, out = 0;
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) {
    libs += t[i] == Stone::empty;
    const int16_t left = static_cast<int16_t>(nd[h[i]].libs - 1);
    nd[h[i]].libs = left;
    out |= static_cast<unsigned>(left == 0) << i;
    same |= static_cast<unsigned>(t[i] == s) << i;
  }
  if (same == 0) {
    nd[l] = Node{static_cast<uint16_t>(l), static_cast<uint16_t>(l), static_cast<int16_t>(libs), 1};
    return out;
  }
  // The stone joins the first friendly chain; any other friendly chain is merged into the larger
  // by relabelling the smaller.
  size_t a = h[std::countr_zero(same)];
  same &= same - 1;
  nd[l].head = static_cast<uint16_t>(a);
  nd[l].next = nd[a].next;
  nd[a].next = static_cast<uint16_t>(l);
  nd[a].size = static_cast<uint16_t>(nd[a].size + 1);
  nd[a].libs = static_cast<int16_t>(nd[a].libs + libs);
  while (same != 0) {
    size_t b = nd[h[std::countr_zero(same)]].head; // an earlier merge may have relabelled it
    same &= same - 1;
    if (a == b)
      continue;
    if (nd[a].size < nd[b].size)
      std::swap(a, b);
    size_t t = b;
    do {
      nd[t].head = static_cast<uint16_t>(a);
      t = nd[t].next;
    } while (t != b);
    std::swap(nd[a].next, nd[b].next);
    nd[a].size = static_cast<uint16_t>(nd[a].size + nd[b].size);
    nd[a].libs = static_cast<int16_t>(nd[a].libs + nd[b].libs);
  }
  return out;
}

void Board::place(Loc l, Stone s) {
  const size_t u = static_cast<size_t>(l);
  link(u, s, around(u));
}

void Board::remove_chain(Loc first) {
  Stone *const cells = cells_.data();
  Node *const nd = nodes_.data();
  const size_t stride = static_cast<size_t>(stride_);
  const size_t f = static_cast<size_t>(first);
  const Stone s = cells[f];
  const uint64_t *const zs = zobrist_ + (s == Stone::white);
  uint64_t hash = hash_;
  int removed = 0;
  size_t t = f;
  do {
    cells[t] = Stone::empty;
    nd[t].head = 0;
    hash ^= zs[t * 2];
    ++removed;
    t = nd[t].next;
  } while (t != f);
  hash_ = hash;
  stone_count_ -= removed;
  do {
    const size_t nb[4] = {t - stride, t - 1, t + 1, t + stride};
#pragma GCC unroll 4
    for (size_t n : nb) {
      Node &c = nd[nd[n].head];
      c.libs = static_cast<int16_t>(c.libs + 1);
    }
    t = nd[t].next;
  } while (t != f);
}

void Board::lift(Loc l) {
  Node *const nd = nodes_.data();
  constexpr uint16_t unset = 0xffff;
  const Stone s = cells_[l];
  const uint16_t head = nd[l].head;
  scratch_.clear();
  for (Loc t = nd[l].next; t != l; t = nd[t].next)
    scratch_.push_back(static_cast<uint16_t>(t));
  cells_[l] = Stone::empty;
  nd[l].head = 0;
  hash_ ^= z(l, s);
  --stone_count_;
  const Loc nb[4] = {l - stride_, l - 1, l + 1, l + stride_};
  for (Loc n : nb)
    if (is_stone(cells_[n]) && nd[n].head != head)
      ++nd[nd[n].head].libs;
  // The rest of the chain may have split: rebuild its pieces by flood fill.
  for (uint16_t t : scratch_)
    nd[t].head = unset;
  std::vector<Loc> stack;
  for (uint16_t start : scratch_) {
    if (nd[start].head != unset)
      continue;
    nd[start] = Node{start, start, 0, 0};
    stack.assign(1, start);
    while (!stack.empty()) {
      const Loc t = stack.back();
      stack.pop_back();
      ++nd[start].size;
      if (t != start) {
        nd[t].next = nd[start].next;
        nd[start].next = static_cast<uint16_t>(t);
      }
      const Loc tn[4] = {t - stride_, t - 1, t + 1, t + stride_};
      for (Loc n : tn) {
        if (cells_[n] == Stone::empty)
          ++nd[start].libs;
        else if (cells_[n] == s && nd[n].head == unset) {
          nd[n].head = start;
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
  const Node *const nd = nodes_.data();
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
    const Loc h = nd[n].head;
    bool dup = false;
    for (int i = 0; i < n_seen; ++i)
      dup |= seen[i] == h;
    if (dup)
      continue;
    seen[n_seen++] = h;
    int k = 0; // stones of this chain next to l: its pairs with l as the empty neighbour
    for (Loc m : nb)
      k += is_stone(cells_[m]) && nd[m].head == h;
    if (s == opp) {
      if (nd[h].libs <= k)
        nh.captures[nh.n_captures++] = h;
    } else {
      nh.own[nh.n_own++] = h;
      escape |= nd[h].libs > k;
    }
  }
  nh.suicide = !has_empty && !escape && nh.n_captures == 0;
  return nh;
}

Board::Play Board::play_loc(Loc l, Color c, bool allow_suicide) {
  const size_t u = static_cast<size_t>(l);
  const Around a = around(u);
  const Stone *const t = a.t;
  // Most moves touch an empty point, so they cannot be suicide: place the stone, then take off
  // the opponent chains it left without liberties. The rest go through play_crowded().
  if (!((t[0] == Stone::empty) | (t[1] == Stone::empty) | (t[2] == Stone::empty) |
        (t[3] == Stone::empty)))
    return play_crowded(l, c, allow_suicide);
  const Stone me = stone_of(c), opp = other(me);
  // One test for the common case of no capture: the opponent neighbours left without liberties
  // (a chain next to l twice is flagged at its last decrement, which is enough for capture()).
  const unsigned out = link(u, me, a);
  Play result;
  unsigned doomed = 0;
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i)
    doomed |= static_cast<unsigned>(t[i] == opp) << i;
  doomed &= out;
  if (doomed == 0) [[likely]]
    return result;
  return capture(l, c, doomed);
}

// Out of line, so that the common path keeps its values in registers.
Board::Play Board::capture(Loc l, Color c, unsigned doomed) {
  const Stone *const cells = cells_.data();
  const Node *const nd = nodes_.data();
  const size_t u = static_cast<size_t>(l), stride = static_cast<size_t>(stride_);
  const size_t nb[4] = {u - stride, u - 1, u + 1, u + stride};
  const Stone opp = stone_of(opponent(c));
  Play result;
  size_t single = 0;
  for (int i = 0; i < 4; ++i) {
    // Opponent heads are not changed by link(); a chain met twice is empty the second time.
    if (!(doomed >> i & 1) || cells[nb[i]] != opp)
      continue;
    const size_t h = nd[nb[i]].head;
    result.captured += nd[h].size;
    single = h;
    remove_chain(static_cast<Loc>(h));
  }
  captured_[static_cast<int>(opponent(c))] += result.captured;
  const Node &mine = nd[nd[u].head];
  if (result.captured == 1 && mine.size == 1 && mine.libs == 1)
    result.ko_point = static_cast<Loc>(single);
  return result;
}

Board::Play Board::play_crowded(Loc l, Color c, bool allow_suicide) {
  const Node *const nd = nodes_.data();
  const size_t u = static_cast<size_t>(l);
  const Stone me = stone_of(c), opp = other(me);
  const Around a = around(u);
  const Stone *const t = a.t;
  const size_t *const h = a.h;
  // No neighbour is empty: a neighbouring chain keeps a liberty after the move exactly when its
  // count exceeds the number of its stones next to l. Edge points have head 0 and no colour.
  unsigned doomed = 0, escape = 0;
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) {
    const int k = (h[0] == h[i]) + (h[1] == h[i]) + (h[2] == h[i]) + (h[3] == h[i]);
    const bool left = nd[h[i]].libs > k;
    doomed |= static_cast<unsigned>((t[i] == opp) & !left) << i;
    escape |= static_cast<unsigned>((t[i] == me) & left);
  }
  const bool suicide = doomed == 0 && escape == 0;
  if (suicide && !allow_suicide) {
    Play result;
    result.suicide = true;
    return result;
  }
  link(u, me, a);
  if (!suicide)
    return doomed != 0 ? capture(l, c, doomed) : Play{};
  Play result;
  const Loc head = nd[u].head;
  result.suicide = true;
  result.self_captured = nd[head].size;
  captured_[static_cast<int>(c)] += nd[head].size;
  remove_chain(head);
  return result;
}

Board::Preview Board::preview(Loc l, Color c, bool allow_suicide) const {
  const Stone me = stone_of(c);
  const Node *const nd = nodes_.data();
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
      t = nd[t].next;
    } while (t != h);
  }
  if (nh.suicide) {
    result.suicide = true;
    result.self_stones = 1;
    for (int i = 0; i < nh.n_own; ++i)
      result.self_stones += nd[nh.own[i]].size;
    if (allow_suicide) {
      result.hash = hash_;
      for (int i = 0; i < nh.n_own; ++i) {
        Loc t = nh.own[i];
        do {
          result.hash ^= z(t, me);
          t = nd[t].next;
        } while (t != nh.own[i]);
      }
    } else {
      result.hash = hash_;
    }
  }
  return result;
}

void Board::next_stamp() const {
  if (mark_.size() != cells_.size() || ++stamp_ == 0) {
    mark_.assign(cells_.size(), 0);
    stamp_ = 1;
  }
}

Board::Joined Board::joined(Loc l, Color c, int cap) const {
  const Stone me = stone_of(c);
  const Neighbourhood nh = scan(l, me);
  Joined result;
  result.legal = !nh.suicide;
  result.captured = nh.n_captures;
  if (nh.suicide)
    return result;
  next_stamp();
  const Node *const nd = nodes_.data();
  mark_[static_cast<size_t>(l)] = stamp_;
  // A liberty is an empty point, or a stone of a chain the move takes off, next to the chain.
  auto count = [&](Loc t) {
#pragma GCC unroll 4
    for (Loc q : {t - stride_, t - 1, t + 1, t + stride_}) {
      bool free = cells_[q] == Stone::empty;
      for (int i = 0; i < nh.n_captures && !free; ++i)
        free = is_stone(cells_[q]) && nd[q].head == nh.captures[i];
      if (free && mark_[q] != stamp_) {
        mark_[q] = stamp_;
        if (++result.liberties > cap)
          return true;
      }
    }
    return false;
  };
  result.size = 1;
  for (int i = 0; i < nh.n_own; ++i)
    result.size += nd[nh.own[i]].size;
  if (count(l))
    return result;
  for (int i = 0; i < nh.n_own; ++i) {
    Loc t = nh.own[i];
    do {
      if (count(t))
        return result;
      t = nd[t].next;
    } while (t != nh.own[i]);
  }
  return result;
}

int Board::liberties(Point p) const {
  if (!on_board(p) || !is_stone(at(p)))
    return 0;
  return liberties(loc(p), static_cast<int>(cells_.size()));
}

int Board::liberties(Loc l, int cap, std::vector<Loc> *libs) const {
  next_stamp();
  if (libs)
    libs->clear();
  // Local copies, as in the hot functions above: a push to `libs` could otherwise alias the
  // stamp and force reloads at every neighbour. Readers call this at every node they search.
  const Stone *const cells = cells_.data();
  const Node *const nd = nodes_.data();
  uint32_t *const mark = mark_.data();
  const uint32_t stamp = stamp_;
  const Loc stride = stride_;
  int n = 0;
  Loc t = l;
  const Loc step[4] = {-stride, -1, 1, stride};
  do {
    // Unrolled: GCC at -O2 keeps a loop over a list of four, most of the cost of a chain's walk.
#pragma GCC unroll 4
    for (int i = 0; i < 4; ++i) {
      const Loc q = t + step[i];
      if (cells[q] == Stone::empty && mark[q] != stamp) {
        mark[q] = stamp;
        if (libs)
          libs->push_back(q);
        if (++n > cap && !libs)
          return n;
      }
    }
    t = nd[t].next;
  } while (t != l);
  return n;
}

void Board::assign(const Board &other) {
  width_ = other.width_;
  height_ = other.height_;
  stride_ = other.stride_;
  cells_.assign(other.cells_.begin(), other.cells_.end());
  nodes_.resize(other.nodes_.size());
  std::memcpy(static_cast<void *>(nodes_.data()), other.nodes_.data(),
              nodes_.size() * sizeof(Node));
  captured_[0] = other.captured_[0];
  captured_[1] = other.captured_[1];
  stone_count_ = other.stone_count_;
  hash_ = other.hash_;
}

std::vector<Point> Board::chain(Point p) const {
  std::vector<Point> out;
  if (!on_board(p) || !is_stone(at(p)))
    return out;
  const Loc h = loc(p);
  Loc t = h;
  do {
    out.push_back(point(t));
    t = nodes_[t].next;
  } while (t != h);
  return out;
}

} // namespace sgf::rules
