// Compact board diagrams for the report page; see board_svg.h.
#include "lib/html/board_svg.h"

#include "lib/render/draw.h"

#include <algorithm>
#include <fmt/format.h>
#include <iterator>

namespace sgf::html {

namespace {

// lib/render's colours, so that the page shows what `sgf render` draws.
using render::hex;
namespace colours = render::colours;

// A length in board units, as short as three decimals allow (".035", "1.45", "18").
std::string num(double v) {
  std::string s = fmt::format("{:.3f}", v);
  while (s.back() == '0')
    s.pop_back();
  if (s.back() == '.')
    s.pop_back();
  if (s.starts_with("0."))
    s.erase(0, 1);
  else if (s.starts_with("-0."))
    s.erase(1, 1);
  return s == "-0" ? "0" : s;
}

// A width of at least `pixels` that grows as `units` with the board.
std::string at_least(double pixels, double units, double unit) {
  return num(std::max(pixels / unit, units));
}

std::string size_id(BoardSize size) {
  return fmt::format("{}x{}", size.width, size.height);
}

// One path through the points, drawing nothing itself: the class's marker draws each point. A
// lone point is written twice, as a path needs two vertices to be one in every browser.
void points_path(std::string &out, const char *role, const std::vector<Point> &points) {
  if (points.empty())
    return;
  fmt::format_to(std::back_inserter(out), "<path class=\"{}\" d=\"M", role);
  for (size_t i = 0; i < points.size(); ++i)
    fmt::format_to(std::back_inserter(out), "{}{} {}", i ? " " : "", points[i].x, points[i].y);
  if (points.size() == 1)
    fmt::format_to(std::back_inserter(out), " {} {}", points[0].x, points[0].y);
  out += "\"/>";
}

void ring(std::string &out, const char *role, Point p, double r, std::string_view colour,
          const std::string &width) {
  fmt::format_to(std::back_inserter(out),
                 "<circle class=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" "
                 "stroke-width=\"{}\"/>",
                 role, p.x, p.y, num(r), colour, width);
}

// The first style of each size.
std::vector<BoardStyle> one_a_size(const std::vector<BoardStyle> &styles) {
  std::vector<BoardStyle> out;
  for (const BoardStyle &s : styles)
    if (std::none_of(out.begin(), out.end(), [&](const BoardStyle &o) { return o.size == s.size; }))
      out.push_back(s);
  return out;
}

// The wood, grid, star points and coordinates of a size, in board units.
void board_group(std::string &out, const BoardStyle &s) {
  const int w = s.size.width, h = s.size.height;
  const std::string thin = at_least(1, 0.035, s.unit);
  fmt::format_to(std::back_inserter(out),
                 "<g id=\"go-{}\"><rect x=\"-{}\" y=\"-{}\" width=\"{}\" height=\"{}\" "
                 "fill=\"{}\"/><path stroke=\"{}\" stroke-width=\"{}\" d=\"",
                 size_id(s.size), num(s.border), num(s.border), num(w - 1 + 2 * s.border),
                 num(h - 1 + 2 * s.border), hex(colours::wood), hex(colours::ink), thin);
  for (int y = 1; y + 1 < h; ++y)
    fmt::format_to(std::back_inserter(out), "M0 {}H{}", y, w - 1);
  for (int x = 1; x + 1 < w; ++x)
    fmt::format_to(std::back_inserter(out), "M{} 0V{}", x, h - 1);
  fmt::format_to(std::back_inserter(out),
                 "\"/><rect width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" "
                 "stroke-width=\"{}\"/>",
                 w - 1, h - 1, hex(colours::ink), at_least(2, 0.07, s.unit));
  const std::vector<Point> stars = render::star_points(s.size);
  if (!stars.empty()) {
    fmt::format_to(std::back_inserter(out),
                   "<path stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\" d=\"",
                   hex(colours::ink), at_least(3, 0.2, s.unit));
    for (Point p : stars)
      fmt::format_to(std::back_inserter(out), "M{} {}h0", p.x, p.y);
    out += "\"/>";
  }
  if (s.coordinates) {
    // As lib/render places them: a unit outside the outer lines, the size capped by the
    // caption font of a diagram that wide.
    const double width_px = (w - 1 + 2 * s.border) * s.unit;
    const double font = std::min(0.45, std::max(9.0, width_px / 42) * 1.2 / s.unit);
    fmt::format_to(std::back_inserter(out),
                   "<g font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"{}\" "
                   "text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{}\">",
                   num(font), hex(colours::ink));
    for (int x = 0; x < w; ++x) {
      const std::string name = render::column_name(x);
      fmt::format_to(std::back_inserter(out),
                     "<text x=\"{0}\" y=\"-1\">{2}</text><text x=\"{0}\" "
                     "y=\"{1}\">{2}</text>",
                     x, h, name);
    }
    for (int y = 0; y < h; ++y) {
      const std::string name = render::row_name(y, h);
      fmt::format_to(std::back_inserter(out),
                     "<text x=\"-1\" y=\"{0}\">{2}</text><text x=\"{1}\" "
                     "y=\"{0}\">{2}</text>",
                     y, w, name);
    }
    out += "</g>";
  }
  out += "</g>\n";
}

// A marker drawn at each vertex of a path, in the path's units.
void marker(std::string &out, const std::string &id, std::string_view shape) {
  fmt::format_to(std::back_inserter(out),
                 "<marker id=\"{}\" markerUnits=\"userSpaceOnUse\" viewBox=\"-1 -1 2 2\" "
                 "markerWidth=\"2\" markerHeight=\"2\">{}</marker>\n",
                 id, shape);
}

} // namespace

BoardStyle board_style(const render::Layout &layout, int width) {
  const render::Geometry g = render::geometry(layout, width);
  return {layout.size, g.unit, g.origin_x / g.unit, layout.coordinates};
}

std::string board_svg(const render::Layout &layout, int width, std::optional<Point> marked) {
  const render::Geometry g = render::geometry(layout, width);
  const render::Rect &window = layout.window;
  const double border = g.origin_x / g.unit;
  std::string out;
  fmt::format_to(
      std::back_inserter(out),
      "<svg class=\"go go-{0}\" width=\"{1}\" height=\"{2}\" viewBox=\"{3} {4} {5} {6}\">"
      "<use href=\"#go-{0}\"/>",
      size_id(layout.size), int(g.width), int(g.height), num(window.x0 - border),
      num(window.y0 - border), num(g.width / g.unit), num(g.height / g.unit));
  std::vector<Point> black, white, black_area, white_area, dead;
  std::optional<Point> last;
  for (int y = window.y0; y <= window.y1; ++y)
    for (int x = window.x0; x <= window.x1; ++x) {
      const render::Cell &cell = layout.at({x, y});
      if (cell.stone == rules::Stone::black)
        black.push_back({x, y});
      else if (cell.stone == rules::Stone::white)
        white.push_back({x, y});
      if (cell.territory)
        (*cell.territory == Color::black ? black_area : white_area).push_back({x, y});
      if (cell.dimmed)
        dead.push_back({x, y});
      if (cell.last_move)
        last = Point{x, y};
    }
  points_path(out, "black-stones", black);
  points_path(out, "white-stones", white);
  points_path(out, "black-territory", black_area);
  points_path(out, "white-territory", white_area);
  points_path(out, "dead", dead);
  if (last)
    ring(out, "last-move", *last, 0.22,
         layout.at(*last).stone == rules::Stone::black ? hex(colours::paper) : hex(colours::ink),
         at_least(1.2, 0.07, g.unit));
  if (marked)
    ring(out, "finding-mark", *marked, 0.5, "#e0201b", at_least(2, 0.12, g.unit));
  return out + "</svg>\n";
}

std::string board_defs(const std::vector<BoardStyle> &styles) {
  std::string out = "<svg class=\"go-defs\" width=\"0\" height=\"0\" aria-hidden=\"true\" "
                    "style=\"position:absolute\"><defs>\n";
  marker(out, "go-b", fmt::format("<circle r=\".48\" fill=\"{}\"/>", hex(colours::black_stone)));
  marker(out, "go-dead",
         fmt::format("<rect x=\"-.5\" y=\"-.5\" width=\"1\" height=\"1\" fill=\"{}\" "
                     "fill-opacity=\".6\"/>",
                     hex(colours::wood)));
  for (const BoardStyle &s : one_a_size(styles)) {
    const std::string id = size_id(s.size);
    marker(out, "go-w-" + id,
           fmt::format("<circle r=\".47\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                       hex(colours::white_stone), hex(colours::ink), at_least(1, 0.035, s.unit)));
    const std::string area = "<rect x=\"-.2\" y=\"-.2\" width=\".4\" height=\".4\" fill=\"{}\" "
                             "stroke=\"{}\" stroke-width=\"{}\"/>";
    marker(out, "go-tb-" + id,
           fmt::format(fmt::runtime(area), hex(colours::black_stone), hex(colours::white_stone),
                       at_least(0.8, 0.02, s.unit)));
    marker(out, "go-tw-" + id,
           fmt::format(fmt::runtime(area), hex(colours::white_stone), hex(colours::ink),
                       at_least(0.8, 0.02, s.unit)));
    board_group(out, s);
  }
  return out + "</defs></svg>\n";
}

std::string board_css(const std::vector<BoardStyle> &styles) {
  std::string out = "svg.go path { fill: none; }\nsvg.go .black-stones { marker: url(#go-b); }\n"
                    "svg.go .dead { marker: url(#go-dead); }\n";
  for (const BoardStyle &s : one_a_size(styles)) {
    const std::string id = size_id(s.size);
    fmt::format_to(std::back_inserter(out),
                   "svg.go-{0} .white-stones {{ marker: url(#go-w-{0}); }}\n"
                   "svg.go-{0} .black-territory {{ marker: url(#go-tb-{0}); }}\n"
                   "svg.go-{0} .white-territory {{ marker: url(#go-tw-{0}); }}\n",
                   id);
  }
  return out;
}

} // namespace sgf::html
