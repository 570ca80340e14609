// write_output / OutputFile: a regular target changes only on a complete, committed write, with
// its mode, owner, group and extended attributes; links, devices, FIFOs and descriptors survive
// being written to.
#include "lib/batch/output.h"

#include "tests/batch/helpers.h"

#include <gtest/gtest.h>

#include <archive.h>
#include <atomic>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <thread>
#include <tuple>
#include <vector>

namespace sgf::batch {
namespace {

using namespace testing;

size_t entries_in(const fs::path &dir) {
  return size_t(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

struct stat status_of(const fs::path &path) {
  struct stat info {};
  EXPECT_EQ(::lstat(path.c_str(), &info), 0) << path;
  return info;
}

// An extended attribute's value, or nullopt when the file has none of that name.
std::optional<std::string> attribute(const fs::path &path, const char *name) {
  std::string value(4096, '\0');
  const ssize_t n = ::getxattr(path.c_str(), name, value.data(), value.size());
  if (n < 0)
    return std::nullopt;
  value.resize(size_t(n));
  return value;
}

// A POSIX ACL as the kernel stores it in system.posix_acl_access: version 2, then (tag,
// permissions, id) per entry in the order of the tags. This one gives user 12345 read and write.
std::string acl_for_user_12345() {
  constexpr uint32_t none = 0xffffffff;
  const std::vector<std::tuple<uint16_t, uint16_t, uint32_t>> entries = {
      {0x01, 6, none}, {0x02, 6, 12345}, {0x04, 4, none}, {0x10, 6, none}, {0x20, 4, none}};
  std::string bytes(4, '\0');
  const uint32_t version = 2;
  std::memcpy(bytes.data(), &version, 4);
  for (auto [tag, permissions, id] : entries) {
    char entry[8];
    std::memcpy(entry, &tag, 2);
    std::memcpy(entry + 2, &permissions, 2);
    std::memcpy(entry + 4, &id, 4);
    bytes.append(entry, 8);
  }
  return bytes;
}

bool set_attribute(const fs::path &path, const char *name, const std::string &value) {
  return ::setxattr(path.c_str(), name, value.data(), value.size(), 0) == 0;
}

std::string temp_of(const std::string &name) {
  return "." + name + std::string(temp_suffix);
}

// What libarchive reads back from a single compressed file.
std::string decompressed(const fs::path &path) {
  archive *a = archive_read_new();
  archive_read_support_filter_all(a);
  archive_read_support_format_raw(a);
  std::string out;
  archive_entry *entry = nullptr;
  if (archive_read_open_filename(a, path.c_str(), 1 << 16) == ARCHIVE_OK &&
      archive_read_next_header(a, &entry) == ARCHIVE_OK) {
    char buffer[4096];
    for (la_ssize_t n; (n = archive_read_data(a, buffer, sizeof buffer)) > 0;)
      out.append(buffer, size_t(n));
  }
  archive_read_free(a);
  return out;
}

TEST(WriteOutput, CreatesAndReplaces) {
  TempDir dir;
  auto target = (dir / "out.sgf").string();
  EXPECT_FALSE(write_output(target, "(;GM[1])"));
  EXPECT_EQ(read_file(target), "(;GM[1])");
  EXPECT_FALSE(write_output(target, "(;GM[1]SZ[9])"));
  EXPECT_EQ(read_file(target), "(;GM[1]SZ[9])");
  EXPECT_EQ(entries_in(dir.path()), 1u) << "a temporary file was left behind";
}

TEST(WriteOutput, KeepsTheModeOfTheFileItReplaces) {
  TempDir dir;
  auto target = (dir / "out.sgf").string();
  write_text(target, "old");
  ::chmod(target.c_str(), 0640);
  ASSERT_FALSE(write_output(target, "new"));
  struct stat info {};
  ASSERT_EQ(::stat(target.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0640u);
}

TEST(WriteOutput, UnwritableFolderGivesADiagnostic) {
  TempDir dir;
  write_text(dir / "file", "x");
  for (auto target : {(dir / "no/such/folder/out.sgf").string(), (dir / "file/out.sgf").string()}) {
    auto error = write_output(target, "(;)");
    ASSERT_TRUE(error) << target;
    EXPECT_EQ(error->code, "unwritable");
    EXPECT_EQ(error->severity, Severity::error);
    EXPECT_NE(error->message.find(target), std::string::npos) << error->message;
  }
  auto missing = write_output((dir / "no/such/folder/out.sgf").string(), "(;)");
  EXPECT_NE(missing->message.find("No such file or directory"), std::string::npos);
  auto not_folder = write_output((dir / "file/out.sgf").string(), "(;)");
  EXPECT_NE(not_folder->message.find("Not a directory"), std::string::npos);
}

TEST(WriteOutput, TargetUnchangedWhenTheWriteFails) {
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
  auto error = write_output(target, std::string(100'000, 'x'));
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, old_handler);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->code, "unwritable");
  EXPECT_NE(error->message.find("File too large"), std::string::npos) << error->message;
  EXPECT_EQ(read_file(target), "precious");
  EXPECT_EQ(entries_in(dir.path()), 1u) << "the temporary file was left behind";
}

TEST(OutputFile, AbandonedWithoutCommitLeavesTheTarget) {
  TempDir dir;
  auto target = (dir / "out.sgf").string();
  write_text(target, "precious");
  {
    OutputFile file(target);
    ASSERT_FALSE(file.open());
    ASSERT_FALSE(file.write("half of a new"));
    EXPECT_EQ(entries_in(dir.path()), 2u);
  }
  EXPECT_EQ(read_file(target), "precious");
  EXPECT_EQ(entries_in(dir.path()), 1u);
}

TEST(OutputFile, WrittenInPieces) {
  TempDir dir;
  auto target = (dir / "out.tsv").string();
  OutputFile file(target);
  ASSERT_FALSE(file.open());
  ASSERT_FALSE(file.write("a\t"));
  ASSERT_FALSE(file.write("b\n"));
  EXPECT_FALSE(fs::exists(target));
  ASSERT_FALSE(file.commit());
  EXPECT_EQ(read_file(target), "a\tb\n");
}

TEST(OutputFile, SymbolicLinkStaysALinkAndItsTargetGetsTheContent) {
  TempDir dir;
  write_text(dir / "real.sgf", "old");
  fs::create_directory(dir / "links");
  fs::create_symlink("../real.sgf", dir / "links/via.sgf"); // relative to the link's folder
  fs::create_symlink("links/via.sgf", dir / "chain.sgf");   // a link to a link
  ASSERT_FALSE(write_output((dir / "chain.sgf").string(), "new"));
  EXPECT_TRUE(fs::is_symlink(dir / "chain.sgf"));
  EXPECT_TRUE(fs::is_symlink(dir / "links/via.sgf"));
  EXPECT_EQ(read_file(dir / "real.sgf"), "new");
  EXPECT_EQ(entries_in(dir.path()), 3u);
  EXPECT_EQ(entries_in(dir / "links"), 1u) << "the temporary file belongs beside the target";
  // A dangling link: the file it names is created, as the shell's > would.
  fs::create_symlink("made.sgf", dir / "dangling.sgf");
  ASSERT_FALSE(write_output((dir / "dangling.sgf").string(), "made"));
  EXPECT_TRUE(fs::is_symlink(dir / "dangling.sgf"));
  EXPECT_EQ(read_file(dir / "made.sgf"), "made");
}

TEST(OutputFile, FifoIsWrittenInPlace) {
  TempDir dir;
  auto fifo = dir / "out.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  std::string got;
  std::thread reader([&] { got = read_file(fifo); });
  auto error = write_output(fifo.string(), "(;GM[1])\n");
  reader.join();
  EXPECT_FALSE(error);
  EXPECT_EQ(got, "(;GM[1])\n");
  EXPECT_TRUE(S_ISFIFO(status_of(fifo).st_mode));
  EXPECT_EQ(entries_in(dir.path()), 1u);
}

TEST(OutputFile, CharacterDeviceIsWrittenInPlace) {
  TempDir dir;
  auto null = dir / "null";
  // A node of the kernel's /dev/null (major 1, minor 3), made here so that no test ever touches
  // the real one; only root may make device nodes.
  if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
    GTEST_SKIP() << "mknod needs root: " << std::strerror(errno);
  EXPECT_FALSE(write_output(null.string(), "(;GM[1])"));
  struct stat info = status_of(null);
  EXPECT_TRUE(S_ISCHR(info.st_mode));
  EXPECT_EQ(info.st_rdev, makedev(1, 3));
  EXPECT_EQ(entries_in(dir.path()), 1u);
}

TEST(OutputFile, DescriptorPathsWriteThroughTheDescriptor) {
  for (std::string prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    int ends[2];
    ASSERT_EQ(::pipe(ends), 0);
    // What bash's >(cmd) hands over: the name of a pipe the process holds open.
    EXPECT_FALSE(write_output(prefix + std::to_string(ends[1]), "through the pipe")) << prefix;
    ::close(ends[1]);
    char buffer[64] = {};
    ssize_t n = ::read(ends[0], buffer, sizeof buffer);
    ::close(ends[0]);
    EXPECT_EQ(std::string(buffer, size_t(std::max<ssize_t>(n, 0))), "through the pipe");
  }
  auto closed = write_output("/dev/fd/1000", "x");
  ASSERT_TRUE(closed);
  EXPECT_EQ(closed->code, "unwritable");
  EXPECT_FALSE(fs::exists("/dev/fd/1000"));
}

TEST(OutputFile, AFolderIsRefused) {
  TempDir dir;
  auto error = write_output(dir.path().string(), "x");
  ASSERT_TRUE(error);
  EXPECT_EQ(error->code, "unwritable");
  EXPECT_NE(error->message.find("Is a directory"), std::string::npos) << error->message;
}

TEST(OutputFile, KeepsTheOwnerAndGroupOfTheFileItReplaces) {
  TempDir dir;
  auto target = dir / "theirs.sgf";
  write_text(target, "old");
  if (::chown(target.c_str(), 65534, 65534) != 0)
    GTEST_SKIP() << "giving a file to another user needs root";
  ::chmod(target.c_str(), 02640); // set-group-ID: cleared by a change of owner, so set after
  ASSERT_FALSE(write_output(target.string(), "new"));
  struct stat info = status_of(target);
  EXPECT_EQ(info.st_uid, 65534u);
  EXPECT_EQ(info.st_gid, 65534u);
  EXPECT_EQ(info.st_mode & 07777, 02640u);
  EXPECT_EQ(read_file(target), "new");
}

// Extended attributes are the user's as much as the bytes: user attributes and ACLs survive the
// replacement.
TEST(OutputFile, KeepsTheExtendedAttributesAndTheACLOfTheFileItReplaces) {
  TempDir dir;
  auto target = dir / "tagged.sgf";
  write_text(target, "old");
  ::chmod(target.c_str(), 0664);
  if (!set_attribute(target, "user.origin", "https://example.org/game/1") ||
      !set_attribute(target, "system.posix_acl_access", acl_for_user_12345()))
    GTEST_SKIP() << "this file system keeps no user attributes or ACLs";
  ASSERT_FALSE(write_output(target.string(), "new"));
  EXPECT_EQ(read_file(target), "new");
  EXPECT_EQ(attribute(target, "user.origin"), "https://example.org/game/1");
  EXPECT_EQ(attribute(target, "system.posix_acl_access"), acl_for_user_12345());
  EXPECT_EQ(status_of(target).st_mode & 07777, 0664u);
}

// The temporary file that replaces a private file is private from the moment it is made: one
// made readable and narrowed only later could be opened meanwhile by another user, who would
// then read the new content through that descriptor. A watcher looks at its mode all the while.
TEST(OutputFile, TheReplacementOfAPrivateFileIsNeverReadableByOthers) {
  TempDir dir;
  auto target = dir / "private.sgf";
  write_text(target, "old");
  ::chmod(target.c_str(), 0600);
  const fs::path temp = dir / temp_of("private.sgf");
  std::atomic<bool> done{false};
  std::atomic<int> seen{0}, exposed{0};
  std::thread watcher([&] {
    while (!done.load()) {
      struct stat info {};
      if (::stat(temp.c_str(), &info) == 0) {
        ++seen;
        if (info.st_mode & 0077)
          ++exposed;
      }
    }
  });
  for (int round = 0; round < 1000; ++round)
    ASSERT_FALSE(write_output(target.string(), "new " + std::to_string(round)));
  done = true;
  watcher.join();
  EXPECT_EQ(exposed.load(), 0) << "of " << seen.load() << " looks at the temporary file";
  EXPECT_EQ(status_of(target).st_mode & 07777, 0600u);
}

// A new file in a folder with a default ACL inherits it; the replacement of a file without an
// ACL must not: it takes the original's permissions.
TEST(OutputFile, TheReplacementTakesTheOriginalsPermissionsNotTheFoldersDefaultACL) {
  TempDir dir;
  auto target = dir / "private.sgf";
  write_text(target, "old");
  ::chmod(target.c_str(), 0600);
  if (!set_attribute(dir.path(), "system.posix_acl_default", acl_for_user_12345()))
    GTEST_SKIP() << "this file system keeps no ACLs";
  ASSERT_FALSE(write_output(target.string(), "new"));
  EXPECT_EQ(read_file(target), "new");
  EXPECT_EQ(attribute(target, "system.posix_acl_access"), std::nullopt);
  EXPECT_EQ(status_of(target).st_mode & 07777, 0600u);
}

TEST(OutputFile, AFolderThatRefusesNewFilesLeavesTheTarget) {
  // A folder where no file can be made: chmod 0555 for a user; root passes permission checks,
  // so for root the folder is /proc, whose files are regular but where nothing can be created.
  TempDir dir;
  std::string target = (dir / "locked/out.sgf").string();
  write_text(target, "precious");
  ::chmod((dir / "locked").c_str(), 0555);
  if (::geteuid() == 0)
    target = "/proc/version";
  const std::string before = read_file(target);
  auto error = write_output(target, "new");
  ::chmod((dir / "locked").c_str(), 0755);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->code, "unwritable");
  EXPECT_NE(error->message.find(target), std::string::npos) << error->message;
  EXPECT_EQ(read_file(target), before);
}

TEST(OutputFile, HardLinksAreRefusedUnlessSplitting) {
  TempDir dir;
  auto target = dir / "a.sgf", other = dir / "b.sgf";
  write_text(target, "old");
  fs::create_hard_link(target, other);
  auto error = write_output(target.string(), "new");
  ASSERT_TRUE(error);
  EXPECT_EQ(error->code, "hard-link");
  EXPECT_EQ(read_file(target), "old");
  EXPECT_EQ(status_of(target).st_nlink, 2u);
  Diagnostics notes;
  ASSERT_FALSE(write_output(target.string(), "new", WriteOptions{true, {}}, &notes));
  EXPECT_EQ(read_file(target), "new");
  EXPECT_EQ(read_file(other), "old");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].message.find("split"), std::string::npos);
}

TEST(OutputFile, TemporaryFileOfAKilledRunIsRemovedWithANote) {
  TempDir dir;
  auto target = dir / "a.sgf";
  write_text(target, "old");
  write_text(dir / temp_of("a.sgf"), "half of a new"); // what SIGKILL leaves: nobody holds it
  Diagnostics notes;
  ASSERT_FALSE(write_output(target.string(), "new", {}, &notes));
  EXPECT_EQ(read_file(target), "new");
  EXPECT_EQ(entries_in(dir.path()), 1u);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].message.find("interrupted run"), std::string::npos) << notes[0].message;
}

