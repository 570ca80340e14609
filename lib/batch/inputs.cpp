// RecordSource: walks files, folders and archives one record at a time, turning every failure
// into an error Record so that one bad input never stops the stream.
#include "lib/batch/inputs.h"
#include "lib/batch/progress.h"

#include <algorithm>
#include <archive.h>
#include <archive_entry.h>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fnmatch.h>
#include <iterator>
#include <map>
#include <set>
#include <string_view>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace sgf::batch {

bool matches_globs(const std::string &file_name, const std::vector<std::string> &globs) {
  if (globs.empty())
    return true;
  return std::any_of(globs.begin(), globs.end(), [&](const std::string &glob) {
    return ::fnmatch(glob.c_str(), file_name.c_str(), FNM_CASEFOLD) == 0;
  });
}

namespace {

namespace fs = std::filesystem;

constexpr size_t chunk_size = 1 << 16;

std::string errno_text(int error) {
  return std::generic_category().message(error);
}

// The file name leads the rendered line already.
Diagnostic unreadable(const std::string &reason) {
  return make_diagnostic(Severity::error, "unreadable", "cannot read: " + reason);
}

Record error_record(std::string name, const std::string &reason) {
  Record record;
  record.name = std::move(name);
  record.error = unreadable(reason);
  return record;
}

// A record not read, with the note that says why.
Record skipped_record(std::string name, const char *code, std::string why) {
  Record record;
  record.error = make_diagnostic(Severity::note, code, "skipped: " + std::move(why));
  record.name = std::move(name);
  return record;
}

// A FIFO, socket or device met in a folder walk is never opened for reading: a FIFO would wait
// for a writer forever, a device may never end.
Record skipped_in_folder(std::string name, std::string_view kind) {
  return skipped_record(std::move(name), "special-file",
                        std::string(kind) +
                            ", not a file (name it as an input to read it as a stream)");
}

// What a file that is neither a regular file nor a folder is, for the note; nullptr for those two.
const char *special_kind(mode_t mode) {
  if (S_ISFIFO(mode))
    return "a FIFO (named pipe)";
  if (S_ISSOCK(mode))
    return "a socket";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISREG(mode) || S_ISDIR(mode))
    return nullptr;
  return "a special file";
}

// Why an archive member that holds no record of its own is skipped: a link (never followed: a
// hard link's data is in the member it names, a symbolic link's target may be anywhere) or a
// FIFO or device. Nothing for a regular file or a folder, whose members come as entries.
std::optional<std::string> member_without_record(archive_entry *entry) {
  const bool has_data = archive_entry_size_is_set(entry) && archive_entry_size(entry) > 0;
  if (const char *target = archive_entry_hardlink(entry); target && !has_data)
    return "a hard link in the archive to " + std::string(target) + ", which holds the data";
  const mode_t type = archive_entry_filetype(entry);
  if (S_ISLNK(type)) {
    const char *target = archive_entry_symlink(entry);
    return "a symbolic link in the archive" + (target ? " to " + std::string(target) : "") +
           ", not followed";
  }
  if (const char *kind = special_kind(type))
    return std::string(kind) + " in the archive, not a file";
  return std::nullopt;
}

std::string too_large(size_t limit) {
  return "larger than the limit of " + with_commas(limit) + " bytes per record";
}

// Appends one read(2) of at most `most` bytes of fd to out, retried when a signal interrupts
// it; `ended` is set at the end of the input. Returns the reason on failure. It reads into the
// room reserved beforehand (a regular file's size, from fstat) when there is any, else a chunk:
// resize zero-fills what it adds, and zeroing a 64 KiB chunk for a 1.4 KiB record was a fifth
// of the reading time.
std::optional<std::string> append_read(int fd, std::string &out, bool &ended,
                                       size_t most = SIZE_MAX) {
  size_t old_size = out.size();
  size_t room = out.capacity() - old_size;
  size_t want = std::min(room > 0 ? room : chunk_size, most);
  out.resize(old_size + want);
  ssize_t n;
  do
    n = ::read(fd, out.data() + old_size, want);
  while (n < 0 && errno == EINTR);
  int error = errno;
  out.resize(old_size + size_t(std::max<ssize_t>(n, 0)));
  if (n < 0)
    return errno_text(error);
  ended = n == 0;
  return std::nullopt;
}

