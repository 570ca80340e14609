// Reading Pandanet (IGS) UGF game records and UGI reviews (with comments and variations) into the
// lib/sgf tree, with every problem a located Diagnostic.
#pragma once

#include "parsers/sgf/parse.h"

#include <string_view>

namespace sgf {

// True when the text starts (after blank lines) with the "[Header]" section.
bool looks_like_ugf(std::string_view bytes);

ParseResult parse_ugf(std::string_view bytes, const ParseOptions &options = {});

} // namespace sgf
