// One diagram as plain data (board window, stones, move numbers, marks, labels, lines, captions),
// built from a game and a line; every back end (text, SVG, cairo) draws this and nothing else.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/rules/board.h"
#include "lib/rules/rule_set.h"
#include "lib/sgf/point.h"
#include "lib/sgf/tree.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf::render {

enum class Mark : uint8_t { none, triangle, square, circle, cross, selected };

// What is drawn on one intersection.
struct Cell {
  rules::Stone stone = rules::Stone::empty;
  int number = 0; // move number shown on the stone (kifu diagrams); 0 for none
  Mark mark = Mark::none;
  std::string label;              // LB text, or a letter for "at" notes
  bool dimmed = false;            // DD
  std::optional<Color> territory; // TB / TW
  bool last_move = false;
};

// A rectangle of board points, inclusive on both ends, 0-based from the top left.
struct Rect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  int width() const { return x1 - x0 + 1; }
  int height() const { return y1 - y0 + 1; }
  bool contains(Point p) const { return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1; }
  friend bool operator==(const Rect &, const Rect &) = default;
};

// AR (arrow) and LN (line).
struct Segment {
  Point from, to;
  bool arrow = false;
};

struct Layout {
  BoardSize size;
  Rect window;             // the part of the board drawn
  std::vector<Cell> cells; // size.width * size.height, row-major
  std::vector<Point> star_points;
  std::vector<Segment> segments;
  bool coordinates = false;
  std::string title;                 // players, ranks, result, move range; may be empty
  std::vector<std::string> captions; // "57 at 51", "63 at ▲", "80 pass"

  const Cell &at(Point p) const { return cells[size_t(p.y) * size_t(size.width) + size_t(p.x)]; }
  Cell &at(Point p) { return cells[size_t(p.y) * size_t(size.width) + size_t(p.x)]; }
  int count(rules::Stone s) const; // stones of that colour inside the window
};

// Which position of a line to show, the way a viewer's navigation buttons reach it.
struct MoveSpec {
  enum class Kind { first, last, number, back };
  Kind kind = Kind::last;
  int n = 0; // the move number (number), or how many moves back from the end (back)
};

struct LayoutOptions {
  MoveSpec move;     // position diagrams
  int variation = 0; // 0: main line; N: the line to the N-th leaf (pre-order)
  std::optional<std::pair<int, int>> moves; // kifu diagram of moves A..B (1-based, inclusive)
  bool restart_numbers = false;             // kifu: number the range from 1
  std::optional<Rect> window;               // else the whole board
  bool crop_auto = false;                   // window around the stones and marks
  bool coordinates = false;
  bool last_move = false;
  bool marks = true; // the shown node's markup (TR, SQ, CR, MA, SL, LB, AR, LN, DD, TB, TW)
  bool title = false;
  std::optional<rules::RuleSet> rules; // else from the record (RU), chinese by default
};

// Column names without I (A..H, J..Z, then AA, AB, ... for boards over 25), rows from the bottom.
std::string column_name(int x);
std::string row_name(int y, int height);
// "A1:K10" or "K10:A1" → the rectangle; nothing when it is not two points on this board.
std::optional<Rect> parse_window(std::string_view text, BoardSize size);
// "N", "first", "last", "-K" → a MoveSpec.
std::optional<MoveSpec> parse_move_spec(std::string_view text);
// "A-B" → the range.
std::optional<std::pair<int, int>> parse_range(std::string_view text);

// Star points: the standard tables for 9, 13, 19, and for other sizes the 3-3 (under 12) or 4-4
// corner points, the side midpoints from 15 up, and the centre on odd sides from 7 up.
std::vector<Point> star_points(BoardSize size);

// The nodes from the root to the N-th leaf in pre-order (0 is the main line); empty if no such
// leaf.
std::vector<NodeIndex> variation_line(const Game &, int variation);

// Number of moves (B or W nodes, passes included) on a line.
int count_moves(const Game &, const std::vector<NodeIndex> &line);

struct LayoutResult {
  Layout layout;
  Diagnostics diagnostics; // a move or window out of range, an unknown variation
  bool ok() const { return !has_error(diagnostics); }
};

// The diagram of the line options.variation names.
LayoutResult make_layout(const Game &, const LayoutOptions &);
// The diagram of a given line: nodes from the root, each a child of the one before
// (options.variation is not used).
LayoutResult make_layout(const Game &, const std::vector<NodeIndex> &line, const LayoutOptions &);

// Splits moves 1..total into diagrams of `per` moves: {1,per}, {per+1, 2per}, ...
std::vector<std::pair<int, int>> split_ranges(int total, int per);

// The game's players, ranks and result on one line ("Black 9p vs White 9p, B+R"); empty when the
// record names nobody.
std::string game_title(const Game &);

} // namespace sgf::render
