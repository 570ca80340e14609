// The Go board: stones on a padded one-dimensional array, chains with liberties, captures and
// Zobrist hashes. Any size from 1×1 to 52×52, rectangular too. No rule knowledge beyond
// "a chain without liberties is removed": legality (ko, superko, suicide) lives in replay.
#pragma once

#include "lib/sgf/point.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace sgf::rules {

enum class Stone : uint8_t { empty = 0, black = 1, white = 2, edge = 3 };

constexpr Stone stone_of(Color c) {
  return c == Color::black ? Stone::black : Stone::white;
}

// The colour of a stone on the board (black or white).
constexpr Color color_of(Stone s) {
  return s == Stone::black ? Color::black : Color::white;
}

// Index of a point on the padded array; the fast interface for loops over the board.
using Loc = int;

class Board {
public:
  Board() : Board(BoardSize{}) {}
  explicit Board(BoardSize size);

  BoardSize size() const;
  int width() const;
  int height() const;

  Loc loc(Point p) const { return (p.y + 1) * stride_ + p.x + 1; }
  Point point(Loc l) const;
  bool on_board(Point p) const;

  Stone at(Point p) const;
  Stone at_loc(Loc l) const { return cells_[static_cast<size_t>(l)]; }

  // Setup (AB, AW, AE): places or removes a stone without captures.
  void set(Point p, Stone s);

  // Result of placing a stone: what it captured and whether the mover's chain was left without
  // liberties (then, if `allow_suicide`, the mover's chain was removed; otherwise the board is
  // unchanged and `suicide` says why).
  struct Play {
    int captured = 0;      // opponent stones removed
    bool suicide = false;  // the move left its own chain without liberties after captures
    int self_captured = 0; // own stones removed, when suicide was allowed and applied
    Loc ko_point = -1;     // the point the opponent may not retake at once (single-stone ko)
  };

  // Precondition: the point is on the board and empty.
  Play play(Point p, Color c, bool allow_suicide);
  // The same on a padded index (replay's fast path).
  Play play_loc(Loc l, Color c, bool allow_suicide);

  // What play_loc(l, c, allow_suicide) would do, without doing it: the hash of the stones
  // afterwards, and whether it is a suicide (applied or refused) of `self_stones` own stones.
  struct Preview {
    uint64_t hash = 0;
    bool suicide = false;
    int self_stones = 0; // own stones that would be left without liberties (suicide only)
    int captured = 0;
  };
  Preview preview(Loc l, Color c, bool allow_suicide) const;

  // The chain a stone of c at the empty point l would belong to, its captures applied: its
  // liberties counted up to cap + 1 and its stones; or not legal (a suicide). Readers order their
  // moves by it without copying the board for each.
  struct Joined {
    bool legal = true;
    int captured = 0; // opponent chains it would take
    int liberties = 0;
    int size = 0;
  };
  Joined joined(Loc l, Color c, int cap) const;

  // Removes every stone; keeps the size.
  void clear();

  // Liberties of the chain through p (0 for an empty point).
  int liberties(Point p) const;
  // The points of the chain through p.
  std::vector<Point> chain(Point p) const;

  // Reading and counting on padded indices. The chain through the stone at l: its head (the
  // same loc for every stone of a chain, so chains compare by head), its size, and each stone in
  // turn.
  Loc head(Loc l) const { return nodes_[static_cast<size_t>(l)].head; }
  int chain_size(Loc l) const { return nodes_[static_cast<size_t>(head(l))].size; }
  template <class F> void for_each_stone(Loc l, F &&f) const {
    Loc t = l;
    do {
      f(t);
      t = nodes_[static_cast<size_t>(t)].next;
    } while (t != l);
  }
  // The four neighbours of l (north, west, east, south), edge cells included.
  std::array<Loc, 4> neighbours(Loc l) const { return {l - stride_, l - 1, l + 1, l + stride_}; }
  // Exact liberties of the chain through the stone at l, counted up to cap + 1 (a pseudo-liberty
  // count cannot tell one liberty shared by two stones from two); with `libs`, all of them are
  // counted and listed there.
  int liberties(Loc l, int cap, std::vector<Loc> *libs = nullptr) const;
  // This board becomes a copy of `other` of the same size: the cheap copy a reader makes per
  // ply (no allocation once the buffers have grown).
  void assign(const Board &other);

