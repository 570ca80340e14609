// Two games compared as trees: the header fields that differ, the move where the main lines
// part, variations found in one only, and the properties (comments, marks, ...) changed in the
// nodes both have.
#pragma once

#include "lib/sgf/tree.h"

#include <string>
#include <vector>

namespace sgf::collection {

enum class DifferenceKind : uint8_t {
  header,    // a game-information or root property (FF and CA, the charset's, are ignored)
  main_line, // the main lines part here: the moves differ, or one ends
  variation, // a variation only one of the games has
  node,      // a property of a node both games have
};
const char *to_string(DifferenceKind);

struct TreeDifference {
  DifferenceKind kind;
  int move = 0; // moves before the node (passes included): 0 is the root's
  bool on_main_line = true;
  std::string property; // header and node: the identifier
  std::string a, b;     // as SGF: "PB[Ke Jie]", "B[qk]", "W[aa];B[bb]"; empty when absent
};

// Differences in tree order (pre-order of the first game, then what only the second has).
// Children are matched by their move (colour and point), so that reordered variations match.
std::vector<TreeDifference> diff_games(const Game &a, const Game &b);

} // namespace sgf::collection
