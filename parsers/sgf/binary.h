// Telling binary data from text, so that parse_sgf and summarise_sgf turn away the same input.
#pragma once

#include <string_view>

namespace sgf {

// Binary data (an image, an archive, a program): control bytes all over its first 64 KiB, where
// text has none, and no game tree opening it ("(;" after any white space). parse_sgf rejects
// such input as not-sgf.
bool looks_binary(std::string_view text);

} // namespace sgf