  // Stones of each colour removed by play() so far (prisoners taken by the other side).
  int captured_stones(Color c) const;
  // Restores that count (replay rebuilding an earlier position from a snapshot).
  void set_captured_stones(Color c, int n);

  // Zobrist hash of the stones alone; xor with side_hash(c) for the situation.
  uint64_t hash() const { return hash_; }
  static uint64_t side_hash(Color to_move);

  // Whole-board comparison: used to confirm a hash hit before accusing anyone of superko.
  bool same_stones(const Board &other) const;

  // For render and score: every point in row-major order.
  std::vector<Stone> stones() const;
  // The padded array itself, edges included, appended to `out` in one copy (replay's
  // snapshots): loc(p) indexes it, and it is cell_count() long.
  void append_cells(std::vector<Stone> &out) const;
  size_t cell_count() const { return cells_.size(); }
  // Stones on the board, both colours.
  int stone_count() const { return stone_count_; }

private:
  // Implementation detail; see board.cpp. Liberties are pseudo-liberties: the number of
  // (stone, empty neighbour) pairs of a chain. It is zero exactly when the chain has no liberty,
  // and a chain's only liberty is p exactly when its count equals the number of its stones
  // next to p, which is all that captures, suicide and ko need.
  // Indices fit in 16 bits (a 52×52 board pads to 2,863 cells), which keeps a 19×19 board's
  // whole state in a few kilobytes: one cache-friendly block per board.
  struct Node {
    uint16_t head; // the chain's head on a stone; 0 (an edge point) elsewhere
    uint16_t next; // circular list of each chain's stones
    int16_t libs;  // pseudo-liberties, meaningful at the head
    uint16_t size; // stones, meaningful at the head
    // Left uninitialised, so that sizing the vector costs nothing: the constructor memsets it.
    Node() {} // NOLINT
    Node(uint16_t h, uint16_t n, int16_t l, uint16_t s) : head(h), next(n), libs(l), size(s) {}
  };
  int width_ = 19, height_ = 19, stride_ = 20;
  std::vector<Stone> cells_;
  std::vector<Node> nodes_;
  std::vector<uint16_t> scratch_; // flood-fill stack for set()
  // Marks of the liberties met by liberties(): scratch state, not part of the position.
  mutable std::vector<uint32_t> mark_;
  mutable uint32_t stamp_ = 0;
  void next_stamp() const;            // a new stamp, every mark older than it
  const uint64_t *zobrist_ = nullptr; // [loc * 2 + colour], shared and immutable
  int captured_[2] = {0, 0};
  int stone_count_ = 0;
  uint64_t hash_ = 0;

  struct Neighbourhood;
  Neighbourhood scan(Loc l, Stone me) const;             // captures and suicide of a move at l
  Play play_crowded(Loc l, Color c, bool allow_suicide); // a move without an empty neighbour
  Play capture(Loc l, Color c, unsigned doomed);         // takes off the chains flagged next to l
  // The four neighbours of a point (north, west, east, south): their kinds and chain heads.
  struct Around {
    Stone t[4];
    size_t h[4];
  };
  Around around(size_t l) const;
  void place(Loc l, Stone s); // adds a stone, merging chains, without captures
  // place() with the neighbours already read (play_loc's fast path)
  // Returns the neighbours whose chain count reached zero (each chain flagged at least once).
  // Expanded in its callers: a call would pass the neighbours through memory.
  [[gnu::always_inline]] unsigned link(size_t l, Stone s, const Around &a);
  void remove_chain(Loc head); // takes a chain off the board
  void lift(Loc l);            // removes one stone, splitting its chain if needed
  uint64_t z(Loc l, Stone s) const { return zobrist_[l * 2 + (s == Stone::white)]; }
};

} // namespace sgf::rules
