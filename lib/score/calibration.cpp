// The table behind winner_probability(), fitted on the dev half of the counted games by
// bench/score-accuracy/calibrate, which says how and prints it. A game that both players ended by
// passing is finished by their agreement, so its count is surer than that of a record that stops
// at the last stone; the count of a board still open is the least sure. Refit whenever the
// dead-stone judgement or the counting changes.
#include "lib/score/calibration.h"

#include <array>
#include <cmath>
#include <cstddef>

namespace sgf::score {

namespace {

// Lower edges of the bins: a value belongs to the last bin whose edge it reaches.
constexpr std::array<double, 7> confidence_edges = {0, 0.3, 0.6, 0.8, 0.9, 0.97, 0.995};
constexpr std::array<double, 7> margin_edges = {0, 0.5, 1.5, 3.5, 7.5, 15.5, 30.5};
// winner_right[board state][confidence bin][margin bin]
constexpr double winner_right[3][7][7] = {
    // not ended by passes
    {
        {0.036, 0.948, 0.953, 0.966, 0.966, 0.966, 0.966},
        {0.036, 0.967, 0.979, 0.981, 0.981, 0.981, 0.981},
        {0.036, 0.967, 0.979, 0.985, 0.985, 0.985, 0.985},
        {0.036, 0.967, 0.979, 0.985, 0.985, 0.985, 0.985},
        {0.036, 0.969, 0.979, 0.985, 0.985, 0.985, 0.990},
        {0.036, 0.969, 0.979, 0.985, 0.985, 0.985, 0.990},
        {0.036, 0.984, 0.984, 0.990, 0.990, 0.990, 0.990},
    },
    // ended by passes
    {
        {0.036, 0.923, 0.969, 0.969, 0.985, 0.985, 0.986},
        {0.036, 0.975, 0.988, 0.992, 0.992, 0.996, 0.996},
        {0.036, 0.983, 0.988, 0.996, 0.997, 0.997, 0.997},
        {0.036, 0.987, 0.988, 0.996, 0.997, 0.997, 0.997},
        {0.036, 0.987, 0.988, 0.996, 0.997, 0.997, 0.997},
        {0.036, 0.987, 0.991, 0.996, 0.997, 0.997, 0.997},
        {0.036, 0.996, 0.996, 0.996, 0.998, 0.998, 0.998},
    },
    // unfinished board
    {
        {0.036, 0.558, 0.558, 0.603, 0.619, 0.737, 0.832},
        {0.036, 0.558, 0.558, 0.643, 0.741, 0.931, 0.931},
        {0.036, 0.682, 0.711, 0.798, 0.798, 0.931, 0.931},
        {0.036, 0.682, 0.711, 0.798, 0.798, 0.931, 0.931},
        {0.036, 0.700, 0.711, 0.798, 0.798, 0.931, 0.931},
        {0.036, 0.700, 0.711, 0.798, 0.798, 0.931, 0.931},
        {0.036, 0.792, 0.792, 0.799, 0.799, 0.931, 0.931},
    },
};

template <size_t N> size_t bin_of(const std::array<double, N> &edges, double value) {
  size_t bin = 0;
  while (bin + 1 < N && value >= edges[bin + 1])
    ++bin;
  return bin;
}

} // namespace

double winner_probability(double dead_stone_confidence, double margin, BoardState state) {
  return winner_right[static_cast<size_t>(state)][bin_of(confidence_edges, dead_stone_confidence)]
                     [bin_of(margin_edges, std::abs(margin))];
}

} // namespace sgf::score
