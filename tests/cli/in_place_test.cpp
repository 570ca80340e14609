// End-to-end cases of the writes that must never destroy: -o onto a FIFO, a device node, a
// symbolic link, a process substitution; fmt --in-place on a compressed file, another user's
// file, a file with extended attributes, a hard link, a record with trailing text, an archive
// member whose name looks like a path; transform and strip --in-place as fmt; annotate run twice;
// fmt --in-place killed with SIGINT and SIGKILL at random times.
#include "parsers/sgf/parse.h"
#include "tests/batch/helpers.h"
#include "tests/cli/cli_support.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <random>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <thread>
#include <unistd.h>

using sgf::testing_support::CliTest;
using sgf::testing_support::Outcome;
using sgf::testing_support::read_file;

namespace {

namespace fs = std::filesystem;

// A real professional record whose layout is not fmt's, and a real one with a finding (a move
// on an occupied point) for annotate.
const fs::path record_path = fs::path(SGF_CORPUS) / "counted/pro_cwi_via_gosei-kifu/Ing/08/26.sgf";
const fs::path flagged_path = fs::path(SGF_CORPUS) / "rules/replay_flagged/move_on_occupied_point/"
                                                     "pro_cwi_via_gosei-kifu/Tengen/16/19.sgf";

struct stat status_of(const fs::path &path) {
  struct stat info {};
  EXPECT_EQ(::lstat(path.c_str(), &info), 0) << path;
  return info;
}

void write_bytes(const fs::path &path, const std::string &bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string quoted(const fs::path &path) {
  return "'" + path.string() + "'";
}

class Writes : public CliTest {
protected:
  void SetUp() override {
    CliTest::SetUp();
    if (!fs::exists(record_path) || !fs::exists(flagged_path))
      GTEST_SKIP() << "corpus absent: " << SGF_CORPUS;
    original_ = read_file(record_path);
    Outcome formatted = sgf("fmt " + quoted(record_path));
    ASSERT_EQ(formatted.status, 0) << formatted.err;
    canonical_ = formatted.out;
    ASSERT_NE(canonical_, original_) << "the record must be one fmt changes";
  }
  Outcome sgf(const std::string &args) {
    return shell(std::string("'") + SGF_EXE + "' " + args + " --no-progress");
  }
  // A copy of the real record, writable by its owner.
  fs::path copy(const std::string &name, const std::string &bytes) {
    fs::path path = dir_ / name;
    write_bytes(path, bytes);
    ::chmod(path.c_str(), 0644);
    return path;
  }
  std::string original_, canonical_;
};

TEST_F(Writes, FifoAsOutputIsWrittenInPlace) {
  fs::path fifo = dir_ / "out.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  std::string got;
  std::thread reader([&] { got = read_file(fifo); });
  Outcome run = sgf("fmt " + quoted(record_path) + " -o " + quoted(fifo));
  reader.join();
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(got, canonical_);
  EXPECT_TRUE(S_ISFIFO(status_of(fifo).st_mode));
}

TEST_F(Writes, FakeDevNullStaysACharacterDevice) {
  fs::path null = dir_ / "null";
  if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
    GTEST_SKIP() << "making a device node needs root";
  Outcome run = sgf("info " + quoted(record_path) + " -o " + quoted(null));
  EXPECT_EQ(run.status, 0) << run.err;
  struct stat info = status_of(null);
  EXPECT_TRUE(S_ISCHR(info.st_mode));
  EXPECT_EQ(info.st_rdev, makedev(1, 3));
}

TEST_F(Writes, SymbolicLinkAsOutputAndInPlaceStaysALink) {
  fs::path target = copy("real.sgf", original_);
  fs::create_symlink("real.sgf", dir_ / "link.sgf");
  Outcome run = sgf("fmt --in-place " + quoted(dir_ / "link.sgf"));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.sgf"));
  EXPECT_EQ(read_file(target), canonical_);
  write_bytes(target, "old");
  run = sgf("fmt " + quoted(record_path) + " -o " + quoted(dir_ / "link.sgf"));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.sgf"));
  EXPECT_EQ(read_file(target), canonical_);
}

// A file named twice, or reached through a link in the same folder, is rewritten once: turned
// a quarter by one run, never half (or refused by its own second write), also when the first
// name's rewrite (a new inode) lands before the second name is read, as it always does with -j 1.
TEST_F(Writes, AFileNamedTwiceIsRewrittenOnce) {
  fs::path games = dir_ / "games";
  fs::create_directories(games);
  write_bytes(games / "b.sgf", canonical_);
  fs::create_symlink("b.sgf", games / "a.sgf");
  Outcome once = sgf("transform --rotate 90 " + quoted(games / "b.sgf"));
  ASSERT_EQ(once.status, 0) << once.err;
  for (const char *jobs : {"-j 1", "-j 2"}) {
    write_bytes(games / "b.sgf", canonical_);
    Outcome linked = sgf(std::string("transform --rotate 90 -i ") + jobs + " " + quoted(games));
    EXPECT_EQ(linked.status, 0) << jobs << linked.err;
    EXPECT_EQ(read_file(games / "b.sgf"), once.out) << jobs;
    EXPECT_NE(linked.err.find("note[read-already]"), std::string::npos) << jobs << linked.err;
  }
  write_bytes(games / "b.sgf", canonical_);
  Outcome twice = sgf("transform --rotate 90 -i -j 1 " + quoted(games / "b.sgf") + " " +
                      quoted(dir_ / "games/../games/b.sgf"));
  EXPECT_EQ(twice.status, 0) << twice.err;
  EXPECT_EQ(read_file(games / "b.sgf"), once.out);
}

TEST_F(Writes, ProcessSubstitutionAndStdoutAsOutput) {
  fs::path got = dir_ / "got.sgf";
  Outcome run = shell("bash -c \"'" + std::string(SGF_EXE) + "' fmt " + quoted(record_path) +
                      " -o >(cat > " + quoted(got) + "); wait\"");
  EXPECT_EQ(run.status, 0) << run.err;
  for (int i = 0; i < 50 && read_file(got) != canonical_; ++i) // cat may finish after sgf
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(read_file(got), canonical_);
  run = sgf("fmt " + quoted(record_path) + " -o /dev/stdout");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, canonical_);
}

TEST_F(Writes, GzipInPlaceStaysGzip) {
  fs::path plain = copy("a.sgf", original_);
  ASSERT_EQ(shell("gzip " + quoted(plain)).status, 0);
  fs::path gz = dir_ / "a.sgf.gz";
  Outcome run = sgf("fmt --in-place " + quoted(gz));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(read_file(gz).substr(0, 2), "\x1f\x8b");
  Outcome unpacked = shell("gzip -dc " + quoted(gz));
  EXPECT_EQ(unpacked.status, 0) << unpacked.err; // no trailing bytes after the stream either
  EXPECT_EQ(unpacked.out, canonical_);
}

TEST_F(Writes, AnotherUsersFileKeepsOwnerGroupAndMode) {
  fs::path theirs = copy("theirs.sgf", original_);
  if (::chown(theirs.c_str(), 65534, 65534) != 0)
    GTEST_SKIP() << "giving a file to another user needs root";
  ::chmod(theirs.c_str(), 0604);
  Outcome run = sgf("fmt --in-place " + quoted(theirs));
  EXPECT_EQ(run.status, 0) << run.err;
  struct stat info = status_of(theirs);
  EXPECT_EQ(info.st_uid, 65534u);
  EXPECT_EQ(info.st_gid, 65534u);
  EXPECT_EQ(info.st_mode & 07777, 0604u);
  EXPECT_EQ(read_file(theirs), canonical_);
}

TEST_F(Writes, ExtendedAttributesStayWithTheFile) {
  fs::path tagged = copy("tagged.sgf", original_);
  const std::string origin = "https://example.org/kifu/26";
  if (::setxattr(tagged.c_str(), "user.xdg.origin.url", origin.data(), origin.size(), 0) != 0)
    GTEST_SKIP() << "this file system keeps no user attributes";
  Outcome run = sgf("fmt --in-place " + quoted(tagged));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(read_file(tagged), canonical_);
  std::string kept(256, '\0');
  const ssize_t n = ::getxattr(tagged.c_str(), "user.xdg.origin.url", kept.data(), kept.size());
  EXPECT_EQ(n < 0 ? std::string("(none)") : kept.substr(0, size_t(n)), origin);
}

// A file that cannot be replaced: for a user a folder without write permission; root passes
// permission checks, so the test asks to write "through" a file (its parent is no folder),
// which fails for everyone alike.
TEST_F(Writes, UnwritableFolderIsExitTwoAndChangesNothing) {
  fs::path folder = dir_ / "locked";
  fs::create_directory(folder);
  fs::path inside = copy("locked/a.sgf", original_);
  ::chmod(folder.c_str(), 0555);
  Outcome run = sgf("fmt " + quoted(record_path) + " -o " + quoted(inside / "out.sgf"));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("unwritable"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("Not a directory"), std::string::npos) << run.err;
  if (::geteuid() != 0) {
    run = sgf("fmt --in-place " + quoted(inside));
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("Permission denied"), std::string::npos) << run.err;
  }
  ::chmod(folder.c_str(), 0755);
  EXPECT_EQ(read_file(inside), original_);
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 1);
}

