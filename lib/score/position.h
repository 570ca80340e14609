// The plain data the scorer works on: a final position (stones in row-major order) and per-point
// verdicts (dead, seki), independent of how the position was reached.
#pragma once

#include "lib/rules/board.h"
#include "lib/sgf/point.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sgf::score {

using rules::Stone;

// Stones of a final position, row-major: index y * width + x.
struct Position {
  BoardSize size;
  std::vector<Stone> stones;

  Position() = default;
  explicit Position(BoardSize s)
      : size(s), stones(static_cast<size_t>(s.width) * s.height, Stone::empty) {}
  int points() const { return size.width * size.height; }
  int index(Point p) const { return p.y * size.width + p.x; }
  Point point(int i) const { return {i % size.width, i / size.width}; }
  Stone at(Point p) const { return stones[index(p)]; }
  void set(Point p, Stone s) { stones[index(p)] = s; }
};

// Calls f(neighbour index) for the orthogonal neighbours of i on the board.
template <class F> inline void for_each_neighbour(BoardSize size, int i, F &&f) {
  int x = i % size.width, y = i / size.width;
  if (x > 0)
    f(i - 1);
  if (x + 1 < size.width)
    f(i + 1);
  if (y > 0)
    f(i - size.width);
  if (y + 1 < size.height)
    f(i + size.width);
}

constexpr Stone other(Stone s) {
  return s == Stone::black ? Stone::white : s == Stone::white ? Stone::black : s;
}

} // namespace sgf::score
