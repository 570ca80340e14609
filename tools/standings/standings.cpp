// `sgf standings`: one row per player over every game of the inputs (games, wins, losses,
// draws, no results, by colour, win rate, points by a table), as a terminal table, TSV or JSON
// Lines, with an optional cross table of who beat whom.
#include "lib/standings/standings.h"
#include "lib/batch/pipeline.h"
#include "lib/report/emit.h"
#include "lib/sgf/values.h"
#include "lib/standings/tables.h"
#include "parsers/record/record.h"
#include "parsers/sgf/summary.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/terminal.h"

#include <cstdio>
#include <fmt/format.h>
#include <fstream>
#include <iterator>
#include <memory>
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
  batch::RecordSource source(o.batch.inputs);
  ProgressLine progress(progress_wanted(o.batch.quiet, o.batch.no_progress), source);
  // What is left out of the table, of game `game` (-1: in all).
  auto note = [&](const std::string &name, int game, std::string_view code, std::string why) {
    progress.erase();
    Diagnostic d = make_diagnostic(Severity::note, std::string(code), std::move(why));
    d.game = game;
    std::fputs(render(name, d).c_str(), stderr);
  };
  standings::Table table(*scheme, aliases ? &*aliases : nullptr);
  int status = 0;
  int unscored_games = 0;
  constexpr int unscored_shown = 20; // the first few are named; the rest are counted
  tbb::enumerable_thread_specific<RecordSummary> scans; // each worker's, reused
  batch::ordered_map(
      source, batch::PipelineOptions{o.batch.jobs, 0},
      [&](const batch::Record &record) {
        progress.started(record);
        RecordGames out;
        if (record.error) {
          out.messages = render(record.name, *record.error);
          out.status = unread_status(record);
          return out;
        }
        // A clean SGF record (nearly all) is only scanned; any other is parsed, for its errors
        // and whatever the repairs recover.
        RecordSummary &scan = scans.local();
        const auto add = [&out](const GameSummary &game, size_t) {
          out.games.push_back(summarise_scanned(game));
          return true;
        };
        if (summarise_record(record, o.batch.parse, scan, add))
          return out;
        out.games.clear();
        const Diagnostics diagnostics =
            for_each_game(record, o.batch.parse, [&](Game &game, size_t) {
              out.games.push_back(standings::summarise(game));
            });
        for (const Diagnostic &d : diagnostics)
          if (d.severity == Severity::error) {
            out.messages += render(record.name, d);
            out.status = 1;
          }
        return out;
      },
      [&](const batch::Record &record, RecordGames &&result) {
        if (!o.batch.quiet && !result.messages.empty()) {
          progress.erase();
          std::fputs(result.messages.c_str(), stderr);
        }
        status = std::max(status, result.status);
        for (size_t i = 0; i < result.games.size(); ++i) {
          std::string why = table.add(result.games[i]);
          if (why.empty())
            continue;
          if (++unscored_games <= unscored_shown && !o.batch.quiet)
            note(record.name, static_cast<int>(i), "points-not-counted",
                 fmt::format("game {}: points not counted: {}", i, why));
        }
        progress.count(record);
      });
  progress.erase();
  if (unscored_games > unscored_shown && !o.batch.quiet)
    note("sgf standings", -1, "points-not-counted",
         fmt::format("points of {} games not counted (an unknown rank)", unscored_games));
  if (table.unnamed() > 0 && !o.batch.quiet)
    note("sgf standings", -1, "unnamed-player",
         fmt::format("{} side(s) of a game with no player name (PB or PW) not counted",
                     table.unnamed()));

  const bool points = *scheme != standings::PointsScheme::none;
  const auto rows = table.rows();
  std::string text;
  if (o.batch.format == "tsv")
    text = standings::tsv_table(rows, points) +
           (o.crosstable ? "\n" + standings::cross_table(rows, table, true) : "");
  else if (o.batch.json())
    text = standings::json_lines(rows, points, o.crosstable ? &table : nullptr);
  else
    text = standings::text_table(rows, points) +
           (o.crosstable ? standings::cross_table(rows, table, false) : "");

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
      ->type_name("FILE")
      ->check(named_path());
  cmd->add_flag("--crosstable", options->crosstable, "Add a cross table of who beat whom");
  cmd->callback([options, &exit_status] { exit_status = run(*options); });
}

} // namespace sgf::tools
