// End-to-end cases of the inputs every command shares, on special files: a FIFO inside a folder
// is skipped with a note instead of hanging the command, and a FIFO named as an input is read
// as a stream (a record, or an archive). Every run has a timeout, so that a hang fails the test.
#include <gtest/gtest.h>

#include <filesystem>
#include <sys/stat.h>

#include "tests/cli/cli_support.h"

namespace {

namespace fs = std::filesystem;

using InputsCli = sgf::testing_support::CliTest;

// A shell command line run in `folder` with $SGF and $CHECK (testdata/check) set.
std::string in_folder(const fs::path &folder, const std::string &command) {
  return "cd '" + folder.string() + "' && SGF='" + SGF_EXE + "' CHECK='" + SGF_TESTDATA +
         "/check' NO_COLOR=1 && " + command;
}

TEST_F(InputsCli, AFifoInAFolderIsSkippedWithANote) {
  fs::create_directories(dir_ / "games");
  fs::copy_file(fs::path(SGF_TESTDATA) / "check" / "errors.sgf", dir_ / "games" / "a.sgf");
  ASSERT_EQ(::mkfifo((dir_ / "games" / "x.sgf").c_str(), 0600), 0);
  for (const std::string command : {"check", "info", "fmt --check", "score"}) {
    auto r = shell(in_folder(dir_, "timeout 60 \"$SGF\" " + command + " --no-progress games"));
    EXPECT_NE(r.status, 124) << command << ": timed out";
    EXPECT_NE(r.err.find("games/x.sgf: note[special-file]: skipped: a FIFO (named pipe)"),
              std::string::npos)
        << command << ": " << r.err;
    EXPECT_EQ(r.err.find("unreadable"), std::string::npos) << command << ": " << r.err;
  }
  auto r = shell(in_folder(dir_, "timeout 60 \"$SGF\" check --no-progress games"));
  EXPECT_EQ(r.status, 1) << r.err; // the record's errors; the FIFO changes nothing
  EXPECT_NE(r.out.find("games/a.sgf:3:3: error[occupied]"), std::string::npos) << r.out;
  r = shell(in_folder(dir_, "timeout 60 \"$SGF\" info --no-progress games"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("games/a.sgf\t"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("x.sgf"), std::string::npos) << r.out;
}

TEST_F(InputsCli, AFifoNamedAsAnInputIsReadAsAStream) {
  ASSERT_EQ(::mkfifo((dir_ / "pipe.sgf").c_str(), 0600), 0);
  auto r = shell(in_folder(dir_, "(cat \"$CHECK/errors.sgf\" >pipe.sgf &) && timeout 60 \"$SGF\" "
                                 "check --no-progress pipe.sgf"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.out.find("pipe.sgf:3:3: error[occupied]"), std::string::npos) << r.out << r.err;
  // An archive through the FIFO is streamed: its members are read.
  r = shell(in_folder(dir_, "tar -cz -C \"$CHECK\" clean.sgf errors.sgf >games.tgz && (cat "
                            "games.tgz >pipe.sgf &) && timeout 60 \"$SGF\" check --no-progress "
                            "pipe.sgf"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.out.find("pipe.sgf!/errors.sgf:3:3: error[occupied]"), std::string::npos)
      << r.out << r.err;
}

} // namespace
