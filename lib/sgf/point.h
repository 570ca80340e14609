// The smallest vocabulary shared by every layer above the tree: board points and colours.
#pragma once

#include <cstdint>

namespace sgf {

enum class Color : uint8_t { black, white };

constexpr Color opponent(Color c) { return c == Color::black ? Color::white : Color::black; }
constexpr char letter(Color c) { return c == Color::black ? 'B' : 'W'; }

// A point on the board: x is the column from the left, y the row from the top, both 0-based,
// the way SGF writes them ("aa" is the top-left corner).
struct Point {
  int x = 0;
  int y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

// The board's dimensions, from SZ (SZ[19] or SZ[19:13]); 19×19 when SZ is absent.
struct BoardSize {
  int width = 19;
  int height = 19;
  bool contains(Point p) const { return p.x >= 0 && p.y >= 0 && p.x < width && p.y < height; }
  friend bool operator==(const BoardSize&, const BoardSize&) = default;
};

// A move: a colour and either a point or a pass.
struct Move {
  Color color = Color::black;
  bool pass = false;
  Point point;
  friend bool operator==(const Move&, const Move&) = default;
};

} // namespace sgf
