// The plain data the scorer works on: a final position (stones in row-major order), its chains and
// regions, independent of how the position was reached.
#pragma once

#include "lib/rules/board.h"
#include "lib/sgf/point.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <numeric>
#include <span>
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

// The points of a list of components, one after another in one buffer: points[k] is component
// k's. The scorer finds the chains and regions of a position many times over, and one allocation
// per component would cost more than the search.
class PointLists {
public:
  std::span<const int> operator[](size_t k) const {
    return {cells_.data() + start_[k], static_cast<size_t>(start_[k + 1] - start_[k])};
  }
  size_t size() const { return start_.size() - 1; }
  // Points are appended to cells(); close() ends a component.
  std::vector<int> &cells() { return cells_; }
  void close() { start_.push_back(static_cast<int>(cells_.size())); }
  struct iterator {
    const PointLists *lists;
    size_t k;
    std::span<const int> operator*() const { return (*lists)[k]; }
    iterator &operator++() { return ++k, *this; }
    bool operator==(const iterator &) const = default;
  };
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, size()}; }

private:
  std::vector<int> cells_;
  std::vector<int> start_{0};
};

// Connected components of points for which `same(i, j)` holds between neighbours and
// `member(i)` holds: the label of each point (-1 when not a member) and the points of each.
struct Components {
  std::vector<int> id;
  PointLists points;
};

template <class Member, class Same>
Components components(const Position &pos, Member &&member, Same &&same) {
  Components c;
  const int n = pos.points();
  c.id.assign(n, -1);
  // A point is pushed at most once (it is labelled as it is pushed): the stack fits in n cells,
  // and so do the points of all components.
  const std::unique_ptr<int[]> stack = std::make_unique_for_overwrite<int[]>(size_t(n));
  std::vector<int> &pts = c.points.cells();
  pts.reserve(static_cast<size_t>(n));
  for (int s = 0; s < n; ++s) {
    if (c.id[s] != -1 || !member(s))
      continue;
    int label = static_cast<int>(c.points.size());
    c.id[s] = label;
    int top = 0;
    stack[top++] = s;
    while (top > 0) {
      int i = stack[--top];
      pts.push_back(i);
      for_each_neighbour(pos.size, i, [&](int j) {
        if (c.id[j] == -1 && member(j) && same(i, j)) {
          c.id[j] = label;
          stack[top++] = j;
        }
      });
    }
    c.points.close();
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

// The liberties of each chain of `chains` (chains_of the position), in point order.
inline PointLists liberties_of(const Position &pos, const Components &chains) {
  PointLists libs;
  std::vector<int> &cells = libs.cells();
  for (std::span<const int> chain : chains.points) {
    const auto first = static_cast<std::ptrdiff_t>(cells.size());
    for (int i : chain)
      for_each_neighbour(pos.size, i, [&](int j) {
        if (pos.stones[j] == Stone::empty)
          cells.push_back(j);
      });
    std::sort(cells.begin() + first, cells.end());
    cells.erase(std::unique(cells.begin() + first, cells.end()), cells.end());
    libs.close();
  }
  return libs;
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
  for (int ch = 0; ch < nc; ++ch) // each chain straight to its root: the labels
    parent[ch] = find(ch);
  return parent;
}

constexpr Stone other(Stone s) {
  return s == Stone::black ? Stone::white : s == Stone::white ? Stone::black : s;
}

// Calls f(j) for each stone j of the other colour beside a stone of `stones`, once per stone and
// side (a stone beside several of them is met several times).
template <class F>
inline void for_each_enemy_beside(const Position &pos, std::span<const int> stones, F &&f) {
  for (int i : stones)
    for_each_neighbour(pos.size, i, [&](int j) {
      if (pos.stones[j] == other(pos.stones[i]))
        f(j);
    });
}

} // namespace sgf::life
