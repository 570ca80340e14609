// The plain data the scorer works on: a final position (stones in row-major order), its chains and
// regions, independent of how the position was reached.
#pragma once

#include "lib/rules/board.h"
#include "lib/sgf/point.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <numeric>
#include <vector>

namespace sgf::life {

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

// Connected components of points for which `same(i, j)` holds between neighbours and
// `member(i)` holds: the label of each point (-1 when not a member) and the points of each.
struct Components {
  std::vector<int> id;
  std::vector<std::vector<int>> points;
};

template <class Member, class Same>
Components components(const Position &pos, Member &&member, Same &&same) {
  Components c;
  const int n = pos.points();
  c.id.assign(n, -1);
  // A point is pushed at most once (it is labelled as it is pushed): the stack and a component's
  // points fit in n cells each, so no push checks a capacity. Each component's list is allocated
  // once, at its size.
  const std::unique_ptr<int[]> cells = std::make_unique_for_overwrite<int[]>(2 * size_t(n));
  int *const stack = cells.get(), *const pts = stack + n;
  for (int s = 0; s < n; ++s) {
    if (c.id[s] != -1 || !member(s))
      continue;
    int label = static_cast<int>(c.points.size());
    c.id[s] = label;
    int top = 0, found = 0;
    stack[top++] = s;
    while (top > 0) {
      int i = stack[--top];
      pts[found++] = i;
      for_each_neighbour(pos.size, i, [&](int j) {
        if (c.id[j] == -1 && member(j) && same(i, j)) {
          c.id[j] = label;
          stack[top++] = j;
        }
      });
    }
    c.points.emplace_back(pts, pts + found);
  }
  return c;
}

// Connected components of the points for which `member(i)` holds, any two neighbours joined.
template <class Member> Components components(const Position &pos, Member &&member) {
  return components(pos, member, [](int, int) { return true; });
}

// The stones of a position on rules::Board, the board every layer plays and reads on.
inline rules::Board board_of(const Position &pos) {
  rules::Board b(pos.size);
  for (int i = 0; i < pos.points(); ++i)
    if (pos.stones[i] != Stone::empty)
      b.set(pos.point(i), pos.stones[i]);
  return b;
}

// The chains of a position's stones.
inline Components chains_of(const Position &pos) {
  return components(
      pos, [&](int i) { return pos.stones[i] == Stone::black || pos.stones[i] == Stone::white; },
      [&](int i, int j) { return pos.stones[i] == pos.stones[j]; });
}

// Groups of chains: one label per chain (a chain's label is that of some chain of its group),
// joining chains of one colour that share a liberty.
inline std::vector<int> groups_of(const Position &pos, const Components &chains) {
  const int nc = static_cast<int>(chains.points.size());
  std::vector<int> parent(nc);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int a) {
    while (parent[a] != a)
      a = parent[a] = parent[parent[a]];
    return a;
  };
  for (int i = 0; i < pos.points(); ++i) {
    if (pos.stones[i] != Stone::empty)
      continue;
    int first[2] = {-1, -1}; // per colour, the first chain seen around this liberty
    for_each_neighbour(pos.size, i, [&](int j) {
      int ch = chains.id[j];
      if (ch < 0)
        return;
      int &f = first[pos.stones[j] == Stone::black ? 0 : 1];
      if (f < 0)
        f = ch;
      else
        parent[find(ch)] = find(f);
    });
  }
  std::vector<int> group(nc);
  for (int ch = 0; ch < nc; ++ch)
    group[ch] = find(ch);
  return group;
}

constexpr Stone other(Stone s) {
  return s == Stone::black ? Stone::white : s == Stone::white ? Stone::black : s;
}

} // namespace sgf::life
