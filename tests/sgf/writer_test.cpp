// The writer on hand-built trees: header canonicalisation, layout, escaping of repaired values,
// and deep nesting without recursion.
#include "lib/sgf/writer.h"

#include <gtest/gtest.h>

namespace sgf {
namespace {

void add(Node &n, std::string id, std::initializer_list<const char *> values) {
  Property &p = n.properties.emplace_back();
  p.id = std::move(id);
  for (const char *v : values)
    p.values.emplace_back().text = v;
}

std::vector<std::string> ids(const Node &n) {
  std::vector<std::string> out;
  for (const Property &p : n.properties)
    out.push_back(p.id);
  return out;
}

TEST(CanonicaliseRoot, ReplacesInPlace) {
  Node root;
  add(root, "GM", {"1"});
  add(root, "FF", {"3"});
  add(root, "CA", {"GB2312"});
  add(root, "SZ", {"19"});
  canonicalise_root(root);
  EXPECT_EQ(ids(root), (std::vector<std::string>{"GM", "FF", "CA", "SZ"}));
  EXPECT_EQ(root.find("FF")->values.front().text, "4");
  EXPECT_EQ(root.find("CA")->values.front().text, "UTF-8");
}

TEST(CanonicaliseRoot, AddsAfterGmOrAtTheFront) {
  Node root;
  add(root, "PB", {"x"});
  add(root, "GM", {"1"});
  add(root, "SZ", {"19"});
  canonicalise_root(root);
  EXPECT_EQ(ids(root), (std::vector<std::string>{"PB", "GM", "FF", "CA", "SZ"}));

  Node bare;
  add(bare, "SZ", {"9"});
  canonicalise_root(bare);
  EXPECT_EQ(ids(bare), (std::vector<std::string>{"FF", "CA", "SZ"}));

  Node ff_only;
  add(ff_only, "FF", {"4"});
  add(ff_only, "GM", {"1"});
  canonicalise_root(ff_only);
  EXPECT_EQ(ids(ff_only), (std::vector<std::string>{"FF", "CA", "GM"}));
}

TEST(Write, LayoutOfASmallGame) {
  Game g;
  NodeIndex root = g.add_node(no_node);
  add(g.nodes[root], "GM", {"1"});
  add(g.nodes[root], "SZ", {"9"});
  NodeIndex a = g.add_node(root);
  add(g.nodes[a], "B", {"ee"});
  NodeIndex b = g.add_node(a);
  add(g.nodes[b], "W", {"cc"});
  NodeIndex c1 = g.add_node(b);
  add(g.nodes[c1], "B", {"gc"});
  add(g.nodes[c1], "C", {"a ] comment"}); // a repaired value with a bare ']'
  NodeIndex c2 = g.add_node(b);
  add(g.nodes[c2], "B", {"cg"});
  NodeIndex d = g.add_node(c2);
  add(g.nodes[d], "W", {""});
  Collection col;
  col.games.push_back(g);
  EXPECT_EQ(write_sgf(col), "(;GM[1]FF[4]CA[UTF-8]SZ[9]\n"
                            ";B[ee];W[cc]\n"
                            "(;B[gc]C[a \\] comment])\n"
                            "(;B[cg];W[]))\n");
  WriteOptions raw;
  raw.canonical_header = false;
  EXPECT_EQ(write_sgf(col, raw).substr(0, 15), "(;GM[1]SZ[9]\n;B");
}

TEST(Write, PacksMovesWithinTheLineWidth) {
  Game g;
  NodeIndex n = g.add_node(no_node);
  add(g.nodes[n], "GM", {"1"});
  for (int i = 0; i < 100; ++i) {
    n = g.add_node(n);
    add(g.nodes[n], i % 2 ? "W" : "B", {"pd"});
  }
  std::string out = write_sgf(g);
  size_t start = 0, lines = 0;
  while (start < out.size()) {
    size_t end = out.find('\n', start);
    EXPECT_LE(end - start, 79u);
    start = end + 1;
    ++lines;
  }
  EXPECT_EQ(lines, 1u + (100 * 6 + 78) / 78); // the root line, then packed moves
}

TEST(Write, DeepVariationsDoNotRecurse) {
  // 200,000 nested variations: each node has two children, the second one a leaf.
  Game g;
  NodeIndex n = g.add_node(no_node);
  for (int i = 0; i < 200'000; ++i) {
    NodeIndex main = g.add_node(n);
    add(g.nodes[main], "B", {"aa"});
    NodeIndex side = g.add_node(n);
    add(g.nodes[side], "W", {"bb"});
    n = main;
  }
  std::string out = write_sgf(g);
  EXPECT_EQ(std::count(out.begin(), out.end(), '('), 400'001);
  EXPECT_EQ(std::count(out.begin(), out.end(), ')'), 400'001);
}

TEST(Write, EmptyCollectionAndProperties) {
  EXPECT_EQ(write_sgf(Collection{}), "");
  Game g;
  g.add_node(no_node);
  EXPECT_EQ(write_sgf(g), "(;FF[4]CA[UTF-8])\n");
}

} // namespace
} // namespace sgf
