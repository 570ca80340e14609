// Shared fixtures of the batch tests: temporary folders, archives built with libarchive's
// writer, and standard input redirected from a file.
#pragma once

#include "tests/support/files.h"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace sgf::batch::testing {

namespace fs = std::filesystem;

using sgf::testing_support::read_file;

inline void write_text(const fs::path &path, const std::string &text) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << text;
}

inline fs::path testdata() {
  return fs::path(SGF_TESTDATA) / "batch";
}

class TempDir {
public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "sgf-batch-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
      throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  const fs::path &path() const { return path_; }
  fs::path operator/(const std::string &name) const { return path_ / name; }

private:
  fs::path path_;
};

enum class Kind { zip, tar, tar_gz, tar_bz2, tar_xz };

using Entries = std::vector<std::pair<std::string, std::string>>; // name, bytes, in order

// Writes an archive of the given kind with libarchive's writer.
inline void write_archive(const fs::path &path, Kind kind, const Entries &entries) {
  archive *a = archive_write_new();
  if (kind == Kind::zip) {
    archive_write_set_format_zip(a);
  } else {
    archive_write_set_format_pax_restricted(a);
    if (kind == Kind::tar_gz)
      archive_write_add_filter_gzip(a);
    if (kind == Kind::tar_bz2)
      archive_write_add_filter_bzip2(a);
    if (kind == Kind::tar_xz)
      archive_write_add_filter_xz(a);
  }
  ASSERT_EQ(archive_write_open_filename(a, path.c_str()), ARCHIVE_OK) << archive_error_string(a);
  for (const auto &[name, bytes] : entries) {
    archive_entry *e = archive_entry_new();
    archive_entry_set_pathname(e, name.c_str());
    archive_entry_set_size(e, la_int64_t(bytes.size()));
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    ASSERT_EQ(archive_write_header(a, e), ARCHIVE_OK) << archive_error_string(a);
    ASSERT_EQ(archive_write_data(a, bytes.data(), bytes.size()), la_ssize_t(bytes.size()));
    archive_entry_free(e);
  }
  ASSERT_EQ(archive_write_close(a), ARCHIVE_OK);
  archive_write_free(a);
}

// The first MiB of the corpus's pro-cwi.tar.xz written into `dir`: a real archive cut short
// after some hundred records. Its path, or nothing when the corpus is absent.
inline std::optional<std::string> cut_corpus_archive(const TempDir &dir) {
  fs::path real = fs::path(SGF_CORPUS) / "big" / "pro-cwi.tar.xz";
  if (!fs::exists(real))
    return std::nullopt;
  auto cut = (dir / "pro-cwi.tar.xz").string();
  std::string head(1 << 20, '\0');
  std::ifstream(real, std::ios::binary).read(head.data(), std::streamsize(head.size()));
  write_text(cut, head);
  return cut;
}

// Standard input read from a file for the lifetime of the object.
class StdinFrom {
public:
  explicit StdinFrom(const fs::path &path) {
    saved_ = ::dup(STDIN_FILENO);
    int fd = ::open(path.c_str(), O_RDONLY);
    ::dup2(fd, STDIN_FILENO);
    ::close(fd);
    std::clearerr(stdin); // files-from "-" reads through the FILE, which remembers EOF
  }
  ~StdinFrom() {
    ::dup2(saved_, STDIN_FILENO);
    ::close(saved_);
    std::clearerr(stdin);
  }
  StdinFrom(const StdinFrom &) = delete;
  StdinFrom &operator=(const StdinFrom &) = delete;

private:
  int saved_;
};

} // namespace sgf::batch::testing
