// read_game: see game_input.h.
#include "tools/game_input.h"

#include "lib/batch/inputs.h"
#include "tools/batch_options.h"
#include "tools/terminal.h"

#include <fmt/format.h>

#include <cstdio>

namespace sgf::tools {

namespace {

void say(std::string_view command, const std::string &message) {
  const std::string text = fmt::format("sgf {}: {}\n", command, message);
  std::fwrite(text.data(), 1, text.size(), stderr);
}

// The first record the input yields; says which one when there are more.
std::optional<batch::Record> first_record(const std::string &input, std::string_view command,
                                          bool json) {
  batch::InputSpec spec;
  spec.paths = {input};
  batch::RecordSource source(std::move(spec));
  std::optional<batch::Record> first;
  while (auto record = source.next()) {
    if (record->error && record->error->severity != Severity::error) {
      print_diagnostic(record->name, *record->error, json); // a special file skipped
      continue;
    }
    if (first) {
      say(command,
          fmt::format("{} holds more than one record: reading the first, {}", input, first->name));
      break;
    }
    first = std::move(record);
    if (first->error)
      break;
  }
  if (!first) {
    say(command, input + ": no record to read (folders are searched for *.sgf, *.gib, *.ngf, "
                         "*.ugf and *.ugi)");
    return std::nullopt;
  }
  if (first->error) {
    print_diagnostic(first->name, *first->error, json);
    return std::nullopt;
  }
  return first;
}

} // namespace

std::optional<std::vector<GameInput>> read_games(const std::string &input,
                                                 const std::vector<int> &indices,
                                                 std::string_view command,
                                                 const ParseOptions &parse, bool json) {
  std::optional<batch::Record> record = first_record(input, command, json);
  if (!record)
    return std::nullopt;
  // Only the games asked for are kept: any game of a collection of any size.
  std::vector<GameInput> out(indices.size());
  size_t games = 0;
  const Diagnostics diagnostics = for_each_game(*record, parse, [&](Game &game, size_t index) {
    games = index + 1;
    for (size_t k = 0; k < indices.size(); ++k)
      if (indices[k] >= 0 && size_t(indices[k]) == index) {
        out[k].parsed.collection.games.push_back(game);
        out[k].parsed.first_game = index;
      }
  });
  const std::string name = record->name == "-" ? "<stdin>" : record->name;
  for (const Diagnostic &d : diagnostics)
    if (d.severity == Severity::error)
      print_diagnostic(name, d, json);
  for (size_t k = 0; k < indices.size(); ++k) {
    GameInput &wanted = out[k];
    if (wanted.parsed.collection.games.empty()) {
      say(command, fmt::format("{}: no game {} (the record holds {}, numbered from 0)", name,
                               indices[k], games));
      return std::nullopt;
    }
    wanted.name = name;
    wanted.index = size_t(indices[k]);
    wanted.damaged = has_error(diagnostics);
    wanted.parsed.diagnostics = diagnostics;
  }
  return out;
}

std::optional<GameInput> read_game(const std::string &input, int index, std::string_view command,
                                   const ParseOptions &parse, bool json) {
  std::optional<std::vector<GameInput>> games = read_games(input, {index}, command, parse, json);
  if (!games)
    return std::nullopt;
  return std::move(games->front());
}

void add_game_options(CLI::App &app, std::string &input, int &index, ParseOptions &parse) {
  input = "-";
  app.add_option("file", input,
                 "The record: a file, a folder or an archive (the first record in it), or - for "
                 "standard input (the default)")
      ->check(named_path());
  app.add_option("--game", index,
                 "Which game of a collection, from 0 (as \"game\" in JSON output and in `sgf "
                 "info`)")
      ->check(at_least(0))
      ->capture_default_str();
  add_charset_option(app, parse.charset);
}

} // namespace sgf::tools
