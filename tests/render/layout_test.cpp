// Layout rules: coordinates without I, windows, move specs, star points on every size, boards
// from 2×2 to 52×52 and rectangular, markup, auto crop, per-diagram ranges.
#include "lib/render/layout.h"
#include "lib/render/text.h"
#include "parsers/sgf/parse.h"

#include <algorithm>
#include <gtest/gtest.h>

namespace sgf::render {
namespace {

Game game_of(std::string_view sgf) {
  auto parsed = parse_sgf(sgf);
  EXPECT_EQ(parsed.collection.games.size(), 1u) << sgf;
  return parsed.collection.games.empty() ? Game{} : parsed.collection.games.front();
}

TEST(Layout, ColumnNamesSkipI) {
  EXPECT_EQ(column_name(0), "A");
  EXPECT_EQ(column_name(7), "H");
  EXPECT_EQ(column_name(8), "J");
  EXPECT_EQ(column_name(18), "T");
  EXPECT_EQ(column_name(24), "Z");
  EXPECT_EQ(column_name(25), "AA");
  EXPECT_EQ(column_name(51), "BB");
  EXPECT_EQ(row_name(0, 19), "19");
  EXPECT_EQ(row_name(18, 19), "1");
}

TEST(Layout, ParseWindow) {
  auto w = parse_window("A1:K10", {19, 19});
  ASSERT_TRUE(w);
  EXPECT_EQ(*w, (Rect{0, 9, 9, 18}));
  EXPECT_EQ(parse_window("k10:a1", {19, 19}), w);
  EXPECT_FALSE(parse_window("A1:I10", {19, 19})); // there is no column I
  EXPECT_FALSE(parse_window("A1:K20", {19, 19}));
  EXPECT_FALSE(parse_window("A1", {19, 19}));
  EXPECT_EQ(parse_window("AA1:BB52", {52, 52}), (Rect{25, 0, 51, 51}));
}

TEST(Layout, ParseMoveSpecAndRange) {
  EXPECT_EQ(parse_move_spec("first")->kind, MoveSpec::Kind::first);
  EXPECT_EQ(parse_move_spec("last")->kind, MoveSpec::Kind::last);
  EXPECT_EQ(parse_move_spec("57")->n, 57);
  EXPECT_EQ(parse_move_spec("-3")->kind, MoveSpec::Kind::back);
  EXPECT_FALSE(parse_move_spec("x"));
  EXPECT_FALSE(parse_move_spec("--3"));
  EXPECT_EQ(parse_range("51-100"), (std::pair{51, 100}));
  EXPECT_FALSE(parse_range("100-51"));
  EXPECT_FALSE(parse_range("0-5"));
  EXPECT_EQ(split_ranges(120, 50),
            (std::vector<std::pair<int, int>>{{1, 50}, {51, 100}, {101, 120}}));
}

TEST(Layout, StarPoints) {
  auto count = [](int w, int h) { return star_points({w, h}).size(); };
  EXPECT_EQ(count(19, 19), 9u);
  EXPECT_EQ(count(13, 13), 5u);
  EXPECT_EQ(count(9, 9), 5u);
  EXPECT_EQ(count(4, 4), 0u);
  EXPECT_EQ(count(2, 2), 0u);
  auto s19 = star_points({19, 19});
  EXPECT_NE(std::find(s19.begin(), s19.end(), Point{3, 3}), s19.end());
  EXPECT_NE(std::find(s19.begin(), s19.end(), Point{9, 9}), s19.end());
  EXPECT_NE(std::find(s19.begin(), s19.end(), Point{15, 9}), s19.end());
  auto s9 = star_points({9, 9});
  EXPECT_NE(std::find(s9.begin(), s9.end(), Point{2, 6}), s9.end());
  EXPECT_NE(std::find(s9.begin(), s9.end(), Point{4, 4}), s9.end());
  auto s13 = star_points({13, 13});
  EXPECT_NE(std::find(s13.begin(), s13.end(), Point{3, 9}), s13.end());
  EXPECT_NE(std::find(s13.begin(), s13.end(), Point{6, 6}), s13.end());
  for (int w = 2; w <= 52; ++w)
    for (int h : {2, 7, 19, 52})
      for (Point p : star_points({w, h}))
        EXPECT_TRUE((BoardSize{w, h}.contains(p))) << w << "x" << h;
}

TEST(Layout, EverySizeFrom2To52AndRectangular) {
  for (auto [w, h] :
       std::vector<std::pair<int, int>>{{2, 2}, {3, 5}, {19, 13}, {52, 52}, {7, 30}}) {
    std::string sgf = w == h ? "(;SZ[" + std::to_string(w) + "];B[ab])"
                             : "(;SZ[" + std::to_string(w) + ":" + std::to_string(h) + "];B[ab])";
    auto made = make_layout(game_of(sgf), {});
    ASSERT_TRUE(made.ok()) << sgf;
    EXPECT_EQ(made.layout.size, (BoardSize{w, h}));
    EXPECT_EQ(made.layout.count(rules::Stone::black), 1);
    std::string text = render_text(made.layout);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), h) << sgf;
    EXPECT_EQ(std::count(text.begin(), text.end(), 'X'), 1);
  }
  // 52 wide: points beyond z are written with capital letters; the last column is BB.
  auto made = make_layout(game_of("(;SZ[52];B[ZZ])"), {});
  ASSERT_TRUE(made.ok());
  EXPECT_EQ(made.layout.at({51, 51}).stone, rules::Stone::black);
}

