// Root-to-leaf lines and property stripping.
#include "lib/collection/lines.h"

#include "lib/sgf/spec.h"

#include <algorithm>

namespace sgf::collection {

std::vector<NodeIndex> leaves(const Game &game) {
  std::vector<NodeIndex> out;
  // Nodes are stored in pre-order, so the leaves come in file order: the main line's first.
  for (NodeIndex i = 0; i < game.nodes.size(); ++i)
    if (game.nodes[i].first_child == no_node)
      out.push_back(i);
  return out;
}

Game line_game(const Game &game, const std::vector<NodeIndex> &line) {
  Game out;
  out.pos = game.pos;
  NodeIndex parent = no_node;
  for (NodeIndex n : line) {
    parent = out.add_node(parent, game.nodes[n].pos);
    out.nodes[parent].properties = game.nodes[n].properties;
  }
  return out;
}

namespace {

bool listed(const std::vector<std::string> &ids, const std::string &id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

bool stripped(const StripOptions &options, const std::string &id) {
  if (!options.keep.empty() && !listed(options.keep, id))
    return true;
  if (options.comments && (id == "C" || id == "GC"))
    return true;
  if (options.private_properties && spec::find(id) == nullptr)
    return true;
  return listed(options.drop, id);
}

} // namespace

void strip_game(Game &game, const StripOptions &options) {
  if (game.empty())
    return;
  if (options.main_line)
    game = line_game(game, game.main_line());
  for (Node &node : game.nodes)
    node.properties.erase(
        std::remove_if(node.properties.begin(), node.properties.end(),
                       [&](const Property &p) { return stripped(options, p.id); }),
        node.properties.end());
}

} // namespace sgf::collection
