// The scoring pipeline of one game.
#include "lib/score/score_game.h"

#include "lib/rules/replay.h"
#include "lib/score/calibration.h"
#include "lib/sgf/values.h"
#include "lib/sgf/writer.h"

#include <algorithm>

namespace sgf::score {

namespace {

// The game as a GTP engine is given it: without RE, since its dead stones are the count's, and
// with the handicap stones the rules place where the record has none.
std::string engine_record(const Game &game, const rules::RuleSet &rules) {
  Game copy = game;
  copy.root().erase("RE");
  if (const std::vector<Point> stones = rules::fixed_handicap_stones(game, rules);
      !stones.empty()) {
    Property &ab = copy.root().properties.emplace_back();
    ab.id = "AB";
    for (Point p : stones)
      ab.values.emplace_back(point_to_sgf(p), SourcePos{});
  }
  return write_sgf(copy);
}

} // namespace

GameScore score_game(const Game &game, const ScoreOptions &options) {
  GameScore gs;
  rules::GameRules chosen = rules::rules_of_game(game, options.rules, gs.diagnostics);
  gs.rules = chosen.rules;
  gs.rules_reason = std::move(chosen.reason);
  gs.profile = std::move(chosen.profile);
  BoardSize size = board_size_of(game).value_or(BoardSize{});

  Color to_move = Color::black;
  std::vector<Point> tb, tw;
  bool markup = false;
  std::vector<rules::LineReplay> lines = rules::replay(game, gs.rules);
  if (lines.empty()) {
    gs.position = life::Position(size);
  } else {
    const rules::LineReplay &line = lines.front();
    gs.position.size = line.board.size();
    gs.position.stones = line.board.stones();
    gs.moves = line.moves;
    gs.ended_by_passes = line.ended_by_passes;
    gs.cycle = line.cycle;
    gs.facts.prisoners_black = line.board.captured_stones(Color::white);
    gs.facts.prisoners_white = line.board.captured_stones(Color::black);
    gs.facts.handicap = gs.rules.handicap;
    size = gs.position.size;
    // Passes per colour, the side to move, and the last territory markup on the main line.
    for (NodeIndex n : line.line) {
      const Node &node = game.nodes[n];
      if (auto m = move_of(node, size)) {
        if (m->pass)
          (m->color == Color::black ? gs.facts.passes_black : gs.facts.passes_white)++;
        to_move = opponent(m->color);
      }
      const Property *ptb = node.find("TB"), *ptw = node.find("TW");
      if (ptb || ptw) {
        auto points = [&](const Property *p) {
          return p ? to_point_list(*p, size).value_or(std::vector<Point>{}) : std::vector<Point>{};
        };
        tb = points(ptb);
        tw = points(ptw);
        markup = !tb.empty() || !tw.empty();
      }
    }
  }

  if (gs.rules.open_dame == rules::OpenDame::filled)
    gs.facts.fills_first = to_move;
  gs.facts.counted_as_left = gs.rules.counted_as_left;
  // Dead stones, in order of authority.
  if (options.dead) {
    gs.life = life::judge_given(gs.position, life::dead_from_points(gs.position, *options.dead),
                                life::DeadSource::user);
  } else if (options.use_markup && markup) {
    gs.life = life::judge_given(gs.position, life::dead_from_markup(gs.position, tb, tw),
                                life::DeadSource::markup);
  } else {
    engine::GtpVerdict v; // not ok: the built-in estimator
    if (!options.engine.empty()) {
      const std::string record = engine_record(game, gs.rules);
      v = options.engines ? options.engines->ask(record, size, gs.rules.komi)
                          : engine::GtpEngine({options.engine, options.engine_timeout_ms})
                                .ask(record, size, gs.rules.komi);
    }
    for (auto &d : v.diagnostics) {
      d.severity = Severity::warning;
      d.message += "; using the built-in estimator";
      gs.diagnostics.push_back(d);
    }
    if (v.ok)
      gs.life = life::judge_given(gs.position, life::dead_from_points(gs.position, v.dead),
                                  life::DeadSource::engine);
    else
      gs.life = life::judge_estimate(gs.position, to_move, options.estimator, gs.ended_by_passes);
  }
  // An estimate that ran (not Benson's test alone, which leaves every ownership at zero).
  if (gs.rules.open_points_by_estimate && gs.life.unfinished && gs.life.playouts > 0) {
    gs.facts.estimate = gs.life.ownership;
    const std::string by = gs.profile.profile.open_points_by_estimate
                               ? gs.profile.profile.name + " profile"
                               : std::string("--rule");
    gs.diagnostics.push_back(make_diagnostic(
        Severity::note, "count-convention",
        "the board is not finished: its open points count for the side the playout estimate "
        "gives them (" +
            by + ")"));
    gs.diagnostics.back().node = 0;
  }
  gs.count = count(gs.position, gs.life.verdicts, gs.facts, gs.rules);
  // RE is read only now, after the count, to compare with it.
  if (!game.empty())
    if (const std::string *re = first_value(game.root(), "RE"))
      gs.recorded = read_result(to_simple_text(*re), gs.profile.profile.results);
  const BoardState state = gs.life.unfinished   ? BoardState::unfinished
                           : gs.ended_by_passes ? BoardState::passed
                                                : BoardState::stopped;
  gs.confidence = winner_probability(gs.life.confidence, gs.count.margin, state);
  gs.dispute = find_dispute(
      gs.recorded, {gs.count.margin, gs.life.unfinished, gs.ended_by_passes, gs.cycle}, gs.rules);
  if (gs.dispute) {
    note_other_count(*gs.dispute, gs.recorded,
                     count_by_other_method(gs.position, gs.life.verdicts, gs.facts, gs.rules));
    note_other_fill(*gs.dispute, gs.recorded, gs.position, gs.life.verdicts, gs.facts, gs.rules);
    note_turned_group(*gs.dispute, gs.recorded, gs.position, gs.life, gs.facts, gs.rules,
                      gs.count.margin);
  }
  return gs;
}

} // namespace sgf::score
