// What users of SGFC and linters expect of a checker, on the demo records (real games; the
// expected findings are those listed in README's demo output): check's --ignore, --select,
// --summary, --color, --charset and --format, and info's --fields.
#include "tests/cli/cli_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

using sgf::testing_support::CliTest;
using sgf::testing_support::lines_of;
using sgf::testing_support::Outcome;

namespace {

class CheckerOptions : public CliTest {
protected:
  // Runs `sgf <args>` in testdata/demo with NO_COLOR set, as a pipeline sees it.
  Outcome sgf(const std::string &args, const std::string &env = "NO_COLOR=1") {
    return shell(std::string("cd '") + SGF_TESTDATA + "/demo' && " + env + " '" + SGF_EXE + "' " +
                 args + " --no-progress </dev/null");
  }
};

// broken.sgf: a move on an occupied point and one off the 9x9 board (errors), an unclosed value
// and a missing parenthesis (warnings).
TEST_F(CheckerOptions, IgnoreDropsCodesFromTheOutputAndTheExitStatus) {
  Outcome all = sgf("check broken.sgf");
  EXPECT_EQ(all.status, 1);
  ASSERT_EQ(lines_of(all.out).size(), 4u) << all.out;

  Outcome r = sgf("check --ignore occupied,point-off-board broken.sgf");
  EXPECT_EQ(r.status, 0) << "the warnings left are clean";
  EXPECT_EQ(r.out, "broken.sgf:3:14: warning[unclosed-value]: value not closed by ']' before the "
                   "end of the file\n"
                   "broken.sgf:4:1: warning[missing-close-paren]: 1 closing parenthesis missing "
                   "at the end of the file\n");
  // Repeatable, and the same as one list.
  EXPECT_EQ(sgf("check --ignore occupied --ignore point-off-board broken.sgf").out, r.out);
}

TEST_F(CheckerOptions, SelectKeepsOnlyTheNamedCodes) {
  Outcome r = sgf("check --select point-off-board,cycle broken.sgf triple_ko_12.sgf");
  EXPECT_EQ(r.status, 1);
  auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out; // one move off the board, the triple ko
  EXPECT_EQ(lines[0], "broken.sgf:3:3: error[point-off-board]: W[jj]: jj is off the 9×9 board");
  EXPECT_EQ(lines[1].rfind("triple_ko_12.sgf:27:9: warning[cycle]: triple ko", 0), 0u) << lines[1];
  // The triple ko has no superko to select under chinese rules.
  EXPECT_EQ(sgf("check --select superko triple_ko_12.sgf").out, "");
  // Only warnings selected: nothing fails.
  EXPECT_EQ(sgf("check --select unclosed-value broken.sgf").status, 0);
  // --ignore wins over --select.
  EXPECT_EQ(sgf("check --select ko --ignore ko illegal_ko_1.sgf").out, "");
}

TEST_F(CheckerOptions, UnknownCodesAreUsageErrors) {
  for (const char *option : {"--ignore", "--select"}) {
    Outcome r = sgf(std::string("check ") + option + " occupied,no-such-code broken.sgf");
    EXPECT_EQ(r.status, 2) << option;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("no-such-code: unknown code"), std::string::npos) << r.err;
  }
  // Every code --list-codes prints is accepted, the parser's included.
  Outcome codes = sgf("check --list-codes");
  std::string all;
  for (const std::string &line : lines_of(codes.out))
    all += (all.empty() ? "" : ",") + line.substr(0, line.find(' '));
  EXPECT_NE(all.find("not-sgf"), std::string::npos);
  EXPECT_NE(all.find("bad-board-size"), std::string::npos);
  EXPECT_NE(all.find("superko"), std::string::npos);
  EXPECT_EQ(sgf("check --ignore " + all + " .").status, 0);
}

