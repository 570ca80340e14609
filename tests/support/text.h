// Text helpers every test folder shares (header only: tests/support builds no executable).
#pragma once

#include <cstddef>
#include <string>

namespace sgf::testing_support {

// How many times `what` occurs in `text`, overlapping occurrences included.
inline size_t occurrences(const std::string &text, const std::string &what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

} // namespace sgf::testing_support