// Reads what is left of fd, up to `expected` bytes in all (a regular file's size: no read(2) to
// confirm its end) or to the end of the input; nothing when `ended` says the input has ended
// already (a terminal gives its end once). Returns the reason on failure.
// An input without a size (a pipe, a device) is read to the limit and no further, and the
// byte past it is looked for without growing the buffer: /dev/zero costs the limit, not twice.
std::optional<std::string> read_all(int fd, size_t limit, std::string &out, bool ended,
                                    size_t expected = SIZE_MAX) {
  while (!ended && out.size() < expected) {
    if (out.size() >= limit) {
      char extra;
      ssize_t n;
      do
        n = ::read(fd, &extra, 1);
      while (n < 0 && errno == EINTR);
      if (n < 0)
        return errno_text(errno);
      if (n > 0)
        return too_large(limit);
      break;
    }
    if (auto failure = append_read(fd, out, ended, limit - out.size()))
      return failure;
  }
  return std::nullopt;
}

// Enough of the start of fd to recognise an archive (tar's signature is at byte 257): a single
// read for an ordinary file, a few for a pipe. `ended` is set when the input ended within it: a
// terminal gives its end (Ctrl-D) once, and a read after it would wait for another.
std::optional<std::string> read_head(int fd, std::string &out, bool &ended) {
  ended = false;
  while (!ended && out.size() < 512)
    if (auto failure = append_read(fd, out, ended))
      return failure;
  return std::nullopt;
}

// An archive arriving on a pipe: the bytes already read to recognise it, then the rest of fd.
struct Stream {
  int fd;
  std::string head;
  bool head_given = false;
  std::array<char, chunk_size> buffer;

  static la_ssize_t read(archive *a, void *data, const void **out) {
    auto *stream = static_cast<Stream *>(data);
    if (!stream->head_given) {
      stream->head_given = true;
      *out = stream->head.data();
      return la_ssize_t(stream->head.size());
    }
    for (;;) {
      ssize_t n = ::read(stream->fd, stream->buffer.data(), stream->buffer.size());
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0) {
        archive_set_error(a, errno, "%s", errno_text(errno).c_str());
        return -1;
      }
      *out = stream->buffer.data();
      return la_ssize_t(n);
    }
  }
};

// AppleDouble companions ("._a.sgf", "__MACOSX/...") that macOS puts beside every file in
// folders and zips it writes: binary metadata under the record's own name.
bool is_apple_double(std::string_view path, std::string_view file_name) {
  return file_name.substr(0, 2) == "._" || path.substr(0, 9) == "__MACOSX/" ||
         path.find("/__MACOSX/") != std::string_view::npos;
}

// The file beside Tygem's one-line kifu files that holds their game information.
constexpr std::string_view kKifuIndex = "kifu.index";

// Content signatures of the archive and compression formats libarchive reads for us.
bool looks_like_archive(std::string_view head) {
  auto starts = [&](std::string_view magic) { return head.substr(0, magic.size()) == magic; };
  using namespace std::string_view_literals;
  return starts("PK\x03\x04"sv) || starts("PK\x05\x06"sv) || starts("\x1f\x8b"sv) ||
         starts("BZh"sv) ||
         starts("\xfd"
                "7zXZ\x00"sv) ||
         starts("\x28\xb5\x2f\xfd"sv) || starts("7z\xbc\xaf\x27\x1c"sv) || starts("\x1f\x9d"sv) ||
         (head.size() >= 262 && head.substr(257, 5) == "ustar");
}

// One archive being read entry by entry.
class ArchiveReader {
public:
  ArchiveReader(std::string display, const InputSpec &spec)
      : display_(std::move(display)), spec_(spec) {
    archive_ = archive_read_new();
    archive_read_support_filter_all(archive_);
    archive_read_support_format_zip(archive_);
    archive_read_support_format_tar(archive_);
    archive_read_support_format_gnutar(archive_);
    archive_read_support_format_7zip(archive_);
    archive_read_support_format_raw(archive_); // a single compressed record: a.sgf.gz
  }
  ~ArchiveReader() {
    if (archive_)
      archive_read_free(archive_);
    if (stream_ && stream_->fd != STDIN_FILENO)
      ::close(stream_->fd);
  }
  ArchiveReader(const ArchiveReader &) = delete;
  ArchiveReader &operator=(const ArchiveReader &) = delete;

