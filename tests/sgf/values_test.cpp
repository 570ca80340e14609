// Typed accessors over raw property values: every FF[4] value type and the edge cases real
// records bring (52×52 boards, tt passes, compressed point lists, escaped ':' in compose).
#include "lib/sgf/values.h"

#include <gtest/gtest.h>

namespace sgf {
namespace {

Property prop(std::string id, std::initializer_list<const char *> values) {
  Property p;
  p.id = std::move(id);
  for (const char *v : values)
    p.values.emplace_back().text = v;
  return p;
}

TEST(Number, ParsesSignsAndRejectsJunk) {
  EXPECT_EQ(to_number("19"), 19);
  EXPECT_EQ(to_number("+3"), 3);
  EXPECT_EQ(to_number("-12"), -12);
  EXPECT_EQ(to_number(" 4 "), 4);
  EXPECT_EQ(to_number(""), std::nullopt);
  EXPECT_EQ(to_number("3.5"), std::nullopt);
  EXPECT_EQ(to_number("+-3"), std::nullopt);
  EXPECT_EQ(to_number("19x"), std::nullopt);
  EXPECT_EQ(to_number("99999999999999999999999"), std::nullopt);
}

TEST(Real, ParsesFixedNotation) {
  EXPECT_EQ(to_real("6.5"), 6.5);
  EXPECT_EQ(to_real("0.50"), 0.5);
  EXPECT_EQ(to_real("-3"), -3.0);
  EXPECT_EQ(to_real("+7.5"), 7.5);
  EXPECT_EQ(to_real("7."), 7.0);
  EXPECT_EQ(to_real(".5"), 0.5);
  EXPECT_EQ(to_real("750"), 750.0); // Fox's komi ×100 is not decided here
  EXPECT_EQ(to_real(""), std::nullopt);
  EXPECT_EQ(to_real("."), std::nullopt);
  EXPECT_EQ(to_real("1e3"), std::nullopt);
  EXPECT_EQ(to_real("inf"), std::nullopt);
  EXPECT_EQ(to_real("nan"), std::nullopt);
  EXPECT_EQ(to_real("6,5"), std::nullopt);
  EXPECT_EQ(to_real("1.2.3"), std::nullopt);
}

TEST(Double, OneOrTwo) {
  EXPECT_EQ(to_double("1"), Emphasis::normal);
  EXPECT_EQ(to_double("2"), Emphasis::emphasized);
  EXPECT_EQ(to_double("3"), std::nullopt);
  EXPECT_EQ(to_double(""), std::nullopt);
}

TEST(ColorValue, BlackOrWhite) {
  EXPECT_EQ(to_color("B"), Color::black);
  EXPECT_EQ(to_color("W"), Color::white);
  EXPECT_EQ(to_color("b"), std::nullopt);
  EXPECT_EQ(to_color("X"), std::nullopt);
}

TEST(TextValue, UnescapesAndKeepsNewlines) {
  EXPECT_EQ(to_text(R"(a\]b)"), "a]b");
  EXPECT_EQ(to_text(R"(a\\b)"), "a\\b");
  EXPECT_EQ(to_text(R"(a\:b)"), "a:b");
  EXPECT_EQ(to_text("line one\nline two"), "line one\nline two");
  EXPECT_EQ(to_text("crlf\r\nlf"), "crlf\nlf");
  EXPECT_EQ(to_text("soft \\\nbreak"), "soft break");
  EXPECT_EQ(to_text("soft \\\r\nbreak"), "soft break");
  EXPECT_EQ(to_text("tab\there"), "tab here");
  EXPECT_EQ(to_text("\xe4\xb8\xad\xe5\x9b\xbd"), "\xe4\xb8\xad\xe5\x9b\xbd"); // UTF-8 untouched
  // A value cut short by the end of the file may end in a backslash that escapes nothing: it is
  // text, as the writer keeps it (escaped), so a written and read-again tree means the same.
  EXPECT_EQ(to_text("trailing\\"), "trailing\\");
}

TEST(SimpleTextValue, NewlinesBecomeSpaces) {
  EXPECT_EQ(to_simple_text("Lee\nSedol"), "Lee Sedol");
  EXPECT_EQ(to_simple_text("Lee\r\nSedol"), "Lee Sedol");
  EXPECT_EQ(to_simple_text("Lee\\\nSedol"), "LeeSedol");
  EXPECT_EQ(to_simple_text(R"(W+\]R)"), "W+]R");
}

TEST(PointValue, LowercaseAndUppercaseLetters) {
  EXPECT_EQ(decode_point("aa"), (Point{0, 0}));
  EXPECT_EQ(decode_point("sa"), (Point{18, 0}));
  EXPECT_EQ(decode_point("zZ"), (Point{25, 51}));
  EXPECT_EQ(decode_point("Aa"), (Point{26, 0}));
  EXPECT_EQ(decode_point("a"), std::nullopt);
  EXPECT_EQ(decode_point("a1"), std::nullopt);
  EXPECT_EQ(decode_point("abc"), std::nullopt);

  BoardSize b52{52, 52};
  EXPECT_EQ(to_point("ZZ", b52), (Point{51, 51}));
  EXPECT_EQ(to_point("Az", b52), (Point{26, 25}));
  EXPECT_EQ(to_point("ZZ", BoardSize{51, 51}), std::nullopt);
  EXPECT_EQ(to_point("ss", BoardSize{}), (Point{18, 18}));
  EXPECT_EQ(to_point("ta", BoardSize{}), std::nullopt);
  // Rectangular: 19 columns, 13 rows.
  EXPECT_EQ(to_point("sm", BoardSize{19, 13}), (Point{18, 12}));
  EXPECT_EQ(to_point("ms", BoardSize{19, 13}), std::nullopt);
}

TEST(MoveValue, PassesDependOnTheBoard) {
  BoardSize b19, b21{21, 21}, b9{9, 9};
  EXPECT_EQ(to_move(Color::black, "", b19), (Move{Color::black, true, {}}));
  EXPECT_EQ(to_move(Color::white, "tt", b19), (Move{Color::white, true, {}}));
  EXPECT_EQ(to_move(Color::white, "tt", b9), (Move{Color::white, true, {}}));
  EXPECT_EQ(to_move(Color::black, "tt", b21), (Move{Color::black, false, {19, 19}}));
  EXPECT_EQ(to_move(Color::black, "", b21), (Move{Color::black, true, {}}));
  EXPECT_TRUE(is_pass("tt", BoardSize{19, 13}));
  EXPECT_FALSE(is_pass("tt", BoardSize{20, 19}));
  EXPECT_EQ(to_move(Color::black, "pd", b19), (Move{Color::black, false, {15, 3}}));
  EXPECT_EQ(to_move(Color::black, "jj", b9), std::nullopt); // off the board
  EXPECT_EQ(to_move(Color::black, "p", b19), std::nullopt);
}

TEST(MoveValue, OfANode) {
  Node n;
  n.properties.push_back(prop("W", {"dd"}));
  n.properties.push_back(prop("C", {"hi"}));
  EXPECT_TRUE(has_move(n));
  EXPECT_EQ(move_of(n, BoardSize{}), (Move{Color::white, false, {3, 3}}));
  Node setup;
  setup.properties.push_back(prop("AB", {"dd"}));
  EXPECT_FALSE(has_move(setup));
  EXPECT_EQ(move_of(setup, BoardSize{}), std::nullopt);
}

TEST(PointList, ExpandsCompressedRectangles) {
  BoardSize b19;
  auto list = to_point_list(prop("AB", {"aa:cb", "pd"}), b19);
  ASSERT_TRUE(list);
  std::vector<Point> expected = {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {15, 3}};
  EXPECT_EQ(*list, expected);
  // Corners given the other way round describe the same rectangle.
  auto reversed = to_point_list(prop("AB", {"cb:aa"}), b19);
  ASSERT_TRUE(reversed);
  EXPECT_EQ(reversed->size(), 6u);
  // A whole 52×52 board in one value.
  auto all = to_point_list(prop("AE", {"aa:ZZ"}), BoardSize{52, 52});
  ASSERT_TRUE(all);
  EXPECT_EQ(all->size(), 52u * 52u);
  EXPECT_EQ(all->back(), (Point{51, 51}));
  // elist
  auto empty = to_point_list(prop("VW", {""}), b19);
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->empty());
  EXPECT_EQ(to_point_list(prop("AB", {"aa:tt"}), b19), std::nullopt);
  EXPECT_EQ(to_point_list(prop("AB", {"aa", "zz"}), b19), std::nullopt);
}

TEST(Compose, SplitsAtTheFirstUnescapedColon) {
  auto c = split_compose("dd:Hello");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->first, "dd");
  EXPECT_EQ(c->second, "Hello");
  auto escaped = split_compose(R"(a\:b:c:d)");
  ASSERT_TRUE(escaped);
  EXPECT_EQ(escaped->first, R"(a\:b)");
  EXPECT_EQ(escaped->second, "c:d");
  EXPECT_EQ(to_simple_text(escaped->first), "a:b");
  auto escaped_backslash = split_compose(R"(a\\:b)"); // the backslash is escaped, not the ':'
  ASSERT_TRUE(escaped_backslash);
  EXPECT_EQ(escaped_backslash->first, R"(a\\)");
  EXPECT_EQ(escaped_backslash->second, "b");
  auto empty_halves = split_compose(":");
  ASSERT_TRUE(empty_halves);
  EXPECT_EQ(empty_halves->first, "");
  EXPECT_EQ(empty_halves->second, "");
  EXPECT_EQ(split_compose(R"(no\:colon)"), std::nullopt);
}

