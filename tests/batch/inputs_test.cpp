// RecordSource on real records: folders, globs, order, every archive kind, damaged archives,
// stdin, --files-from, and the size limit.
#include "lib/batch/inputs.h"
#include "lib/batch/output.h"

#include "tests/batch/helpers.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <random>
#include <sys/stat.h>
#include <thread>

namespace sgf::batch {
namespace {

using namespace testing;

std::vector<Record> read_all(InputSpec spec) {
  RecordSource source(std::move(spec));
  std::vector<Record> records;
  while (auto record = source.next())
    records.push_back(std::move(*record));
  return records;
}

std::vector<std::string> names(const std::vector<Record> &records) {
  std::vector<std::string> out;
  for (const auto &r : records)
    out.push_back(r.name);
  return out;
}

InputSpec spec_of(std::vector<std::string> paths) {
  InputSpec spec;
  spec.paths = std::move(paths);
  return spec;
}

const fs::path folder = testdata() / "folder";

TEST(Globs, MatchFileNamesIgnoringCase) {
  EXPECT_TRUE(matches_globs("a.sgf", {"*.sgf"}));
  EXPECT_TRUE(matches_globs("B.SGF", {"*.sgf"}));
  EXPECT_TRUE(matches_globs("Game.Sgf", {"*.txt", "*.sgf"}));
  EXPECT_FALSE(matches_globs("a.sgf.bak", {"*.sgf"}));
  EXPECT_FALSE(matches_globs("notes.txt", {"*.sgf"}));
  EXPECT_TRUE(matches_globs("anything", {}));
}

TEST(Folders, RecursiveSortedAndGlobbed) {
  auto records = read_all(spec_of({folder.string()}));
  std::string f = folder.string();
  EXPECT_EQ(names(records), (std::vector<std::string>{f + "/B.SGF", f + "/a.sgf", f + "/sub/c.sgf",
                                                      f + "/sub/deeper/d.sgf"}));
  for (const auto &r : records) {
    EXPECT_FALSE(r.error) << r.name;
    EXPECT_EQ(r.bytes, read_file(r.name));
  }
  EXPECT_NE(records[0].bytes.find("PB[BensonDarr]"), std::string::npos);
}

TEST(Folders, OtherGlobs) {
  InputSpec spec = spec_of({folder.string()});
  spec.globs = {"*.TXT"};
  EXPECT_EQ(names(read_all(spec)), std::vector<std::string>{(folder / "notes.txt").string()});
  spec.globs = {"d.*", "c.*"};
  EXPECT_EQ(names(read_all(spec)),
            (std::vector<std::string>{(folder / "sub/c.sgf").string(),
                                      (folder / "sub/deeper/d.sgf").string()}));
}

TEST(Inputs, NamedFilesIgnoreGlobsAndKeepArgumentOrder) {
  auto d = (folder / "sub/deeper/d.sgf").string(), n = (folder / "notes.txt").string(),
       a = (folder / "a.sgf").string(), sub = (folder / "sub").string();
  auto records = read_all(spec_of({d, n, a, sub}));
  EXPECT_EQ(names(records), (std::vector<std::string>{d, n, a, sub + "/c.sgf", d}));
  EXPECT_EQ(records[1].bytes, "not a record\n");
}

TEST(Inputs, MissingPathIsAnErrorRecordAndTheStreamGoesOn) {
  auto a = (folder / "a.sgf").string();
  auto records = read_all(spec_of({"no/such/file.sgf", a}));
  ASSERT_EQ(records.size(), 2u);
  ASSERT_TRUE(records[0].error);
  EXPECT_EQ(records[0].name, "no/such/file.sgf");
  EXPECT_EQ(records[0].error->code, "unreadable");
  EXPECT_EQ(records[0].error->severity, Severity::error);
  // The name leads every rendered line; the message does not say it twice.
  EXPECT_EQ(records[0].error->message.find("no/such/file.sgf"), std::string::npos);
  EXPECT_NE(records[0].error->message.find("No such file or directory"), std::string::npos);
  EXPECT_FALSE(records[1].error);
  EXPECT_EQ(records[1].name, a);
}

TEST(Inputs, DanglingLinkInAFolderIsAnErrorRecordAndTheWalkGoesOn) {
  TempDir dir;
  write_text(dir / "games/a.sgf", "(;)");
  fs::create_symlink(dir / "gone.sgf", dir / "games/b.sgf");
  write_text(dir / "games/c.sgf", "(;C[c])");
  auto records = read_all(spec_of({(dir / "games").string()}));
  ASSERT_EQ(records.size(), 3u);
  EXPECT_FALSE(records[0].error);
  ASSERT_TRUE(records[1].error);
  EXPECT_EQ(records[1].name, (dir / "games/b.sgf").string());
  EXPECT_NE(records[1].error->message.find("No such file or directory"), std::string::npos);
  EXPECT_EQ(records[2].bytes, "(;C[c])");
}

TEST(Inputs, UnreadableFile) {
  if (::geteuid() == 0)
    GTEST_SKIP() << "root reads files whatever their mode";
  TempDir dir;
  write_text(dir / "secret.sgf", "(;)");
  fs::permissions(dir / "secret.sgf", fs::perms::none);
  auto records = read_all(spec_of({(dir / "secret.sgf").string()}));
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].error);
  EXPECT_NE(records[0].error->message.find("Permission denied"), std::string::npos);
}

