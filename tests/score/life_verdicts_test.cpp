// Dead-stone and seki verdicts of the built-in judgement on real records (testdata/score/
// verdicts) that the estimator alone (no markup) must get right.
#include "lib/score/life.h"
#include "lib/score/score_game.h"
#include "parsers/sgf/parse.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <string>

namespace sgf::score {
namespace {

GameScore score_record(const std::string &name, const ScoreOptions &options) {
  return testing_support::score_testdata("verdicts/" + name, options);
}

// The record judged by the built-in estimator alone (its markup, if any, ignored).
GameScore estimated(const std::string &name, uint64_t seed) {
  ScoreOptions options;
  options.use_markup = false;
  options.estimator.seed = seed;
  return score_record(name, options);
}

// In both games a short chain of a group with plenty of territory sits beside a point neither
// side can fill; taking that chain as in seki made the whole territory seki eyes, which Japanese
// rules do not count (W+53.5 and B+31.5 before). The groups live on their own: no seki.
TEST(Verdicts, NoSekiBesideAGroupThatLivesOnItsOwn) {
  struct Case {
    const char *file;
    const char *result;
  };
  for (Case c : {Case{"japanese-false-seki-kgs-2003-03-19-3.sgf", "W+18.5"},
                 Case{"japanese-false-seki-kgs-2002-08-07-2.sgf", "B+0.5"}}) {
    for (uint64_t seed : {0, 1, 2}) {
      SCOPED_TRACE(std::string(c.file) + " seed " + std::to_string(seed));
      GameScore gs = estimated(c.file, seed);
      EXPECT_EQ(gs.life.source, DeadSource::estimator);
      EXPECT_EQ(gs.count.seki_points, 0);
      EXPECT_EQ(gs.count.result, c.result);
      EXPECT_FALSE(gs.dispute);
    }
  }
}

// Seki shapes that die to a throw-in: the enclosed chain plays one of its two liberties, the
// capture leaves its neighbours three points (2017-05-17-9, whose markup the estimate now matches
// stone for stone) or a rabbity six (2006-03-04-31), and the thrower reduces that to one eye. The
// playouts keep such groups alive (they never throw in three stones or more): W+78.5 and B+31.5
// before.
TEST(Verdicts, SekiThatDiesToAThrowInIsNoSeki) {
  ScoreOptions markup_options;
  GameScore markup =
      score_record("chinese-false-seki-throw-in-kgs-2017-05-17-9.sgf", markup_options);
  ASSERT_EQ(markup.life.source, DeadSource::markup);
  struct Case {
    const char *file;
    const char *result;
  };
  for (Case c : {Case{"chinese-false-seki-throw-in-kgs-2017-05-17-9.sgf", "W+116.5"},
                 Case{"japanese-false-seki-rabbity-six-kgs-2006-03-04-31.sgf", "B+1.5"}}) {
    for (uint64_t seed : {0, 1, 2}) {
      SCOPED_TRACE(std::string(c.file) + " seed " + std::to_string(seed));
      GameScore gs = estimated(c.file, seed);
      EXPECT_EQ(gs.life.source, DeadSource::estimator);
      EXPECT_EQ(gs.count.seki_points, 0);
      EXPECT_EQ(gs.count.result, c.result);
      EXPECT_FALSE(gs.dispute);
      if (markup.position.stones == gs.position.stones) {
        EXPECT_EQ(gs.life.verdicts.dead, markup.life.verdicts.dead);
      }
    }
  }
}

// Both players passed with a large region between the colours still open: the weakest group
// beside it is dead (in 2017-03-21-10 the black group at the top left, as the players' markup
// says). Before: B+47.5 and B+79.5, both reported unfinished.
TEST(Verdicts, OpenBorderAfterPassesClosesOnTheWeakestGroup) {
  struct Case {
    const char *file;
    const char *result;
  };
  for (Case c : {Case{"japanese-open-border-kgs-2017-03-21-10.sgf", "W+27.5"},
                 Case{"japanese-open-border-kgs-2001-10-03-1.sgf", "W+72.5"}}) {
    for (uint64_t seed : {0, 1, 2}) {
      SCOPED_TRACE(std::string(c.file) + " seed " + std::to_string(seed));
      GameScore gs = estimated(c.file, seed);
      ASSERT_TRUE(gs.ended_by_passes);
      EXPECT_EQ(gs.life.source, DeadSource::estimator);
      EXPECT_FALSE(gs.life.unfinished);
      EXPECT_EQ(gs.count.result, c.result);
      EXPECT_FALSE(gs.dispute);
    }
  }
}

} // namespace
} // namespace sgf::score
