// RE is compared only after the count: a record that names area rules and was counted by territory
// keeps its area count, and the dispute says that RE fits a territory count; a record whose result
// counts one group otherwise, or the dame filled in another order, keeps the count, and the
// dispute names the group or the order (disputes.h).
#include "lib/score/disputes.h"
#include "lib/score/score_game.h"
#include "lib/sgf/values.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
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
  note_other_count(d, read_result("B+2.5"), other);
  EXPECT_FALSE(d.re_fits.has_value());
  EXPECT_EQ(d.message, "RE[B+2.5] but the count gives B+3.5");
  other.margin = 2.5;
  other.result = "B+2.5";
  note_other_count(d, read_result("B+2.5"), other);
  EXPECT_EQ(d.message,
            "RE[B+2.5] but the count gives B+3.5; RE fits a territory count of this board: B+2.5");
}

TEST(ReFitsOtherCount, AnUnfinishedBoardIsNotExplainedByAnotherCount) {
  Dispute d{DisputeKind::unfinished, "RE[W+3.5] is a counted result but the board is not finished"};
  Count other;
  other.margin = -3.5;
  other.result = "W+3.5";
  note_other_count(d, read_result("W+3.5"), other);
  EXPECT_FALSE(d.re_fits.has_value());
}

// Professional records counted with the dame filled in turn, whose RE one of the other orders of
// the fill gives (testdata/score/pro/README.md).
class ReFitsOtherFill : public testing::TestWithParam<const char *> {};

TEST_P(ReFitsOtherFill, TheCountKeepsTheMedianOrderAndTheDisputeNamesAnother) {
  GameScore gs = score_testdata(GetParam());
  ASSERT_TRUE(gs.facts.fills_first.has_value());
  std::set<std::string> by_order;
  for (Symmetry s : all_symmetries())
    by_order.insert(count(gs.position, gs.life.verdicts, gs.facts, gs.rules, s).result);
  EXPECT_GT(by_order.size(), 1u);
  EXPECT_TRUE(by_order.contains(gs.count.result)) << gs.count.result;
  EXPECT_TRUE(by_order.contains(gs.recorded.text)) << gs.recorded.text;
  ASSERT_TRUE(gs.dispute.has_value());
  EXPECT_TRUE(gs.dispute->re_fits_fill);
  EXPECT_FALSE(gs.dispute->re_fits.has_value());
  EXPECT_TRUE(gs.dispute->re_fits_group.empty());
  EXPECT_NE(
      gs.dispute->message.find("; RE fits the dame filled in another order: " + gs.recorded.text),
      std::string::npos)
      << gs.dispute->message;
}

INSTANTIATE_TEST_SUITE_P(Pro, ReFitsOtherFill,
                         testing::Values("pro/chinese-fill-order-CJGoExchange-1985-23.sgf",
                                         "pro/japanese-fill-order-Go_Seigen-1946-08-29.sgf"));

TEST(ReFitsOtherFill, NothingSaidWhenNoDameAreFilled) {
  GameScore gs = score_testdata("pro/japanese-fill-order-Go_Seigen-1946-08-29.sgf");
  Dispute d{DisputeKind::margin, "RE[W+1] but the count gives 0"};
  GameFacts facts = gs.facts;
  facts.fills_first.reset();
  note_other_fill(d, gs.recorded, gs.position, gs.life.verdicts, facts, gs.rules);
  EXPECT_FALSE(d.re_fits_fill);
  EXPECT_EQ(d.message, "RE[W+1] but the count gives 0");
}

TEST(ReFitsTurnedGroup, TheDisputeNamesADeadStoneThatRecordCountsAlive) {
  GameScore gs = score_testdata("japanese-unmarked-dead-stone-kgs-2001-03-31-8.sgf");
  EXPECT_EQ(gs.count.result, "B+8.5");
  ASSERT_TRUE(gs.dispute.has_value());
  EXPECT_EQ(gs.dispute->kind, DisputeKind::margin);
  EXPECT_FALSE(gs.dispute->re_fits.has_value());
  ASSERT_EQ(gs.dispute->re_fits_group.size(), 1u);
  EXPECT_EQ(point_name(gs.dispute->re_fits_group[0], gs.position.size), "P13");
  EXPECT_EQ(gs.dispute->re_fits_status, life::Status::alive);
  EXPECT_NE(gs.dispute->message.find("; RE fits this board with the white stone at P13 alive"),
            std::string::npos)
      << gs.dispute->message;
}

