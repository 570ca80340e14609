// The eight symmetries of the board and the colour swap, applied to every property that holds
// points, and the canonical orientation that makes the same game in any orientation identical.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/sgf/point.h"
#include "lib/sgf/symmetry.h"
#include "lib/sgf/tree.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace sgf::collection {

// Rewrites every point of every node: moves (passes stay passes), setup, territory, marks,
// labels, arrows, lines, dimming and view (the properties whose FF[4] value type holds points).
// A compressed rectangle stays a rectangle, written top-left:bottom-right. Values that are not
// points on the board are kept as they are. An error when the symmetry does not keep the
// board's shape or SZ is malformed; the game is then unchanged.
std::optional<Diagnostic> transform_game(Game &, Symmetry);

// Swaps the colours: moves and setup stones, territory, players, ranks, teams, time left and
// periods, position judgements, the player to move, the winner in RE, and the komi's sign
// (komi compensates the player who moves second, who is now the other colour; KM[+.5] becomes
// KM[-.5], and that KM[.5]).
void swap_colours(Game &);

// The orientation `normalise` would apply: among the symmetries that keep the board's shape,
// the one giving the smallest sequence of main-line points (setup stones of each node in
// order, then its move), ties broken by the smallest written record. normalise applies it, and
// moves the points under the identity too (compressed rectangles written top-left:bottom-right):
// any of the eight orientations of a game normalises to the same record.
Symmetry canonical_symmetry(const Game &);
std::optional<Diagnostic> normalise(Game &);

// The main line as a sequence of point codes (x * 64 + y; passes and unreadable moves are
// pass_code), each node's setup stones (AB, then AW, each sorted) before its move: what dedupe
// and normalise compare. Read once as written, with where each node's setup stones sit (they
// are sorted again under a symmetry); every symmetry then only maps numbers.
constexpr uint16_t pass_code = 0xFFFF;
struct LinePoints {
  std::vector<uint16_t> codes;
  std::vector<std::pair<uint32_t, uint32_t>> setup_ranges;
};
LinePoints read_main_line(const Game &, BoardSize);
// The code of a move's value: its point, or pass_code for a pass or a value that is no point.
uint16_t move_code(std::string_view text, BoardSize);
std::vector<uint16_t> points_under(const LinePoints &, Symmetry, BoardSize);
// The smallest of points_under over the symmetries that keep the board's shape: the same for
// all orientations of a game.
std::vector<uint16_t> canonical_points(const LinePoints &, BoardSize);

} // namespace sgf::collection
