// Dead-stone and seki verdicts of the built-in judgement on real records (testdata/score/
// verdicts) that the estimator alone (no markup) must get right.
#include "lib/life/life.h"
#include "lib/life/playout_policy.h"
#include "lib/score/score_game.h"
#include "parsers/sgf/parse.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

namespace sgf::life {
namespace {

// The judgement seen through the whole count of a record.
using score::GameScore;
using score::ScoreOptions;

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

// A record and the result the estimate must give for it (RE, as the players counted).
struct Case {
  const char *file;
  const char *result;
};

// The estimate of each case for seeds 0, 1 and 2: judged by the estimator, giving the case's
// result with no dispute, and whatever else `check` asserts of it.
template <class Check> void expect_over_seeds(std::initializer_list<Case> cases, Check &&check) {
  for (Case c : cases) {
    for (uint64_t seed : {0, 1, 2}) {
      SCOPED_TRACE(std::string(c.file) + " seed " + std::to_string(seed));
      GameScore gs = estimated(c.file, seed);
      check(gs);
      EXPECT_EQ(gs.life.source, DeadSource::estimator);
      EXPECT_EQ(gs.count.result, c.result);
      EXPECT_FALSE(gs.dispute);
    }
  }
}

// Finished boards whose eyes confirm the playouts' verdicts (settled_by_eyes): the estimate stops
// before kEarlyStop playouts, with the result the estimate gives when it runs at least kEarlyStop.
TEST(Verdicts, EyesConfirmAFinishedBoardBeforeTwentyPlayouts) {
  for (Case c :
       {Case{"aga-kgs-2003-10-26-33.sgf", "B+1"}, Case{"fox-km0-japanese-FineArt.sgf", "B+2.5"}})
    for (uint64_t seed : {0, 1, 2}) {
      SCOPED_TRACE(std::string(c.file) + " seed " + std::to_string(seed));
      ScoreOptions options;
      options.use_markup = false;
      options.estimator.seed = seed;
      GameScore gs = testing_support::score_testdata(c.file, options);
      EXPECT_GE(gs.life.playouts, playout::kConfirmStop);
      EXPECT_LT(gs.life.playouts, playout::kEarlyStop);
      EXPECT_EQ(gs.count.result, c.result);
    }
}

// In both games a short chain of a group with plenty of territory sits beside a point neither
// side can fill; taking that chain as in seki made the whole territory seki eyes, which Japanese
// rules do not count (W+53.5 and B+31.5 before). The groups live on their own: no seki.
TEST(Verdicts, NoSekiBesideAGroupThatLivesOnItsOwn) {
  expect_over_seeds({{"japanese-false-seki-kgs-2003-03-19-3.sgf", "W+18.5"},
                     {"japanese-false-seki-kgs-2002-08-07-2.sgf", "B+0.5"}},
                    [](const GameScore &gs) { EXPECT_EQ(gs.count.seki_points, 0); });
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
  expect_over_seeds({{"chinese-false-seki-throw-in-kgs-2017-05-17-9.sgf", "W+116.5"},
                     {"japanese-false-seki-rabbity-six-kgs-2006-03-04-31.sgf", "B+1.5"}},
                    [&](const GameScore &gs) {
                      EXPECT_EQ(gs.count.seki_points, 0);
                      if (markup.position.stones == gs.position.stones) {
                        EXPECT_EQ(gs.life.verdicts.dead, markup.life.verdicts.dead);
                      }
                    });
}

// Both players passed with a large region between the colours still open: the weakest group
// beside it is dead (in 2017-03-21-10 the black group at the top left, as the players' markup
// says). Before: B+47.5 and B+79.5, both reported unfinished.
TEST(Verdicts, OpenBorderAfterPassesClosesOnTheWeakestGroup) {
  expect_over_seeds({{"japanese-open-border-kgs-2017-03-21-10.sgf", "W+27.5"},
                     {"japanese-open-border-kgs-2001-10-03-1.sgf", "W+72.5"}},
                    [](const GameScore &gs) {
                      ASSERT_TRUE(gs.ended_by_passes);
                      EXPECT_FALSE(gs.life.unfinished);
                    });
}

// A dead stone in atari (Q2 in 2006-11-23-31, F8 in 2002-10-25-4) whose capture leaves the
// capturing chain a one-point eye and a liberty neither side can fill: that chain is in seki, so
// under Japanese rules its eye is no territory, while the stone still counts dead, as the players
// counted (W+17.5 and W+5.5 before, with the eye counted as territory).
TEST(Verdicts, CaptureThatLeavesASekiMakesNoTerritory) {
  expect_over_seeds({{"japanese-seki-after-capture-kgs-2006-11-23-31.sgf", "W+15.5"},
                     {"japanese-seki-after-capture-kgs-2002-10-25-4.sgf", "W+7.5"}},
                    [](const GameScore &gs) { EXPECT_GT(gs.count.seki_points, 0); });
}

// White's corner group (B5-D1) and three black stones (A1-C1) share their only two liberties, A2
// and C2: a seki to the playouts (W+62.5 before), but Black's throw-in at A2 leaves, after White's
// capture, a bent four in the corner, and reading proves the group dead even with White to move.
TEST(Verdicts, SekiThatReadingKillsIsNoSeki) {
  expect_over_seeds({{"japanese-bent-four-in-the-corner-kgs-2003-08-07-6.sgf", "W+40.5"}},
                    [](const GameScore &gs) { EXPECT_EQ(gs.count.seki_points, 0); });
}

// A group that the playouts leave a coin flip and that reading proves dead even with its owner to
// move, shut in by a single enemy chain that the playouts keep only about half the time: Black's
// A14-B15 inside White's chain from C18 to A12 (2003-02-16-5), White's K16-L18 inside Black's
// chain around them (2003-08-13-26). The enclosing chain lives only as long as the group stands;
// the players counted both alive (W+11.5 and W+24.5 before, with the group dead).
TEST(Verdicts, CoinFlipGroupShutInByOneUnsureChainIsInSeki) {
  const struct {
    Case game;
    Point stone; // of the group shut in
  } cases[] = {{{"japanese-seki-in-one-chain-kgs-2003-02-16-5.sgf", "B+0.5"}, {0, 3}},
               {{"japanese-seki-in-one-chain-kgs-2003-08-13-26.sgf", "W+36.5"}, {9, 1}}};
  for (const auto &c : cases)
    expect_over_seeds({c.game}, [&](const GameScore &gs) {
      EXPECT_FALSE(gs.life.verdicts.dead[gs.position.index(c.stone)]);
    });
}

// A group taken alive, but not surely, that reading proves dead even when its owner moves first,
// among enemy groups the playouts keep surely: Black's eight stones with three liberties in
// White's lower left corner (A3, D3, A2-E2, E1), kept in about 60% of the playouts (B+27.5 before).
TEST(Verdicts, UnsureGroupThatDiesMovingFirstAmongSureEnemiesIsDead) {
  expect_over_seeds({{"japanese-dead-among-sure-groups-kgs-2006-06-20-12.sgf", "B+4.5"}},
                    [](const GameScore &gs) {
                      EXPECT_TRUE(gs.life.verdicts.dead[gs.position.index(Point{0, 17})]);
                    });
}

// White's corner group around two black stones (T3-T2): its chain of four, T7-S5, is dead in most
// playouts and the chain of five beside it, R4-Q2, alive. Reading proves that White can capture
// none of its chains even with Black to move, and that the black stones die: all of it lives
// (W+13.5 before, seed 0).
TEST(Verdicts, GroupTakenPartlyDeadThatNoChainOfDiesLivesWhole) {
  expect_over_seeds({{"japanese-partly-dead-group-kgs-2003-10-10-1.sgf", "W+24.5"}},
                    [](const GameScore &gs) {
                      EXPECT_FALSE(gs.life.verdicts.dead[gs.position.index(Point{18, 12})]);
                      EXPECT_TRUE(gs.life.verdicts.dead[gs.position.index(Point{18, 16})]);
                    });
}

// White's eight stones at the top (M19-P17 and Q18-R18) around four black ones (N19-P19, O18),
// kept in about half the playouts: group reading proves that Black, moving first, kills them, and
// finds no way for White to live within its budget. The players counted them dead (W+31 before).
TEST(Verdicts, GroupKilledMovingFirstThatReadingCannotSaveIsDead) {
  expect_over_seeds({{"ing-dead-unless-it-moves-first-pro-ing-06-28.sgf", "W+7"}},
                    [](const GameScore &gs) {
                      EXPECT_TRUE(gs.life.verdicts.dead[gs.position.index(Point{11, 0})]);
                      EXPECT_FALSE(gs.life.verdicts.dead[gs.position.index(Point{12, 0})]);
                    });
}

} // namespace
} // namespace sgf::life
