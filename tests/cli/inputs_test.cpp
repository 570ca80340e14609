// End-to-end cases of the inputs every command shares, on special files: a FIFO inside a folder
// is skipped with a note instead of hanging the command, and a FIFO named as an input is read
// as a stream (a record, or an archive); a record typed at a terminal ends with one Ctrl-D; with
// --format json every message on standard error is a JSON object, and a file name that is not
// UTF-8 is valid JSON. Every run has a timeout, so that a hang fails the test.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <poll.h>
#include <pty.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

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

// What a program reading standard error as JSON Lines meets: the record's diagnostics, an input
// that cannot be read, an empty file, a game left unscored, points not counted, an output that
// cannot be written, no record found. Each command is run twice: once on the inputs (its
// messages), once with an output it cannot write.
TEST_F(InputsCli, WithFormatJsonEveryMessageIsAJsonObject) {
  fs::copy_file(fs::path(SGF_TESTDATA) / "check" / "errors.sgf", dir_ / "errors.sgf");
  std::ofstream(dir_ / "empty.sgf").flush();
  std::ofstream(dir_ / "unscored.sgf") << "(;PB[Ann]BR[1d]PW[Cy]WR[strong]KM[NaN]RE[B+R];B[aa])";
  fs::create_directories(dir_ / "no-records");
  const std::string inputs = " errors.sgf empty.sgf unscored.sgf missing.sgf no-records";
  const std::string commands[] = {"check",
                                  "score",
                                  "info",
                                  "standings --points seed-ladder",
                                  "dedupe",
                                  "fmt",
                                  "convert",
                                  "transform --rotate 90",
                                  "strip --comments",
                                  "merge"};
  for (const std::string &command : commands)
    for (const std::string output : {"", " -o no-such-folder/out"}) {
      const std::string line = command + " --format json" + output + inputs;
      auto r = shell(in_folder(dir_, "timeout 60 \"$SGF\" " + line));
      EXPECT_EQ(r.status, 2) << line << ": " << r.err;
      int objects = 0;
      for (const std::string &message : sgf::testing_support::lines_of(r.err)) {
        const auto parsed = nlohmann::json::parse(message, nullptr, false);
        EXPECT_TRUE(parsed.is_object() && parsed.contains("code")) << line << ": " << message;
        ++objects;
      }
      EXPECT_GE(objects, 1) << line;
      const bool writes_late = command == "dedupe" || command.starts_with("standings");
      const std::string expected = output.empty() ? "unreadable" : "unwritable";
      if (output.empty() || !writes_late) {
        EXPECT_NE(r.err.find("\"code\":\"" + expected + "\""), std::string::npos) << line << r.err;
      }
    }
  for (const std::string line : {"diff --format json errors.sgf missing.sgf",
                                 "convert --format json -d empty.sgf/games errors.sgf"}) {
    auto r = shell(in_folder(dir_, "timeout 60 \"$SGF\" " + line));
    EXPECT_EQ(r.status, 2) << line;
    EXPECT_TRUE(nlohmann::json::parse(r.err, nullptr, false).is_object()) << line << ": " << r.err;
  }
}

// A record typed or pasted at a terminal ends with one Ctrl-D, as for cat: once the terminal has
// given its end, another read would wait for a second one.
TEST_F(InputsCli, StandardInputFromATerminalEndsWithOneCtrlD) {
  std::string record;
  {
    std::ifstream in(fs::path(SGF_TESTDATA) / "check" / "errors.sgf");
    record.assign(std::istreambuf_iterator<char>(in), {});
  }
  int terminal = -1;
  const pid_t pid = ::forkpty(&terminal, nullptr, nullptr, nullptr);
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::execl(SGF_EXE, "sgf", "check", "--no-progress", static_cast<char *>(nullptr));
    ::_exit(127);
  }
  const std::string typed = record + "\n\x04"; // the record, then Ctrl-D at a line's start
  EXPECT_EQ(::write(terminal, typed.data(), typed.size()), ssize_t(typed.size()));
  int status = 0;
  pid_t ended = 0;
  std::string screen;
  // Ten seconds at most. Once the command has exited, poll answers at once (the terminal hung
  // up): the wait is timed by the clock, not by polls.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (ended == 0 && std::chrono::steady_clock::now() < deadline) {
    pollfd output{terminal, POLLIN, 0};
    char buffer[4096];
    ssize_t n = 0;
    if (::poll(&output, 1, 100) > 0 && (n = ::read(terminal, buffer, sizeof buffer)) > 0)
      screen.append(buffer, size_t(n));
    else
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ended = ::waitpid(pid, &status, WNOHANG);
  }
  if (ended == 0) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  ::close(terminal);
  ASSERT_NE(ended, 0) << "still reading after one Ctrl-D:\n" << screen;
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << screen; // the record's errors
  EXPECT_NE(screen.find("-:3:3:"), std::string::npos) << screen;
}

