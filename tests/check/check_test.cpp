// lib/check: the record check shared by sgf check and sgf annotate (order, de-duplication, the
// per-game cap, the count of games ended by passes) and the tree edits of sgf annotate.
#include "lib/check/annotate.h"
#include "lib/check/check.h"
#include "lib/sgf/validate.h"
#include "lib/sgf/values.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>

namespace {

using namespace sgf;

using sgf::testing_support::read_file;

std::string testdata(const std::string &name) {
  return read_file(std::string(SGF_TESTDATA) + "/check/" + name);
}

size_t count_code(const Diagnostics &all, std::string_view code) {
  return std::count_if(all.begin(), all.end(), [&](const Diagnostic &d) { return d.code == code; });
}

TEST(CheckRecord, CompilerOrderAndOneResultMismatch) {
  // White passes twice in a row (a loss under japanese) and RE names White: the rules' own
  // result-mismatch; the count (which also gives Black) adds no second one.
  const ParseResult parsed = parse_sgf(testdata("counted-wrong-winner-forfeit.sgf"));
  const Diagnostics all = check::check_record(parsed, {});
  ASSERT_FALSE(all.empty());
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end(), [](const Diagnostic &a, const Diagnostic &b) {
    return std::tie(a.pos.line, a.pos.col) < std::tie(b.pos.line, b.pos.col);
  }));
  EXPECT_EQ(count_code(all, "result-mismatch"), 1u);
  EXPECT_EQ(count_code(all, "wrong-turn"), 1u);
  for (const Diagnostic &d : all)
    EXPECT_EQ(d.game, 0) << d.code;
}

// A collection checked a part at a time (as sgf check reads a record) finds what it finds whole,
// each game named by its index in the record.
TEST(CheckRecord, APartAtATimeFindsWhatTheWholeFinds) {
  std::string record;
  for (const char *name : {"errors.sgf", "counted-wrong-winner.sgf", "warnings.sgf",
                           "counted-agrees.sgf", "variation.sgf", "counted-wrong-winner.sgf"})
    record += testdata(name) + "\n";
  record += "(;GM[2])"; // another game type than the first: a finding about the record
  const Diagnostics whole = check::check_record(parse_sgf(record), {});
  ASSERT_EQ(count_code(whole, "result-mismatch"), 2u);
  ASSERT_EQ(count_code(whole, "mixed-games"), 2u); // GM, and FF (1 when absent)
  Diagnostics parts;
  RecordValidation validation;
  parse_sgf_in_parts(record, {}, 1, [&](ParseResult &part) {
    const Diagnostics found = check::check_record(part, {}, nullptr, &validation);
    parts.insert(parts.end(), found.begin(), found.end());
  });
  ASSERT_EQ(parts.size(), whole.size());
  for (size_t k = 0; k < parts.size(); ++k) {
    EXPECT_EQ(parts[k].code, whole[k].code) << k;
    EXPECT_EQ(parts[k].message, whole[k].message) << k;
    EXPECT_EQ(parts[k].pos, whole[k].pos) << k;
    EXPECT_EQ(parts[k].game, whole[k].game) << k;
  }
}

TEST(CheckGame, CountsOnlyGamesEndedByPasses) {
  const ParseResult wrong = parse_sgf(testdata("counted-wrong-winner.sgf"));
  const Game &game = wrong.collection.games.at(0);
  check::CheckOptions options;
  Diagnostics found = check::check_game(game, 0, {}, options);
  ASSERT_EQ(count_code(found, "result-mismatch"), 1u);
  const Diagnostic &d = *std::find_if(
      found.begin(), found.end(), [](const Diagnostic &d) { return d.code == "result-mismatch"; });
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.node, 0);
  EXPECT_EQ(d.pos.line, 11); // RE's value
  EXPECT_NE(d.message.find("B+13.5"), std::string::npos) << d.message;

  options.count = false;
  EXPECT_EQ(count_code(check::check_game(game, 0, {}, options), "result-mismatch"), 0u);

  const ParseResult right = parse_sgf(testdata("counted-agrees.sgf"));
  EXPECT_EQ(
      count_code(check::check_game(right.collection.games.at(0), 0, {}, {}), "result-mismatch"),
      0u);
  const ParseResult resigned = parse_sgf(testdata("counted-wrong-winner-no-passes.sgf"));
  EXPECT_EQ(
      count_code(check::check_game(resigned.collection.games.at(0), 0, {}, {}), "result-mismatch"),
      0u);
}