Entries sample_entries() {
  // Archive order on purpose not sorted: entries come out in the order they are stored.
  return {{"x/c.sgf", read_file(folder / "sub/c.sgf")},
          {"2019/a.sgf", read_file(folder / "a.sgf")},
          {"2019/notes.txt", "skip me"},
          {"B.SGF", read_file(folder / "B.SGF")}};
}

void expect_sample(const std::vector<Record> &records, const std::string &archive) {
  ASSERT_EQ(names(records),
            (std::vector<std::string>{archive + "!/x/c.sgf", archive + "!/2019/a.sgf",
                                      archive + "!/B.SGF"}));
  auto entries = sample_entries();
  EXPECT_EQ(records[0].bytes, entries[0].second);
  EXPECT_EQ(records[1].bytes, entries[1].second);
  EXPECT_EQ(records[2].bytes, entries[3].second);
  for (const auto &r : records)
    EXPECT_FALSE(r.error) << r.error->message;
}

struct ArchiveCase {
  Kind kind;
  const char *name;
};

class Archives : public ::testing::TestWithParam<ArchiveCase> {};

TEST_P(Archives, EntriesInArchiveOrderMatchingTheGlobs) {
  TempDir dir;
  auto path = (dir / GetParam().name).string();
  write_archive(path, GetParam().kind, sample_entries());
  expect_sample(read_all(spec_of({path})), path);
}

TEST_P(Archives, DetectedByContentNotName) {
  TempDir dir;
  auto path = (dir / "games.bin").string();
  write_archive(path, GetParam().kind, sample_entries());
  expect_sample(read_all(spec_of({path})), path);
}

INSTANTIATE_TEST_SUITE_P(EveryKind, Archives,
                         ::testing::Values(ArchiveCase{Kind::zip, "games.zip"},
                                           ArchiveCase{Kind::tar, "games.tar"},
                                           ArchiveCase{Kind::tar_gz, "games.tar.gz"},
                                           ArchiveCase{Kind::tar_gz, "games.tgz"},
                                           ArchiveCase{Kind::tar_bz2, "games.tar.bz2"},
                                           ArchiveCase{Kind::tar_xz, "games.tar.xz"}),
                         [](const auto &info) {
                           std::string name = info.param.name;
                           for (char &c : name)
                             if (c == '.')
                               c = '_';
                           return name;
                         });

TEST(Archives, AppleDoubleCompanionsAreSkipped) {
  TempDir dir;
  auto zip = (dir / "mac.zip").string();
  write_archive(zip, Kind::zip,
                {{"games/a.sgf", "(;)"},
                 {"__MACOSX/games/._a.sgf", std::string("\0\5\x16\7", 4)},
                 {"games/._b.sgf", std::string("\0\5\x16\7", 4)}});
  write_text(dir / "folder/._c.sgf", std::string("\0\5\x16\7", 4));
  write_text(dir / "folder/c.sgf", "(;)");
  EXPECT_EQ(names(read_all(spec_of({zip, (dir / "folder").string()}))),
            (std::vector<std::string>{zip + "!/games/a.sgf", (dir / "folder/c.sgf").string()}));
}

