// Counting a finished position under a rule set: area (stones + surrounded points, shared dame
// split half and half, results also in stones) or territory (surrounded points + prisoners +
// dead stones, seki points excluded when the rules say so), komi, handicap bonus, pass stones.
#pragma once

#include "lib/life/life.h"
#include "lib/rules/rule_set.h"
#include "lib/sgf/symmetry.h"

#include <optional>
#include <string>
#include <vector>

namespace sgf::score {

// What happened before the final position that counting needs.
struct GameFacts {
  int prisoners_black = 0; // white stones Black captured during the game
  int prisoners_white = 0; // black stones White captured during the game
  int passes_black = 0;    // passes Black made (AGA pass stones go to White)
  int passes_white = 0;
  int handicap = 0; // HA: Black's handicap stones (0 or 1 means none)
  // Area scoring counts a board on which every dame is filled (Chinese Article 9: "a game in
  // which both sides have finished playing"); open dame are filled in turn, this side first, so
  // an odd dame goes to it. Nothing: the dame are shared half and half. Territory scoring
  // finds its teire by the same fill (nothing: the static rule of classify()).
  std::optional<Color> fills_first;
  // The server counted the board as the players left it (rules::RuleSet::counted_as_left). A
  // territory count then takes only the teire the fill finds whichever side fills first, and gives
  // no point to the dame the fill closes in (DameFill::closed). Elsewhere the record stops before
  // the last moves, which the players made: such a point is territory.
  bool counted_as_left = false;
  // Where the server counts an unfinished board by an estimate (rules::RuleSet::
  // open_points_by_estimate): per point, the playout ownership (+1 Black's, life::Life::
  // ownership); an open point it gives one side is that side's territory. Empty: open points are
  // dame.
  std::vector<float> estimate;
};

// The mean ownership at which an estimate gives an open point to a side (owned by it in three
// playouts of four); a point closer to even stays dame.
constexpr double kEstimateOwns = 0.5;

// What each point of the final position is, after the life-and-death verdicts.
enum class PointKind : uint8_t {
  black_stone,     // a live black stone
  white_stone,     // a live white stone
  dead_black,      // a dead black stone: White's point (and a prisoner under territory)
  dead_white,      // a dead white stone
  black_territory, // an empty point surrounded by live black stones only
  white_territory,
  dame,           // a neutral empty point between live stones of both colours
  seki,           // a point shared by groups of both colours in seki
  black_seki_eye, // an empty region surrounded by black stones of which one is in seki
  white_seki_eye,
  black_teire, // Black's surrounded point that Black must fill once the dame are filled
  white_teire, // (the last liberty of a chain that touches dame): no territory
  none,        // an empty point that touches no live stone (an empty board)
};

const char *to_string(PointKind);

struct SideCount {
  int stones = 0;        // live stones on the board (area)
  int territory = 0;     // surrounded empty points, dead stones' points included
  int prisoners = 0;     // stones captured during the game (territory)
  int dead_stones = 0;   // opponent stones found dead at the end (territory)
  int pass_stones = 0;   // opponent passes (AGA), counted as prisoners under territory
  int seki_eyes = 0;     // own eyes in seki (counted as territory under area only)
  int teire = 0;         // own points that need a connecting move (not territory; area: counted)
  double dame_share = 0; // half the dame and seki shared points (area, Chinese Article 9)
  double komi = 0;       // White only
  double handicap_bonus = 0; // White only: N or N-1 points under area scoring
  double total = 0;
};

struct Count {
  rules::Scoring scoring = rules::Scoring::area;
  SideCount black, white;
  int dame = 0;                   // neutral points
  int seki_points = 0;            // shared liberties of groups in seki plus their eyes
  bool seki_eyes_counted = false; // the totals hold the seki eyes (rules::RuleSet::seki_territory)
  double margin = 0;              // black.total - white.total (positive: Black wins)
  std::string result;             // SGF form: "B+3.5", "W+0.5", "0"
  // Area scoring: the margin in stones (half the points, Chinese rules: "Black wins by 3¾
  // stones"), and Black's total against the baseline of half the board (180½ on 19×19).
  double margin_stones = 0;
  double baseline = 0;
  std::vector<PointKind> kinds; // per point, row-major
};

// Classifies every point: live and dead stones, territory of each colour, dame and seki points.
// A region of empty points (dead stones removed) belongs to a colour when only that colour's
// live stones border it; a neutral region bordering a chain in seki is seki points; a
// single-colour region bordered by a chain in seki is that colour's seki eye. With `teire`, a
// chain whose liberties are dame plus exactly one surrounded point turns that point into a
// teire point: once the opponent fills the dame the chain is in atari and its owner must fill
// it (a server that counts the board as it stands marks these points too).
std::vector<PointKind> classify(const life::Position &, const life::Verdicts &,
                                bool remove_dead = true, bool teire = false);

// The open dame of an area count filled in turn, as players fill them: `first` fills first; a
// fill that puts a chain in atari makes its owner answer (a teire costs a turn under area
// counting too), so each side fills the dame that force an answer first. A point the players
// cannot fill without self-atari goes, in turn from the side to move when the fill ends, to a
// side that can first add a liberty inside its own area; else it is left open (shared). `board`:
// live stones only (0 empty, 1 black, 2 white); `is_dame`: the open dame. A chain already in atari
// (an open ko the record stops on) is its owner's to connect on his turn, the side to move first.
// Equally good fills are taken in the order of the points under each symmetry of the board and
// the median outcome kept, so the fill does not depend on how the board is turned.
// Nothing when the fill would capture a chain or there are more than kMostDameFilled open dame.
struct DameFill {
  int black = 0, white = 0, left = 0;
  std::vector<int> teire;      // the points where a side answered an atari inside its own area
  std::vector<uint8_t> board;  // the board when the fill ends (dead stones still on it)
  std::vector<uint8_t> closed; // per point, the side the fill closed it in for (close_in_points)
};
constexpr int kMostDameFilled = 361;
// `dead`: per point, the colour of a dead stone there (0 none). Dead stones stay on the board
// during the fill and take liberties, so a fill beside them can call for a teire; a chain they
// already hold in atari when the record stops was left so by both players and needs no answer.
// A fill that takes a dead chain's last liberty removes it. Empty: no dead stones.
// `kinds` (territory counting: the classified position) makes a fill that leaves an opponent
// chain short of liberties, so that it needs a teire inside its territory, rank with the fills
// that force an answer. With `close_in_points` (territory counting) an open point that the fills
// have closed in, its region touching the stones of one side only, is that side's territory: it is
// no longer filled, as no player fills his own territory, and `closed` holds it.
// `order`: the fill in the order of the points under that symmetry only.
std::optional<DameFill>
fill_dame(BoardSize, std::vector<uint8_t> board, const std::vector<uint8_t> &is_dame, Color first,
          const std::vector<uint8_t> &dead = {}, const std::vector<PointKind> *kinds = nullptr,
          bool close_in_points = false, std::optional<Symmetry> order = std::nullopt);

// Counts the classified position under `rules` (komi and handicap bonus from the rule set).
// `fill_order`: the dame and teire fills in this one order of the points (fill_dame) instead of
// the median of every order, for a dispute that asks what another order gives.
Count count(const life::Position &, const life::Verdicts &, const GameFacts &,
            const rules::RuleSet &rules, std::optional<Symmetry> fill_order = std::nullopt);

// "B+3.5", "W+0.5", "0": the SGF spelling of a margin (positive: Black).
std::string result_string(double margin);
// A number without trailing zeros: 3.5, 3, 0.25.
std::string format_number(double v);

// One side's total and how it adds up ("184.5 = 120 stones + 61 territory + 3.5 komi"), for
// the score text of `sgf score` and `sgf annotate`.
std::string breakdown_text(const Count &, Color side);

} // namespace sgf::score