TEST(CheckGame, ReplaysTheHandicapStonesTheServersRecordsLeaveOut) {
  // A Fox record with HA[4], no AB and White first (counted-more's fox_9k): the game was played
  // on the four fixed points, as sgf score counts it. Without them, Black's stones run short of
  // liberties: a suicide that never was, moves on occupied points, and a loss RE contradicts.
  const ParseResult fox = parse_sgf(testdata("fox-handicap-no-ab-1562485375022405140.sgf"));
  const Game &game = fox.collection.games.at(0);
  const Diagnostics found = check::check_game(game, 0, {}, {});
  EXPECT_EQ(count_code(found, "handicap-convention"), 1u);
  for (const char *code : {"handicap-mismatch", "suicide", "occupied", "result-mismatch"})
    EXPECT_EQ(count_code(found, code), 0u) << code;

  check::CheckOptions recorded; // --rule always wins: the stones as the record places them
  recorded.rules.overrides = {"handicap-stones=recorded"};
  const Diagnostics as_written = check::check_game(game, 0, {}, recorded);
  EXPECT_EQ(count_code(as_written, "handicap-mismatch"), 1u);
  EXPECT_GT(count_code(as_written, "occupied"), 0u);
}

// Games between professionals whose records write no RU are replayed under territory rules unless
// the komi is one of area rules: the 17th Judan (no KM) and the 11th Meijin (KM[5.5]) were lost by
// an immediate ko retake, as RE[B+F] says, where Chinese rules would void the move and warn.
TEST(CheckRecord, AProfessionalGameWithoutRulesLosesByAnIllegalKoRetake) {
  for (const char *name : {"illegal_ko_13.sgf", "illegal_ko_14.sgf"}) {
    const ParseResult parsed = parse_sgf(read_file(std::string(SGF_TESTDATA) + "/rules/" + name));
    const Diagnostics all = check::check_record(parsed, {});
    ASSERT_EQ(count_code(all, "ko"), 1u) << name;
    const auto ko =
        std::find_if(all.begin(), all.end(), [](const Diagnostic &d) { return d.code == "ko"; });
    EXPECT_NE(ko->message.find("White loses the game under japanese rules"), std::string::npos)
        << ko->message;
    EXPECT_EQ(count_code(all, "result-mismatch"), 0u) << name;
  }
}

TEST(CheckRecord, OffBoardOnceAsASpecificationFinding) {
  const ParseResult parsed = parse_sgf("(;GM[1]FF[4]SZ[9];B[kk];W[cc])");
  const Diagnostics all = check::check_record(parsed, {});
  EXPECT_EQ(count_code(all, "off-board"), 0u);
  EXPECT_EQ(count_code(all, "point-off-board") + count_code(all, "bad-value"), 1u);
}

