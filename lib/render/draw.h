// The picture of a Layout in a few primitives (rectangles, circles, lines, polygons, text) on an
// abstract Canvas, so that SVG and cairo draw exactly the same diagram from one routine.
#pragma once

#include "lib/render/layout.h"

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sgf::render {

struct Rgb {
  double r = 0, g = 0, b = 0;
  friend bool operator==(const Rgb &, const Rgb &) = default;
};

// "#rrggbb", each channel rounded to the nearest of 256 steps.
std::string hex(Rgb);

// The colours of every diagram, whatever draws it (this routine, the report's compact SVG).
namespace colours {
constexpr Rgb wood{0.86, 0.70, 0.40};
constexpr Rgb ink{0.0, 0.0, 0.0};
constexpr Rgb black_stone{0.07, 0.07, 0.07};
constexpr Rgb white_stone{0.98, 0.98, 0.98};
constexpr Rgb paper{1, 1, 1};
constexpr Rgb segment{0.10, 0.25, 0.75};
constexpr Rgb selected{0.20, 0.45, 0.95};
} // namespace colours

struct Style {
  bool fill = false;
  Rgb fill_colour;
  double stroke_width = 0; // 0: no outline
  Rgb stroke_colour;
  double opacity = 1;
  const char *role = nullptr; // what the shape is ("black-stone", "white-stone", ...), for SVG
};

enum class Anchor { start, middle, end };

class Canvas {
public:
  virtual ~Canvas() = default;
  virtual void rect(double x, double y, double w, double h, const Style &) = 0;
  virtual void circle(double cx, double cy, double r, const Style &) = 0;
  // A stone: the same circle drawn up to 2,704 times; a back end may draw it once and copy it.
  virtual void stone(double cx, double cy, double r, const Style &s) { circle(cx, cy, r, s); }
  virtual void line(double x1, double y1, double x2, double y2, const Style &) = 0;
  virtual void polygon(const std::vector<std::pair<double, double>> &, const Style &) = 0;
  // Text whose vertical centre is at y.
  virtual void text(double x, double y, double size, std::string_view utf8, Rgb, Anchor,
                    bool bold) = 0;
};

// Where everything goes for an image `width` pixels wide.
struct Geometry {
  double width = 0, height = 0;      // the whole image
  double unit = 0;                   // distance between two lines
  double origin_x = 0, origin_y = 0; // the window's top-left intersection
  double board_top = 0, board_height = 0;
  double font = 0; // title and caption font size
  double title_font = 0;
  std::vector<std::string> title_lines; // the title, split at " — " when it is too wide
  std::vector<std::string> caption_lines;
  double x(int bx, const Rect &w) const { return origin_x + (bx - w.x0) * unit; }
  double y(int by, const Rect &w) const { return origin_y + (by - w.y0) * unit; }
};

// The width in pixels of one line of text at a font size, as a back end sets it: geometry()
// shrinks and splits the title and wraps the captions by it.
using TextWidth = std::function<double(std::string_view utf8, double size, bool bold)>;

// For back ends that cannot measure (SVG, whose viewer picks the font): DejaVu Sans averages
// about 0.62 em a character (0.65 em bold), and East Asian wide characters (CJK, kana, Hangul,
// UAX #11) take a whole em.
double estimated_text_width(std::string_view utf8, double size, bool bold);

Geometry geometry(const Layout &, double width, const TextWidth &measure = estimated_text_width);

// At most 256 colours that represent every pixel draw() makes: its flat colours and 15 steps of
// the blends antialiasing makes where two of them meet. Lets PNG be written with a palette, a
// third of the bytes to compress.
std::vector<Rgb> palette();

void draw(Canvas &, const Layout &, const Geometry &);

} // namespace sgf::render