TEST(OutputFile, TemporaryFileInUseIsNotTaken) {
  TempDir dir;
  auto target = dir / "a.sgf";
  write_text(target, "old");
  OutputFile first(target.string());
  ASSERT_FALSE(first.open()); // a writer at work, holding the lock on its temporary file
  auto error = write_output(target.string(), "second");
  ASSERT_TRUE(error);
  EXPECT_NE(error->message.find("in use"), std::string::npos) << error->message;
  ASSERT_FALSE(first.write("first"));
  ASSERT_FALSE(first.commit());
  EXPECT_EQ(read_file(target), "first");
}

// A writer whose temporary file was removed and its name reused by someone else (as a stale-file
// clean-up racing with it could) neither commits nor removes the other file: the target keeps
// what it had.
TEST(OutputFile, ATemporaryFileReplacedMeanwhileIsNeitherCommittedNorRemoved) {
  TempDir dir;
  auto target = dir / "a.sgf";
  write_text(target, "old");
  {
    OutputFile writer(target.string());
    ASSERT_FALSE(writer.open());
    ASSERT_FALSE(writer.write("ours"));
    fs::remove(dir / temp_of("a.sgf"));
    write_text(dir / temp_of("a.sgf"), "another writer's half");
    auto error = writer.commit();
    ASSERT_TRUE(error);
    EXPECT_NE(error->message.find("removed meanwhile"), std::string::npos) << error->message;
  }
  EXPECT_EQ(read_file(target), "old");
  EXPECT_EQ(read_file(dir / temp_of("a.sgf")), "another writer's half");
}

