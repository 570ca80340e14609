// A small tactical reader for the end of a game: whether a chain can be captured when the
// opponent moves first (attack) and whether its owner, moving first, can save it (defend), by a
// bounded search over liberties, nets and counter-captures; and the verdict changes it settles.
#pragma once

#include "lib/life/position.h"

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sgf::life {

// The answer to one reading question: proved wrong, proved right, or out of budget or depth.
enum class Read : uint8_t { fails, unknown, succeeds };

// What reading says of one chain.
enum class Fate : uint8_t {
  unknown,      // the budget ran out, or it depends on who moves first
  dead,         // captured even when its owner moves first
  uncapturable, // not captured even when the opponent moves first (eyes, seki, won race, or
                // more than three liberties: "escaped")
};

class Reader {
public:
  explicit Reader(const Position &);
  // Can the opponent of the chain through `point` (an index of the position) capture it, moving
  // first?
  Read attack(int point) { return read(point, &Reader::attack_at); }
  // Can its owner save it, moving first (passing is a move)?
  Read defend(int point) { return read(point, &Reader::defend_at); }
  Fate fate(int point);
  // Group reading: can the opponent of the group through `point`
  // (its chains sharing liberties) capture the chain through `point`, moving first (kill_group),
  // and can the owner, moving first, prevent it (save_group)? The moves are the group's
  // liberties, its eye space and the liberties of the short enemy chains beside it (a race); the
  // owner may pass, and wins when Benson's test passes on the small regions around the group
  // (two vital regions, such as two one-point eyes, for each chain kept).
  Read kill_group(int point) { return read(point, &Reader::kill_at); }
  Read save_group(int point) { return read(point, &Reader::save_at); }
  // Stones (per point of the position) group questions take as alive: the owner of a group
  // does not read races against them.
  void set_safe(const std::vector<uint8_t> &safe);
  // Liberties of the chain through `point` on the starting position, counted up to cap + 1.
  int liberties(int point, int cap) { return board(0).liberties(loc(point), cap); }
  long nodes() const { return total_nodes_; }

private:
  int width_, stride_, cells_ = 0;
  std::vector<rules::Board> boards_; // one board per depth
  std::vector<int> ko_;              // per depth, the point that may not be retaken (-1: none)
  std::vector<int> libs_;
  // Per depth, the lists of the node being searched there, kept for the next node at that depth.
  struct Lists {
    std::vector<int> libs, moves;
    std::vector<std::pair<int, int>> order;
  };
  std::vector<Lists> lists_;
  int nodes_ = 0;
  long total_nodes_ = 0;
  Stone colour_ = Stone::empty; // of the chain being read
  int target_ = 0;

  const rules::Board &board(int depth) const { return boards_[static_cast<size_t>(depth)]; }
  // Board depth + 1 as a copy of board depth, no ko: the start of a move or a pass.
  rules::Board &next_board(int depth);
  int loc(int point) const { return (point / width_ + 1) * stride_ + point % width_ + 1; }
  // Moves on empty points of board depth: a legal one played into depth + 1, or foreseen.
  void play(int depth, int at, Stone c);
  rules::Board::Joined joined(int depth, int at, Stone c, int cap) const;
  // One question from the starting position: `search` is attack_at, defend_at, kill_at or save_at.
  Read read(int point, Read (Reader::*search)(int));
  // Whether one of the moves of `order` (key, point; best first), played by `colour` on board
  // `depth`, leaves the opponent's `reply` failing: succeeds if one does, unknown if none does
  // but some reading ran out, fails otherwise.
  Read first_refuting(int depth, const std::vector<std::pair<int, int>> &order, Stone colour,
                      Read (Reader::*reply)(int));
  Read attack_at(int depth);
  Read defend_at(int depth);
  // The owner's moves of `moves` that leave the target more than one liberty (counted up to
  // cap + 1), those that leave it the most first, then a pass when `pass`, each answered by
  // `reply`: succeeds if one refutes it, as first_refuting.
  Read owner_moves(int depth, const std::vector<int> &moves, int cap, bool pass,
                   Read (Reader::*reply)(int));
  void attack_moves(int depth, std::vector<int> &out);
  void defend_moves(int depth, std::vector<int> &out);
  // Group reading.
  std::vector<int> group_;                   // the group's stones on the starting position
  std::vector<uint8_t> safe_;                // per cell
  std::unordered_map<uint64_t, Read> table_; // positions settled in this question
  std::unordered_map<uint64_t, bool> eyes_;  // two_eyes' answers in it, by the stones' hash
  std::vector<uint32_t> seen_;               // points met by group_moves and two_eyes
  uint32_t seen_stamp_ = 0;
  std::vector<int> index_; // per point met by two_eyes, its chain or region
  // Lists kept between calls, as two_eyes runs at every node of a group question (group_moves
  // borrows the first three); regions_ and around_ (per region, the chains around it and whether
  // it is vital to each) are used up to two_eyes' count of small regions; heads_ is
  // group_moves' own.
  std::vector<int> todo_, eye_libs_, cells_found_, near_, vital_, heads_;
  std::vector<std::vector<int>> regions_;
  std::vector<std::vector<std::pair<int, bool>>> around_;
  std::vector<uint8_t> gone_, lost_;
  std::vector<int> refuted_; // per point, the owner's moves the attacker refuted there
  void find_group(int target);
  std::optional<Read> settled(int depth, bool attacker, uint64_t &h);
  void group_moves(const rules::Board &b, bool attacker, std::vector<int> &out);
  bool two_eyes(const rules::Board &b);
  bool true_eye(const rules::Board &b, int at);
  Read kill_at(int depth);
  Read save_at(int depth);
};

// A group whose mean ownership is this close to zero is a coin flip for the playouts.
constexpr double kCoinFlip = 0.1;
// A group whose mean ownership is under this either way is one the playouts are unsure of.
constexpr double kUnsure = 0.8;

// Overturns dead-stone verdicts where reading is decisive, in pairs: a chain of an unsure group
// (mean ownership `group_mean`, per point, +1 Black, of magnitude under kUnsure) taken alive that
// dies even when its owner moves first, beside an enemy chain taken dead that cannot be captured
// when the opponent moves first (a capturing race the playouts swapped): the first is dead, with
// its group, and the second alive, under the conditions reader.cpp states. Pass-alive chains
// (`benson` 1) are left alone. `chains`: chains_of(the position), `group`: groups_of(it, chains).
// Returns the chains changed.
int settle_by_reading(const Position &, const Components &chains, const std::vector<int> &group,
                      const std::vector<double> &group_mean, const std::vector<uint8_t> &benson,
                      std::vector<uint8_t> &dead);

// Overturns the verdict of a group whose life turns on an enemy chain inside it: a group (not
// pass-alive, mean ownership `group_mean` of magnitude under one half) beside an enemy chain that
// touches no other group and that reading proves dead even when its owner moves first. Group
// reading (Reader::kill_group, save_group) decides which of the two lives, as reader.cpp states.
// Returns the groups changed.
int settle_groups_by_reading(const Position &, const Components &chains,
                             const std::vector<int> &group, const std::vector<double> &group_mean,
                             const std::vector<uint8_t> &benson, std::vector<uint8_t> &dead);

} // namespace sgf::life
