// The board's symmetries on hand-checked points, and their group laws.
#include "lib/sgf/symmetry.h"

#include <gtest/gtest.h>

namespace sgf {
namespace {

TEST(Symmetry, RotationsTurnTheCornersClockwise) {
  const BoardSize board{19, 19};
  // The top-left corner goes to the top-right, then the bottom-right, then the bottom-left.
  EXPECT_EQ(apply(rotate_90, Point{0, 0}, board), (Point{18, 0}));
  EXPECT_EQ(apply(rotate_180, Point{0, 0}, board), (Point{18, 18}));
  EXPECT_EQ(apply(rotate_270, Point{0, 0}, board), (Point{0, 18}));
  // 4-4 point "pd" (15, 3): rotated to (15, 15) "pp".
  EXPECT_EQ(apply(rotate_90, Point{15, 3}, board), (Point{15, 15}));
  EXPECT_EQ(apply(flip, Point{15, 3}, board), (Point{3, 3}));
  EXPECT_EQ(apply(transpose, Point{15, 3}, board), (Point{3, 15}));
}

TEST(Symmetry, GroupLaws) {
  EXPECT_EQ(compose(rotate_90, rotate_90), rotate_180);
  EXPECT_EQ(compose(rotate_90, rotate_180), rotate_270);
  EXPECT_EQ(inverse(rotate_90), rotate_270);
  for (Symmetry s : all_symmetries())
    EXPECT_EQ(compose(s, inverse(s)), identity) << name(s);
}

} // namespace
} // namespace sgf
