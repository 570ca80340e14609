// Builds a Layout from a game: the position (through the rules engine), markup, kifu numbering.
#include "lib/render/layout.h"

#include "lib/rules/profile.h"
#include "lib/rules/replay.h"
#include "lib/sgf/values.h"

#include <algorithm>
#include <charconv>
#include <fmt/format.h>

namespace sgf::render {

namespace {

constexpr std::string_view column_letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"; // no I

bool parse_int(std::string_view s, int &out) {
  if (s.empty())
    return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && ptr == s.data() + s.size();
}

std::optional<Point> parse_coordinate(std::string_view s, BoardSize size) {
  size_t i = 0;
  while (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i])))
    ++i;
  if (i == 0 || i > 2)
    return std::nullopt;
  int x = -1;
  for (int c = 0; c < size.width; ++c) {
    std::string name = column_name(c);
    if (name.size() == i && std::equal(name.begin(), name.end(), s.begin(), [](char a, char b) {
          return a == std::toupper(static_cast<unsigned char>(b));
        }))
      x = c;
  }
  int row = 0;
  if (x < 0 || !parse_int(s.substr(i), row) || row < 1 || row > size.height)
    return std::nullopt;
  return Point{x, size.height - row};
}

std::vector<Point> points_of(const Property &prop, BoardSize size) {
  return to_point_list(prop, size).value_or(std::vector<Point>{});
}

// SimpleText without the blanks real records leave around names.
std::string simple_text(std::string_view raw) {
  std::string t = to_simple_text(raw);
  auto b = t.find_first_not_of(' ');
  if (b == std::string::npos)
    return {};
  return t.substr(b, t.find_last_not_of(' ') - b + 1);
}

Mark mark_of(std::string_view id) {
  if (id == "TR")
    return Mark::triangle;
  if (id == "SQ")
    return Mark::square;
  if (id == "CR")
    return Mark::circle;
  if (id == "MA")
    return Mark::cross;
  if (id == "SL")
    return Mark::selected;
  return Mark::none;
}

void apply_markup(Layout &layout, const Node &node) {
  const BoardSize size = layout.size;
  for (const Property &prop : node.properties) {
    const std::string &id = prop.id;
    if (Mark m = mark_of(id); m != Mark::none) {
      for (Point p : points_of(prop, size))
        layout.at(p).mark = m;
    } else if (id == "DD") {
      for (Point p : points_of(prop, size))
        layout.at(p).dimmed = true;
    } else if (id == "TB" || id == "TW") {
      for (Point p : points_of(prop, size))
        layout.at(p).territory = id == "TB" ? Color::black : Color::white;
    } else if (id == "LB") {
      for (const Value &v : prop.values) {
        auto colon = v.text.find(':');
        if (colon == std::string::npos)
          continue;
        if (auto p = to_point(std::string_view(v.text).substr(0, colon), size))
          layout.at(*p).label = simple_text(std::string_view(v.text).substr(colon + 1));
      }
    } else if (id == "AR" || id == "LN") {
      for (const Value &v : prop.values) {
        auto colon = v.text.find(':');
        if (colon == std::string::npos)
          continue;
        auto a = to_point(std::string_view(v.text).substr(0, colon), size);
        auto b = to_point(std::string_view(v.text).substr(colon + 1), size);
        if (a && b && !(*a == *b))
          layout.segments.push_back({*a, *b, id == "AR"});
      }
    }
  }
}

Rect auto_window(const Layout &layout) {
  const BoardSize size = layout.size;
  int x0 = size.width, y0 = size.height, x1 = -1, y1 = -1;
  auto take = [&](Point p) {
    x0 = std::min(x0, p.x);
    y0 = std::min(y0, p.y);
    x1 = std::max(x1, p.x);
    y1 = std::max(y1, p.y);
  };
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x) {
      const Cell &c = layout.at({x, y});
      if (c.stone != rules::Stone::empty || c.mark != Mark::none || !c.label.empty() ||
          c.territory || c.number)
        take({x, y});
    }
  for (const Segment &s : layout.segments) {
    take(s.from);
    take(s.to);
  }
  if (x1 < 0)
    return {0, 0, size.width - 1, size.height - 1};
  // One line of margin, and to the edge when the edge is close: a corner diagram shows its corner.
  constexpr int margin = 1, snap = 3;
  x0 = x0 - margin <= snap ? 0 : x0 - margin;
  y0 = y0 - margin <= snap ? 0 : y0 - margin;
  x1 = x1 + margin >= size.width - 1 - snap ? size.width - 1 : x1 + margin;
  y1 = y1 + margin >= size.height - 1 - snap ? size.height - 1 : y1 + margin;
  return {x0, y0, x1, y1};
}

