// Telling binary data from text, so that parse_sgf and summarise_sgf turn away the same input,
// and a record from UTF-16 text.
#pragma once

#include <string_view>

namespace sgf {

// Binary data (an image, an archive, a program): control bytes all over its first 64 KiB, where
// text has none, and no game tree opening it ("(;" after any white space). parse_sgf rejects
// such input as not-sgf.
bool looks_binary(std::string_view text);

// Whether the bytes start with a game tree's opening: '(' and ';', white space before and between
// (and a UTF-8 byte order mark first). Such bytes are a record in an 8-bit charset, however
// damaged: not binary data, and not UTF-16 (where they would be one character, U+283B or U+3B28).
bool opens_game_tree(std::string_view text);

} // namespace sgf
