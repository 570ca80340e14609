#include "lib/sgf/values.h"

#include "lib/sgf/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace sgf {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Length of the line break starting at s[i] ("\n", "\r", "\r\n" or "\n\r"), 0 when none.
size_t line_break_at(std::string_view s, size_t i) {
  if (s[i] != '\n' && s[i] != '\r')
    return 0;
  if (i + 1 < s.size() && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != s[i])
    return 2;
  return 1;
}

std::string unescape(std::string_view raw, bool keep_newlines) {
  std::string out;
  out.reserve(raw.size());
  for (size_t i = 0; i < raw.size();) {
    char c = raw[i];
    if (c == '\\') {
      // A lone trailing backslash (a value cut short) escapes nothing: it is text, as the writer
      // writes it back (escaped), so that no byte of a damaged value is lost.
      if (i + 1 >= raw.size()) {
        out += c;
        ++i;
        continue;
      }
      if (size_t n = line_break_at(raw, i + 1)) { // soft line break
        i += 1 + n;
        continue;
      }
      c = raw[i + 1];
      i += 2;
      // An escaped white-space character is still white space.
      out += (c == '\t' || c == '\v' || c == '\f') ? ' ' : c;
      continue;
    }
    if (size_t n = line_break_at(raw, i)) {
      out += keep_newlines ? '\n' : ' ';
      i += n;
      continue;
    }
    out += (c == '\t' || c == '\v' || c == '\f') ? ' ' : c;
    ++i;
  }
  return out;
}

} // namespace

std::optional<long> to_number(std::string_view text) {
  text = trim(text);
  bool plus = !text.empty() && text.front() == '+';
  if (plus)
    text.remove_prefix(1);
  if (text.empty() || text.front() == '+' || (plus && text.front() == '-'))
    return std::nullopt;
  long value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

std::optional<double> to_real(std::string_view text) {
  text = trim(text);
  std::string_view body = text;
  if (!body.empty() && (body.front() == '+' || body.front() == '-'))
    body.remove_prefix(1);
  // Check the shape ourselves: from_chars would also take "inf", "nan" and exponents.
  size_t digits = 0, dots = 0;
  for (char c : body) {
    if (is_digit(c))
      ++digits;
    else if (c == '.')
      ++dots;
    else
      return std::nullopt;
  }
  if (digits == 0 || dots > 1)
    return std::nullopt;
  std::string plain(body);
  if (plain.front() == '.')
    plain.insert(plain.begin(), '0');
  double value = 0;
  auto [end, ec] = std::from_chars(plain.data(), plain.data() + plain.size(), value);
  if (ec != std::errc() || end != plain.data() + plain.size())
    return std::nullopt;
  return !text.empty() && text.front() == '-' ? -value : value;
}

std::optional<Emphasis> to_double(std::string_view text) {
  text = trim(text);
  if (text == "1")
    return Emphasis::normal;
  if (text == "2")
    return Emphasis::emphasized;
  return std::nullopt;
}

std::optional<Color> to_color(std::string_view text) {
  text = trim(text);
  if (text == "B")
    return Color::black;
  if (text == "W")
    return Color::white;
  return std::nullopt;
}

std::string to_text(std::string_view raw) {
  return unescape(raw, true);
}

std::string to_simple_text(std::string_view raw) {
  return unescape(raw, false);
}

std::optional<Point> to_point(std::string_view text, BoardSize size) {
  auto p = decode_point(text);
  if (!p || !size.contains(*p))
    return std::nullopt;
  return p;
}

bool is_pass(std::string_view text, BoardSize size) {
  return text.empty() || (text == "tt" && size.width <= 19 && size.height <= 19);
}

std::optional<Move> to_move(Color color, std::string_view text, BoardSize size) {
  if (is_pass(text, size))
    return Move{color, true, {}};
  auto p = to_point(text, size);
  if (!p)
    return std::nullopt;
  return Move{color, false, *p};
}

bool has_move(const Node &node) {
  return node.has("B") || node.has("W");
}

std::optional<Move> move_of(const Node &node, BoardSize size) {
  for (const Property &p : node.properties) {
    if (p.id != "B" && p.id != "W")
      continue;
    if (p.values.empty())
      return std::nullopt;
    return to_move(p.id == "B" ? Color::black : Color::white, p.values.front().text, size);
  }
  return std::nullopt;
}

std::optional<std::vector<Point>> to_point_list(const Property &property, BoardSize size) {
  std::vector<Point> points;
  if (property.values.size() == 1 && property.values.front().text.empty())
    return points;
  for (const Value &value : property.values) {
    if (auto composed = split_compose(value.text)) {
      auto a = to_point(composed->first, size), b = to_point(composed->second, size);
      if (!a || !b)
        return std::nullopt;
      auto [x0, x1] = std::minmax(a->x, b->x);
      auto [y0, y1] = std::minmax(a->y, b->y);
      for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x)
          points.push_back({x, y});
      continue;
    }
    auto p = to_point(value.text, size);
    if (!p)
      return std::nullopt;
    points.push_back(*p);
  }
  return points;
}