// Control characters in a file name (a hostile archive's member) or in a record's values reach
// text output escaped: no terminal command (ESC, BEL) gets through, and a line break in a name
// starts no line of its own that would pass for a diagnostic.
TEST_F(InputsCli, ControlCharactersInNamesAndValuesAreShownEscaped) {
  const std::string name = "a\x1b]0;title\x07\nforged.sgf";
  std::ofstream(dir_ / name) << "(;FF[4]GM[1]SZ[9]KM[7.5]PB[Ann\x1b[2J]PW[Bob\x9b]RE[B+\x07]"
                                ";B[ee];W[ee]LB[dd:\x1b[31mX];B[ff];W[];B[])";
  std::ofstream(dir_ / "other.sgf") << "(;FF[4]GM[1]SZ[9]KM[7.5]PB[Ann\x1b[2J]PW[Cy]RE[W+R]"
                                       ";B[ee];W[ee];B[ff];W[];B[])";
  const std::string escaped = "a\\x1b]0;title\\x07\\nforged.sgf";
  const std::string commands[] = {"check",
                                  "check --summary",
                                  "score",
                                  "score --format tsv",
                                  "info",
                                  "standings",
                                  "diff",
                                  "fmt --check",
                                  "dedupe --min-moves 0",
                                  "render --title --move 2"};
  for (const std::string &command : commands) {
    const std::string second =
        command == "diff" || command.starts_with("dedupe") || command == "standings" ? " other.sgf"
                                                                                     : "";
    auto r = shell(in_folder(dir_, "\"$SGF\" " + command + " '" + name + "'" + second));
    EXPECT_NE(r.status, 2) << command << ": " << r.err;
    for (const std::string *output : {&r.out, &r.err}) {
      EXPECT_EQ(output->find('\x1b'), std::string::npos) << command << ": " << *output;
      EXPECT_EQ(output->find('\x07'), std::string::npos) << command << ": " << *output;
      EXPECT_EQ(output->find("\xc2\x9b"), std::string::npos) << command << ": " << *output;
      EXPECT_EQ(output->find("\nforged"), std::string::npos) << command << ": " << *output;
    }
    if (command == "check") {
      for (const std::string &line : sgf::testing_support::lines_of(r.out))
        EXPECT_TRUE(line.starts_with(escaped + ":")) << line;
    }
    // A TSV cell takes a line break for a space, as it does a tab.
    const bool tsv = command == "info" || command.ends_with("tsv");
    if (command != "standings" && command != "diff" && !command.starts_with("render")) {
      EXPECT_NE(r.out.find(tsv ? "a\\x1b]0;title\\x07 forged.sgf" : escaped), std::string::npos)
          << command << ": " << r.out;
    }
  }
}

// A file name that is not UTF-8 (a Shift_JIS or CP949 name from an old archive) is valid JSON in
// every command's JSON Lines, its bad bytes as U+FFFD, never ends the run, and can be found again:
// "file_bytes" holds its bytes in base64.
TEST_F(InputsCli, AFileNameThatIsNotUtf8IsValidJsonEverywhere) {
  const std::string name = "kifu-\x8a\xfb.sgf"; // Shift_JIS, not UTF-8
  fs::copy_file(fs::path(SGF_TESTDATA) / "check" / "errors.sgf", dir_ / name);
  fs::copy_file(fs::path(SGF_TESTDATA) / "check" / "errors.sgf", dir_ / "copy.sgf");
  // base64(1) of coreutils, not the library's own encoder.
  std::string bytes = shell("printf 'kifu-\\212\\373.sgf' | base64").out;
  bytes.erase(bytes.find_last_not_of('\n') + 1);
  for (const std::string command : {"check", "check --summary", "score", "info", "dedupe"}) {
    const std::string second = command == "dedupe" ? " copy.sgf --min-moves 0" : "";
    auto r = shell(in_folder(dir_, "\"$SGF\" " + command + " --format json '" + name + "'" +
                                       second + " --no-progress"));
    EXPECT_NE(r.status, 2) << command << ": " << r.err;
    EXPECT_EQ(r.err.find("exception"), std::string::npos) << command << ": " << r.err;
    const std::vector<std::string> lines = sgf::testing_support::lines_of(r.out);
    EXPECT_FALSE(lines.empty()) << command;
    bool named = false;
    for (const std::string &line : lines) {
      const auto parsed = nlohmann::json::parse(line, nullptr, false);
      EXPECT_TRUE(parsed.is_object()) << command << ": " << line;
      named |= line.find("kifu-\xef\xbf\xbd\xef\xbf\xbd.sgf\",\"file_bytes\":\"" + bytes + "\"") !=
               std::string::npos;
    }
    EXPECT_TRUE(named) << command << ": " << r.out;
  }
}

