// The tree comparison behind `sgf diff`.
#include "lib/collection/diff.h"

#include "lib/sgf/spec.h"
#include "lib/sgf/values.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace sgf::collection {

const char *to_string(DifferenceKind kind) {
  switch (kind) {
  case DifferenceKind::header:
    return "header";
  case DifferenceKind::main_line:
    return "main-line";
  case DifferenceKind::variation:
    return "variation";
  case DifferenceKind::node:
    return "node";
  }
  return "node";
}

namespace {

std::string property_text(const Property *p) {
  if (!p)
    return {};
  std::string out = p->id;
  for (const Value &v : p->values)
    out += "[" + v.text + "]";
  return out;
}

bool is_move_property(const std::string &id) {
  return id == "B" || id == "W";
}

bool is_header(const std::string &id) {
  const spec::PropertyInfo *info = spec::find(id);
  return info && (info->placement == spec::Placement::root ||
                  info->placement == spec::Placement::game_info);
}

// The node's move as SGF ("B[pd]"), or "" for a node without one.
std::string move_key(const Node &node) {
  for (const Property &p : node.properties)
    if (is_move_property(p.id))
      return property_text(&p);
  return {};
}

// For each of `xs` (children in the first game), the index in `ys` (children in the second) of
// the child it matches, or ys.size(): the first one not taken yet that plays the same move. By
// move, not by a scan of ys for each x, so that a node with many variations costs no more than
// their number.
std::vector<size_t> match_children(const Game &a, const std::vector<NodeIndex> &xs, const Game &b,
                                   const std::vector<NodeIndex> &ys) {
  std::unordered_map<std::string, std::deque<size_t>> waiting; // by move, in order
  for (size_t j = 0; j < ys.size(); ++j)
    waiting[move_key(b.nodes[ys[j]])].push_back(j);
  std::vector<size_t> match(xs.size(), ys.size());
  for (size_t i = 0; i < xs.size(); ++i)
    if (auto it = waiting.find(move_key(a.nodes[xs[i]]));
        it != waiting.end() && !it->second.empty()) {
      match[i] = it->second.front();
      it->second.pop_front();
    }
  return match;
}

// The identifiers of both nodes' properties that `wanted` selects, in order of appearance.
template <class Wanted>
std::vector<std::string> ids_of(const Node &x, const Node &y, Wanted wanted) {
  std::vector<std::string> ids;
  for (const Node *node : {&x, &y})
    for (const Property &p : node->properties)
      if (wanted(p.id) && std::find(ids.begin(), ids.end(), p.id) == ids.end())
        ids.push_back(p.id);
  return ids;
}

// The moves of a line from `node` down its first children, as "B[aa];W[bb]", at most `limit`.
std::string line_text(const Game &game, NodeIndex node, size_t limit = 8) {
  std::string out;
  size_t count = 0, total = 0;
  for (NodeIndex n = node; n != no_node; n = game.nodes[n].first_child) {
    std::string move = move_key(game.nodes[n]);
    if (move.empty())
      move = ";"; // a node without a move
    ++total;
    if (count < limit) {
      out += (count ? ";" : "") + move;
      ++count;
    }
  }
  if (total > count)
    out += " ... (" + std::to_string(total) + " nodes)";
  return out;
}

struct Pair {
  NodeIndex a, b;
  int move;
  bool main;
};

} // namespace

std::vector<TreeDifference> diff_games(const Game &a, const Game &b) {
  std::vector<TreeDifference> out;
  if (a.empty() || b.empty()) {
    if (a.empty() != b.empty())
      out.push_back({DifferenceKind::main_line,
                     0,
                     true,
                     {},
                     a.empty() ? "" : line_text(a, 0),
                     b.empty() ? "" : line_text(b, 0)});
    return out;
  }
  for (const std::string &id : ids_of(a.root(), b.root(), [](const std::string &id) {
         return is_header(id) && id != "FF" && id != "CA";
       })) {
    std::string x = property_text(a.root().find(id)), y = property_text(b.root().find(id));
    if (x != y)
      out.push_back({DifferenceKind::header, 0, true, id, x, y});
  }
  std::vector<Pair> stack{{0, 0, 0, true}};
  while (!stack.empty()) {
    const Pair pair = stack.back();
    stack.pop_back();
    const Node &x = a.nodes[pair.a], &y = b.nodes[pair.b];
    const bool root = pair.a == 0;
    for (const std::string &id : ids_of(x, y, [root](const std::string &id) {
           return !is_move_property(id) && !(root && is_header(id));
         })) {
      std::string p = property_text(x.find(id)), q = property_text(y.find(id));
      if (p != q)
        out.push_back({DifferenceKind::node, pair.move, pair.main, id, p, q});
    }
    const std::vector<NodeIndex> xs = a.children(pair.a), ys = b.children(pair.b);
    std::vector<bool> y_taken(ys.size(), false);
    std::vector<Pair> matched;
    std::vector<NodeIndex> only_a;
    const std::vector<size_t> match = match_children(a, xs, b, ys);
    for (size_t i = 0; i < xs.size(); ++i) {
      const size_t j = match[i];
      if (j == ys.size()) {
        only_a.push_back(xs[i]);
        continue;
      }
      y_taken[j] = true;
      const int move = pair.move + (move_key(a.nodes[xs[i]]).empty() ? 0 : 1);
      matched.push_back({xs[i], ys[j], move, pair.main && i == 0 && j == 0});
    }
    const bool parted =
        pair.main &&
        (xs.empty() != ys.empty() ||
         (!xs.empty() && !(matched.size() && matched[0].a == xs[0] && matched[0].b == ys[0])));
    if (parted)
      out.push_back({DifferenceKind::main_line,
                     pair.move + 1,
                     true,
                     {},
                     xs.empty() ? "" : line_text(a, xs[0]),
                     ys.empty() ? "" : line_text(b, ys[0])});
    for (NodeIndex n : only_a)
      if (!(parted && n == xs[0]))
        out.push_back({DifferenceKind::variation, pair.move + 1, false, {}, line_text(a, n), {}});
    for (size_t j = 0; j < ys.size(); ++j)
      if (!y_taken[j] && !(parted && j == 0))
        out.push_back(
            {DifferenceKind::variation, pair.move + 1, false, {}, {}, line_text(b, ys[j])});
    // Depth first in the first game's order: push in reverse.
    for (auto it = matched.rbegin(); it != matched.rend(); ++it)
      stack.push_back(*it);
  }
  return out;
}

} // namespace sgf::collection
