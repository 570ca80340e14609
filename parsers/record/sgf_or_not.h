// Which records parse_record reads with parse_sgf: those a command may summarise with
// summarise_sgf (parsers/sgf/summary.h) instead of parsing them.
#pragma once

#include <string_view>

namespace sgf {

// True when parse_record(bytes, name, forced) reads the bytes as SGF: `forced` (a --from value)
// names SGF (or no known format), or it is empty and the bytes are detected as SGF or as no
// known format.
bool read_as_sgf(std::string_view bytes, std::string_view forced);

} // namespace sgf
