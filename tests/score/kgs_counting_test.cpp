// Territory counts of KGS records where live stones cannot survive their own teire: the verdicts
// keep them alive, so they are in seki with the opponent chain beside the dame, and neither
// side's eye there is territory (Japanese rules; KGS's own TB/TW markup counts so).
#include "lib/score/counting.h"
#include "lib/score/score_game.h"
#include "lib/sgf/values.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <string>

namespace sgf::score {
namespace {

GameScore score_record(const std::string &name, const char *dead = nullptr) {
  return dead ? testing_support::score_testdata_with_dead("kgs/" + name, dead)
              : testing_support::score_testdata("kgs/" + name);
}

PointKind kind_at(const GameScore &gs, const char *sgf_point) {
  auto p = parse_points(sgf_point, gs.position.size);
  EXPECT_TRUE(p && p->size() == 1) << sgf_point;
  return gs.count.kinds[gs.position.index(p->front())];
}

// Black's corner stones rs and sr share the dame rr with White's chain and have ss beside; filling
// ss would leave them no liberty, and the markup keeps them alive. KGS's TB/TW leave out ss and
// White's two-point eye pr/ps: RE B+4.5 (counting pr/ps as White's territory gave B+2.5).
TEST(KgsCounting, TeireThatCannotSaveItsChainIsASekiMarkup) {
  GameScore gs = score_record("japanese-seki-teire-markup-kgs-2017-02-13-1.sgf");
  EXPECT_EQ(gs.count.result, "B+4.5");
  EXPECT_EQ(kind_at(gs, "pr"), PointKind::white_seki_eye);
  EXPECT_EQ(kind_at(gs, "ps"), PointKind::white_seki_eye);
  EXPECT_EQ(kind_at(gs, "rr"), PointKind::seki);
  EXPECT_EQ(kind_at(gs, "ss"), PointKind::black_seki_eye);
}

// The same corner under the estimator's verdicts (dead stones pinned to the estimator's): RE W+2.5,
// before W+4.5.
TEST(KgsCounting, TeireThatCannotSaveItsChainIsASeki) {
  GameScore gs = score_record("japanese-seki-teire-kgs-2002-07-14-4.sgf", "lg,lk");
  EXPECT_EQ(gs.count.result, "W+2.5");
  EXPECT_EQ(kind_at(gs, "sa"), PointKind::black_seki_eye);
}

// A chain beside such stones whose eye is larger than six points lives on its own: no seki, and
// its territory counts (RE W+28.5; spreading the seki to it gave B+14.5).
TEST(KgsCounting, ABigEyeIsNoSeki) {
  GameScore gs = score_record("japanese-big-eye-kgs-2006-11-15-8.sgf", "gc");
  EXPECT_EQ(gs.count.result, "W+28.5");
  EXPECT_EQ(gs.count.seki_points, 0);
}

} // namespace
} // namespace sgf::score
