// Text back end; see text.h. ASCII marks follow Sensei's Library: on Black B (circle) # (square)
// Y (triangle) Z (cross), on White W @ Q P, on empty points C S T M; territory x and o.
#include "lib/render/text.h"

#include "lib/report/emit.h"

#include <algorithm>
#include <fmt/format.h>

namespace sgf::render {

namespace {

using rules::Stone;

// Code points of a UTF-8 string: the display width of the symbols used here.
size_t width_of(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s)
    n += (c & 0xC0) != 0x80;
  return n;
}

std::string ascii_cell(const Layout &layout, Point p, bool star) {
  const Cell &c = layout.at(p);
  if (!c.label.empty())
    return shown(c.label);
  if (c.number)
    return std::to_string(c.number);
  Mark m = c.mark;
  if (m == Mark::none && c.last_move)
    m = Mark::circle;
  switch (c.stone) {
  case Stone::black:
    switch (m) {
    case Mark::circle:
      return "B";
    case Mark::square:
      return "#";
    case Mark::triangle:
      return "Y";
    case Mark::cross:
      return "Z";
    default:
      return "X";
    }
  case Stone::white:
    switch (m) {
    case Mark::circle:
      return "W";
    case Mark::square:
      return "@";
    case Mark::triangle:
      return "Q";
    case Mark::cross:
      return "P";
    default:
      return "O";
    }
  default:
    break;
  }
  switch (m) {
  case Mark::circle:
    return "C";
  case Mark::square:
    return "S";
  case Mark::triangle:
    return "T";
  case Mark::cross:
    return "M";
  case Mark::selected:
    return "*";
  default:
    break;
  }
  if (c.territory)
    return *c.territory == Color::black ? "x" : "o";
  return star ? "+" : ".";
}

std::string unicode_grid(const Layout &layout, Point p, bool star) {
  const bool top = p.y == 0, bottom = p.y == layout.size.height - 1;
  const bool left = p.x == 0, right = p.x == layout.size.width - 1;
  if (top && left)
    return "┌";
  if (top && right)
    return "┐";
  if (bottom && left)
    return "└";
  if (bottom && right)
    return "┘";
  if (top)
    return "┬";
  if (bottom)
    return "┴";
  if (left)
    return "├";
  if (right)
    return "┤";
  return star ? "╋" : "┼";
}

std::string unicode_cell(const Layout &layout, Point p, bool star) {
  const Cell &c = layout.at(p);
  if (!c.label.empty())
    return shown(c.label);
  if (c.number)
    return std::to_string(c.number);
  const bool marked = c.mark != Mark::none || c.last_move;
  switch (c.stone) {
  case Stone::black:
    return marked ? "◉" : "●";
  case Stone::white:
    return marked ? "◎" : "○";
  default:
    break;
  }
  switch (c.mark) {
  case Mark::circle:
    return "◯";
  case Mark::square:
    return "□";
  case Mark::triangle:
    return "△";
  case Mark::cross:
    return "✕";
  case Mark::selected:
    return "∗";
  default:
    break;
  }
  if (c.territory)
    return *c.territory == Color::black ? "▪" : "▫";
  return unicode_grid(layout, p, star);
}

// Which colour plays the odd numbers, when the numbers say it unambiguously.
std::string number_legend(const Layout &layout) {
  bool any = false, black_odd = true, black_even = true;
  for (const Cell &c : layout.cells) {
    if (!c.number || c.stone == Stone::empty)
      continue;
    any = true;
    const bool odd = c.number % 2 == 1;
    const bool black = c.stone == Stone::black;
    black_odd = black_odd && odd == black;
    black_even = black_even && odd != black;
  }
  if (!any)
    return {};
  if (black_odd)
    return "Black: odd numbers, White: even numbers";
  if (black_even)
    return "Black: even numbers, White: odd numbers";
  std::vector<int> b, w;
  for (const Cell &c : layout.cells)
    if (c.number)
      (c.stone == Stone::black ? b : w).push_back(c.number);
  std::sort(b.begin(), b.end());
  std::sort(w.begin(), w.end());
  return fmt::format("Black: {}; White: {}", fmt::join(b, " "), fmt::join(w, " "));
}

} // namespace

std::string render_text(const Layout &layout, TextStyle style) {
  const Rect &w = layout.window;
  std::vector<bool> star(layout.cells.size(), false);
  for (Point p : layout.star_points)
    star[size_t(p.y) * size_t(layout.size.width) + size_t(p.x)] = true;
  auto is_star = [&](Point p) {
    return star[size_t(p.y) * size_t(layout.size.width) + size_t(p.x)];
  };
  auto cell = [&](Point p) {
    return style == TextStyle::ascii ? ascii_cell(layout, p, is_star(p))
                                     : unicode_cell(layout, p, is_star(p));
  };

  // Every cell has the same width: one symbol, or the widest number or label.
  size_t cw = 1;
  for (int y = w.y0; y <= w.y1; ++y)
    for (int x = w.x0; x <= w.x1; ++x)
      cw = std::max(cw, width_of(cell({x, y})));
  if (layout.coordinates)
    for (int x = w.x0; x <= w.x1; ++x)
      cw = std::max(cw, column_name(x).size());
  const size_t row_w = layout.coordinates ? row_name(0, layout.size.height).size() : 0;

  std::string out;
  if (!layout.title.empty())
    out += shown(layout.title) + "\n";
  auto header = [&] {
    out += std::string(row_w + 1, ' ');
    for (int x = w.x0; x <= w.x1; ++x) {
      std::string name = column_name(x);
      out += std::string(cw - name.size() + (x == w.x0 ? 0 : 1), ' ') + name;
    }
    out += "\n";
  };
  if (layout.coordinates)
    header();
  for (int y = w.y0; y <= w.y1; ++y) {
    std::string row = row_name(y, layout.size.height);
    if (layout.coordinates)
      out += std::string(row_w - row.size(), ' ') + row + " ";
    for (int x = w.x0; x <= w.x1; ++x) {
      std::string s = cell({x, y});
      // Unicode lines run along the row through separators and padding (the window's first
      // column pads with blanks, outside the line); ASCII separates cells by a space.
      const bool line = style == TextStyle::unicode;
      if (x != w.x0)
        out += line ? "─" : " ";
      for (size_t i = width_of(s); i < cw; ++i)
        out += line && x != w.x0 ? "─" : " ";
      out += s;
    }
    if (layout.coordinates)
      out += " " + row;
    out += "\n";
  }
  if (layout.coordinates)
    header();
  if (std::string legend = number_legend(layout); !legend.empty())
    out += legend + "\n";
  for (const std::string &c : layout.captions)
    out += c + "\n";
  return out;
}

} // namespace sgf::render
