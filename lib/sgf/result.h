// The result of a game (RE) as records write it: FF[4]'s forms, the common English variants and
// results written in Chinese, Japanese and Korean. The one reader of RE for every command.
#pragma once

#include "lib/sgf/point.h"

#include <optional>
#include <string>
#include <string_view>

namespace sgf {

// How the game ended, as RE says. `unknown` with a winner: RE names the winner alone ("B+").
enum class Ending {
  score,
  resign,
  time,
  forfeit,
  ran_away,
  draw,
  no_result,
  unknown,
  unfinished,
  missing,
  malformed
};

struct Result {
  std::string text; // RE exactly as written ("" when absent)
  Ending ending = Ending::missing;
  std::optional<Color> winner;
  std::optional<double> margin; // as written
  bool in_stones = false;       // the margin is in stones (Chinese counting), worth two points
  // The margin in points (stones doubled), when there is one.
  std::optional<double> points() const;
};

// Whether the game ended before any count: by resignation, time, forfeit or a runaway.
bool ended_before_count(Ending);

// What a server means by a form that FF[4] leaves open.
struct ResultConventions {
  // "B+0" names the winner of a game whose margin the server did not write: no count. Else it
  // is a jigo won on a tiebreak (W+0 under komi 5, where White wins a jigo).
  bool zero_margin_unwritten = false;
};

// RE read: "B+3.5", "W+R", "W+Resign", "B+T", "W+Time", "B+F", "B+Escape" (the loser ran away),
// "B+0" (a jigo Black won on a tiebreak), "0", "Draw", "Jigo", "Void", "Both lost", "?",
// "Unfinished", "B+" (the winner alone), and "黑中盘胜", "白胜3目半", "白中押し勝", "흑 불계승",
// "和棋", "持碁", "黑胜(白逃跑)", and sentences: "Black wins by 0.5", "White resigns". A margin is
// in points, or in stones when written in 子 (黑胜1又1/4子, 半子) or as a quarter (W+1.25: only
// stones give quarters); a margin no count gives (B+0.02), or words after "B+" that name no ending,
// name the winner alone. Text naming no winner and no ending is `malformed`.
Result read_result(std::string_view re, ResultConventions = {});

// A result in FF[4]'s form: "B+3.5" (a margin in stones as points), "W+R", "B+T", "B+F" (a
// forfeit or a runaway), "B+" (the winner alone), "0", "Void"; empty when it names no winner.
std::string to_re(const Result &);

} // namespace sgf
