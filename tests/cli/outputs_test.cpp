// End-to-end cases of the output every command shares: a standard output that cannot take the
// output (a full disk: /dev/full; closed) is exit status 2 and a message naming it, whatever the
// command, never a run that looks as if it wrote what it was asked to; -o - is standard output.
#include <gtest/gtest.h>

#include "tests/cli/cli_support.h"

#include <filesystem>
#include <string>
#include <vector>

namespace {

using OutputsCli = sgf::testing_support::CliTest;

class StandardOutputCli : public sgf::testing_support::CliTest {
protected:
  // Every command with real records: two professional games, the same game twice for dedupe, a
  // record with errors for check (a clean one writes nothing); split lists the files it writes.
  std::vector<std::string> commands() const {
    const std::string a = "collection/globis08-6.sgf", b = "collection/lg29-6.sgf";
    return {"info " + a,
            "check check/errors.sgf",
            "check --list-codes",
            "score " + a,
            "fmt " + a,
            "convert " + a,
            "strip " + a,
            "transform " + a,
            "annotate " + a,
            "render " + a,
            "view " + a,
            "standings " + a + " " + b,
            "report " + a,
            "merge " + a + " " + b,
            "diff " + a + " " + b,
            "dedupe " + a + " " + a,
            "split -d '" + (dir_ / "parts").string() + "' " + a};
  }
  // In a subshell: its own redirection is the one the command sees.
  sgf::testing_support::Outcome run(const std::string &command, const std::string &redirection) {
    std::filesystem::remove_all(dir_ / "parts");
    return shell("cd '" + std::string(SGF_TESTDATA) + "' && (NO_COLOR=1 '" + SGF_EXE + "' " +
                 command + " " + redirection + ")");
  }
};

TEST_F(StandardOutputCli, AFullStandardOutputIsExitTwoForEveryCommand) {
  for (const std::string &command : commands()) {
    const auto r = run(command, ">/dev/full");
    EXPECT_EQ(r.status, 2) << command << ": " << r.err;
    EXPECT_NE(
        r.err.find("error[unwritable]: cannot write standard output: No space left on device"),
        std::string::npos)
        << command << ": " << r.err;
  }
}

// A record with a warning has its output flushed before the warning is printed, so that the two
// keep in step on a terminal: a failure of that flush is the run's failure too, though nothing is
// left for the final flush to fail on (a record with invalid UTF-8 in a player's name).
TEST_F(StandardOutputCli, AFullStandardOutputIsExitTwoAfterARecordWithWarnings) {
  const std::string record = "score/profiles/fox-unfinished-board.sgf";
  for (const std::string command : {"fmt", "convert", "strip", "transform"}) {
    const auto r = run(command + " " + record, ">/dev/full");
    EXPECT_NE(r.err.find("warning[invalid-utf8]"), std::string::npos) << command << ": " << r.err;
    EXPECT_EQ(r.status, 2) << command << ": " << r.err;
    EXPECT_NE(
        r.err.find("error[unwritable]: cannot write standard output: No space left on device"),
        std::string::npos)
        << command << ": " << r.err;
  }
}

// A closed standard output (>&-) is an error too, and its number is never given to a file the
// command opens (which would then receive the output, or be an input the output fails on
// silently). split still writes its files.
TEST_F(StandardOutputCli, AClosedStandardOutputIsExitTwoForEveryCommand) {
  for (const std::string &command : commands()) {
    const auto r = run(command, ">&-");
    EXPECT_EQ(r.status, 2) << command << ": " << r.err;
    EXPECT_NE(r.err.find("error[unwritable]: cannot write standard output: Bad file descriptor"),
              std::string::npos)
        << command << ": " << r.err;
  }
  EXPECT_TRUE(std::filesystem::exists(dir_ / "parts/00001.sgf"));
}

TEST_F(OutputsCli, DashAsTheOutputIsStandardOutputNeverAFileNamedDash) {
  const std::string record = std::string(SGF_TESTDATA) + "/collection/globis08-6.sgf";
  for (const std::string command : {"info", "fmt", "score", "merge", "standings", "report"}) {
    const auto with_dash = shell("cd '" + dir_.string() + "' && '" + SGF_EXE + "' " + command +
                                 " '" + record + "' -o -");
    const auto without = shell("'" + std::string(SGF_EXE) + "' " + command + " '" + record + "'");
    EXPECT_EQ(with_dash.status, 0) << command << ": " << with_dash.err;
    EXPECT_FALSE(with_dash.out.empty()) << command;
    EXPECT_EQ(with_dash.out, without.out) << command;
    EXPECT_FALSE(std::filesystem::exists(dir_ / "-")) << command;
  }
}

// An empty name (a shell variable left unset: -o "$OUT") is a usage error wherever a file, a
// folder or a name template is wanted: never standard input, standard output, the current
// folder or a file named ".sgf". Nothing is written.
TEST_F(OutputsCli, AnEmptyNameIsAUsageErrorNeverADefault) {
  const std::string a = "collection/globis08-6.sgf", b = "collection/lg29-6.sgf";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"fmt " + a + " -o ''", "--output"},
      {"render " + a + " -o ''", "--output"},
      {"check ''", "inputs"},
      {"check " + a + " ''", "inputs"},
      {"check --files-from ''", "--files-from"},
      {"view ''", "file"},
      {"diff " + a + " ''", "second"},
      {"split " + a + " -d ''", "--directory"},
      {"split " + a + " -d parts -n ''", "--name"},
      {"convert " + a + " -d ''", "--directory"},
      {"dedupe " + a + " " + a + " --move-to ''", "--move-to"},
      {"standings " + a + " " + b + " --alias ''", "--alias"}};
  const std::filesystem::path here = dir_ / "here"; // the commands' current folder
  std::filesystem::create_directory(here);
  for (const auto &[command, option] : cases) {
    const auto r = shell("cd '" + here.string() + "' && cp -r '" + SGF_TESTDATA +
                         "/collection' . && '" + SGF_EXE + "' " + command + " </dev/null");
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_TRUE(r.out.empty()) << command << ": " << r.out;
    EXPECT_NE(r.err.find(option + ": an empty name names no file or folder"), std::string::npos)
        << command << ": " << r.err;
    std::filesystem::remove_all(here / "collection");
    EXPECT_TRUE(std::filesystem::is_empty(here)) << command << " wrote into the current folder";
  }
}

} // namespace

