// Inputs: files, folders (recursive), archives read in place, stdin, and lists of names, turned
// into a lazy stream of Records so that memory does not grow with the size of the collection.
#pragma once

#include "lib/report/diagnostic.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sgf::batch {

// One record to process: a name for messages ("games.zip!/2019/a.sgf", "-" for stdin) and its
// bytes, or the reason it could not be read.
struct Record {
  std::string name;
  std::string bytes;
  std::optional<Diagnostic> error; // set when the record could not be read (code "unreadable")
  // Where to write the record back (--in-place): the file on disk that holds exactly this
  // record, and the libarchive filter it is compressed with ("gzip", ...; empty: none). Empty
  // for standard input and for archive members: their names are for messages, never paths.
  std::string file;
  std::string compression;
};

struct InputSpec {
  std::vector<std::string> paths; // files, folders, archives, "-" for stdin; empty means "-"
  std::string files_from;         // read more paths from this file ("-" for stdin)
  bool null_separated = false;    // files_from is NUL-separated (-0)
  std::vector<std::string> globs = {"*.sgf"};  // names taken from folders and archives
  size_t max_record_bytes = size_t{512} << 20; // a larger record is an error, not an allocation
};

// Whether a file name (not a path) matches one of the globs, ignoring case ("A.SGF" is "*.sgf").
bool matches_globs(const std::string &file_name, const std::vector<std::string> &globs);

// Yields the records of every input in order, lazily: one file at a time, one archive entry at
// a time. Not thread-safe; the pipeline calls it from one thread.
// - The paths, then the files_from list. Named files are read whatever their name.
// - Folders: recursively, names sorted bytewise in each folder, files matching the globs;
//   symbolic links to files are followed, to folders not (no cycles); archives inside folders
//   are not opened.
// - Archives are recognised by content (zip, tar, gzip, bzip2, xz, zstd, 7z; a single
//   compressed file such as a.sgf.gz is one record named after the file), entries matching
//   the globs in archive order, named "archive!/entry/path". An archive on stdin is streamed.
// - macOS's AppleDouble companions ("._a.sgf", "__MACOSX/") are skipped.
// - Every failure is a Record with `error` (code "unreadable", the message naming the path and
//   the reason: the system's, "truncated archive (...)" or "damaged archive (...)" with
//   libarchive's words); the stream then goes on with the next input (a damaged archive ends
//   there).
class RecordSource {
public:
  explicit RecordSource(InputSpec spec);
  ~RecordSource();
  RecordSource(RecordSource &&) noexcept;
  RecordSource &operator=(RecordSource &&) noexcept;

  std::optional<Record> next();

private:
  struct State;
  std::unique_ptr<State> state_;
};

} // namespace sgf::batch
