// summarise_sgf: the scan gives what the tree gives (each root property's first value, the
// moves on the main line) on clean records, and declines every record the parser repairs.
#include "lib/batch/inputs.h"
#include "lib/sgf/values.h"
#include "parsers/sgf/parse.h"
#include "parsers/sgf/summary.h"
#include "tests/support/files.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace sgf {
namespace {

namespace fs = std::filesystem;

using RootList = std::vector<std::pair<std::string, std::string>>;

RootList root_of(const GameSummary &game) {
  RootList out;
  for (const auto &[id, value] : game.root)
    out.emplace_back(id, value);
  return out;
}

RootList root_of(const Game &game) {
  RootList out;
  for (const Property &p : game.root().properties)
    out.emplace_back(p.id, p.values.empty() ? std::string() : p.values.front().text);
  return out;
}

// Each root property with all its values.
using RootValues = std::vector<std::pair<std::string, std::vector<std::string>>>;

RootValues root_values(const GameSummary &game) {
  RootValues out;
  for (const auto &[id, value] : game.root)
    out.push_back({std::string(id), {std::string(value)}});
  for (const auto &[index, value] : game.more_values)
    out.at(index).second.emplace_back(value);
  return out;
}

// The games summarise_sgf hands over one at a time (its each_game), in order; none when it
// declines the record.
std::vector<GameSummary> handed_over(std::string_view text, RecordSummary &s,
                                     const ParseOptions &options = {}, size_t part_bytes = 0) {
  std::vector<GameSummary> games;
  const auto keep = [&games](const GameSummary &game, size_t index) {
    EXPECT_EQ(index, games.size());
    games.push_back(game);
    return true;
  };
  if (!summarise_sgf(text, options, s, keep, part_bytes))
    games.clear();
  return games;
}

bool take_all(const GameSummary &, size_t) {
  return true;
}

RootValues root_values(const Game &game) {
  RootValues out;
  for (const Property &p : game.root().properties) {
    out.push_back({p.id, {}});
    for (const Value &v : p.values)
      out.back().second.push_back(v.text);
  }
  return out;
}

// The moves after the root, as "B[pd]".
std::vector<std::string> moves_of(const GameSummary &game) {
  std::vector<std::string> out;
  for (const GameSummary::Move &m : game.moves)
    out.push_back(letter(m.colour) + ("[" + std::string(m.text) + "]"));
  return out;
}

// The same when the game is plain: no variation, and every node after the root holds one move
// and nothing else. Empty otherwise.
std::optional<std::vector<std::string>> plain_moves(const Game &game) {
  std::vector<std::string> out;
  for (size_t n = 1; n < game.nodes.size(); ++n) {
    const Node &node = game.nodes[n];
    if (node.parent != n - 1 || node.properties.size() != 1 ||
        (node.properties[0].id != "B" && node.properties[0].id != "W") ||
        node.properties[0].values.size() != 1)
      return std::nullopt;
    out.push_back(node.properties[0].id + "[" + node.properties[0].values[0].text + "]");
  }
  return out;
}

int main_line_moves(const Game &game) {
  int moves = 0;
  for (NodeIndex n : game.main_line())
    moves += has_move(game.nodes[n]);
  return moves;
}

TEST(Summary, RootAndMainLine) {
  // The main line is the root, B[pd], W[dd], then the first variation: B[pp], W[dp].
  RecordSummary s;
  const std::vector<GameSummary> games =
      handed_over("(;GM[1]FF[4]PB[Black]PW[White]KM[6.5]\n;B[pd];W[dd](;B[pp];W[dp])(;B[dp]))", s);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(root_of(games[0]),
            (RootList{{"GM", "1"}, {"FF", "4"}, {"PB", "Black"}, {"PW", "White"}, {"KM", "6.5"}}));
  EXPECT_EQ(games[0].main_line_moves, 4);
  ASSERT_NE(games[0].first_value("PW"), nullptr);
  EXPECT_EQ(*games[0].first_value("PW"), "White");
  EXPECT_EQ(games[0].first_value("RE"), nullptr);
}

TEST(Summary, FirstValueOfFirstPropertyAndEscapes) {
  // A pass (B[]) is a move; "\]" stays in the raw text as the tree keeps it.
  RecordSummary s;
  const std::vector<GameSummary> games = handed_over("(;PB[a]PB[b]C[x\\]y][z];B[])", s);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(root_of(games[0]), (RootList{{"PB", "a"}, {"PB", "b"}, {"C", "x\\]y"}}));
  EXPECT_EQ(*games[0].first_value("PB"), "a");
  EXPECT_EQ(games[0].main_line_moves, 1);
}

TEST(Summary, MoveNodesOfEveryShape) {
  // Six moves, whatever else their node holds: two values (read as the tree keeps them), a
  // comment, a space before the value, a three-letter point, a pass; the node "C[x]" has none.
  const char *text = "(;PB[x];B[pd][qq];W[dd]C[hi];B [aa];W[abc];C[x];B[];W[tt])";
  RecordSummary s;
  const std::vector<GameSummary> games = handed_over(text, s);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].main_line_moves, 6);
  EXPECT_EQ(main_line_moves(parse_sgf(text).collection.games[0]), 6);
}