// Every batch command shows its progress line on standard error when that is a terminal (script
// gives one), and none with --no-progress. The list of inputs is a FIFO, which opens only once
// the command reads it (its progress line made), and the second input comes 0.3 s later, when
// the line's first refresh is due, however slowly the command started (AddressSanitizer).
TEST_F(InputsCli, EveryBatchCommandShowsProgressOnATerminal) {
  if (std::system("command -v script >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "script (util-linux) absent";
  fs::copy_file(fs::path(SGF_TESTDATA) / "collection" / "globis08-6.sgf", dir_ / "a.sgf");
  fs::copy_file(fs::path(SGF_TESTDATA) / "collection" / "lg29-6.sgf", dir_ / "b.sgf");
  const std::string commands[] = {"check -j 1",
                                  "score -j 1",
                                  "info -j 1",
                                  "fmt -j 1",
                                  "annotate -j 1",
                                  "transform -j 1 --rotate 90",
                                  "strip -j 1 --comments",
                                  "convert -j 1",
                                  "merge -j 1",
                                  "dedupe -j 1",
                                  "standings -j 1",
                                  "report -j 1",
                                  "split -d parts"};
  for (const std::string &command : commands) {
    for (const std::string &flag : {std::string(), std::string(" --no-progress")}) {
      const std::string list = "timeout 30 sh -c \"exec 3>list; echo a.sgf >&3; sleep 0.3; "
                               "echo b.sgf >&3\" & ";
      const std::string run = list + SGF_EXE " " + command + flag + " --files-from list >/dev/null";
      auto r =
          shell(in_folder(dir_, "rm -rf parts list && mkfifo list && timeout 60 script -qec '" +
                                    run + "' /dev/null"));
      EXPECT_EQ(r.status == 124, false) << command << ": timed out";
      EXPECT_EQ(r.out.find("/s\x1b[K") != std::string::npos, flag.empty()) // a line's end
          << command << flag << ": " << r.out;
      EXPECT_EQ(r.out.find("%"), std::string::npos) // a list from a FIFO has no known length
          << command << flag << ": " << r.out;
    }
  }
}

// Over files, whose sizes are known before they are read, the line says the share read: the
// inputs are measured on a thread of their own while the run goes on.
TEST_F(InputsCli, ProgressSaysTheShareReadOfFiles) {
  if (std::system("command -v script >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "script (util-linux) absent";
  fs::create_directory(dir_ / "games");
  for (int i = 0; i < 150; ++i)
    fs::copy_file(fs::path(SGF_TESTDATA) / "collection" / "globis08-6.sgf",
                  dir_ / "games" / ("g" + std::to_string(i) + ".sgf"));
  auto r = shell(in_folder(dir_, "timeout 120 script -qec '" SGF_EXE
                                 " score -j 1 games >/dev/null' /dev/null"));
  EXPECT_NE(r.out.find("/s, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("%"), std::string::npos) << r.out;
}

// One large collection is one record: while it is at work, the line says how long it has been,
// redrawn by the progress line's own thread, so that the run does not look hung. 600 games of a
// resigned game, whose unfinished board each count plays out: a few seconds on one worker.
TEST_F(InputsCli, ProgressGoesOnWhileOneLargeCollectionIsAtWork) {
  if (std::system("command -v script >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "script (util-linux) absent";
  const std::string game =
      sgf::testing_support::read_file(fs::path(SGF_TESTDATA) / "collection" / "globis08-6.sgf");
  std::string games;
  for (int i = 0; i < 600; ++i)
    games += game;
  std::ofstream(dir_ / "all.sgf") << games;
  for (const std::string flag : {"", " --no-progress"}) {
    auto r = shell(in_folder(dir_, "timeout 300 script -qec '" SGF_EXE " score -j 1" + flag +
                                       " all.sgf >/dev/null' /dev/null"));
    EXPECT_EQ(r.out.find("since the start\x1b[K") != std::string::npos, flag.empty()) << r.out;
  }
}

// A collection read in parts (some 10 MB of SGF text each) moves the share as each part is done:
// 8,000 resigned games, checked at once, then 2,500 games ended by passes, each counted, for a
// second or two after the first part.
TEST_F(InputsCli, ProgressSaysTheShareWithinOneLargeCollection) {
  if (std::system("command -v script >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "script (util-linux) absent";
  const fs::path data(SGF_TESTDATA);
  const std::string resigned =
      sgf::testing_support::read_file(data / "collection" / "globis08-6.sgf");
  const std::string counted =
      sgf::testing_support::read_file(data / "check" / "counted-wrong-winner.sgf");
  {
    std::ofstream all(dir_ / "all.sgf");
    for (int i = 0; i < 8000; ++i)
      all << resigned;
    for (int i = 0; i < 2500; ++i)
      all << counted;
  }
  auto r = shell(in_folder(dir_, "timeout 300 script -qec '" SGF_EXE
                                 " check -j 1 all.sgf >/dev/null' /dev/null"));
  // Before the record is done, a share above nothing and below the whole.
  bool within = false;
  for (size_t at = r.out.find("0 records, 0/s, "); at != std::string::npos;
       at = r.out.find("0 records, 0/s, ", at + 1)) {
    const int percent = std::atoi(r.out.c_str() + at + 16);
    within = within || (percent > 0 && percent < 99);
  }
  EXPECT_TRUE(within) << r.out;
}

// --charset is read by every command that reads records: the same bytes, a GB18030 name
// and comment under a CA that lies, come out as Hangul when the user says they are CP949, in
// the scan's fast path (info, standings) as in the parser's.
TEST_F(InputsCli, EveryCommandTakesCharset) {
  std::ofstream(dir_ / "gb.sgf")
      << "(;GM[1]FF[4]CA[UTF-8]PB[\xb0\xa1]PW[Bo]C[\xc4\xe3\xba\xc3];B[dd])";
  std::ofstream(dir_ / "plain.sgf") << "(;GM[1]FF[4]PB[Al]PW[Bo];B[dd])";
  const std::string commands[] = {"info",
                                  "fmt",
                                  "convert",
                                  "transform --rotate 90",
                                  "strip --comments",
                                  "merge",
                                  "annotate",
                                  "standings",
                                  "report",
                                  "render --format txt --title",
                                  "diff plain.sgf"};
  for (const std::string &command : commands) {
    const auto detected = shell(in_folder(dir_, "\"$SGF\" " + command + " gb.sgf"));
    const auto forced = shell(in_folder(dir_, "\"$SGF\" " + command + " --charset CP949 gb.sgf"));
    EXPECT_EQ(detected.out.find("\xea\xb0\x80"), std::string::npos) << command; // 가
    EXPECT_NE(forced.out.find("\xea\xb0\x80"), std::string::npos) << command << ": " << forced.out;
  }
  const auto split = shell(in_folder(dir_, "\"$SGF\" split --charset CP949 -d out gb.sgf"));
  EXPECT_EQ(split.status, 0) << split.err;
  EXPECT_NE(sgf::testing_support::read_file(dir_ / "out" / "00001.sgf").find("\xea\xb0\x80"),
            std::string::npos);
  // A charset iconv does not know is a usage error, before any record is read or written.
  for (const char *command : {"check", "score", "fmt -i", "split -d bad", "view"}) {
    const auto unknown =
        shell(in_folder(dir_, "\"$SGF\" " + std::string(command) + " --charset CP-0 gb.sgf"));
    EXPECT_EQ(unknown.status, 2) << command;
    EXPECT_NE(unknown.err.find("--charset: unknown charset 'CP-0'"), std::string::npos)
        << command << ": " << unknown.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir_ / "bad"));
}

} // namespace