// A member that holds no record of its own is named in a note, never read nor followed: a link
// to a file outside the archive is no way out of it, and a hard link's game is read once, under
// the member that holds its data. A folder entry is no record and says nothing.
TEST(Archives, LinksAndSpecialMembersAreSkippedWithANote) {
  TempDir dir;
  const std::string game = read_file(folder / "a.sgf");
  auto tar = (dir / "links.tar").string();
  archive *a = archive_write_new();
  archive_write_set_format_pax_restricted(a);
  ASSERT_EQ(archive_write_open_filename(a, tar.c_str()), ARCHIVE_OK);
  auto add = [&](const char *name, mode_t type, const char *symlink, const char *hardlink,
                 const std::string &bytes) {
    archive_entry *e = archive_entry_new();
    archive_entry_set_pathname(e, name);
    archive_entry_set_filetype(e, type);
    archive_entry_set_perm(e, 0644);
    archive_entry_set_size(e, la_int64_t(bytes.size()));
    if (symlink)
      archive_entry_set_symlink(e, symlink);
    if (hardlink)
      archive_entry_set_hardlink(e, hardlink);
    ASSERT_EQ(archive_write_header(a, e), ARCHIVE_OK) << archive_error_string(a);
    if (!bytes.empty()) {
      ASSERT_EQ(archive_write_data(a, bytes.data(), bytes.size()), la_ssize_t(bytes.size()));
    }
    archive_entry_free(e);
  };
  add("games/", AE_IFDIR, nullptr, nullptr, "");
  add("games/a.sgf", AE_IFREG, nullptr, nullptr, game);
  add("games/passwd.sgf", AE_IFLNK, "/etc/passwd", nullptr, "");
  add("games/again.sgf", AE_IFREG, nullptr, "games/a.sgf", "");
  add("games/pipe.sgf", AE_IFIFO, nullptr, nullptr, "");
  ASSERT_EQ(archive_write_close(a), ARCHIVE_OK);
  archive_write_free(a);

  std::vector<Record> records = read_all(spec_of({tar}));
  ASSERT_EQ(names(records),
            (std::vector<std::string>{tar + "!/games/a.sgf", tar + "!/games/passwd.sgf",
                                      tar + "!/games/again.sgf", tar + "!/games/pipe.sgf"}));
  EXPECT_FALSE(records[0].error);
  EXPECT_EQ(records[0].bytes, game);
  const std::vector<std::string> why = {
      "skipped: a symbolic link in the archive to /etc/passwd, not followed",
      "skipped: a hard link in the archive to games/a.sgf, which holds the data",
      "skipped: a FIFO (named pipe) in the archive, not a file"};
  for (size_t i = 1; i < records.size(); ++i) {
    ASSERT_TRUE(records[i].error) << records[i].name;
    EXPECT_EQ(records[i].error->severity, Severity::note);
    EXPECT_EQ(records[i].error->code, "special-file");
    EXPECT_EQ(records[i].error->message, why[i - 1]);
    EXPECT_TRUE(records[i].bytes.empty());
  }
}

// Tygem's one-line kifu keeps its game information in a kifu.index beside its folder: no
// record, but given with every member that follows it in its folder or the folders below; a
// folder walk passes it over too (the kifu reader finds it on disk).
TEST(Archives, KifuIndexGoesWithTheKifuFilesBelowIt) {
  TempDir dir;
  auto tar = (dir / "kifu.tar.gz").string();
  write_archive(tar, Kind::tar_gz,
                {{"bot/kifu.index", "1\t2017-05-01\tW\n"},
                 {"bot/kifu/2017-05", "1\t;B[dd]\n"},
                 {"other/kifu/2017-05", "2\t;B[dd]\n"}});
  InputSpec spec = spec_of({tar, dir.path().string()});
  spec.globs = {"*"};
  std::vector<Record> records = read_all(spec);
  EXPECT_EQ(names(records), (std::vector<std::string>{tar + "!/bot/kifu/2017-05",
                                                      tar + "!/other/kifu/2017-05", tar}));
  ASSERT_TRUE(records[0].kifu_index);
  EXPECT_EQ(*records[0].kifu_index, "1\t2017-05-01\tW\n");
  EXPECT_FALSE(records[1].kifu_index);
  write_text(dir / "folder/kifu.index", "1\t2017-05-01\tW\n");
  write_text(dir / "folder/kifu/2017-05", "1\t;B[dd]\n");
  spec = spec_of({(dir / "folder").string()});
  spec.globs = {"*"};
  EXPECT_EQ(names(read_all(spec)),
            (std::vector<std::string>{(dir / "folder/kifu/2017-05").string()}));
}

TEST(Folders, SymbolicLinksToFilesAreFollowedToFoldersNot) {
  TempDir dir;
  write_text(dir / "games/a.sgf", "(;)");
  fs::create_directory_symlink(dir / "games", dir / "games/loop.sgf");
  fs::create_directory_symlink(dir / "games", dir / "games/loop");
  fs::create_symlink(dir / "games/a.sgf", dir / "games/b.sgf");
  auto records = read_all(spec_of({(dir / "games").string()}));
  EXPECT_EQ(names(records), (std::vector<std::string>{(dir / "games/a.sgf").string(),
                                                      (dir / "games/b.sgf").string()}));
  EXPECT_EQ(records[1].bytes, "(;)");
}

