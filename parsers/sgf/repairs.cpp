#include "parsers/sgf/repairs.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace sgf {

bool drops_content(const Diagnostic &d) {
  // The codes of parse.cpp's and charset.cpp's recovery warnings that skip input.
  static constexpr std::array<std::string_view, 10> dropping{"junk-before-game",
                                                             "junk-between-games",
                                                             "trailing-garbage",
                                                             "illegal-chars",
                                                             "value-without-identifier",
                                                             "identifier-too-long",
                                                             "missing-value",
                                                             "invalid-utf8",
                                                             "invalid-bytes",
                                                             "too-many-diagnostics"};
  return std::find(dropping.begin(), dropping.end(), d.code) != dropping.end();
}

} // namespace sgf