// A temporary file is locked from the moment its name appears: writers started together on one
// target each either write it whole or say another is writing it, and none takes another's
// file for an abandoned one.
TEST(OutputFile, WritersStartedTogetherWriteWholeOrStepAside) {
  TempDir dir;
  const std::string target = (dir / "a.sgf").string();
  int written = 0, in_use = 0;
  for (int round = 0; round < 200; ++round) {
    std::optional<Diagnostic> errors[4];
    std::vector<std::thread> writers;
    for (int i = 0; i < 4; ++i)
      writers.emplace_back([&, i] {
        errors[i] = write_output(target, "writer " + std::to_string(i) + std::string(4096, '.'));
      });
    for (std::thread &t : writers)
      t.join();
    for (const auto &error : errors) {
      if (!error) {
        ++written;
        continue;
      }
      EXPECT_NE(error->message.find("in use"), std::string::npos) << error->message;
      ++in_use;
    }
    const std::string now = read_file(target);
    ASSERT_EQ(now.size(), 4096u + 8) << "round " << round;
    ASSERT_EQ(entries_in(dir.path()), 1u) << "round " << round;
  }
  EXPECT_GE(written, 200);
  EXPECT_EQ(written + in_use, 800);
}

// unchanged_since (--in-place): a target another program saved after it was read keeps what
// that program wrote; one still as it was read is replaced.
TEST(OutputFile, ATargetChangedSinceItWasReadIsNotReplaced) {
  TempDir dir;
  auto target = dir / "a.sgf";
  write_text(target, "read");
  WriteOptions options;
  options.unchanged_since = stamp_of(status_of(target));
  {
    OutputFile file(target.string(), options);
    ASSERT_FALSE(file.open());
    ASSERT_FALSE(file.write("ours"));
    write_text(target, "theirs, saved meanwhile");
    auto error = file.commit();
    ASSERT_TRUE(error);
    EXPECT_EQ(error->code, "changed");
  }
  EXPECT_EQ(read_file(target), "theirs, saved meanwhile");
  EXPECT_EQ(entries_in(dir.path()), 1u);
  options.unchanged_since = stamp_of(status_of(target));
  EXPECT_FALSE(write_output(target.string(), "ours", options));
  EXPECT_EQ(read_file(target), "ours");
}

