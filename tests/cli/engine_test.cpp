// `sgf score --engine`: one engine process per worker for the whole run, --engine-timeout, and a
// message naming the engine and the command it did not answer, with GNU Go and with fake
// engines (shell scripts) that hang or die. Each engine script notes every start in a log.
#include "tests/cli/cli_support.h"
#include "tests/support/text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

using sgf::testing_support::CliTest;
using sgf::testing_support::Outcome;
using sgf::testing_support::read_file;

namespace {

using sgf::testing_support::occurrences;

namespace fs = std::filesystem;

// Real games: a KGS game with markup (ignored with --no-markup) and a 9x9 game, twice.
const char *const games[] = {"demo/kgs-2017-05-20-8.sgf", "score/japanese-9x9-DO2.sgf",
                             "score/japanese-9x9-DO2.sgf"};

size_t count_lines(const std::string &text) {
  return static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
}

class EngineCli : public CliTest {
protected:
  void SetUp() override {
    CliTest::SetUp();
    fs::create_directory(dir_ / "games");
    int i = 0;
    for (const char *game : games)
      fs::copy_file(fs::path(SGF_TESTDATA) / game,
                    dir_ / "games" / ("game" + std::to_string(i++) + ".sgf"));
  }
  // An engine script: logs its start, then runs `body` (a shell script reading GTP on stdin).
  std::string engine(const std::string &name, const std::string &body) {
    const fs::path path = dir_ / name;
    std::ofstream(path) << "#!/bin/sh\necho start >> '" << (dir_ / "starts.log").string() << "'\n"
                        << body << "\n";
    fs::permissions(path, fs::perms::owner_all);
    return path.string();
  }
  size_t starts() { return count_lines(read_file(dir_ / "starts.log")); }
  Outcome score(const std::string &args) {
    return shell("cd '" + dir_.string() + "' && NO_COLOR=1 '" + SGF_EXE +
                 "' score --no-progress --no-markup games " + args + " </dev/null");
  }
};

// Answers every command with success and nothing, except `final_status_list`.
std::string fake_gtp(const std::string &on_final_status) {
  return "while read line; do case \"$line\" in\n"
         "  final_status_list*) " +
         on_final_status +
         " ;;\n"
         "  quit*) printf '= \\n\\n'; exit 0 ;;\n"
         "  *) printf '= \\n\\n' ;;\n"
         "esac; done";
}

TEST_F(EngineCli, GnuGoRunsOnceForTheWholeRun) {
  const char *gnugo = "/usr/games/gnugo";
  if (access(gnugo, X_OK) != 0)
    GTEST_SKIP() << "gnugo is not installed (scripts/deps installs it)";
  const std::string e = engine("gnugo.sh", std::string("exec ") + gnugo + " --mode gtp --level 1");
  Outcome r = score("-j 1 --engine " + e);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(occurrences(r.out, "by engine (confidence 1.00)"), 3u) << r.out;
  EXPECT_EQ(starts(), 1u) << "one process for three games";
  // GNU Go's dead stones give the recorded results (B+5.50 on KGS, B+0.5 on the 9x9 game).
  EXPECT_NE(r.out.find("game0.sgf game 0: B+5.5 under japanese"), std::string::npos) << r.out;
  EXPECT_EQ(occurrences(r.out, "B+0.5 under japanese (komi 6.5); recorded B+0.5\n"), 2u) << r.out;

  // Two workers: never more processes than workers.
  fs::remove(dir_ / "starts.log");
  r = score("-j 2 --engine " + e);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_LE(starts(), 2u);
  EXPECT_GE(starts(), 1u);
}

TEST_F(EngineCli, AnEngineThatHangsIsStoppedAtTheTimeoutAndRestarted) {
  const std::string e = engine("hang.sh", fake_gtp("sleep 1000"));
  const auto start = std::chrono::steady_clock::now();
  Outcome r = score("-j 1 --engine-timeout 1 --engine " + e);
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start);
  EXPECT_EQ(r.status, 2) << "the engine asked for did not judge the games";
  EXPECT_LT(seconds.count(), 20.0) << "three games of one second each";
  EXPECT_EQ(occurrences(r.err, "warning[engine-failed]: engine `" + e +
                                   "` did not answer `final_status_list dead` within 1 s"),
            3u)
      << r.err;
  EXPECT_EQ(starts(), 3u) << "stopped after each timeout, started again for the next game";
  // Every game is still counted, by the built-in estimator.
  EXPECT_EQ(occurrences(r.out, "by estimator"), 3u) << r.out;
}

TEST_F(EngineCli, AnEngineThatDiesIsNamedWithItsStatusAndRestarted) {
  const std::string e = engine("die.sh", fake_gtp("exit 3"));
  Outcome r = score("-j 1 --engine " + e);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(occurrences(r.err, "engine `" + e +
                                   "` exited before answering `final_status_list dead` (with "
                                   "status 3)"),
            3u)
      << r.err;
  EXPECT_EQ(starts(), 3u);
  EXPECT_EQ(occurrences(r.out, "by estimator"), 3u) << r.out;
}

TEST_F(EngineCli, AnEngineThatAnswersAnErrorIsKept) {
  const std::string e = engine("refuses.sh", fake_gtp("printf '? cannot score\\n\\n'"));
  Outcome r = score("-j 1 --engine " + e);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(occurrences(r.err, "engine `" + e +
                                   "` answered `final_status_list dead` with: ? cannot score"),
            3u)
      << r.err;
  EXPECT_EQ(starts(), 1u) << "an engine that answers is not restarted";
}

TEST_F(EngineCli, TheTimeoutMustBePositive) {
  Outcome r = score("--engine-timeout 0 --engine true");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--engine-timeout"), std::string::npos) << r.err;
}

} // namespace
