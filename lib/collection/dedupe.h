// Finding the same game filed more than once: in any of the eight orientations, with colours
// swapped, with different headers, saved before it ended (a prefix), or with a few moves typed
// wrong or missed. An index of canonical hashes, never a comparison of every pair.
#pragma once

#include "lib/sgf/tree.h"
#include "parsers/sgf/summary.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sgf::collection {

// What dedupe keeps of one game: small, so that a million fit in memory.
struct Fingerprint {
  std::string file;
  int game = 0;
  uint16_t width = 19, height = 19;
  std::vector<uint16_t> canonical; // main-line points in the canonical orientation
  uint64_t points_as_written = 0;  // hash of the points in the record's own orientation
  uint64_t colours = 0;            // hash of the colours of the moves, in order
  uint64_t colours_swapped = 0;    // the same with every colour swapped
  std::vector<std::pair<std::string, std::string>> headers; // game-info id, value; by id
};

// nullopt-like empty fingerprint (canonical empty) for an empty game.
Fingerprint fingerprint(const Game &, std::string file, int game);
// The same from the scan of a plain game (GameSummary::plain), without its tree.
Fingerprint fingerprint(const GameSummary &, std::string file, int game);

// How a member relates to the first member of its group, from the closest to the furthest.
enum class DuplicateKind : uint8_t {
  identical,   // same moves, same orientation and colours, same headers
  headers,     // same moves as written; headers differ or are missing
  orientation, // same moves in another orientation
  colours,     // same moves with the colours swapped (in any orientation)
  prefix,      // one record is the start of the other
  near,        // differs in a few moves (substituted, missed or extra)
};
const char *to_string(DuplicateKind);

struct DedupeOptions {
  size_t min_moves = 20; // shorter games are never grouped (too many games share them)
  size_t window = 30;    // prefixes and near-duplicates are looked for among games sharing
                         // their first `window` canonical points (or the next `window`)
};

struct GroupMember {
  size_t index;       // into the fingerprints
  DuplicateKind kind; // relation to the group's first member (identical for the first)
  std::vector<std::string> differing_headers; // game-info ids that differ from the first's
};

struct DuplicateGroup {
  DuplicateKind kind;               // the furthest relation in the group
  std::vector<GroupMember> members; // in input order
};

// Groups in the order of their first members. Different games that share a long opening are
// not grouped: a prefix must be the whole of the shorter record and a near-duplicate may differ
// in only max(1, min(5, moves/50)) moves, and neither is grouped when both records give a date
// (DT) and the dates differ, or both name a winner (RE) and not the same one.
std::vector<DuplicateGroup> find_duplicates(const std::vector<Fingerprint> &,
                                            const DedupeOptions & = {});

// How `other` relates to `reference`: its kind (one of the last two when the moves differ) and
// the game-information identifiers whose values differ or that only one of them has.
GroupMember relate(const Fingerprint &reference, const Fingerprint &other, size_t other_index);

// The member to keep: the first, the one with the most moves, or the one with the most
// game-information properties (ties: the first of them).
enum class KeepRule : uint8_t { first, longest, most_info };
size_t member_to_keep(const DuplicateGroup &, const std::vector<Fingerprint> &, KeepRule);

} // namespace sgf::collection
