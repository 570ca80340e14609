// `sgf standings`: one row per player over every game of the inputs (games, wins, losses,
// draws, no results, by colour, win rate, points by a table), as a terminal table, TSV or JSON
// Lines, with an optional cross table of who beat whom.
#include "lib/standings/standings.h"
#include "lib/batch/pipeline.h"
#include "lib/report/emit.h"
#include "lib/sgf/values.h"
#include "parsers/record/record.h"
#include "parsers/record/sgf_or_not.h"
#include "parsers/sgf/summary.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/terminal.h"

#include <cstdio>
#include <fmt/format.h>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <oneapi/tbb/enumerable_thread_specific.h>

namespace sgf::tools {

namespace {

using standings::PlayerRow;

struct StandingsOptions {
  BatchOptions batch;
  std::string points = "none";
  std::string alias_file;
  bool crosstable = false;
};

// How decisive games ended: the endings of a result with a winner.
constexpr Ending kinds[] = {Ending::resign, Ending::time,     Ending::forfeit,
                            Ending::score,  Ending::ran_away, Ending::unknown};

std::string rate_text(const PlayerRow &r) {
  auto rate = r.win_rate();
  return rate ? fmt::format("{:.3f}", *rate) : std::string("-");
}

std::string points_text(double points) {
  return fmt::format("{:g}", points);
}

std::string tsv(const std::vector<PlayerRow> &rows, bool points) {
  std::string out = "player\tgames\twins\tlosses\tdraws\tno_results\tblack_games\tblack_wins\t"
                    "black_losses\twhite_games\twhite_wins\twhite_losses\twin_rate";
  for (Ending k : kinds)
    out += std::string("\twins_") + standings::win_kind_name(k);
  for (Ending k : kinds)
    out += std::string("\tlosses_") + standings::win_kind_name(k);
  out += points ? "\tpoints\tunscored\n" : "\n";
  for (const PlayerRow &r : rows) {
    out +=
        fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}", tsv_cell(r.player),
                    r.games, r.wins, r.losses, r.draws, r.no_results, r.black_games, r.black_wins,
                    r.black_losses, r.white_games, r.white_wins, r.white_losses, rate_text(r));
    for (Ending k : kinds)
      out += "\t" + std::to_string(r.wins_by[size_t(k)]);
    for (Ending k : kinds)
      out += "\t" + std::to_string(r.losses_by[size_t(k)]);
    out += points ? fmt::format("\t{}\t{}\n", points_text(r.points), r.unscored) : "\n";
  }
  return out;
}

std::string json_lines(const std::vector<PlayerRow> &rows, bool points,
                       const standings::Table *cross) {
  std::string out;
  for (const PlayerRow &r : rows) {
    nlohmann::ordered_json j;
    j["player"] = r.player;
    j["games"] = r.games;
    j["wins"] = r.wins;
    j["losses"] = r.losses;
    j["draws"] = r.draws;
    j["no_results"] = r.no_results;
    j["points"] = points ? nlohmann::ordered_json(r.points) : nlohmann::ordered_json();
    if (points)
      j["unscored"] = r.unscored;
    j["black"] = {{"games", r.black_games}, {"wins", r.black_wins}, {"losses", r.black_losses}};
    j["white"] = {{"games", r.white_games}, {"wins", r.white_wins}, {"losses", r.white_losses}};
    auto rate = r.win_rate();
    j["win_rate"] = rate ? nlohmann::ordered_json(*rate) : nlohmann::ordered_json();
    for (const char *side : {"wins_by", "losses_by"}) {
      nlohmann::ordered_json by = nlohmann::ordered_json::object();
      for (Ending k : kinds) {
        int n = (side[0] == 'w' ? r.wins_by : r.losses_by)[size_t(k)];
        if (n)
          by[standings::win_kind_name(k)] = n;
      }
      j[side] = by;
    }
    if (cross) {
      nlohmann::ordered_json against = nlohmann::ordered_json::object();
      auto mine = cross->heads().find(standings::normalise_name(r.player));
      if (mine != cross->heads().end())
        for (const auto &[key, head] : mine->second)
          against[cross->shown(key)] = {
              {"wins", head.wins}, {"draws", head.draws}, {"losses", head.losses}};
      j["against"] = against;
    }
    out += j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  }
  return out;
}