TEST(OutputFile, CompressedAsAsked) {
  TempDir dir;
  const std::string record = "(;GM[1]FF[4]SZ[19];B[pd];W[dp])\n";
  for (std::string filter : {"gzip", "bzip2", "xz"}) {
    auto target = dir / ("a.sgf." + filter);
    ASSERT_FALSE(write_output(target.string(), record, WriteOptions{false, filter})) << filter;
    EXPECT_EQ(decompressed(target), record) << filter;
  }
  EXPECT_EQ(read_file(dir / "a.sgf.gzip").substr(0, 2), "\x1f\x8b");
  EXPECT_EQ(read_file(dir / "a.sgf.bzip2").substr(0, 3), "BZh");
  auto unknown = write_output((dir / "x").string(), record, WriteOptions{false, "nonesuch"});
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->code, "unwritable");
  EXPECT_FALSE(fs::exists(dir / "x"));
}

// A process killed by SIGINT, SIGTERM or SIGHUP while writing leaves no temporary file and dies
// of that signal. A signal the test inherits ignored (a background job ignores SIGINT, nohup
// SIGHUP) stays ignored by design, and is not tried.
TEST(OutputFile, SignalsRemoveTheTemporaryFile) {
  for (int number : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction inherited {};
    if (::sigaction(number, nullptr, &inherited) == 0 && inherited.sa_handler == SIG_IGN)
      continue;
    TempDir dir;
    auto target = dir / "a.sgf";
    write_text(target, "old");
    pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      OutputFile file(target.string());
      if (file.open() || file.write("half"))
        ::_exit(3);
      ::raise(number);
      ::_exit(4); // not reached: the signal ends the process
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status)) << "signal " << number << ", status " << status;
    EXPECT_EQ(WTERMSIG(status), number);
    EXPECT_EQ(read_file(target), "old");
    EXPECT_EQ(entries_in(dir.path()), 1u) << "signal " << number;
  }
}

