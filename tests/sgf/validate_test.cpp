// Specification-level checks: each code on a small hand-made record, then SGFC's own test file
// (the problem numbered N sits on line N) and a real professional record that must be clean.
#include "lib/sgf/spec.h"
#include "lib/sgf/validate.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace sgf {
namespace {

Diagnostics check(std::string_view sgf) {
  ParseResult parsed = parse_sgf(sgf);
  return validate(parsed.collection);
}

using sgf::testing_support::read_file;

// The diagnostics of one code.
Diagnostics with_code(const Diagnostics &all, std::string_view code) {
  Diagnostics out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out),
               [&](const Diagnostic &d) { return d.code == code; });
  return out;
}

bool has(const Diagnostics &all, std::string_view code, uint32_t line) {
  return std::any_of(all.begin(), all.end(),
                     [&](const Diagnostic &d) { return d.code == code && d.pos.line == line; });
}

std::string dump(const Diagnostics &all) {
  std::string s;
  for (const Diagnostic &d : all)
    s += std::to_string(d.pos.line) + ":" + std::to_string(d.pos.col) + " " + d.code + " " +
         d.message + "\n";
  return s;
}

TEST(Spec, LooksUpEveryPropertyByIdentifier) {
  for (const spec::PropertyInfo &info : spec::all()) {
    ASSERT_EQ(spec::find(info.id), &info) << info.id;
  }
  EXPECT_EQ(spec::find("B")->type, spec::ValueType::move);
  EXPECT_EQ(spec::find("SZ")->placement, spec::Placement::root);
  EXPECT_EQ(spec::find("KM")->placement, spec::Placement::game_info);
  EXPECT_TRUE(spec::find("DD")->inherit);
  EXPECT_TRUE(spec::find("KI")->old);
  EXPECT_EQ(spec::find("L")->replacement, "LB");
  EXPECT_EQ(spec::find("XX"), nullptr);
  EXPECT_EQ(spec::find("b"), nullptr);
  EXPECT_EQ(spec::find("ABC"), nullptr);
  EXPECT_EQ(spec::find(""), nullptr);
  EXPECT_GE(spec::all().size(), 70u);
  // Applications' private properties: none of them is an SGF property.
  for (const spec::PrivateProperty &p : spec::all_private()) {
    ASSERT_EQ(spec::find_private(p.id), &p) << p.id;
    EXPECT_EQ(spec::find(p.id), nullptr) << p.id;
  }
  EXPECT_EQ(spec::find_private("TT")->application, "Fox");
  EXPECT_EQ(spec::find_private("MULTIGOGM")->application, "MultiGo");
  EXPECT_EQ(spec::find_private("BW"), nullptr);
  EXPECT_EQ(spec::find_private("LONGID"), nullptr);
}

TEST(Validate, CleanRecordHasNoDiagnostics) {
  auto d = check("(;FF[4]GM[1]SZ[19]CA[UTF-8]AP[sgf:1]KM[6.5]HA[0]RE[B+R]DT[2020-01-02,03]"
                 "PB[a]PW[b];B[pd]BL[300]OB[5];W[dp]C[hi]TR[aa][bb]LB[cc:A]AR[aa:bb];B[tt]"
                 "(;W[qp]TE[1])(;W[dd]GB[2]TB[]))");
  EXPECT_TRUE(d.empty()) << dump(d);
}

TEST(Validate, RootPropertyOutsideRoot) {
  auto d = check("(;FF[4]\n;B[aa]SZ[12])");
  auto r = with_code(d, "root-property-misplaced");
  ASSERT_EQ(r.size(), 1u) << dump(d);
  EXPECT_EQ(r[0].severity, Severity::error);
  EXPECT_EQ(r[0].pos.line, 2u);
  EXPECT_EQ(r[0].pos.col, 7u);
  EXPECT_EQ(r[0].node, 1);
  EXPECT_EQ(r[0].move, 1);
  EXPECT_EQ(r[0].game, 0);
}

TEST(Validate, GameInfoTwiceOnAPath) {
  auto d = check("(;GN[x];PB[a];PB[b]GN[y])");
  EXPECT_EQ(with_code(d, "game-info-misplaced").size(), 2u) << dump(d); // PB twice below GN
  EXPECT_EQ(with_code(d, "game-info-repeated").size(), 1u) << dump(d);  // GN again
  // Game info in two sibling variations is fine: each path has one game-info node.
  EXPECT_TRUE(check("(;FF[4](;PB[a];B[aa])(;PB[b];B[bb]))").empty());
}

