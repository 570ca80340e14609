// The SGF parser on valid FF[4] and FF[1]-FF[3] records: tree shape, raw values, positions.
#include "parsers/sgf/parse.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace sgf {
namespace {

ParseResult parse(std::string_view text) {
  return parse_sgf(text);
}

std::vector<std::string> codes(const ParseResult &r) {
  std::vector<std::string> out;
  for (const Diagnostic &d : r.diagnostics)
    out.push_back(d.code);
  return out;
}

TEST(Parse, SimpleGameWithVariations) {
  auto r = parse("(;FF[4]GM[1]SZ[19];B[pd](;W[dd];B[pp])(;W[dp]))");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.charset, "UTF-8");
  ASSERT_EQ(r.collection.games.size(), 1u);
  const Game &g = r.collection.games[0];
  ASSERT_EQ(g.nodes.size(), 5u);
  EXPECT_EQ(g.root().properties.size(), 3u);
  EXPECT_EQ(g.root().find("SZ")->values[0].text, "19");
  EXPECT_EQ(g.nodes[1].find("B")->values[0].text, "pd");
  EXPECT_EQ(g.children(1), (std::vector<NodeIndex>{2, 4}));
  EXPECT_EQ(g.main_line(), (std::vector<NodeIndex>{0, 1, 2, 3}));
  EXPECT_EQ(g.nodes[4].find("W")->values[0].text, "dp");
  EXPECT_EQ(g.nodes[4].parent, 1u);
}

// A node that holds one move and nothing else is read at once; a node that only starts like one
// (more values, more properties, junk after it) is read in full.
TEST(Parse, MoveNodesAndNodesThatOnlyStartLikeOne) {
  auto r = parse("(;FF[4]\n;B[pd]\n;W[dd]BL[30];B[qq][rr];W[pp]*;B[cc]\n(;W[dc])(;W[cd] ;B[tt]))");
  ASSERT_EQ(r.collection.games.size(), 1u);
  const Game &g = r.collection.games[0];
  ASSERT_EQ(g.nodes.size(), 9u);
  auto ids = [&](NodeIndex n) {
    std::string out;
    for (const Property &p : g.nodes[n].properties) {
      out += p.id;
      for (const Value &v : p.values)
        out += "[" + v.text + "]";
    }
    return out;
  };
  EXPECT_EQ(ids(1), "B[pd]");
  EXPECT_EQ(ids(2), "W[dd]BL[30]");
  EXPECT_EQ(ids(3), "B[qq][rr]");
  EXPECT_EQ(ids(4), "W[pp]");
  EXPECT_EQ(ids(5), "B[cc]");
  EXPECT_EQ(ids(6), "W[dc]");
  EXPECT_EQ(ids(8), "B[tt]");
  EXPECT_EQ(g.children(5), (std::vector<NodeIndex>{6, 7}));
  EXPECT_EQ(g.nodes[8].parent, 7u);
  const Property &b = g.nodes[1].properties.front();
  EXPECT_EQ(g.nodes[1].pos, (SourcePos{2, 1}));
  EXPECT_EQ(b.pos, (SourcePos{2, 2}));
  EXPECT_EQ(b.values.front().pos, (SourcePos{2, 3}));
  EXPECT_EQ(g.nodes[8].properties.front().values.front().pos, (SourcePos{4, 19}));
  // The junk after W[pp] belongs to its node.
  ASSERT_EQ(codes(r), (std::vector<std::string>{"illegal-chars"}));
  EXPECT_EQ(r.diagnostics.front().node, 4);
  EXPECT_EQ(r.diagnostics.front().pos, (SourcePos{3, 29}));
}

TEST(Parse, Positions) {
  auto r = parse("(;FF[4]\n C[a]\n;B[pd]\n(;W[dd]))");
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games[0];
  EXPECT_EQ(g.pos, (SourcePos{1, 1}));
  EXPECT_EQ(g.root().pos, (SourcePos{1, 2}));
  EXPECT_EQ(g.root().properties[0].pos, (SourcePos{1, 3}));
  EXPECT_EQ(g.root().properties[0].values[0].pos, (SourcePos{1, 5}));
  EXPECT_EQ(g.root().properties[1].pos, (SourcePos{2, 2}));
  EXPECT_EQ(g.root().properties[1].values[0].pos, (SourcePos{2, 3}));
  EXPECT_EQ(g.nodes[1].pos, (SourcePos{3, 1}));
  EXPECT_EQ(g.nodes[2].pos, (SourcePos{4, 2}));
}

