// The parser's repairs of damaged records (each a located warning with a stable code) and its
// errors where no reading makes sense.
#include "parsers/sgf/parse.h"

#include <gtest/gtest.h>

#include <tuple>

namespace sgf {
namespace {

const Diagnostic *find_code(const ParseResult &r, std::string_view code) {
  for (const Diagnostic &d : r.diagnostics)
    if (d.code == code)
      return &d;
  return nullptr;
}

// Expects exactly one diagnostic with `code`, of `severity`, at line:col.
void expect_diag(const ParseResult &r, std::string_view code, Severity severity, uint32_t line,
                 uint32_t col) {
  const Diagnostic *d = find_code(r, code);
  ASSERT_NE(d, nullptr) << "no " << code;
  EXPECT_EQ(d->severity, severity) << code;
  EXPECT_EQ(d->pos, (SourcePos{line, col})) << code << " at " << d->pos.line << ":" << d->pos.col;
}

TEST(Recovery, JunkBeforeBetweenAndAfterGames) {
  auto r = parse_sgf("Saved by some program\n(;GN[a])\nxx\n(;GN[b])\n-- end --\n");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.collection.games.size(), 2u);
  expect_diag(r, "junk-before-game", Severity::warning, 1, 1);
  expect_diag(r, "junk-between-games", Severity::warning, 3, 1);
  expect_diag(r, "trailing-garbage", Severity::warning, 5, 1);
}

TEST(Recovery, MissingSemicolonAtGameStart) {
  auto r = parse_sgf("(FF[4]GM[1];B[aa])");
  ASSERT_TRUE(r.ok());
  expect_diag(r, "missing-semicolon", Severity::warning, 1, 2);
  const Game &g = r.collection.games[0];
  ASSERT_EQ(g.nodes.size(), 2u);
  EXPECT_TRUE(g.root().has("FF"));
}

TEST(Recovery, GameTreeWithoutItsOpeningParenthesis) {
  auto r = parse_sgf("\n;GM[1]SZ[9]\n;B[ee];W[cc])");
  ASSERT_TRUE(r.ok());
  expect_diag(r, "missing-open-paren", Severity::warning, 2, 1);
  EXPECT_EQ(r.diagnostics.size(), 1u);
  ASSERT_EQ(r.collection.games.size(), 1u);
  const Game &g = r.collection.games[0];
  ASSERT_EQ(g.nodes.size(), 3u);
  EXPECT_TRUE(g.root().has("SZ"));
  // Only a node with a property starts a game: a bare ';' is no SGF.
  EXPECT_FALSE(parse_sgf(";;;").ok());
  EXPECT_FALSE(parse_sgf("x;GM[1]").ok());
}

TEST(Recovery, LowercaseIdentifier) {
  auto r = parse_sgf("(;FF[3]\n;black[aa])");
  ASSERT_TRUE(r.ok());
  expect_diag(r, "lowercase-identifier", Severity::warning, 2, 2);
  EXPECT_TRUE(r.collection.games[0].nodes[1].has("BLACK"));
}

TEST(Recovery, UnescapedBracketAtLineEnd) {
  auto r = parse_sgf("(;C[Black played [pd]\nand then White]\n;B[aa])");
  ASSERT_TRUE(r.ok());
  expect_diag(r, "unescaped-bracket", Severity::warning, 1, 21);
  const Game &g = r.collection.games[0];
  ASSERT_EQ(g.nodes.size(), 2u);
  EXPECT_EQ(g.root().find("C")->values[0].text, "Black played [pd]\nand then White");
}

TEST(Recovery, BracketAtLineEndFollowedByPropertyIsTheEnd) {
  auto r = parse_sgf("(;C[one]\nGN[two]\n;B[aa]\n)");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.collection.games[0].root().find("C")->values[0].text, "one");
}