TEST_F(Writes, HardLinkIsRefusedUnlessForced) {
  fs::path a = copy("a.sgf", original_);
  fs::create_hard_link(a, dir_ / "b.sgf");
  Outcome run = sgf("fmt --in-place " + quoted(a));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("error[hard-link]"), std::string::npos) << run.err;
  EXPECT_EQ(read_file(a), original_);
  EXPECT_EQ(status_of(a).st_nlink, 2u);
  run = sgf("fmt --in-place --force " + quoted(a));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("split"), std::string::npos) << run.err;
  EXPECT_EQ(read_file(a), canonical_);
  EXPECT_EQ(read_file(dir_ / "b.sgf"), original_);
}

TEST_F(Writes, InPlaceThatWouldLoseTextIsRefusedUnlessForced) {
  const std::string with_notes = original_ + "\nNotes typed after the game: a good one\n";
  fs::path path = copy("a.sgf", with_notes);
  Outcome run = sgf("fmt --in-place " + quoted(path));
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(read_file(path), with_notes);
  // Where and what: the line after the record, and its text.
  const std::string line = std::to_string(std::count(original_.begin(), original_.end(), '\n') + 2);
  EXPECT_NE(run.err.find("a.sgf:" + line + ":1: error[lossy-rewrite]"), std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("Notes typed after the game"), std::string::npos) << run.err;
  // --quiet does not hide the refusal.
  run = sgf("fmt --in-place --quiet " + quoted(path));
  EXPECT_EQ(run.status, 1);
  EXPECT_NE(run.err.find("error[lossy-rewrite]"), std::string::npos) << run.err;
  run = sgf("fmt --in-place --force " + quoted(path));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(read_file(path), canonical_);
  // A repair that drops nothing (a missing ')' at the end) is no reason to refuse.
  std::string unclosed = original_.substr(0, original_.rfind(')'));
  path = copy("b.sgf", unclosed);
  run = sgf("fmt --in-place " + quoted(path));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(read_file(path), canonical_);
}