TEST(BoardSizeValue, SquareAndRectangular) {
  EXPECT_EQ(to_board_size("19"), (BoardSize{19, 19}));
  EXPECT_EQ(to_board_size("9"), (BoardSize{9, 9}));
  EXPECT_EQ(to_board_size("19:13"), (BoardSize{19, 13}));
  EXPECT_EQ(to_board_size("52"), (BoardSize{52, 52}));
  EXPECT_EQ(to_board_size("53"), std::nullopt);
  EXPECT_EQ(to_board_size("0"), std::nullopt);
  EXPECT_EQ(to_board_size("19:"), std::nullopt);
  EXPECT_EQ(to_board_size("abc"), std::nullopt);

  Game g;
  g.add_node(no_node);
  EXPECT_EQ(board_size_of(g), (BoardSize{19, 19})); // SZ absent
  g.root().properties.push_back(prop("SZ", {"13"}));
  EXPECT_EQ(board_size_of(g), (BoardSize{13, 13}));
  g.root().properties.back().values.front().text = "x";
  EXPECT_EQ(board_size_of(g), std::nullopt);
}

TEST(Ff3, OldStyleValuesReadTheSameWay) {
  // FF[3] records pass with tt on 19×19 and write komi and points the same way.
  Node n;
  n.properties.push_back(prop("B", {"tt"}));
  EXPECT_EQ(move_of(n, BoardSize{}), (Move{Color::black, true, {}}));
  EXPECT_EQ(to_real("5.5"), 5.5);
  // FF[3] lists were written value by value, never compressed.
  auto list = to_point_list(prop("AW", {"aa", "ab", "ac"}), BoardSize{});
  ASSERT_TRUE(list);
  EXPECT_EQ(list->size(), 3u);
}

