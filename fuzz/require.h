// The fuzz targets' assertion: an invariant that does not hold aborts, which libFuzzer reports
// with the input that broke it.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace sgf::fuzz {

inline void require(bool condition, const char *what) {
  if (!condition) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
  }
}

} // namespace sgf::fuzz