// transform and strip rewrite in place as fmt does: never losing what the reader ignored unless
// --force, and never over a record of another format, which they read and print as SGF.
TEST_F(Writes, EditsInPlaceRefuseWhatFmtRefuses) {
  const std::string with_notes = original_ + "\nNotes typed after the game: a good one\n";
  const std::string ngf_bytes = read_file(fs::path(SGF_TESTDATA) / "formats/even.ngf");
  for (const std::string command : {"transform --rotate 180", "strip --comments"}) {
    fs::path path = copy("a.sgf", with_notes);
    Outcome run = sgf(command + " --in-place " + quoted(path));
    EXPECT_EQ(run.status, 1) << command;
    EXPECT_EQ(read_file(path), with_notes) << command;
    EXPECT_NE(run.err.find("error[lossy-rewrite]"), std::string::npos) << run.err;
    const std::string expected = sgf(command + " " + quoted(path)).out;
    ASSERT_NE(expected.find("(;"), std::string::npos) << command;
    run = sgf(command + " --in-place --force " + quoted(path));
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(read_file(path), expected) << command;

    const fs::path ngf = copy("even.ngf", ngf_bytes);
    run = sgf(command + " " + quoted(ngf));
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("PB[CYY]"), std::string::npos) << run.out;
    run = sgf(command + " --in-place --force " + quoted(ngf));
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("not an SGF record"), std::string::npos) << run.err;
    EXPECT_EQ(read_file(ngf), ngf_bytes) << command;
  }
}

// An archive member named "x/../victim.sgf" is shown as "a.zip!/x/../victim.sgf"; a folder
// named "a.zip!" must not turn that name into a path to write.
TEST_F(Writes, ArchiveMemberNameIsNeverAPath) {
  fs::path zip = dir_ / "a.zip";
  sgf::batch::testing::write_archive(zip, sgf::batch::testing::Kind::zip,
                                     {{"x/../victim.sgf", original_}});
  fs::create_directories(dir_ / "a.zip!/x");
  fs::path victim = copy("a.zip!/victim.sgf", "precious");
  Outcome run = shell("cd " + quoted(dir_) + " && '" + SGF_EXE +
                      "' fmt --in-place --no-progress --glob '*' a.zip");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("archive member"), std::string::npos) << run.err;
  EXPECT_EQ(read_file(victim), "precious");
  EXPECT_EQ(read_file(dir_ / "a.zip!/x/../victim.sgf"), "precious");
}