  // Returns an error record when the archive cannot even be opened. `stamp`: the file's, for a
  // single compressed record, which can be written back.
  std::optional<Record> open_file(const std::string &path, const FileStamp &stamp) {
    stamp_ = stamp;
    if (archive_read_open_filename(archive_, path.c_str(), chunk_size) != ARCHIVE_OK)
      return fail(display_);
    return std::nullopt;
  }
  // Reads fd from where `head` ends (a pipe, a FIFO, a device); the reader closes fd unless it
  // is standard input.
  std::optional<Record> open_stream(int fd, std::string head) {
    stream_ = std::make_unique<Stream>();
    stream_->fd = fd;
    stream_->head = std::move(head);
    if (archive_read_open(archive_, stream_.get(), nullptr, &Stream::read, nullptr) != ARCHIVE_OK)
      return fail(display_);
    return std::nullopt;
  }

  // The bytes read of the archive as stored (compressed), for progress.
  uint64_t bytes_read() const {
    return uint64_t(std::max<la_int64_t>(archive_filter_bytes(archive_, -1), 0));
  }

  // The next matching entry, an error record, or nothing when the archive is finished.
  std::optional<Record> next() {
    while (!done_) {
      archive_entry *entry = nullptr;
      int status = archive_read_next_header(archive_, &entry);
      if (status == ARCHIVE_EOF) {
        done_ = true;
        return std::nullopt;
      }
      if (status == ARCHIVE_RETRY)
        continue;
      if (status < ARCHIVE_WARN)
        return fail(display_);
      const bool raw = archive_format(archive_) == ARCHIVE_FORMAT_RAW;
      std::optional<std::string> no_record = member_without_record(entry);
      if (archive_entry_filetype(entry) == AE_IFDIR || (no_record && raw))
        continue;
      std::string name = display_;
      std::string file, compression;
      std::optional<FileStamp> stamp;
      std::shared_ptr<const std::string> kifu_index;
      if (raw && !stream_ && archive_filter_count(archive_) == 2) { // one filter, then the file
        file = display_;
        compression = archive_filter_name(archive_, 0);
        stamp = stamp_;
      }
      if (!raw) {
        const char *path = archive_entry_pathname_utf8(entry);
        if (!path)
          path = archive_entry_pathname(entry);
        std::string entry_path = path ? path : "";
        std::string file_name = fs::path(entry_path).filename().string();
        if (file_name == kKifuIndex) { // every share needs it, whatever the globs
          if (no_record)
            continue;
          Record index = read_entry(name + "!/" + entry_path, entry);
          if (index.error)
            return index;
          kifu_indexes_[fs::path(entry_path).parent_path().string()] =
              std::make_shared<const std::string>(std::move(index.bytes));
          continue;
        }
        if (!matches_globs(file_name, spec_.globs) || is_apple_double(entry_path, file_name) ||
            !owns(spec_.shard, entry_path))
          continue; // libarchive skips the data at the next header
        name += "!/" + entry_path;
        if (no_record)
          return skipped_record(std::move(name), "special-file", std::move(*no_record));
        kifu_index = kifu_index_for(entry_path);
      } else if (!owns(spec_.shard, display_)) { // a single compressed file: keyed like a file
        done_ = true;
        return std::nullopt;
      }
      if (archive_entry_size_is_set(entry) && archive_entry_size(entry) > 0 &&
          size_t(archive_entry_size(entry)) > spec_.max_record_bytes)
        return error_record(std::move(name), too_large(spec_.max_record_bytes));
      Record record = read_entry(std::move(name), entry);
      if (!record.error) {
        record.file = std::move(file);
        record.compression = std::move(compression);
        record.stamp = stamp;
        record.kifu_index = std::move(kifu_index);
      }
      return record;
    }
    return std::nullopt;
  }

private:
  // The kifu.index of a member, as the kifu reader looks for one on disk: in the folder above the
  // member's, else in its own.
  std::shared_ptr<const std::string> kifu_index_for(const std::string &entry_path) const {
    const fs::path folder = fs::path(entry_path).parent_path();
    for (const fs::path &candidate : {folder.parent_path(), folder})
      if (auto it = kifu_indexes_.find(candidate.string()); it != kifu_indexes_.end())
        return it->second;
    return nullptr;
  }

