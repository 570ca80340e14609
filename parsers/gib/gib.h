// Reading Tygem's GIB records (also saved by Fox and other Chinese and Korean clients) into the
// lib/sgf tree, with every problem a located Diagnostic.
#pragma once

#include "parsers/sgf/parse.h"

#include <string_view>

namespace sgf {

// True when the text starts (after blank lines) with GIB's header marker "\HS".
bool looks_like_gib(std::string_view bytes);

ParseResult parse_gib(std::string_view bytes, const ParseOptions &options = {});

} // namespace sgf
