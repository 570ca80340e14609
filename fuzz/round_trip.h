// The writer's round trip, which the fuzz targets that read records require: a collection written
// as SGF and read again is the same tree, and writing that again gives the same text.
#pragma once

#include "fuzz/require.h"
#include "lib/sgf/writer.h"
#include "parsers/sgf/parse.h"
#include "tests/support/tree_difference.h"

#include <cstdio>
#include <string>

namespace sgf::fuzz {

// `options`: how the written text is read back.
inline void require_round_trip(Collection collection, const ParseOptions &options = {}) {
  const std::string written = write_sgf(collection);
  const ParseResult again = parse_sgf(written, options);
  require(again.ok(), "the writer's output reads without error");
  for (Game &g : collection.games)
    canonicalise_root(g.root());
  // A repaired value's unescaped ']' is written escaped: the same text, stored otherwise.
  const std::string difference = testing_support::tree_difference(
      collection, again.collection, testing_support::ValueText::meant);
  if (!difference.empty())
    std::fprintf(stderr, "%s\n", difference.c_str());
  require(difference.empty(), "the same tree after writing and reading");
  require(write_sgf(again.collection) == written, "writing is idempotent");
}

} // namespace sgf::fuzz