// Opens `fifo` for writing once a reader has it open, and writes `bytes`; gives up after
// `patience` or when destroyed (writing nothing then, so that a reader still waiting gets an
// empty file instead of hanging the test).
class FifoWriter {
public:
  FifoWriter(fs::path fifo, std::string bytes, std::chrono::seconds patience)
      : thread_([this, fifo = std::move(fifo), bytes = std::move(bytes), patience] {
          const auto end = std::chrono::steady_clock::now() + patience;
          int fd = -1;
          // Without a reader a non-blocking open fails (ENXIO): retry until one comes.
          while ((fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK)) < 0 && !stop_ &&
                 std::chrono::steady_clock::now() < end)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
          if (fd < 0)
            return;
          ::fcntl(fd, F_SETFL, 0); // blocking writes from here on
          for (size_t done = 0; done < bytes.size();) {
            ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
            if (n <= 0)
              break;
            done += size_t(n);
          }
          ::close(fd);
        }) {}
  ~FifoWriter() {
    stop_ = true;
    thread_.join();
  }
  FifoWriter(const FifoWriter &) = delete;
  FifoWriter &operator=(const FifoWriter &) = delete;

private:
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

TEST(Folders, FifosSocketsAndDevicesAreSkippedWithANote) {
  TempDir dir;
  fs::copy_file(folder / "a.sgf", dir / "a.sgf");
  ASSERT_EQ(::mkfifo((dir / "x.sgf").c_str(), 0600), 0);
  fs::create_symlink(dir / "x.sgf", dir / "y.sgf"); // a link to the FIFO
  fs::create_symlink("/dev/null", dir / "z.sgf");   // a link to a character device
  // Were the walk to open the FIFO and wait, this writer would end the wait after a while
  // with an empty record, and the test would fail instead of hanging.
  FifoWriter guard(dir / "x.sgf", "", std::chrono::seconds(20));
  auto records = read_all(spec_of({dir.path().string()}));
  ASSERT_EQ(names(records),
            (std::vector<std::string>{(dir / "a.sgf").string(), (dir / "x.sgf").string(),
                                      (dir / "y.sgf").string(), (dir / "z.sgf").string()}));
  EXPECT_FALSE(records[0].error);
  EXPECT_EQ(records[0].bytes, read_file(folder / "a.sgf"));
  for (size_t i = 1; i < records.size(); ++i) {
    ASSERT_TRUE(records[i].error) << records[i].name;
    EXPECT_EQ(records[i].error->severity, Severity::note);
    EXPECT_EQ(records[i].error->code, "special-file");
  }
  EXPECT_NE(records[1].error->message.find("FIFO"), std::string::npos);
  EXPECT_NE(records[2].error->message.find("FIFO"), std::string::npos);
  EXPECT_NE(records[3].error->message.find("character device"), std::string::npos);
}

// The bytes of a run are measured beforehand by the same walk the source makes: what input_bytes
// counts is what the source has passed at the end (followed links to files counted again,
// links to folders, FIFOs and names the globs leave not at all; archives as stored), growing
// with each record it gives, in every share of --shard.
TEST(Progress, InputBytesAreWhatTheSourcePasses) {
  TempDir dir;
  fs::copy(folder, dir / "games", fs::copy_options::recursive);
  fs::create_directory_symlink(dir / "games", dir / "games/loop.sgf");
  fs::create_symlink(dir / "games/a.sgf", dir / "games/again.sgf");
  ASSERT_EQ(::mkfifo((dir / "games/x.sgf").c_str(), 0600), 0);
  const fs::path zip = dir / "more.zip", tgz = dir / "more.tar.gz";
  write_archive(zip, Kind::zip, sample_entries());
  write_archive(tgz, Kind::tar_gz, sample_entries());
  write_text(dir / "list", tgz.string() + "\n" + (folder / "notes.txt").string() + "\n");
  InputSpec spec = spec_of({(dir / "games").string(), zip.string()});
  spec.files_from = (dir / "list").string();
  const uint64_t expected = 2 * fs::file_size(folder / "a.sgf") + fs::file_size(folder / "B.SGF") +
                            fs::file_size(folder / "sub/c.sgf") +
                            fs::file_size(folder / "sub/deeper/d.sgf") + fs::file_size(zip) +
                            fs::file_size(tgz) + fs::file_size(folder / "notes.txt");
  EXPECT_EQ(input_bytes(spec), expected);
  for (const Shard shard : {Shard{1, 1}, Shard{1, 3}, Shard{2, 3}, Shard{3, 3}}) {
    InputSpec share = spec;
    share.shard = shard;
    const std::optional<uint64_t> total = input_bytes(share);
    ASSERT_TRUE(total);
    RecordSource source(share);
    uint64_t before = 0;
    EXPECT_EQ(source.bytes_read(), 0u);
    while (std::optional<Record> record = source.next()) {
      EXPECT_EQ(record->passed, source.bytes_read());
      EXPECT_GE(record->passed, before);
      EXPECT_LE(record->passed, *total);
      before = record->passed;
    }
    EXPECT_EQ(source.bytes_read(), *total) << shard.index << "/" << shard.count;
  }
}

