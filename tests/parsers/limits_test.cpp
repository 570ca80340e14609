// Hostile inputs: every limit of ParseLimits is an error diagnostic, in bounded time and memory.
#include "parsers/sgf/parse.h"

#include "lib/sgf/writer.h"
#include "tests/support/files.h"

#include <gtest/gtest.h>

#include <chrono>

namespace sgf {
namespace {

using testing_support::read_file;

bool has_code(const ParseResult &r, std::string_view code) {
  for (const Diagnostic &d : r.diagnostics)
    if (d.code == code)
      return true;
  return false;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

TEST(Limits, TenMegabytesOfOpeningParentheses) {
  auto t0 = std::chrono::steady_clock::now();
  auto r = parse_sgf(std::string(10 << 20, '('));
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_code(r, "not-sgf"));
  EXPECT_LT(seconds_since(t0), 5.0);
}

TEST(Limits, TenMegabytesOfNestedVariations) {
  auto t0 = std::chrono::steady_clock::now();
  auto r = parse_sgf("(;FF[4]" + std::string(10 << 20, '('));
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_code(r, "limit-exceeded"));
  ASSERT_EQ(r.collection.games.size(), 1u); // what was read is kept
  EXPECT_LT(seconds_since(t0), 5.0);
}

TEST(Limits, NestedVariationsWithNodes) {
  std::string text = "(;FF[4]";
  for (int i = 0; i < 20000; ++i)
    text += "(;B[aa]";
  auto r = parse_sgf(text);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_code(r, "limit-exceeded"));
  EXPECT_EQ(r.collection.games[0].nodes.size(), 10000u);
}

TEST(Limits, HundredMegabyteComment) {
  std::string text = "(;FF[4]C[";
  text.append(100 << 20, 'x');
  text += "];B[aa])";
  auto t0 = std::chrono::steady_clock::now();
  auto r = parse_sgf(text);
  EXPECT_TRUE(r.ok());
  ASSERT_EQ(r.collection.games.size(), 1u);
  EXPECT_EQ(r.collection.games[0].root().find("C")->values[0].text.size(), 100u << 20);
  EXPECT_LT(seconds_since(t0), 20.0);

  ParseOptions options;
  options.limits.max_value_bytes = 1 << 20;
  auto limited = parse_sgf(text, options);
  EXPECT_FALSE(limited.ok());
  EXPECT_TRUE(has_code(limited, "limit-exceeded"));
  ASSERT_EQ(limited.collection.games.size(), 1u); // kept, without the property over the limit
  EXPECT_TRUE(limited.collection.games[0].root().has("FF"));
  EXPECT_FALSE(limited.collection.games[0].root().has("C"));
}

TEST(Limits, Nodes) {
  ParseOptions options;
  options.limits.max_nodes = 100;
  std::string text = "(;FF[4]";
  for (int i = 0; i < 1000; ++i)
    text += ";B[aa]";
  text += ")";
  auto r = parse_sgf(text, options);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_code(r, "limit-exceeded"));
  EXPECT_EQ(r.collection.games[0].nodes.size(), 100u);
}

