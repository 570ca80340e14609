// Inputs: files, folders (recursive), archives read in place, stdin, and lists of names, turned
// into a lazy stream of Records so that memory does not grow with the size of the collection.
#pragma once

#include "lib/batch/file_stamp.h"
#include "lib/batch/shard.h"
#include "lib/report/diagnostic.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace sgf::batch {

// One record to process: a name for messages ("games.zip!/2019/a.sgf", "-" for stdin) and its
// bytes, or the reason it could not be read.
struct Record {
  std::string name;
  std::string bytes;
  // Set when the record was not read: an error (code "unreadable"), or a note: code
  // "special-file" for a FIFO, socket or device met in a folder, or an archive member that is
  // one of those or a link, skipped; "read-already" for a file met again with
  // InputSpec::once_per_file; "output-not-read" for InputSpec::output_file.
  std::optional<Diagnostic> error;
  // Where to write the record back (--in-place): the file on disk that holds exactly this
  // record, and the libarchive filter it is compressed with ("gzip", ...; empty: none). Empty
  // for standard input and for archive members: their names are for messages, never paths.
  std::string file;
  std::string compression;
  std::optional<FileStamp> stamp; // of `file` as it was read
  std::string format;             // the record format the user named (--from); empty: detect
  // An archive member's kifu.index (the game information of Tygem's one-line kifu), met earlier
  // in the archive in the member's folder or the one above it; null when there is none. Files
  // on disk have none here: the kifu reader looks beside them.
  std::shared_ptr<const std::string> kifu_index;
  // The bytes of the inputs the source had passed when it gave this record (its bytes_read()
  // then): how far a run that has finished this record is, for a progress line.
  uint64_t passed = 0;
  // For a record of kWatchedRecordBytes or more, which may be read in parts: the share of it the
  // command at work on it has got through, in millionths, set as each part is done (for a
  // progress line while one large collection is at work). Null for a smaller record.
  std::shared_ptr<std::atomic<uint32_t>> worked;
};

// The size from which a record's progress within it is followed: records are read in parts of
// 10 MB of SGF text or more, so a smaller one is done in one go.
constexpr size_t kWatchedRecordBytes = size_t{1} << 20;

struct InputSpec {
  std::vector<std::string> paths; // files, folders, archives, "-" for stdin; empty means "-"
  std::string files_from;         // read more paths from this file ("-" for stdin)
  bool null_separated = false;    // files_from is NUL-separated (-0)
  std::vector<std::string> globs = {"*.sgf", "*.gib", "*.ngf", "*.ugf",
                                    "*.ugi"}; // names taken
                                              // from folders and archives
  std::string format; // --from: read every record as this format (sgf, gib, ngf, ugf, kifu)
  size_t max_record_bytes = size_t{512} << 20; // a larger record is an error, not an allocation
  Shard shard; // --shard K/N: only the records whose key falls in this share
  // Read each regular file once, however often it is named or reached through a link: the
  // second time is a note record (code "read-already"). For --in-place, where a file rewritten
  // twice would be transformed twice.
  bool once_per_file = false;
  // The file -o replaces, when it exists: met among the inputs (listed, or in a folder) it is
  // skipped with a note (code "output-not-read"), never read as a record of the run that replaces
  // it. Only its device and inode count.
  std::optional<FileStamp> output_file;
};

// Whether a file name (not a path) matches one of the globs, ignoring case ("A.SGF" is "*.sgf").
bool matches_globs(const std::string &file_name, const std::vector<std::string> &globs);

// Yields the records of every input in order, lazily: one file at a time, one archive entry at
// a time. Not thread-safe; the pipeline calls it from one thread.
// - The paths, then the files_from list. Named files are read whatever their name.
// - Folders: recursively, names sorted bytewise in each folder, files matching the globs;
//   symbolic links to files are followed, to folders not (no cycles); archives inside folders
//   are not opened; FIFOs, sockets and devices are skipped with a note (never opened for
//   reading: a FIFO would wait for a writer).
// - A FIFO or device named as an input (or in the list) is read as a stream, to its end or to
//   max_record_bytes, like standard input; an archive arriving that way is streamed too.
// - Archives are recognised by content (zip, tar, gzip, bzip2, xz, zstd, 7z; a single
//   compressed file such as a.sgf.gz is one record named after the file), entries matching
//   the globs in archive order, named "archive!/entry/path". An archive on stdin is streamed.
//   A member that is a link (symbolic or hard) or a FIFO or device is skipped with a note: a
//   link is never followed, in or out of the archive.
// - macOS's AppleDouble companions ("._a.sgf", "__MACOSX/") are skipped.
// - A file named kifu.index holds the game information of the one-line kifu files below its
//   folder, not a record: it is never yielded. In an archive it is kept and given to the members
//   that follow it in its folder and the folders below (Record::kifu_index); an archive is read
//   once, in order, so the members before it go without.
// - With a shard other than 1/1, only the records whose key falls in the share (shard_of) are
//   read; the others are passed over unread (archive members are still decompressed past).
//   A record's key is its path relative to the input that holds it, so that it is the same on
//   every machine whatever the mount point: a named file (argument or --files-from line) is
//   keyed by the path as given, "-" by "-"; a file found in a folder walk by its path below
//   the folder named ("2019/a.sgf" for "games/2019/a.sgf" walked from "games"); an archive
//   member by its path inside the archive ("2019/a.sgf" for "games.zip!/2019/a.sgf"); a single
//   compressed file like the file. An error about one record (it cannot be opened, it is too
//   large) goes with its key; an error about a container (a folder that cannot be listed, an
//   archive that cannot be opened or is damaged, an unreadable --files-from list) is reported
//   by every share, since every share misses the records it held.
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

  // The inputs as read: standard input when none is named.
  const InputSpec &spec() const;
  // Bytes of the inputs passed so far: regular files whole as they are met, an archive as far as
  // it is read (as stored, compressed).
  uint64_t bytes_read() const;

private:
  struct State;
  std::unique_ptr<State> state_;
};

// The bytes a RecordSource over `spec` passes in all (its bytes_read() at the end): the sizes of
// the regular files it meets, named, listed or in folders, archives as stored. Nothing when an
// input is a stream whose length is not known beforehand (standard input, a FIFO or a device
// named, a list of names on standard input), or once `stop` is requested. It walks every folder
// and reads the list of names: for a progress line, from a thread of its own.
std::optional<uint64_t> input_bytes(const InputSpec &spec, std::stop_token stop = {});

// Reads the --files-from list whole into spec.paths (after the paths given) and clears
// files_from, for a command that must know every input before it writes (split and convert with
// --force). A Diagnostic (code "unreadable") when the list cannot be read.
std::optional<Diagnostic> take_files_from(InputSpec &spec);

// The first input (as given) that files written into `folder` could replace before it is read:
// a record file (one the globs take) named in that folder, or a named folder that holds
// `folder`, whose walk would reach the files written there. Standard input and the --files-from
// list are not looked at (take_files_from first). For commands that replace existing files when
// told (--force).
std::optional<std::string> input_within_reach(const InputSpec &spec, const std::string &folder);

} // namespace sgf::batch
