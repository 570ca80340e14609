// `sgf info`: the game-information properties of every game, one row per game, as TSV with a
// header line or as JSON Lines.
#include "lib/report/emit.h"
#include "lib/sgf/values.h"
#include "parsers/record/record.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/terminal.h"

#include <array>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

namespace sgf::tools {

namespace {

// The property columns, between "file", "game" and "moves". Documented in man/sgf-info.1.
constexpr std::array<const char *, 15> properties = {"PB", "BR", "PW", "WR", "DT", "EV", "RO", "PC",
                                                     "RU", "KM", "HA", "SZ", "RE", "TM", "OT"};

std::string header() {
  std::string line = "file\tgame";
  for (const char *id : properties)
    line += std::string("\t") + id;
  return line + "\tmoves\n";
}

// TSV cells hold no tabs or line breaks.
std::string tsv_cell(std::string_view s) {
  std::string out(s);
  for (char &c : out)
    if (c == '\t' || c == '\n' || c == '\r')
      c = ' ';
  return out;
}

// Moves on the main line: nodes with B or W, passes included.
int main_line_moves(const Game &game) {
  int moves = 0;
  for (NodeIndex n : game.main_line())
    moves += has_move(game.nodes[n]) ? 1 : 0;
  return moves;
}

std::optional<std::string> property(const Game &game, const char *id) {
  if (game.empty())
    return std::nullopt;
  const std::string *raw = first_value(game.root(), id);
  if (!raw)
    return std::nullopt;
  return to_simple_text(*raw);
}

std::string row(std::string_view file, int index, const Game &game, bool json) {
  if (json) {
    nlohmann::ordered_json j;
    j["file"] = file;
    j["game"] = index;
    for (const char *id : properties) {
      auto value = property(game, id);
      j[id] = value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json();
    }
    j["moves"] = main_line_moves(game);
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  }
  std::string line = tsv_cell(file) + "\t" + std::to_string(index);
  for (const char *id : properties)
    line += "\t" + tsv_cell(property(game, id).value_or(""));
  return line + "\t" + std::to_string(main_line_moves(game)) + "\n";
}

RecordOutput info_record(const BatchOptions &options, const batch::Record &record) {
  RecordOutput out;
  bool json = options.format == "json";
  ParseResult parsed = parse_record(record.bytes, record.name, record.format);
  // Repairs are `sgf check`'s business; only errors are worth a message here.
  bool colour = colour_enabled(stderr);
  for (const Diagnostic &d : parsed.diagnostics) {
    if (d.severity != Severity::error)
      continue;
    out.messages += json ? format_json(record.name, d) : format_text(record.name, d, colour);
    out.status = 1;
  }
  // Whatever could be read is still listed.
  for (size_t i = 0; i < parsed.collection.games.size(); ++i)
    out.text += row(record.name, static_cast<int>(i), parsed.collection.games[i], json);
  return out;
}

} // namespace

void register_info(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<BatchOptions>();
  auto *cmd = root.add_subcommand(
      "info", "List the game-information properties of every game (TSV or JSON Lines)");
  add_batch_options(*cmd, *options);
  cmd->callback([options, &exit_status] {
    exit_status = run_batch(
        *options, [&](const batch::Record &record) { return info_record(*options, record); },
        options->format == "json" ? std::string() : header());
  });
}

} // namespace sgf::tools