TEST(Validate, SetupAndMoveInOneNode) {
  auto d = check("(;B[fg] AB[ss][rs])");
  ASSERT_EQ(with_code(d, "setup-and-move").size(), 1u) << dump(d);
  EXPECT_EQ(with_code(d, "setup-and-move")[0].pos.col, 9u);
}

TEST(Validate, BlackAndWhiteMoveInOneNode) {
  auto d = check("(;B[aa]W[ab])");
  ASSERT_EQ(with_code(d, "two-moves-in-node").size(), 1u) << dump(d);
  EXPECT_EQ(with_code(d, "two-moves-in-node")[0].pos.col, 8u);
}

TEST(Validate, DuplicatePropertyCarriesMoveNumber) {
  auto d = check("(;B[aa];W[bb];AB[cc];B[dd]C[x]C[y])");
  auto r = with_code(d, "duplicate-property");
  ASSERT_EQ(r.size(), 1u) << dump(d);
  EXPECT_EQ(r[0].node, 3);
  EXPECT_EQ(r[0].move, 3); // the setup node does not count
  EXPECT_EQ(r[0].severity, Severity::error);
  // Old GNU Go writes AB[pd]AB[dp]: the values add up, so it is only a warning.
  r = with_code(check("(;AB[pd]AB[dp])"), "duplicate-property");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].severity, Severity::warning);
}

TEST(Validate, ValuesOfTheWrongType) {
  auto d = check("(;KM[5 1/2]HA[two]ST[7];PL[w 123]GB[3];BL[34x]DO[x]PM[3])");
  EXPECT_EQ(with_code(d, "bad-value").size(), 8u) << dump(d);
  d = check("(;LB[aa][bb]AR[aa:aa]LN[aa])");
  EXPECT_EQ(with_code(d, "bad-value").size(), 4u) << dump(d);
}

// HA counts stones on the board: more than its points is no handicap, and the count (which gives
// White a point per stone under area rules) rests on it, so the error blocks the count.
TEST(Validate, MoreHandicapStonesThanTheBoardHolds) {
  EXPECT_TRUE(with_code(check("(;SZ[9]HA[81])"), "bad-value").empty());
  auto d = with_code(check("(;SZ[9]HA[82])"), "bad-value");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].message, "HA[82] is not a number of stones the 9×9 board holds (at most 81)");
  EXPECT_EQ(with_code(check("(;HA[362])"), "bad-value").size(), 1u); // 19×19 without SZ
  EXPECT_EQ(with_code(check("(;SZ[19:3]HA[58])"), "bad-value").size(), 1u);
  const Game game = parse_sgf("(;SZ[9]HA[1000];W[aa])").collection.games.at(0);
  EXPECT_EQ(count_info_errors(game, 0).size(), 1u);
}

TEST(Validate, TooManyValues) {
  auto d = check("(;W[ce][dd])");
  ASSERT_EQ(with_code(d, "too-many-values").size(), 1u) << dump(d);
  EXPECT_EQ(with_code(d, "too-many-values")[0].pos.col, 8u);
}

TEST(Validate, PointsOffTheBoard) {
  EXPECT_EQ(with_code(check("(;SZ[9];B[jj])"), "point-off-board").size(), 1u);
  EXPECT_EQ(with_code(check("(;SZ[9]AB[aa:jj])"), "point-off-board").size(), 1u);
  EXPECT_EQ(with_code(check("(;SZ[19:9];B[sa]W[ak])"), "point-off-board").size(), 1u);
  // tt is a pass up to 19×19, a point above; it is never a setup point on 19×19.
  EXPECT_TRUE(check("(;SZ[19];B[tt])").empty());
  EXPECT_TRUE(check("(;SZ[21];B[tt]AB[uu])").size() == 1); // setup and move
  EXPECT_EQ(with_code(check("(;SZ[19]AB[tt])"), "point-off-board").size(), 1u);
  // Uppercase letters name columns and rows 27 to 52.
  EXPECT_TRUE(check("(;SZ[52];B[ZZ];W[Aa])").empty());
  EXPECT_EQ(with_code(check("(;SZ[27];B[AB])"), "point-off-board").size(), 1u);
  EXPECT_EQ(with_code(check("(;B[a1])"), "bad-value").size(), 1u);
}

