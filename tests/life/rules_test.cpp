// The named rules of the judgement and the aftermath check, each on a minimal diagram: every
// group gets a status, the rule that decided it, a reason and a probability.
#include "lib/life/life.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

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
  std::vector<std::string> rows(9, std::string(9, '.'));
  for (int y = 0; y < 9; ++y) {
    rows[y][4] = 'X';
    rows[y][5] = 'O';
  }
  rows[2][1] = 'O';
  Position p = from_rows(rows);
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

} // namespace
} // namespace sgf::life