// keep_existing (names split and convert choose): a name held by anything, even a dangling
// symbolic link, or taken by another process after open(), is never replaced.
TEST(OutputFile, KeepExistingNeverReplacesWhatHoldsTheName) {
  TempDir dir;
  WriteOptions keep;
  keep.keep_existing = true;
  write_text(dir / "file.sgf", "old");
  fs::create_symlink("elsewhere.sgf", dir / "link.sgf");
  for (const char *name : {"file.sgf", "link.sgf"}) {
    const std::optional<Diagnostic> refused = write_output((dir / name).string(), "new", keep);
    ASSERT_TRUE(refused) << name;
    EXPECT_EQ(refused->code, "exists");
  }
  EXPECT_EQ(read_file(dir / "file.sgf"), "old");
  EXPECT_TRUE(fs::is_symlink(dir / "link.sgf"));
  EXPECT_FALSE(fs::exists(dir / "elsewhere.sgf"));

  {
    OutputFile raced((dir / "new.sgf").string(), keep);
    ASSERT_FALSE(raced.open());
    ASSERT_FALSE(raced.write("ours"));
    write_text(dir / "new.sgf", "theirs"); // another process takes the name meanwhile
    const std::optional<Diagnostic> lost = raced.commit();
    ASSERT_TRUE(lost);
    EXPECT_EQ(lost->code, "exists");
  }
  EXPECT_EQ(read_file(dir / "new.sgf"), "theirs");

  ASSERT_FALSE(write_output((dir / "free.sgf").string(), "ours", keep));
  EXPECT_EQ(read_file(dir / "free.sgf"), "ours");
  EXPECT_EQ(entries_in(dir.path()), 4u) << "a temporary file was left behind";
}