// Text a few bytes long can take a hundred in memory: the tree's memory stops the reading at
// its limit whatever the shape (properties, values, games, long texts), and a collection of real
// games fits in the default limit many times over.
TEST(Limits, TreeMemory) {
  ParseOptions options;
  options.limits.max_tree_bytes = 1 << 20;
  const std::vector<std::pair<std::string, std::string>> shapes = {
      {"(;FF[4]", "C[]"},
      {"(;FF[4]AB", "[aa]"},
      {"", "(;)"},
      {"(;FF[4]", ";C[" + std::string(100, 'x') + "]"}};
  for (const auto &[head, unit] : shapes) {
    std::string text = head;
    while (text.size() < (8u << 20))
      text += unit;
    if (!head.empty())
      text += ")";
    auto t0 = std::chrono::steady_clock::now();
    auto r = parse_sgf(text, options);
    EXPECT_TRUE(has_code(r, "limit-exceeded")) << unit;
    EXPECT_NE(r.diagnostics.back().message.find("bytes in memory"), std::string::npos) << unit;
    EXPECT_FALSE(r.collection.games.empty()) << unit; // what was read is kept
    EXPECT_LT(seconds_since(t0), 5.0) << unit;
  }

  const std::string game = read_file(std::string(SGF_TESTDATA) + "/collection/fox-variations.sgf");
  std::string collection;
  for (int i = 0; i < 2000; ++i)
    collection += game;
  auto whole = parse_sgf(collection);
  EXPECT_TRUE(whole.ok());
  EXPECT_EQ(whole.collection.games.size(), 2000u);
  auto cut = parse_sgf(collection, options);
  EXPECT_TRUE(has_code(cut, "limit-exceeded"));
  EXPECT_GT(cut.collection.games.size(), 0u);
  EXPECT_LT(cut.collection.games.size(), 2000u);
}

TEST(Limits, Diagnostics) {
  ParseOptions options;
  options.limits.max_diagnostics = 10;
  std::string text = "(;FF[4]";
  for (int i = 0; i < 1000; ++i)
    text += ";b[aa]";
  text += ")";
  auto r = parse_sgf(text, options);
  EXPECT_TRUE(r.ok()); // only warnings, summarised
  ASSERT_EQ(r.diagnostics.size(), 11u);
  EXPECT_EQ(r.diagnostics.back().code, "too-many-diagnostics");
  EXPECT_EQ(r.diagnostics.back().severity, Severity::warning);
}