TEST(CheckRecord, NodesHoldingOnlyAMoveAreCheckedToo) {
  // The specification check passes over plain moves quickly; what they can be wrong about must
  // still be found: an FF[3] empty pass, a point off the board, letters that are no point.
  check::CheckOptions spec_only;
  spec_only.replay = false;
  const Diagnostics all = check::check_record(
      parse_sgf("(;GM[1]FF[3]SZ[9];B[];W[jj];B[a1];W[tt];B[cc]C[x];W[dd])"), spec_only);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].code, "old-pass");
  EXPECT_EQ(all[1].code, "point-off-board");
  EXPECT_EQ(all[1].node, 2);
  EXPECT_EQ(all[1].move, 2);
  EXPECT_EQ(all[2].code, "bad-value");
  EXPECT_EQ(all[2].move, 3);
  // tt is a pass up to 19×19 and a point beyond; not Go: no point is read.
  EXPECT_TRUE(check::check_record(parse_sgf("(;FF[4]SZ[21];B[tt];W[uu])"), spec_only).empty());
  EXPECT_EQ(count_code(check::check_record(parse_sgf("(;FF[4]SZ[19];B[uu])"), spec_only),
                       "point-off-board"),
            1u);
  const Diagnostics not_go = check::check_record(parse_sgf("(;GM[2];B[zz];W[])"), spec_only);
  ASSERT_EQ(not_go.size(), 1u);
  EXPECT_EQ(not_go[0].code, "not-go");
}

TEST(CheckRecord, VariationsSharingANodeReportItOnce) {
  check::CheckOptions options; // every variation by default
  EXPECT_EQ(
      count_code(check::check_record(parse_sgf(testdata("variation.sgf")), options), "occupied"),
      1u);
  options.variations = false;
  EXPECT_EQ(
      count_code(check::check_record(parse_sgf(testdata("variation.sgf")), options), "occupied"),
      0u);
  options.variations = true;
  EXPECT_EQ(
      count_code(check::check_record(parse_sgf(testdata("variation.sgf")), options), "occupied"),
      1u);
  options.replay = false;
  EXPECT_EQ(
      count_code(check::check_record(parse_sgf(testdata("variation.sgf")), options), "occupied"),
      0u);
}

TEST(CheckGame, ManyFindingsAreSummarised) {
  // Every move after the first two lands on an occupied point.
  std::string sgf = "(;GM[1]FF[4]SZ[9];B[aa];W[bb]";
  for (int i = 0; i < 600; ++i)
    sgf += ";B[aa];W[bb]";
  sgf += ")";
  const ParseResult parsed = parse_sgf(sgf);
  const Diagnostics found = check::check_game(parsed.collection.games.at(0), 0, {}, {});
  ASSERT_EQ(found.size(), check::max_rules_diagnostics + 1);
  EXPECT_EQ(found.back().code, "too-many-diagnostics");
  EXPECT_EQ(found.back().severity, Severity::error);
  EXPECT_NE(found.back().message.find("more rules diagnostic"), std::string::npos);
}

TEST(Annotate, AppendCommentKeepsTheOldTextAndEscapes) {
  Node node;
  check::append_comment(node, "first [a]");
  ASSERT_NE(node.find("C"), nullptr);
  EXPECT_EQ(to_text(node.find("C")->values.at(0).text), "first [a]");
  check::append_comment(node, "second");
  EXPECT_EQ(to_text(node.find("C")->values.at(0).text), "first [a]\n\nsecond");
  EXPECT_EQ(node.properties.size(), 1u);
}

TEST(Annotate, AddPointsSkipsThoseListed) {
  Node node;
  const BoardSize size{19, 19};
  check::add_points(node, "TB", {}, size);
  EXPECT_EQ(node.find("TB"), nullptr); // nothing to add: no empty property
  check::add_points(node, "TB", {Point{0, 0}, Point{3, 3}}, size);
  check::add_points(node, "TB", {Point{3, 3}, Point{18, 18}}, size);
  const auto points = to_point_list(*node.find("TB"), size);
  ASSERT_TRUE(points);
  EXPECT_EQ(points->size(), 3u);
}

