// Golden text diagrams of real games (testdata/render), each checked by hand against the record
// and an independent replay: stone counts, captures, ko retakes, setup stones, labels, territory.
#include "lib/render/layout.h"
#include "lib/render/text.h"
#include "lib/sgf/values.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"

#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace sgf::render {
namespace {

using sgf::testing_support::read_file;

Game load(const std::string &name) {
  auto parsed = parse_sgf(read_file(std::string(SGF_TESTDATA) + "/render/" + name));
  EXPECT_FALSE(parsed.collection.games.empty()) << name;
  return parsed.collection.games.empty() ? Game{} : parsed.collection.games.front();
}

struct Case {
  const char *record;
  const char *expected;
  LayoutOptions options;
  TextStyle style = TextStyle::ascii;
};

LayoutOptions at(MoveSpec::Kind kind, int n = 0) {
  LayoutOptions o;
  o.move = {kind, n};
  return o;
}

std::vector<Case> cases() {
  using K = MoveSpec::Kind;
  std::vector<Case> v;
  auto nhk = "nhk-newyear2002-4.sgf";
  {
    auto o = at(K::number, 36); // White retakes the ko at C7, capturing C6
    o.last_move = true;
    v.push_back({nhk, "nhk-move36.txt", o});
  }
  {
    auto o = at(K::number, 39); // Black takes back at C6, capturing C7
    o.last_move = true;
    v.push_back({nhk, "nhk-move39.txt", o});
  }
  {
    auto o = at(K::last); // the final node carries TB/TW after the last move
    o.coordinates = true;
    v.push_back({nhk, "nhk-last-coords.txt", o});
  }
  v.push_back(
      {"minigo-880109.sgf", "minigo-move20-unicode.txt", at(K::number, 20), TextStyle::unicode});
  {
    auto o = at(K::back, 10); // 50 moves: 10 back is the position after move 40
    o.coordinates = true;
    v.push_back({"minigo-880109.sgf", "minigo-move40-coords.txt", o});
  }
  {
    auto o = at(K::first); // setup stones and the root's LB label
    o.coordinates = true;
    v.push_back({"long-life.sgf", "long-life-first.txt", o});
  }
  v.push_back({"long-life.sgf", "long-life-last.txt", at(K::last)});
  {
    LayoutOptions o; // plays on captured setup stones (▲, A) and on a numbered stone
    o.moves = std::pair{1, 5};
    o.title = true;
    v.push_back({"long-life.sgf", "long-life-kifu.txt", o});
  }
  {
    LayoutOptions o; // a handicap game: White plays the odd numbers; ko retakes "at"
    o.moves = std::pair{101, 172};
    o.restart_numbers = true;
    o.title = true;
    v.push_back({"triple-ko-1.sgf", "triple-ko-kifu.txt", o});
  }
  {
    auto o = at(K::number, 100);
    o.window = Rect{0, 9, 9, 18}; // A1:K10
    o.coordinates = true;
    v.push_back({"triple-ko-1.sgf", "triple-ko-window.txt", o});
  }
  return v;
}

TEST(RenderGolden, TextDiagramsMatchHandCheckedFiles) {
  for (const Case &c : cases()) {
    SCOPED_TRACE(c.expected);
    Game game = load(c.record);
    auto made = make_layout(game, c.options);
    ASSERT_TRUE(made.ok()) << (made.diagnostics.empty() ? "" : made.diagnostics[0].message);
    const std::string expected =
        read_file(std::string(SGF_TESTDATA) + "/render/expected/" + c.expected);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(render_text(made.layout, c.style), expected);
  }
}

// Counts from the record, independent of the golden files: after move 54 of the NHK game
// Black has 24 stones and White 23 (4 white and 3 black stones captured, a ko fought at C6/C7).
TEST(RenderGolden, StoneCountsAfterCaptures) {
  Game game = load("nhk-newyear2002-4.sgf");
  auto made = make_layout(game, at(MoveSpec::Kind::last));
  ASSERT_TRUE(made.ok());
  EXPECT_EQ(made.layout.count(rules::Stone::black), 24);
  EXPECT_EQ(made.layout.count(rules::Stone::white), 23);
  // The ko: after move 36 C7 (x 2, y 2) is White and C6 empty; after move 39 the reverse.
  auto m36 = make_layout(game, at(MoveSpec::Kind::number, 36)).layout;
  EXPECT_EQ(m36.at({2, 2}).stone, rules::Stone::white);
  EXPECT_EQ(m36.at({2, 3}).stone, rules::Stone::empty);
  auto m39 = make_layout(game, at(MoveSpec::Kind::number, 39)).layout;
  EXPECT_EQ(m39.at({2, 2}).stone, rules::Stone::empty);
  EXPECT_EQ(m39.at({2, 3}).stone, rules::Stone::black);
}

TEST(RenderGolden, KifuKeepsCapturedStonesAndListsRepeatedPoints) {
  Game game = load("long-life.sgf");
  LayoutOptions o;
  o.moves = std::pair{1, 5};
  auto made = make_layout(game, o);
  ASSERT_TRUE(made.ok());
  const Layout &l = made.layout;
  EXPECT_EQ(l.at({0, 2}).number, 1); // B a7, captured by 2 and played again by 5
  EXPECT_EQ(l.at({0, 4}).number, 2);
  EXPECT_EQ(l.at({0, 3}).mark, Mark::triangle); // the setup stone 3 is played on
  EXPECT_EQ(l.at({0, 5}).label, "A");
  EXPECT_EQ(l.captions, (std::vector<std::string>{"3 at ▲", "4 at A", "5 at 1"}));
}

TEST(RenderGolden, RulesVoidTheSuperkoThrowIn) {
  // Under superko (aga) White's throw-in at A4 (move 4) is void, so A4 stays empty; as written
  // (no rule set) it stands, and so it does under chinese rules, for which this eternal life
  // is a cycle to be judged a draw or replayed (Article 11.3), not a superko.
  Game game = load("long-life.sgf");
  auto as_written = make_layout(game, at(MoveSpec::Kind::last));
  EXPECT_EQ(as_written.layout.at({0, 5}).stone, rules::Stone::white);
  auto o = at(MoveSpec::Kind::last);
  o.rules = rules::preset("aga");
  auto judged = make_layout(game, o);
  ASSERT_TRUE(judged.ok());
  EXPECT_EQ(judged.layout.at({0, 5}).stone, rules::Stone::empty);
  o.rules = rules::preset("chinese");
  auto cycle = make_layout(game, o);
  ASSERT_TRUE(cycle.ok());
  EXPECT_EQ(cycle.layout.at({0, 5}).stone, rules::Stone::white);
}

// A Fox record with HA[4], no AB and White first (counted-more's fox_9k): the game was played
// on the four fixed handicap points, as sgf score and sgf check place them. On the empty board
// Black's stones run short of liberties and later moves land on stones that should have gone.
TEST(RenderGolden, TheHandicapStonesAServersRecordsLeaveOutStandOnTheBoard) {
  const auto parsed = parse_sgf(
      read_file(std::string(SGF_TESTDATA) + "/check/fox-handicap-no-ab-1562485375022405140.sgf"));
  ASSERT_EQ(parsed.collection.games.size(), 1u);
  const Game &game = parsed.collection.games.front();
  for (std::optional<rules::RuleSet> rules :
       {std::optional<rules::RuleSet>{}, rules::preset("japanese")}) {
    auto o = at(MoveSpec::Kind::first);
    o.rules = rules;
    const Layout root = make_layout(game, o).layout;
    EXPECT_EQ(root.count(rules::Stone::black), 4);
    for (Point p : {Point{3, 3}, Point{15, 3}, Point{3, 15}, Point{15, 15}})
      EXPECT_EQ(root.at(p).stone, rules::Stone::black);
  }
  // Every move stands where it is played, as it did in the game.
  const std::vector<NodeIndex> line = game.main_line();
  int number = 0;
  for (NodeIndex n : line) {
    const std::optional<Move> move = move_of(game.nodes[n], BoardSize{19, 19});
    if (!move)
      continue;
    ++number;
    if (move->pass)
      continue;
    const Layout after = make_layout(game, at(MoveSpec::Kind::number, number)).layout;
    EXPECT_EQ(after.at(move->point).stone, rules::stone_of(move->color)) << "move " << number;
  }
  // As written, without a server's convention, nothing stands before the first move.
  const Game plain = parse_sgf("(;HA[2];W[pp])").collection.games.at(0);
  EXPECT_EQ(make_layout(plain, at(MoveSpec::Kind::first)).layout.count(rules::Stone::black), 0);
}

} // namespace
} // namespace sgf::render