TEST(Recovery, MissingCloseParen) {
  auto r = parse_sgf("(;B[aa](;W[bb];B[cc])\n(;W[dd]");
  ASSERT_TRUE(r.ok());
  expect_diag(r, "missing-close-paren", Severity::warning, 2, 8);
  const Game &g = r.collection.games[0];
  EXPECT_EQ(g.nodes.size(), 4u);
  EXPECT_EQ(g.children(0).size(), 2u);
}

TEST(Recovery, EmptyGameAndEmptyVariation) {
  auto r = parse_sgf("()\n(;B[aa]()(;W[bb]))");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.collection.games.size(), 1u);
  expect_diag(r, "empty-game", Severity::warning, 1, 1);
  expect_diag(r, "empty-variation", Severity::warning, 2, 8);
  EXPECT_EQ(r.collection.games[0].nodes.size(), 2u);
}

TEST(Recovery, UnclosedValue) {
  auto r = parse_sgf("(;B[aa];C[a comment cut short");
  ASSERT_TRUE(r.ok());
  expect_diag(r, "unclosed-value", Severity::warning, 1, 10);
  expect_diag(r, "missing-close-paren", Severity::warning, 1, 30);
  EXPECT_EQ(r.collection.games[0].nodes[1].find("C")->values[0].text, "a comment cut short");
}

TEST(Recovery, DoubleParenthesis) {
  auto r = parse_sgf("((;B[aa];W[bb]))");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.collection.games.size(), 1u);
  expect_diag(r, "illegal-variation-start", Severity::warning, 1, 2);
  EXPECT_EQ(r.collection.games[0].nodes.size(), 2u);
  EXPECT_EQ(find_code(r, "trailing-garbage"), nullptr);
}

TEST(Recovery, NodeOutsideVariation) {
  auto r = parse_sgf("(;FF[4](;C[var 1]) ;C[var 2])");
  ASSERT_TRUE(r.ok());
  expect_diag(r, "node-outside-variation", Severity::warning, 1, 20);
  const Game &g = r.collection.games[0];
  ASSERT_EQ(g.nodes.size(), 3u);
  EXPECT_EQ(g.children(0), (std::vector<NodeIndex>{1, 2}));
  EXPECT_EQ(find_code(r, "missing-close-paren"), nullptr);
}

TEST(Recovery, ValueWithoutIdentifierAndPropertyWithoutValue) {
  auto r = parse_sgf("(;[aa][bb] N[keep]\n;B[cc] AB\n)");
  ASSERT_TRUE(r.ok());
  expect_diag(r, "value-without-identifier", Severity::warning, 1, 3);
  expect_diag(r, "missing-value", Severity::warning, 2, 8);
  const Game &g = r.collection.games[0];
  EXPECT_EQ(g.root().properties.size(), 1u);
  EXPECT_FALSE(g.nodes[1].has("AB"));
}

TEST(Recovery, IllegalCharacters) {
  auto r = parse_sgf("(; illegal_chars FF[4]\n;B[aa] ?! W[bb])");
  ASSERT_TRUE(r.ok());
  expect_diag(r, "illegal-chars", Severity::warning, 1, 4);
  const Game &g = r.collection.games[0];
  EXPECT_TRUE(g.root().has("FF"));
  EXPECT_TRUE(g.nodes[1].has("W"));
}

TEST(Recovery, IdentifierTooLong) {
  auto r = parse_sgf("(;" + std::string(150, 'X') + "[long]N[keep])");
  ASSERT_TRUE(r.ok());
  expect_diag(r, "identifier-too-long", Severity::warning, 1, 3);
  EXPECT_EQ(r.collection.games[0].root().properties.size(), 1u);
}

