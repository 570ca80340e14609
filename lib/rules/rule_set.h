// RuleSet: the rules of a game as plain data, the named presets (chinese, japanese, korean, aga,
// ing, nz, tromp-taylor), the RU spellings real files use, and `key=value` overrides.
#pragma once

#include "lib/sgf/point.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf::rules {

enum class KoRule { simple, positional, situational };
enum class Scoring { area, territory };
// What White receives for Black's handicap stones under area scoring: nothing, N, or N−1 points.
enum class HandicapBonus { none, n, n_minus_1 };
// What an illegal move costs: it is void (turn lost); the game is lost; or void with a warning
// and a second warning loses (Chinese competition rules).
enum class IllegalMove { void_move, loss, warning };
// How an area count treats the open dame (neutral empty points) left on the board: filled in turn
// from the side to move (Chinese Article 9 counts a board on which every dame is filled), half to
// each side (a server that counts the board as the players left it), or nobody's (Tromp-Taylor:
// an empty point scores only for the colour it alone reaches). Under territory scoring `filled`
// also finds the teire by filling the dame in turn; otherwise the static teire rule applies.
enum class OpenDame { filled, shared, nobody };

struct RuleSet {
  std::string name = "chinese";
  KoRule ko = KoRule::positional;
  bool suicide_allowed = false; // multi-stone suicide; single-stone suicide is never legal
  Scoring scoring = Scoring::area;
  double komi = 7.5;
  HandicapBonus handicap_bonus = HandicapBonus::n;
  bool seki_territory = true; // false: eyes and dame of groups in seki are not territory
  // Under simple ko, true: a game ending in a long cycle is no result (japanese); false: the
  // rules give no ruling on it (ing).
  bool cycles_void = false;
  bool remove_dead = true; // false: every stone on the board counts (tromp-taylor)
  OpenDame open_dame = OpenDame::filled;
  // Territory: the server counts the board as the players left it, so only the teire found
  // whichever side fills the dame first are teire, and a dame the fill closes in stays a dame
  // (score::GameFacts::counted_as_left).
  bool counted_as_left = false;
  bool pass_stones = false; // a pass hands a prisoner to the opponent (aga)
  IllegalMove illegal = IllegalMove::warning;
  bool komi_overridden = false; // komi given by the user: KM does not replace it
  bool two_moves_lose = false;  // the same colour moving twice loses (not just a record slip)
  int handicap = 0;             // HA from the record (0 when absent)
  // HA[n] with no setup and White moving first: Black's n stones stand on the fixed points
  // (fixed_handicap_points), which the records of some servers leave out.
  bool fixed_handicap = false;
  // A board left unfinished (open borders, unsettled areas: life::Life::unfinished) is counted by
  // an estimate of who owns what, as a server that judges a game stopped early does: an open
  // point the playout estimate gives one side (score::kEstimateOwns) is that side's territory.
  bool open_points_by_estimate = false;
};

// The points of GTP's fixed handicap placement (GTP 2, fixed_handicap), in the order of its
// table: corners, sides, centre. Empty where the table has no placement for `n` stones on a
// board of that size (square boards from 7x7: up to 9 stones on odd sizes from 9, else 4).
std::vector<Point> fixed_handicap_points(int n, BoardSize);

// The preset of that name (case-insensitive), or nothing.
std::optional<RuleSet> preset(std::string_view name);
// Names of every preset, in documentation order.
std::vector<std::string> preset_names();
// The preset a record's RU names ("Chinese", "cn", "Japanese", "jp", "AGA", "GOE", "NZ", ...),
// or nothing when RU is not recognised.
std::optional<RuleSet> preset_for_ru(std::string_view ru);
// Applies one `key=value` override (ko=simple|positional|situational, suicide=forbidden|allowed,
// scoring=area|territory, komi=NUMBER, handicap-bonus=0|n|n-1, illegal=void|loss|warning, and the
// profile keys dame=filled|shared|nobody, dead=removed|kept, teire=fill|as-left,
// handicap-stones=fixed|recorded, open-points=estimate|dame).
// Returns an error message, or nothing on success.
std::optional<std::string> apply_override(RuleSet &, std::string_view key_value);
// Whether one of the key=value overrides sets the komi (the key in any case, as apply_override
// reads it).
bool overrides_komi(const std::vector<std::string> &overrides);

} // namespace sgf::rules
