// Reading SGF: bytes in any charset → a lossless UTF-8 Collection, with every repair and every
// error reported as a located Diagnostic.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/sgf/tree.h"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace sgf {

// Limits against hostile input. Exceeding one is an error diagnostic, never a crash.
struct ParseLimits {
  size_t max_depth = 10'000;           // nested '(' levels
  size_t max_value_bytes = 256u << 20; // one property value
  size_t max_nodes = 10'000'000;       // per collection, or per part (parse_sgf_in_parts)
  size_t max_games = 1'000'000;        // per collection
  size_t max_diagnostics = 1'000;      // per record; further ones are summarised
  size_t max_identifier_bytes = 100;   // one property identifier (longer ones are dropped)
  // The memory the tree may take, per collection or part, whatever the shape of the text: "C[]",
  // three bytes, is a property of a hundred bytes in memory. Nodes, properties and values count at
  // their size, and the text of a value too long to be held in its string.
  size_t max_tree_bytes = size_t{4} << 30;
};

// The memory a value's text of `size` bytes takes beyond its Value, as max_tree_bytes counts it:
// none while the text fits in the string itself.
inline size_t text_bytes_beyond_value(size_t size) {
  const size_t in_place = std::string().capacity(); // not constexpr: clang 14 with libstdc++
  return size > in_place ? size : 0;
}

struct ParseOptions {
  ParseLimits limits;
  std::string charset; // force this input charset (iconv name); empty: CA, then detection
};

struct ParseResult {
  Collection collection;   // whatever could be read, even when there are errors
  Diagnostics diagnostics; // repairs (warnings), charset notes, errors; game/node set
  std::string charset;     // the charset the bytes were read as ("UTF-8", "GB18030", ...)
  // The record's index of collection.games[0]: not 0 in the later parts of a record read in
  // parts. Diagnostics name games by the record's index.
  size_t first_game = 0;
  // How far into the record's text (after any charset conversion) this part and those before it
  // reach, of the text's whole size: for a progress line while one large record is at work. The
  // last part reaches the end; both are 0 for bytes that are not SGF text.
  size_t text_through = 0, text_size = 0;
  bool ok() const { return !has_error(diagnostics); }
};

ParseResult parse_sgf(std::string_view bytes, const ParseOptions &options = {});

// Reads a record as parse_sgf does, but hands its games over in parts instead of holding them
// all: `part` receives the games read since the last part with their diagnostics when the games
// held take `part_bytes` of memory (as max_tree_bytes counts it) and a further game begins, and
// once at the end with the rest. So every part holds a game unless the record has none, and a
// diagnostic comes in the part of the game it names. `part` may keep what it is given.
// The memory of a collection of any size is then that of one part; the node and tree limits
// apply to each part (so to any one game), the game and diagnostic limits to the record.
void parse_sgf_in_parts(std::string_view bytes, const ParseOptions &options, size_t part_bytes,
                        const std::function<void(ParseResult &)> &part);

} // namespace sgf
