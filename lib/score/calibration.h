// The confidence `sgf score` reports: the probability that the winner of a count is right,
// calibrated against recorded results rather than taken from the dead-stone judgement alone.
#pragma once

namespace sgf::score {

// The probability that the count's winner is the game's winner. `dead_stone_confidence` is
// Life::confidence, in [0,1]; `margin` is the count's margin in points (either sign; 0 is a jigo,
// right only if the game was drawn); `ended_by_passes`: the main line ends with two passes.
// Never less with a higher confidence or a larger margin.
double winner_probability(double dead_stone_confidence, double margin, bool ended_by_passes);

} // namespace sgf::score