TEST_F(Writes, AnnotateTwiceGivesWhatOnceGives) {
  const fs::path inputs[] = {record_path, flagged_path,
                             fs::path(SGF_CORPUS) / "encodings/sabaki-sgf/chinese.sgf"};
  for (const fs::path &input : inputs) {
    if (!fs::exists(input))
      continue;
    for (std::string options : {"", "--fix-result", "--no-score"}) {
      fs::path once = dir_ / "once.sgf", twice = dir_ / "twice.sgf";
      sgf("annotate " + options + " " + quoted(input) + " -o " + quoted(once));
      sgf("annotate " + options + " " + quoted(once) + " -o " + quoted(twice));
      ASSERT_FALSE(read_file(once).empty()) << input;
      EXPECT_NE(read_file(once), read_file(input));
      EXPECT_EQ(read_file(twice), read_file(once)) << input << " " << options;
      if (options != "--no-score" || input == flagged_path) { // something was annotated
        EXPECT_NE(read_file(once).find("SGFANNOTATE["), std::string::npos) << input << options;
      }
    }
  }
  // --in-place twice: the same bytes as once, with the record's finding written once.
  fs::path path = copy("flagged.sgf", read_file(flagged_path));
  Outcome first = sgf("annotate --in-place " + quoted(path));
  EXPECT_EQ(first.status, 1) << first.err; // the record has an error: annotated all the same
  const std::string once = read_file(path);
  Outcome second = sgf("annotate --in-place " + quoted(path));
  EXPECT_EQ(second.status, 1) << second.err;
  EXPECT_EQ(read_file(path), once);
  size_t occupied = 0;
  for (size_t at = once.find("error[occupied"); at != std::string::npos;
       at = once.find("error[occupied", at + 1))
    ++occupied;
  EXPECT_EQ(occupied, 1u);
}

// fmt --in-place over 200 copies of a real record, killed at random times: every file is the
// old or the new bytes, never a mixture; SIGINT leaves no temporary file; SIGKILL may leave one
// (nothing can run after it), which the next run removes and names.
TEST_F(Writes, KilledInPlaceRunsNeverTearAFile) {
  fs::path folder = dir_ / "copies";
  fs::create_directory(folder);
  auto reset = [&] {
    for (int i = 0; i < 200; ++i)
      write_bytes(folder / (std::to_string(i) + ".sgf"), original_);
  };
  auto temporaries = [&] {
    int count = 0;
    for (const auto &entry : fs::directory_iterator(folder))
      count += entry.path().filename().string().ends_with(".sgf-tmp");
    return count;
  };
  auto start = [&] {
    pid_t child = ::fork();
    if (child == 0) {
      ::execl(SGF_EXE, SGF_EXE, "fmt", "--in-place", "--quiet", "--no-progress", "-j2",
              folder.c_str(), static_cast<char *>(nullptr));
      ::_exit(127);
    }
    return child;
  };
  // How long an uninterrupted run takes: the kills fall anywhere within it.
  reset();
  auto began = std::chrono::steady_clock::now();
  int status = 0;
  ::waitpid(start(), &status, 0);
  const auto whole = std::chrono::duration_cast<std::chrono::microseconds>(
      std::chrono::steady_clock::now() - began);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);

  std::mt19937 random(21);
  int interrupted = 0, left_by_kill = 0;
  for (int number : {SIGINT, SIGKILL}) {
    for (int run = 0; run < 20; ++run) {
      reset();
      pid_t child = start();
      std::this_thread::sleep_for(
          std::chrono::microseconds(std::uniform_int_distribution<long>(0, whole.count())(random)));
      ::kill(child, number);
      ASSERT_EQ(::waitpid(child, &status, 0), child);
      if (WIFSIGNALED(status)) {
        EXPECT_EQ(WTERMSIG(status), number);
        ++interrupted;
      }
      int old_files = 0, new_files = 0;
      for (int i = 0; i < 200; ++i) {
        const std::string bytes = read_file(folder / (std::to_string(i) + ".sgf"));
        old_files += bytes == original_;
        new_files += bytes == canonical_;
        ASSERT_TRUE(bytes == original_ || bytes == canonical_) << "torn file " << i;
        ASSERT_TRUE(sgf::parse_sgf(bytes).ok());
      }
      if (number == SIGINT) {
        EXPECT_EQ(temporaries(), 0) << "run " << run << ": " << new_files << " files done";
      } else if (int left = temporaries(); left > 0) {
        left_by_kill += left;
        Outcome next = sgf("fmt --in-place " + quoted(folder));
        EXPECT_EQ(next.status, 0) << next.err;
        EXPECT_NE(next.err.find("left by an interrupted run"), std::string::npos) << next.err;
        EXPECT_EQ(temporaries(), 0);
      }
    }
  }
  EXPECT_GT(interrupted, 10) << "too few kills landed during a run (" << whole.count() << " us)";
  std::cout << "runs interrupted: " << interrupted
            << " of 40; temporary files left by SIGKILL: " << left_by_kill
            << " (removed by the next run)\n";
}

} // namespace