  Record read_entry(std::string name, archive_entry *entry) {
    Record record;
    if (archive_entry_size_is_set(entry))
      record.bytes.reserve(size_t(std::max<la_int64_t>(0, archive_entry_size(entry))));
    std::array<char, chunk_size> buffer;
    for (;;) {
      la_ssize_t n = archive_read_data(archive_, buffer.data(), buffer.size());
      if (n == 0)
        break;
      if (n == ARCHIVE_WARN || n == ARCHIVE_RETRY)
        continue;
      if (n < 0) {
        if (n == ARCHIVE_FATAL)
          done_ = true;
        return error_record(std::move(name), reason());
      }
      if (record.bytes.size() + size_t(n) > spec_.max_record_bytes)
        return error_record(std::move(name), too_large(spec_.max_record_bytes)); // rest skipped
      record.bytes.append(buffer.data(), size_t(n));
    }
    record.name = std::move(name);
    return record;
  }

  // libarchive's words for the damage, prefixed with what it means for the user.
  std::string reason() const {
    const char *text = archive_error_string(archive_);
    std::string detail = text ? text : "unknown libarchive error";
    std::string lower = detail;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    // libarchive has no error code for "the input ended early"; these are its words for it
    // (tar, gzip, bzip2; xz says "no progress"; zip passes on zlib's Z_BUF_ERROR, -5).
    static constexpr std::string_view hints[] = {
        "truncat", "end of", "eof", "premature", "no progress is possible", "failed (-5)"};
    bool truncated = std::any_of(std::begin(hints), std::end(hints), [&](std::string_view hint) {
      return lower.find(hint) != std::string::npos;
    });
    return std::string(truncated ? "truncated archive" : "damaged archive") + " (" + detail + ")";
  }

  Record fail(std::string name) {
    done_ = true;
    return error_record(std::move(name), reason());
  }

  std::string display_;
  std::optional<FileStamp> stamp_; // of the file, from open_file
  const InputSpec &spec_;
  archive *archive_ = nullptr;
  std::unique_ptr<Stream> stream_;
  bool done_ = false;
  std::map<std::string, std::shared_ptr<const std::string>> kifu_indexes_; // by folder
};

constexpr std::string_view kStdinTwice = "standard input is named more than once (as an input or "
                                         "as the --files-from list), and it can be read only once";

// The next path of a --files-from list (lines, or NUL-separated names; blank entries skipped, a
// line's CR dropped); nothing at the end of the list, or on a read error, with `error` set.
std::optional<std::string> next_listed_path(FILE *list, bool null_separated, int &error) {
  char *line = nullptr;
  size_t capacity = 0;
  const int delimiter = null_separated ? '\0' : '\n';
  std::optional<std::string> path;
  for (;;) {
    errno = 0;
    ssize_t n = ::getdelim(&line, &capacity, delimiter, list);
    if (n < 0) {
      const int failure = errno;
      error = std::ferror(list) ? failure : 0;
      break;
    }
    std::string entry(line, size_t(n));
    if (!entry.empty() && entry.back() == char(delimiter))
      entry.pop_back();
    if (!null_separated && !entry.empty() && entry.back() == '\r')
      entry.pop_back();
    if (!entry.empty()) {
      path = std::move(entry);
      break;
    }
  }
  std::free(line);
  return path;
}

// The mode bits of a type from a folder listing: a regular file for the types that need a look
// at the file itself (symbolic links, unknown).
mode_t listed_mode(fs::file_type type) {
  switch (type) {
  case fs::file_type::fifo:
    return S_IFIFO;
  case fs::file_type::socket:
    return S_IFSOCK;
  case fs::file_type::character:
    return S_IFCHR;
  case fs::file_type::block:
    return S_IFBLK;
  default:
    return S_IFREG;
  }
}