// move_into (sgf dedupe --move-to): a name in the folder is never replaced, not even by a
// dangling symbolic link's, and the file arrives whole or stays where it was.
TEST(MoveInto, TakesTheFirstFreeNameAndReplacesNothing) {
  TempDir dir;
  const fs::path folder = dir / "dupes";
  fs::create_directories(folder);
  write_text(folder / "a.sgf", "old");
  fs::create_symlink("nowhere.sgf", folder / "a-2.sgf");
  write_text(dir / "a.sgf", "new");
  const Moved moved = move_into((dir / "a.sgf").string(), folder.string());
  ASSERT_FALSE(moved.error) << moved.error->message;
  EXPECT_EQ(moved.path, (folder / "a-3.sgf").string());
  EXPECT_EQ(read_file(folder / "a-3.sgf"), "new");
  EXPECT_EQ(read_file(folder / "a.sgf"), "old");
  EXPECT_TRUE(fs::is_symlink(folder / "a-2.sgf"));
  EXPECT_FALSE(fs::exists(dir / "a.sgf"));
}

TEST(MoveInto, MakesTheFolderAndSaysWhyAFileCannotMove) {
  TempDir dir;
  write_text(dir / "a.sgf", "game");
  const Moved moved = move_into((dir / "a.sgf").string(), (dir / "new/dupes").string());
  ASSERT_FALSE(moved.error);
  EXPECT_EQ(read_file(dir / "new/dupes/a.sgf"), "game");
  const Moved missing = move_into((dir / "gone.sgf").string(), (dir / "new/dupes").string());
  ASSERT_TRUE(missing.error);
  EXPECT_EQ(missing.error->code, "unwritable");
  EXPECT_NE(missing.error->message.find("cannot move into"), std::string::npos);
  EXPECT_EQ(entries_in(dir / "new/dupes"), 1u);
}