// Streams have no length to measure beforehand: no total, and no wait for a writer.
TEST(Progress, NoInputBytesForAStream) {
  TempDir dir;
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
  write_text(dir / "a.sgf", "(;)");
  EXPECT_EQ(input_bytes(spec_of({"-"})), std::nullopt);
  EXPECT_EQ(input_bytes(InputSpec{}), std::nullopt); // standard input by default
  EXPECT_EQ(input_bytes(spec_of({(dir / "a.sgf").string(), (dir / "fifo").string()})),
            std::nullopt);
  InputSpec listed = spec_of({(dir / "a.sgf").string()});
  listed.files_from = "-";
  EXPECT_EQ(input_bytes(listed), std::nullopt);
  listed.files_from = (dir / "fifo").string();
  EXPECT_EQ(input_bytes(listed), std::nullopt);
  EXPECT_EQ(input_bytes(spec_of({(dir / "a.sgf").string()})), 3u);
  std::stop_source stopped;
  stopped.request_stop();
  EXPECT_EQ(input_bytes(spec_of({dir.path().string()}), stopped.get_token()), std::nullopt);
}

TEST(Inputs, ANamedFifoIsReadAsAStream) {
  TempDir dir;
  const fs::path fifo = dir / "game.sgf";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  {
    FifoWriter writer(fifo, read_file(folder / "B.SGF"), std::chrono::seconds(20));
    auto records = read_all(spec_of({fifo.string()}));
    ASSERT_EQ(records.size(), 1u);
    EXPECT_FALSE(records[0].error);
    EXPECT_EQ(records[0].bytes, read_file(folder / "B.SGF"));
  }
  // An archive through a FIFO is streamed: it cannot be opened again by name.
  write_archive(dir / "games.tar.gz", Kind::tar_gz, sample_entries());
  FifoWriter writer(fifo, read_file(dir / "games.tar.gz"), std::chrono::seconds(20));
  expect_sample(read_all(spec_of({fifo.string()})), fifo.string());
}

TEST(Limits, ADeviceNamedAsAnInputEndsAtTheLimit) {
  InputSpec spec = spec_of({"/dev/zero"});
  spec.max_record_bytes = 1 << 20;
  auto records = read_all(spec);
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].error);
  EXPECT_EQ(records[0].error->severity, Severity::error);
  EXPECT_NE(records[0].error->message.find("larger than the limit"), std::string::npos);
}

TEST(Archives, InsideFoldersAreNotOpened) {
  TempDir dir;
  write_archive(dir / "games.zip", Kind::zip, sample_entries());
  write_text(dir / "z.sgf", "(;)");
  EXPECT_EQ(names(read_all(spec_of({dir.path().string()}))),
            std::vector<std::string>{(dir / "z.sgf").string()});
}

