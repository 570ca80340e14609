// Every script in PNG and PDF: the Korean, Chinese and Japanese names of real records (and a
// Cyrillic text) come out as their characters, in the font fontconfig gives their language,
// not as the boxes a font without them draws.
#include "lib/render/cairo.h"
#include "lib/render/layout.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"

#include <algorithm>
#include <array>
#include <cairo.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <memory>
#include <pango/pangocairo.h>
#include <png.h>
#include <unistd.h>

namespace sgf::render {
namespace {

using sgf::testing_support::read_file;

// A real record with names in one script, the characters its title must show, and the fonts
// that have them: DejaVu Sans for Latin and digits, the Noto Sans CJK face of the language.
struct ScriptCase {
  const char *record; // under testdata/
  const char *names;  // in the title, checked by reading the record's header by hand
  const char *fonts;
  const char *language;
  const char *pdf_face; // the font a PDF embeds for the names: the language's own Han forms
};

const ScriptCase cases[] = {
    // PB[커제] PW[탕웨이싱], CP949 bytes under CA[UTF-8].
    {"demo/korean-cp949-ca-utf8.sgf", "커제", "DejaVu Sans, Noto Sans CJK KR", "ko",
     "NotoSansCJKkr"},
    // PB[峨眉的早晨], a Fox record in UTF-8.
    {"score/profiles/fox-foxwq-km0.sgf", "峨眉的早晨", "DejaVu Sans, Noto Sans CJK SC", "zh-cn",
     "NotoSansCJKsc"},
    // PB[申眞ソ] PW[党毅飛], Shift_JIS without CA.
    {"parsers/encodings/sabaki-nihon-kiin.sgf", "申眞ソ", "DejaVu Sans, Noto Sans CJK JP", "ja",
     "NotoSansCJKjp"},
};

Layout titled_layout(const std::string &record) {
  auto parsed = parse_sgf(read_file(std::string(SGF_TESTDATA) + "/" + record));
  EXPECT_FALSE(parsed.collection.games.empty());
  LayoutOptions o;
  o.title = true;
  auto made = make_layout(parsed.collection.games.front(), o);
  EXPECT_TRUE(made.ok());
  return made.layout;
}

// Dark pixels (ink on white paper) of a band of an image, row after row.
struct InkMask {
  int width = 0, height = 0;
  std::vector<bool> ink;
  bool at(int x, int y) const { return ink[size_t(y) * size_t(width) + size_t(x)]; }
  // The smallest rectangle holding every ink pixel: x0, y0, x1, y1 (exclusive).
  std::array<int, 4> box() const {
    std::array<int, 4> b{width, height, 0, 0};
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x)
        if (at(x, y))
          b = {std::min(b[0], x), std::min(b[1], y), std::max(b[2], x + 1), std::max(b[3], y + 1)};
    return b;
  }
  size_t count() const { return size_t(std::count(ink.begin(), ink.end(), true)); }
};

// The top `rows` rows of a PNG, as ink where the grey level is under half.
InkMask png_band(const std::string &png, int rows) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  EXPECT_TRUE(png_image_begin_read_from_memory(&image, png.data(), png.size()));
  image.format = PNG_FORMAT_GRAY;
  std::vector<unsigned char> grey(PNG_IMAGE_SIZE(image));
  EXPECT_TRUE(png_image_finish_read(&image, nullptr, grey.data(), 0, nullptr));
  InkMask m{int(image.width), std::min(rows, int(image.height)), {}};
  for (int y = 0; y < m.height; ++y)
    for (int x = 0; x < m.width; ++x)
      m.ink.push_back(grey[size_t(y) * image.width + size_t(x)] < 128);
  return m;
}

// The text drawn by pango alone in black on white, bold at `size` pixels, in `fonts` (with
// fontconfig's fallback off when `fallback` is false); `unknown` receives the number of
// characters no font had.
InkMask pango_alone(const std::string &text, double size, const char *fonts, const char *language,
                    bool fallback, int &unknown) {
  const int w = int(size * text.size()), h = int(size * 3);
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  PangoLayout *layout = pango_cairo_create_layout(cr);
  PangoFontDescription *font = pango_font_description_from_string(fonts);
  pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
  pango_layout_set_font_description(layout, font);
  PangoAttrList *attributes = pango_attr_list_new();
  pango_attr_list_insert(attributes, pango_attr_language_new(pango_language_from_string(language)));
  pango_attr_list_insert(attributes, pango_attr_fallback_new(fallback));
  pango_layout_set_attributes(layout, attributes);
  pango_layout_set_text(layout, text.data(), int(text.size()));
  unknown = pango_layout_get_unknown_glyphs_count(layout);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_move_to(cr, size, size);
  pango_cairo_show_layout(cr, layout);
  cairo_surface_flush(surface);
  InkMask m{w, h, {}};
  const unsigned char *data = cairo_image_surface_get_data(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const uint32_t p = reinterpret_cast<const uint32_t *>(data + size_t(y) * size_t(stride))[x];
      m.ink.push_back(((p >> 8) & 0xFF) < 128);
    }
  pango_attr_list_unref(attributes);
  pango_font_description_free(font);
  g_object_unref(layout);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return m;
}