// One folder being walked. Only the names are kept (sorted, so that the order of records is
// stable), with the type the directory listing gives for free: no stat per entry.
struct Folder {
  fs::path path;
  std::string key; // the path below the folder named as an input, with a final '/', for --shard
  std::vector<std::pair<std::string, fs::file_type>> entries;
  size_t next = 0;
};

// The paths named as inputs; standard input when neither a path nor a list of paths is given.
std::vector<std::string> paths_to_read(const InputSpec &spec) {
  if (spec.paths.empty() && spec.files_from.empty())
    return {"-"};
  return spec.paths;
}

// The files a walk of folders takes, in order: recursively, names sorted bytewise in each
// folder, the names the globs take and the share owns. Folders are walked from a stack, not by
// recursion: the depth is the input's to choose. Links to folders are not followed (no cycles):
// the listing gives a link's own type.
class FolderWalk {
public:
  struct Entry {
    std::string path;
    fs::file_type type; // as listed: a link is a symlink, its target not yet looked at
    std::string error;  // set when `path` is a folder that cannot be listed
  };

  explicit FolderWalk(const InputSpec &spec) : spec_(spec) {}

  bool empty() const { return folders_.empty(); }

  // Lists `path` (keyed `key` for --shard: its path below the folder named, with a final '/')
  // to walk next; the reason when it cannot be listed.
  std::optional<std::string> push(const fs::path &path, std::string key) {
    std::error_code error;
    Folder folder;
    folder.path = path;
    folder.key = std::move(key);
    for (fs::directory_iterator it(path, error), end; !error && it != end; it.increment(error)) {
      std::error_code unknown; // the type is looked up later, when it matters
      folder.entries.emplace_back(it->path().filename().string(),
                                  it->symlink_status(unknown).type());
    }
    if (error)
      return error.message();
    std::sort(folder.entries.begin(), folder.entries.end());
    folders_.push_back(std::move(folder));
    return std::nullopt;
  }

  std::optional<Entry> next() {
    while (!folders_.empty()) {
      Folder &top = folders_.back();
      if (top.next == top.entries.size()) {
        folders_.pop_back();
        continue;
      }
      auto [file_name, type] = top.entries[top.next++];
      fs::path path = top.path / file_name;
      std::string key = top.key + file_name;
      if (type == fs::file_type::directory) {
        if (auto error = push(path, key + '/'))
          return Entry{path.string(), type, std::move(*error)};
        continue;
      }
      if (file_name == kKifuIndex || !matches_globs(file_name, spec_.globs) ||
          is_apple_double("", file_name) || !owns(spec_.shard, key))
        continue;
      return Entry{path.string(), type, {}};
    }
    return std::nullopt;
  }

private:
  const InputSpec &spec_;
  std::vector<Folder> folders_;
};

} // namespace

struct RecordSource::State {
  InputSpec spec;
  size_t next_path = 0;
  FILE *list = nullptr; // --files-from, opened when the positional paths are used up
  bool list_opened = false;
  bool stdin_taken = false; // read as a record or as the --files-from list: it has no second time
  // With once_per_file, the files read by inode and by resolved path: a file rewritten in place
  // meanwhile keeps its path but not its inode, hard links share an inode under other paths.
  std::set<std::pair<dev_t, ino_t>> files_read;
  std::set<fs::path> paths_read;
  std::unique_ptr<ArchiveReader> archive;
  FolderWalk walk{spec};
  // Bytes of the inputs passed so far, for progress: every regular file met, whole when it is
  // opened (an archive's too, less what libarchive has still to read of it: archive_unread).
  uint64_t bytes_done = 0;
  uint64_t archive_unread = 0;

  ~State() {
    if (list && list != stdin)
      std::fclose(list);
  }

  std::optional<Record> next() {
    std::optional<Record> record = next_record();
    if (record) {
      record->passed = passed();
      if (record->bytes.size() >= kWatchedRecordBytes)
        record->worked = std::make_shared<std::atomic<uint32_t>>(0);
    }
    return record;
  }

  uint64_t passed() const {
    const uint64_t archive_read = archive ? std::min(archive->bytes_read(), archive_unread) : 0;
    return bytes_done - archive_unread + archive_read;
  }