std::optional<Composed> split_compose(std::string_view raw) {
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\')
      ++i; // skip the escaped character
    else if (raw[i] == ':')
      return Composed{raw.substr(0, i), raw.substr(i + 1)};
  }
  return std::nullopt;
}

std::optional<BoardSize> to_board_size(std::string_view text) {
  auto in_range = [](std::optional<long> n) { return n && *n >= 1 && *n <= 52; };
  if (auto composed = split_compose(text)) {
    auto w = to_number(composed->first), h = to_number(composed->second);
    if (!in_range(w) || !in_range(h))
      return std::nullopt;
    return BoardSize{static_cast<int>(*w), static_cast<int>(*h)};
  }
  auto n = to_number(text);
  if (!in_range(n))
    return std::nullopt;
  return BoardSize{static_cast<int>(*n), static_cast<int>(*n)};
}

std::optional<BoardSize> board_size_of(const Game &game) {
  if (game.empty())
    return BoardSize{};
  const std::string *sz = first_value(game.root(), "SZ");
  if (!sz)
    return BoardSize{};
  return to_board_size(*sz);
}

const std::string *first_value(const Node &node, std::string_view id) {
  const Property *p = node.find(id);
  if (!p || p->values.empty())
    return nullptr;
  return &p->values.front().text;
}

SourcePos value_pos(const Node &node, std::string_view id) {
  const Property *p = node.find(id);
  return p && !p->values.empty() ? p->values.front().pos : node.pos;
}

void append_escaped(std::string &out, std::string_view text, bool in_compose) {
  // The runs between characters to escape are appended whole, not a character at a time.
  auto special = [in_compose](char c) { return c == '\\' || c == ']' || (in_compose && c == ':'); };
  for (auto it = text.begin();;) {
    const auto stop = std::find_if(it, text.end(), special);
    out.append(it, stop);
    if (stop == text.end())
      return;
    out += '\\';
    out += *stop;
    it = stop + 1;
  }
}

std::string escape_text(std::string_view text, bool in_compose) {
  std::string out;
  out.reserve(text.size());
  append_escaped(out, text, in_compose);
  return out;
}

std::string point_to_sgf(Point p) {
  return {value_letter(p.x), value_letter(p.y)};
}

std::string move_to_sgf(const Move &move) {
  return move.pass ? std::string() : point_to_sgf(move.point);
}

namespace {
constexpr std::string_view kColumnLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
}

std::string point_name(Point p, BoardSize size) {
  if (size.width > static_cast<int>(kColumnLetters.size()))
    return point_to_sgf(p);
  return kColumnLetters[static_cast<size_t>(p.x)] + std::to_string(size.height - p.y);
}

std::string point_names(const std::vector<Point> &points, BoardSize size,
                        std::string_view separator) {
  std::string names;
  for (Point p : points) {
    if (!names.empty())
      names += separator;
    names += point_name(p, size);
  }
  return names;
}

std::optional<Point> point_from_name(std::string_view name, BoardSize size) {
  if (name.size() < 2)
    return std::nullopt;
  const size_t x =
      kColumnLetters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(name[0]))));
  int row = 0;
  const auto [end, error] = std::from_chars(name.data() + 1, name.data() + name.size(), row);
  if (x == std::string_view::npos || error != std::errc() || end != name.data() + name.size() ||
      name[1] == '+' || name[1] == '-')
    return std::nullopt;
  const Point p{static_cast<int>(x), size.height - row};
  if (!size.contains(p))
    return std::nullopt;
  return p;
}

std::optional<std::vector<Point>> parse_points(std::string_view text, BoardSize size) {
  std::vector<Point> out;
  std::string token;
  bool ok = true;
  auto flush = [&] {
    if (token.empty())
      return;
    if (std::isalpha(static_cast<unsigned char>(token[0])) && token.size() >= 2 &&
        std::isdigit(static_cast<unsigned char>(token[1]))) {
      if (auto p = point_from_name(token, size))
        out.push_back(*p);
      else
        ok = false;
    } else { // a point or a rectangle "aa:cc", as in a point list
      Property list;
      list.values.emplace_back(token, SourcePos{});
      if (auto points = to_point_list(list, size))
        out.insert(out.end(), points->begin(), points->end());
      else
        ok = false;
    }
    token.clear();
  };
  for (char c : text) {
    if (c == ',' || std::isspace(static_cast<unsigned char>(c)))
      flush();
    else
      token += c;
  }
  flush();
  if (!ok)
    return std::nullopt;
  return out;
}

std::string real_text(double value) {
  // std::to_chars writes what "%.2f" does (both round the exact binary value), without a format
  // to read; from 1e15 on (and for NaN and the infinities) snprintf, whose cut at 31 characters
  // stays as it was.
  char buffer[32];
  std::string s;
  if (std::abs(value) < 1e15) {
    auto end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 2);
    s.assign(buffer, end.ptr);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.2f", value);
    s = buffer;
  }
  while (s.back() == '0')
    s.pop_back();
  if (s.back() == '.')
    s.pop_back();
  return s == "-0" ? "0" : s;
}

} // namespace sgf
