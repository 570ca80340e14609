// Replay of a game through the rules: setup, moves, captures, and every violation as a
// Diagnostic with its code (occupied, off-board, suicide, ko, superko, repetition, wrong-turn,
// play-after-end, handicap-mismatch, time-loss, result-mismatch), applied as the rule set says.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/rules/board.h"
#include "lib/rules/rule_set.h"
#include "lib/sgf/tree.h"

#include <functional>
#include <optional>
#include <vector>

namespace sgf::rules {

// The state after one node of a line, handed to a visitor.
struct Position {
  const Board &board;
  NodeIndex node;
  int move_number;               // moves so far on this line, passes included
  std::optional<Move> last_move; // the move in this node, if any
  Color to_move;
};

struct LineReplay {
  std::vector<NodeIndex> line; // the nodes replayed, root first
  Board board;                 // the final position
  int moves = 0;               // passes included
  int trailing_passes = 0;     // consecutive passes at the end
  bool ended_by_passes = false;
  bool cycle = false;           // the line repeated a whole-board position (any ko rule)
  int repetitions = 0;          // moves that recreated an earlier position and were applied
                                // (simple ko only; under superko they are void)
  std::optional<Color> forfeit; // the side that lost by an illegal move, if the rules say so
  Diagnostics diagnostics;
};

struct ReplayOptions {
  bool variations = false; // also replay every variation (each leaf's line)
  // What happens to the board after an illegal move (ko, superko, suicide) that the rule set
  // makes void. true: the board follows the record, as the game went on from the move that was
  // played (records keep going after an unnoticed triple ko or a retake; leaving the stone off
  // would turn every later capture there into a false report). false: the board stays as it
  // was, as the rule says. The report and its cost (turn lost, warning, loss) are the same.
  bool follow_record = true;
  // Called after every node of every line replayed; return false to stop that line.
  std::function<bool(const Position &)> visit;
  // With variations: a LineReplay for each (its nodes, its final board), or, when false, the
  // main line's alone, holding the findings of every variation after its own. A checker wants
  // only the findings: a board per variation takes hundreds of times the size of a tree of many
  // short variations.
  bool line_per_variation = true;
};

// The rule set for a game: `requested` (from --rules) when given, else the preset RU names,
// else chinese with a note; KM and HA from the record unless the user overrode komi.
RuleSet rules_for(const Game &, const std::optional<RuleSet> &requested, Diagnostics &notes);

// The black stones RuleSet::fixed_handicap places before the first move: HA[2] to HA[9], no
// setup before the first move, and White moves first (the record leaves the stones out).
std::vector<Point> fixed_handicap_stones(const Game &, const RuleSet &);

// Replays the main line (and every variation when asked). The first element is the main line.
std::vector<LineReplay> replay(const Game &, const RuleSet &, const ReplayOptions & = {});

// The position after `line` has been replayed to its end (render's "go to move N").
Board position_after(const Game &, const std::vector<NodeIndex> &line, const RuleSet &);

} // namespace sgf::rules
