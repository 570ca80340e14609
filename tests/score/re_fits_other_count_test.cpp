// RE is compared only after the count: a record that names area rules and was counted by territory
// keeps its area count, and the dispute says that RE fits a territory count (disputes.h).
#include "lib/score/disputes.h"
#include "lib/score/score_game.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <string>

namespace sgf::score {
namespace {

using testing_support::score_testdata;

TEST(ReFitsOtherCount, AreaCountStandsAndTheDisputeNamesTheTerritoryCount) {
  // RU[Chinese], RE[W+1.5]: the area count gives W+0.5, one point away, a parity no area count
  // of this board reaches; the territory count gives RE.
  GameScore gs = score_testdata("pro/territory-result-Go_Seigen_Cup-03-16.sgf");
  EXPECT_EQ(gs.count.scoring, rules::Scoring::area);
  EXPECT_EQ(gs.count.result, "W+0.5");
  ASSERT_TRUE(gs.dispute.has_value());
  EXPECT_EQ(gs.dispute->kind, DisputeKind::margin);
  ASSERT_TRUE(gs.dispute->re_fits.has_value());
  EXPECT_EQ(*gs.dispute->re_fits, rules::Scoring::territory);
  EXPECT_EQ(gs.dispute->re_fits_result, "W+1.5");
  EXPECT_NE(gs.dispute->message.find("RE fits a territory count of this board: W+1.5"),
            std::string::npos)
      << gs.dispute->message;
}

TEST(ReFitsOtherCount, NothingSaidWhenTheOtherCountDoesNotGiveRe) {
  Dispute d{DisputeKind::margin, "RE[B+2.5] but the count gives B+3.5"};
  Count other;
  other.scoring = rules::Scoring::territory;
  other.margin = 1.5;
  other.result = "B+1.5";
  note_other_count(d, parse_result("B+2.5"), other);
  EXPECT_FALSE(d.re_fits.has_value());
  EXPECT_EQ(d.message, "RE[B+2.5] but the count gives B+3.5");
  other.margin = 2.5;
  other.result = "B+2.5";
  note_other_count(d, parse_result("B+2.5"), other);
  EXPECT_EQ(d.message,
            "RE[B+2.5] but the count gives B+3.5; RE fits a territory count of this board: B+2.5");
}

TEST(ReFitsOtherCount, AnUnfinishedBoardIsNotExplainedByAnotherCount) {
  Dispute d{DisputeKind::unfinished, "RE[W+3.5] is a counted result but the board is not finished"};
  Count other;
  other.margin = -3.5;
  other.result = "W+3.5";
  note_other_count(d, parse_result("W+3.5"), other);
  EXPECT_FALSE(d.re_fits.has_value());
}

} // namespace
} // namespace sgf::score
