// One verdict on bad game information in every command: what `sgf check` calls an error in what a
// count rests on (the record cut at a parse limit, SZ, KM, HA that cannot be read, a file that is
// not SGF), `sgf score` reports in the same words and does not score (exit 1); a komi that is not
// a number of points as KM writes it is refused on the command line (exit 2).
#include "tests/cli/cli_support.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

using sgf::testing_support::CliTest;
using sgf::testing_support::Outcome;
using sgf::testing_support::read_file;

namespace {

// A real game (KGS, Japanese rules, both players passed, RE[B+5.50]).
const std::string kgs_game = std::string(SGF_TESTDATA) + "/demo/kgs-2017-05-20-8.sgf";

class Verdict : public CliTest {
protected:
  // The KGS record with `from` replaced by `to`, written as `name` in the scratch folder.
  std::string variant(const std::string &name, const std::string &from, const std::string &to) {
    std::string text = read_file(kgs_game);
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos)
      text.replace(at, from.size(), to);
    return write(name, text);
  }
  std::string write(const std::string &name, const std::string &text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return name;
  }
  Outcome sgf(const std::string &args) {
    return shell("cd '" + dir_.string() + "' && NO_COLOR=1 '" + SGF_EXE + "' " + args +
                 " --no-progress </dev/null");
  }
  // check's error line with `code` for `file`, which score must print as it is.
  void expect_one_verdict(const std::string &file, const std::string &code) {
    SCOPED_TRACE(file);
    Outcome check = sgf("check --no-count " + file);
    EXPECT_EQ(check.status, 1) << check.out << check.err;
    const std::string tag = ": error[" + code + "]: ";
    const size_t at = check.out.find(tag);
    ASSERT_NE(at, std::string::npos) << check.out;
    const size_t begin =
        check.out.rfind('\n', at) == std::string::npos ? 0 : check.out.rfind('\n', at) + 1;
    const std::string line = check.out.substr(begin, check.out.find('\n', at) - begin + 1);

    Outcome score = sgf("score " + file);
    EXPECT_EQ(score.status, 1) << score.err;
    EXPECT_EQ(score.out, "") << "a game whose record has errors is not scored";
    EXPECT_NE(score.err.find(line), std::string::npos) << "check said:\n"
                                                       << line << "score said:\n"
                                                       << score.err;
    Outcome json = sgf("score --format json " + file);
    EXPECT_EQ(json.status, 1);
    EXPECT_EQ(json.out, "");
  }
};

TEST_F(Verdict, TheUntouchedRecordIsScored) {
  Outcome score = sgf("score '" + kgs_game + "'");
  EXPECT_EQ(score.status, 0) << score.err;
  EXPECT_EQ(score.out.find(": B+5.5 under japanese (komi 0.5)"), score.out.find(":")) << score.out;
}

TEST_F(Verdict, BoardSizesOutsideOneToFiftyTwoAreNotScored) {
  expect_one_verdict(variant("sz0.sgf", "SZ[19]", "SZ[0]"), "bad-board-size");
  expect_one_verdict(variant("sz53.sgf", "SZ[19]", "SZ[53]"), "bad-board-size");
}

TEST_F(Verdict, KomiThatIsNotAFiniteNumberIsNotScored) {
  expect_one_verdict(variant("nan.sgf", "KM[0.50]", "KM[NaN]"), "bad-value");
  expect_one_verdict(variant("inf.sgf", "KM[0.50]", "KM[inf]"), "bad-value");
  expect_one_verdict(variant("text.sgf", "KM[0.50]", "KM[half a point]"), "bad-value");
  // Unless the command line gives the komi: then KM is not needed.
  variant("nan.sgf", "KM[0.50]", "KM[NaN]");
  Outcome given = sgf("score --komi 0.5 nan.sgf");
  EXPECT_EQ(given.status, 0) << given.err;
  EXPECT_NE(given.out.find("B+5.5 under japanese (komi 0.5)"), std::string::npos) << given.out;
  EXPECT_EQ(sgf("score --rule komi=0.5 nan.sgf").status, 0);
}

TEST_F(Verdict, HandicapThatCannotBeReadIsNotScored) {
  expect_one_verdict(variant("ha.sgf", "KM[0.50]", "KM[0.50]HA[-2]"), "bad-value");
}

TEST_F(Verdict, ARecordCutAtTheNestingLimitIsNotScored) {
  // The moves of the real game, each in a variation nested in the one before: 10,001 levels,
  // one more than the parser reads.
  std::string text = read_file(kgs_game);
  const size_t first = text.find(";B[");
  std::vector<std::string> nodes;
  for (size_t at = first; at < text.size() && text[at] == ';';) {
    const size_t next = text.find_first_of(";)", at + 1);
    nodes.push_back(text.substr(at, next - at));
    at = next;
  }
  ASSERT_GT(nodes.size(), 200u);
  std::string nested = text.substr(0, first);
  for (size_t level = 0; level < 10'001; ++level)
    nested += "(" + nodes[level % nodes.size()];
  nested += std::string(10'002, ')');
  expect_one_verdict(write("deep.sgf", nested), "limit-exceeded");
}

TEST_F(Verdict, AFileThatIsNotSgfIsAnErrorNotAnUnreadableInput) {
  write("notes.sgf", "These are my notes about the game, not a record.\n");
  Outcome check = sgf("check notes.sgf");
  Outcome score = sgf("score notes.sgf");
  Outcome info = sgf("info notes.sgf");
  EXPECT_EQ(check.status, 1);
  EXPECT_EQ(info.status, 1);
  EXPECT_EQ(score.status, 1) << score.err;
  EXPECT_EQ(check.out, "notes.sgf:1:1: error[not-sgf]: no SGF game tree found (no \"(;\"); not "
                       "GIB, NGF, UGF/UGI or one-line kifu either\n");
  EXPECT_EQ(score.err, check.out);
}

// The command line takes a komi as KM writes one: 1e308 is finite, but no komi (it overflowed
// to "W+inf" once counted).
TEST_F(Verdict, NonFiniteKomiOnTheCommandLineIsAUsageError) {
  for (const char *komi : {"nan", "inf", "-inf", "NaN", "seven", "1e308", "0x10"}) {
    Outcome r = sgf(std::string("score --komi ") + komi + " '" + kgs_game + "'");
    EXPECT_EQ(r.status, 2) << komi;
    EXPECT_EQ(r.out, "") << komi;
    EXPECT_NE(r.err.find("--komi"), std::string::npos) << r.err;
  }
  for (const char *command : {"score", "check"})
    for (const char *komi : {"nan", "1e308"}) {
      Outcome r = sgf(std::string(command) + " --rule komi=" + komi + " '" + kgs_game + "'");
      EXPECT_EQ(r.status, 2) << command << " " << komi;
      EXPECT_NE(r.err.find("a number of points such as 6.5"), std::string::npos) << r.err;
    }
  Outcome written = sgf("score --rule komi=.5 '" + kgs_game + "'");
  EXPECT_NE(written.status, 2) << written.err;
  EXPECT_NE(written.out.find("(komi 0.5)"), std::string::npos) << written.out;
  written = sgf("score --komi -5.5 '" + kgs_game + "'");
  EXPECT_NE(written.status, 2) << written.err;
  EXPECT_NE(written.out.find("(komi -5.5)"), std::string::npos) << written.out;
}

} // namespace