// Every setup and move of the nodes applied the way a viewer shows them: captures (and suicide)
// happen, nothing is judged illegal; a play on an occupied point is skipped. The handicap stones
// a server's records leave out (rules::fixed_handicap_stones) stand there from the start.
rules::Board as_played(const Game &game, const std::vector<NodeIndex> &nodes, BoardSize size,
                       const std::vector<Point> &handicap) {
  rules::Board board(size);
  for (Point p : handicap)
    board.set(p, rules::Stone::black);
  for (NodeIndex i : nodes) {
    const Node &node = game.nodes[i];
    for (const Property &prop : node.properties) {
      const rules::Stone s = prop.id == "AB"   ? rules::Stone::black
                             : prop.id == "AW" ? rules::Stone::white
                                               : rules::Stone::empty;
      if (s != rules::Stone::empty || prop.id == "AE")
        for (Point p : points_of(prop, size))
          board.set(p, s);
    }
    if (auto move = move_of(node, size);
        move && !move->pass && board.at(move->point) == rules::Stone::empty)
      board.play(move->point, move->color, true);
  }
  return board;
}

// The board after `nodes` as the rule set judges the moves: a move it forbids stays off the
// board (the replay's follow_record is off). The lines through the last node all share its
// history, so the first line that reaches it gives the board.
rules::Board as_judged(const Game &game, const std::vector<NodeIndex> &nodes,
                       const rules::RuleSet &rule_set, bool variations) {
  if (nodes.empty())
    return rules::Board(board_size_of(game).value_or(BoardSize{}));
  std::optional<rules::Board> found;
  rules::ReplayOptions options;
  options.variations = variations;
  options.follow_record = false;
  options.visit = [&](const rules::Position &p) {
    if (p.node != nodes.back())
      return !found;
    if (!found)
      found = p.board;
    return false;
  };
  rules::replay(game, rule_set, options);
  return found ? *found : rules::position_after(game, nodes, rule_set);
}

Diagnostic error(std::string code, std::string message) {
  return make_diagnostic(Severity::error, std::move(code), std::move(message));
}

} // namespace

int Layout::count(rules::Stone s) const {
  int n = 0;
  for (int y = window.y0; y <= window.y1; ++y)
    for (int x = window.x0; x <= window.x1; ++x)
      n += at({x, y}).stone == s;
  return n;
}

std::string column_name(int x) {
  const int n = int(column_letters.size());
  if (x < n)
    return std::string(1, column_letters[size_t(x)]);
  return std::string{column_letters[size_t(x / n - 1)], column_letters[size_t(x % n)]};
}

std::string row_name(int y, int height) {
  return std::to_string(height - y);
}

std::optional<Rect> parse_window(std::string_view text, BoardSize size) {
  auto colon = text.find(':');
  if (colon == std::string_view::npos)
    return std::nullopt;
  auto a = parse_coordinate(text.substr(0, colon), size);
  auto b = parse_coordinate(text.substr(colon + 1), size);
  if (!a || !b)
    return std::nullopt;
  return Rect{std::min(a->x, b->x), std::min(a->y, b->y), std::max(a->x, b->x),
              std::max(a->y, b->y)};
}

std::optional<MoveSpec> parse_move_spec(std::string_view text) {
  if (text == "first")
    return MoveSpec{MoveSpec::Kind::first, 0};
  if (text == "last")
    return MoveSpec{MoveSpec::Kind::last, 0};
  int n = 0;
  if (!text.empty() && text[0] == '-') {
    if (parse_int(text.substr(1), n) && n >= 0)
      return MoveSpec{MoveSpec::Kind::back, n};
    return std::nullopt;
  }
  if (parse_int(text, n) && n >= 0)
    return MoveSpec{MoveSpec::Kind::number, n};
  return std::nullopt;
}

std::optional<std::pair<int, int>> parse_range(std::string_view text) {
  auto dash = text.find('-');
  int a = 0, b = 0;
  if (dash == std::string_view::npos || !parse_int(text.substr(0, dash), a) ||
      !parse_int(text.substr(dash + 1), b) || a < 1 || b < a)
    return std::nullopt;
  return std::pair{a, b};
}

std::vector<Point> star_points(BoardSize size) {
  auto lines = [](int d) {
    std::vector<int> v;
    if (d < 5)
      return v;
    const int e = d >= 12 ? 3 : 2;
    v.push_back(e);
    if (d - 1 - e != e)
      v.push_back(d - 1 - e);
    if (d % 2 == 1 && d >= 15)
      v.push_back(d / 2);
    std::sort(v.begin(), v.end());
    return v;
  };
  std::vector<Point> points;
  const auto xs = lines(size.width), ys = lines(size.height);
  for (int y : ys)
    for (int x : xs)
      points.push_back({x, y});
  const Point centre{size.width / 2, size.height / 2};
  if (size.width % 2 == 1 && size.height % 2 == 1 && size.width >= 5 && size.height >= 5 &&
      std::find(points.begin(), points.end(), centre) == points.end())
    points.push_back(centre);
  return points;
}