TEST(Validate, EmptyValues) {
  auto d = check("(;AW[]C[  ]N[])");
  auto r = with_code(d, "empty-value");
  ASSERT_EQ(r.size(), 3u) << dump(d);
  EXPECT_EQ(r[0].severity, Severity::error);
  EXPECT_EQ(r[1].severity, Severity::note);
  EXPECT_TRUE(check("(;B[];W[]TB[]VW[])").empty());
  EXPECT_EQ(with_code(check("(;VW[][aa])"), "bad-value").size(), 1u);
}

TEST(Validate, UnknownAndOldProperties) {
  auto d = check("(;KI[11]XX[a]LONGID[b]L[aa])");
  auto old = with_code(d, "old-property");
  ASSERT_EQ(old.size(), 2u) << dump(d);
  EXPECT_NE(old[0].message.find("KM"), std::string::npos) << old[0].message;
  EXPECT_EQ(old[0].severity, Severity::warning);
  auto unknown = with_code(d, "unknown-property");
  ASSERT_EQ(unknown.size(), 2u) << dump(d);
  // Known to no SGF version and no application: a typo to look at, as SGFC warns.
  EXPECT_EQ(unknown[0].severity, Severity::warning);
  EXPECT_EQ(unknown[1].severity, Severity::warning);
  // BW[] for B[], beside the private properties Fox and KGS write on purpose, which stay notes.
  d = check("(;FF[4]GM[1]TT[30]KGSSB[12];BW[dd])");
  unknown = with_code(d, "unknown-property");
  ASSERT_EQ(unknown.size(), 3u) << dump(d);
  EXPECT_EQ(unknown[0].severity, Severity::note);
  EXPECT_NE(unknown[0].message.find("Fox"), std::string::npos) << unknown[0].message;
  EXPECT_EQ(unknown[1].severity, Severity::note);
  EXPECT_EQ(unknown[2].severity, Severity::warning);
  EXPECT_NE(unknown[2].message.find("BW"), std::string::npos) << unknown[2].message;
}

TEST(Validate, NotGoAndBoardSizes) {
  auto d = check("(;GM[12];B[zz])");
  ASSERT_EQ(with_code(d, "not-go").size(), 1u) << dump(d);
  EXPECT_TRUE(with_code(d, "point-off-board").empty()); // not Go: points are not read
  EXPECT_EQ(with_code(check("(;SZ[200])"), "bad-board-size").size(), 1u);
  EXPECT_EQ(with_code(check("(;SZ[10:53])"), "bad-board-size").size(), 1u);
  EXPECT_EQ(with_code(check("(;SZ[0])"), "bad-board-size").size(), 1u);
  auto square = with_code(check("(;SZ[19:19])"), "bad-board-size");
  ASSERT_EQ(square.size(), 1u);
  EXPECT_EQ(square[0].severity, Severity::warning);
  EXPECT_TRUE(check("(;SZ[19:13];B[sm])").empty());
  EXPECT_EQ(with_code(check("(;FF[7])"), "bad-file-format").size(), 1u);
}

TEST(Validate, Annotations) {
  auto d = check("(;GB[1]GW[1];B[aa]BM[1]TE[2];TE[1];KO[])");
  EXPECT_EQ(with_code(d, "annotation-conflict").size(), 2u) << dump(d);
  EXPECT_EQ(with_code(d, "annotation-without-move").size(), 1u) << dump(d);
  EXPECT_EQ(with_code(d, "ko-without-move").size(), 1u) << dump(d);
  EXPECT_TRUE(check("(;B[aa]KO[]BM[2])").empty());
}

TEST(Validate, DuplicatePoints) {
  auto d = check("(;AB[aa]AW[aa];MA[aa][ab][ba][aa];TR[aa]MA[aa];LB[aa:1][aa:2]TR[aa])");
  auto r = with_code(d, "duplicate-point");
  ASSERT_EQ(r.size(), 4u) << dump(d);          // a label and a mark on one point are fine
  EXPECT_EQ(r[0].severity, Severity::error);   // two stones on one point
  EXPECT_EQ(r[1].severity, Severity::warning); // two marks on one point
}

TEST(Validate, GameInfoFormats) {
  auto d = check("(;RE[john wins]DT[a sunny afternoon])");
  EXPECT_EQ(with_code(d, "bad-game-info").size(), 2u) << dump(d);
  EXPECT_TRUE(check("(;RE[W+0.5]DT[1996-05-06,07,08])").empty());
  EXPECT_TRUE(check("(;RE[Void])").empty());
}

