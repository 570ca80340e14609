// The parse options of the fuzz targets that read whole records: small limits, so that the limit
// paths are reached and each run stays short.
#pragma once

#include "parsers/sgf/parse.h"

#include <cstddef>

namespace sgf::fuzz {

inline ParseOptions small_limits(size_t max_nodes, size_t max_games) {
  ParseOptions options;
  options.limits.max_depth = 100;
  options.limits.max_nodes = max_nodes;
  options.limits.max_games = max_games;
  options.limits.max_value_bytes = 1 << 12;
  options.limits.max_diagnostics = 50;
  return options;
}

} // namespace sgf::fuzz