TEST(Annotate, FixResultRewritesTheWrongWinner) {
  check::AnnotateOptions options;
  options.fix_result = true;
  check::Annotated a = check::annotate(parse_sgf(testdata("counted-wrong-winner.sgf")), options);
  EXPECT_TRUE(a.result_fixed);
  const Node &root = a.collection.games.at(0).root();
  EXPECT_EQ(root.find("RE")->values.at(0).text, "B+13.5");
  EXPECT_NE(to_text(root.find("C")->values.at(0).text).find("RE was [W+13.50]"), std::string::npos);
  // The count's dispute is written as the score, not as a finding of the new record.
  EXPECT_EQ(count_code(a.findings, "result-mismatch"), 0u);
  const Game &game = a.collection.games.at(0);
  const Node &last = game.nodes[game.main_line().back()];
  EXPECT_NE(to_text(last.find("C")->values.at(0).text).find("Dispute (winner)"), std::string::npos);

  options.score = false;
  a = check::annotate(parse_sgf(testdata("counted-wrong-winner.sgf")), options);
  EXPECT_FALSE(a.result_fixed);
  EXPECT_EQ(a.collection.games.at(0).root().find("RE")->values.at(0).text, "W+13.50");
}

} // namespace

namespace {

// The KGS game above whose count names the other winner than RE, with `from` replaced by `to`.
ParseResult counted_wrong_winner_with(const std::string &from, const std::string &to) {
  std::string text = testdata("counted-wrong-winner.sgf");
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos);
  text.replace(at, from.size(), to);
  return parse_sgf(text);
}

TEST(CountBlockers, ACountOnUnreadableGameInformationIsNotRun) {
  const ParseResult clean = parse_sgf(testdata("counted-wrong-winner.sgf"));
  EXPECT_TRUE(check::count_blockers(clean).empty());
  EXPECT_EQ(count_code(check::check_record(clean, {}), "result-mismatch"), 1u);

  for (const auto &[from, to, code] : {std::tuple{"KM[0.50]", "KM[NaN]", "bad-value"},
                                       std::tuple{"SZ[19]", "SZ[0]", "bad-board-size"},
                                       std::tuple{"HA[3]", "HA[-3]", "bad-value"}}) {
    SCOPED_TRACE(to);
    const ParseResult bad = counted_wrong_winner_with(from, to);
    const Diagnostics blockers = check::blockers_of_game(check::count_blockers(bad), 0);
    ASSERT_EQ(blockers.size(), 1u);
    EXPECT_EQ(blockers[0].code, code);
    EXPECT_EQ(blockers[0].severity, Severity::error);
    const Diagnostics all = check::check_record(bad, {});
    EXPECT_EQ(count_code(all, code), 1u) << "check reports the same error";
    EXPECT_EQ(count_code(all, "result-mismatch"), 0u) << "and accuses RE on no guessed count";
  }
}

TEST(CountBlockers, AKomiGivenOnTheCommandLineReplacesAnUnreadableKm) {
  const ParseResult bad = counted_wrong_winner_with("KM[0.50]", "KM[half a point]");
  EXPECT_TRUE(check::count_blockers(bad, true).empty());
  check::CheckOptions options;
  options.rules.overrides = {"komi=0.5"};
  EXPECT_TRUE(rules::overrides_komi(options.rules.overrides));
  EXPECT_EQ(count_code(check::check_record(bad, options), "result-mismatch"), 1u);
}

TEST(CountBlockers, OtherErrorsDoNotStopTheCount) {
  // A misplaced property is an error of the record, not of what the count rests on.
  const ParseResult misplaced = counted_wrong_winner_with(";W[nc]", ";W[nc]SZ[19]");
  const Diagnostics spec = validate(misplaced.collection);
  EXPECT_EQ(count_code(spec, "root-property-misplaced"), 1u);
  EXPECT_TRUE(check::count_blockers(misplaced).empty());
}

