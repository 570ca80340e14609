// The table behind winner_probability(), fitted on the dev half of the counted games by
// bench/score-accuracy/calibrate, which says how and prints it. A game that both players ended by
// passing is finished by their agreement, so its count is surer than that of a record that stops
// at the last stone. Refit whenever the dead-stone judgement or the counting changes.
#include "lib/score/calibration.h"

#include <array>
#include <cmath>
#include <cstddef>

namespace sgf::score {

namespace {

// Lower edges of the bins: a value belongs to the last bin whose edge it reaches.
constexpr std::array<double, 7> confidence_edges = {0, 0.3, 0.6, 0.8, 0.9, 0.97, 0.995};
constexpr std::array<double, 7> margin_edges = {0, 0.5, 1.5, 3.5, 7.5, 15.5, 30.5};
// winner_right[ended by passes][confidence bin][margin bin]
constexpr double winner_right[2][7][7] = {
    // not ended by passes
    {
        {0.036, 0.721, 0.721, 0.721, 0.721, 0.761, 0.839},
        {0.036, 0.928, 0.928, 0.928, 0.962, 0.962, 0.980},
        {0.036, 0.962, 0.977, 0.979, 0.980, 0.980, 0.984},
        {0.036, 0.965, 0.977, 0.979, 0.980, 0.980, 0.984},
        {0.036, 0.969, 0.977, 0.983, 0.983, 0.983, 0.987},
        {0.036, 0.969, 0.977, 0.983, 0.983, 0.983, 0.987},
        {0.036, 0.984, 0.984, 0.991, 0.991, 0.991, 0.991},
    },
    // ended by passes
    {
        {0.036, 0.930, 0.970, 0.970, 0.975, 0.975, 0.975},
        {0.036, 0.975, 0.988, 0.991, 0.991, 0.996, 0.996},
        {0.036, 0.983, 0.988, 0.996, 0.997, 0.997, 0.997},
        {0.036, 0.987, 0.988, 0.996, 0.997, 0.997, 0.997},
        {0.036, 0.987, 0.988, 0.996, 0.997, 0.997, 0.997},
        {0.036, 0.987, 0.991, 0.996, 0.997, 0.997, 0.997},
        {0.036, 0.996, 0.996, 0.996, 0.998, 0.998, 0.998},
    },
};

template <size_t N> size_t bin_of(const std::array<double, N> &edges, double value) {
  size_t bin = 0;
  while (bin + 1 < N && value >= edges[bin + 1])
    ++bin;
  return bin;
}

} // namespace

double winner_probability(double dead_stone_confidence, double margin, bool ended_by_passes) {
  return winner_right[ended_by_passes ? 1 : 0][bin_of(confidence_edges, dead_stone_confidence)]
                     [bin_of(margin_edges, std::abs(margin))];
}

} // namespace sgf::score
