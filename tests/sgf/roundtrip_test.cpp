// parse → write → parse gives the same tree, and write is idempotent: on the small records in
// testdata/sgf and on every game (or every 10th; SGF_FULL_CORPUS=1 for all) of SGF_CORPUS/big.
#include "lib/batch/inputs.h"
#include "lib/sgf/values.h"
#include "lib/sgf/writer.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"
#include "tests/support/tree_difference.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace sgf {
namespace {

using sgf::testing_support::read_file;
using sgf::testing_support::tree_difference;

struct RoundTrip {
  bool parsed = false;       // the original parsed without errors
  std::string difference;    // empty: same tree after the round trip
  bool idempotent = false;   // write(parse(write(parse(x)))) == write(parse(x))
  size_t reparse_issues = 0; // warnings and errors when reading the writer's output
  std::string first_issue;
  size_t games = 0;
};

RoundTrip round_trip(std::string_view bytes) {
  RoundTrip r;
  ParseResult first = parse_sgf(bytes);
  r.parsed = first.ok();
  if (!r.parsed)
    return r;
  r.games = first.collection.games.size();
  std::string written = write_sgf(first.collection);
  ParseResult second = parse_sgf(written);
  // A NUL byte in a value is kept (the tree is lossless), so the written text holds it too.
  for (const Diagnostic &d : second.diagnostics)
    if (d.severity != Severity::note && d.code != "nul-byte") {
      if (r.reparse_issues++ == 0)
        r.first_issue = d.code + ": " + d.message;
    }
  for (Game &game : first.collection.games)
    if (!game.empty())
      canonicalise_root(game.root());
  r.difference = tree_difference(first.collection, second.collection);
  r.idempotent = write_sgf(second.collection) == written;
  return r;
}

class TestdataRoundTrip : public testing::TestWithParam<const char *> {};

TEST_P(TestdataRoundTrip, SameTreeAndIdempotent) {
  std::string bytes = read_file(std::filesystem::path(SGF_TESTDATA) / "sgf" / GetParam());
  ASSERT_FALSE(bytes.empty());
  RoundTrip r = round_trip(bytes);
  ASSERT_TRUE(r.parsed);
  EXPECT_GE(r.games, 1u);
  EXPECT_EQ(r.difference, "");
  EXPECT_TRUE(r.idempotent);
  EXPECT_EQ(r.reparse_issues, 0u) << r.first_issue;
}

INSTANTIATE_TEST_SUITE_P(Records, TestdataRoundTrip,
                         testing::Values("ff4_ex.sgf", "bad-ladder.1.sgf", "Hashimoto-vs-Rin.sgf",
                                         "korean-euc-kr.sgf", "edge-cases.sgf"));

TEST(WriterOutput, EdgeCasesReadBackThroughTheAccessors) {
  std::string bytes = read_file(std::filesystem::path(SGF_TESTDATA) / "sgf" / "edge-cases.sgf");
  ParseResult parsed =
      parse_sgf(parse_sgf(bytes).ok() ? write_sgf(parse_sgf(bytes).collection) : std::string());
  ASSERT_TRUE(parsed.ok());
  ASSERT_EQ(parsed.collection.games.size(), 2u);
  const Game &big = parsed.collection.games[0];
  auto size = board_size_of(big);
  ASSERT_EQ(size, (BoardSize{52, 52}));
  const Node &root = big.root();
  EXPECT_EQ(to_simple_text(*first_value(root, "GN")),
            "Edge cases: escapes] and \\ and a softline break");
  EXPECT_EQ(to_text(*first_value(root, "C")), "Two lines\nof text; a colon : and a bracket ]");
  auto black = to_point_list(*root.find("AB"), *size);
  ASSERT_TRUE(black);
  EXPECT_EQ(black->size(), 11u);
  EXPECT_EQ(black->at(9), (Point{51, 51}));
  EXPECT_EQ(black->at(10), (Point{26, 25}));
  auto white = to_point_list(*root.find("AW"), *size);
  ASSERT_TRUE(white);
  EXPECT_EQ(white->size(), 4u);
  auto label = split_compose(root.find("LB")->values[0].text);
  ASSERT_TRUE(label);
  EXPECT_EQ(to_point(label->first, *size), (Point{3, 3}));
  EXPECT_EQ(to_simple_text(label->second), "label with : colon");
  // On 52×52, tt is a point and only [] is a pass.
  auto line = big.main_line();
  ASSERT_GE(line.size(), 5u);
  EXPECT_EQ(move_of(big.nodes[line[1]], *size), (Move{Color::black, false, {51, 51}}));
  EXPECT_EQ(move_of(big.nodes[line[2]], *size), (Move{Color::white, false, {19, 19}}));
  EXPECT_EQ(move_of(big.nodes[line[3]], *size), (Move{Color::black, true, {}}));
  EXPECT_EQ(big.children(line[4]).size(), 3u);

  const Game &ff3 = parsed.collection.games[1];
  EXPECT_EQ(*first_value(ff3.root(), "FF"), "4"); // written as FF[4]
  auto rect = board_size_of(ff3);
  ASSERT_EQ(rect, (BoardSize{19, 13}));
  EXPECT_EQ(*first_value(ff3.root(), "KM"), "750");
  auto ff3_line = ff3.main_line();
  ASSERT_EQ(ff3_line.size(), 4u);
  EXPECT_EQ(move_of(ff3.nodes[ff3_line[2]], *rect), (Move{Color::white, true, {}}));
  EXPECT_EQ(move_of(ff3.nodes[ff3_line[3]], *rect), (Move{Color::black, false, {18, 12}}));
}

// The values a damaged record is repaired into mean the same once written and read again: an
// unescaped ']' before a line break, and a value cut short by the end of the file on a backslash
// (text, kept: the writer drops no byte).
TEST(WriterOutput, RepairedValuesMeanTheSameWhenReadAgain) {
  for (std::string_view damaged : {"(;GM[1]C[a ] b]\n)", "(;GM[1]C[cut short\\"}) {
    SCOPED_TRACE(damaged);
    ParseResult first = parse_sgf(damaged);
    ASSERT_EQ(first.collection.games.size(), 1u);
    const std::string written = write_sgf(first.collection);
    ParseResult again = parse_sgf(written);
    EXPECT_TRUE(again.ok());
    canonicalise_root(first.collection.games[0].root());
    EXPECT_EQ(
        tree_difference(first.collection, again.collection, sgf::testing_support::ValueText::meant),
        "");
    EXPECT_EQ(write_sgf(again.collection), written);
  }
  EXPECT_EQ(
      to_text(*first_value(parse_sgf("(;GM[1]C[cut short\\").collection.games[0].root(), "C")),
      "cut short\\");
}

TEST(WriterOutput, DeepNestingSurvives) {
  // 5,000 nested variations, each with a sibling: well inside the parser's depth limit.
  std::string deep = "(;GM[1]";
  for (int i = 0; i < 5000; ++i)
    deep += "(;B[aa]";
  for (int i = 0; i < 5000; ++i)
    deep += ")(;W[cc])";
  deep += ")";
  RoundTrip r = round_trip(deep);
  EXPECT_EQ(r.games, 1u);
  EXPECT_TRUE(r.parsed);
  EXPECT_EQ(r.difference, "");
  EXPECT_TRUE(r.idempotent);
}

// The whole corpus: three archives of one game per file, read through lib/batch.
TEST(CorpusRoundTrip, BigArchives) {
  std::filesystem::path big = std::filesystem::path(SGF_CORPUS) / "big";
  std::vector<std::string> archives = {"pro-cwi.tar.xz", "kgs-6d.tar.bz2", "ai.zip"};
  for (const std::string &a : archives)
    if (!std::filesystem::exists(big / a))
      GTEST_SKIP() << "corpus absent: " << (big / a);
  const char *full_env = std::getenv("SGF_FULL_CORPUS");
  bool full = full_env && std::string(full_env) == "1";
  size_t stride = full ? 1 : 10;

  auto start = std::chrono::steady_clock::now();
  size_t records = 0, checked = 0, games = 0, unparsed = 0, mismatches = 0, not_idempotent = 0,
         reparse_issues = 0;
  std::vector<std::string> examples;
  for (const std::string &a : archives) {
    batch::InputSpec spec;
    spec.paths = {(big / a).string()};
    batch::RecordSource source(spec);
    while (auto record = source.next()) {
      if (records++ % stride != 0)
        continue;
      ASSERT_FALSE(record->error) << record->name << ": " << record->error->message;
      ++checked;
      RoundTrip r = round_trip(record->bytes);
      games += r.games;
      if (!r.parsed) {
        ++unparsed;
        if (examples.size() < 10)
          examples.push_back(record->name + ": does not parse");
        continue;
      }
      bool bad = !r.difference.empty() || !r.idempotent || r.reparse_issues != 0;
      mismatches += r.difference.empty() ? 0 : 1;
      not_idempotent += r.idempotent ? 0 : 1;
      reparse_issues += r.reparse_issues != 0 ? 1 : 0;
      if (bad && examples.size() < 10)
        examples.push_back(record->name + ": " + r.difference + " / idempotent " +
                           (r.idempotent ? "yes" : "no") + " / " + r.first_issue);
    }
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string summary;
  for (const std::string &e : examples)
    summary += "  " + e + "\n";
  std::printf("corpus round trip: %zu records seen, %zu checked (%s), %zu games, %zu unparsed, "
              "%zu mismatches, %zu not idempotent, %zu with warnings on re-reading, %.1f s\n",
              records, checked, full ? "all" : "every 10th", games, unparsed, mismatches,
              not_idempotent, reparse_issues, seconds);
  EXPECT_GT(checked, full ? 115'000u : 11'000u);
  EXPECT_EQ(unparsed, 0u) << summary;
  EXPECT_EQ(mismatches, 0u) << summary;
  EXPECT_EQ(not_idempotent, 0u) << summary;
  EXPECT_EQ(reparse_issues, 0u) << summary;
}

// The small sets, broken files included: every record that parses must round-trip, whatever
// the parser had to repair.
TEST(CorpusRoundTrip, MalformedEncodingsAndRules) {
  std::filesystem::path corpus(SGF_CORPUS);
  if (!std::filesystem::exists(corpus / "malformed"))
    GTEST_SKIP() << "corpus absent: " << corpus;
  size_t files = 0, parsed = 0, failures = 0;
  std::string summary;
  for (const char *set : {"malformed", "encodings", "rules"}) {
    for (const auto &entry : std::filesystem::recursive_directory_iterator(corpus / set)) {
      std::string ext = entry.path().extension().string();
      for (char &c : ext)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (!entry.is_regular_file() || ext != ".sgf")
        continue;
      ++files;
      RoundTrip r = round_trip(read_file(entry.path()));
      if (!r.parsed)
        continue;
      ++parsed;
      if (r.difference.empty() && r.idempotent && r.reparse_issues == 0)
        continue;
      if (failures++ < 10)
        summary += "  " + entry.path().string() + ": " + r.difference + " / idempotent " +
                   (r.idempotent ? "yes" : "no") + " / " + r.first_issue + "\n";
    }
  }
  std::printf("small sets round trip: %zu files, %zu parsed, %zu failures\n", files, parsed,
              failures);
  EXPECT_GT(parsed, 5000u);
  EXPECT_EQ(failures, 0u) << summary;
}

} // namespace
} // namespace sgf
