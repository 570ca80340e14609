// The first difference between two collections' trees, for the round-trip checks of the tests
// and of fuzz_parse and fuzz_transform (header only: tests/support builds no executable).
#pragma once

#include "lib/sgf/tree.h"
#include "lib/sgf/values.h"

#include <string>

namespace sgf::testing_support {

// How two values are compared: as stored (escapes kept), or by the text they stand for (a
// repaired record's unescaped ']' and its escaped form written back stand for the same text).
enum class ValueText { stored, meant };

// Empty when the trees are the same (structure, ids, values' text); else the first difference.
inline std::string tree_difference(const Collection &a, const Collection &b,
                                   ValueText compare = ValueText::stored) {
  if (a.games.size() != b.games.size())
    return "game count " + std::to_string(a.games.size()) + " vs " + std::to_string(b.games.size());
  for (size_t g = 0; g < a.games.size(); ++g) {
    const Game &x = a.games[g], &y = b.games[g];
    std::string where = "game " + std::to_string(g);
    if (x.nodes.size() != y.nodes.size())
      return where + ": node count " + std::to_string(x.nodes.size()) + " vs " +
             std::to_string(y.nodes.size());
    for (size_t n = 0; n < x.nodes.size(); ++n) {
      const Node &p = x.nodes[n], &q = y.nodes[n];
      std::string at = where + " node " + std::to_string(n);
      if (p.parent != q.parent || p.first_child != q.first_child ||
          p.next_sibling != q.next_sibling)
        return at + ": links differ";
      if (p.properties.size() != q.properties.size())
        return at + ": property count differs";
      for (size_t i = 0; i < p.properties.size(); ++i) {
        const Property &r = p.properties[i], &s = q.properties[i];
        if (r.id != s.id)
          return at + ": id " + r.id + " vs " + s.id;
        if (r.values.size() != s.values.size())
          return at + ": " + r.id + " value count differs";
        for (size_t v = 0; v < r.values.size(); ++v)
          if (compare == ValueText::stored ? r.values[v].text != s.values[v].text
                                           : to_text(r.values[v].text) != to_text(s.values[v].text))
            return at + ": " + r.id + "[" + r.values[v].text + "] vs [" + s.values[v].text + "]";
      }
    }
  }
  return {};
}

} // namespace sgf::testing_support