  std::optional<Record> next_record() {
    for (;;) {
      if (archive) {
        if (auto record = archive->next())
          return record;
        archive.reset();
        archive_unread = 0;
        continue;
      }
      if (!walk.empty()) {
        if (auto record = next_in_folders())
          return record;
        continue;
      }
      std::optional<std::string> path;
      if (auto error = next_input(path))
        return error;
      if (!path)
        return std::nullopt;
      if (auto record = open_input(*path))
        return record;
    }
  }

  // The next path to read, from the command line and then from the list; an error record when
  // the list cannot be read.
  std::optional<Record> next_input(std::optional<std::string> &path) {
    if (next_path < spec.paths.size()) {
      path = spec.paths[next_path++];
      return std::nullopt;
    }
    if (spec.files_from.empty())
      return std::nullopt;
    if (!list_opened) {
      list_opened = true;
      if (spec.files_from == "-") {
        if (stdin_taken)
          return stdin_again();
        stdin_taken = true;
      }
      list = spec.files_from == "-" ? stdin : std::fopen(spec.files_from.c_str(), "rb");
      if (!list)
        return error_record(spec.files_from, errno_text(errno));
    }
    if (!list)
      return std::nullopt;
    int error = 0;
    path = next_listed_path(list, spec.null_separated, error);
    if (path)
      return std::nullopt;
    if (list != stdin)
      std::fclose(list);
    list = nullptr;
    if (error)
      return error_record(spec.files_from, errno_text(error));
    return std::nullopt;
  }

