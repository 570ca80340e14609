// The lossless SGF tree: Collection → Game → Node → Property → Value. Every node, every property
// in its order, and every value's exact (escaped, UTF-8) text survive a parse → write → parse.
#pragma once

#include "lib/report/diagnostic.h"

#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sgf {

// One value between brackets, exactly as written (escapes kept, soft line breaks kept), after
// conversion to UTF-8. lib/sgf/values.h turns it into numbers, points, text.
// The empty constructors are user-provided on purpose: value-initialisation (emplace_back()) of a
// class whose default constructor is implicit zeroes the whole object first (rep stos over the
// small_vector buffers), which was a fifth of the parser's time.
struct Value {
  std::string text;
  SourcePos pos; // position of the opening '['

  Value() noexcept {}
  Value(std::string text_, SourcePos pos_) : text(std::move(text_)), pos(pos_) {}
};

struct Property {
  std::string id; // canonical FF[4] identifier: uppercase letters only ("AB", not "AddBlack")
  boost::container::small_vector<Value, 1> values;
  SourcePos pos; // position of the identifier's first letter

  Property() noexcept {}
};

using NodeIndex = uint32_t;
constexpr NodeIndex no_node = UINT32_MAX;

struct Node {
  boost::container::small_vector<Property, 1> properties;
  SourcePos pos; // position of the ';'
  NodeIndex parent = no_node;
  NodeIndex first_child = no_node; // the main line continues through the first child
  NodeIndex next_sibling = no_node;

  Node() noexcept {}

  const Property *find(std::string_view id) const;
  Property *find(std::string_view id);
  bool has(std::string_view id) const { return find(id) != nullptr; }
  // Removes every property `id` (a node can repeat one).
  void erase(std::string_view id);
};

// One game tree. Nodes live in one flat vector, in pre-order (the order they appear in the
// file), linked by index: no recursion and no pointer chasing, whatever the nesting depth.
struct Game {
  std::vector<Node> nodes; // nodes[0] is the root when the game is not empty
  SourcePos pos;           // position of the game's '('

  bool empty() const { return nodes.empty(); }
  const Node &root() const { return nodes.front(); }
  Node &root() { return nodes.front(); }
  std::vector<NodeIndex> children(NodeIndex) const;
  // The root, then the first child of each node, to the end of the main line.
  std::vector<NodeIndex> main_line() const;
  // The nodes from the root to `node`, root first.
  std::vector<NodeIndex> line_to(NodeIndex node) const;
  // Appends a node as the last child of `parent` (or as the root when parent is no_node).
  // Inline: the readers of the other formats add every move's node through it.
  NodeIndex add_node(NodeIndex parent, SourcePos pos = {});
  // A root holds the game information, a dozen properties or more, often near twenty: room for
  // them when it is made, rather than a move of every property at each growth.
  static constexpr size_t root_properties = 20;
};

inline NodeIndex Game::add_node(NodeIndex parent, SourcePos pos) {
  auto index = static_cast<NodeIndex>(nodes.size());
  Node &node = nodes.emplace_back();
  node.pos = pos;
  node.parent = parent;
  if (parent == no_node) {
    node.properties.reserve(root_properties);
    return index;
  }
  NodeIndex *link = &nodes[parent].first_child;
  while (*link != no_node)
    link = &nodes[*link].next_sibling;
  *link = index;
  return index;
}

struct Collection {
  std::vector<Game> games;
};

} // namespace sgf
