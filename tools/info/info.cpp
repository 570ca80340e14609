// `sgf info`: the game-information properties of every game, one row per game, as TSV with a
// header line or as JSON Lines.
#include "lib/report/emit.h"
#include "lib/sgf/values.h"
#include "parsers/record/record.h"
#include "parsers/sgf/summary.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/terminal.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <optional>
#include <string>
#include <vector>

namespace sgf::tools {

namespace {

// The default columns: the computed "file", "game" and "moves" around game-information
// properties. Documented in man/sgf-info.1.
constexpr std::array<const char *, 18> default_fields = {"file", "game", "PB", "BR", "PW", "WR",
                                                         "DT",   "EV",   "RO", "PC", "RU", "KM",
                                                         "HA",   "SZ",   "RE", "TM", "OT", "moves"};

struct InfoOptions {
  BatchOptions batch;
  std::string fields; // --fields, comma-separated; empty: default_fields
};

bool is_computed(std::string_view field) {
  return field == "file" || field == "game" || field == "moves";
}

// A property identifier: capitals only (the parser reads FF[3]'s lowercase letters in
// identifiers such as AddBlack by their capitals, so the tree holds AB).
bool is_property_id(std::string_view field) {
  return !field.empty() && field.size() <= 100 &&
         std::all_of(field.begin(), field.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

// The columns --fields names, or nothing after saying on stderr which one is not a column.
std::optional<std::vector<std::string>> parse_fields(const std::string &list) {
  std::vector<std::string> out;
  if (list.empty()) {
    out.assign(default_fields.begin(), default_fields.end());
    return out;
  }
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = std::min(list.find(',', start), list.size());
    std::string field = list.substr(start, comma - start);
    start = comma + 1;
    if (!is_computed(field) && !is_property_id(field)) {
      std::fprintf(stderr,
                   "sgf info: --fields: '%s' is neither a property identifier (capitals, such as "
                   "PB or GN) nor file, game or moves\n",
                   field.c_str());
      return std::nullopt;
    }
    out.push_back(field);
  }
  return out;
}

std::string header(const std::vector<std::string> &fields) {
  std::string line;
  for (const std::string &field : fields)
    line += (line.empty() ? "" : "\t") + field;
  return line + "\n";
}

// Moves on the main line: nodes with B or W, passes included.
int main_line_moves(const Game &game) {
  int moves = 0;
  for (NodeIndex n : game.main_line())
    moves += has_move(game.nodes[n]) ? 1 : 0;
  return moves;
}

std::optional<std::string> property(const Game &game, const std::string &id) {
  if (game.empty())
    return std::nullopt;
  const std::string *raw = first_value(game.root(), id);
  if (!raw)
    return std::nullopt;
  return to_simple_text(*raw);
}

// The same two questions of a game read by the scan that builds no tree.
int main_line_moves(const GameSummary &game) {
  return game.main_line_moves;
}

std::optional<std::string> property(const GameSummary &game, const std::string &id) {
  const std::string_view *raw = game.first_value(id);
  if (!raw)
    return std::nullopt;
  return to_simple_text(*raw);
}

// GameT: a Game or a GameSummary.
template <class GameT>
std::string row(std::string_view file, int index, const GameT &game,
                const std::vector<std::string> &fields, bool json) {
  if (json) {
    nlohmann::ordered_json j;
    for (const std::string &field : fields) {
      if (field == "file") {
        j[field] = file;
        add_file_bytes(j, file);
      } else if (field == "game") {
        j[field] = index;
      } else if (field == "moves") {
        j[field] = main_line_moves(game);
      } else {
        auto value = property(game, field);
        j[field] = value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json();
      }
    }
    return json_line(j);
  }
  std::string line;
  for (size_t i = 0; i < fields.size(); ++i) {
    const std::string &field = fields[i];
    line += i ? "\t" : "";
    if (field == "file")
      line += tsv_cell(file);
    else if (field == "game")
      line += std::to_string(index);
    else if (field == "moves")
      line += std::to_string(main_line_moves(game));
    else
      line += tsv_cell(property(game, field).value_or(""));
  }
  return line + "\n";
}

// `summary`: this worker's, reused from record to record.
RecordOutput info_record(const InfoOptions &options, const std::vector<std::string> &fields,
                         const batch::Record &record, RecordSummary &summary) {
  RecordOutput out;
  bool json = options.batch.json();
  const ParseOptions &parse = options.batch.parse;
  // A clean SGF record (nearly all) is only scanned: the same rows, no tree. Any other is
  // parsed, for its error messages and whatever the repairs recover.
  const auto add_row = [&](const GameSummary &game, size_t index) {
    out.text += row(record.name, static_cast<int>(index), game, fields, json);
    return true;
  };
  if (summarise_record(record, parse, summary, add_row))
    return out;
  out.text.clear();
  // Whatever could be read is listed.
  const Diagnostics diagnostics = for_each_game(record, parse, [&](Game &game, size_t index) {
    out.text += row(record.name, static_cast<int>(index), game, fields, json);
  });
  // Repairs are `sgf check`'s business; only errors are worth a message here.
  bool colour = colour_enabled(stderr);
  for (const Diagnostic &d : diagnostics) {
    if (d.severity != Severity::error)
      continue;
    out.messages += format_diagnostic(record.name, d, json, colour);
    out.status = 1;
  }
  return out;
}

} // namespace

void register_info(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<InfoOptions>();
  auto *cmd = root.add_subcommand(
      "info", "List the game-information properties of every game (TSV or JSON Lines)");
  add_batch_options(*cmd, options->batch);
  cmd->add_option("--fields", options->fields,
                  "The columns, comma-separated: any root property (PB,PW,DT,GN,...) and file, "
                  "game, moves; default: file,game,PB,BR,PW,WR,DT,EV,RO,PC,RU,KM,HA,SZ,RE,TM,OT,"
                  "moves")
      ->type_name("FIELD,...");
  cmd->callback([options, &exit_status] {
    std::optional<std::vector<std::string>> fields = parse_fields(options->fields);
    if (!fields) {
      exit_status = 2;
      return;
    }
    tbb::enumerable_thread_specific<RecordSummary> summaries;
    exit_status = run_batch(
        options->batch,
        [&](const batch::Record &record) {
          return info_record(*options, *fields, record, summaries.local());
        },
        options->batch.json() ? std::string() : header(*fields));
  });
}

} // namespace sgf::tools