// Records that xz cannot squeeze, so that cutting the file in half cuts the entries too.
Entries noisy_entries(int count) {
  std::mt19937 random(7);
  Entries entries;
  for (int i = 0; i < count; ++i) {
    std::string bytes = "(;GM[1]C[";
    for (int j = 0; j < 20'000; ++j)
      bytes += char('a' + random() % 26);
    bytes += "])";
    entries.push_back({"g" + std::to_string(i) + ".sgf", bytes});
  }
  return entries;
}

TEST(Archives, TruncatedTarXzGivesAnErrorRecordAndTheStreamGoesOn) {
  TempDir dir;
  auto whole = dir / "whole.tar.xz";
  write_archive(whole, Kind::tar_xz, noisy_entries(20));
  std::string bytes = read_file(whole);
  auto cut = (dir / "cut.tar.xz").string();
  write_text(cut, bytes.substr(0, bytes.size() / 2));
  auto a = (folder / "a.sgf").string();

  auto records = read_all(spec_of({cut, a}));
  ASSERT_GE(records.size(), 3u);
  size_t good = records.size() - 2;
  EXPECT_GT(good, 3u);
  EXPECT_LT(good, 12u);
  for (size_t i = 0; i < good; ++i) {
    EXPECT_FALSE(records[i].error);
    EXPECT_EQ(records[i].name, cut + "!/g" + std::to_string(i) + ".sgf");
    EXPECT_EQ(records[i].bytes.size(), 20'011u);
  }
  const Record &broken = records[good];
  ASSERT_TRUE(broken.error);
  EXPECT_EQ(broken.error->code, "unreadable");
  EXPECT_EQ(broken.name.rfind(cut, 0), 0u) << broken.name;
  EXPECT_EQ(broken.error->message.find(cut), std::string::npos) << broken.error->message;
  EXPECT_NE(broken.error->message.find("truncated archive"), std::string::npos)
      << broken.error->message;
  EXPECT_EQ(records.back().name, a);
  EXPECT_FALSE(records.back().error);
}

TEST(Archives, TruncatedRealCorpusArchive) {
  TempDir dir;
  auto cut = cut_corpus_archive(dir);
  if (!cut)
    GTEST_SKIP() << "the corpus's big/pro-cwi.tar.xz is absent";
  auto records = read_all(spec_of({*cut}));
  ASSERT_GT(records.size(), 100u);
  for (size_t i = 0; i + 1 < records.size(); ++i)
    ASSERT_FALSE(records[i].error) << records[i].error->message;
  ASSERT_TRUE(records.back().error);
  EXPECT_NE(records.back().error->message.find("truncated archive"), std::string::npos)
      << records.back().error->message;
}

TEST(Archives, TruncatedZipAndGzip) {
  TempDir dir;
  for (auto [kind, name] : {std::pair{Kind::zip, "cut.zip"}, std::pair{Kind::tar_gz, "cut.tgz"},
                            std::pair{Kind::tar_bz2, "cut.tar.bz2"}}) {
    auto whole = dir / (std::string("whole-") + name);
    write_archive(whole, kind, noisy_entries(10));
    std::string bytes = read_file(whole);
    auto cut = (dir / name).string();
    write_text(cut, bytes.substr(0, bytes.size() / 2));
    auto records = read_all(spec_of({cut, (folder / "a.sgf").string()}));
    ASSERT_GE(records.size(), 2u) << name;
    const Record &broken = records[records.size() - 2];
    ASSERT_TRUE(broken.error) << name;
    EXPECT_NE(broken.error->message.find("truncated archive"), std::string::npos)
        << broken.error->message;
    EXPECT_FALSE(records.back().error);
  }
}

TEST(Archives, GarbageAfterAMagicNumber) {
  TempDir dir;
  auto bad = (dir / "bad.tar.gz").string();
  // A valid gzip header (deflate, no flags) followed by bytes that are not deflate data.
  write_text(bad, std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10) +
                      std::string(300, '\xff'));
  auto records = read_all(spec_of({bad, (folder / "a.sgf").string()}));
  ASSERT_EQ(records.size(), 2u);
  ASSERT_TRUE(records[0].error);
  EXPECT_EQ(records[0].name, bad);
  EXPECT_NE(records[0].error->message.find("archive"), std::string::npos);
  EXPECT_FALSE(records[1].error);
}

TEST(Stdin, ReadFully) {
  StdinFrom in(folder / "B.SGF");
  auto records = read_all(spec_of({"-"}));
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].name, "-");
  EXPECT_EQ(records[0].bytes, read_file(folder / "B.SGF"));
}

TEST(Stdin, IsTheDefaultInput) {
  StdinFrom in(folder / "a.sgf");
  auto records = read_all(InputSpec{});
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].name, "-");
  EXPECT_EQ(records[0].bytes, read_file(folder / "a.sgf"));
}

// Standard input has no second reading: naming it again, as an input or as the list of inputs,
// is an error record, not an empty record.
TEST(Stdin, NamedTwiceIsAnErrorTheSecondTime) {
  {
    StdinFrom in(folder / "a.sgf");
    auto records = read_all(spec_of({"-", "-"}));
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].bytes, read_file(folder / "a.sgf"));
    ASSERT_TRUE(records[1].error);
    EXPECT_NE(records[1].error->message.find("standard input is named more than once"),
              std::string::npos);
  }
  TempDir dir;
  write_text(dir / "list", "-\n");
  StdinFrom in(dir / "list");
  InputSpec spec;
  spec.files_from = "-";
  auto records = read_all(spec);
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].error);
  EXPECT_EQ(records[0].name, "-");
}

