// The root properties, main-line move count and (in a game of moves alone) moves of each game of
// an SGF record, read by one scan that builds no tree and holds one game at a time: what info,
// standings, dedupe and check need, at a fraction of parse_sgf's cost. Only clean records are
// summarised; for any other the caller runs parse_sgf, which reports and repairs.
#pragma once

#include "lib/sgf/point.h"
#include "parsers/sgf/charset.h"
#include "parsers/sgf/parse.h"

#include <functional>
#include <string_view>
#include <utility>
#include <vector>

namespace sgf {

struct GameSummary {
  // Each property of the root in order: identifier and first value (raw, as in Value::text).
  std::vector<std::pair<std::string_view, std::string_view>> root;
  int main_line_moves = 0; // nodes with B or W on the main line, passes included

  // The values of the root's properties after their first (AB[dd][pp] has one, pp): the
  // property's index in `root`, then the value. With `root`, all of the root.
  std::vector<std::pair<size_t, std::string_view>> more_values;

  // A plain game: every node after the root holds one move (B or W of two letters, or empty)
  // and nothing else, and there is no variation. Its moves, in order, are then all of the game
  // after the root; a check can replay them without the tree.
  struct Move {
    Color colour;
    std::string_view text; // "" or two letters, as in Value::text
  };
  bool plain = false;
  std::vector<Move> moves; // complete when plain

  // The first value of the first property `id` of the root, as first_value() finds it.
  const std::string_view *first_value(std::string_view id) const;
};

// The root of `game` alone, as parse_sgf builds it (every value; positions unknown): what the
// checks of the game information need.
Game root_only(const GameSummary &game);

// Reused from record to record, so that a worker's scans allocate only while they grow.
struct RecordSummary {
  DecodedText decoded; // the text the summaries point into
  GameSummary game;    // the game being read
};

// Takes the summary of game `index` as the scan ends it; false stops the scan.
using EachGame = std::function<bool(const GameSummary &, size_t index)>;

// Summarises `bytes`, handing each game to `each_game` as the scan ends it, and returns true
// when parse_sgf(bytes, options) would read the record without any diagnostic beyond
// decode_to_utf8's (never errors) and the summaries then equal what the tree gives: the root's
// values and main_line() nodes with a move. Returns false for anything else (damaged, repaired,
// binary, over a limit): the caller parses it fully, and what each_game was given is not the
// record's. One game is held at a time, so a collection of any size takes the memory of its
// largest game.
// With `part_bytes`, the limits are those of parse_sgf_in_parts(bytes, options, part_bytes),
// the caller's fallback, where nodes and memory are a part's. The memory is bounded from above,
// so a record near a limit may be declined that the Parser would read.
bool summarise_sgf(std::string_view bytes, const ParseOptions &options, RecordSummary &out,
                   const EachGame &each_game, size_t part_bytes = 0);

} // namespace sgf