  std::optional<Record> open_input(const std::string &path) {
    if (path == "-") {
      if (std::exchange(stdin_taken, true))
        return stdin_again();
      return read_stdin();
    }
    // A FIFO named here waits for its writer and is then read as a stream, like a device.
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
      return owned_error(path, path, errno_text(errno));
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
      int error = errno;
      ::close(fd);
      return owned_error(path, path, errno_text(error));
    }
    if (S_ISDIR(info.st_mode)) {
      ::close(fd);
      if (auto error = walk.push(path, ""))
        return error_record(path, *error);
      return std::nullopt;
    }
    if (S_ISREG(info.st_mode))
      bytes_done += uint64_t(info.st_size);
    if (auto skipped = not_to_read(fd, info, path))
      return skipped;
    std::string head;
    // A regular file of up to a chunk (nearly every record) comes in one read(2), in place.
    if (S_ISREG(info.st_mode))
      head.reserve(std::min(size_t(info.st_size), chunk_size) + 1);
    bool ended = false;
    if (auto failure = read_head(fd, head, ended)) {
      ::close(fd);
      return owned_error(path, path, *failure);
    }
    if (looks_like_archive(head)) {
      archive = std::make_unique<ArchiveReader>(path, spec);
      if (!S_ISREG(info.st_mode)) // what was read cannot be read again by name
        return archive->open_stream(fd, std::move(head));
      ::close(fd);
      archive_unread = uint64_t(info.st_size);
      return archive->open_file(path, stamp_of(info));
    }
    if (!owns(spec.shard, path)) { // its head was read only to tell an archive from a record
      ::close(fd);
      return std::nullopt;
    }
    return read_open_file(fd, info, path, std::move(head), ended);
  }

  static Record stdin_again() { return error_record("-", std::string(kStdinTwice)); }

  // An error about the record keyed `key`: nothing when another share owns the record.
  std::optional<Record> owned_error(std::string_view key, std::string name,
                                    const std::string &reason) const {
    if (!owns(spec.shard, key))
      return std::nullopt;
    return error_record(std::move(name), reason);
  }

  // The note record of a regular file not to read (the descriptor closed): the run's output,
  // or with once_per_file one read already.
  std::optional<Record> not_to_read(int fd, const struct stat &info, const std::string &name) {
    if (!S_ISREG(info.st_mode))
      return std::nullopt;
    const char *code = nullptr, *why = nullptr;
    if (spec.output_file && spec.output_file->device == info.st_dev &&
        spec.output_file->inode == info.st_ino) {
      code = "output-not-read";
      why = "the output of this run, which replaces it";
    } else if (spec.once_per_file && read_already(info, name)) {
      code = "read-already";
      why = "a file read already (named twice, or linked)";
    } else {
      return std::nullopt; // nearly every file: nothing made
    }
    ::close(fd);
    return skipped_record(name, code, why);
  }

  // Records the file `name` (open, `info`) as read, and says whether it was read before.
  bool read_already(const struct stat &info, const std::string &name) {
    const bool new_inode = files_read.emplace(info.st_dev, info.st_ino).second;
    std::error_code error;
    const fs::path resolved = fs::canonical(name, error);
    const bool new_path = error || paths_read.insert(resolved).second;
    return !new_inode || !new_path;
  }

  // The rest of fd after `head`, which has been read already (to the end of the input if
  // `ended`).
  Record read_open_file(int fd, const struct stat &info, std::string name, std::string head = {},
                        bool ended = false) {
    Record record;
    record.bytes = std::move(head);
    // A regular file read to its size needs no read(2) to confirm the end: one system call in
    // five per small record. A file that grows meanwhile is read as it was when opened.
    size_t expected = SIZE_MAX;
    if (S_ISREG(info.st_mode)) {
      if (size_t(info.st_size) > spec.max_record_bytes) {
        ::close(fd);
        return error_record(std::move(name), too_large(spec.max_record_bytes));
      }
      // Files of size 0 (in /proc, say) and files grown past their size are read to the end.
      if (info.st_size > 0 && record.bytes.size() <= size_t(info.st_size))
        expected = size_t(info.st_size);
      record.bytes.reserve(size_t(info.st_size));
    }
    auto failure = record.bytes.size() > spec.max_record_bytes
                       ? std::optional<std::string>(too_large(spec.max_record_bytes))
                       : read_all(fd, spec.max_record_bytes, record.bytes, ended, expected);
    ::close(fd);
    if (failure)
      return error_record(std::move(name), *failure);
    if (S_ISREG(info.st_mode)) { // a FIFO or a device holds no record to write back
      record.file = name;
      record.stamp = stamp_of(info);
    }
    record.name = std::move(name);
    return record;
  }

  // Standard input: an archive is read as a stream, anything else is one record.
  std::optional<Record> read_stdin() {
    std::string head;
    head.reserve(chunk_size);
    bool ended = false;
    if (auto failure = read_head(STDIN_FILENO, head, ended))
      return owned_error("-", "-", *failure);
    if (looks_like_archive(head)) {
      archive = std::make_unique<ArchiveReader>("-", spec);
      return archive->open_stream(STDIN_FILENO, std::move(head));
    }
    if (!owns(spec.shard, "-"))
      return std::nullopt;
    Record record;
    record.bytes = std::move(head);
    auto failure = record.bytes.size() > spec.max_record_bytes
                       ? std::optional<std::string>(too_large(spec.max_record_bytes))
                       : read_all(STDIN_FILENO, spec.max_record_bytes, record.bytes, ended);
    if (failure)
      return error_record("-", *failure);
    record.name = "-";
    return record;
  }

  std::optional<Record> next_in_folders() {
    while (std::optional<FolderWalk::Entry> entry = walk.next()) {
      std::string name = std::move(entry->path);
      if (!entry->error.empty())
        return error_record(std::move(name), entry->error);
      if (const char *kind = special_kind(listed_mode(entry->type)))
        return skipped_in_folder(std::move(name), kind);
      // Not blocking: a symbolic link to a FIFO (or a FIFO put there since the listing) opens
      // at once and is skipped below instead of waiting for a writer.
      int fd = ::open(name.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
      if (fd < 0)
        return error_record(std::move(name), errno_text(errno));
      struct stat info {};
      if (::fstat(fd, &info) != 0) {
        int failure = errno;
        ::close(fd);
        return error_record(std::move(name), errno_text(failure));
      }
      if (S_ISDIR(info.st_mode)) { // a symbolic link to a folder: skipped, so no cycles
        ::close(fd);
        continue;
      }
      if (const char *kind = special_kind(info.st_mode)) {
        ::close(fd);
        return skipped_in_folder(std::move(name), kind);
      }
      bytes_done += uint64_t(info.st_size);
      if (auto skipped = not_to_read(fd, info, name))
        return skipped;
      return read_open_file(fd, info, std::move(name));
    }
    return std::nullopt;
  }
};

