// Writing the tree back as SGF: canonical FF[4] UTF-8 with a stable line-breaking style, so
// that `sgf fmt` output is idempotent and a parse of it gives back the same tree.
#pragma once

#include "lib/sgf/tree.h"

#include <string>

namespace sgf {

struct WriteOptions {
  // Set FF[4] and CA[UTF-8] in each game's root (see canonicalise_root). Off: the properties are
  // written exactly as they are in the tree.
  bool canonical_header = true;
  // Lines are broken between properties and between nodes to stay within this many columns
  // (code points) where possible; a value is never broken.
  int line_width = 79;
};

// The layout:
// - each game starts with '(' on a new line and ends with ")\n";
// - each variation '(' starts on a new line; ')' follows the last node of its variation;
// - a "move node" (only B, W, BL, WL, OB, OW, MN, KO and no line break in its values) is packed
//   with its neighbours, several to a line;
// - any other node (root, game info, setup, comments, markup) starts on a line of its own and
//   the node after it starts a new line; its properties are packed up to the line width.
// Values are written as stored (escapes and soft line breaks kept); an unescaped ']' or a lone
// trailing '\' that a repaired record may hold is escaped so that the output always parses.
// Iterative: the nesting depth of variations does not reach the C++ stack.
std::string write_sgf(const Collection &collection, const WriteOptions &options = {});
std::string write_sgf(const Game &game, const WriteOptions &options = {});

// Sets FF[4] and CA[UTF-8] in a root node: existing FF and CA properties get the new value in
// place; missing ones are added after GM (FF before CA), or at the front when there is no GM.
void canonicalise_root(Node &root);

} // namespace sgf