TEST(Validate, OldPassAndMixedGames) {
  auto d = check("(;GM[1]FF[3];B[])(;GM[1]FF[4];B[])");
  EXPECT_EQ(with_code(d, "old-pass").size(), 1u) << dump(d);
  EXPECT_EQ(with_code(d, "mixed-games").size(), 1u) << dump(d);
  EXPECT_EQ(with_code(d, "mixed-games")[0].game, 1);
}

// SGFC's test file: SGFC reports the problem numbered N on line N. These are the spec-level ones
// (the syntax ones belong to the parser).
TEST(Validate, SgfcTestFile) {
  std::string bytes = read_file(SGF_TESTDATA "/check/sgfc-test.sgf");
  ASSERT_FALSE(bytes.empty());
  ParseResult parsed = parse_sgf(bytes);
  Diagnostics d = validate(parsed.collection);
  const std::pair<const char *, uint32_t> expected[] = {
      {"too-many-values", 13},
      {"bad-value", 14},          // WL[not much time left]
      {"bad-value", 15},          // BL[34.]... KM[5 1/2]
      {"bad-game-info", 15},      // RE[black wins by 5 3/4 points]
      {"empty-value", 17},        // AW[]
      {"bad-value", 18},          // GM[game of go]
      {"bad-board-size", 18},     // SZ[-10]
      {"not-go", 19},             // GM[12]
      {"bad-value", 23},          // LB[aa][bb]
      {"duplicate-property", 28}, // C, MA, W twice
      {"setup-and-move", 30},
      {"unknown-property", 31},
      {"root-property-misplaced", 32},
      {"bad-game-info", 33},
      {"unknown-property", 35},
      {"two-moves-in-node", 37},
      {"duplicate-point", 38},
      {"old-property", 40},        // L, M, SC
      {"annotation-conflict", 41}, // GB and GW
      {"annotation-conflict", 42}, // BM and TE
      {"annotation-without-move", 43},
      {"game-info-misplaced", 44},
      {"bad-file-format", 46},
      {"bad-board-size", 47}, // SZ[19:19]
      {"bad-board-size", 50}, // SZ[200], SZ[10:53]
      {"bad-board-size", 51}, // SZ[19:25] in FF[1]
      {"bad-value", 52},      // VW[][aa]
      {"old-property", 59},   // KI
      {"old-pass", 65},
      {"mixed-games", 19},
  };
  for (auto [code, line] : expected)
    EXPECT_TRUE(has(d, code, line)) << code << " on line " << line << "\n" << dump(d);
  // No error on the lines SGFC has nothing spec-level to say about.
  for (uint32_t quiet : {26u, 27u, 34u, 48u, 49u, 53u, 60u, 64u, 68u, 69u, 70u})
    for (const Diagnostic &x : d)
      EXPECT_FALSE(x.pos.line == quiet && x.severity == Severity::error) << dump({x});
}

TEST(Validate, RealProfessionalRecordIsClean) {
  std::string bytes = read_file(SGF_TESTDATA "/check/pro-clean.sgf");
  ASSERT_FALSE(bytes.empty());
  ParseResult parsed = parse_sgf(bytes);
  ASSERT_EQ(parsed.collection.games.size(), 1u);
  Diagnostics d = validate(parsed.collection);
  EXPECT_FALSE(has_error(d)) << dump(d);
}

TEST(Validate, HostileNodesStayLinearAndBounded) {
  // 200,000 copies of one property in one node: each is a duplicate, but only 1,000 are kept.
  std::string sgf = "(;GN[x]";
  for (int i = 0; i < 200000; ++i)
    sgf += "C[a]";
  sgf += ";GN[y]";
  for (int i = 0; i < 1000; ++i)
    sgf += "PB[a]";
  sgf += ")";
  ParseResult parsed = parse_sgf(sgf);
  ASSERT_EQ(parsed.collection.games.size(), 1u);
  Diagnostics d = validate(parsed.collection.games[0], 0);
  ASSERT_EQ(d.size(), 1001u);
  EXPECT_EQ(d.back().code, "too-many-diagnostics");
  EXPECT_EQ(d.back().severity, Severity::error);
  EXPECT_NE(d.back().message.find("200999"), std::string::npos) << d.back().message;
}

