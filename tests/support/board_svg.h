// Reading back the report page's board diagrams (lib/html/board_svg), for the tests that check
// what a diagram shows (header only: tests/support builds no executable).
#pragma once

#include <set>
#include <sstream>
#include <string>
#include <utility>

namespace sgf::testing_support {

// The points a diagram draws with a class's marker: the distinct vertices of its path
// (<path class="black-stones" d="M3 4 5 6 ..."/>); 0 when it has no such path.
inline size_t points_in(const std::string &svg, const std::string &role) {
  const std::string key = "<path class=\"" + role + "\" d=\"M";
  const size_t at = svg.find(key);
  if (at == std::string::npos)
    return 0;
  const size_t from = at + key.size();
  std::istringstream numbers(svg.substr(from, svg.find('"', from) - from));
  std::set<std::pair<int, int>> points;
  for (int x = 0, y = 0; numbers >> x >> y;)
    points.insert({x, y});
  return points.size();
}

} // namespace sgf::testing_support
