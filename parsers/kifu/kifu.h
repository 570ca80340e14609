// Reading Tygem's one-line kifu (a game per line: an id, a tab, then ";B[dd];W[dp]...") with the
// game information from the kifu.index file beside it, into the lib/sgf tree.
#pragma once

#include "parsers/sgf/parse.h"

#include <string>
#include <string_view>

namespace sgf {

// True when the first line is a number, a tab and ";B[" or ";W[".
bool looks_like_kifu(std::string_view bytes);

// `index` is the text of the kifu.index file (tab-separated: id, date, white, white's id, white's
// nation, black, black's id, black's nation, result, moves, byo-yomi and main time); empty when
// there is none, and then the games have moves only.
ParseResult parse_kifu(std::string_view bytes, std::string_view index,
                       const ParseOptions &options = {});

// The kifu.index of a kifu file named `path`: in the folder above it ("<bot>/kifu/2017-08" has
// "<bot>/kifu.index") or beside it. Empty when there is none, or `path` is not a plain file
// (stdin, an archive entry).
std::string read_kifu_index_beside(std::string_view path);

} // namespace sgf