namespace {

using sgf::testing_support::read_file;

// -o naming an input: refused before anything is read or written, for every command with -o, and
// the record is left as it was. Met in a folder being read, the output is skipped with a note (a
// merge run again over its own folder does not merge its last output), and the run is clean.
TEST_F(OutputsCli, AnOutputThatIsAnInputIsRefusedOrSkipped) {
  namespace fs = std::filesystem;
  const fs::path testdata = SGF_TESTDATA;
  fs::create_directories(dir_ / "games");
  fs::copy_file(testdata / "collection/globis08-6.sgf", dir_ / "games/a.sgf");
  fs::copy_file(testdata / "collection/lg29-6.sgf", dir_ / "games/b.sgf");
  const std::string before = read_file(dir_ / "games/a.sgf");
  for (const std::string command :
       {"info", "check", "score", "fmt", "convert", "strip", "transform", "annotate", "standings",
        "report", "merge", "dedupe"}) {
    const auto r = shell("cd '" + dir_.string() + "/games' && '" + SGF_EXE + "' " + command +
                         " b.sgf a.sgf -o ./a.sgf");
    EXPECT_EQ(r.status, 2) << command << ": " << r.err;
    EXPECT_NE(r.err.find("-o names the input a.sgf, which the output would replace"),
              std::string::npos)
        << command << ": " << r.err;
    EXPECT_EQ(read_file(dir_ / "games/a.sgf"), before) << command;
  }
  const auto render = shell("cd '" + dir_.string() + "/games' && '" + SGF_EXE +
                            "' render a.sgf --format svg -o a.sgf");
  EXPECT_EQ(render.status, 2) << render.err;
  EXPECT_EQ(read_file(dir_ / "games/a.sgf"), before);
  const std::string merge =
      "cd '" + dir_.string() + "' && '" + SGF_EXE + "' merge games -o games/all.sgf";
  ASSERT_EQ(shell(merge).status, 0);
  const std::string merged = read_file(dir_ / "games/all.sgf");
  const auto again = shell(merge);
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("games/all.sgf: note[output-not-read]"), std::string::npos) << again.err;
  EXPECT_EQ(read_file(dir_ / "games/all.sgf"), merged);
}

// A record skipped on purpose, with a note (here a FIFO met in a folder), does not make a run
// fail, whichever command reads it.
TEST_F(OutputsCli, ARecordSkippedWithANoteLeavesTheRunClean) {
  namespace fs = std::filesystem;
  fs::create_directories(dir_ / "games");
  fs::copy_file(fs::path(SGF_TESTDATA) / "collection/globis08-6.sgf", dir_ / "games/a.sgf");
  ASSERT_EQ(shell("mkfifo '" + (dir_ / "games/f.sgf").string() + "'").status, 0);
  for (const std::string command : {"info games", "merge games", "dedupe games", "standings games",
                                    "report games", "split -d parts games"}) {
    const auto r = shell("cd '" + dir_.string() + "' && timeout 20 '" + SGF_EXE + "' " + command);
    EXPECT_EQ(r.status, 0) << command << ": " << r.err;
    EXPECT_NE(r.err.find("note[special-file]"), std::string::npos) << command << ": " << r.err;
  }
}

} // namespace
