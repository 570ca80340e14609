// End-to-end cases of `sgf check`: the built executable (SGF_EXE) on records in testdata/check:
// exit statuses 0/1/2, the text and JSON Lines formats, stdin, folders, options, and the man page
// listing every code the command can print.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/report/codes.h"
#include "tests/cli/cli_support.h"

using sgf::find_code;
using sgf::testing_support::CliTest;
using sgf::testing_support::lines_of;
using sgf::testing_support::Outcome;
using sgf::testing_support::read_file;

namespace {

namespace fs = std::filesystem;

class CheckCli : public CliTest {
protected:
  // Runs `sgf check <args>` from testdata/check, so that file names in messages are short.
  Outcome check(const std::string &args, const std::string &stdin_file = "/dev/null") {
    return shell(std::string("cd '") + SGF_TESTDATA + "/check' && NO_COLOR=1 '" + SGF_EXE +
                 "' check --no-progress " + args + " <'" + stdin_file + "'");
  }
};

const std::regex text_line(R"(^[^:]+(:\d+:\d+)?: (error|warning|note)\[[a-z]+(-[a-z]+)*\]: .+$)");

TEST_F(CheckCli, CleanRecordExitsZeroAndPrintsNothing) {
  Outcome r = check("clean.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(CheckCli, ErrorsExitOneInCompilerStyle) {
  Outcome r = check("errors.sgf");
  EXPECT_EQ(r.status, 1) << r.err;
  auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  for (const std::string &line : lines)
    EXPECT_TRUE(std::regex_match(line, text_line)) << line;
  // The rules engine finds the move on an occupied point, the spec check the move off the
  // board (reported once, not again as the rules' off-board).
  EXPECT_EQ(lines[0].rfind("errors.sgf:3:3: error[occupied]: ", 0), 0u) << lines[0];
  EXPECT_EQ(lines[1].rfind("errors.sgf:4:3: error[point-off-board]: ", 0), 0u) << lines[1];
}

TEST_F(CheckCli, JsonLinesCarryEveryKey) {
  Outcome r = check("--format json errors.sgf");
  EXPECT_EQ(r.status, 1) << r.err;
  auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  for (const std::string &line : lines) {
    auto j = nlohmann::json::parse(line);
    for (const char *key :
         {"file", "game", "node", "move", "point", "line", "col", "severity", "code", "message"})
      EXPECT_TRUE(j.contains(key)) << key << " in " << line;
    EXPECT_EQ(j.size(), 10u) << line;
  }
  EXPECT_EQ(check("--json errors.sgf").out, r.out); // --json is short for --format json
  // W[ee] on Black's stone at tengen of the 9x9 board: E5 in the message, ee in "point".
  auto occupied = nlohmann::json::parse(lines[0]);
  EXPECT_EQ(occupied["point"], "ee");
  EXPECT_NE(occupied["message"].get<std::string>().find(" at E5,"), std::string::npos) << lines[0];
  auto off = nlohmann::json::parse(lines[1]);
  EXPECT_EQ(off["file"], "errors.sgf");
  EXPECT_EQ(off["code"], "point-off-board");
  EXPECT_EQ(off["severity"], "error");
  EXPECT_EQ(off["game"], 0);
  EXPECT_EQ(off["node"], 3);
  EXPECT_EQ(off["move"], 3);
  EXPECT_TRUE(off["point"].is_null()) << "a move off the board is no point";
  EXPECT_EQ(off["line"], 4);
  EXPECT_EQ(off["col"], 3);
}

TEST_F(CheckCli, WarningsAndNotesAloneAreClean) {
  Outcome r = check("warnings.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("warning[bad-game-info]"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("note["), std::string::npos) << r.out; // notes hidden by default

  r = check("--severity note warnings.sgf");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("warnings.sgf:1:38: note[unknown-property]: private property TT (Fox"),
            std::string::npos)
      << r.out;

  r = check("--severity error errors.sgf warnings.sgf");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out.find("warnings.sgf"), std::string::npos) << r.out;
}

TEST_F(CheckCli, QuietPrintsNothingButKeepsTheStatus) {
  Outcome r = check("--quiet errors.sgf");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
}

TEST_F(CheckCli, ReadsStandardInput) {
  Outcome r = check("-", std::string(SGF_TESTDATA) + "/check/errors.sgf");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out.rfind("-:3:3: error[occupied]", 0), 0u) << r.out;
  r = check("", std::string(SGF_TESTDATA) + "/check/clean.sgf"); // no input: stdin
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST_F(CheckCli, WalksFoldersInOrder) {
  Outcome r = check("tree");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out.find("notes.txt"), std::string::npos); // only *.sgf from folders
  EXPECT_NE(r.out.find("tree/sub/b.sgf:3:3: error[occupied]"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("a.sgf"), std::string::npos) << r.out;
}

TEST_F(CheckCli, ReadsArchivesInPlaceAndWritesToAFile) {
  std::string archive = (dir_ / "round.tar.gz").string();
  ASSERT_EQ(std::system(
                ("tar -czf '" + archive + "' -C '" + SGF_TESTDATA + "/check' clean.sgf errors.sgf")
                    .c_str()),
            0);
  std::string out = (dir_ / "report.txt").string();
  Outcome r = check("-o '" + out + "' '" + archive + "'");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out, ""); // everything went to the file
  std::string report = read_file(out);
  EXPECT_NE(report.find("round.tar.gz!/errors.sgf:3:3: error[occupied]"), std::string::npos)
      << report;
  EXPECT_EQ(report.find("clean.sgf"), std::string::npos) << report;
}

// A folder holding only an archive gives no record (folders do not open archives): a warning
// says so instead of a silent clean exit; the archive named itself is read.
TEST_F(CheckCli, InputsWithoutRecordsAreNamedInAWarning) {
  fs::create_directories(dir_ / "round");
  ASSERT_EQ(std::system(("tar -czf '" + (dir_ / "round" / "games.tar.gz").string() + "' -C '" +
                         SGF_TESTDATA + "/check' errors.sgf")
                            .c_str()),
            0);
  Outcome r = check("'" + (dir_ / "round").string() + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("sgf: warning[no-records]: the inputs hold no record"), std::string::npos)
      << r.err;
  Outcome named = check("'" + (dir_ / "round" / "games.tar.gz").string() + "'");
  EXPECT_EQ(named.status, 1) << named.err;
  EXPECT_EQ(named.err.find("no-records"), std::string::npos) << named.err;
}

TEST_F(CheckCli, EveryVariationByDefault) {
  // The variation's move on an occupied point is found without asking; --main-line restricts
  // the replay to the main line; --variations, the old way to ask, is the default.
  Outcome r = check("variation.sgf");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("variation.sgf:4:4: error[occupied]"), std::string::npos) << r.out;
  EXPECT_EQ(check("--variations variation.sgf").out, r.out);
  EXPECT_EQ(check("--main-line variation.sgf").status, 0);
  EXPECT_EQ(check("--main-line --variations variation.sgf").status, 2);
}