std::vector<NodeIndex> variation_line(const Game &game, int variation) {
  if (game.empty() || variation < 0)
    return {};
  // Leaves in pre-order are the leaves in node order: nodes are stored in pre-order.
  int seen = 0;
  for (NodeIndex i = 0; i < game.nodes.size(); ++i) {
    if (game.nodes[i].first_child != no_node)
      continue;
    if (seen++ < variation)
      continue;
    std::vector<NodeIndex> line;
    for (NodeIndex n = i; n != no_node; n = game.nodes[n].parent)
      line.push_back(n);
    std::reverse(line.begin(), line.end());
    return line;
  }
  return {};
}

int count_moves(const Game &game, const std::vector<NodeIndex> &line) {
  int n = 0;
  for (NodeIndex i : line)
    n += game.nodes[i].has("B") || game.nodes[i].has("W");
  return n;
}

std::vector<std::pair<int, int>> split_ranges(int total, int per) {
  std::vector<std::pair<int, int>> ranges;
  if (per < 1)
    return ranges;
  for (int a = 1; a <= total; a += per)
    ranges.push_back({a, std::min(total, a + per - 1)});
  return ranges;
}

std::string game_title(const Game &game) {
  if (game.empty())
    return {};
  const Node &root = game.root();
  auto text = [&](std::string_view id) -> std::string {
    const Property *p = root.find(id);
    return p && !p->values.empty() ? simple_text(p->values.front().text) : std::string{};
  };
  auto player = [&](std::string_view name_id, std::string_view rank_id, std::string_view side) {
    std::string name = text(name_id);
    std::string rank = text(rank_id);
    if (name.empty())
      name = side;
    return rank.empty() ? name : name + " " + rank;
  };
  if (!root.has("PB") && !root.has("PW") && !root.has("RE"))
    return {};
  std::string title =
      fmt::format("{} (B) vs {} (W)", player("PB", "BR", "Black"), player("PW", "WR", "White"));
  if (std::string re = text("RE"); !re.empty())
    title += ", " + re;
  return title;
}

LayoutResult make_layout(const Game &game, const LayoutOptions &options) {
  if (game.empty()) {
    LayoutResult result;
    result.diagnostics.push_back(error("empty-game", "the game has no nodes"));
    return result;
  }
  const std::vector<NodeIndex> line = variation_line(game, options.variation);
  if (line.empty()) {
    LayoutResult result;
    result.diagnostics.push_back(
        error("no-such-variation", fmt::format("the game has no variation {}", options.variation)));
    return result;
  }
  return make_layout(game, line, options);
}

