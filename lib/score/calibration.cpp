// The table behind winner_probability().
//
// How it was fitted (bench/score-accuracy/calibrate, which prints this table): over the dev half
// of the counted corpus (counted/ and counted-more/, the split of bench/score-accuracy/README.md),
// scored with seeds 0, 1 and 2, with and without TB/TW markup, each game whose RE names a winner
// falls in one cell of dead-stone confidence x |margin|; a cell's value is its share of counts
// whose winner agrees with RE, with one agreeing and one disagreeing pseudo-game added, made
// monotone along both axes by weighted isotonic regression. A jigo (margin under 0.5) has one
// value for every confidence. The reliability of the result on the test half is printed by
// bench/score-accuracy/run. Refit whenever the dead-stone judgement or the counting changes.
#include "lib/score/calibration.h"

#include <array>
#include <cmath>
#include <cstddef>

namespace sgf::score {

namespace {

// Lower edges of the bins: a value belongs to the last bin whose edge it reaches.
constexpr std::array<double, 7> confidence_edges = {0, 0.3, 0.6, 0.8, 0.9, 0.97, 0.995};
constexpr std::array<double, 7> margin_edges = {0, 0.5, 1.5, 3.5, 7.5, 15.5, 30.5};
// winner_right[confidence bin][margin bin]
constexpr double winner_right[7][7] = {
    {0.024, 0.688, 0.700, 0.743, 0.847, 0.887, 0.909},
    {0.024, 0.932, 0.939, 0.943, 0.972, 0.977, 0.994},
    {0.024, 0.944, 0.944, 0.947, 0.990, 0.992, 0.994},
    {0.024, 0.961, 0.961, 0.961, 0.990, 0.992, 0.996},
    {0.024, 0.961, 0.961, 0.962, 0.994, 0.994, 0.996},
    {0.024, 0.964, 0.964, 0.964, 0.994, 0.994, 0.996},
    {0.024, 0.979, 0.979, 0.979, 0.996, 0.996, 0.997},
};

template <size_t N> size_t bin_of(const std::array<double, N> &edges, double value) {
  size_t bin = 0;
  while (bin + 1 < N && value >= edges[bin + 1])
    ++bin;
  return bin;
}

} // namespace

double winner_probability(double dead_stone_confidence, double margin) {
  return winner_right[bin_of(confidence_edges, dead_stone_confidence)]
                     [bin_of(margin_edges, std::abs(margin))];
}

} // namespace sgf::score
