// libFuzzer target for the SGF parser: any bytes must give a result, never a crash, and the
// result must hold the tree's invariants (checked here, aborting when broken). The tree, broken
// record or not, is lossless through the writer: written and read again it is the same tree, and
// writing that again gives the same text.
#include "fuzz/require.h"
#include "fuzz/round_trip.h"
#include "lib/report/utf8.h"
#include "parsers/sgf/parse.h"

#include <cstdint>
#include <utility>

using sgf::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sgf::ParseOptions options;
  // Smaller limits than the defaults, so that the limit paths are reached too.
  options.limits.max_depth = 200;
  options.limits.max_nodes = 100'000;
  options.limits.max_games = 1'000;
  options.limits.max_value_bytes = 1 << 16;
  options.limits.max_diagnostics = 50;
  std::string_view bytes(reinterpret_cast<const char *>(data), size);
  sgf::ParseResult r = sgf::parse_sgf(bytes, options);

  require(!r.charset.empty(), "charset named");
  require(r.diagnostics.size() <= options.limits.max_diagnostics + 1 + 16 ||
              !r.ok(), // errors are always kept, but there are few
          "diagnostics capped");
  for (const sgf::Diagnostic &d : r.diagnostics) {
    require(!d.code.empty(), "diagnostic code");
    require(sgf::is_valid_utf8(d.message), "diagnostic message is UTF-8");
    if (d.severity == sgf::Severity::error)
      require(d.pos.known(), "errors are located");
  }
  size_t nodes = 0;
  for (const sgf::Game &g : r.collection.games) {
    require(!g.nodes.empty(), "no empty game kept");
    nodes += g.nodes.size();
    require(g.root().parent == sgf::no_node, "root has no parent");
    for (sgf::NodeIndex i = 0; i < g.nodes.size(); ++i) {
      const sgf::Node &n = g.nodes[i];
      require(n.pos.known(), "node located");
      if (i > 0)
        require(n.parent < i, "pre-order: parent before child");
      if (n.first_child != sgf::no_node)
        require(n.first_child > i && n.first_child < g.nodes.size(), "first child after node");
      if (n.next_sibling != sgf::no_node)
        require(n.next_sibling > i && n.next_sibling < g.nodes.size() &&
                    g.nodes[n.next_sibling].parent == n.parent,
                "sibling after node, same parent");
      for (const sgf::Property &p : n.properties) {
        require(!p.id.empty(), "identifier not empty");
        for (char c : p.id)
          require(c >= 'A' && c <= 'Z', "identifier uppercase");
        require(!p.values.empty(), "property has a value");
        for (const sgf::Value &v : p.values) {
          require(v.pos.known(), "value located");
          require(v.text.size() <= options.limits.max_value_bytes, "value limit");
          require(sgf::is_valid_utf8(v.text), "value is UTF-8");
        }
      }
    }
  }
  require(nodes <= options.limits.max_nodes, "node limit");
  require(r.collection.games.size() <= options.limits.max_games, "game limit");

  if (r.collection.games.empty())
    return 0;
  sgf::fuzz::require_round_trip(std::move(r.collection), options);
  return 0;
}