// A file's record carries its stamp as read, for --in-place to see whether it changed since; a
// compressed one too; standard input has none.
TEST(Inputs, AFileRecordCarriesItsStamp) {
  TempDir dir;
  write_text(dir / "a.sgf", "(;C[a])");
  ASSERT_FALSE(write_output((dir / "b.sgf.gz").string(), "(;C[b])", {.compression = "gzip"}));
  auto records = read_all(spec_of({(dir / "a.sgf").string(), (dir / "b.sgf.gz").string()}));
  ASSERT_EQ(records.size(), 2u);
  for (const Record &record : records) {
    struct stat info {};
    ASSERT_EQ(::stat(record.file.c_str(), &info), 0) << record.name;
    ASSERT_TRUE(record.stamp) << record.name;
    EXPECT_TRUE(*record.stamp == stamp_of(info)) << record.name;
  }
  StdinFrom in(dir / "a.sgf");
  records = read_all(spec_of({"-"}));
  ASSERT_EQ(records.size(), 1u);
  EXPECT_FALSE(records[0].stamp);
}

// A folder written into is within reach of the inputs when a named folder holds it (the folder
// itself, or below it) or when it holds a record file named as an input; an archive there, or
// a sibling folder, is not.
TEST(Inputs, InputWithinReachOfAnOutputFolder) {
  TempDir dir;
  fs::create_directories(dir / "games/sub");
  fs::create_directories(dir / "other");
  write_text(dir / "games/a.sgf", "(;C[a])");
  write_text(dir / "games/g.zip", "PK");
  const std::string games = (dir / "games").string();
  EXPECT_EQ(input_within_reach(spec_of({games}), games), games);
  EXPECT_EQ(input_within_reach(spec_of({games + "/"}), (dir / "games/sub/new").string()),
            games + "/");
  EXPECT_EQ(input_within_reach(spec_of({games + "/a.sgf"}), games), games + "/a.sgf");
  EXPECT_EQ(input_within_reach(spec_of({games + "/g.zip", "-"}), games), std::nullopt);
  EXPECT_EQ(input_within_reach(spec_of({games}), (dir / "other").string()), std::nullopt);
  EXPECT_EQ(input_within_reach(spec_of({(dir / "games/sub").string()}), games), std::nullopt);
}

// take_files_from: the list's paths join the paths given, and the list is read no more.
TEST(FilesFrom, TakenWholeIntoThePaths) {
  TempDir dir;
  write_text(dir / "list", "b.sgf\n\nc.sgf\r\n");
  InputSpec spec = spec_of({"a.sgf"});
  spec.files_from = (dir / "list").string();
  EXPECT_EQ(take_files_from(spec), std::nullopt);
  EXPECT_EQ(spec.paths, (std::vector<std::string>{"a.sgf", "b.sgf", "c.sgf"}));
  EXPECT_EQ(spec.files_from, "");
  spec.files_from = (dir / "missing").string();
  const std::optional<Diagnostic> missing = take_files_from(spec);
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->code, "unreadable");
}

// once_per_file: a file named again, or through a link, is a note record the second time.
TEST(Inputs, OncePerFileReadsAFileNamedTwiceOnce) {
  TempDir dir;
  write_text(dir / "a.sgf", "(;C[a])");
  fs::create_symlink("a.sgf", dir / "link.sgf");
  InputSpec spec = spec_of({(dir / "a.sgf").string(), dir.path().string()});
  spec.once_per_file = true;
  auto records = read_all(spec);
  ASSERT_EQ(records.size(), 3u); // a.sgf, then the folder's a.sgf and link.sgf
  EXPECT_FALSE(records[0].error);
  for (size_t i : {1u, 2u}) {
    ASSERT_TRUE(records[i].error) << records[i].name;
    EXPECT_EQ(records[i].error->code, "read-already");
    EXPECT_EQ(records[i].error->severity, Severity::note);
  }
  spec.once_per_file = false;
  records = read_all(spec);
  ASSERT_EQ(records.size(), 3u);
  for (const Record &record : records)
    EXPECT_EQ(record.bytes, "(;C[a])") << record.name;
}

TEST(Stdin, AnArchiveOnStdin) {
  TempDir dir;
  write_archive(dir / "games.tar.bz2", Kind::tar_bz2, sample_entries());
  StdinFrom in(dir / "games.tar.bz2");
  expect_sample(read_all(spec_of({"-"})), "-");
}

