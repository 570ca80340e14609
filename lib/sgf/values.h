// Typed reading of property values (every FF[4] value type) from the raw text the tree keeps,
// and the inverse: escaping text and spelling points for writing. Errors are empty optionals.
#pragma once

#include "lib/sgf/point.h"
#include "lib/sgf/tree.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf {

// Number: [+-]digits. Surrounding blanks are tolerated (real files have KM[ 6.5]); anything
// else, or a value that does not fit, gives nullopt.
std::optional<long> to_number(std::string_view text);

// Real: Number ["." digits] (also "7." and ".5"). No exponents, no decimal comma.
std::optional<double> to_real(std::string_view text);

// A real as SGF writes it: "6.5", "0", "-5.5", "7" (at most two decimals).
std::string real_text(double value);

// Double: "1" normal, "2" emphasized (GB, GW, DM, UC, TE, BM).
enum class Emphasis : uint8_t { normal = 1, emphasized = 2 };
std::optional<Emphasis> to_double(std::string_view text);

// Color: "B" or "W" (PL).
std::optional<Color> to_color(std::string_view text);

// Text: escapes resolved (`\x` is x), soft line breaks (`\` + newline) removed, newlines kept
// and normalised to "\n", other white space turned into spaces. Never fails.
std::string to_text(std::string_view raw);

// SimpleText: as Text, but newlines also become spaces.
std::string to_simple_text(std::string_view raw);

// The coordinate an SGF letter stands for: a-z are 0-25, A-Z are 26-51, anything else -1.
constexpr int letter_value(char c) {
  if (c >= 'a' && c <= 'z')
    return c - 'a';
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 26;
  return -1;
}

// The SGF letter of a coordinate, letter_value's inverse: 0-25 are a-z, 26-51 are A-Z.
constexpr char value_letter(int v) {
  return static_cast<char>(v < 26 ? 'a' + v : 'A' + (v - 26));
}

// A point from its two letters without looking at the board. Inline: replay calls it per move.
inline std::optional<Point> decode_point(std::string_view text) {
  if (text.size() != 2)
    return std::nullopt;
  const int x = letter_value(text[0]), y = letter_value(text[1]);
  if (x < 0 || y < 0)
    return std::nullopt;
  return Point{x, y};
}

// A point that must lie on the board.
std::optional<Point> to_point(std::string_view text, BoardSize size);

// Whether a move value is a pass: "" always, "tt" only on boards up to 19×19 (on larger
// boards tt is the point (19, 19)).
bool is_pass(std::string_view text, BoardSize size);

// A move of `color`: a pass (see is_pass) or a point on the board.
std::optional<Move> to_move(Color color, std::string_view text, BoardSize size);

// The move of a node: its B or W property (the first one when a broken record has both).
// nullopt when the node has no move or the move's value is not a point on the board.
std::optional<Move> move_of(const Node &node, BoardSize size);
bool has_move(const Node &node);

// A list of points (AB, AW, AE, TR, ...): each value is a point or a compressed rectangle
// "aa:cc" (corners in any order), expanded row by row. A single empty value is the empty
// list (elist); nullopt for any value that is not on the board.
std::optional<std::vector<Point>> to_point_list(const Property &property, BoardSize size);

// Compose: the value split at its first unescaped ':'. Both halves stay raw (still escaped):
// convert them with the accessor of their type. nullopt when there is no ':'.
struct Composed {
  std::string_view first;
  std::string_view second;
};
std::optional<Composed> split_compose(std::string_view raw);

// SZ: "19" or "19:13" (columns:rows), each 1 to 52.
std::optional<BoardSize> to_board_size(std::string_view text);

// The board of a game from its root's SZ: 19×19 when SZ is absent, nullopt when SZ is malformed.
std::optional<BoardSize> board_size_of(const Game &game);

// The first value's raw text of property `id`, or nullptr when the node does not have it.
const std::string *first_value(const Node &node, std::string_view id);

// Where a finding about property `id` points: its first value, or the node itself when the
// property is absent or has no value.
SourcePos value_pos(const Node &node, std::string_view id);

// --- Writing -------------------------------------------------------------------------------

// Raw text for a value: escapes '\' and ']' (and ':' when `in_compose`, for one half of a
// composed value). Newlines are written as they are.
std::string escape_text(std::string_view text, bool in_compose = false);
// The same appended to `out`, without a string of its own.
void append_escaped(std::string &out, std::string_view text, bool in_compose = false);

// The two letters of a point ("aa" top-left; A-Z from column/row 26). The point must be within
// 0..51.
std::string point_to_sgf(Point p);

// A move's value: "" for a pass (FF[4]), else the point's letters.
std::string move_to_sgf(const Move &move);

// A point as players name it in messages: the column letter from the left, A to Z without I
// (which reads like J and 1), then the row counted from the bottom, so "D4" on 19×19 is SGF
// "dp". Boards wider than 25 columns have no such letters: their points keep the SGF letters.
std::string point_name(Point p, BoardSize size);
// The names of `points`, in order, joined by `separator`.
std::string point_names(const std::vector<Point> &points, BoardSize size,
                        std::string_view separator);
// The point a name of point_name's form ("D4", "t19"; no letter I) names on a board of that size,
// or nothing.
std::optional<Point> point_from_name(std::string_view name, BoardSize size);
// Points from text, as users and GTP engines write them: SGF letters ("dd", "aa:cc" rectangles)
// or point names ("D4"), separated by commas or blanks. Nothing when a point cannot be read.
std::optional<std::vector<Point>> parse_points(std::string_view text, BoardSize size);

} // namespace sgf
