// `sgf score`: re-score every game under its own or any rule set, with the breakdown, the dead
// stones and where they came from, compared with RE; exit 1 when any record's result is disputed.
#include "lib/batch/pipeline.h"
#include "lib/check/check.h"
#include "lib/engine/gtp_engine.h"
#include "lib/render/count_report.h"
#include "lib/report/emit.h"
#include "lib/score/score_game.h"
#include "lib/sgf/values.h"
#include "tools/batch_options.h"
#include "tools/checker_options.h"
#include "tools/commands.h"
#include "tools/rules_options.h"
#include "tools/terminal.h"

#include <algorithm>
#include <cstdio>
#include <fmt/format.h>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sgf::tools {

namespace {

struct CliOptions {
  BatchOptions batch;
  RulesOptions rules;
  std::optional<double> komi;
  std::string dead;
  std::string engine;
  double engine_timeout = 30; // seconds per game
  uint64_t seed = 0;
  int playouts = life::kDefaultPlayouts;
  bool disputes = false;
  bool diagram = false;
  bool no_markup = false;
  bool explain = false;
  CheckerOptions checker; // --ignore, --select, --summary, --color
};

struct Plan {
  score::ScoreOptions options;
  ParseOptions parse;
  std::string dead_text; // parsed per game: the board size may differ
  bool disputes = false;
  bool diagram = false;
  bool explain = false;
  std::string format = "text";
  Checker checker;
};

// The codes score reports besides check's (lib/check): a rule it cannot read (--rule), an engine
// that failed, and a count of an unfinished board by the estimate (score_game).
constexpr std::string_view score_codes[] = {"bad-rule", "engine-failed", "count-convention"};

// The codes --ignore and --select accept.
std::vector<std::string_view> known_codes() {
  std::vector<std::string_view> known(std::begin(score_codes), std::end(score_codes));
  for (const check::CheckCode &c : check::check_codes())
    known.push_back(c.code);
  return known;
}

// Those of `found` that --ignore and --select keep.
Diagnostics kept(const Checker &checker, Diagnostics found) {
  std::erase_if(found, [&](const Diagnostic &d) { return !checker.kept(d); });
  return found;
}

// A dispute as the diagnostic `sgf check` reports for it, for --ignore, --select and --summary.
Diagnostic dispute_diagnostic(const Game &game, int index, const score::Dispute &dispute) {
  Diagnostic d = make_diagnostic(Severity::error, "result-mismatch", dispute.message);
  d.game = index;
  d.node = 0;
  d.pos = value_pos(game.root(), "RE");
  return d;
}

// What score does with one game: worked out in parallel with the record's other games, then
// shown in their order. Neither blockers, bad_dead nor score: the game is not Go, or empty.
struct GameStep {
  Diagnostics blockers;  // the errors its count would rest on: not scored
  bool bad_dead = false; // --dead names no points on its board
  std::optional<score::GameScore> score;
};
// The counts of a large collection held at once per worker, waiting to be shown in order.
constexpr size_t kScoresHeldPerWorker = 64;

RecordOutput score_record(const batch::Record &record, const Plan &plan) {
  RecordOutput out;
  Diagnostics shown; // for --summary
  auto render = [&](const Diagnostic &d) {
    return format_diagnostic(record.name, d, plan.format == "json", plan.checker.colour);
  };
  auto message = [&](const Diagnostic &d) {
    out.messages += render(d);
    shown.push_back(d);
  };
  // A message about game g that --summary does not count: it follows from those shown.
  auto about_game = [&](size_t g, Severity severity, const char *code, std::string text) {
    Diagnostic d = make_diagnostic(severity, code, std::move(text));
    d.game = static_cast<int>(g);
    out.messages += render(d);
  };
  auto summarise = [&] {
    if (plan.checker.summary)
      plan.checker.summary->count(record.name, shown);
  };
  const bool komi_given = plan.options.rules.gives_komi();
  // A part at a time: a collection of any size is scored in the memory of one part.
  auto score_part = [&](const ParseResult &parsed) {
    // The errors `sgf check` would report about what a count rests on: such a game is not
    // scored.
    const Diagnostics blockers = kept(plan.checker, check::count_blockers(parsed, komi_given));
    if (parsed.first_game == 0 && parsed.collection.games.empty()) {
      // Not SGF, or empty: the parser says which.
      for (const Diagnostic &d : check::blockers_of_game(blockers, -1))
        message(d);
      if (has_error(shown))
        out.status = std::max(out.status, 1);
      return;
    }
    // The games are scored in parallel, a window at a time, and shown in order.
    auto prepare = [&](size_t local) {
      GameStep step;
      const Game &game = parsed.collection.games[local];
      if (game.empty() || !check::is_go(game))
        return step;
      step.blockers =
          check::blockers_of_game(blockers, static_cast<int>(parsed.first_game + local));
      if (!step.blockers.empty())
        return step;
      score::ScoreOptions options = plan.options;
      if (!plan.dead_text.empty()) {
        auto pts = parse_points(plan.dead_text, board_size_of(game).value_or(BoardSize{}));
        if (!pts) {
          step.bad_dead = true;
          return step;
        }
        options.dead = *pts;
      }
      step.score = score::score_game(game, options);
      return step;
    };
    auto show = [&](size_t local, GameStep &&step) {
      const Game &game = parsed.collection.games[local];
      const size_t g = parsed.first_game + local; // in the record
      if (!step.blockers.empty()) {
        for (const Diagnostic &d : step.blockers)
          message(d);
        about_game(g, Severity::note, "not-scored",
                   fmt::format("game {} not scored: its record has the error(s) above", g));
        out.status = std::max(out.status, 1);
        return;
      }
      if (step.bad_dead) {
        const BoardSize size = board_size_of(game).value_or(BoardSize{});
        out.status = 2;
        about_game(g, Severity::error, "bad-dead",
                   fmt::format("--dead {}: not points on a {}x{} board", plan.dead_text, size.width,
                               size.height));
        return;
      }
      if (!step.score)
        return;
      score::GameScore &gs = *step.score;
      Diagnostics notes; // shown with the game's count
      for (const Diagnostic &d : gs.diagnostics) {
        if (!plan.checker.kept(d))
          continue;
        if (d.severity == Severity::note) {
          notes.push_back(d);
          shown.push_back(d);
        } else {
          message(d);
        }
      }
      bool disputed = false; // a dispute --ignore and --select keep
      if (gs.dispute)
        if (Diagnostic d = dispute_diagnostic(game, static_cast<int>(g), *gs.dispute);
            plan.checker.kept(d)) {
          shown.push_back(std::move(d));
          disputed = true;
          out.status = std::max(out.status, 1);
        }
      // The engine the user named did not judge this game: the count stands on the estimator,
      // which is not what was asked for (a failure to run, whatever --ignore says).
      for (const Diagnostic &d : gs.diagnostics)
        if (d.code == "engine-failed")
          out.status = 2;
      if (plan.disputes && !disputed)
        return;
      const render::CountReport report{record.name, static_cast<int>(g), std::move(notes),
                                       plan.diagram, plan.explain};
      if (plan.format == "json")
        out.text += json_line(render::count_json(gs, report));
      else if (plan.format == "tsv")
        out.text += render::count_tsv_row(gs, report);
      else
        out.text += render::count_paragraph(gs, report);
    };
    batch::ordered_for(parsed.collection.games.size(), kScoresHeldPerWorker, prepare, show);
  };
  parse_record_in_parts(record, plan.parse, score_part);
  summarise();
  return out;
}

int run(const CliOptions &cli) {
  Plan plan;
  plan.format = cli.batch.format;
  if (plan.format != "text" && plan.format != "json" && plan.format != "tsv") {
    std::fprintf(stderr, "sgf score: --format %s: use text, json or tsv\n", plan.format.c_str());
    return 2;
  }
  std::optional<Checker> checker =
      make_checker(cli.checker, "score", known_codes(), colour_enabled(stderr));
  if (!checker)
    return 2;
  plan.checker = std::move(*checker);
  if (plan.checker.summary && plan.format == "tsv") {
    std::fprintf(stderr, "sgf score: --summary has no TSV form: use --format text or json\n");
    return 2;
  }
  plan.disputes = cli.disputes;
  plan.diagram = cli.diagram;
  plan.explain = cli.explain;
  std::optional<rules::RulesRequest> request = resolve_rules(cli.rules, "score");
  if (!request)
    return 2;
  plan.options.rules = std::move(*request);
  plan.options.rules.komi = cli.komi;
  plan.dead_text = cli.dead;
  if (!cli.dead.empty() && !parse_points(cli.dead, BoardSize{52, 52})) {
    std::fprintf(stderr, "sgf score: --dead %s: expected points such as dd,ef or D4\n",
                 cli.dead.c_str());
    return 2;
  }
  plan.options.engine = cli.engine;
  plan.parse = cli.batch.parse;
  plan.options.engine_timeout_ms = static_cast<int>(cli.engine_timeout * 1000);
  if (!cli.engine.empty()) {
    engine::GtpOptions gtp;
    gtp.command = cli.engine;
    gtp.timeout_ms = plan.options.engine_timeout_ms;
    plan.options.engines = std::make_shared<engine::GtpEnginePool>(gtp);
  }
  plan.options.use_markup = !cli.no_markup;
  plan.options.estimator.seed = cli.seed;
  plan.options.estimator.playouts = cli.playouts;
  std::string header;
  if (plan.format == "tsv")
    header = "file\tgame\trules\tkomi\tresult\trecorded\tdispute\tconfidence\tblack\twhite\t"
             "dead_source\tunfinished\tprofile\twhy\n";
  std::function<std::string()> footer;
  if (plan.checker.summary)
    footer = [&plan] {
      return plan.format == "json" ? plan.checker.summary->json() : plan.checker.summary->text();
    };
  return run_batch(
      cli.batch, [&plan](const batch::Record &record) { return score_record(record, plan); },
      header, footer);
}

} // namespace