TEST(Summary, PlainGamesKeepTheirMovesAndEveryRootValue) {
  RecordSummary s;
  std::vector<GameSummary> games = handed_over("(;HA[2]AB[dd][pp]PB[x];W[pd];B[];W[tt])\n"
                                               "(;PB[y];B[aa]C[hi];W[bb])(;B[aa](;W[bb])(;W[cc]))",
                                               s);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(root_values(games[0]),
            (RootValues{{"HA", {"2"}}, {"AB", {"dd", "pp"}}, {"PB", {"x"}}}));
  EXPECT_TRUE(games[0].plain);
  EXPECT_EQ(moves_of(games[0]), (std::vector<std::string>{"W[pd]", "B[]", "W[tt]"}));
  EXPECT_FALSE(games[1].plain); // a comment beside a move
  EXPECT_FALSE(games[2].plain); // variations
  // The next record starts afresh.
  games = handed_over("(;PB[z];B[cc])", s);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].plain);
  EXPECT_EQ(moves_of(games[0]), (std::vector<std::string>{"B[cc]"}));
  EXPECT_TRUE(games[0].more_values.empty());
}

TEST(Summary, CollectionReusesTheSummary) {
  RecordSummary s;
  std::vector<GameSummary> games = handed_over("(;PB[x];B[aa])\n(;PB[y];B[bb];W[cc])\n", s);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].main_line_moves, 1);
  EXPECT_EQ(games[1].main_line_moves, 2);
  EXPECT_EQ(*games[1].first_value("PB"), "y");
  games = handed_over("(;PW[z])", s);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(root_of(games[0]), (RootList{{"PW", "z"}}));
  EXPECT_EQ(games[0].main_line_moves, 0);
}

TEST(Summary, DeclinesWhatTheParserRepairs) {
  const char *damaged[] = {
      "",                        // empty-file
      "(;PB[x];B[aa]",           // missing-close-paren
      "(;AddBlack[aa])",         // lowercase-identifier
      "(;B[aa]())",              // empty-variation
      "junk(;B[aa])",            // junk-before-game
      "(;B[aa])junk",            // trailing-garbage
      "((;B[aa]))",              // illegal-variation-start
      "(;C[text]\nmore])",       // unescaped-bracket: "more]" is read as text
      "(;PB[x];B[pd]\nmore])",   // unescaped-bracket in a move
      "(;PB[x];B[aa])\n;W[bb])", // trailing-garbage
      "(;B[aa])(;W[bb]);B[cc])", // junk between games
      "(;PB)",                   // missing-value
      "(;PB[x]",                 // missing-close-paren
      "(;PB[x)",                 // unclosed-value
      "(PB[x];B[aa])",           // missing-semicolon
      "(;B[aa](;W[bb]);B[cc])",  // node-outside-variation
  };
  for (const char *text : damaged) {
    SCOPED_TRACE(text);
    RecordSummary s;
    EXPECT_FALSE(summarise_sgf(text, {}, s, take_all));
    EXPECT_FALSE(parse_sgf(text).diagnostics.empty()); // the parser says what it repaired
  }
}

// The diagnostics parse_sgf_in_parts gives, all parts together.
Diagnostics parsed_in_parts(std::string_view text, const ParseOptions &options, size_t part_bytes) {
  Diagnostics all;
  parse_sgf_in_parts(text, options, part_bytes, [&](ParseResult &part) {
    all.insert(all.end(), part.diagnostics.begin(), part.diagnostics.end());
  });
  return all;
}

// A collection over the node limit as a whole, read in parts (as the commands fall back to): its
// games are summarised, where a record read whole would be over the limit.
TEST(Summary, LimitsBoundAPartWhenTheFallbackReadsInParts) {
  ParseOptions options;
  options.limits.max_nodes = 1000;
  const size_t part_bytes = 10 * sizeof(Node);
  std::string text;
  for (int g = 0; g < 60; ++g) {
    text += "(;PB[x]";
    for (int m = 0; m < 15; ++m)
      text += ";B[aa];W[bb]";
    text += ")\n";
  }
  RecordSummary s;
  EXPECT_FALSE(summarise_sgf(text, options, s, take_all)) << "1,860 nodes in one part";
  EXPECT_FALSE(parse_sgf(text, options).diagnostics.empty());
  EXPECT_EQ(handed_over(text, s, options, part_bytes).size(), 60u);
  EXPECT_TRUE(parsed_in_parts(text, options, part_bytes).empty());
  // A game as large as the limit is declined: a part may hold others before it.
  const std::string large = "(;PB[x]" + std::string(999, ';') + ")";
  EXPECT_FALSE(summarise_sgf(large, options, s, take_all, part_bytes));
}

