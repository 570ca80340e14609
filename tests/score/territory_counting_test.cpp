// Territory counts of records that stop with dame open: which teire the players had to make
// while the dame were filled.
#include "lib/rules/rule_set.h"
#include "lib/score/counting.h"
#include "lib/score/score_game.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <string>

namespace sgf::score {
namespace {

// The record scored with the dead stones given (those the estimator and GNU Go find).
GameScore score_with_dead(const std::string &name, const char *dead) {
  return testing_support::score_testdata_with_dead("territory/" + name, dead);
}

// Fox, FineArt against 剑过无声, 2017-02-27 (Japanese, komi 6.5 by the Fox convention, RE
// B+2.5): White's A3 stands in atari between Black's live A4 and dead B3. Black's A2 would take
// it and join the dead stone to the live one, so White must take B3 at C3: a teire. (An atari
// held by dead stones alone needs no answer: ProCounting.AnAtariLeftByDeadStonesNeedsNoTeire.)
TEST(TerritoryCounting, AnAtariBesideALiveStoneNeedsATeire) {
  GameScore gs = score_with_dead("fox-teire-beside-live-stone-FineArt-2017-02-27.sgf",
                                 "S18,T17,B13,C12,M9,N9,O9,R9,S9,B8,B7,Q8,Q7,N7,O7,M6,N6,B3,K3");
  EXPECT_EQ(gs.rules.name, "japanese");
  EXPECT_DOUBLE_EQ(gs.rules.komi, 6.5);
  EXPECT_EQ(gs.count.dame, 0);
  EXPECT_EQ(gs.count.kinds[gs.position.index({2, 16})], PointKind::white_teire); // C3
  EXPECT_EQ(gs.count.white.territory, 56);
  EXPECT_EQ(gs.count.result, "B+2.5");
  EXPECT_FALSE(gs.dispute);
}

// The same board by the estimator: it finds those dead stones, and the count stands.
TEST(TerritoryCounting, AnAtariBesideALiveStoneByTheEstimator) {
  GameScore gs = testing_support::score_testdata(
      "territory/fox-teire-beside-live-stone-FineArt-2017-02-27.sgf");
  EXPECT_EQ(gs.count.result, "B+2.5");
  EXPECT_FALSE(gs.dispute);
}

// White's ba-bb (the chain at x=1, y=0..1) has two liberties once the dame at the corner is
// filled, both in White's territory: c0 and c1. Black's lone stone at c1 keeps two liberties and
// puts the chain in atari, and White's connection at c0 leaves it one: White must connect first,
// so one of the six points is a teire.
life::Position shortage_position(bool intruder_taken) {
  return testing_support::from_rows({".O...O",                             //
                                     intruder_taken ? "XO.O.O" : "XO...O", //
                                     "XXOOOO",                             //
                                     "XXXXXX",                             //
                                     "......"});
}

Count count_territory(const life::Position &p) {
  rules::RuleSet japanese = testing_support::rules_named("japanese");
  japanese.komi = 0;
  GameFacts facts;
  facts.fills_first = Color::black;
  return count(p, life::Verdicts{}, facts, japanese);
}

TEST(TerritoryCounting, AShortageOfLibertiesCallsForATeire) {
  life::Position p = shortage_position(false);
  Count c = count_territory(p);
  EXPECT_EQ(c.kinds[p.index({2, 0})], PointKind::white_teire);
  EXPECT_EQ(c.white.teire, 1);
  EXPECT_EQ(c.white.territory, 5);
  // Without the dame fill (KGS's static rule) no teire is found here.
  rules::RuleSet japanese = testing_support::rules_named("japanese");
  EXPECT_EQ(count(p, life::Verdicts{}, GameFacts{}, japanese).white.territory, 6);
}

// With a white stone at d1, Black's stone at c1 has one liberty and is taken at once, and a
// stone at c0 lets White connect at c1 to the wall: the exchange costs White nothing.
TEST(TerritoryCounting, NoTeireWhenTheIntruderIsTakenOrTheConnectionEscapes) {
  life::Position p = shortage_position(true);
  Count c = count_territory(p);
  EXPECT_EQ(c.white.teire, 0);
  EXPECT_EQ(c.white.territory, 5);
}

// Fox, 金毛测试 against ziggler, 2018-05-23 (Japanese, komi 7.5, RE B+2.5): White's ba-bb is left
// with the liberties ca and cb inside White's territory; Black's cb would force White to connect
// at ca too late, so ca is a teire.
TEST(TerritoryCounting, AShortageOfLibertiesInAFoxRecord) {
  GameScore gs =
      score_with_dead("fox-shortage-of-liberties-JinMao-2018-05-23.sgf", "hc,pc,fd,ce,de,dg,ej,no");
  EXPECT_EQ(gs.count.kinds[gs.position.index({2, 0})], PointKind::white_teire); // ca
  EXPECT_EQ(gs.count.result, "B+2.5");
  EXPECT_FALSE(gs.dispute);
}

// Fox, 金毛测试 against amateur7, 2018-09-17 (Japanese, komi 7.5, RE B+2.50): Black's fill at
// ah leaves White's ai-bi-bj short of liberties, a fill as forcing as an atari, so Black makes
// it before White can connect through the dame; White's aj is then a teire.
TEST(TerritoryCounting, AFillThatLeavesAShortageIsPlayedFirst) {
  GameScore gs =
      score_with_dead("fox-fill-forcing-a-shortage-JinMao-2018-09-17.sgf", "mg,ol,ep,eq");
  EXPECT_EQ(gs.count.kinds[gs.position.index({0, 9})], PointKind::white_teire); // aj
  EXPECT_EQ(gs.count.result, "B+2.5");
  EXPECT_FALSE(gs.dispute);
}

// Fox, gangnam against dolbaram9, 2017-11-04 (Japanese, komi 6.5 by the Fox convention, RE
// W+2.5): the dame R1 and T1 stay open, since a stone on either is in atari, and Black's S1-S2
// has no other liberty. White's chains beside them, R2-Q2 and T2, each have one more liberty,
// R3 and T3: eyes of stones in seki, which are no territory.
TEST(TerritoryCounting, TheEyesOfChainsBesideAnOpenDameAreNoTerritory) {
  GameScore gs = score_with_dead("fox-seki-eyes-beside-open-dame-dolbaram9-2017-11-04.sgf",
                                 "la,rd,ng,rm,bn,po");
  EXPECT_EQ(gs.count.kinds[gs.position.index({16, 18})], PointKind::dame);        // R1
  EXPECT_EQ(gs.count.kinds[gs.position.index({18, 18})], PointKind::dame);        // T1
  EXPECT_EQ(gs.count.kinds[gs.position.index({16, 16})], PointKind::white_teire); // R3
  EXPECT_EQ(gs.count.kinds[gs.position.index({18, 16})], PointKind::white_teire); // T3
  EXPECT_EQ(gs.count.white.teire, 2);
  EXPECT_EQ(gs.count.black.teire, 0);
  EXPECT_EQ(gs.count.result, "W+2.5");
  EXPECT_FALSE(gs.dispute);
  // The estimator finds the same dead stones.
  EXPECT_EQ(testing_support::score_testdata(
                "territory/fox-seki-eyes-beside-open-dame-dolbaram9-2017-11-04.sgf")
                .count.result,
            "W+2.5");
}

// Fox, FineArt against 天地皆醉, 2017-03-04 (Japanese, komi 6.5 by the Fox convention, RE
// W+0.5): White is to fill first, and where its fill cuts Black's chain through F10 off at K11
// from Black's L11 the fill puts that chain in atari and F9 is a teire. Few orders of the fill
// find that cut, and Black filling first connects at K11: F9 is Black's territory, as Fox counts.
TEST(TerritoryCounting, AFoxTeireIsOneWhicheverSideFillsFirst) {
  GameScore gs = score_with_dead("fox-teire-whichever-side-fills-first-FineArt-2017-03-04.sgf",
                                 "qb,rb,fc,ne,oo,po,jp");
  EXPECT_EQ(gs.facts.fills_first, Color::white);
  EXPECT_TRUE(gs.facts.counted_as_left);
  const int f9 = gs.position.index({5, 10});
  EXPECT_EQ(gs.count.kinds[f9], PointKind::black_territory);
  EXPECT_EQ(gs.count.result, "W+0.5");
  EXPECT_FALSE(gs.dispute);
}

// White's chain b0-a1-b1 has two liberties: the dame at c0 and a0 in its own territory. Once
// Black fills c0 White must fill a0, so the static rule gives White no point at a0; a server
// that counts the board as the players left it, dame shared and unfilled, counts a0 as White's.
TEST(TerritoryCounting, ACountOfTheBoardAsLeftDeductsNoStaticTeire) {
  const life::Position p = testing_support::from_rows({".O.X.", //
                                                       "OOXX.", //
                                                       "XXX.."});
  const rules::RuleSet japanese = testing_support::rules_named("japanese");
  Count fill = count(p, life::Verdicts{}, GameFacts{}, japanese);
  EXPECT_NE(fill.kinds[p.index({0, 0})], PointKind::white_territory);
  EXPECT_EQ(fill.white.territory, 0);
  GameFacts as_left;
  as_left.counted_as_left = true;
  Count left = count(p, life::Verdicts{}, as_left, japanese);
  EXPECT_EQ(left.kinds[p.index({0, 0})], PointKind::white_territory);
  EXPECT_EQ(left.white.territory, 1);
  EXPECT_EQ(left.white.teire, 0);
}

// The count's breakdown writes a negative term with its sign: a reverse komi (Black gives no
// komi, White receives -5.5) reads "- 5.5 komi".
TEST(TerritoryCounting, BreakdownWritesANegativeKomiWithItsSign) {
  Count c;
  c.scoring = rules::Scoring::territory;
  c.white.territory = 10;
  c.white.komi = -5.5;
  c.white.total = 4.5;
  EXPECT_EQ(breakdown_text(c, Color::white),
            "4.5 = 10 territory + 0 prisoners + 0 dead - 5.5 komi");
  c.white.komi = 6.5;
  c.white.total = 16.5;
  EXPECT_EQ(breakdown_text(c, Color::white),
            "16.5 = 10 territory + 0 prisoners + 0 dead + 6.5 komi");
}

} // namespace
} // namespace sgf::score