void register_score(CLI::App &root, int &exit_status) {
  auto cli = std::make_shared<CliOptions>();
  auto *cmd = root.add_subcommand(
      "score", "Re-score games under any rule set, find dead stones, compare with RE (exit 1 on "
               "disputes)");
  add_batch_options(*cmd, cli->batch);
  add_rules_options(*cmd, cli->rules);
  cmd->add_option("--komi", cli->komi, "Komi in points (a finite number); default: KM")
      ->check(komi_as_written())
      ->type_name("POINTS");
  cmd->add_option("--dead", cli->dead,
                  "Dead stones: the chains through these points (SGF letters or GTP vertices, "
                  "comma-separated: dd,ef or D4,E5)")
      ->type_name("POINTS");
  cmd->add_option("--engine", cli->engine,
                  "GTP engine that judges dead stones, e.g. 'gnugo --mode gtp'")
      ->type_name("CMD");
  cmd->add_option("--engine-timeout", cli->engine_timeout,
                  "Seconds the engine has to judge one game; an engine that does not answer in "
                  "time is stopped and started again for the next game")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.1, 86400.0))
      ->capture_default_str();
  cmd->add_option("--seed", cli->seed, "Seed of the playout estimate")->capture_default_str();
  cmd->add_option("--playouts", cli->playouts, "Playouts per game of the built-in estimate")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->add_flag("--no-markup", cli->no_markup, "Ignore the records' TB/TW territory markup");
  cmd->add_flag("--disputes", cli->disputes, "Print only the games whose record disagrees");
  cmd->add_flag("--diagram", cli->diagram, "Add a board showing territory and dead stones");
  add_checker_options(*cmd, cli->checker);
  cmd->add_flag("--explain", cli->explain,
                "List every chain with its status, reason and probability, and a board with dead "
                "stones and seki marked");
  cmd->callback([cli, &exit_status] { exit_status = run(*cli); });
}

} // namespace sgf::tools