// The terminal table: numbers first, the name last so that names of any width keep the
// columns straight.
std::string text_table(const std::vector<PlayerRow> &rows, bool points) {
  std::string out =
      fmt::format("{:>5} {:>6} {:>5} {:>5} {:>5} {:>4} {:>11} {:>11} {:>6}", "#", "games", "wins",
                  "loss", "draw", "nr", "black W-L", "white W-L", "win%");
  out += points ? fmt::format(" {:>7} {:>8}", "points", "unscored") : "";
  out += "  player\n";
  int place = 0;
  for (const PlayerRow &r : rows) {
    auto rate = r.win_rate();
    out += fmt::format("{:>5} {:>6} {:>5} {:>5} {:>5} {:>4} {:>11} {:>11} {:>6}", ++place, r.games,
                       r.wins, r.losses, r.draws, r.no_results,
                       fmt::format("{}-{}", r.black_wins, r.black_losses),
                       fmt::format("{}-{}", r.white_wins, r.white_losses),
                       rate ? fmt::format("{:.1f}", *rate * 100) : "-");
    out += points ? fmt::format(" {:>7} {:>8}", points_text(r.points), r.unscored) : "";
    out += "  " + r.player + "\n";
  }
  return out;
}

// Row i, column j: i's wins-losses against j (and "=d" for draws); players by their place.
std::string cross_table(const std::vector<PlayerRow> &rows, const standings::Table &table,
                        bool tsv_form) {
  std::vector<std::string> keys;
  for (const PlayerRow &r : rows)
    keys.push_back(standings::normalise_name(r.player));
  std::string out = tsv_form ? "player" : fmt::format("\n{:>5}", "#");
  for (size_t j = 0; j < rows.size(); ++j)
    out += tsv_form ? "\t" + tsv_cell(rows[j].player) : fmt::format(" {:>7}", j + 1);
  out += tsv_form ? "\n" : "  player\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    out += tsv_form ? tsv_cell(rows[i].player) : fmt::format("{:>5}", i + 1);
    auto mine = table.heads().find(keys[i]);
    for (size_t j = 0; j < rows.size(); ++j) {
      std::string cell = i == j ? "x" : "";
      if (mine != table.heads().end())
        if (auto it = mine->second.find(keys[j]); it != mine->second.end()) {
          cell = fmt::format("{}-{}", it->second.wins, it->second.losses);
          if (it->second.draws)
            cell += fmt::format("={}", it->second.draws);
        }
      out += tsv_form ? "\t" + cell : fmt::format(" {:>7}", cell);
    }
    out += tsv_form ? "\n" : "  " + rows[i].player + "\n";
  }
  return out;
}

// standings::summarise's answers from the scan that builds no tree.
standings::GameSummary summarise_scanned(const sgf::GameSummary &game) {
  standings::GameSummary s = standings::summarise(root_only(game));
  s.moves = game.main_line_moves;
  return s;
}

struct RecordGames {
  std::vector<standings::GameSummary> games;
  std::string messages;
  int status = 0;
};