// The share of ink pixels of either mask with no ink of the other within one pixel (glyphs
// land on whole pixels, so a line of text set from another origin shifts by one here and
// there), the masks laid over each other by the top-left corners of their ink; 1 when the ink
// boxes differ in size by more than two pixels.
double ink_difference(const InkMask &drawn, const InkMask &reference) {
  const auto a = drawn.box(), b = reference.box();
  const int w = std::max(a[2] - a[0], b[2] - b[0]), h = std::max(a[3] - a[1], b[3] - b[1]);
  if (std::abs((a[2] - a[0]) - (b[2] - b[0])) > 2 || std::abs((a[3] - a[1]) - (b[3] - b[1])) > 2)
    return 1;
  auto ink = [](const InkMask &m, int x, int y) {
    return x >= 0 && y >= 0 && x < m.width && y < m.height && m.at(x, y);
  };
  auto near = [&](const InkMask &m, int x, int y) {
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (ink(m, x + dx, y + dy))
          return true;
    return false;
  };
  size_t unmatched = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const int dx = a[0] + x, dy = a[1] + y, rx = b[0] + x, ry = b[1] + y;
      unmatched += ink(drawn, dx, dy) && !near(reference, rx, ry);
      unmatched += ink(reference, rx, ry) && !near(drawn, dx, dy);
    }
  return double(unmatched) / double(std::max<size_t>(1, drawn.count() + reference.count()));
}

TEST(Scripts, PngTitlesMatchPangoInTheLanguagesFont) {
  constexpr int width = 840; // the title font is width / 42 = 20 px: every title fits unshrunk
  constexpr double title_font = width / 42.0;
  for (const ScriptCase &c : cases) {
    SCOPED_TRACE(c.record);
    const Layout layout = titled_layout(c.record);
    ASSERT_NE(layout.title.find(c.names), std::string::npos) << layout.title;
    const auto png = render_png(layout, width);
    ASSERT_TRUE(png.ok()) << png.error;
    // The title's band: its line is 2 em high, 0.7 em above and under it.
    const InkMask drawn = png_band(png.bytes, int(title_font * 2));
    int unknown = -1, boxes = -1;
    const InkMask reference =
        pango_alone(layout.title, title_font, c.fonts, c.language, true, unknown);
    EXPECT_EQ(unknown, 0) << "a character missing from " << c.fonts;
    const InkMask tofu =
        pango_alone(layout.title, title_font, "DejaVu Sans", c.language, false, boxes);
    EXPECT_GT(boxes, 0) << "DejaVu Sans has these characters: the tofu control proves nothing";
    ASSERT_GT(drawn.count(), 100u);
    EXPECT_LT(ink_difference(drawn, reference), 0.02);
    EXPECT_GT(ink_difference(drawn, tofu), 0.1);
  }
}

std::string temp_path(const std::string &name) {
  return (std::filesystem::temp_directory_path() /
          ("sgf-scripts-test-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

TEST(Scripts, PdfTextIsTheCharacters) {
  std::vector<Layout> pages;
  for (const ScriptCase &c : cases)
    pages.push_back(titled_layout(c.record));
  // Cyrillic: the first words of parsers/encodings/encoding-cyrillic-windows.sgf's comment.
  pages.push_back(pages.front());
  pages.back().title = "Го - древняя игра";
  const auto pdf = render_pdf(pages, 600);
  ASSERT_TRUE(pdf.ok()) << pdf.error;
  const std::string path = temp_path("scripts.pdf"), text_path = temp_path("scripts.txt");
  std::ofstream(path, std::ios::binary) << pdf.bytes;
  ASSERT_EQ(std::system(("pdftotext -enc UTF-8 '" + path + "' '" + text_path + "'").c_str()), 0);
  const std::string text = read_file(text_path);
  for (const char *names : {"커제", "탕웨이싱", "峨眉的早晨", "申眞ソ", "党毅飛", "древняя"})
    EXPECT_NE(text.find(names), std::string::npos) << names << " not in\n" << text;
  std::filesystem::remove(path);
  std::filesystem::remove(text_path);
}

TEST(Scripts, PdfEmbedsTheFaceOfTheNamesLanguage) {
  for (const ScriptCase &c : cases) {
    SCOPED_TRACE(c.record);
    const auto pdf = render_pdf({titled_layout(c.record)}, 600);
    ASSERT_TRUE(pdf.ok()) << pdf.error;
    const std::string path = temp_path("face.pdf"), fonts_path = temp_path("fonts.txt");
    std::ofstream(path, std::ios::binary) << pdf.bytes;
    ASSERT_EQ(std::system(("pdffonts '" + path + "' > '" + fonts_path + "'").c_str()), 0);
    const std::string fonts = read_file(fonts_path);
    EXPECT_NE(fonts.find(c.pdf_face), std::string::npos) << fonts;
    std::filesystem::remove(path);
    std::filesystem::remove(fonts_path);
  }
}

} // namespace
} // namespace sgf::render