// counted-agrees.sgf is kgs_6d_u-go/KGS2001/2001-01-16-7.sgf from the corpus (counted, B+13.50,
// ended by two passes). The other counted-*.sgf are that record edited: RE[W+13.50] names the
// wrong winner; -no-passes also drops the two final passes; -forfeit also has White pass twice
// in a row before the end (a loss under japanese rules, which the rules report themselves).
TEST_F(CheckCli, CountedResultWithTheWrongWinner) {
  Outcome r = check("counted-agrees.sgf");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find("result-mismatch"), std::string::npos) << r.out;

  r = check("counted-wrong-winner.sgf");
  EXPECT_EQ(r.status, 1) << r.err;
  auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 1u) << r.out;
  EXPECT_EQ(lines[0].rfind("counted-wrong-winner.sgf:11:3: error[result-mismatch]: game ended by "
                           "passes, counted under japanese rules (komi 0.5;",
                           0),
            0u)
      << lines[0];
  EXPECT_NE(lines[0].find("): RE[W+13.50] but the count gives B+13.5"), std::string::npos)
      << lines[0];

  // Not counted when the game did not end by passes: no score, no finding.
  r = check("counted-wrong-winner-no-passes.sgf");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.out, "");
  // --no-rules counts nothing either.
  EXPECT_EQ(check("--no-rules counted-wrong-winner.sgf").status, 0);

  // One result-mismatch per game: the rules' own (White lost by two moves in a row) wins.
  r = check("counted-wrong-winner-forfeit.sgf");
  EXPECT_EQ(r.status, 1) << r.err;
  size_t mismatches = 0;
  for (const std::string &line : lines_of(r.out))
    mismatches += line.find("error[result-mismatch]") != std::string::npos;
  EXPECT_EQ(mismatches, 1u) << r.out;
  EXPECT_NE(r.out.find("two moves in a row at move 218"), std::string::npos) << r.out;
}