int run(const StandingsOptions &o) {
  const auto scheme = standings::parse_points_scheme(o.points);
  std::optional<standings::Aliases> aliases;
  if (!o.alias_file.empty()) {
    std::ifstream in(o.alias_file, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "sgf standings: %s: cannot read the alias file\n", o.alias_file.c_str());
      return 2;
    }
    std::string text(std::istreambuf_iterator<char>(in), {});
    int bad_line = 0;
    aliases = standings::Aliases::parse(text, &bad_line);
    if (!aliases) {
      std::fprintf(stderr, "sgf standings: %s:%d: a spelling already belongs to another player\n",
                   o.alias_file.c_str(), bad_line);
      return 2;
    }
  }
  const bool colour = colour_enabled(stderr), json = o.batch.json();
  auto render = [&](const std::string &name, const Diagnostic &d) {
    return format_diagnostic(name, d, json, colour);
  };
  // Why the points of game `game` are not counted; game -1: how many games that was in all.
  auto not_counted = [&](const std::string &name, int game, std::string why) {
    Diagnostic d = make_diagnostic(Severity::note, "points-not-counted", std::move(why));
    d.game = game;
    std::fputs(render(name, d).c_str(), stderr);
  };
  standings::Table table(*scheme, aliases ? &*aliases : nullptr);
  batch::RecordSource source(o.batch.inputs);
  int status = 0;
  int unscored_games = 0;
  constexpr int unscored_shown = 20; // the first few are named; the rest are counted
  tbb::enumerable_thread_specific<RecordSummary> scans; // each worker's, reused
  batch::ordered_map(
      source, batch::PipelineOptions{o.batch.jobs, 0},
      [&](const batch::Record &record) {
        RecordGames out;
        if (record.error) {
          out.messages = render(record.name, *record.error);
          out.status = 2;
          return out;
        }
        // A clean SGF record (nearly all) is only scanned; any other is parsed, for its errors
        // and whatever the repairs recover.
        RecordSummary &scan = scans.local();
        if (read_as_sgf(record.bytes, record.format) &&
            summarise_sgf(record.bytes, o.batch.parse, scan)) {
          for (size_t i = 0; i < scan.game_count; ++i)
            out.games.push_back(summarise_scanned(scan.games[i]));
          return out;
        }
        ParseResult parsed = parse_record(record, o.batch.parse);
        for (const Diagnostic &d : parsed.diagnostics)
          if (d.severity == Severity::error) {
            out.messages += render(record.name, d);
            out.status = 1;
          }
        for (const Game &game : parsed.collection.games)
          out.games.push_back(standings::summarise(game));
        return out;
      },
      [&](const batch::Record &record, RecordGames &&result) {
        if (!o.batch.quiet)
          std::fputs(result.messages.c_str(), stderr);
        status = std::max(status, result.status);
        for (size_t i = 0; i < result.games.size(); ++i) {
          std::string why = table.add(result.games[i]);
          if (why.empty())
            continue;
          if (++unscored_games <= unscored_shown && !o.batch.quiet)
            not_counted(record.name, static_cast<int>(i),
                        fmt::format("game {}: points not counted: {}", i, why));
        }
      });
  if (unscored_games > unscored_shown && !o.batch.quiet)
    not_counted("sgf standings", -1,
                fmt::format("points of {} games not counted (an unknown rank)", unscored_games));

  const bool points = *scheme != standings::PointsScheme::none;
  const auto rows = table.rows();
  std::string text;
  if (o.batch.format == "tsv")
    text = tsv(rows, points) + (o.crosstable ? "\n" + cross_table(rows, table, true) : "");
  else if (o.batch.json())
    text = json_lines(rows, points, o.crosstable ? &table : nullptr);
  else
    text = text_table(rows, points) + (o.crosstable ? cross_table(rows, table, false) : "");

  return write_whole_output(o.batch.output, text, json) ? status : 2;
}

} // namespace

void register_standings(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<StandingsOptions>();
  auto *cmd = root.add_subcommand(
      "standings", "One row per player over every game: wins, losses, draws, points");
  add_batch_options(*cmd, options->batch);
  cmd->add_option("--points", options->points,
                  "Points column: seed-ladder (the game server's ladder table), "
                  "win1-draw-half, win2-draw1, win3-draw1, or none")
      ->check(CLI::IsMember(standings::points_scheme_names()))
      ->capture_default_str();
  cmd->add_option("--alias", options->alias_file,
                  "File of spellings, one player a line, separated by tabs (first: the name "
                  "shown)")
      ->type_name("FILE");
  cmd->add_flag("--crosstable", options->crosstable, "Add a cross table of who beat whom");
  cmd->callback([options, &exit_status] { exit_status = run(*options); });
}

} // namespace sgf::tools
