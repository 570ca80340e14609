// RE as records write it: FF[4]'s forms, English variants, Chinese, Japanese and Korean results.
#include "lib/sgf/result.h"

#include <gtest/gtest.h>

namespace sgf {
namespace {

void is(const char *re, std::optional<Color> winner, Ending ending) {
  const Result r = read_result(re);
  EXPECT_EQ(r.winner, winner) << re;
  EXPECT_EQ(r.ending, ending) << re;
}

TEST(Results, FormsOfFF4) {
  is("B+3.5", Color::black, Ending::score);
  is("W+R", Color::white, Ending::resign);
  is("W+Resign", Color::white, Ending::resign);
  is("w+t", Color::white, Ending::time);
  is("W+Time", Color::white, Ending::time);
  is("B+F", Color::black, Ending::forfeit);
  is("B+", Color::black, Ending::unknown);
  is("0", std::nullopt, Ending::draw);
  is("Draw", std::nullopt, Ending::draw);
  is("Jigo", std::nullopt, Ending::draw);
  is("Void", std::nullopt, Ending::no_result);
  is("Both lost", std::nullopt, Ending::no_result);
  is("?", std::nullopt, Ending::unknown);
  is("Unfinished", std::nullopt, Ending::unfinished);
  is("X+", std::nullopt, Ending::malformed);
  is(" ", std::nullopt, Ending::malformed);
  is("", std::nullopt, Ending::missing);
  EXPECT_EQ(read_result("W+12.5").margin, 12.5);
  EXPECT_EQ(read_result("B+3.50").points(), 3.5);
  EXPECT_EQ(read_result(" B+3.5 ").points(), 3.5);
}

TEST(Results, WordsAfterThePlusNameTheEndingOrTheWinnerAlone) {
  is("B+Escape", Color::black, Ending::ran_away);
  is("W+Time Over", Color::white, Ending::time);
  is("B+Illegal", Color::black, Ending::unknown);
  is("B+, human judge for communication error", Color::black, Ending::unknown);
}

TEST(Results, EastAsianForms) {
  is("黑中盘胜", Color::black, Ending::resign);
  is("白中押し勝", Color::white, Ending::resign);
  is("흑 불계승", Color::black, Ending::resign);
  is("黑胜(白逃跑)", Color::black, Ending::ran_away);
  is("白超时胜", Color::white, Ending::time);
  is("和棋", std::nullopt, Ending::draw);
  is("持碁", std::nullopt, Ending::draw);
  is("无胜负", std::nullopt, Ending::no_result);
  is("白胜3目半", Color::white, Ending::score);
  EXPECT_EQ(read_result("白胜3目半").points(), 3.5);
  EXPECT_EQ(read_result("黒3目半勝ち").points(), 3.5);
  EXPECT_EQ(read_result("백 6집반 승").points(), 6.5);
  // Chinese counting states the margin in stones, two points each.
  EXPECT_EQ(read_result("黑胜2子").points(), 4);
  EXPECT_EQ(read_result("黑胜1子半").points(), 3);
  // Quarters of a stone are fractions, and a half alone has no digit.
  EXPECT_EQ(read_result("黑胜1又1/4子").points(), 2.5);
  EXPECT_EQ(read_result("白胜3/4子").points(), 1.5);
  EXPECT_EQ(read_result("黑胜半子").points(), 1);
  EXPECT_EQ(read_result("白半目勝ち").points(), 0.5);
  EXPECT_EQ(read_result("백 반집승").points(), 0.5);
  // A margin this reader cannot spell out names the winner alone.
  is("黑胜1又1/0子", Color::black, Ending::unknown);
  is("黑胜", Color::black, Ending::unknown);
}

// Sentences (NGF headers, hand-written RE): the colour named first wins unless the verb after it
// says it lost.
TEST(Results, SentencesNameTheWinnerFirstOrTheLoser) {
  is("Black wins by 0.5!", Color::black, Ending::score);
  EXPECT_EQ(read_result("Black wins by 0.5!").points(), 0.5);
  is("White wins by  resign!", Color::white, Ending::resign);
  is("White loses on time", Color::black, Ending::time);
  is("White resigns.", Color::black, Ending::resign);
  is("Black resigns. W 25.5 B 17.0", Color::white, Ending::resign);
  is("White wins", Color::white, Ending::unknown);
  is("黑判负", Color::white, Ending::forfeit);
  is("흑 불계패", Color::white, Ending::resign);
  is("Game drawn", std::nullopt, Ending::draw);
  is("john wins", std::nullopt, Ending::malformed);
  is("has adjourned.", std::nullopt, Ending::malformed);
  // East Asian margins need their unit; English ones are points.
  is("白胜3", Color::white, Ending::unknown);
  EXPECT_EQ(read_result("White wins by 3").points(), 3);
}

TEST(Results, WrittenBackInTheFormsOfFF4) {
  EXPECT_EQ(to_re(read_result("黑胜1子半")), "B+3");
  EXPECT_EQ(to_re(read_result("白5.5目勝ち")), "W+5.5");
  EXPECT_EQ(to_re(read_result("黑中盘胜")), "B+R");
  EXPECT_EQ(to_re(read_result("White loses on time")), "B+T");
  EXPECT_EQ(to_re(read_result("B+Escape")), "B+F");
  EXPECT_EQ(to_re(read_result("黑胜")), "B+");
  EXPECT_EQ(to_re(read_result("持碁")), "0");
  EXPECT_EQ(to_re(read_result("无胜负")), "Void");
  EXPECT_EQ(to_re(read_result("Progressing!")), "");
  EXPECT_EQ(to_re(read_result("?")), "");
}

TEST(Results, QuartersAreStones) {
  const Result stones = read_result("W+1.25");
  EXPECT_EQ(stones.ending, Ending::score);
  EXPECT_TRUE(stones.in_stones);
  EXPECT_EQ(stones.points(), 2.5);
  EXPECT_FALSE(read_result("W+1.5").in_stones);
}

TEST(Results, AMarginNoCountGivesNamesTheWinnerAlone) {
  const Result tiny = read_result("W+0.02");
  EXPECT_EQ(tiny.ending, Ending::unknown);
  EXPECT_EQ(tiny.winner, Color::white);
  EXPECT_FALSE(tiny.margin.has_value());
  is("B+-3", Color::black, Ending::unknown);
}

// W+0 under komi 5 (the Meijin of 1962-1975): White won the jigo on the tiebreak.
TEST(Results, AZeroMarginIsAJigoWonOnATiebreakUnlessTheServerLeavesTheMarginOut) {
  is("W+0", Color::white, Ending::score);
  EXPECT_EQ(read_result("W+0").points(), 0);
  is("B+0.0", Color::black, Ending::score);
  const Result fox = read_result("B+0.0", {.zero_margin_unwritten = true});
  EXPECT_EQ(fox.winner, Color::black);
  EXPECT_EQ(fox.ending, Ending::unknown);
  EXPECT_FALSE(fox.margin.has_value());
}

} // namespace
} // namespace sgf
