// Specification-level checks of a parsed game (what SGFC reports about properties and values):
// placement, duplicates, value types and counts, points off the board, old and unknown
// properties, annotation conflicts. Syntax belongs to the parser, rules to lib/rules.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/sgf/point.h"
#include "lib/sgf/tree.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sgf {

// Every code validate() can emit, with its severity and a one-line meaning, in the order of the
// man page.
struct SpecCode {
  std::string_view code;
  Severity severity; // the usual one; a few codes are milder in harmless cases
  std::string_view meaning;
};
std::span<const SpecCode> spec_codes();

// How validate() reads the moves of a game, from its root: the file format (FF; 4 when absent or
// unknown), whether the game is Go (GM) and the board (SZ; 19×19 when unreadable).
struct MoveReading {
  long ff = 4;
  bool go = true;
  BoardSize size;

  MoveReading() = default;
  explicit MoveReading(const Node &root);
  // Whether validate() has nothing to say about a node that holds this move value and nothing
  // else: a point on the board, or a pass the file format allows.
  bool plain(std::string_view text) const;
};

// Checks one game. Every diagnostic carries the property's or value's position, the node's
// pre-order index, `game_index`, and the move number (1-based, passes included, setup nodes not)
// when the node holds a move. Diagnostics come in node order. Beyond `max_diagnostics` they are
// counted, not kept: one last `too-many-diagnostics` says how many (hostile input stays small).
Diagnostics validate(const Game &game, int game_index, size_t max_diagnostics = 1000);

// What validate() carries from one part of a record to the next (parse_sgf_in_parts): the first
// game's type and format, which mixed-games findings were made, the diagnostics kept so far.
struct RecordValidation {
  std::optional<std::string> first_gm, first_ff;
  bool mixed_gm = false, mixed_ff = false;
  size_t kept = 0;
};

// Checks every game of a collection, plus what concerns the collection as a whole (games of
// different types or file formats in one file). At most `max_diagnostics` in all (at most 1,000
// per game), then one `too-many-diagnostics` with the count of the others. `first_game`: the
// record's index of the first game, when the collection is a part of a record
// (ParseResult::first_game); the games are named by the record's index.
Diagnostics validate(const Collection &collection, size_t first_game = 0,
                     size_t max_diagnostics = 10'000);
// The same for a part of a record, the parts given in order with one `record`: the findings
// about the collection and the limit are the record's (a part's own too-many-diagnostics counts
// what that part could not add). Without `record`, the part is the whole record.
Diagnostics validate(const Collection &part, size_t first_game, RecordValidation *record,
                     size_t max_diagnostics = 10'000);

// validate()'s errors about the game information a count rests on, whatever validate()'s limits:
// the board size (SZ), the komi (KM) or the handicap (HA) could not be read, so the board, the
// komi or the stones given would be guessed. The first about each of the three, read from the
// root alone.
Diagnostics count_info_errors(const Game &game, int game_index);

} // namespace sgf
