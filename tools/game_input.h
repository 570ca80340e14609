// The one game a single-game command (render, view, diff) works on, read as every command reads
// its inputs: a file, a folder or an archive (its first record), a FIFO or - for standard input,
// in any record format, with the same size limit.
#pragma once

#include "parsers/record/record.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf::tools {

struct GameInput {
  std::string name;     // the record's name for messages: its path, or <stdin>
  ParseResult parsed;   // the game alone (parsed.first_game is its index), the record's diagnostics
  size_t index = 0;     // the game's place in the record
  bool damaged = false; // the record has errors (already printed)
  const Game &game() const { return parsed.collection.games.front(); }
};

// Game `index` (from 0, as the "game" of every JSON output) of the first record `input` yields,
// after printing the record's errors on standard error. Nothing, after saying why, when there is
// no record to read or no such game. `command` names the command in those messages; `parse`: the
// --charset given; `json`: the diagnostics as JSON objects (--format json).
std::optional<GameInput> read_game(const std::string &input, int index, std::string_view command,
                                   const ParseOptions &parse, bool json = false);

// The same for several games of one record, read once (standard input can be read only once),
// in the order of `indices`.
std::optional<std::vector<GameInput>> read_games(const std::string &input,
                                                 const std::vector<int> &indices,
                                                 std::string_view command,
                                                 const ParseOptions &parse, bool json = false);

// The positional record, --game and --charset of a command that reads one game (render, view).
void add_game_options(CLI::App &app, std::string &input, int &index, ParseOptions &parse);

} // namespace sgf::tools
