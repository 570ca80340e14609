// The confidence `sgf score` reports: the probability that the winner of a count is right,
// calibrated against recorded results rather than taken from the dead-stone judgement alone.
#pragma once

namespace sgf::score {

// How the position counted stands: a board lib/life judges unfinished (Life::unfinished), however
// the record ends; else a game whose main line ends with two passes, or one that stops at its
// last stone. Each has its own table: a count of an unfinished board names the winner of a game
// still open, a count after two passes that of a game both players called finished.
enum class BoardState { stopped, passed, unfinished };

// The probability that the count's winner is the game's winner. `dead_stone_confidence` is
// Life::confidence, in [0,1]; `margin` is the count's margin in points (either sign; 0 is a jigo,
// right only if the game was drawn). Never less with a higher confidence or a larger margin.
double winner_probability(double dead_stone_confidence, double margin, BoardState);

} // namespace sgf::score
