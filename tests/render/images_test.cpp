// SVG, PNG, JPG and PDF back ends: SVG is well-formed XML whose stones match the position;
// the raster and PDF outputs carry the requested size.
#include "lib/render/cairo.h"
#include "lib/render/layout.h"
#include "lib/render/svg.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"
#include "tests/support/text.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace sgf::render {
namespace {

using sgf::testing_support::occurrences;

using sgf::testing_support::read_file;

Layout layout_of(const std::string &record, LayoutOptions o = {}) {
  auto parsed = parse_sgf(read_file(std::string(SGF_TESTDATA) + "/render/" + record));
  EXPECT_FALSE(parsed.collection.games.empty());
  auto made = make_layout(parsed.collection.games.front(), o);
  EXPECT_TRUE(made.ok());
  return made.layout;
}

std::string temp_path(const std::string &name) {
  return (std::filesystem::temp_directory_path() /
          ("sgf-render-test-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

bool xml_valid(const std::string &svg) {
  const std::string path = temp_path("x.svg");
  std::ofstream(path, std::ios::binary) << svg;
  const int rc = std::system(("xmlstarlet val -q -w '" + path + "' >/dev/null 2>&1").c_str());
  std::filesystem::remove(path);
  return rc == 0;
}

// PNG: width and height are the big-endian words at bytes 16 and 20 of the IHDR chunk.
std::pair<int, int> png_size(const std::string &png) {
  auto word = [&](size_t at) {
    return int((unsigned char)png[at]) << 24 | int((unsigned char)png[at + 1]) << 16 |
           int((unsigned char)png[at + 2]) << 8 | int((unsigned char)png[at + 3]);
  };
  return {word(16), word(20)};
}

// JPEG: the first SOF0/SOF2 segment holds height then width.
std::pair<int, int> jpg_size(const std::string &jpg) {
  for (size_t i = 2; i + 9 < jpg.size();) {
    if ((unsigned char)jpg[i] != 0xFF)
      return {0, 0};
    const unsigned char marker = (unsigned char)jpg[i + 1];
    const size_t len = size_t((unsigned char)jpg[i + 2]) << 8 | (unsigned char)jpg[i + 3];
    if (marker == 0xC0 || marker == 0xC2) {
      const int h = (unsigned char)jpg[i + 5] << 8 | (unsigned char)jpg[i + 6];
      const int w = (unsigned char)jpg[i + 7] << 8 | (unsigned char)jpg[i + 8];
      return {w, h};
    }
    i += 2 + len;
  }
  return {0, 0};
}

TEST(Svg, ValidXmlAndStonesMatchThePosition) {
  for (const char *record : {"nhk-newyear2002-4.sgf", "triple-ko-1.sgf", "long-life.sgf"}) {
    SCOPED_TRACE(record);
    LayoutOptions o;
    o.coordinates = true;
    o.last_move = true;
    o.title = true;
    Layout l = layout_of(record, o);
    const std::string svg = render_svg(l, 800);
    EXPECT_TRUE(xml_valid(svg));
    EXPECT_EQ(occurrences(svg, "class=\"black-stone\""), size_t(l.count(rules::Stone::black)));
    EXPECT_EQ(occurrences(svg, "class=\"white-stone\""), size_t(l.count(rules::Stone::white)));
    EXPECT_NE(svg.find("width=\"800\" height=\""), std::string::npos);
  }
  // 24 black and 23 white stones at the end of the NHK game, counted by hand.
  Layout l = layout_of("nhk-newyear2002-4.sgf");
  const std::string svg = render_svg(l, 400);
  EXPECT_EQ(occurrences(svg, "class=\"black-stone\""), 24u);
  EXPECT_EQ(occurrences(svg, "class=\"white-stone\""), 23u);
  EXPECT_NE(svg.find("width=\"400\" height=\"400\""), std::string::npos);
}

TEST(Svg, KifuCaptionsAndEscapedText) {
  LayoutOptions o;
  o.moves = std::pair{1, 5};
  o.title = true;
  Layout l = layout_of("long-life.sgf", o);
  l.title = "A & B <test>";
  const std::string svg = render_svg(l, 600);
  EXPECT_TRUE(xml_valid(svg));
  EXPECT_NE(svg.find("A &amp; B &lt;test&gt;"), std::string::npos);
  EXPECT_NE(svg.find("3 at ▲"), std::string::npos);
  EXPECT_NE(svg.find(">2</text>"), std::string::npos); // on the stone; 3 to 5 are captions
  EXPECT_EQ(svg.find(">5</text>"), std::string::npos);
}

TEST(Cairo, PngAndJpgHaveTheRequestedSize) {
  Layout l = layout_of("triple-ko-1.sgf");
  auto png = render_png(l, 500);
  ASSERT_TRUE(png.ok()) << png.error;
  ASSERT_GT(png.bytes.size(), 24u);
  EXPECT_EQ(png.bytes.substr(1, 3), "PNG");
  EXPECT_EQ(png_size(png.bytes), (std::pair{500, 500}));
  auto jpg = render_jpg(l, 320);
  ASSERT_TRUE(jpg.ok()) << jpg.error;
  EXPECT_EQ(jpg_size(jpg.bytes), (std::pair{320, 320}));
  // A window keeps the width and takes the height it needs: 10×10 points in a 19 board.
  LayoutOptions o;
  o.window = Rect{0, 9, 9, 18};
  Layout w = layout_of("triple-ko-1.sgf", o);
  EXPECT_EQ(png_size(render_png(w, 300).bytes), (std::pair{300, 300}));
  o.window = Rect{0, 9, 18, 18};
  Layout wide = layout_of("triple-ko-1.sgf", o);
  auto [ww, wh] = png_size(render_png(wide, 380).bytes);
  EXPECT_EQ(ww, 380);
  EXPECT_LT(wh, 250);
}

TEST(Cairo, PdfHasOnePagePerDiagram) {
  std::vector<Layout> pages;
  for (auto [a, b] : split_ranges(172, 50)) {
    LayoutOptions o;
    o.moves = std::pair{a, b};
    o.title = true;
    pages.push_back(layout_of("triple-ko-1.sgf", o));
  }
  ASSERT_EQ(pages.size(), 4u);
  auto pdf = render_pdf(pages, 600);
  ASSERT_TRUE(pdf.ok()) << pdf.error;
  EXPECT_EQ(pdf.bytes.substr(0, 5), "%PDF-");
  const std::string path = temp_path("p.pdf");
  std::ofstream(path, std::ios::binary) << pdf.bytes;
  const std::string info = temp_path("info.txt");
  ASSERT_EQ(std::system(("pdfinfo '" + path + "' > '" + info + "' 2>&1").c_str()), 0);
  const std::string text = read_file(info);
  auto field = [&](const std::string &key) {
    auto at = text.find(key);
    if (at == std::string::npos)
      return std::string{};
    auto start = text.find_first_not_of(' ', at + key.size());
    return text.substr(start, text.find('\n', start) - start);
  };
  EXPECT_EQ(field("Pages:"), "4") << text;
  EXPECT_EQ(field("Page size:").substr(0, 6), "600 x ") << text;
  std::filesystem::remove(path);
  std::filesystem::remove(info);
}

} // namespace
} // namespace sgf::render
