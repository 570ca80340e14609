// The eight symmetries of the board (the dihedral group of the square), shared by the layers that
// turn a game (lib/collection) and those whose answer must not depend on how the board is turned.
#pragma once

#include "lib/sgf/point.h"

#include <array>
#include <string_view>

namespace sgf {

// A symmetry of the board: first the optional transposition (x and y swapped), then the
// optional mirrorings (x → width-1-x, y → height-1-y). The eight values are the dihedral group
// of the square; only those without transposition keep a rectangular board's shape.
struct Symmetry {
  bool transpose = false;
  bool flip_x = false;
  bool flip_y = false;
  friend bool operator==(const Symmetry &, const Symmetry &) = default;
};

constexpr Symmetry identity{};
// Clockwise rotations, the left-right mirror, and the main-diagonal mirror.
constexpr Symmetry rotate_90{true, true, false};
constexpr Symmetry rotate_180{false, true, true};
constexpr Symmetry rotate_270{true, false, true};
constexpr Symmetry flip{false, true, false};
constexpr Symmetry transpose{true, false, false};

// All eight, identity first.
std::array<Symmetry, 8> all_symmetries();

// `second` applied after `first`, as one symmetry (on a square board).
Symmetry compose(Symmetry first, Symmetry second);
Symmetry inverse(Symmetry);

// Whether the symmetry maps a board of this size onto itself.
bool keeps_shape(Symmetry, BoardSize);

Point apply(Symmetry, Point, BoardSize);

// A short name for messages: "identity", "rotate-90", "flip", "transpose", ...
std::string_view name(Symmetry);

} // namespace sgf
