// Territory counts of records that stop with dame open: which teire the players had to make
// while the dame were filled.
#include "lib/score/counting.h"
#include "lib/score/score_game.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <string>

namespace sgf::score {
namespace {

// The record scored with the dead stones given (those the estimator and GNU Go find), so that
// a test checks the count alone.
GameScore score_with_dead(const std::string &name, const char *dead) {
  ScoreOptions options;
  options.dead = parse_points(dead, BoardSize{19, 19});
  EXPECT_TRUE(options.dead) << dead;
  return testing_support::score_testdata("territory/" + name, options);
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

} // namespace
} // namespace sgf::score
