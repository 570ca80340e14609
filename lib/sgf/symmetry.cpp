// The board's symmetries as maps of points.
#include "lib/sgf/symmetry.h"

#include <utility>

namespace sgf {

std::array<Symmetry, 8> all_symmetries() {
  std::array<Symmetry, 8> all;
  for (int i = 0; i < 8; ++i)
    all[i] = Symmetry{(i & 4) != 0, (i & 1) != 0, (i & 2) != 0};
  return all;
}

Point apply(Symmetry s, Point p, BoardSize size) {
  if (s.transpose) {
    std::swap(p.x, p.y);
    std::swap(size.width, size.height);
  }
  if (s.flip_x)
    p.x = size.width - 1 - p.x;
  if (s.flip_y)
    p.y = size.height - 1 - p.y;
  return p;
}

Symmetry compose(Symmetry first, Symmetry second) {
  // Two points that no two distinct symmetries map alike identify the composition.
  const BoardSize square{19, 19};
  const Point a{1, 2}, b{5, 3};
  for (Symmetry s : all_symmetries())
    if (apply(s, a, square) == apply(second, apply(first, a, square), square) &&
        apply(s, b, square) == apply(second, apply(first, b, square), square))
      return s;
  return identity; // unreachable: the group is closed
}

Symmetry inverse(Symmetry s) {
  for (Symmetry candidate : all_symmetries())
    if (compose(s, candidate) == identity)
      return candidate;
  return identity;
}

bool keeps_shape(Symmetry s, BoardSize size) {
  return !s.transpose || size.width == size.height;
}

std::string_view name(Symmetry s) {
  if (s == identity)
    return "identity";
  if (s == rotate_90)
    return "rotate-90";
  if (s == rotate_180)
    return "rotate-180";
  if (s == rotate_270)
    return "rotate-270";
  if (s == flip)
    return "flip";
  if (s == transpose)
    return "transpose";
  if (s == Symmetry{false, false, true})
    return "flip-vertical";
  return "anti-transpose";
}

} // namespace sgf
