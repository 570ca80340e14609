// The calibrated confidence: a probability, symmetric in the colours, never less sure with a
// surer dead-stone judgement or a larger margin, and a jigo less likely right than any win.
#include "lib/score/calibration.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <vector>

namespace sgf::score {
namespace {

const std::vector<double> confidences = {0,   0.1, 0.3,  0.5,  0.6,  0.75,
                                         0.8, 0.9, 0.95, 0.97, 0.99, 1};
const std::vector<double> margins = {0, 0.5, 1, 1.5, 2.5, 3.5, 5, 7.5, 10, 15.5, 20, 30.5, 80, 361};

TEST(WinnerProbability, IsAProbabilityAndTheSameForEitherColour) {
  for (bool passes : {false, true})
    for (double c : confidences)
      for (double m : margins) {
        double p = winner_probability(c, m, passes);
        EXPECT_GE(p, 0.0);
        EXPECT_LE(p, 1.0);
        EXPECT_EQ(p, winner_probability(c, -m, passes)) << c << " " << m;
      }
}

TEST(WinnerProbability, NeverFallsWithConfidenceOrMargin) {
  for (bool passes : {false, true})
    for (size_t i = 0; i + 1 < confidences.size(); ++i)
      for (size_t k = 0; k + 1 < margins.size(); ++k) {
        double p = winner_probability(confidences[i], margins[k], passes);
        EXPECT_LE(p, winner_probability(confidences[i + 1], margins[k], passes))
            << confidences[i] << " " << margins[k];
        EXPECT_LE(p, winner_probability(confidences[i], margins[k + 1], passes))
            << confidences[i] << " " << margins[k];
      }
}

TEST(WinnerProbability, AJigoIsLessLikelyRightThanAWin) {
  // A counted game almost never ends in a draw: a jigo count usually means a point went astray.
  for (bool passes : {false, true})
    for (double c : confidences)
      EXPECT_LT(winner_probability(c, 0, passes), winner_probability(c, 0.5, passes)) << c;
  EXPECT_LT(winner_probability(1, 0, true), 0.5);
}

TEST(WinnerProbability, ASureCountOfAFinishedGameIsNearlyCertainButNeverCertain) {
  EXPECT_GT(winner_probability(1, 20, true), 0.99);
  for (bool passes : {false, true})
    EXPECT_LT(winner_probability(1, 361, passes), 1.0);
}

} // namespace
} // namespace sgf::score