TEST(Stdin, AnArchiveOnStdinIsStreamedNotHeldWhole) {
  TempDir dir;
  write_archive(dir / "games.tar", Kind::tar, sample_entries()); // 10 KiB of tar blocks
  StdinFrom in(dir / "games.tar");
  InputSpec spec = spec_of({"-"});
  spec.max_record_bytes = 1100; // below the archive's size, above every entry but B.SGF
  auto records = read_all(spec);
  ASSERT_EQ(names(records), (std::vector<std::string>{"-!/x/c.sgf", "-!/2019/a.sgf", "-!/B.SGF"}));
  EXPECT_FALSE(records[0].error);
  EXPECT_FALSE(records[1].error);
  ASSERT_TRUE(records[2].error);
  EXPECT_NE(records[2].error->message.find("larger than the limit"), std::string::npos);
}

TEST(FilesFrom, NewlineSeparated) {
  TempDir dir;
  auto a = (folder / "a.sgf").string(), c = (folder / "sub/c.sgf").string();
  write_text(dir / "list", c + "\n\n" + a + "\r\n");
  InputSpec spec = spec_of({(folder / "sub/deeper").string()});
  spec.files_from = (dir / "list").string();
  EXPECT_EQ(names(read_all(spec)),
            (std::vector<std::string>{(folder / "sub/deeper/d.sgf").string(), c, a}));
}

TEST(FilesFrom, NulSeparatedKeepsNewlinesInNames) {
  TempDir dir;
  auto odd = dir / "two\nlines.sgf";
  write_text(odd, "(;C[odd])");
  auto a = (folder / "a.sgf").string();
  write_text(dir / "list", odd.string() + std::string(1, '\0') + a + std::string(1, '\0'));
  InputSpec spec;
  spec.files_from = (dir / "list").string();
  spec.null_separated = true;
  auto records = read_all(spec);
  ASSERT_EQ(names(records), (std::vector<std::string>{odd.string(), a}));
  EXPECT_EQ(records[0].bytes, "(;C[odd])");
}

TEST(FilesFrom, FromStdinWithArchivesAndFolders) {
  TempDir dir;
  auto zip = (dir / "games.zip").string();
  write_archive(zip, Kind::zip, sample_entries());
  write_text(dir / "list", zip + std::string(1, '\0') + (folder / "sub").string());
  StdinFrom in(dir / "list");
  InputSpec spec;
  spec.files_from = "-";
  spec.null_separated = true;
  auto records = read_all(spec);
  ASSERT_EQ(records.size(), 5u);
  EXPECT_EQ(records[0].name, zip + "!/x/c.sgf");
  EXPECT_EQ(records[4].name, (folder / "sub/deeper/d.sgf").string());
}

TEST(FilesFrom, MissingListIsAnErrorRecord) {
  InputSpec spec = spec_of({(folder / "a.sgf").string()});
  spec.files_from = "no/such/list";
  auto records = read_all(spec);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_FALSE(records[0].error);
  ASSERT_TRUE(records[1].error);
  EXPECT_EQ(records[1].name, "no/such/list");
}

TEST(Limits, ARecordLargerThanTheLimitIsAnErrorNotAnAllocation) {
  TempDir dir;
  auto zip = (dir / "games.zip").string();
  write_archive(zip, Kind::zip, sample_entries());
  InputSpec spec =
      spec_of({(folder / "B.SGF").string(), zip, (folder / "sub/deeper/d.sgf").string()});
  spec.max_record_bytes = 400; // c.sgf 361 and d.sgf 318 fit; a.sgf 418 and B.SGF 1175 do not
  auto records = read_all(spec);
  ASSERT_EQ(records.size(), 5u);
  EXPECT_TRUE(records[0].error);
  EXPECT_NE(records[0].error->message.find("larger than the limit of 400 bytes"), std::string::npos)
      << records[0].error->message;
  EXPECT_FALSE(records[1].error);
  EXPECT_EQ(records[1].name, zip + "!/x/c.sgf");
  EXPECT_TRUE(records[2].error);
  EXPECT_EQ(records[2].name, zip + "!/2019/a.sgf");
  EXPECT_TRUE(records[3].error);
  EXPECT_FALSE(records[4].error);
}

TEST(Limits, StreamedInputOverTheLimit) {
  TempDir dir;
  write_text(dir / "big.sgf", std::string(5000, 'x'));
  StdinFrom in(dir / "big.sgf");
  InputSpec spec = spec_of({"-"});
  spec.max_record_bytes = 4096;
  auto records = read_all(spec);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_TRUE(records[0].error);
}

} // namespace
} // namespace sgf::batch