TEST_F(CheckCli, CouldNotRunExitsTwo) {
  Outcome r = check("--rules nonsense clean.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("chinese"), std::string::npos) << r.err; // the list of presets
  EXPECT_NE(r.err.find("tromp-taylor"), std::string::npos) << r.err;
  EXPECT_EQ(check("--rule komi=lots clean.sgf").status, 2);
  EXPECT_EQ(check("--format tsv clean.sgf").status, 2);
  EXPECT_EQ(check("--severity loud clean.sgf").status, 2);
  EXPECT_EQ(check("no-such-file.sgf").status, 2);
  // An unreadable input does not hide the problems of the others.
  r = check("no-such-file.sgf errors.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("error[occupied]"), std::string::npos) << r.out;
}

TEST_F(CheckCli, RulesAndOverrides) {
  Outcome r = check("--rules japanese --rule komi=0.5 --severity note clean.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("rules-assumed"), std::string::npos) << r.out;
  r = check("--severity note sgfc-strict.sgf"); // no RU: chinese, said as a note
  EXPECT_NE(r.out.find("note[rules-assumed]: no RU: chinese rules assumed"), std::string::npos)
      << r.out;
  // No RU in a game between professionals with no KM (1838): japanese, said as a note.
  r = check("--severity note pro-clean.sgf");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("note[rules-convention]: no RU: japanese rules apply (a professional game "
                       "with no KM)"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("rules-assumed"), std::string::npos) << r.out;
}

// A record that names no rule set is checked under the rules of the server it comes from, where
// its profile has them: NNGS (nngs-long-cycle.sgf, GNU Go's regression game filllib10 from
// corpus/rules, PC[NNGS] and no RU) played by Japanese rules, under which a move that repeats the
// whole board outside a ko is a long cycle, not the superko violation Chinese rules make of it.
TEST_F(CheckCli, ServerRulesWhereTheRecordNamesNone) {
  Outcome r = check("--severity note nngs-long-cycle.sgf");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("note[rules-convention]: no RU: japanese rules apply (nngs profile)"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("rules-assumed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("warning[repetition]"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("superko"), std::string::npos) << r.out;
  r = check("--rules chinese nngs-long-cycle.sgf");
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("error[superko]"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("rules-convention"), std::string::npos) << r.out;
}

// A Fox record with HA[4], no AB and White first is replayed on the fixed handicap points, as the
// fox profile says; --profile none replays it as written, where Black's stones run short of
// liberties and later moves fall on occupied points.
TEST_F(CheckCli, ProfileOptionChoosesTheBoardTheMovesArePlayedOn) {
  const char *fox = "fox-handicap-no-ab-1562485375022405140.sgf";
  Outcome r = check(std::string("--select handicap-mismatch,suicide,occupied ") + fox);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  r = check(std::string("--profile none --select handicap-mismatch,suicide,occupied ") + fox);
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("error[handicap-mismatch]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("error[occupied]"), std::string::npos) << r.out;
  r = check(std::string("--profile nope ") + fox);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown profile 'nope'"), std::string::npos) << r.err;
}

TEST_F(CheckCli, SgfcTestFileIsAnError) {
  Outcome r = check("--format json sgfc-test.sgf");
  EXPECT_EQ(r.status, 1);
  auto lines = lines_of(r.out);
  EXPECT_GT(lines.size(), 60u);
  for (const std::string &line : lines)
    EXPECT_TRUE(nlohmann::json::accept(line)) << line;
}

// SGFC's own output on its test file (sgfc-test-output.txt, "Line:N Col:M - ..."): sgf reports
// on every line SGFC does, at the default severity (the two unknown properties, LONGID on line 31
// and XX on line 35, are warnings as in SGFC: no application writes them).
TEST_F(CheckCli, EveryLineSgfcReports) {
  const std::string sgfc = read_file(fs::path(SGF_TESTDATA) / "check" / "sgfc-test-output.txt");
  ASSERT_FALSE(sgfc.empty());
  std::set<int> expected;
  const std::regex line_of(R"(^Line:(\d+) Col:\d+)");
  for (const std::string &line : lines_of(sgfc))
    if (std::smatch m; std::regex_search(line, m, line_of))
      expected.insert(std::stoi(m[1]));
  ASSERT_EQ(expected.size(), 44u);
  auto reported = [&](const std::string &options) {
    std::set<int> found;
    for (const std::string &line : lines_of(check(options + " sgfc-test.sgf").out))
      if (line.starts_with("sgfc-test.sgf:") && std::isdigit(static_cast<unsigned char>(line[14])))
        found.insert(std::stoi(line.substr(14)));
    return found;
  };
  std::set<int> missing;
  const std::set<int> shown = reported("");
  std::set_difference(expected.begin(), expected.end(), shown.begin(), shown.end(),
                      std::inserter(missing, missing.end()));
  EXPECT_EQ(missing, std::set<int>{});
  // The three SGFC checks sgf added, at SGFC's line and column.
  const std::string out = check("sgfc-test.sgf").out;
  for (const char *finding :
       {"sgfc-test.sgf:6:1: warning[sgf-before-game]", "sgfc-test.sgf:22:3: warning[nul-byte]",
        "sgfc-test.sgf:39:4: warning[setup-no-effect]: AB has no effect at",
        "sgfc-test.sgf:39:11: warning[setup-no-effect]: AW",
        "sgfc-test.sgf:39:18: warning[setup-no-effect]: AE"})
    EXPECT_NE(out.find(finding), std::string::npos) << finding << "\n" << out;
}

// The man page documents every code `sgf check --list-codes` knows.
TEST_F(CheckCli, ManPageListsEveryCode) {
  Outcome r = check("--list-codes");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string man = read_file(fs::path(SGF_TESTDATA) / ".." / "man" / "sgf-check.1");
  ASSERT_FALSE(man.empty());
  auto lines = lines_of(r.out);
  EXPECT_GT(lines.size(), 30u);
  for (const std::string &line : lines) {
    std::string code = line.substr(0, line.find(' '));
    std::string roff; // roff escapes '-' in code names as '\-'
    for (char c : code)
      roff += c == '-' ? std::string("\\-") : std::string(1, c);
    EXPECT_NE(man.find(".B " + roff), std::string::npos) << code;
  }
}

// The codes every record reader emits (SGF, GIB, NGF, UGF, kifu) are in the documented list
// (--list-codes, --ignore) and in the man page.
TEST_F(CheckCli, ManPageListsEveryParserCode) {
  fs::path root = fs::path(SGF_TESTDATA) / "..";
  std::string man = read_file(root / "man" / "sgf-check.1");
  ASSERT_FALSE(man.empty());
  // A code is the string after a severity (diag(Severity::warning, "code", ...)), assigned to a
  // Diagnostic's code, or the first argument of a reader's error/warning/note helper; other
  // strings in the parsers (charset names) are not codes.
  const std::regex literal(
      R"re((?:Severity::[a-z]+,\s*|code = |\b(?:error|warning|note)\(\s*)"([a-z]+(-[a-z]+)*)")re");
  std::map<std::string, int> codes_per_reader;
  for (const char *reader : {"sgf", "gib", "ngf", "ugf", "kifu", "record"})
    for (const auto &entry : fs::directory_iterator(root / "parsers" / reader)) {
      std::string source = read_file(entry.path());
      for (std::sregex_iterator it(source.begin(), source.end(), literal), end; it != end; ++it) {
        std::string code = (*it)[1], roff;
        for (char c : code)
          roff += c == '-' ? std::string("\\-") : std::string(1, c);
        EXPECT_NE(man.find(".B " + roff + "\n"), std::string::npos)
            << code << " from " << entry.path();
        EXPECT_NE(find_code(code), nullptr) << code << " from " << entry.path();
        ++codes_per_reader[reader];
      }
    }
  EXPECT_GT(codes_per_reader["sgf"], 15);
  for (const char *reader : {"gib", "ngf", "ugf", "kifu"})
    EXPECT_GE(codes_per_reader[reader], 3) << reader;
}

} // namespace
