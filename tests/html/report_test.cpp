// The report page's builder (lib/html): escaping, the diagrams of findings on real records, the
// count's territory, and the --max-diagrams limit.
#include "lib/html/report.h"
#include "parsers/record/record.h"
#include "tests/support/board_svg.h"
#include "tests/support/files.h"
#include "tests/support/text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <string>

namespace sgf::html {
namespace {

using sgf::testing_support::occurrences;

using testing_support::points_in;
using testing_support::read_file;

const std::filesystem::path testdata = SGF_TESTDATA;
const std::filesystem::path cases = SGF_GOLDEN_CASES;

RecordReport report_of(const std::filesystem::path &path, size_t max_diagrams = 1000) {
  const std::string bytes = read_file(path);
  EXPECT_FALSE(bytes.empty()) << path;
  return report_record(path.filename().string(), parse_record(bytes, path.string()), {},
                       max_diagrams);
}

std::vector<const Finding *> findings_of(const RecordReport &r, std::string_view code) {
  std::vector<const Finding *> out;
  for (const GameRow &g : r.games)
    for (const Finding &f : g.findings)
      if (f.diagnostic.code == code)
        out.push_back(&f);
  return out;
}

TEST(Escape, MarkupCharactersBecomeEntities) {
  EXPECT_EQ(escape("<b>Lee & \"Cho\" 'x'</b>"), "&lt;b&gt;Lee &amp; &quot;Cho&quot; 'x'&lt;/b&gt;");
}

TEST(Escape, EveryScriptPassesUnchanged) {
  const std::string names = "이세돌 九段 · 柯洁 · 井山裕太 · Ёлкин · Müller";
  EXPECT_EQ(escape(names), names);
}

TEST(Escape, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  // A CP949 byte pair, a lone continuation byte, an overlong '/', a UTF-16 surrogate, and a
  // three-byte character cut in half at the end.
  EXPECT_EQ(escape("a\xC7\xD1"
                   "b"),
            "a\uFFFD\uFFFD"
            "b");
  EXPECT_EQ(escape("\x80"), "\uFFFD");
  EXPECT_EQ(escape("\xC0\xAF"), "\uFFFD\uFFFD");
  EXPECT_EQ(escape("\xED\xA0\x80"), "\uFFFD\uFFFD\uFFFD");
  EXPECT_EQ(escape("x\xE4\xB8"), "x\uFFFD\uFFFD");
}

TEST(Escape, ControlCharactersAreLeftOut) {
  EXPECT_EQ(escape(std::string("a\0b\x1B[31mc\td\n", 13)), "ab[31mc\td\n");
}

TEST(Page, NamesAreEscapedInTheTableAndTheFindings) {
  const std::string record = "(;GM[1]FF[4]SZ[9]PB[<script>alert(1)</script>]PW[Kim & \"Lee\" 김]"
                             "RE[B+R];B[ee];W[ee])";
  Page page(10);
  page.add(report_record("a<b>.sgf", parse_record(record, "a<b>.sgf"), {}, 10));
  const std::string html = page.html();
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("Kim &amp; &quot;Lee&quot; 김"), std::string::npos);
  EXPECT_NE(html.find("a&lt;b&gt;.sgf"), std::string::npos);
  EXPECT_NE(html.find("<meta charset=\"utf-8\">"), std::string::npos);
  // The page needs nothing from elsewhere: no external script, style sheet, font or image.
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  // The diagrams' markers and grids are fragments of the page itself.
  EXPECT_EQ(occurrences(html, "url("), occurrences(html, "url(#"));
  EXPECT_EQ(occurrences(html, "href=\""), occurrences(html, "href=\"#"));
  EXPECT_GT(occurrences(html, "url(#go-"), 0u);
  EXPECT_EQ(html.find("@import"), std::string::npos);
}

// broken.sgf: ;B[cc];W[ee] ... W plays on the occupied point E5 (ee).
TEST(ReportRecord, AMoveOnAnOccupiedPointIsDrawnWithThePointRinged) {
  RecordReport r = report_of(testdata / "demo" / "broken.sgf");
  auto occupied = findings_of(r, "occupied");
  ASSERT_EQ(occupied.size(), 1u);
  const Finding &f = *occupied[0];
  ASSERT_TRUE(f.has_position);
  ASSERT_TRUE(f.diagram);
  const Diagram &d = *f.diagram;
  EXPECT_EQ(occurrences(d.svg, "class=\"finding-mark\""), 1u);
  // The ring sits on E5: column 4, row 4 of the 9×9 board, in board units.
  EXPECT_NE(d.svg.find("<circle class=\"finding-mark\" cx=\"4\" cy=\"4\" r="), std::string::npos)
      << d.svg;
  EXPECT_EQ(d.svg.find("<?xml"), std::string::npos);
  EXPECT_EQ(d.style.size.width, 9);
  EXPECT_NE(d.svg.find("<use href=\"#go-9x9\"/>"), std::string::npos) << d.svg;
}

// illegal_ko_1.sgf: Black retakes the ko at once with move 213, the last, capturing one stone.
TEST(ReportRecord, TheNeighbouringPositionsDifferByTheMoveAndItsCapture) {
  RecordReport r = report_of(testdata / "demo" / "illegal_ko_1.sgf");
  auto ko = findings_of(r, "ko");
  ASSERT_EQ(ko.size(), 1u);
  ASSERT_TRUE(ko[0]->diagram);
  const Diagram &d = *ko[0]->diagram;
  ASSERT_TRUE(d.previous);
  const auto count = [](const std::string &s, char c) { return std::count(s.begin(), s.end(), c); };
  const size_t black = points_in(d.svg, "black-stones");
  const size_t white = points_in(d.svg, "white-stones");
  EXPECT_GT(black, 50u);
  // Before move 213 Black has one stone fewer and White one more (the stone the retake takes).
  EXPECT_EQ(count(d.previous->stones, 'x') + 1, static_cast<long>(black));
  EXPECT_EQ(count(d.previous->stones, 'o') - 1, static_cast<long>(white));
  EXPECT_NE(d.caption.find("after move 213, Black"), std::string::npos) << d.caption;
  // The move before is White's il (column 8, row 11); the record ends with the retake.
  EXPECT_EQ(d.previous->marked, 11 * 19 + 8);
  EXPECT_EQ(d.previous->stones.size(), 361u);
  EXPECT_FALSE(d.next);
}

// The golden case of a wrong winner: RE[W+13.50], the count B+13.5.
TEST(ReportRecord, ADisputeShowsTheCountedTerritoryAndDeadStones) {
  RecordReport r = report_of(cases / "check-count-wrong-winner" / "input.sgf");
  ASSERT_EQ(r.games.size(), 1u);
  EXPECT_EQ(r.games[0].recorded, "W+13.50");
  EXPECT_EQ(r.games[0].counted, "B+13.5");
  EXPECT_TRUE(r.games[0].disputed);
  auto mismatch = findings_of(r, "result-mismatch");
  ASSERT_EQ(mismatch.size(), 1u);
  ASSERT_TRUE(mismatch[0]->diagram);
  const std::string &svg = mismatch[0]->diagram->svg;
  // A count of B+13.5 leaves both sides some territory; the dead stones are faded.
  EXPECT_GT(points_in(svg, "black-territory") + points_in(svg, "white-territory"), 40u);
  EXPECT_GT(points_in(svg, "black-territory"), 0u);
  EXPECT_GT(points_in(svg, "white-territory"), 0u);
  EXPECT_GT(points_in(svg, "dead"), 0u);
  // The page defines the markers that draw them.
  Page page(10);
  page.add(std::move(r));
  const std::string html = page.html();
  for (const char *id : {"go-tb-19x19", "go-tw-19x19", "go-dead", "go-b", "go-w-19x19"})
    EXPECT_NE(html.find(fmt::format("<marker id=\"{}\"", id)), std::string::npos) << id;
}

TEST(Page, DiagramsStopAtTheLimitAndTheTableStaysComplete) {
  // triple_ko_12.sgf has one finding with a position: the triple ko's cycle.
  const auto path = testdata / "demo" / "triple_ko_12.sgf";
  Page page(3);
  for (int i = 0; i < 5; ++i) {
    RecordReport r = report_of(path, page.diagrams_left());
    if (i == 0) {
      ASSERT_EQ(findings_of(r, "cycle").size(), 1u);
    }
    page.add(std::move(r));
  }
  EXPECT_EQ(page.diagrams_left(), 0u);
  const std::string html = page.html();
  EXPECT_EQ(occurrences(html, "<figure class=\"board\""), 3u);
  EXPECT_EQ(occurrences(html, "<p class=\"no-diagram\">"), 2u);
  EXPECT_EQ(occurrences(html, "<tr id=\"r"), 5u);
  EXPECT_NE(html.find("3 of 5 (the limit, --max-diagrams 3, was reached)"), std::string::npos);
}

TEST(Page, NoDiagramAtAllWithALimitOfZero) {
  Page page(0);
  page.add(report_of(testdata / "demo" / "triple_ko_12.sgf", page.diagrams_left()));
  const std::string html = page.html();
  EXPECT_EQ(occurrences(html, "<svg"), 0u);
  EXPECT_EQ(occurrences(html, "<p class=\"no-diagram\">"), 1u);
}

TEST(Page, AnUnreadableRecordHasARow) {
  Page page(10);
  page.add(unreadable_record(
      "gone.sgf", make_diagnostic(Severity::error, "unreadable", "cannot open: No such file")));
  const std::string html = page.html();
  EXPECT_EQ(occurrences(html, "<tr id=\"r"), 1u);
  EXPECT_NE(html.find("cannot open: No such file"), std::string::npos);
}

} // namespace
} // namespace sgf::html
