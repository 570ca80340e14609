// check::CleanWithoutTree: a record it calls clean is one check_record finds nothing in at
// warning or above, on small records made to break each rule, on random ones, and on every real
// record.
#include "lib/batch/inputs.h"
#include "lib/check/check.h"
#include "lib/rules/board.h"
#include "lib/sgf/values.h"
#include "parsers/sgf/parse.h"
#include "parsers/sgf/summary.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace sgf {
namespace {

namespace fs = std::filesystem;

bool clean_by_scan(std::string_view text, const check::CheckOptions &options) {
  RecordSummary summary;
  check::CleanWithoutTree clean(summary, options);
  return summarise_sgf(text, {}, summary, std::ref(clean));
}

// What check_record finds at warning or above, as codes.
std::vector<std::string> findings(std::string_view text, const check::CheckOptions &options) {
  std::vector<std::string> codes;
  for (const Diagnostic &d : check::check_record(parse_sgf(text), options))
    if (d.severity >= Severity::warning)
      codes.push_back(d.code);
  return codes;
}

struct Case {
  const char *text;
  const char *finding; // what check_record reports; "" when nothing (the scan may still decline)
  bool clean_by_scan;
};

// A single-stone ko on a small board, played out from the empty board: Black takes at bb...
#define KO_SHAPE "(;SZ[5];B[ba];W[ca];B[ab];W[db];B[bc];W[cc];B[cb];W[bb]"

TEST(CleanWithoutTree, AgreesWithTheFullCheck) {
  const Case cases[] = {
      {"(;GM[1]FF[4]SZ[19]KM[6.5];B[pd];W[dd];B[pp];W[dp])", "", true},
      {"(;SZ[19]HA[2]AB[dd][pp];W[pd];B[dp])", "", true}, // handicap stones set up
      {"(;AB[dd][pp];W[pd];B[dp])", "", true},            // no HA: nothing to compare
      {"(;HA[3]AB[dd][pp];W[pd])", "handicap-mismatch", false},
      {"(;HA[2];B[dd];B[pp];W[pd])", "", false}, // stones placed as moves: replay judges
      {"(;AB[dd][dd];W[pd])", "duplicate-point", false},
      {"(;AB[aa:bb];W[pd])", "", false}, // a compressed list: replay reads it
      {"(;AW[dd];B[pd])", "", false},    // a position set up: replay judges
      {"(;FF[4];B[dd];W[dd])", "occupied", false},
      {"(;FF[4];B[dd];B[pp])", "wrong-turn", false},
      {"(;FF[4];W[dd];B[pp])", "", true}, // the first move may be White's
      {KO_SHAPE ";B[cb])", "ko", false},
      {KO_SHAPE ";B[ee];W[ed];B[cb])", "", true}, // retaken after a threat: a new position
      {"(;SZ[3];B[ba];W[cc];B[ab];W[aa])", "suicide", false},
      {"(;RU[NZ]SZ[3];B[ba];W[cc];B[ab];W[aa])", "superko", false}, // a one-stone suicide
      {"(;FF[4];B[dd];W[];B[];W[pp])", "play-after-end", false},
      {"(;FF[4];B[dd];W[];B[pp])", "", true}, // one pass is no end
      {"(;FF[3];B[dd];W[])", "old-pass", false},
      {"(;FF[4];B[dd];W[tt];B[pp])", "", true},  // tt is a pass up to 19×19
      {"(;SZ[21];B[dd];W[tt];B[pp])", "", true}, // and a point beyond
      {"(;SZ[9];B[jj])", "point-off-board", false},
      {"(;DT[2000-7-19];B[dd])", "bad-game-info", false},
      {"(;FF[4];B[dd](;W[pp])(;W[dp]))", "", false},             // variations: replay sees each
      {"(;FF[4];B[dd];W[pp]C[hi])", "", false},                  // a node with more than a move
      {"(;FF[4];B[dd])(;FF[4];B[pp];W[dp])", "", true},          // two games
      {"(;FF[4];B[dd])(;FF[4];B[pp];W[pp])", "occupied", false}, // the second one broken
      {"(;GM[2];B[dd])", "not-go", false},
      {"(;PB[x]PB[y];B[dd])", "duplicate-property", false},
      {"(;KM[6.5]RE[W+0.5];B[dd];W[];B[])", "result-mismatch", false}, // a count is due
  };
  const check::CheckOptions options;
  for (const Case &c : cases) {
    SCOPED_TRACE(c.text);
    const std::vector<std::string> found = findings(c.text, options);
    if (*c.finding)
      EXPECT_NE(std::find(found.begin(), found.end(), c.finding), found.end());
    else
      EXPECT_TRUE(found.empty()) << found.front();
    EXPECT_EQ(clean_by_scan(c.text, options), c.clean_by_scan);
  }
}

TEST(CleanWithoutTree, ACountOnlyWhenAsked) {
  const char *passed_out = "(;KM[6.5]RE[W+0.5];B[dd];W[];B[])";
  check::CheckOptions options;
  EXPECT_FALSE(clean_by_scan(passed_out, options));
  options.count = false;
  EXPECT_TRUE(clean_by_scan(passed_out, options));
  // Without RE there is nothing for a count to contradict.
  EXPECT_TRUE(clean_by_scan("(;KM[6.5];B[dd];W[];B[])", {}));
}

// A random record made to run into what replay reports. Moves go to empty points of a board
// kept beside the record, so that games on small boards run into captures, ko, suicide and
// repeated positions of their own; half the records also get one fault at one move (out of
// turn, off the board, on an occupied point, a stone after two passes). The root brings
// handicap stones that HA may contradict, rule sets that allow suicide or forbid any
// repetition, and results that a count may contradict.
std::string random_record(std::mt19937 &rng) {
  auto pick = [&rng](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  static const char *const sizes[] = {"2", "3", "4", "5", "5", "7", "9", "19", "21", "5:3"};
  static const char *const rules[] = {"", "RU[Chinese]", "RU[Japanese]", "RU[NZ]", "RU[Ing]"};
  static const char *const formats[] = {"FF[4]", "FF[4]", "FF[4]", "FF[3]", ""};
  static const char *const results[] = {"", "RE[B+R]", "RE[W+0.5]", "RE[B+3.5]", "RE[0]"};
  const char *size = sizes[pick(std::size(sizes))];
  const BoardSize board_size = *to_board_size(size);
  const int width = board_size.width, height = board_size.height;
  rules::Board board(board_size);
  // A point of the board, empty or not as asked, if there is one.
  auto point = [&](bool empty) -> std::optional<Point> {
    std::vector<Point> points;
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x)
        if ((board.at({x, y}) == rules::Stone::empty) == empty)
          points.push_back({x, y});
    if (points.empty())
      return std::nullopt;
    return points[pick(static_cast<int>(points.size()))];
  };
  std::string text = fmt::format("(;{}SZ[{}]{}KM[{}]{}", formats[pick(std::size(formats))], size,
                                 rules[pick(std::size(rules))], pick(2) ? "6.5" : "0",
                                 results[pick(std::size(results))]);
  if (pick(4) == 0) { // handicap stones, HA right or wrong
    const int stones = 2 + pick(2);
    text += fmt::format("HA[{}]AB", stones + (pick(4) == 0));
    for (int k = 0; k < stones; ++k) {
      const Point p{pick(width), pick(height)};
      board.set(p, rules::Stone::black);
      text += "[" + point_to_sgf(p) + "]";
    }
  }
  const int moves = pick(2 * width * height + 2), fault_at = pick(2 * moves + 1), fault = pick(4);
  Color colour = pick(5) != 0 ? Color::black : Color::white;
  for (int m = 0; m < moves; ++m) {
    const bool fault_here = m == fault_at;
    if (fault_here && fault == 0)
      colour = opponent(colour);
    if (fault_here && fault == 3)
      text += colour == Color::black ? ";B[];W[]" : ";W[];B[]";
    std::string where;
    if (fault_here && fault == 1) {
      where = point_to_sgf({width + pick(3), pick(height)});
    } else if (pick(30) == 0) {
      where = pick(2) ? "tt" : "";
    } else if (const bool empty = !(fault_here && fault == 2);
               std::optional<Point> p = point(empty)) {
      where = point_to_sgf(*p);
      if (empty)
        board.play_loc(board.loc(*p), colour, true);
    }
    text += fmt::format(";{}[{}]", colour == Color::black ? 'B' : 'W', where);
    colour = opponent(colour);
  }
  if (pick(3) == 0) // passed out: a count is due when RE names a winner
    text += colour == Color::black ? ";B[];W[]" : ";W[];B[]";
  return text + ")";
}

// Under AddressSanitizer (several times slower) fewer records, within the timeout: random ones
// per set of options, and every tenth real record rather than every second.
#if defined(__SANITIZE_ADDRESS__)
constexpr int random_records = 1000;
constexpr size_t stride = 10;
#else
constexpr int random_records = 3000;
constexpr size_t stride = 2;
#endif

TEST(CleanWithoutTree, RandomRecordsItCallsCleanAreClean) {
  std::mt19937 rng(20261204);
  size_t clean = 0, records = 0;
  check::CheckOptions no_count, no_rules;
  no_count.count = false;
  no_rules.replay = false;
  for (const check::CheckOptions &options : {check::CheckOptions{}, no_count, no_rules}) {
    for (int k = 0; k < random_records; ++k, ++records) {
      const std::string text = random_record(rng);
      if (!clean_by_scan(text, options))
        continue;
      ++clean;
      const std::vector<std::string> found = findings(text, options);
      ASSERT_TRUE(found.empty()) << text << ": " << found.front();
    }
  }
  std::printf("%zu random records, %zu clean by the scan\n", records, clean);
  // Both ways are taken often enough for the comparison to mean something.
  EXPECT_GT(clean, records / 10);
  EXPECT_LT(clean, records * 9 / 10);
}

// Every record of the big archives: the scan's verdict against the full check, without counts
// (the scan declines every game a count could contradict).
TEST(CleanWithoutTreeCorpus, EveryRecordItCallsCleanIsClean) {
  const fs::path big = fs::path(SGF_CORPUS) / "big";
  if (!fs::exists(big / "kgs-6d.tar.bz2"))
    GTEST_SKIP() << big << " not present";
  batch::InputSpec spec;
  spec.paths = {(big / "pro-cwi.tar.xz").string(), (big / "kgs-6d.tar.bz2").string(),
                (big / "ai.zip").string()};
  batch::RecordSource source(spec);
  check::CheckOptions options;
  options.count = false;
  size_t records = 0, clean = 0, seen = 0;
  while (std::optional<batch::Record> record = source.next()) {
    if (record->error || seen++ % stride != 0)
      continue;
    ++records;
    if (!clean_by_scan(record->bytes, options))
      continue;
    ++clean;
    const std::vector<std::string> found = findings(record->bytes, options);
    ASSERT_TRUE(found.empty()) << record->name << ": " << found.front();
  }
  std::printf("big: %zu records, %zu clean by the scan\n", records, clean);
  EXPECT_GT(clean, records * 3 / 4); // nearly every real record takes the short way
}

} // namespace
} // namespace sgf