std::optional<uint64_t> input_bytes(const InputSpec &spec, std::stop_token stop) {
  uint64_t total = 0;
  FolderWalk walk(spec);
  // Adds what a RecordSource passes of `path`; false when that cannot be known beforehand.
  auto add = [&](const std::string &path, bool named) {
    struct stat info {};
    if (path == "-")
      return false;
    if (::stat(path.c_str(), &info) != 0) // the source reports it
      return true;
    if (S_ISREG(info.st_mode))
      total += uint64_t(info.st_size);
    else if (!named) // in a folder: a link to a folder or a special file, passed over
      return true;
    else if (S_ISDIR(info.st_mode))
      walk.push(path, ""); // a folder that cannot be listed: the source reports it
    else
      return false; // a FIFO or a device, read as a stream
    return true;
  };
  auto add_named = [&](const std::string &path) {
    if (!add(path, true))
      return false;
    while (std::optional<FolderWalk::Entry> entry = walk.next()) {
      if (stop.stop_requested())
        return false;
      if (entry->error.empty())
        add(entry->path, false);
    }
    return true;
  };
  for (const std::string &path : paths_to_read(spec))
    if (!add_named(path))
      return std::nullopt;
  if (!spec.files_from.empty()) {
    struct stat info {};
    if (spec.files_from == "-" || ::stat(spec.files_from.c_str(), &info) != 0 ||
        !S_ISREG(info.st_mode))
      return std::nullopt;
    std::unique_ptr<FILE, int (*)(FILE *)> list(std::fopen(spec.files_from.c_str(), "rb"),
                                                &std::fclose);
    if (!list)
      return std::nullopt;
    int error = 0;
    while (std::optional<std::string> path =
               next_listed_path(list.get(), spec.null_separated, error))
      if (stop.stop_requested() || !add_named(*path))
        return std::nullopt;
  }
  if (stop.stop_requested())
    return std::nullopt;
  return total;
}

std::optional<Diagnostic> take_files_from(InputSpec &spec) {
  if (spec.files_from.empty())
    return std::nullopt;
  const bool from_stdin = spec.files_from == "-";
  if (from_stdin && std::find(spec.paths.begin(), spec.paths.end(), "-") != spec.paths.end())
    return unreadable(std::string(kStdinTwice));
  FILE *list = from_stdin ? stdin : std::fopen(spec.files_from.c_str(), "rb");
  if (!list)
    return unreadable(errno_text(errno));
  int error = 0;
  while (std::optional<std::string> path = next_listed_path(list, spec.null_separated, error))
    spec.paths.push_back(std::move(*path));
  if (!from_stdin)
    std::fclose(list);
  if (error)
    return unreadable(errno_text(error));
  spec.files_from.clear();
  return std::nullopt;
}

std::optional<std::string> input_within_reach(const InputSpec &spec, const std::string &folder) {
  std::error_code error;
  auto canonical = [&error](const std::string &path) {
    fs::path c = fs::weakly_canonical(path, error);
    return c.has_filename() ? c : c.parent_path(); // "/a/b/" (from ".") as "/a/b"
  };
  const fs::path out = canonical(folder);
  if (error)
    return std::nullopt;
  for (const std::string &path : spec.paths) {
    if (path == "-")
      continue;
    const fs::path in = canonical(path);
    if (error)
      continue;
    if (fs::is_directory(in, error)) {
      // `out` is `in` or below it.
      if (std::mismatch(in.begin(), in.end(), out.begin(), out.end()).first == in.end())
        return path;
    } else if (in.parent_path() == out && matches_globs(in.filename().string(), spec.globs)) {
      return path;
    }
  }
  return std::nullopt;
}

RecordSource::RecordSource(InputSpec spec) : state_(std::make_unique<State>()) {
  spec.paths = paths_to_read(spec);
  state_->spec = std::move(spec);
}

const InputSpec &RecordSource::spec() const {
  return state_->spec;
}

uint64_t RecordSource::bytes_read() const {
  return state_->passed();
}

RecordSource::~RecordSource() = default;
RecordSource::RecordSource(RecordSource &&) noexcept = default;
RecordSource &RecordSource::operator=(RecordSource &&) noexcept = default;

std::optional<Record> RecordSource::next() {
  std::optional<Record> record = state_->next();
  if (record)
    record->format = state_->spec.format;
  return record;
}

} // namespace sgf::batch
