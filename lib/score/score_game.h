// Scoring one game of a record: replay the main line, find the dead stones by the strongest
// authority available (user, TB/TW markup, GTP engine, built-in estimator), count under the rule
// set and compare with RE.
#pragma once

#include "lib/engine/gtp_engine.h"
#include "lib/life/life.h"
#include "lib/report/diagnostic.h"
#include "lib/rules/profile.h"
#include "lib/rules/rule_set.h"
#include "lib/score/counting.h"
#include "lib/score/disputes.h"
#include "lib/sgf/tree.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf::score {

struct ScoreOptions {
  rules::RulesRequest rules;              // --rules, --profile, --rule, --komi
  std::optional<std::vector<Point>> dead; // --dead: the chains through these points are dead
  bool use_markup = true;                 // TB/TW in the record
  std::string engine;                     // GTP command; empty: built-in estimator
  int engine_timeout_ms = 30'000;         // per game
  std::shared_ptr<engine::GtpEnginePool> engines; // the run's engine processes; none: one per game
  life::EstimatorOptions estimator;
};

struct GameScore {
  rules::RuleSet rules;
  std::string rules_reason; // "--rules", "RU[Japanese]", "no RU: the default" (or a profile's)
  rules::ProfileChoice profile;
  life::Position position; // the final position of the main line
  GameFacts facts;
  life::Life life;
  double confidence = 1; // the probability that count.result names the winner (calibration.h)
  Count count;
  Result recorded;
  std::optional<Dispute> dispute;
  int moves = 0;
  bool ended_by_passes = false;
  bool cycle = false;
  Diagnostics diagnostics; // rules notes, engine failures (then the estimator is used)
};

// The rules are rules::rules_of_game's (lib/rules/profile.h gives the order of its steps). RE is
// read only after the count, to compare. A GTP engine (ScoreOptions::engine) is given the game
// without RE.
GameScore score_game(const Game &, const ScoreOptions &);

} // namespace sgf::score
