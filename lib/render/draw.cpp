// One drawing routine for SVG and cairo; see draw.h.
#include "lib/render/draw.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <functional>

namespace sgf::render {

namespace {

using rules::Stone;

using namespace colours;

// Greedy wrap of the captions, joined by ", ", into lines for which `fits` holds (a caption
// longer than a line gets a line of its own).
std::vector<std::string> wrap(const std::vector<std::string> &parts,
                              const std::function<bool(const std::string &)> &fits) {
  std::vector<std::string> lines;
  std::string current;
  for (size_t i = 0; i < parts.size(); ++i) {
    std::string piece = parts[i] + (i + 1 < parts.size() ? "," : "");
    if (!current.empty() && !fits(current + " " + piece)) {
      lines.push_back(current);
      current.clear();
    }
    current += (current.empty() ? "" : " ") + piece;
  }
  if (!current.empty())
    lines.push_back(current);
  return lines;
}

// The code point at s[i] (advancing i), or U+FFFD for a byte that starts no valid sequence.
char32_t next_code_point(std::string_view s, size_t &i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char lead = byte(i++);
  const int extra = lead < 0x80         ? 0
                    : lead >> 5 == 0x6  ? 1
                    : lead >> 4 == 0xE  ? 2
                    : lead >> 3 == 0x1E ? 3
                                        : -1;
  if (extra < 0)
    return 0xFFFD;
  char32_t c = extra == 0 ? lead : lead & (0x3F >> extra);
  for (int k = 0; k < extra; ++k) {
    if (i >= s.size() || (byte(i) & 0xC0) != 0x80)
      return 0xFFFD;
    c = c << 6 | (byte(i++) & 0x3F);
  }
  return c;
}

// East Asian Wide and Fullwidth ranges of UAX #11 that names and comments use: Hangul Jamo,
// CJK punctuation, kana, Han, Hangul syllables, compatibility ideographs, fullwidth forms.
bool wide(char32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
         (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA960 && c <= 0xA97F) ||
         (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
         (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

Style filled(Rgb c, double opacity = 1) {
  Style s;
  s.fill = true;
  s.fill_colour = c;
  s.opacity = opacity;
  return s;
}

Style stroked(Rgb c, double width) {
  Style s;
  s.stroke_width = width;
  s.stroke_colour = c;
  return s;
}

} // namespace

std::string hex(Rgb c) {
  auto b = [](double v) { return int(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
  return fmt::format("#{:02x}{:02x}{:02x}", b(c.r), b(c.g), b(c.b));
}

double estimated_text_width(std::string_view utf8, double size, bool bold) {
  double ems = 0;
  for (size_t i = 0; i < utf8.size();)
    ems += wide(next_code_point(utf8, i)) ? 1.0 : bold ? 0.65 : 0.62;
  return ems * size;
}

std::vector<Rgb> palette() {
  const Rgb flat[] = {wood, ink, black_stone, white_stone, paper, segment, selected};
  std::vector<Rgb> all(std::begin(flat), std::end(flat));
  // Pairs that meet at antialiased edges: lines, stones, marks and text on the board; text on
  // the paper; arrows and selections on the board.
  const std::pair<Rgb, Rgb> pairs[] = {{wood, ink},
                                       {wood, black_stone},
                                       {wood, white_stone},
                                       {white_stone, ink},
                                       {black_stone, paper},
                                       {paper, ink},
                                       {wood, paper},
                                       {wood, segment},
                                       {wood, selected},
                                       {black_stone, white_stone},
                                       {segment, black_stone},
                                       {segment, white_stone}};
  constexpr int steps = 16;
  for (auto [a, b] : pairs)
    for (int i = 1; i < steps; ++i) {
      const double t = double(i) / steps;
      all.push_back({a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t});
    }
  return all;
}

Geometry geometry(const Layout &layout, double width, const TextWidth &measure) {
  Geometry g;
  const Rect &w = layout.window;
  const double border = layout.coordinates ? 1.45 : 0.65; // in units, on each side
  g.width = width;
  g.unit = width / (w.width() - 1 + 2 * border);
  g.font = std::max(9.0, width / 42);
  // A title wider than the image is split at its dash, then shrunk to fit.
  const double title_room = width * 0.95;
  g.title_font = g.font;
  if (!layout.title.empty()) {
    g.title_lines = {layout.title};
    const auto dash = layout.title.find(" — ");
    if (measure(layout.title, g.font, true) > title_room && dash != std::string::npos)
      g.title_lines = {layout.title.substr(0, dash), layout.title.substr(dash + 5)};
    for (const std::string &line : g.title_lines)
      if (const double w = measure(line, g.title_font, true); w > title_room)
        g.title_font *= title_room / w;
  }
  const double title_h =
      g.title_lines.empty() ? 0 : g.title_font * (0.7 + 1.3 * double(g.title_lines.size()));
  g.board_top = title_h;
  g.board_height = (w.height() - 1 + 2 * border) * g.unit;
  g.origin_x = border * g.unit;
  g.origin_y = g.board_top + border * g.unit;
  // Captions start 0.6 em from the left edge and keep the same margin on the right.
  const double caption_room = width - g.font * 1.2;
  g.caption_lines = wrap(layout.captions, [&](const std::string &line) {
    return measure(line, g.font, false) <= caption_room;
  });
  const double captions_h =
      g.caption_lines.empty() ? 0 : g.font * (0.8 + 1.35 * double(g.caption_lines.size()));
  g.height = std::round(g.board_top + g.board_height + captions_h);
  return g;
}

void draw(Canvas &c, const Layout &layout, const Geometry &g) {
  const Rect &w = layout.window;
  const BoardSize size = layout.size;
  const double u = g.unit;
  c.rect(0, 0, g.width, g.height, filled(paper));
  c.rect(0, g.board_top, g.width, g.board_height, filled(wood));

  // Grid: lines run half a unit past the window where the board goes on.
  const double thin = std::max(1.0, u * 0.035);
  const double left = g.x(w.x0, w) - (w.x0 > 0 ? u / 2 : 0);
  const double right = g.x(w.x1, w) + (w.x1 < size.width - 1 ? u / 2 : 0);
  const double top = g.y(w.y0, w) - (w.y0 > 0 ? u / 2 : 0);
  const double bottom = g.y(w.y1, w) + (w.y1 < size.height - 1 ? u / 2 : 0);
  for (int x = w.x0; x <= w.x1; ++x) {
    const bool edge = x == 0 || x == size.width - 1;
    c.line(g.x(x, w), top, g.x(x, w), bottom, stroked(ink, edge ? thin * 2 : thin));
  }
  for (int y = w.y0; y <= w.y1; ++y) {
    const bool edge = y == 0 || y == size.height - 1;
    c.line(left, g.y(y, w), right, g.y(y, w), stroked(ink, edge ? thin * 2 : thin));
  }
  for (Point p : layout.star_points)
    if (w.contains(p) && layout.at(p).stone == Stone::empty && layout.at(p).mark == Mark::none &&
        layout.at(p).label.empty() && !layout.at(p).territory)
      c.circle(g.x(p.x, w), g.y(p.y, w), std::max(1.5, u * 0.1), filled(ink));

  for (int y = w.y0; y <= w.y1; ++y) {
    for (int x = w.x0; x <= w.x1; ++x) {
      const Cell &cell = layout.at({x, y});
      const double cx = g.x(x, w), cy = g.y(y, w);
      if (cell.stone == Stone::black) {
        Style s = filled(black_stone);
        s.role = "black-stone";
        c.stone(cx, cy, u * 0.48, s);
      } else if (cell.stone == Stone::white) {
        Style s = filled(white_stone);
        s.stroke_width = std::max(1.0, u * 0.035);
        s.stroke_colour = ink;
        s.role = "white-stone";
        c.stone(cx, cy, u * 0.47, s);
      } else if (!cell.label.empty() || cell.number) {
        c.circle(cx, cy, u * 0.42, filled(wood)); // clear the lines under the text
      }
      const Rgb fg = cell.stone == Stone::black ? paper : ink;
      if (cell.territory) {
        const double h = u * 0.2;
        Style s = filled(*cell.territory == Color::black ? black_stone : white_stone);
        s.stroke_width = std::max(0.8, u * 0.02);
        s.stroke_colour = *cell.territory == Color::black ? white_stone : ink;
        c.rect(cx - h, cy - h, 2 * h, 2 * h, s);
      }
      const double mw = std::max(1.2, u * 0.07);
      switch (cell.mark) {
      case Mark::triangle: {
        const double r = u * 0.3;
        c.polygon({{cx, cy - r}, {cx + r * 0.866, cy + r / 2}, {cx - r * 0.866, cy + r / 2}},
                  stroked(fg, mw));
        break;
      }
      case Mark::square: {
        const double h = u * 0.21;
        c.rect(cx - h, cy - h, 2 * h, 2 * h, stroked(fg, mw));
        break;
      }
      case Mark::circle:
        c.circle(cx, cy, u * 0.24, stroked(fg, mw));
        break;
      case Mark::cross: {
        const double h = u * 0.19;
        c.line(cx - h, cy - h, cx + h, cy + h, stroked(fg, mw));
        c.line(cx - h, cy + h, cx + h, cy - h, stroked(fg, mw));
        break;
      }
      case Mark::selected: {
        const double h = u * 0.22;
        c.rect(cx - h, cy - h, 2 * h, 2 * h, filled(selected, 0.8));
        break;
      }
      case Mark::none:
        break;
      }
      if (cell.last_move && cell.mark == Mark::none)
        c.circle(cx, cy, u * 0.22, stroked(fg, mw));
      if (cell.number) {
        const std::string n = std::to_string(cell.number);
        const double fs = u * (n.size() <= 2 ? 0.52 : n.size() == 3 ? 0.42 : 0.34);
        c.text(cx, cy, fs, n, fg, Anchor::middle, false);
      } else if (!cell.label.empty()) {
        // Two letters (1.3 em) fit on a stone at the larger size; a Han character is 1 em.
        const double ems = estimated_text_width(cell.label, 1, true);
        const double fs = u * (ems <= 1.3 ? 0.52 : 0.38);
        c.text(cx, cy, fs, cell.label, fg, Anchor::middle, true);
      }
      if (cell.dimmed)
        c.rect(cx - u / 2, cy - u / 2, u, u, filled(wood, 0.6));
    }
  }

  for (const Segment &s : layout.segments) {
    const double x1 = g.x(s.from.x, w), y1 = g.y(s.from.y, w);
    const double x2 = g.x(s.to.x, w), y2 = g.y(s.to.y, w);
    const double len = std::hypot(x2 - x1, y2 - y1);
    if (len <= 0)
      continue;
    const double dx = (x2 - x1) / len, dy = (y2 - y1) / len;
    const double head = s.arrow ? u * 0.35 : 0;
    c.line(x1, y1, x2 - dx * head * 0.8, y2 - dy * head * 0.8,
           stroked(segment, std::max(1.5, u * 0.08)));
    if (s.arrow) {
      const double bx = x2 - dx * head, by = y2 - dy * head, hw = u * 0.15;
      c.polygon({{x2, y2}, {bx - dy * hw, by + dx * hw}, {bx + dy * hw, by - dx * hw}},
                filled(segment));
    }
  }

  if (layout.coordinates) {
    const double fs = std::min(u * 0.45, g.font * 1.2);
    const double off = u * 1.0;
    for (int x = w.x0; x <= w.x1; ++x) {
      const std::string name = column_name(x);
      c.text(g.x(x, w), g.y(w.y0, w) - off, fs, name, ink, Anchor::middle, false);
      c.text(g.x(x, w), g.y(w.y1, w) + off, fs, name, ink, Anchor::middle, false);
    }
    for (int y = w.y0; y <= w.y1; ++y) {
      const std::string name = row_name(y, size.height);
      c.text(g.x(w.x0, w) - off, g.y(y, w), fs, name, ink, Anchor::middle, false);
      c.text(g.x(w.x1, w) + off, g.y(y, w), fs, name, ink, Anchor::middle, false);
    }
  }

  for (size_t i = 0; i < g.title_lines.size(); ++i)
    c.text(g.width / 2, g.title_font * (1.0 + 1.3 * double(i)), g.title_font, g.title_lines[i], ink,
           Anchor::middle, true);
  double cy = g.board_top + g.board_height + g.font * 1.1;
  for (const std::string &line : g.caption_lines) {
    c.text(g.font * 0.6, cy, g.font, line, ink, Anchor::start, false);
    cy += g.font * 1.35;
  }
}

} // namespace sgf::render