TEST(Validate, HostileCollectionsStayBounded) {
  std::string sgf;
  for (int i = 0; i < 6000; ++i) // two diagnostics per game
    sgf += "(;XX[a]KO[])";
  Diagnostics d = validate(parse_sgf(sgf).collection);
  ASSERT_EQ(d.size(), 10001u);
  EXPECT_EQ(d.back().code, "too-many-diagnostics");
  EXPECT_EQ(d.back().severity, Severity::error);
  EXPECT_EQ(d.back().message, "2000 more diagnostic(s) not shown");
}

// What a count rests on is read past any limit, and once per property: the first error about SZ,
// KM and HA each, whatever comes before them or how often they repeat.
TEST(Validate, CountInformationErrorsPastTheLimits) {
  std::string sgf = "(;GM[1]FF[4]";
  for (int i = 0; i < 2000; ++i)
    sgf += "C[a]"; // duplicates, errors past the game's limit of 1,000
  sgf += "HA[2]SZ[x]";
  for (int i = 0; i < 50000; ++i)
    sgf += "KM[seven]";
  sgf += ";B[aa])";
  const Game game = parse_sgf(sgf).collection.games.at(0);
  const Diagnostics all = validate(game, 3);
  ASSERT_EQ(all.back().code, "too-many-diagnostics");
  const Diagnostics found = count_info_errors(game, 3);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].code, "bad-board-size");
  EXPECT_EQ(found[0].pos, game.root().find("SZ")->values[0].pos);
  EXPECT_EQ(found[1].code, "bad-value");
  EXPECT_EQ(found[1].pos, game.root().find("KM")->values[0].pos);
  for (const Diagnostic &d : found) {
    EXPECT_EQ(d.severity, Severity::error);
    EXPECT_EQ(d.game, 3);
  }
  EXPECT_TRUE(
      count_info_errors(parse_sgf("(;SZ[9]KM[6.5]HA[2];B[aa])").collection.games.at(0), 0).empty());
}

// A record validated a part at a time, with one RecordValidation, finds what it finds whole: a
// later part's game of another type is compared with the record's first game, and the limit on
// diagnostics is the record's (each part counts what it could not add).
TEST(Validate, PartsOfARecordAreValidatedAsTheWhole) {
  std::string sgf = read_file(SGF_TESTDATA "/check/pro-clean.sgf");
  ASSERT_FALSE(sgf.empty());
  for (int i = 0; i < 50; ++i) // two diagnostics per game
    sgf += "(;XX[a]KO[])";
  sgf += "(;GM[2]FF[3])(;FF[1])";
  const Diagnostics whole = validate(parse_sgf(sgf).collection, 0, 80);
  ASSERT_EQ(with_code(whole, "mixed-games").size(), 2u) << dump(whole);
  Diagnostics parts;
  RecordValidation record;
  size_t count = 0, not_shown = 0;
  parse_sgf_in_parts(sgf, {}, 1, [&](ParseResult &part) {
    ++count;
    for (Diagnostic &d : validate(part.collection, part.first_game, &record, 80)) {
      if (d.code == "too-many-diagnostics")
        not_shown += std::stoul(d.message);
      else
        parts.push_back(std::move(d));
    }
  });
  ASSERT_EQ(count, 53u);
  ASSERT_EQ(whole.back().code, "too-many-diagnostics");
  EXPECT_EQ(not_shown, std::stoul(whole.back().message)); // 80 shown, 21 not
  ASSERT_EQ(parts.size() + 1, whole.size());
  for (size_t k = 0; k < parts.size(); ++k) {
    EXPECT_EQ(parts[k].code, whole[k].code) << k;
    EXPECT_EQ(parts[k].game, whole[k].game) << k;
    EXPECT_EQ(parts[k].message, whole[k].message) << k;
  }
}

TEST(Validate, RealRecordOn21x21) {
  std::string bytes = read_file(SGF_TESTDATA "/check/pro-21x21.sgf");
  ASSERT_FALSE(bytes.empty());
  Diagnostics d = validate(parse_sgf(bytes).collection);
  // Moves on columns t and u are on the board; TM[10h] is not FF[4] but only informative.
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].code, "bad-game-info");
  EXPECT_EQ(d[0].pos.line, 7u);
  EXPECT_EQ(d[0].severity, Severity::warning);
}

} // namespace
} // namespace sgf
