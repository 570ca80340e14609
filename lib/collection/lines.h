// Cutting games apart and trimming them: every root-to-leaf line, a line as a game of its own,
// and the removal of properties (strip).
#pragma once

#include "lib/sgf/tree.h"

#include <string>
#include <vector>

namespace sgf::collection {

// Every leaf, in the order the leaves appear (the main line's first).
std::vector<NodeIndex> leaves(const Game &);

// A game holding only the nodes of `line` (a root-first path), each with all its properties.
Game line_game(const Game &, const std::vector<NodeIndex> &line);

struct StripOptions {
  std::vector<std::string> drop;   // these identifiers
  bool comments = false;           // C and GC
  bool main_line = false;          // every variation but the main line
  bool private_properties = false; // identifiers no SGF version defines (application-specific)
  std::vector<std::string> keep;   // when not empty: only these identifiers survive
};

void strip_game(Game &, const StripOptions &);

} // namespace sgf::collection
