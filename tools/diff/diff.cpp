// `sgf diff`: two records, or two games of one collection, compared as trees
// (lib/collection/diff.h), as text in the manner of diff -u or as JSON Lines. Exit 0 when the
// games are the same, 1 when they differ, 2 when a record cannot be read.
#include "lib/collection/diff.h"
#include "lib/report/emit.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/game_input.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

namespace sgf::tools {

namespace {

struct DiffOptions {
  std::string first = "-", second; // second empty: games of the one collection `first`
  std::vector<int> games;
  std::string format = "text";
  ParseOptions parse; // --charset
};

std::string where(const collection::TreeDifference &d) {
  using collection::DifferenceKind;
  const std::string at = d.move == 0 ? "root" : "move " + std::to_string(d.move);
  switch (d.kind) {
  case DifferenceKind::header:
    return "header";
  case DifferenceKind::main_line:
    return "main lines part at " + at;
  case DifferenceKind::variation:
    return "variation at " + at;
  case DifferenceKind::node:
    return at + (d.on_main_line ? "" : " (in a variation)");
  }
  return at;
}

std::string text_output(const std::vector<collection::TreeDifference> &differences,
                        const std::string &name_a, const std::string &name_b) {
  std::string out = "--- " + shown(name_a) + "\n+++ " + shown(name_b) + "\n";
  std::string last_hunk;
  for (const auto &d : differences) {
    std::string hunk = "@@ " + where(d) + " @@\n";
    if (hunk != last_hunk)
      out += hunk;
    last_hunk = hunk;
    if (!d.a.empty())
      out += "-" + shown(d.a) + "\n";
    if (!d.b.empty())
      out += "+" + shown(d.b) + "\n";
  }
  return out;
}

std::string json_output(const std::vector<collection::TreeDifference> &differences) {
  std::string out;
  for (const auto &d : differences) {
    nlohmann::json line = {
        {"kind", to_string(d.kind)}, {"move", d.move}, {"main_line", d.on_main_line}};
    if (!d.property.empty())
      line["property"] = d.property;
    line["a"] = d.a.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.a);
    line["b"] = d.b.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.b);
    out += json_line(line);
  }
  return out;
}

int run_diff(const DiffOptions &options) {
  const bool one_file = options.second.empty();
  int game_a = 0, game_b = one_file ? 1 : 0;
  if (options.games.size() == 2) {
    game_a = options.games[0];
    game_b = options.games[1];
  }
  const bool json = options.format == "json";
  if (options.first == "-" && options.second == "-") {
    std::fputs("sgf diff: standard input can be read only once: name it once to compare two of "
               "its games\n",
               stderr);
    return 2;
  }
  std::optional<std::vector<GameInput>> games =
      read_games(options.first, one_file ? std::vector{game_a, game_b} : std::vector{game_a},
                 "diff", options.parse, json);
  if (games && !one_file) {
    if (std::optional<GameInput> second =
            read_game(options.second, game_b, "diff", options.parse, json))
      games->push_back(std::move(*second));
    else
      games.reset();
  }
  if (!games)
    return 2;
  const GameInput *a = &(*games)[0], *b = &(*games)[1];
  const auto differences = collection::diff_games(a->game(), b->game());
  const auto label = [one_file](const GameInput &input) {
    return one_file ? fmt::format("{} game {}", input.name, input.index) : input.name;
  };
  std::string text;
  if (json)
    text = json_output(differences);
  else if (!differences.empty())
    text = text_output(differences, label(*a), label(*b));
  if (!write_whole_output("", text, json))
    return 2;
  return differences.empty() ? 0 : 1;
}

} // namespace

void register_diff(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<DiffOptions>();
  auto *cmd = root.add_subcommand(
      "diff", "Compare two games as trees: headers, where the main lines part, variations, "
              "comments and marks");
  cmd->add_option("first", options->first,
                  "The first record (its first game), or one collection (its games 0 and 1); - "
                  "for standard input (the default)")
      ->check(named_path());
  cmd->add_option("second", options->second, "The second record (its first game)")
      ->check(named_path());
  cmd->add_option("--games", options->games,
                  "The games to compare, 0-based: of the first and the second record, or both "
                  "of the one collection")
      ->type_name("I,J")
      ->delimiter(',')
      ->expected(2)
      ->allow_extra_args(false);
  cmd->add_option("--format", options->format, "Output format")
      ->type_name("text|json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  add_charset_option(*cmd, options->parse.charset);
  cmd->callback([options, &exit_status] { exit_status = run_diff(*options); });
}

} // namespace sgf::tools