TEST(Limits, ManyVariationsOfOneNode) {
  std::string text = "(;FF[4]";
  for (int i = 0; i < 200'000; ++i)
    text += "(;B[aa])";
  text += ")";
  auto t0 = std::chrono::steady_clock::now();
  auto r = parse_sgf(text);
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games[0];
  EXPECT_EQ(g.nodes.size(), 200'001u);
  EXPECT_EQ(g.nodes[0].first_child, 1u);
  EXPECT_EQ(g.nodes[1].next_sibling, 2u);
  EXPECT_EQ(g.nodes[199'999].next_sibling, 200'000u);
  EXPECT_LT(seconds_since(t0), 10.0); // linear: a sibling walk per node would take minutes
}

TEST(Limits, ManyGamesThatNeverBalance) {
  // Each game has one '(' too many (ignored as "((" by the reader, not by a naive scan).
  std::string text;
  for (int i = 0; i < 50'000; ++i)
    text += "(;B[aa]((;W[bb]))\n";
  auto t0 = std::chrono::steady_clock::now();
  auto r = parse_sgf(text);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.collection.games.size(), 50'000u);
  EXPECT_LT(seconds_since(t0), 10.0);
}

TEST(Limits, LargeBoard) {
  std::string text = "(;FF[4]GM[1]SZ[52]AB[aa:ZZ]";
  const char *letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (int i = 0; i < 52; ++i)
    text += std::string(";") + (i % 2 ? "W[" : "B[") + letters[i] + letters[51 - i] + "]";
  text += ")";
  auto r = parse_sgf(text);
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games[0];
  EXPECT_EQ(g.nodes.size(), 53u);
  EXPECT_EQ(g.root().find("SZ")->values[0].text, "52");
  EXPECT_EQ(g.nodes[52].find("W")->values[0].text, "Za");
}

// A record read in parts is the record read whole: the same games in the same order, the same
// diagnostics naming the same games, each in the part of its game (the text after the last game
// too), each part's first_game where the one before ended; the node and tree limits hold per
// part, so a collection of any size is read.
TEST(Limits, PartsGiveTheWholeRecord) {
  const std::string dir = std::string(SGF_TESTDATA) + "/check/";
  std::string record;
  for (const char *name : {"errors.sgf", "warnings.sgf", "counted-wrong-winner.sgf",
                           "variation.sgf", "pro-clean.sgf", "sgfc-test.sgf"})
    record += read_file(dir + name) + "\njunk between games\n";
  const ParseResult whole = parse_sgf(record);
  ASSERT_GE(whole.text_size, record.size());
  ASSERT_EQ(whole.text_through, whole.text_size);
  ASSERT_GT(whole.collection.games.size(), 5u);
  ASSERT_GT(whole.diagnostics.size(), 5u);
  for (size_t part_bytes : {size_t{1}, size_t{100'000}, size_t{1} << 30}) {
    std::vector<std::string> games;
    Diagnostics diagnostics;
    size_t parts = 0, through = 0;
    parse_sgf_in_parts(record, {}, part_bytes, [&](ParseResult &part) {
      ++parts;
      EXPECT_EQ(part.first_game, games.size()) << part_bytes;
      // Each part reaches further into the text as read (in UTF-8, here a little longer than the
      // record), the last one to its end.
      EXPECT_EQ(part.text_size, whole.text_size) << part_bytes;
      EXPECT_GT(part.text_through, through) << part_bytes;
      through = part.text_through;
      EXPECT_FALSE(part.collection.games.empty()) << part_bytes;
      for (const Diagnostic &d : part.diagnostics)
        if (d.game >= 0) {
          EXPECT_LT(size_t(d.game) - part.first_game, part.collection.games.size())
              << part_bytes << " " << d.code << " names game " << d.game;
        }
      for (const Game &game : part.collection.games)
        games.push_back(write_sgf(game));
      diagnostics.insert(diagnostics.end(), part.diagnostics.begin(), part.diagnostics.end());
    });
    ASSERT_EQ(games.size(), whole.collection.games.size()) << part_bytes;
    for (size_t g = 0; g < games.size(); ++g)
      EXPECT_EQ(games[g], write_sgf(whole.collection.games[g])) << part_bytes << " game " << g;
    ASSERT_EQ(diagnostics.size(), whole.diagnostics.size()) << part_bytes;
    for (size_t k = 0; k < diagnostics.size(); ++k) {
      EXPECT_EQ(diagnostics[k].code, whole.diagnostics[k].code) << part_bytes;
      EXPECT_EQ(diagnostics[k].pos, whole.diagnostics[k].pos) << part_bytes;
      EXPECT_EQ(diagnostics[k].game, whole.diagnostics[k].game) << part_bytes;
    }
    EXPECT_EQ(through, whole.text_size) << part_bytes;
    if (part_bytes == 1)
      EXPECT_EQ(parts, games.size()); // each game, the last with what follows it
    else if (part_bytes == 100'000)
      EXPECT_TRUE(parts > 1 && parts < games.size());
    else
      EXPECT_EQ(parts, 1u);
  }

  // Three games of 400 nodes under a limit of 1,000: the whole is cut, the parts are not; the
  // limit on games is the record's.
  std::string three;
  for (int g = 0; g < 3; ++g) {
    three += "(;FF[4]";
    for (int i = 0; i < 399; ++i)
      three += i % 2 ? ";W[aa]" : ";B[bb]";
    three += ")\n";
  }
  ParseOptions options;
  options.limits.max_nodes = 1000;
  EXPECT_TRUE(has_code(parse_sgf(three, options), "limit-exceeded"));
  bool cut = false;
  size_t read = 0;
  parse_sgf_in_parts(three, options, 1, [&](ParseResult &part) {
    cut = cut || has_code(part, "limit-exceeded");
    read += part.collection.games.size();
  });
  EXPECT_FALSE(cut);
  EXPECT_EQ(read, 3u);
  options.limits.max_games = 2;
  parse_sgf_in_parts(three, options, 1,
                     [&](ParseResult &part) { cut = cut || has_code(part, "limit-exceeded"); });
  EXPECT_TRUE(cut);
}

} // namespace
} // namespace sgf
