// End-to-end cases of `sgf report`: exit statuses, the page on stdout or through -o, an
// unreadable input given a row, and -j not changing a byte of the page.
#include "tests/cli/cli_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace {

using sgf::testing_support::CliTest;
using sgf::testing_support::Outcome;
using sgf::testing_support::read_file;

class ReportCli : public CliTest {
protected:
  Outcome report(const std::string &args) {
    return shell(std::string("cd '") + SGF_TESTDATA + "' && '" + SGF_EXE + "' report " + args);
  }
};

TEST_F(ReportCli, ErrorsExitOneAndThePageGoesToStdout) {
  Outcome run = report("demo");
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_TRUE(run.out.starts_with("<!DOCTYPE html>"));
  EXPECT_TRUE(run.out.ends_with("</html>\n"));
  EXPECT_EQ(run.err, "");
}

TEST_F(ReportCli, CleanRecordsExitZero) {
  Outcome run = report("demo/kgs-2017-05-20-8.sgf -o '" + (dir_ / "r.html").string() + "'");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "");
  const std::string page = read_file(dir_ / "r.html");
  EXPECT_NE(page.find("<td>B+5.50</td><td title=\"japanese rules"), std::string::npos);
}

TEST_F(ReportCli, AnUnreadableInputExitsTwoAndHasARow) {
  Outcome run =
      report("demo/broken.sgf demo/no-such-file.sgf -o '" + (dir_ / "r.html").string() + "'");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("no-such-file.sgf"), std::string::npos) << run.err;
  const std::string page = read_file(dir_ / "r.html");
  EXPECT_NE(page.find("<code>unreadable</code>"), std::string::npos);
  EXPECT_NE(page.find("<td class=\"file\">demo/no-such-file.sgf</td>"), std::string::npos);
}

TEST_F(ReportCli, AnUnwritableOutputExitsTwo) {
  Outcome run = report("demo -o '" + (dir_ / "missing" / "r.html").string() + "'");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("unwritable"), std::string::npos) << run.err;
}

TEST_F(ReportCli, ThePageIsTheSameWhateverTheWorkers) {
  Outcome one = report("-j1 --max-diagrams 3 demo");
  Outcome two = report("-j4 --max-diagrams 3 demo");
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(one.out.find("<td>3 of 5 (the limit, --max-diagrams 3, was reached)</td>"),
            std::string::npos);
}

TEST_F(ReportCli, FormatIsNotAnOption) {
  EXPECT_EQ(report("--format json demo").status, 2);
}

} // namespace