// A game that the taker refuses stops the scan there: the record is declined.
TEST(Summary, ATakerThatRefusesAGameStopsTheScan) {
  RecordSummary s;
  size_t taken = 0;
  const auto first_only = [&taken](const GameSummary &, size_t index) {
    ++taken;
    return index == 0;
  };
  EXPECT_FALSE(summarise_sgf("(;B[aa])(;B[bb])(;B[cc])", {}, s, first_only));
  EXPECT_EQ(taken, 2u);
}

// The memory the tree would take is bounded as the Parser counts it: a value too large for the
// tree's limit, though within the value's own, is declined.
TEST(Summary, DeclinesWhatWouldExceedTheTreeMemory) {
  ParseOptions options;
  options.limits.max_tree_bytes = 64 << 10;
  const std::string text = "(;PB[x]C[" + std::string(100'000, 'a') + "];B[aa])";
  EXPECT_FALSE(parse_sgf(text, options).ok()) << "limit-exceeded";
  RecordSummary s;
  EXPECT_FALSE(summarise_sgf(text, options, s, take_all));
  EXPECT_FALSE(summarise_sgf(text, options, s, take_all, 4 << 10));
}

// Whatever the sizes of games, nodes and values, a record the scan accepts is one the Parser
// reads in parts without a word, and the scan accepts most records well within the limits.
TEST(Summary, AcceptsOnlyWhatThePartsReadCleanly) {
  std::mt19937 random(7);
  auto below = [&](size_t n) { return static_cast<size_t>(random() % n); };
  ParseOptions options;
  options.limits.max_nodes = 1000;
  options.limits.max_tree_bytes = 400 << 10;
  const size_t part_bytes = 16 << 10;
  int accepted = 0, over_a_limit = 0;
  for (int record = 0; record < 300; ++record) {
    std::string text;
    for (size_t g = 0, games = 1 + below(30); g < games; ++g) {
      text += "(;GM[1]PB[x]";
      for (size_t n = 0, nodes = below(below(4) ? 100 : 800); n < nodes; ++n)
        text += below(8) ? ";B[aa]"
                         : ";W[bb]C[" + std::string(below(below(8) ? 40 : 20'000), 'c') +
                               "]LB[aa:x][bb:y]";
      text += ")";
    }
    SCOPED_TRACE(record);
    RecordSummary s;
    const bool summarised = summarise_sgf(text, options, s, take_all, part_bytes);
    const Diagnostics found = parsed_in_parts(text, options, part_bytes);
    accepted += summarised;
    over_a_limit += !found.empty();
    if (summarised) {
      EXPECT_TRUE(found.empty()) << found.front().code << ": " << found.front().message;
    }
  }
  EXPECT_GT(accepted, 200);
  EXPECT_GT(over_a_limit, 5);
}

// The summaries of every record the scan accepts, against the tree of the full parse.
struct Tally {
  size_t records = 0, summarised = 0;
};

void compare(const std::string &name, std::string_view bytes, Tally &tally) {
  SCOPED_TRACE(name);
  ++tally.records;
  RecordSummary summary;
  const std::vector<GameSummary> games = handed_over(bytes, summary);
  if (games.empty())
    return;
  ++tally.summarised;
  ParseResult parsed = parse_sgf(bytes);
  // Only decode_to_utf8's notes and warnings: the parse itself repaired nothing.
  ASSERT_EQ(parsed.diagnostics.size(), summary.decoded.diagnostics.size());
  EXPECT_EQ(parsed.charset, summary.decoded.charset);
  ASSERT_EQ(parsed.collection.games.size(), games.size());
  for (size_t g = 0; g < games.size(); ++g) {
    EXPECT_EQ(root_of(games[g]), root_of(parsed.collection.games[g]));
    EXPECT_EQ(games[g].main_line_moves, main_line_moves(parsed.collection.games[g]));
    EXPECT_EQ(root_values(games[g]), root_values(parsed.collection.games[g]));
    if (games[g].plain) {
      EXPECT_EQ(moves_of(games[g]), plain_moves(parsed.collection.games[g]));
    }
  }
}

// Every record; under AddressSanitizer (several times slower) every tenth, within the timeout.
#if defined(__SANITIZE_ADDRESS__)
constexpr size_t stride = 10;
#else
constexpr size_t stride = 1;
#endif

Tally compare_inputs(std::vector<std::string> paths, size_t every = 1) {
  Tally tally;
  size_t seen = 0;
  batch::InputSpec spec;
  spec.paths = std::move(paths);
  batch::RecordSource source(spec);
  while (std::optional<batch::Record> record = source.next()) {
    if (record->error || seen++ % every != 0)
      continue;
    compare(record->name, record->bytes, tally);
    if (::testing::Test::HasFatalFailure())
      break;
  }
  return tally;
}

TEST(SummaryCorpus, BigArchivesMatchTheTree) {
  fs::path big = fs::path(SGF_CORPUS) / "big";
  if (!fs::exists(big / "pro-cwi.tar.xz"))
    GTEST_SKIP() << big << " not present";
  Tally tally = compare_inputs({(big / "pro-cwi.tar.xz").string(),
                                (big / "kgs-6d.tar.bz2").string(), (big / "ai.zip").string()},
                               stride);
  std::printf("big: %zu records, %zu summarised\n", tally.records, tally.summarised);
  EXPECT_EQ(tally.records, (115'885u + stride - 1) / stride);
  // Nearly every real record is clean: the scan is the path `sgf info` takes.
  EXPECT_GT(tally.summarised, tally.records * 99 / 100);
}

TEST(SummaryCorpus, MalformedAndEncodingsMatchTheTree) {
  fs::path corpus = fs::path(SGF_CORPUS);
  if (!fs::exists(corpus / "malformed"))
    GTEST_SKIP() << corpus << " not present";
  Tally tally = compare_inputs({(corpus / "malformed").string(), (corpus / "encodings").string()});
  std::printf("malformed, encodings: %zu records, %zu summarised\n", tally.records,
              tally.summarised);
  EXPECT_GT(tally.records, 300u);
  EXPECT_LT(tally.summarised, tally.records);
}

// Small damage to real records, one to three edits: a byte deleted, a piece of SGF's syntax (or
// a letter, a line break, a byte that is not ASCII) inserted or written over a byte, a slice
// repeated, the end cut off. Half the edits fall at or just after a parenthesis, bracket or
// semicolon, of a kind picked first so that the rare ones are hit too. Whatever the scan accepts
// must be what the tree gives; most of what it meets is damaged, and declined.
std::string damaged(std::string text, std::mt19937 &rng) {
  static constexpr std::string_view pieces[] = {"(",  ")",  "[",  "]",  ";",    "\\",
                                                "()", "(;", ")(", "];", "[]",   "\n",
                                                "B[", "W",  "ab", " ",  "\xc3", "\xff"};
  auto pick = [&rng](size_t n) { return n ? rng() % n : 0; };
  for (int edits = 1 + static_cast<int>(pick(3)); edits > 0 && !text.empty(); --edits) {
    size_t at = pick(text.size());
    if (pick(2) == 0) {
      const char kind = "()[];"[pick(5)];
      std::vector<size_t> found;
      for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == kind)
          found.push_back(i);
      if (!found.empty())
        at = std::min(text.size() - 1, found[pick(found.size())] + pick(2));
    }
    const std::string_view piece = pieces[pick(std::size(pieces))];
    switch (pick(5)) {
    case 0:
      text.erase(at, 1);
      break;
    case 1:
      text.insert(at, piece);
      break;
    case 2:
      text.replace(at, 1, piece);
      break;
    case 3:
      text.insert(at, text.substr(pick(text.size()), 1 + pick(20)));
      break;
    default:
      text.resize(at);
    }
  }
  return text;
}

TEST(Summary, DamagedRecordsMatchTheTreeOrAreDeclined) {
  std::vector<fs::path> seeds;
  for (const char *folder : {"sgf", "demo"})
    for (const fs::directory_entry &e : fs::directory_iterator(fs::path(SGF_TESTDATA) / folder))
      if (e.path().extension() == ".sgf")
        seeds.push_back(e.path());
  std::sort(seeds.begin(), seeds.end());
  ASSERT_GE(seeds.size(), 8u);
  std::mt19937 rng(20261204);
  Tally tally;
  for (const fs::path &seed : seeds) {
    const std::string text = testing_support::read_file(seed);
    for (int k = 0; k < 1000; ++k) {
      compare(seed.filename().string() + " #" + std::to_string(k), damaged(text, rng), tally);
      if (HasFatalFailure())
        return;
    }
  }
  std::printf("%zu damaged records, %zu summarised\n", tally.records, tally.summarised);
  EXPECT_GT(tally.summarised, tally.records / 10);
  EXPECT_LT(tally.summarised, tally.records * 9 / 10);
}

} // namespace
} // namespace sgf
