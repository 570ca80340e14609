// write_file_atomically / AtomicFile: the target changes only on a complete, committed write.
#include "lib/batch/output.h"

#include "tests/batch/helpers.h"

#include <gtest/gtest.h>

#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>

namespace sgf::batch {
namespace {

using namespace testing;

size_t entries_in(const fs::path &dir) {
  return size_t(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

TEST(AtomicWrite, CreatesAndReplaces) {
  TempDir dir;
  auto target = (dir / "out.sgf").string();
  EXPECT_FALSE(write_file_atomically(target, "(;GM[1])"));
  EXPECT_EQ(read_file(target), "(;GM[1])");
  EXPECT_FALSE(write_file_atomically(target, "(;GM[1]SZ[9])"));
  EXPECT_EQ(read_file(target), "(;GM[1]SZ[9])");
  EXPECT_EQ(entries_in(dir.path()), 1u) << "a temporary file was left behind";
}

TEST(AtomicWrite, KeepsTheModeOfTheFileItReplaces) {
  TempDir dir;
  auto target = (dir / "out.sgf").string();
  write_text(target, "old");
  ::chmod(target.c_str(), 0640);
  ASSERT_FALSE(write_file_atomically(target, "new"));
  struct stat info {};
  ASSERT_EQ(::stat(target.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0640u);
}

TEST(AtomicWrite, UnwritableFolderGivesADiagnostic) {
  TempDir dir;
  write_text(dir / "file", "x");
  for (auto target : {(dir / "no/such/folder/out.sgf").string(), (dir / "file/out.sgf").string()}) {
    auto error = write_file_atomically(target, "(;)");
    ASSERT_TRUE(error) << target;
    EXPECT_EQ(error->code, "unwritable");
    EXPECT_EQ(error->severity, Severity::error);
    EXPECT_NE(error->message.find(target), std::string::npos) << error->message;
  }
  auto missing = write_file_atomically((dir / "no/such/folder/out.sgf").string(), "(;)");
  EXPECT_NE(missing->message.find("No such file or directory"), std::string::npos);
  auto not_folder = write_file_atomically((dir / "file/out.sgf").string(), "(;)");
  EXPECT_NE(not_folder->message.find("Not a directory"), std::string::npos);
}

TEST(AtomicWrite, TargetUnchangedWhenTheWriteFails) {
  TempDir dir;
  auto target = (dir / "out.sgf").string();
  write_text(target, "precious");
  // A real failure in the middle of the write: the file-size limit makes write(2) fail with
  // EFBIG once 4 KiB are written.
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = saved;
  small.rlim_cur = 4096;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  auto error = write_file_atomically(target, std::string(100'000, 'x'));
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, old_handler);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->code, "unwritable");
  EXPECT_NE(error->message.find("File too large"), std::string::npos) << error->message;
  EXPECT_EQ(read_file(target), "precious");
  EXPECT_EQ(entries_in(dir.path()), 1u) << "the temporary file was left behind";
}

TEST(AtomicFile, AbandonedWithoutCommitLeavesTheTarget) {
  TempDir dir;
  auto target = (dir / "out.sgf").string();
  write_text(target, "precious");
  {
    AtomicFile file(target);
    ASSERT_FALSE(file.open());
    ASSERT_FALSE(file.write("half of a new"));
    EXPECT_EQ(entries_in(dir.path()), 2u);
  }
  EXPECT_EQ(read_file(target), "precious");
  EXPECT_EQ(entries_in(dir.path()), 1u);
}

TEST(AtomicFile, WrittenInPieces) {
  TempDir dir;
  auto target = (dir / "out.tsv").string();
  AtomicFile file(target);
  ASSERT_FALSE(file.open());
  ASSERT_FALSE(file.write("a\t"));
  ASSERT_FALSE(file.write("b\n"));
  EXPECT_FALSE(fs::exists(target));
  ASSERT_FALSE(file.commit());
  EXPECT_EQ(read_file(target), "a\tb\n");
}

} // namespace
} // namespace sgf::batch