TEST(Recovery, SgfcTestFile) {
  // SGFC's own test: the problem numbered N sits on line N.
  std::string path =
      std::string(SGF_CORPUS) + "/malformed/sgfc_missdeer-mirror/test-files/test.sgf";
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    GTEST_SKIP() << "corpus not present";
  std::string bytes;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;)
    bytes.append(buf, n);
  std::fclose(f);
  auto r = parse_sgf(bytes);
  ASSERT_TRUE(r.ok());
  auto line_of = [&](std::string_view code) {
    const Diagnostic *d = find_code(r, code);
    return d ? d->pos.line : 0u;
  };
  EXPECT_EQ(line_of("junk-before-game"), 1u); // SGFC warns only from "[aa][bb]" on line 6
  EXPECT_EQ(line_of("illegal-chars"), 8u);
  EXPECT_EQ(line_of("identifier-too-long"), 11u);
  EXPECT_EQ(line_of("empty-variation"), 12u);
  EXPECT_EQ(line_of("lowercase-identifier"), 16u);
  EXPECT_EQ(line_of("missing-value"), 20u);
  EXPECT_EQ(line_of("illegal-variation-start"), 21u);
  EXPECT_EQ(line_of("missing-semicolon"), 36u);
  EXPECT_EQ(line_of("value-without-identifier"), 54u);
  EXPECT_EQ(line_of("node-outside-variation"), 66u);
  EXPECT_EQ(line_of("missing-close-paren"), 76u);
  EXPECT_GE(r.collection.games.size(), 20u);
}

TEST(Errors, EmptyFile) {
  for (std::string_view text : {"", " \n\t\r\n"}) {
    auto r = parse_sgf(text);
    EXPECT_FALSE(r.ok());
    expect_diag(r, "empty-file", Severity::error, 1, 1);
    EXPECT_TRUE(r.collection.games.empty());
  }
}

TEST(Errors, NotSgf) {
  auto r = parse_sgf("Hello, this is a letter, not a game record.\n");
  EXPECT_FALSE(r.ok());
  expect_diag(r, "not-sgf", Severity::error, 1, 1);
}

TEST(Errors, BinaryGarbage) {
  std::string bytes;
  uint32_t x = 12345;
  for (int i = 0; i < 1 << 20; ++i) {
    x = x * 1664525u + 1013904223u;
    bytes += static_cast<char>(x >> 24);
  }
  bytes.insert(1000, "(;B[aa])"); // an SGF-looking piece does not make it a record
  auto r = parse_sgf(bytes);
  EXPECT_FALSE(r.ok());
  expect_diag(r, "not-sgf", Severity::error, 1, 1);
  // Nothing said of a charset the bytes do not have.
  EXPECT_EQ(r.diagnostics.size(), 1u) << r.diagnostics.front().code;
}

// A record that opens a game tree is read, whatever control bytes its values hold: it is not
// turned away as binary data when one more byte of them in twenty would tip the balance, so what
// `sgf fmt` writes of it (more compact, the same bytes in its values) reads again.
TEST(Errors, ControlBytesInARecordAreNotBinaryData) {
  const std::string nuls(40, '\0');
  for (auto [record, line, column] :
       {std::tuple{"(;GM[1]C[" + nuls + "])", 1u, 10u},
        std::tuple{"\xEF\xBB\xBF \n( ;GM[1]C[" + nuls + "])", 2u, 11u}}) {
    auto r = parse_sgf(record);
    ASSERT_EQ(r.collection.games.size(), 1u);
    EXPECT_EQ(r.collection.games[0].root().find("C")->values[0].text, nuls);
    EXPECT_TRUE(r.ok());
    expect_diag(r, "nul-byte", Severity::warning, line, column);
  }
  // The same bytes without the game tree's opening are binary data.
  auto r = parse_sgf("GM[1]C[" + nuls + "]");
  expect_diag(r, "not-sgf", Severity::error, 1, 1);
}

TEST(Errors, CollectionKeptOnError) {
  ParseOptions options;
  options.limits.max_games = 2;
  auto r = parse_sgf("(;GN[1])(;GN[2])(;GN[3])", options);
  EXPECT_FALSE(r.ok());
  expect_diag(r, "limit-exceeded", Severity::error, 1, 17);
  EXPECT_EQ(r.collection.games.size(), 2u);
}

} // namespace
} // namespace sgf
