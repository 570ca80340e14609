// The calibrated confidence: a probability, symmetric in the colours, never less sure with a
// surer dead-stone judgement or a larger margin, a jigo less likely right than any win, and the
// count of an unfinished board less sure than that of a finished one.
#include "lib/score/calibration.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <vector>

namespace sgf::score {
namespace {

const std::vector<double> confidences = {0,   0.1, 0.3,  0.5,  0.6,  0.75,
                                         0.8, 0.9, 0.95, 0.97, 0.99, 1};
const std::vector<double> margins = {0, 0.5, 1, 1.5, 2.5, 3.5, 5, 7.5, 10, 15.5, 20, 30.5, 80, 361};
constexpr BoardState board_states[] = {BoardState::stopped, BoardState::passed,
                                       BoardState::unfinished};

TEST(WinnerProbability, IsAProbabilityAndTheSameForEitherColour) {
  for (BoardState state : board_states)
    for (double c : confidences)
      for (double m : margins) {
        double p = winner_probability(c, m, state);
        EXPECT_GE(p, 0.0);
        EXPECT_LE(p, 1.0);
        EXPECT_EQ(p, winner_probability(c, -m, state)) << c << " " << m;
      }
}

TEST(WinnerProbability, NeverFallsWithConfidenceOrMargin) {
  for (BoardState state : board_states)
    for (size_t i = 0; i + 1 < confidences.size(); ++i)
      for (size_t k = 0; k + 1 < margins.size(); ++k) {
        double p = winner_probability(confidences[i], margins[k], state);
        EXPECT_LE(p, winner_probability(confidences[i + 1], margins[k], state))
            << confidences[i] << " " << margins[k];
        EXPECT_LE(p, winner_probability(confidences[i], margins[k + 1], state))
            << confidences[i] << " " << margins[k];
      }
}

TEST(WinnerProbability, AJigoIsLessLikelyRightThanAWin) {
  // A counted game almost never ends in a draw: a jigo count usually means a point went astray.
  for (BoardState state : board_states)
    for (double c : confidences)
      EXPECT_LT(winner_probability(c, 0, state), winner_probability(c, 0.5, state)) << c;
  EXPECT_LT(winner_probability(1, 0, BoardState::passed), 0.5);
}

TEST(WinnerProbability, ASureCountOfAFinishedGameIsNearlyCertainButNeverCertain) {
  EXPECT_GT(winner_probability(1, 20, BoardState::passed), 0.99);
  for (BoardState state : board_states)
    EXPECT_LT(winner_probability(1, 361, state), 1.0);
}

// A board lib/life judges unfinished names the winner of a game still open: however sure its dead
// stones and however large its margin, its winner is less likely right than a finished board's.
TEST(WinnerProbability, AnUnfinishedBoardIsLessSureThanAFinishedOne) {
  for (double c : confidences)
    for (double m : margins) {
      if (m == 0)
        continue;
      const double open = winner_probability(c, m, BoardState::unfinished);
      EXPECT_LT(open, winner_probability(c, m, BoardState::stopped)) << c << " " << m;
      EXPECT_LT(open, winner_probability(c, m, BoardState::passed)) << c << " " << m;
    }
  EXPECT_LT(winner_probability(1, 361, BoardState::unfinished), 0.95);
}

} // namespace
} // namespace sgf::score