// RE counts dead a group in seki (two shared liberties with Black's three stones inside it).
TEST(ReFitsTurnedGroup, TheDisputeNamesASekiGroupThatRecordCountsDead) {
  GameScore gs = score_testdata("japanese-seki-counted-dead-kgs-2006-07-22-24.sgf");
  EXPECT_EQ(gs.count.result, "W+16.5");
  const int r5 = gs.position.index(*point_from_name("R5", gs.position.size));
  const auto white = std::ranges::find_if(
      gs.life.groups, [&](const life::GroupLife &g) { return std::ranges::count(g.stones, r5); });
  ASSERT_NE(white, gs.life.groups.end());
  EXPECT_EQ(white->status, life::Status::seki);
  EXPECT_EQ(white->reason, "seki: 2 shared liberties");
  ASSERT_TRUE(gs.dispute.has_value());
  EXPECT_EQ(gs.dispute->kind, DisputeKind::winner);
  EXPECT_EQ(gs.dispute->re_fits_group.size(), 13u);
  EXPECT_EQ(gs.dispute->re_fits_status, life::Status::dead);
  EXPECT_NE(gs.dispute->message.find("; RE fits this board with the white stones at R5, R4, R3, "
                                     "Q3, Q2, Q1, R1, P1, S4, T4, T3, T2, S5 dead"),
            std::string::npos)
      << gs.dispute->message;
}

TEST(ReFitsTurnedGroup, NoGroupNamedWhenNoOneVerdictGivesRe) {
  GameScore gs = score_testdata("japanese-seki-markup-kgs-2017-02-20-1.sgf");
  EXPECT_EQ(gs.life.source, life::DeadSource::markup);
  EXPECT_EQ(gs.count.result, "B+0.5");
  ASSERT_TRUE(gs.dispute.has_value());
  EXPECT_TRUE(gs.dispute->re_fits_group.empty());
  EXPECT_EQ(gs.dispute->message, "RE[B+3.50] but the count gives B+0.5");
}

TEST(ReSwapped, TheDisputeSaysRecordGivesTheCountToTheOtherColour) {
  GameScore gs = score_testdata("japanese-winner-swapped-kgs-2000-9-16-1.sgf");
  EXPECT_EQ(gs.count.result, "W+59.5");
  ASSERT_TRUE(gs.dispute.has_value());
  EXPECT_EQ(gs.dispute->kind, DisputeKind::winner);
  EXPECT_TRUE(gs.dispute->re_swapped);
  EXPECT_NE(gs.dispute->message.find("; RE is this count with the colours swapped"),
            std::string::npos)
      << gs.dispute->message;
}

TEST(ReSwapped, NotSaidOfAMirroredPointOrTwoNorOfAMarginDispute) {
  const rules::RuleSet japanese = *rules::preset("japanese");
  auto dispute = [&](const char *re, double margin) {
    return find_dispute(read_result(re), {.margin = margin}, japanese).value();
  };
  EXPECT_TRUE(dispute("B+2.5", -2.5).re_swapped);
  EXPECT_EQ(dispute("B+2.5", -2.5).message,
            "RE[B+2.5] but the count gives W+2.5; RE is this count with the colours swapped (the "
            "winner written wrong?)");
  EXPECT_FALSE(dispute("B+0.5", -0.5).re_swapped);
  EXPECT_FALSE(dispute("W+2", 2).re_swapped);
  EXPECT_EQ(dispute("W+2", 2).message, "RE[W+2] but the count gives B+2");
  EXPECT_FALSE(dispute("B+2.5", 3.5).re_swapped);
}

} // namespace
} // namespace sgf::score
