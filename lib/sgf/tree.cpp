#include "lib/sgf/tree.h"

#include <algorithm>

namespace sgf {

const Property *Node::find(std::string_view id) const {
  // Identifiers are one or two letters: compared in place, not through a call of memcmp.
  auto same = [&](const Property &p) {
    return p.id.size() == id.size() &&
           std::equal(id.begin(), id.end(), p.id.begin(), [](char a, char b) { return a == b; });
  };
  auto it = std::find_if(properties.begin(), properties.end(), same);
  return it == properties.end() ? nullptr : &*it;
}

Property *Node::find(std::string_view id) {
  return const_cast<Property *>(static_cast<const Node *>(this)->find(id));
}

void Node::erase(std::string_view id) {
  properties.erase(std::remove_if(properties.begin(), properties.end(),
                                  [id](const Property &p) { return p.id == id; }),
                   properties.end());
}

std::vector<NodeIndex> Game::children(NodeIndex index) const {
  std::vector<NodeIndex> result;
  for (NodeIndex c = nodes[index].first_child; c != no_node; c = nodes[c].next_sibling)
    result.push_back(c);
  return result;
}

std::vector<NodeIndex> Game::main_line() const {
  std::vector<NodeIndex> line;
  for (NodeIndex n = nodes.empty() ? no_node : 0; n != no_node; n = nodes[n].first_child)
    line.push_back(n);
  return line;
}

std::vector<NodeIndex> Game::line_to(NodeIndex node) const {
  std::vector<NodeIndex> line;
  for (NodeIndex n = node; n != no_node; n = nodes[n].parent)
    line.push_back(n);
  std::reverse(line.begin(), line.end());
  return line;
}

} // namespace sgf