// Across file systems (a tmpfs such as /dev/shm against the test folder's): copied under the
// first free name with its mode and modification time, synced, no temporary file left, and
// only then removed.
TEST(MoveInto, AcrossFileSystemsCopiesThenRemoves) {
  TempDir dir;
  struct stat shm {
  }, here{};
  if (::stat("/dev/shm", &shm) != 0 || ::stat(dir.path().c_str(), &here) != 0 ||
      shm.st_dev == here.st_dev || ::access("/dev/shm", W_OK) != 0)
    GTEST_SKIP() << "no second file system to move across";
  const fs::path source = fs::path("/dev/shm") / ("sgf-move-test-" + std::to_string(::getpid()));
  write_text(source, std::string(200000, 'x'));
  ::chmod(source.c_str(), 0640);
  const struct timespec then[2] = {{1577836800, 0}, {1577836800, 0}}; // 2020-01-01
  ::utimensat(AT_FDCWD, source.c_str(), then, 0);
  const bool tagged = set_attribute(source, "user.origin", "https://example.org/game/1");
  write_text(dir / fs::path(source).filename(), "old");
  const Moved moved = move_into(source.string(), dir.path().string());
  ASSERT_FALSE(moved.error) << moved.error->message;
  EXPECT_EQ(moved.path, (dir / (source.filename().string() + "-2")).string());
  EXPECT_EQ(read_file(moved.path), std::string(200000, 'x'));
  EXPECT_EQ(status_of(moved.path).st_mode & 0777, 0640u);
  EXPECT_EQ(status_of(moved.path).st_mtim.tv_sec, 1577836800);
  if (tagged) {
    EXPECT_EQ(attribute(moved.path, "user.origin"), "https://example.org/game/1");
  }
  EXPECT_EQ(read_file(dir / source.filename()), "old");
  EXPECT_FALSE(fs::exists(source));
  EXPECT_EQ(entries_in(dir.path()), 2u) << "a temporary file was left behind";
}

} // namespace
} // namespace sgf::batch
