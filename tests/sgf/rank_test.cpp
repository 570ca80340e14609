// Player ranks read onto one scale (lib/sgf/rank.h).
#include "lib/sgf/rank.h"

#include <gtest/gtest.h>

namespace sgf {
namespace {

TEST(Ranks, SpellingsInFourLanguages) {
  EXPECT_EQ(parse_grade("5k"), -4);
  EXPECT_EQ(parse_grade("5 kyu"), -4);
  EXPECT_EQ(parse_grade("5級"), -4);
  EXPECT_EQ(parse_grade("5级"), -4);
  EXPECT_EQ(parse_grade("5급"), -4);
  EXPECT_EQ(parse_grade("十五級"), -14);
  EXPECT_EQ(parse_grade("1k"), 0);
  EXPECT_EQ(parse_grade("1d"), 1);
  EXPECT_EQ(parse_grade("3d"), 3);
  EXPECT_EQ(parse_grade("3 Dan"), 3);
  EXPECT_EQ(parse_grade("初段"), 1);
  EXPECT_EQ(parse_grade("三段"), 3);
  EXPECT_EQ(parse_grade("9단"), 9);
  EXPECT_EQ(parse_grade("초단"), 1);
  EXPECT_EQ(parse_grade("9段"), 9);
  EXPECT_EQ(parse_grade("2p"), 11);
  EXPECT_EQ(parse_grade("2 pro"), 11);
  EXPECT_EQ(parse_grade("九段 pro"), 18);
  EXPECT_EQ(parse_grade("4d?"), 4); // an uncertain server rank is still the rank shown
  EXPECT_FALSE(parse_grade(""));
  EXPECT_FALSE(parse_grade("-"));
  EXPECT_FALSE(parse_grade("?"));
  EXPECT_FALSE(parse_grade("strong"));
  EXPECT_FALSE(parse_grade("12d"));
  EXPECT_FALSE(parse_grade("0k"));
}

// The rules chain asks whether both players are professionals: a title or a pair's second rank
// may follow the rank, and one collection writes "0p" where the dan is not given.
TEST(Ranks, ProfessionalRanks) {
  EXPECT_TRUE(is_professional_rank("9p"));
  EXPECT_TRUE(is_professional_rank("1 pro"));
  EXPECT_TRUE(is_professional_rank("九段 pro"));
  EXPECT_TRUE(is_professional_rank("9p, Meijin"));
  EXPECT_TRUE(is_professional_rank("8p & 9p"));
  EXPECT_TRUE(is_professional_rank("0p"));
  EXPECT_FALSE(is_professional_rank("9d"));
  EXPECT_FALSE(is_professional_rank("9段"));
  EXPECT_FALSE(is_professional_rank("5k"));
  EXPECT_FALSE(is_professional_rank("12p"));
  EXPECT_FALSE(is_professional_rank(""));
  EXPECT_FALSE(is_professional_rank("Meijin"));
}

} // namespace
} // namespace sgf