TEST(Parse, ColumnsCountCodePoints) {
  auto r = parse("(;PB[李昌镐]PW[x])");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.collection.games[0].root().properties[1].pos, (SourcePos{1, 10}));
  EXPECT_EQ(r.collection.games[0].root().find("PB")->values[0].text, "李昌镐");
}

TEST(Parse, EscapesAndSoftLineBreaksStayRaw) {
  auto r = parse("(;C[a \\] b \\\\ c \\: d\\\ne]LB[aa:x\\:y]AB[aa:cc][dd])");
  ASSERT_TRUE(r.ok());
  const Node &root = r.collection.games[0].root();
  EXPECT_EQ(root.find("C")->values[0].text, "a \\] b \\\\ c \\: d\\\ne");
  EXPECT_EQ(root.find("LB")->values[0].text, "aa:x\\:y");
  ASSERT_EQ(root.find("AB")->values.size(), 2u);
  EXPECT_EQ(root.find("AB")->values[0].text, "aa:cc");
  EXPECT_EQ(root.find("AB")->values[1].text, "dd");
}

TEST(Parse, EmptyValuesAndWhitespaceEverywhere) {
  auto r = parse(" \r\n( ; FF [4] \n B [] \t ; W\n[tt]\n(\n;\nC[x]\n)\n)\n");
  ASSERT_TRUE(r.ok()) << codes(r).size();
  const Game &g = r.collection.games[0];
  ASSERT_EQ(g.nodes.size(), 3u);
  EXPECT_EQ(g.root().find("B")->values[0].text, "");
  EXPECT_EQ(g.nodes[1].find("W")->values[0].text, "tt");
  EXPECT_EQ(g.nodes[2].find("C")->values[0].text, "x");
}

TEST(Parse, Collection) {
  auto r = parse("(;GN[one];B[aa])\n(;GN[two];W[bb])(;GN[three])");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.collection.games.size(), 3u);
  EXPECT_EQ(r.collection.games[2].root().find("GN")->values[0].text, "three");
  EXPECT_EQ(r.collection.games[1].pos, (SourcePos{2, 1}));
}

TEST(Parse, OldIdentifiersLoseLowercaseLetters) {
  auto r = parse("(;GaMe[1]FileFormat[3]AddBlack[aa][bb]Comment[old];Black[pd])");
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games[0];
  EXPECT_TRUE(g.root().has("GM"));
  EXPECT_TRUE(g.root().has("FF"));
  EXPECT_EQ(g.root().find("AB")->values.size(), 2u);
  EXPECT_EQ(g.root().find("C")->values[0].text, "old");
  EXPECT_TRUE(g.nodes[1].has("B"));
  auto found = codes(r);
  EXPECT_EQ(std::count(found.begin(), found.end(), "lowercase-identifier"), 5);
}

TEST(Parse, PrivatePropertiesKept) {
  auto r = parse("(;FF[4]TT[private]MULTIGOGM[1]KM[750])");
  ASSERT_TRUE(r.ok());
  const Node &root = r.collection.games[0].root();
  ASSERT_EQ(root.properties.size(), 4u);
  EXPECT_EQ(root.properties[2].id, "MULTIGOGM");
  EXPECT_EQ(root.properties[3].values[0].text, "750");
}

TEST(Parse, DeepVariationsWithinLimit) {
  std::string text = "(;FF[4]";
  for (int i = 0; i < 5000; ++i)
    text += "(;B[aa]";
  for (int i = 0; i < 5000; ++i)
    text += ")";
  text += ")";
  auto r = parse(text);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.collection.games[0].nodes.size(), 5001u);
  EXPECT_EQ(r.collection.games[0].main_line().size(), 5001u);
}

} // namespace
} // namespace sgf
