// The named rules of the judgement and the aftermath check, each on a minimal diagram: every
// group gets a status, the rule that decided it, a reason and a probability.
#include "lib/life/life.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace sgf::life {
namespace {

using testing_support::from_rows;

// The entry of `groups` holding the stone at (x, y).
const GroupLife &group_at(const Position &p, const std::vector<GroupLife> &groups, int x, int y) {
  const int i = p.index({x, y});
  for (const auto &g : groups)
    for (int s : g.stones)
      if (s == i)
        return g;
  ADD_FAILURE() << "no group at " << x << "," << y;
  static const GroupLife none;
  return none;
}

// The board of PlayoutMajority and SettledByEyes: Black's wall on the left, White's on the right,
// and a lone white stone in Black's area (x = 1, y = 2).
Position two_walls_and_a_lone_stone() {
  std::vector<std::string> rows(9, std::string(9, '.'));
  for (int y = 0; y < 9; ++y) {
    rows[y][4] = 'X';
    rows[y][5] = 'O';
  }
  rows[2][1] = 'O';
  return from_rows(rows);
}

// The dead stones given: 1 for each (x, y).
std::vector<uint8_t> dead_at(const Position &p, std::initializer_list<Point> points) {
  std::vector<uint8_t> dead(p.points(), 0);
  for (Point at : points)
    dead[p.index(at)] = 1;
  return dead;
}

// Black's two one-point eyes make it pass-alive (Benson); White's stones inside the region Black
// encloses have no room for an eye of their own.
TEST(LifeRules, PassAliveAndInsidePassAlive) {
  Position p = from_rows({
      ".X.X.O", //
      "XXXXXO", //
      "OOOOOO", //
  });
  Life life = judge_estimate(p, Color::black, {0, 16});
  const GroupLife &black = group_at(p, life.groups, 1, 0);
  EXPECT_EQ(black.status, Status::alive);
  EXPECT_EQ(black.rule, Rule::pass_alive);
  EXPECT_EQ(black.probability, 1);
  EXPECT_NE(black.reason.find("Benson"), std::string::npos) << black.reason;
  const GroupLife &white = group_at(p, life.groups, 0, 2);
  EXPECT_EQ(white.status, Status::dead);
  EXPECT_EQ(white.rule, Rule::inside_pass_alive);
  EXPECT_EQ(white.reason, "dead: no eyes, inside a region a pass-alive group encloses");
}

// A lone stone inside the opponent's large area: captured in most playouts, the same for a seed.
TEST(LifeRules, PlayoutMajority) {
  Position p = two_walls_and_a_lone_stone();
  Life life = judge_estimate(p, Color::black, {7, 64});
  EXPECT_EQ(life.ownership, judge_estimate(p, Color::black, {7, 64}).ownership); // seeded
  EXPECT_FALSE(life.unfinished);
  const GroupLife &lone = group_at(p, life.groups, 1, 2);
  EXPECT_EQ(lone.status, Status::dead);
  EXPECT_EQ(lone.rule, Rule::playout_majority);
  EXPECT_GT(lone.probability, 0.5); // the share of the playouts that capture it
  EXPECT_EQ(lone.reason.rfind("dead: captured in", 0), 0u) << lone.reason;
  const GroupLife &wall = group_at(p, life.groups, 4, 0);
  EXPECT_EQ(wall.status, Status::alive);
  EXPECT_TRUE(life.captured_by_legal_moves);
}

// The lone stone dead settles the board: each wall then has a large eye region of its own.
// Alive, it leaves Black without one.
TEST(LifeRules, SettledByEyes) {
  Position p = two_walls_and_a_lone_stone();
  EXPECT_TRUE(settled_by_eyes(p, dead_at(p, {{1, 2}})));
  EXPECT_FALSE(settled_by_eyes(p, dead_at(p, {})));
}

// Dead stones with an eye region of their own might make a second eye: not settled by eyes.
TEST(LifeRules, SettledByEyesNotWithAnEyeInsideTheDeadStones) {
  Position p = two_walls_and_a_lone_stone();
  p.stones[p.index({2, 1})] = p.stones[p.index({1, 2})] = Stone::white;
  p.stones[p.index({3, 2})] = p.stones[p.index({2, 3})] = Stone::white;
  EXPECT_FALSE(settled_by_eyes(p, dead_at(p, {{1, 2}, {2, 1}, {3, 2}, {2, 3}})));
}

// A capturing race: the black stone at (2, 0) has one liberty, the dead white chain beside it two,
// and Black's stone has no eye as the board stands. Taken off, the white stones would leave Black
// alive, but White captures first.
TEST(LifeRules, SettledByEyesNotWhenTheDeadChainWinsTheRace) {
  Position p = two_walls_and_a_lone_stone();
  p.stones[p.index({1, 2})] = Stone::empty;
  p.stones[p.index({0, 0})] = p.stones[p.index({1, 0})] = p.stones[p.index({2, 1})] = Stone::white;
  p.stones[p.index({2, 0})] = Stone::black;
  EXPECT_FALSE(settled_by_eyes(p, dead_at(p, {{0, 0}, {1, 0}, {2, 1}})));
  // With three liberties against two, Black's stone wins the race.
  p.stones[p.index({2, 1})] = p.stones[p.index({1, 0})] = Stone::empty;
  EXPECT_TRUE(settled_by_eyes(p, dead_at(p, {{0, 0}})));
}

// A black stone beside the dead white stones has two liberties to their three, but one of them it
// shares with Black's wall: an atari on it is answered by joining the wall, and the group wins
// the race. In atari already, it does not: White takes it first.
TEST(LifeRules, SettledByEyesWhenTheGroupBesideOutlivesTheDeadStones) {
  Position p = two_walls_and_a_lone_stone();
  p.stones[p.index({1, 2})] = Stone::empty;
  p.stones[p.index({2, 4})] = Stone::black;
  p.stones[p.index({1, 4})] = p.stones[p.index({2, 3})] = Stone::white;
  EXPECT_TRUE(settled_by_eyes(p, dead_at(p, {{1, 4}, {2, 3}})));
  p.stones[p.index({2, 5})] = Stone::white;
  EXPECT_FALSE(settled_by_eyes(p, dead_at(p, {{1, 4}, {2, 3}, {2, 5}})));
}

// Dead white stones around a one-point eye whose diagonals Black holds two of: the eye is false,
// Black can take it from outside, and the dead stones make no eye there. With one diagonal only,
// White could still make it real: not settled.
TEST(LifeRules, SettledByEyesWithAFalseEyeInsideTheDeadStones) {
  Position p = two_walls_and_a_lone_stone();
  p.stones[p.index({2, 1})] = p.stones[p.index({1, 2})] = Stone::white;
  p.stones[p.index({3, 2})] = p.stones[p.index({2, 3})] = Stone::white;
  p.stones[p.index({3, 1})] = p.stones[p.index({3, 3})] = Stone::black;
  const std::vector<uint8_t> dead = dead_at(p, {{1, 2}, {2, 1}, {3, 2}, {2, 3}});
  EXPECT_TRUE(settled_by_eyes(p, dead));
  p.stones[p.index({3, 3})] = Stone::empty;
  EXPECT_FALSE(settled_by_eyes(p, dead));
}

// Black's one eye space is a straight four on the edge: two eyes whoever moves first. A space of
// three, or one holding a dead stone, is not settled by its shape.
TEST(LifeRules, SettledByEyesWithOneEyeSpaceOfALivingShape) {
  Position p = from_rows({
      "X....XO..", //
      "XXXXXXO..", //
      "OOOOOOO..", //
      ".........", //
      ".........", //
  });
  EXPECT_TRUE(settled_by_eyes(p, dead_at(p, {})));
  p.stones[p.index({2, 0})] = Stone::white;
  EXPECT_FALSE(settled_by_eyes(p, dead_at(p, {{2, 0}})));
  p.stones[p.index({2, 0})] = Stone::empty;
  p.stones[p.index({4, 0})] = Stone::black;
  EXPECT_FALSE(settled_by_eyes(p, dead_at(p, {})));
}

// A five with a branch (a T) lives whoever moves first; the bulky five, with a 2x2 block, dies
// when the opponent takes its vital point.
TEST(LifeRules, SettledByEyesWithAFiveThatBranchesNotABulkyFive) {
  Position p = from_rows({
      "X....XO...", //
      "XX.XXXO...", //
      "XXXXXXO...", //
      "OOOOOOO...", //
      "..........", //
  });
  EXPECT_TRUE(settled_by_eyes(p, dead_at(p, {})));
  p.stones[p.index({4, 0})] = Stone::black;
  p.stones[p.index({3, 1})] = Stone::empty;
  EXPECT_FALSE(settled_by_eyes(p, dead_at(p, {})));
}

// Two inner chains share their only two liberties: neither side can fill one.
TEST(LifeRules, SekiNamesItsSharedLiberties) {
  Position p = from_rows({
      ".XO.XO...", //
      ".XO.XO...", //
      ".XOOXO...", //
      ".XXXOO...", //
  });
  Life life = judge_given(p, {}, DeadSource::user);
  const GroupLife &inner = group_at(p, life.groups, 4, 0);
  EXPECT_EQ(inner.status, Status::seki);
  EXPECT_EQ(inner.reason, "seki: 2 shared liberties");
  EXPECT_EQ(group_at(p, life.groups, 1, 0).status, Status::alive);
}

// Two eyeless inner chains whose liberties are the same three points: the first fill leaves both
// two, and whoever fills the next is captured, so neither does: a seki whatever the number. The
// first fills being safe, the mark tells the count to fill them as dame.
TEST(LifeRules, SekiOfEyelessChainsSharingEveryLiberty) {
  Position p = from_rows({
      ".XO.XO...", //
      ".XO.XO...", //
      ".XO.XO...", //
      ".XOOXO...", //
      ".XXXOO...", //
  });
  Life life = judge_given(p, {}, DeadSource::user);
  for (const GroupLife *inner :
       {&group_at(p, life.groups, 4, 0), &group_at(p, life.groups, 2, 0)}) {
    EXPECT_EQ(inner->status, Status::seki);
    EXPECT_EQ(inner->reason, "seki: 3 shared liberties");
  }
  EXPECT_EQ(life.verdicts.seki[p.index({4, 0})], 2);
  EXPECT_EQ(group_at(p, life.groups, 1, 0).status, Status::alive);
  // With liberties of its own besides, Black's inner chain wins the race: no seki.
  p.stones[p.index({5, 0})] = Stone::empty;
  p.stones[p.index({5, 1})] = Stone::empty;
  life = judge_given(p, {}, DeadSource::user);
  EXPECT_NE(group_at(p, life.groups, 4, 0).status, Status::seki);
}

TEST(LifeRules, GivenDeadStonesAreProofs) {
  Position p = from_rows({
      ".X.O.", //
      "XXOO.", //
      ".....", //
  });
  Life life = judge_given(p, dead_from_points(p, {{3, 0}}), DeadSource::markup);
  const GroupLife &white = group_at(p, life.groups, 3, 0);
  EXPECT_EQ(white.status, Status::dead);
  EXPECT_EQ(white.rule, Rule::given);
  EXPECT_EQ(white.probability, 1);
}

// Markup that covers part of a chain (a hand-edited record) still takes the whole chain: a
// chain's stones are captured together, never one of them alone.
TEST(LifeRules, MarkupOnPartOfAChainTakesTheWholeChain) {
  Position p = from_rows({
      ".X.OO", //
      "XXOO.", //
      ".....", //
  });
  const std::vector<uint8_t> dead = dead_from_markup(p, {{3, 0}}, {{0, 0}});
  for (Point white : {Point{3, 0}, Point{4, 0}, Point{2, 1}, Point{3, 1}})
    EXPECT_EQ(dead[p.index(white)], 1) << white.x << "," << white.y;
  EXPECT_EQ(std::count(dead.begin(), dead.end(), 1), 4); // TW on an empty point takes nothing
}

// A group with two eyes cannot be captured by legal moves (the last liberty of each eye is a
// suicide for the enemy): judged dead, it turns unknown. A stone inside the enemy's area can.
TEST(LifeRules, AftermathCapturesOnlyWhatLegalMovesCapture) {
  Position p = from_rows({
      ".X.X.O...", //
      "XXXXXO...", //
      "OOOOOO.O.", //
      ".........", //
  });
  auto groups_with_dead = [&](int x, int y) {
    Life life = judge_given(p, dead_from_points(p, {{x, y}}), DeadSource::user);
    capture_dead(p, life.groups);
    return life.groups;
  };
  std::vector<GroupLife> eyes = groups_with_dead(1, 0);
  EXPECT_EQ(group_at(p, eyes, 1, 0).status, Status::unknown);
  EXPECT_EQ(group_at(p, eyes, 1, 0).rule, Rule::aftermath);
  std::vector<GroupLife> lone = groups_with_dead(7, 2);
  EXPECT_EQ(group_at(p, lone, 7, 2).status, Status::dead);
  EXPECT_TRUE(capture_dead(p, lone));
}

// Two white stones in an open top, over Black's pass-alive wall, Black to move: the playouts
// keep them a little more often than not, the region around them is open (34 points, under half
// the board; the eyes below give neither side a move). After both players passed it is no border
// still to be played: the weakest group beside it is dead. In a record that stops early it stays
// open, the board unfinished.
TEST(LifeRules, OpenBorderAfterPass) {
  Position p = from_rows({
      ".........", //
      "...OO....", //
      ".........", //
      ".........", //
      "XXXXXXXXX", //
      ".X.X.X.X.", //
      "XXXXXXXXX", //
      ".X.X.X.X.", //
  });
  for (uint64_t seed : {0, 1, 2}) {
    SCOPED_TRACE(seed);
    Life passed = judge_estimate(p, Color::black, {seed}, true);
    const GroupLife &white = group_at(p, passed.groups, 3, 1);
    EXPECT_EQ(white.status, Status::dead);
    EXPECT_EQ(white.rule, Rule::open_border_after_pass);
    EXPECT_EQ(white.reason, "dead: the weakest group beside a region both players left open");
    EXPECT_FALSE(passed.unfinished);
    Life stopped = judge_estimate(p, Color::black, {seed}, false);
    EXPECT_EQ(group_at(p, stopped.groups, 3, 1).status, Status::alive);
    EXPECT_EQ(group_at(p, stopped.groups, 3, 1).rule, Rule::playout_majority);
    EXPECT_TRUE(stopped.unfinished);
  }
}

// One stone of each colour in the middle of an empty board, then two passes: a game never played
// out, not a border left open at its end. The region around them (79 of 81 points) is nobody's:
// no stone is dead, whichever the playouts keep less often, and the board is unfinished.
TEST(LifeRules, OpenBorderAfterPassNotOnABoardNeverPlayedOut) {
  Position p = from_rows({
      ".........", //
      ".........", //
      ".........", //
      "...O.....", //
      "....X....", //
      ".........", //
      ".........", //
      ".........", //
      ".........", //
  });
  for (uint64_t seed : {0, 1, 2}) {
    SCOPED_TRACE(seed);
    Life passed = judge_estimate(p, Color::black, {seed}, true);
    EXPECT_EQ(group_at(p, passed.groups, 4, 4).status, Status::alive);
    EXPECT_EQ(group_at(p, passed.groups, 3, 3).status, Status::alive);
    EXPECT_TRUE(passed.unfinished);
  }
}

// White's ring and Black's two stones share their only two liberties, a seki to the playouts
// (they never throw in three stones). Black throws in at the corner; White's capture leaves a
// three-point eye space, which Black reduces to one eye: the ring is dead. With three black
// stones inside, the capture leaves a straight four, two eyes: a true seki.
TEST(LifeRules, ThrowInFalseSeki) {
  Position p = from_rows({
      ".XX.OX.", //
      "OOOOOX.", //
      "XXXXXXX", //
      ".X.X.X.", //
  });
  Life life = judge_estimate(p, Color::black);
  const GroupLife &ring = group_at(p, life.groups, 4, 0);
  EXPECT_EQ(ring.status, Status::dead);
  EXPECT_EQ(ring.rule, Rule::throw_in_false_seki);
  EXPECT_EQ(ring.reason, "dead: a false seki, a throw-in leaves one eye");
  EXPECT_EQ(group_at(p, life.groups, 1, 0).status, Status::alive);

  Position four = from_rows({
      ".XXX.OX", //
      "OOOOOOX", //
      "XXXXXXX", //
      ".X.X.X.", //
  });
  Life seki = judge_estimate(four, Color::black);
  EXPECT_EQ(group_at(four, seki.groups, 5, 0).status, Status::seki);
  EXPECT_EQ(group_at(four, seki.groups, 1, 0).status, Status::seki);
}

// White's corner group and Black's three stones on the first line share their only two
// liberties, A2 and C2, inside Black's pass-alive wall. The throw-in at A2 leaves, after White's
// capture, a bent four in the corner, which the throw-in test leaves out (often a ko in real
// games) and reading kills, even with White to move. The playouts keep the group.
TEST(LifeRules, FalseSekiByReading) {
  Position p = from_rows({
      ".......", //
      "XXXXXXX", //
      "XOOXXXX", //
      "XXOXX.X", //
      "OOOOX.X", //
      ".O.OXXX", //
      "XXXOX.X", //
  });
  for (Color to_move : {Color::black, Color::white}) {
    Life life = judge_estimate(p, to_move);
    const GroupLife &corner = group_at(p, life.groups, 1, 2);
    EXPECT_EQ(corner.status, Status::dead);
    EXPECT_EQ(corner.rule, Rule::false_seki_by_reading);
    EXPECT_EQ(corner.probability, 1); // a proof
    EXPECT_EQ(corner.reason, "dead: a false seki, reading captures it even when it moves first");
    EXPECT_EQ(group_at(p, life.groups, 0, 6).status, Status::alive);
  }
}

// Black's eight stones in White's pass-alive corner, three liberties, beside two white stones
// with two: a coin flip for the playouts with Black to move (mean ownership 0.01 in Black's
// favour, seed 0), among enemy groups they keep. Both passed, so no race is left to play, and
// taken alive the stones make no seki: dead. With White to move the playouts keep them (the rule
// asks only of coin flips).
TEST(LifeRules, CoinFlipSurrounded) {
  Position p = from_rows({
      ".O.O.O.", //
      "OOOOOOO", //
      ".O.OOOO", //
      "XOOXOOO", //
      "XXXXXOO", //
      ".OO.XOO", //
  });
  Life life = judge_estimate(p, Color::black, {0});
  const GroupLife &black = group_at(p, life.groups, 0, 3);
  EXPECT_EQ(black.status, Status::dead);
  EXPECT_EQ(black.rule, Rule::coin_flip_surrounded);
  EXPECT_EQ(black.reason,
            "dead: a coin flip for the playouts, among enemy groups they keep, and no seki");
  EXPECT_EQ(black.probability, 0.5);
  Life white_first = judge_estimate(p, Color::white, {0});
  EXPECT_EQ(group_at(p, white_first.groups, 0, 3).status, Status::alive);
}

// The corner of a game (japanese-seki-in-one-chain-kgs-2003-02-16-5, cropped to 9x9): Black's
// five stones A6-B4 beside one white chain, C8 to A2, that the playouts keep but not surely. The
// playouts leave the five stones a coin flip and reading kills them even with Black to move, but
// their capture would give the chain their eye space: it lives only while they stand, so they
// stand. The rule is named only where it overturns the playouts (seed 3, by a hair); every seed
// ends alive.
TEST(LifeRules, SekiWithOneChain) {
  Position p = from_rows({
      "XXXX.OOOO", //
      ".XOXXO.OO", //
      "OOO..O..O", //
      "XOOXXOOOO", //
      "XXO..O...", //
      "XXOXX.OOO", //
      "..OOXXXOX", //
      "OOOX..XXX", //
      ".XXXXX.XX", //
  });
  for (uint64_t seed : {0, 1, 2, 3}) {
    SCOPED_TRACE(seed);
    Life life = judge_estimate(p, Color::white, {seed});
    const GroupLife &inside = group_at(p, life.groups, 0, 3);
    EXPECT_EQ(inside.status, Status::alive);
    EXPECT_EQ(group_at(p, life.groups, 2, 1).status, Status::alive); // the chain around
    if (seed == 3) {
      EXPECT_EQ(inside.rule, Rule::seki_with_one_chain);
      EXPECT_EQ(
          inside.reason,
          "alive: reading kills it, but its capture would free the one enemy chain around it");
    }
  }
}

// The corner of a game (japanese-partly-dead-group-kgs-2003-10-10-1, cropped to 9x9, the left
// columns a pass-alive white wall): White's group on the right edge, two chains, around Black's
// two stones J3-J2. The playouts leave it all a coin flip. Reading settles it whichever way the
// evidence asks: as a capturing race that the two stones lose (seed 0), or as White's group,
// which reading cannot kill, against the chain inside it (seed 1). White lives and the two
// stones are dead, each time by a proof.
TEST(LifeRules, RaceAndGroupByReading) {
  Position p = from_rows({
      ".OOOOX.X.", //
      ".OOO.OX.X", //
      ".OOOOOXXO", //
      ".OOX..XOO", //
      ".OOXX.XO.", //
      ".OOOXXO.O", //
      ".OOOXXOOX", //
      ".OOOXOO.X", //
      ".OOOXXXO.", //
  });
  Life race = judge_estimate(p, Color::black, {0});
  const GroupLife &racer = group_at(p, race.groups, 6, 5);
  EXPECT_EQ(racer.status, Status::alive);
  EXPECT_EQ(racer.rule, Rule::race_by_reading);
  EXPECT_EQ(racer.reason, "alive: reading wins its race");
  const GroupLife &lost = group_at(p, race.groups, 8, 6);
  EXPECT_EQ(lost.status, Status::dead);
  EXPECT_EQ(lost.rule, Rule::race_by_reading);
  EXPECT_EQ(lost.reason, "dead: reading loses its capturing race");
  EXPECT_EQ(lost.probability, 1);

  Life group = judge_estimate(p, Color::black, {1});
  const GroupLife &white = group_at(p, group.groups, 8, 2);
  EXPECT_EQ(white.status, Status::alive);
  EXPECT_EQ(white.rule, Rule::group_by_reading);
  EXPECT_EQ(white.reason, "alive: reading cannot kill it");
  EXPECT_EQ(group_at(p, group.groups, 6, 5).status, Status::alive);
  const GroupLife &inside = group_at(p, group.groups, 8, 6);
  EXPECT_EQ(inside.status, Status::dead);
  EXPECT_EQ(inside.rule, Rule::group_by_reading);
  EXPECT_EQ(inside.reason, "dead: reading cannot save it against the chain inside");

  // Seed 2 leaves the playouts' verdicts alone (no rule reads them): the inside stones are still
  // dead, but by a bare majority, not a proof.
  Life majority = judge_estimate(p, Color::black, {2});
  EXPECT_EQ(group_at(p, majority.groups, 8, 6).rule, Rule::playout_majority);
  EXPECT_LT(group_at(p, majority.groups, 8, 6).probability, 0.6);
}

// Black's three stones H4 and J3-J2 inside White's group of eleven, which Black's pass-alive
// wall shuts in: every liberty White has is one of theirs. Whoever fills a shared liberty first
// is captured, a seki; the playouts, White to move, capture the three stones more often than not
// (they fill the shared liberties at random). Reading proves White cannot capture them even
// moving first: they live. As the shape is no sealed region (White can fill G4), the seki test
// does not see it and the status is alive, not seki.
TEST(LifeRules, EnclosedSeki) {
  Position p = from_rows({
      "X.X.X.X.X", //
      "XXXXXXXXX", //
      "X.XXXXXXX", //
      "XXXXXXXXO", //
      "XXXXXXOOO", //
      "X.XXXO.X.", //
      "XXXXXOOOX", //
      "X.XX.XO.X", //
      "XXXX.XOO.", //
  });
  for (uint64_t seed : {0, 1, 2, 3}) {
    SCOPED_TRACE(seed);
    Life life = judge_estimate(p, Color::white, {seed});
    const GroupLife &inside = group_at(p, life.groups, 7, 5);
    EXPECT_EQ(inside.status, Status::alive);
    EXPECT_EQ(inside.rule, Rule::enclosed_seki);
    EXPECT_EQ(inside.reason,
              "alive: shut in with the enemy around it, which reading cannot capture it");
    EXPECT_EQ(group_at(p, life.groups, 8, 3).status, Status::alive);
  }
}

// The lower left of a game (japanese-dead-among-sure-groups-kgs-2006-06-20-12, cropped to 11x11,
// the top rows White's): Black's eight stones A3, D3, A2-E2 and E1, three liberties, beside
// White's two stones B1-C1, among White groups the playouts keep surely. The playouts keep the
// eight stones more often than not, but not surely; reading captures them even when Black moves
// first: dead, by a proof.
TEST(LifeRules, DeadAmongSafe) {
  Position p = from_rows({
      "OOOOOOOOO.O", //
      "OO.OOOOOOOO", //
      "O...OOXXXOX", //
      "OO.O.OOOXXX", //
      ".OO.OXO.X.X", //
      ".XO.OXOX..X", //
      ".O.OXXXX.XO", //
      ".O.OO.X.X.O", //
      "XOOXOOOXXXO", //
      "XXXXXOOOXOO", //
      ".OO.XOOXXXO", //
  });
  for (uint64_t seed : {0, 1, 2}) {
    SCOPED_TRACE(seed);
    Life life = judge_estimate(p, Color::white, {seed});
    const GroupLife &eight = group_at(p, life.groups, 0, 8);
    EXPECT_EQ(eight.status, Status::dead);
    EXPECT_EQ(eight.rule, Rule::dead_among_safe);
    EXPECT_EQ(eight.probability, 1);
    EXPECT_EQ(eight.reason,
              "dead: reading captures it even when it moves first, among safe enemy groups");
    EXPECT_EQ(group_at(p, life.groups, 1, 10).status, Status::alive);
  }
}

// The upper right of a game ended without passes: Black's stone T16 (on the edge, no White stone
// beside it, three liberties) inside the eye space of White's corner group, which is in a race
// with Black's stones around it, taken dead. No enemy group is shut in with the stone (White's
// corner has the liberty T19 besides the stone's), so it is in no seki, whatever reading of its
// capture says: it stays dead.
TEST(LifeRules, EnclosedSekiNeedsTheEnemyShutIn) {
  Position p = from_rows({
      ".XXXXX.XXXO......X.", //
      "OXOOOXOXOXOOXXX.XOO", //
      "OO.O.X.XOOOOO..XOO.", //
      ".OO.OOXXOOXXOOOXO.X", //
      "O..OOXXOOXXXOXXOOO.", //
      ".OOXXXX.OOX.X..XXOO", //
      ".XX..OXOOXXXOX...XO", //
      ".X.XX.XXOX.XOXXXXXX", //
      "OXXOXXOOOOXXOOOOXOX", //
      ".OOOOX.OXOOOOO.OOOX", //
      "..O.XOOOXXXXOXO.O.O", //
      "...XOXXXX..XOXO..O.", //
      "...OOX.XXXXXOXO....", //
      "O.OOXOO.OOOXOXOOOO.", //
      "OOO..OOOOXXXXXXOXOO", //
      "OXXOOOXXX.OX..XXXXO", //
      "X..XOX....X..XX..XX", //
      ".XXXX.....XXX......", //
      "...................", //
  });
  for (Color to_move : {Color::black, Color::white})
    for (uint64_t seed : {0, 1, 2}) {
      SCOPED_TRACE(testing::Message()
                   << "seed " << seed << (to_move == Color::black ? ", black" : ", white")
                   << " to move");
      Life life = judge_estimate(p, to_move, {seed});
      const GroupLife &lone = group_at(p, life.groups, 18, 3);
      EXPECT_NE(lone.rule, Rule::enclosed_seki);
      EXPECT_EQ(lone.status, Status::dead);
    }
}

} // namespace
} // namespace sgf::life