TEST_F(CheckerOptions, SummaryCountsByCodeAndByFile) {
  Outcome r = sgf("check --summary broken.sgf illegal_ko_1.sgf triple_ko_12.sgf");
  EXPECT_EQ(r.status, 1);
  const std::string summary = r.out.substr(r.out.find("summary by code:\n"));
  EXPECT_EQ(summary, "summary by code:\n"
                     "      1 warning[cycle]\n"
                     "      1 error[ko]\n"
                     "      1 warning[missing-close-paren]\n"
                     "      1 error[occupied]\n"
                     "      1 error[point-off-board]\n"
                     "      1 warning[unclosed-value]\n"
                     "summary by file:\n"
                     "      4 broken.sgf (2 error(s), 2 warning(s), 0 note(s))\n"
                     "      1 illegal_ko_1.sgf (1 error(s), 0 warning(s), 0 note(s))\n"
                     "      1 triple_ko_12.sgf (0 error(s), 1 warning(s), 0 note(s))\n"
                     "total: 6 diagnostic(s) (3 error(s), 3 warning(s), 0 note(s)) in 3 of 3 "
                     "record(s)\n");

  Outcome json = sgf("check --summary --format json broken.sgf kgs-2017-05-20-8.sgf");
  auto lines = lines_of(json.out);
  ASSERT_EQ(lines.size(), 5u) << json.out;
  auto last = nlohmann::json::parse(lines.back());
  ASSERT_TRUE(last.contains("summary")) << lines.back();
  const auto &s = last["summary"];
  EXPECT_EQ(s["records"], 2);
  EXPECT_EQ(s["records_with_diagnostics"], 1);
  EXPECT_EQ(s["errors"], 2);
  EXPECT_EQ(s["warnings"], 2);
  EXPECT_EQ(s["by_code"].size(), 4u);
  ASSERT_EQ(s["by_file"].size(), 1u);
  EXPECT_EQ(s["by_file"][0]["file"], "broken.sgf");
  // Counts follow what is shown.
  Outcome errors = sgf("check --summary --severity error broken.sgf");
  EXPECT_NE(errors.out.find("total: 2 diagnostic(s) (2 error(s), 0 warning(s), 0 note(s))"),
            std::string::npos)
      << errors.out;
}

TEST_F(CheckerOptions, ColourOnlyWhenAskedOrOnATerminal) {
  const std::string red = "\x1b[1;31merror";
  // Not a terminal: auto and never give none; always gives colour, NO_COLOR or not.
  EXPECT_EQ(sgf("check broken.sgf", "").out.find('\x1b'), std::string::npos);
  EXPECT_EQ(sgf("check --color auto broken.sgf", "").out.find('\x1b'), std::string::npos);
  EXPECT_EQ(sgf("check --color never broken.sgf", "").out.find('\x1b'), std::string::npos);
  EXPECT_NE(sgf("check --color always broken.sgf", "").out.find(red), std::string::npos);
  EXPECT_NE(sgf("check --color always broken.sgf").out.find(red), std::string::npos);
  EXPECT_EQ(sgf("check --color sometimes broken.sgf").status, 2);
  // On a terminal (script gives one), auto colours unless NO_COLOR is set.
  if (std::system("command -v script >/dev/null 2>&1") == 0) {
    const std::string command = std::string("'") + SGF_EXE + "' check --no-progress broken.sgf";
    Outcome tty = shell(std::string("cd '") + SGF_TESTDATA +
                        "/demo' && env -u NO_COLOR script -qec \"" + command + "\" /dev/null");
    EXPECT_NE(tty.out.find(red), std::string::npos) << tty.out;
    tty = shell(std::string("cd '") + SGF_TESTDATA + "/demo' && NO_COLOR=1 script -qec \"" +
                command + "\" /dev/null");
    EXPECT_EQ(tty.out.find('\x1b'), std::string::npos) << tty.out;
  }
}

// korean-cp949-ca-utf8.sgf is CP949 with a lying CA[UTF-8]: detection reads it as CP949 and says
// so; --charset CP949 reads it so without a word; an unknown name is a usage error.
TEST_F(CheckerOptions, CharsetForcesTheInputCharset) {
  const std::string charsets =
      "--severity note --select charset-wrong,charset-detected,charset-unknown,invalid-bytes ";
  Outcome detected = sgf("check " + charsets + "korean-cp949-ca-utf8.sgf");
  EXPECT_NE(detected.out.find("note[charset-wrong]"), std::string::npos) << detected.out;
  Outcome forced = sgf("check --charset CP949 " + charsets + "korean-cp949-ca-utf8.sgf");
  EXPECT_EQ(forced.out, "");
  EXPECT_EQ(forced.status, 0);
  Outcome bogus = sgf("check --charset no-such-charset " + charsets + "korean-cp949-ca-utf8.sgf");
  EXPECT_EQ(bogus.status, 2);
  EXPECT_EQ(bogus.out, "");
  EXPECT_NE(bogus.err.find("unknown charset 'no-such-charset'"), std::string::npos) << bogus.err;
  // info and score take it too: the names read as CP949 are the Korean ones.
  Outcome info = sgf("info --charset CP949 --fields PB,PW korean-cp949-ca-utf8.sgf");
  EXPECT_EQ(info.out, "PB\tPW\n커제\t탕웨이싱\n");
  Outcome latin = sgf("info --charset ISO-8859-1 --fields PB korean-cp949-ca-utf8.sgf");
  EXPECT_NE(latin.out, "PB\n커제\n");
  EXPECT_EQ(sgf("score --charset CP949 kgs-2017-05-20-8.sgf").status, 0);
}