LayoutResult make_layout(const Game &game, const std::vector<NodeIndex> &line,
                         const LayoutOptions &options) {
  LayoutResult result;
  Layout &layout = result.layout;
  bool linked = !game.empty() && !line.empty() && line.front() == 0;
  bool main_line = true;
  for (size_t i = 1; linked && i < line.size(); ++i) {
    linked = line[i] < game.nodes.size() && game.nodes[line[i]].parent == line[i - 1];
    main_line = main_line && linked && game.nodes[line[i - 1]].first_child == line[i];
  }
  if (!linked) {
    result.diagnostics.push_back(
        error("bad-line", "the nodes are not a line from the root of the game"));
    return result;
  }
  layout.size = board_size_of(game).value_or(BoardSize{});
  const BoardSize size = layout.size;
  layout.window = {0, 0, size.width - 1, size.height - 1};
  layout.cells.assign(size_t(size.width) * size_t(size.height), Cell{});
  layout.star_points = star_points(size);
  layout.coordinates = options.coordinates;

  // Where each move sits on the line: move_at[k] is the index in `line` of move k+1.
  std::vector<size_t> move_at;
  for (size_t i = 0; i < line.size(); ++i)
    if (game.nodes[line[i]].has("B") || game.nodes[line[i]].has("W"))
      move_at.push_back(i);
  const int total = int(move_at.size());

  // Without a rule set, the record as written (a viewer's view); with one, as those rules
  // judge it (a move they forbid is void). Either way on the board the game was played on: the
  // rules' profile places the handicap stones its server's records leave out.
  rules::RulesRequest request;
  request.preset = options.rules;
  Diagnostics notes; // the choice of rules is not the diagram's to report
  const rules::RuleSet rule_set = rules::rules_of_game(game, request, notes).rules;
  const std::vector<Point> handicap = rules::fixed_handicap_stones(game, rule_set);
  auto position = [&](const std::vector<NodeIndex> &nodes) {
    return options.rules ? as_judged(game, nodes, rule_set, !main_line)
                         : as_played(game, nodes, size, handicap);
  };

  auto prefix = [&](size_t end) { // line[0, end)
    return std::vector<NodeIndex>(line.begin(), line.begin() + std::ptrdiff_t(end));
  };
  auto fill = [&](const rules::Board &board) {
    const auto stones = board.stones();
    for (size_t i = 0; i < stones.size() && i < layout.cells.size(); ++i)
      layout.cells[i].stone = stones[i];
  };

  std::string range_text;
  if (options.moves) {
    auto [a, b] = *options.moves;
    if (a < 1 || a > total || b < a) {
      result.diagnostics.push_back(
          error("no-such-move", fmt::format("moves {}-{}: the line has {} moves", a, b, total)));
      return result;
    }
    b = std::min(b, total);
    // The position before move A (setup nodes after move A-1 included), then moves A..B drawn
    // over it without captures.
    fill(position(prefix(move_at[size_t(a - 1)])));
    int next_symbol = 0; // old stones that are played on again: ▲, then A, B, ...
    std::vector<std::string> symbol(layout.cells.size());
    for (size_t i = move_at[size_t(a - 1)]; i <= move_at[size_t(b - 1)]; ++i) {
      const Node &node = game.nodes[line[i]];
      for (const Property &prop : node.properties)
        if (prop.id == "AB" || prop.id == "AW")
          for (Point p : points_of(prop, size))
            if (layout.at(p).stone == rules::Stone::empty)
              layout.at(p).stone = prop.id == "AB" ? rules::Stone::black : rules::Stone::white;
      auto move = move_of(node, size);
      if (!move)
        continue;
      const int number =
          int(std::lower_bound(move_at.begin(), move_at.end(), i) - move_at.begin()) + 1;
      const int shown = options.restart_numbers ? number - a + 1 : number;
      if (move->pass) {
        layout.captions.push_back(fmt::format("{} pass", shown));
        continue;
      }
      Cell &cell = layout.at(move->point);
      if (cell.stone == rules::Stone::empty) {
        cell.stone = rules::stone_of(move->color);
        cell.number = shown;
        continue;
      }
      if (cell.number) {
        layout.captions.push_back(fmt::format("{} at {}", shown, cell.number));
        continue;
      }
      std::string &sym = symbol[size_t(move->point.y) * size_t(size.width) + size_t(move->point.x)];
      if (sym.empty()) {
        if (next_symbol == 0) {
          sym = "▲";
          cell.mark = Mark::triangle;
        } else {
          sym = std::string(1, char('A' + (next_symbol - 1) % 26));
          cell.label = sym;
        }
        ++next_symbol;
      }
      layout.captions.push_back(fmt::format("{} at {}", shown, sym));
    }
    range_text = fmt::format("moves {}-{}", a, b);
  } else {
    int m = 0;
    switch (options.move.kind) {
    case MoveSpec::Kind::first:
      m = 0;
      break;
    case MoveSpec::Kind::last:
      m = total;
      break;
    case MoveSpec::Kind::number:
      m = options.move.n;
      break;
    case MoveSpec::Kind::back:
      m = total - options.move.n;
      break;
    }
    if (m < 0 || m > total) {
      result.diagnostics.push_back(
          error("no-such-move", fmt::format("move {}: the line has {} moves", m, total)));
      return result;
    }
    // first: the root; last: the end of the line (trailing markup nodes included);
    // N: the node of move N.
    size_t end = m == 0 ? 1 : move_at[size_t(m - 1)] + 1;
    if (options.move.kind == MoveSpec::Kind::last ||
        (options.move.kind == MoveSpec::Kind::back && options.move.n == 0))
      end = line.size();
    fill(position(prefix(end)));
    if (options.marks)
      apply_markup(layout, game.nodes[line[end - 1]]);
    if (options.last_move) {
      for (size_t i = end; i-- > 0;) {
        if (auto mv = move_of(game.nodes[line[i]], size)) {
          if (!mv->pass && layout.at(mv->point).stone != rules::Stone::empty)
            layout.at(mv->point).last_move = true;
          break;
        }
      }
    }
    range_text = fmt::format("move {}", m);
  }

  if (options.window) {
    const Rect &w = *options.window;
    if (w.x0 < 0 || w.y0 < 0 || w.x1 >= size.width || w.y1 >= size.height || w.x1 < w.x0 ||
        w.y1 < w.y0) {
      result.diagnostics.push_back(error("bad-window", "the window is not on the board"));
      return result;
    }
    layout.window = w;
  } else if (options.crop_auto) {
    layout.window = auto_window(layout);
  }
  if (options.title) {
    std::string t = game_title(game);
    layout.title = t.empty() ? range_text : t + " — " + range_text;
  }
  return result;
}

} // namespace sgf::render