TEST(Layout, MarkupOfTheShownNode) {
  Game g = game_of("(;SZ[9];B[cc]TR[cc]SQ[dd]CR[ee]MA[ff]SL[gg]LB[hh:A][ab:12]AR[aa:cc]LN[ia:ii]"
                   "DD[ba];W[dc]TB[ai:bi])");
  LayoutOptions o;
  o.move = {MoveSpec::Kind::number, 1};
  auto made = make_layout(g, o);
  ASSERT_TRUE(made.ok());
  const Layout &l = made.layout;
  EXPECT_EQ(l.at({2, 2}).mark, Mark::triangle);
  EXPECT_EQ(l.at({3, 3}).mark, Mark::square);
  EXPECT_EQ(l.at({4, 4}).mark, Mark::circle);
  EXPECT_EQ(l.at({5, 5}).mark, Mark::cross);
  EXPECT_EQ(l.at({6, 6}).mark, Mark::selected);
  EXPECT_EQ(l.at({7, 7}).label, "A");
  EXPECT_EQ(l.at({0, 1}).label, "12");
  EXPECT_TRUE(l.at({1, 0}).dimmed);
  ASSERT_EQ(l.segments.size(), 2u);
  EXPECT_TRUE(l.segments[0].arrow);
  EXPECT_FALSE(l.segments[1].arrow);
  EXPECT_FALSE(l.at({0, 8}).territory); // TB belongs to the next node
  // Labels widen every cell of a text diagram to the widest label.
  const std::string text = render_text(l);
  EXPECT_NE(text.find("12  .  .  .  .  .  .  .  .\n"), std::string::npos) << text;
  EXPECT_NE(text.find(" .  .  Y  .  .  .  +  .  .\n"), std::string::npos) << text;
  auto last = make_layout(g, {}).layout;
  EXPECT_EQ(last.at({0, 8}).territory, Color::black);
  EXPECT_EQ(last.at({1, 8}).territory, Color::black);
  EXPECT_EQ(last.at({2, 2}).mark, Mark::none);
}

TEST(Layout, CropAutoShowsTheCorner) {
  Game g = game_of("(;SZ[19];B[pd];W[qf];B[qc])");
  LayoutOptions o;
  o.crop_auto = true;
  auto made = make_layout(g, o);
  ASSERT_TRUE(made.ok());
  // Stones in the top-right corner: the window reaches the top and right edges.
  EXPECT_EQ(made.layout.window.y0, 0);
  EXPECT_EQ(made.layout.window.x1, 18);
  EXPECT_EQ(made.layout.window.x0, 14);
  EXPECT_EQ(made.layout.window.y1, 6);
}

TEST(Layout, ErrorsAreValues) {
  Game g = game_of("(;SZ[9];B[cc];W[dd])");
  LayoutOptions o;
  o.move = {MoveSpec::Kind::number, 3};
  EXPECT_FALSE(make_layout(g, o).ok());
  o.move = {MoveSpec::Kind::back, 3};
  EXPECT_FALSE(make_layout(g, o).ok());
  LayoutOptions v;
  v.variation = 1;
  EXPECT_FALSE(make_layout(g, v).ok());
  LayoutOptions k;
  k.moves = std::pair{3, 4};
  EXPECT_FALSE(make_layout(g, k).ok());
  LayoutOptions w;
  w.window = Rect{0, 0, 9, 9};
  EXPECT_FALSE(make_layout(g, w).ok());
}

TEST(Layout, VariationsInFileOrder) {
  Game g = game_of("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))");
  LayoutOptions o;
  o.variation = 1;
  auto made = make_layout(g, o);
  ASSERT_TRUE(made.ok());
  EXPECT_EQ(made.layout.at({3, 3}).stone, rules::Stone::white);
  EXPECT_EQ(made.layout.at({1, 1}).stone, rules::Stone::empty);
  EXPECT_EQ(count_moves(g, variation_line(g, 0)), 3);
  EXPECT_EQ(count_moves(g, variation_line(g, 1)), 2);
}

TEST(Layout, FromAGivenLine) {
  Game g = game_of("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))");
  auto made = make_layout(g, std::vector<NodeIndex>{0, 1, 4}, {});
  ASSERT_TRUE(made.ok());
  EXPECT_EQ(made.layout.at({3, 3}).stone, rules::Stone::white);
  EXPECT_EQ(made.layout.count(rules::Stone::black), 1);
  EXPECT_FALSE(make_layout(g, std::vector<NodeIndex>{0, 2}, {}).ok()); // 2 is not a child of 0
  EXPECT_FALSE(make_layout(g, std::vector<NodeIndex>{}, {}).ok());
  EXPECT_FALSE(make_layout(g, std::vector<NodeIndex>{0, 1, 9}, {}).ok());
}

TEST(Layout, PassesAreCaptionsInKifu) {
  Game g = game_of("(;SZ[9]PB[Ann]BR[3d]PW[Bob]RE[B+R];B[aa];W[];B[bb];W[tt])");
  LayoutOptions o;
  o.moves = std::pair{1, 4};
  o.title = true;
  auto made = make_layout(g, o);
  ASSERT_TRUE(made.ok());
  EXPECT_EQ(made.layout.captions, (std::vector<std::string>{"2 pass", "4 pass"}));
  EXPECT_EQ(made.layout.title, "Ann 3d (B) vs Bob (W), B+R — moves 1-4");
}

} // namespace
} // namespace sgf::render
