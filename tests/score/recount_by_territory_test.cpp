// Results counted by territory in records that name area rules: the parity of RE against the
// area count (conventions.h, recount_by_territory).
#include "lib/rules/rule_set.h"
#include "lib/score/score_game.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace sgf::score {
namespace {

GameScore score_record(const std::string &name, const ScoreOptions &options = {}) {
  return testing_support::score_testdata("pro/" + name, options);
}

bool has_note(const GameScore &gs, const std::string &code) {
  return std::any_of(gs.diagnostics.begin(), gs.diagnostics.end(),
                     [&](const Diagnostic &d) { return d.code == code; });
}

TEST(RecountByTerritory, OddDistanceFromTheAreaCountMeansTerritory) {
  GameScore gs = score_record("territory-result-Go_Seigen_Cup-03-16.sgf");
  EXPECT_EQ(gs.count.scoring, rules::Scoring::territory);
  EXPECT_EQ(gs.count.result, "W+1.5");
  EXPECT_FALSE(gs.dispute.has_value());
  EXPECT_TRUE(has_note(gs, "counting-convention"));
}

TEST(RecountByTerritory, RulesGivenByTheUserAreKept) {
  ScoreOptions options;
  options.rules = rules::preset("chinese");
  GameScore gs = score_record("territory-result-Go_Seigen_Cup-03-16.sgf", options);
  EXPECT_EQ(gs.count.scoring, rules::Scoring::area);
  EXPECT_EQ(gs.count.result, "W+0.5");
  EXPECT_FALSE(has_note(gs, "counting-convention"));
}

TEST(RecountByTerritory, AreaStandsWhenTerritoryComesNoCloser) {
  GameScore gs = score_record("area-stands-Go_Seigen_Cup-04-7.sgf");
  EXPECT_EQ(gs.count.scoring, rules::Scoring::area);
  EXPECT_EQ(gs.count.result, "B+1.5");
  EXPECT_FALSE(has_note(gs, "counting-convention"));
}

TEST(RecountByTerritory, AreaStandsOnAnUnfinishedBoard) {
  GameScore gs = score_record("unfinished-area-stands-CJGoExchange-1976-04-19c.sgf");
  EXPECT_TRUE(gs.life.unfinished);
  EXPECT_EQ(gs.count.scoring, rules::Scoring::area);
  EXPECT_FALSE(has_note(gs, "counting-convention"));
}

} // namespace
} // namespace sgf::score