// validate() keeps at most 10,000 findings a record (and 1,000 a game); what a count rests on is
// read whatever the findings before it.
TEST(CountBlockers, ErrorsPastTheDiagnosticLimitStillStopTheCount) {
  std::string noise; // 600 unknown properties, a warning each
  for (char a = 'A'; a <= 'X'; ++a)
    for (char b = 'A'; b <= 'Y'; ++b)
      noise += std::string{'Z', a, b} + "[1]";
  std::string text;
  for (int g = 0; g < 20; ++g)
    text += "(;GM[1]FF[4]SZ[19]" + noise + ")";
  // Then the counted game, its root all noise before an unreadable komi.
  std::string counted = testdata("counted-wrong-winner.sgf");
  const size_t km = counted.find("KM[0.50]");
  ASSERT_NE(km, std::string::npos);
  text += counted.replace(km, 8, noise + "KM[NaN]");
  const ParseResult parsed = parse_sgf(text);
  ASSERT_EQ(parsed.collection.games.size(), 21u);
  const Diagnostics spec = validate(parsed.collection);
  ASSERT_EQ(count_code(spec, "too-many-diagnostics"), 1u);
  ASSERT_EQ(count_code(spec, "bad-value"), 0u) << "the komi's error is past the limit";
  const Diagnostics blockers = check::blockers_of_game(check::count_blockers(parsed), 20);
  ASSERT_EQ(blockers.size(), 1u);
  EXPECT_EQ(blockers[0].code, "bad-value");
  EXPECT_EQ(count_code(check::check_record(parsed, {}), "result-mismatch"), 0u)
      << "no count on a guessed komi";
}

// Messages name points as players do (column letter without I, row from the bottom); the SGF
// letters are in Diagnostic::point. broken.sgf (9x9): W[ee] on Black's stone at tengen, W[jj] off
// the board; illegal_ko_1.sgf (19x19): Black retakes the ko at ik, the ninth column (J) and the
// tenth row from the top (9).
TEST(PointNames, MessagesNamePointsAsPlayersDoAndKeepTheLetters) {
  auto find = [](const Diagnostics &all, std::string_view code) {
    auto it =
        std::find_if(all.begin(), all.end(), [&](const Diagnostic &d) { return d.code == code; });
    EXPECT_NE(it, all.end()) << code;
    return it == all.end() ? Diagnostic{} : *it;
  };
  const std::string demo = std::string(SGF_TESTDATA) + "/demo/";
  const Diagnostics broken = check::check_record(parse_sgf(read_file(demo + "broken.sgf")), {});
  const Diagnostic occupied = find(broken, "occupied");
  EXPECT_EQ(occupied.message, "White plays at E5, which is already occupied: the move is void");
  EXPECT_EQ(occupied.point, "ee");
  EXPECT_EQ(find(broken, "point-off-board").point, "") << "jj is not a point of the board";

  const Diagnostics ko = check::check_record(parse_sgf(read_file(demo + "illegal_ko_1.sgf")), {});
  const Diagnostic retake = find(ko, "ko");
  EXPECT_EQ(retake.message.rfind("Black retakes the ko at J9 at once", 0), 0u) << retake.message;
  EXPECT_EQ(retake.point, "ik");

  // A point set up twice: D4 is dp.
  const Diagnostics twice = check::check_record(parse_sgf("(;GM[1]FF[4]SZ[19]AB[dp][cq:ep])"), {});
  const Diagnostic duplicate = find(twice, "duplicate-point");
  EXPECT_EQ(duplicate.message, "AB[cq:ep]: point D4 already set up in this node");
  EXPECT_EQ(duplicate.point, "dp");

  // Wider than 25 columns there are no letters for the columns: SGF letters everywhere.
  const Diagnostics wide = check::check_record(parse_sgf("(;GM[1]FF[4]SZ[26];B[zz];W[zz])"), {});
  EXPECT_EQ(find(wide, "occupied").message,
            "White plays at zz, which is already occupied: the move is void");
  EXPECT_EQ(find(wide, "occupied").point, "zz");

  // A pass is not a point: White passing out of turn has no point.
  const Diagnostics pass = check::check_record(parse_sgf("(;GM[1]FF[4]SZ[9];B[ee];B[])"), {});
  EXPECT_EQ(find(pass, "wrong-turn").point, "");
}

} // namespace
