// The tactical reader on hand-made positions (ladder, net, races, seki, eyes) and its verdict
// changes on real records.
#include "lib/life/life.h"
#include "lib/life/reader.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace sgf::life {
namespace {

// The judgement seen through the whole count of a record.
using score::GameScore;
using score::score_game;
using score::ScoreOptions;

using testing_support::from_rows;

int at(const Position &p, int x, int y) {
  return p.index({x, y});
}

// A ladder: the white stone has two liberties; Black, moving first, chases it to the edge.
TEST(Reader, LadderCaptures) {
  Position p = from_rows({
      ".........",
      ".........",
      ".........",
      ".........",
      "....X....",
      "...XO....",
      ".....X...",
      ".........",
      ".........",
  });
  Reader r(p);
  EXPECT_EQ(r.attack(at(p, 4, 5)), Read::succeeds);
}

// A white stone in atari against a black wall and the edge dies even with White to move.
TEST(Reader, StoneInAtariAgainstTheEdgeIsDead) {
  Position p = from_rows({
      ".........",
      ".........",
      ".........",
      "....X....",
      "...XOX...",
      "...X.X...",
      "...X.X...",
      "...X.X...",
      "....X....",
  });
  Reader r(p);
  EXPECT_EQ(r.fate(at(p, 4, 4)), Fate::dead);
}

// A capturing race: Black's chain in the corner (three liberties, in its eye space) against
// White's chain around it (two liberties, outside): Black wins whoever moves first. (With a third
// white liberty White, moving first, wins: the corner point is no liberty of Black's.)
TEST(Reader, RaceWonByMoreLiberties) {
  Position p = from_rows({
      "..XO.X...",
      "..XO.X...",
      "XXXOXX...",
      "OOOOXX...",
      "XXXXX....",
      ".........",
  });
  Reader r(p);
  EXPECT_EQ(r.fate(at(p, 3, 0)), Fate::dead);
  EXPECT_EQ(r.fate(at(p, 2, 0)), Fate::uncapturable);
}

// Seki: the middle chains share their only two liberties; whoever fills one is captured. Neither
// is capturable, and settle_by_reading changes nothing.
TEST(Reader, SekiIsNotCapturable) {
  Position p = from_rows({
      ".OX.OX.",
      ".OX.OX.",
  });
  Reader r(p);
  EXPECT_EQ(r.fate(at(p, 2, 0)), Fate::uncapturable);
  EXPECT_EQ(r.fate(at(p, 4, 0)), Fate::uncapturable);
  std::vector<double> unsure(p.points(), 0.3);
  std::vector<uint8_t> benson(p.points(), 0), dead(p.points(), 0);
  dead[at(p, 4, 0)] = dead[at(p, 4, 1)] = 1;
  std::vector<uint8_t> before = dead;
  const Components chains = chains_of(p);
  EXPECT_EQ(settle_by_reading(p, chains, groups_of(p, chains), unsure, benson, dead), 0);
  EXPECT_EQ(dead, before);
}

// The race swapped by the verdicts: the black chain (judged alive) dies, the white one (judged
// dead) lives; settle_by_reading turns both.
TEST(Reader, SwappedRaceIsTurned) {
  Position p = from_rows({
      "..XO.X...",
      "..XO.X...",
      "XXXOXX...",
      "OOOOXX...",
      "XXXXX....",
      ".........",
  });
  std::vector<double> mean(p.points(), 0.3);
  std::vector<uint8_t> benson(p.points(), 0), dead(p.points(), 0);
  for (int i : {at(p, 2, 0), at(p, 2, 1), at(p, 2, 2), at(p, 1, 2), at(p, 0, 2)})
    dead[i] = 1; // the winner of the race judged dead, the loser alive
  const Components chains = chains_of(p);
  EXPECT_EQ(settle_by_reading(p, chains, groups_of(p, chains), mean, benson, dead), 2);
  EXPECT_FALSE(dead[at(p, 2, 0)]);
  EXPECT_TRUE(dead[at(p, 3, 0)]);
  EXPECT_TRUE(dead[at(p, 0, 3)]);
  EXPECT_FALSE(dead[at(p, 5, 0)]);
}

// A chain with two real eyes cannot be captured.
TEST(Reader, TwoEyesAreNotCapturable) {
  Position p = from_rows({
      ".O.O.X...",
      "OOOOOX...",
      "XXXXXX...",
      ".........",
      ".........",
  });
  Reader r(p);
  EXPECT_EQ(r.attack(at(p, 1, 1)), Read::fails);
  EXPECT_EQ(r.fate(at(p, 1, 1)), Fate::uncapturable);
}

// Group reading: Black's corner group takes the three white stones inside it only by filling C5
// first, and their capture leaves a bent three (A4, B4, B5 once A5 is Black's) whose vital point
// White takes, and White fills the outside liberties E5 and E4. The group dies even when Black
// moves first (the chain reader reads the stones inside as a race Black loses moving second).
TEST(Reader, CaptureThatLeavesABentThreeKillsTheGroup) {
  Position p = from_rows({
      ".O.X.O.",
      "OOXX.O.",
      "XXXOOO.",
      "OOOO...",
      ".......",
  });
  Reader r(p);
  EXPECT_EQ(r.kill_group(at(p, 3, 0)), Read::succeeds);
  EXPECT_EQ(r.save_group(at(p, 3, 0)), Read::fails);
}

// The same stones inside a group with an eye (E5): White, moving first, cannot take it. Filling C5
// or A5 gives Black the stones and a second eye, and Black's own capture waits.
TEST(Reader, CaptureBesideAnEyeLives) {
  Position p = from_rows({
      ".O.X.XO",
      "OOXXXX.",
      "XXXOOOO",
      "OOOO...",
      ".......",
  });
  Reader r(p);
  EXPECT_EQ(r.kill_group(at(p, 3, 0)), Read::fails);
  EXPECT_EQ(r.save_group(at(p, 3, 0)), Read::succeeds);
}

// Group reading ends on Benson's test over small regions: Black's chain has two eyes of two
// points, one holding a white stone (A5, B5 and D5, E5), each of whose empty points is a liberty
// of it. White cannot capture it, and the search stops at its first position.
TEST(Reader, TwoVitalRegionsEndGroupReading) {
  Position p = from_rows({
      "O.X..XO.",
      "XXXXXXO.",
      "OOOOOO..",
      "........",
  });
  Reader r(p);
  EXPECT_EQ(r.kill_group(at(p, 2, 0)), Read::fails);
  EXPECT_EQ(r.nodes(), 1);
  // With the eye of D5, E5 widened to F5 (off the chain), reading has to play it out.
  Position q = from_rows({
      "O.X...XO",
      "XXXX.XXO",
      "OOOXXXOO",
      "..OOOOO.",
  });
  Reader s(q);
  EXPECT_EQ(s.kill_group(at(q, 2, 0)), Read::fails);
  EXPECT_GT(s.nodes(), 1);
}

// A KGS record without markup, its result by the estimator and the seeds that must give it.
struct Estimate {
  const char *file;
  const char *result;
  std::vector<uint64_t> seeds;
};

void expect_estimates(const std::vector<Estimate> &cases) {
  for (const Estimate &c : cases)
    for (uint64_t seed : c.seeds) {
      SCOPED_TRACE(std::string(c.file) + " seed " + std::to_string(seed));
      ScoreOptions options;
      options.estimator.seed = seed;
      GameScore gs = testing_support::score_testdata(c.file, options);
      EXPECT_EQ(gs.life.source, DeadSource::estimator);
      EXPECT_EQ(gs.count.result, c.result);
      EXPECT_FALSE(gs.dispute);
    }
}

// KGS records without markup where the playouts swapped a capturing race (W+62.5, B+83.5 and
// W+32.5 before, for every seed): reading kills the chain they kept and keeps the one they
// killed, and the count gives the recorded result. In 2015-04-01-8 the dying chain's group dies
// with it (W+9.5 when only the chain did).
TEST(RealGames, SwappedRaceSettledByReading) {
  expect_estimates({{"reader/swapped-race-kgs-2015-04-04-4.sgf", "B+11.5", {0, 1, 2}},
                    {"reader/swapped-race-kgs-2003-09-09-6.sgf", "W+2.5", {0, 1, 2}},
                    {"reader/swapped-race-group-kgs-2015-04-01-8.sgf", "B+0.5", {0, 1, 2}}});
}

// KGS records without markup where the chain that dies even moving first (R18-S18 in 2006-06-22-32,
// H3-H2 in 2003-05-13-3) touches two chains taken dead, both of one group the playouts leave a coin
// flip: a race the reader turns, the whole group living (before, a chain beside a second dead one
// was never read: W+16.5 at seed 0, B+69.5 at seed 2).
TEST(RealGames, RaceAgainstAGroupOfSeveralChains) {
  expect_estimates({{"reader/split-race-kgs-2006-06-22-32.sgf", "W+46.5", {0, 1, 2}},
                    {"reader/split-race-kgs-2003-05-13-3.sgf", "B+7.5", {0, 1, 2}}});
}

// KGS records without markup where the reader turns a race whose dying chain is a lone stone in
// atari (black C3 in 2006-08-05-4, black A4 in 2006-01-18-7): the chain of its group beside it,
// which White cannot capture even moving first, stands (it died with the stone: W+35.5 and B+53.5
// before, for every seed).
TEST(RealGames, UncapturableChainOutlivesItsGroup) {
  expect_estimates({{"reader/uncapturable-in-group-kgs-2006-08-05-4.sgf", "W+3.5", {0, 1, 2}},
                    {"reader/uncapturable-in-group-kgs-2006-01-18-7.sgf", "B+24.5", {0, 1, 2}}});
}

// KGS records without markup where the chain that dies even moving first touches one enemy chain
// alone, a stone in its eye space: capturing it makes one eye, and that group has no other, so
// the pair is no swapped race and the playouts' verdicts stand (the reader turned them into B+10.5,
// W+38.5 and W+17.5 for every seed). At seed 1 the playouts leave 2015-09-03-5's lower left
// corner group a coin flip that lives (W+8.5), a verdict of theirs the reader does not touch.
TEST(RealGames, StoneInAnEyeIsNoRace) {
  expect_estimates({{"reader/eye-stone-kgs-2003-12-01-20.sgf", "W+9.5", {0, 1, 2}},
                    {"reader/eye-stone-kgs-2002-09-18-2.sgf", "B+7.5", {0, 1, 2}},
                    {"reader/eye-stone-kgs-2015-09-03-5.sgf", "B+9.5", {0, 2}}});
}

// KGS records without markup where a group the playouts keep (a coin flip or near it) has an
// enemy chain inside it that reading proves dead, and capturing it makes no second eye: in
// 2006-07-02-19 Black's corner group takes the three stones R18-S18-S19 only by filling R19 and
// T19, which leaves a bent three whose vital point S18 White takes while it fills R16 and T16.
// Group reading kills the group even when it moves first, and the stones inside live (B+45.5,
// W+39.5 and B+21.5 before, for every seed).
TEST(RealGames, CaptureInsideThatLeavesOneEye) {
  expect_estimates({{"reader/group-nakade-kgs-2006-07-02-19.sgf", "B+19.5", {0, 1, 2}},
                    {"reader/group-nakade-kgs-2015-10-17-3.sgf", "W+3.5", {0, 1, 2}},
                    {"reader/group-nakade-kgs-2003-04-30-3.sgf", "W+32.5", {0, 1, 2}}});
}

// A KGS record without markup: three black stones (S14, T13-T12) inside a white group whose
// chains have no liberty but theirs, which the playouts take dead (B+9.5 for every seed). Every
// white move in the shared liberties is a self-atari, so reading proves the stones uncapturable:
// a seki, and the count gives the recorded result.
TEST(RealGames, EnclosedSekiProvedByReading) {
  expect_estimates({{"reader/enclosed-seki-kgs-2001-09-10-3.sgf", "B+19.5", {0, 1, 2}}});
}

} // namespace
} // namespace sgf::life