TEST_F(CheckerOptions, CheckRefusesTsvAsAUsageError) {
  Outcome r = sgf("check --format tsv broken.sgf");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  Outcome help = sgf("check --help");
  EXPECT_NE(help.out.find("text|json"), std::string::npos);
  EXPECT_EQ(help.out.find("tsv"), std::string::npos) << help.out;
}

TEST_F(CheckerOptions, InfoFieldsChooseTheColumns) {
  Outcome r = sgf("info --fields PB,PW,RE,GN,moves,file illegal_ko_1.sgf broken.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "PB\tPW\tRE\tGN\tmoves\tfile\n"
                   "Cho Chikun\tOtake Hideo\tVoid\t\t213\tillegal_ko_1.sgf\n"
                   "Black\tWhite\tW+R\t\t5\tbroken.sgf\n");
  Outcome json = sgf("info --format json --fields game,DT,AP kgs-2017-05-20-8.sgf");
  EXPECT_EQ(json.out, "{\"game\":0,\"DT\":\"2017-05-20\",\"AP\":\"CGoban:3\"}\n");
  // The default is the documented list.
  Outcome all = sgf("info kgs-2017-05-20-8.sgf");
  EXPECT_EQ(lines_of(all.out)[0],
            "file\tgame\tPB\tBR\tPW\tWR\tDT\tEV\tRO\tPC\tRU\tKM\tHA\tSZ\tRE\tTM\tOT\tmoves");
  for (const char *bad : {"pb", "PB,,PW", "PB,nonsense"}) {
    Outcome refused = sgf(std::string("info --fields '") + bad + "' broken.sgf");
    EXPECT_EQ(refused.status, 2) << bad;
    EXPECT_EQ(refused.out, "") << bad;
  }
}

// score takes the same options through the same code (tools/checker_options.h); the goldens
// tests/cli/score-{ignore-dispute,select-summary,summary-json,color-blocker,ignore-blocker} show
// them on real records. Here: what they refuse, and colour only where asked.
TEST_F(CheckerOptions, ScoreSharesTheCheckerOptions) {
  Outcome unknown = sgf("score --ignore no-such-code kgs-2017-05-20-8.sgf");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("sgf score: --ignore no-such-code: unknown code"), std::string::npos)
      << unknown.err;
  // Codes of check and score's own are known.
  EXPECT_EQ(
      sgf("score --ignore superko,komi-convention,handicap-convention kgs-2017-05-20-8.sgf").status,
      0);
  Outcome tsv = sgf("score --summary --format tsv kgs-2017-05-20-8.sgf");
  EXPECT_EQ(tsv.status, 2);
  EXPECT_EQ(tsv.out, "");
  // A record with an error score will not count: its message on stderr, coloured only when asked.
  // The KGS record with KM[NaN] (the golden score-color-blocker's input).
  const std::string km_nan =
      "'" + std::string(SGF_TESTDATA) + "/../tests/cli/score-color-blocker/km-nan.sgf'";
  const std::string red = "\x1b[1;31merror";
  Outcome plain = sgf("score " + km_nan, "");
  EXPECT_EQ(plain.status, 1);
  EXPECT_NE(plain.err.find("error[bad-value]: KM[NaN]"), std::string::npos) << plain.err;
  EXPECT_EQ(plain.err.find('\x1b'), std::string::npos);
  EXPECT_EQ(sgf("score --color never " + km_nan, "").err.find('\x1b'), std::string::npos);
  EXPECT_NE(sgf("score --color always " + km_nan).err.find(red), std::string::npos);
  Outcome help = sgf("score --help");
  for (const char *option : {"--ignore", "--select", "--summary", "--color"})
    EXPECT_NE(help.out.find(option), std::string::npos) << option;
}

} // namespace