TEST(Writing, EscapesAndLetters) {
  EXPECT_EQ(escape_text("a]b\\c:d"), R"(a\]b\\c:d)");
  EXPECT_EQ(escape_text("a:b", true), R"(a\:b)");
  EXPECT_EQ(to_text(escape_text("x]\\y\nz")), "x]\\y\nz");
  EXPECT_EQ(point_to_sgf({0, 0}), "aa");
  EXPECT_EQ(point_to_sgf({18, 3}), "sd");
  EXPECT_EQ(point_to_sgf({26, 51}), "AZ");
  for (int x = 0; x < 52; ++x)
    EXPECT_EQ(decode_point(point_to_sgf({x, 51 - x})), (Point{x, 51 - x}));
  EXPECT_EQ(move_to_sgf(Move{Color::black, true, {}}), "");
  EXPECT_EQ(move_to_sgf(Move{Color::white, false, {3, 15}}), "dp");
}

// Player names: the column letter without I, the row from the bottom (the names a 19×19 board
// prints on its edges: D4 is the lower-left star point, Q16 the upper-right one).
TEST(PointNames, ColumnsSkipIRowsFromTheBottom) {
  const BoardSize nine{9, 9}, nineteen{19, 19}, twenty_five{25, 25};
  EXPECT_EQ(point_name(*decode_point("ee"), nine), "E5"); // tengen
  EXPECT_EQ(point_name(*decode_point("aa"), nine), "A9");
  EXPECT_EQ(point_name(*decode_point("hh"), nine), "H2");
  EXPECT_EQ(point_name(*decode_point("ii"), nine), "J1"); // the ninth column is J
  EXPECT_EQ(point_name(*decode_point("dp"), nineteen), "D4");
  EXPECT_EQ(point_name(*decode_point("pd"), nineteen), "Q16");
  EXPECT_EQ(point_name(*decode_point("jj"), nineteen), "K10"); // tengen
  EXPECT_EQ(point_name(*decode_point("aa"), nineteen), "A19");
  EXPECT_EQ(point_name(*decode_point("ss"), nineteen), "T1");
  EXPECT_EQ(point_name(*decode_point("ha"), nineteen), "H19");
  EXPECT_EQ(point_name(*decode_point("ia"), nineteen), "J19");
  EXPECT_EQ(point_name(*decode_point("ja"), nineteen), "K19");
  EXPECT_EQ(point_name(*decode_point("yy"), twenty_five), "Z1"); // the 25th letter without I
  EXPECT_EQ(point_name(*decode_point("aa"), twenty_five), "A25");
  // Rows are numbers on a board of any height; only columns run out of letters.
  EXPECT_EQ(point_name(*decode_point("aA"), BoardSize{13, 40}), "A14");
  // Wider than 25 columns: the SGF letters, whatever the point.
  EXPECT_EQ(point_name(*decode_point("aa"), BoardSize{26, 26}), "aa");
  EXPECT_EQ(point_name(*decode_point("zz"), BoardSize{26, 26}), "zz");
  EXPECT_EQ(point_name(*decode_point("dp"), BoardSize{26, 19}), "dp");
  EXPECT_EQ(point_name(*decode_point("ZZ"), BoardSize{52, 52}), "ZZ");
}

TEST(Values, PointFromNameReadsWhatPointNameWrites) {
  const BoardSize s{19, 19};
  EXPECT_EQ(point_from_name("A1", s), (Point{0, 18}));
  EXPECT_EQ(point_from_name("j19", s), (Point{8, 0}));
  EXPECT_EQ(point_from_name("T19", s), (Point{18, 0}));
  for (const char *bad : {"I5", "Z5", "A0", "A20", "A+1", "A-1", "D4x", "D", ""})
    EXPECT_FALSE(point_from_name(bad, s)) << bad;
  for (int y = 0; y < 19; ++y)
    for (int x = 0; x < 19; ++x)
      EXPECT_EQ(point_from_name(point_name(Point{x, y}, s), s), (Point{x, y}));
}

} // namespace
} // namespace sgf
