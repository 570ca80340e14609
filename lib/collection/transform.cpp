// The board symmetries and colour swap over the lossless tree.
#include "lib/collection/transform.h"

#include "lib/sgf/spec.h"
#include "lib/sgf/values.h"
#include "lib/sgf/writer.h"

#include <algorithm>
#include <string>

namespace sgf::collection {

namespace {

Diagnostic error(std::string code, std::string message) {
  return make_diagnostic(Severity::error, std::move(code), std::move(message));
}

// A raw point value under the symmetry, or the value unchanged when it is not a board point.
std::string moved_point(std::string_view raw, Symmetry s, BoardSize size) {
  auto p = to_point(raw, size);
  return p ? point_to_sgf(apply(s, *p, size)) : std::string(raw);
}

// "aa" or a compressed rectangle "aa:cc", written top-left:bottom-right after the symmetry.
std::string moved_point_or_rectangle(std::string_view raw, Symmetry s, BoardSize size) {
  auto composed = split_compose(raw);
  if (!composed)
    return moved_point(raw, s, size);
  auto a = to_point(composed->first, size), b = to_point(composed->second, size);
  if (!a || !b)
    return std::string(raw);
  Point ta = apply(s, *a, size), tb = apply(s, *b, size);
  Point top_left{std::min(ta.x, tb.x), std::min(ta.y, tb.y)};
  Point bottom_right{std::max(ta.x, tb.x), std::max(ta.y, tb.y)};
  return point_to_sgf(top_left) + ":" + point_to_sgf(bottom_right);
}

// point:point (AR, LN; the direction is kept) or point:text (LB).
std::string moved_composed(std::string_view raw, Symmetry s, BoardSize size, bool both_points) {
  auto composed = split_compose(raw);
  if (!composed)
    return std::string(raw);
  std::string second =
      both_points ? moved_point(composed->second, s, size) : std::string(composed->second);
  return moved_point(composed->first, s, size) + ":" + second;
}

void transform_property(Property &property, Symmetry s, BoardSize size) {
  const spec::PropertyInfo *info = spec::find(property.id);
  if (!info)
    return;
  for (Value &value : property.values) {
    switch (info->type) {
    case spec::ValueType::move:
      if (!is_pass(value.text, size))
        value.text = moved_point(value.text, s, size);
      break;
    case spec::ValueType::point_list:
    case spec::ValueType::point_elist:
      value.text = moved_point_or_rectangle(value.text, s, size);
      break;
    case spec::ValueType::arrow_list:
      value.text = moved_composed(value.text, s, size, true);
      break;
    case spec::ValueType::label_list:
      value.text = moved_composed(value.text, s, size, false);
      break;
    default:
      break;
    }
  }
}

// Every point property moved by `s`, the identity too: a compressed rectangle comes out written
// top-left:bottom-right.
void move_points(Game &game, Symmetry s, BoardSize size) {
  for (Node &node : game.nodes)
    for (Property &property : node.properties)
      transform_property(property, s, size);
}

} // namespace

std::optional<Diagnostic> transform_game(Game &game, Symmetry s) {
  if (game.empty() || s == identity)
    return std::nullopt;
  auto size = board_size_of(game);
  if (!size)
    return error("board-size", "the board size (SZ) cannot be read, so points cannot be moved");
  if (!keeps_shape(s, *size))
    return error("board-size",
                 std::string(name(s)) + " does not keep the shape of a " +
                     std::to_string(size->width) + "x" + std::to_string(size->height) +
                     " board: a rectangular board takes only rotate-180 and the mirrors");
  move_points(game, s, *size);
  return std::nullopt;
}

namespace {

// The identifiers that name one colour's version of a property, and their counterpart.
constexpr std::pair<std::string_view, std::string_view> colour_pairs[] = {
    {"B", "W"},   {"AB", "AW"}, {"TB", "TW"}, {"PB", "PW"}, {"BR", "WR"},
    {"BT", "WT"}, {"BL", "WL"}, {"OB", "OW"}, {"GB", "GW"}, {"BS", "WS"}};

std::string_view counterpart(std::string_view id) {
  for (auto [black, white] : colour_pairs) {
    if (id == black)
      return white;
    if (id == white)
      return black;
  }
  return {};
}

std::string swapped_result(const std::string &re) {
  if (re.empty())
    return re;
  std::string out = re;
  if (out[0] == 'B')
    out[0] = 'W';
  else if (out[0] == 'W')
    out[0] = 'B';
  else if (out[0] == 'b')
    out[0] = 'w';
  else if (out[0] == 'w')
    out[0] = 'b';
  return out;
}

std::string negated_number(const std::string &km) {
  size_t start = km.find_first_not_of(' ');
  if (start == std::string::npos || !to_real(km) || *to_real(km) == 0)
    return km;
  if (km[start] == '-')
    return km.substr(0, start) + km.substr(start + 1);
  if (km[start] == '+')
    return km.substr(0, start) + "-" + km.substr(start + 1);
  return km.substr(0, start) + "-" + km.substr(start);
}

} // namespace

void swap_colours(Game &game) {
  for (Node &node : game.nodes) {
    for (Property &property : node.properties) {
      if (std::string_view other = counterpart(property.id); !other.empty()) {
        property.id = std::string(other);
      } else if (property.id == "PL") {
        for (Value &v : property.values)
          v.text = v.text == "B" ? "W" : v.text == "W" ? "B" : v.text;
      } else if (property.id == "RE") {
        for (Value &v : property.values)
          v.text = swapped_result(v.text);
      } else if (property.id == "KM") {
        for (Value &v : property.values)
          v.text = negated_number(v.text);
      }
    }
  }
}

namespace {

uint16_t code_of(Point p) {
  return uint16_t(p.x * 64 + p.y);
}

} // namespace

uint16_t move_code(std::string_view text, BoardSize size) {
  auto move = to_move(Color::black, text, size);
  return move && !move->pass ? code_of(move->point) : pass_code;
}

LinePoints read_main_line(const Game &game, BoardSize size) {
  LinePoints line;
  if (game.empty())
    return line;
  for (NodeIndex i = 0; i != no_node; i = game.nodes[i].first_child) {
    const Node &node = game.nodes[i];
    for (std::string_view id : {"AB", "AW"}) {
      const Property *stones = node.find(id);
      if (!stones)
        continue;
      const uint32_t begin = uint32_t(line.codes.size());
      if (auto list = to_point_list(*stones, size))
        for (Point p : *list)
          line.codes.push_back(code_of(p));
      line.setup_ranges.emplace_back(begin, uint32_t(line.codes.size()));
    }
    for (const Property &property : node.properties) {
      if (property.id != "B" && property.id != "W")
        continue;
      line.codes.push_back(move_code(property.values.empty() ? "" : property.values[0].text, size));
      break;
    }
  }
  return line;
}

std::vector<uint16_t> points_under(const LinePoints &line, Symmetry s, BoardSize size) {
  std::vector<uint16_t> codes = line.codes;
  if (s != identity)
    for (uint16_t &code : codes)
      if (code != pass_code)
        code = code_of(apply(s, Point{code / 64, code % 64}, size));
  for (auto [begin, end] : line.setup_ranges)
    std::sort(codes.begin() + begin, codes.begin() + end);
  return codes;
}

std::vector<uint16_t> canonical_points(const LinePoints &line, BoardSize size) {
  std::vector<uint16_t> best = points_under(line, identity, size);
  for (Symmetry s : all_symmetries()) {
    if (s == identity || !keeps_shape(s, size))
      continue;
    std::vector<uint16_t> turned = points_under(line, s, size);
    if (turned < best)
      best = std::move(turned);
  }
  return best;
}

Symmetry canonical_symmetry(const Game &game) {
  auto size = board_size_of(game);
  if (game.empty() || !size)
    return identity;
  std::vector<Symmetry> best;
  std::vector<uint16_t> best_points;
  const LinePoints line = read_main_line(game, *size);
  for (Symmetry s : all_symmetries()) {
    if (!keeps_shape(s, *size))
      continue;
    std::vector<uint16_t> points = points_under(line, s, *size);
    if (best.empty() || points < best_points) {
      best = {s};
      best_points = std::move(points);
    } else if (points == best_points) {
      best.push_back(s);
    }
  }
  if (best.size() == 1)
    return best.front();
  // A symmetric main line: the whole written record decides, so that marks and variations
  // come out the same whatever orientation the game arrived in.
  Symmetry chosen = best.front();
  std::string chosen_text;
  for (Symmetry s : best) {
    Game copy = game;
    move_points(copy, s, *size);
    std::string text = write_sgf(copy, WriteOptions{false, 79});
    if (chosen_text.empty() || text < chosen_text) {
      chosen = s;
      chosen_text = std::move(text);
    }
  }
  return chosen;
}

std::optional<Diagnostic> normalise(Game &game) {
  const std::optional<BoardSize> size = board_size_of(game);
  if (game.empty() || !size)
    return std::nullopt; // no point can be read: the game stays as it is
  // The identity too moves the points, so that the rectangles of a game already in its canonical
  // orientation are written as those of any other orientation are.
  move_points(game, canonical_symmetry(game), *size);
  return std::nullopt;
}

} // namespace sgf::collection
