// Writing results without ever destroying what a path names: a file is replaced only once its
// new content is complete and on disk, keeping its mode, owner, group and extended attributes;
// anything that is not a regular file (a device, a FIFO, a pipe, a descriptor) is written in
// place, never replaced.
#pragma once

#include "lib/batch/file_stamp.h"
#include "lib/report/diagnostic.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace sgf::batch {

struct WriteOptions {
  // Replace a file that has other hard links: the new file takes the name, the other names
  // keep the old content (a note says so). Off: such a file is refused.
  bool split_hard_links = false;
  // Compress what is written with this libarchive filter ("gzip", "bzip2", "xz", "zstd",
  // "lzma", ...), as a single compressed file (no archive format). Empty: as it is.
  std::string compression;
  // Take the name only if nothing holds it, not even a dangling symbolic link, at the moment
  // the file is committed (link(2), which never replaces): otherwise open() or commit() fails
  // with code "exists" and whatever holds the name is untouched. For names a command chooses
  // (split, convert), which must never land on a file made meanwhile by another process.
  bool keep_existing = false;
  // Replace only a regular file that holds the name itself: a symbolic link, a folder, a FIFO,
  // a device or a socket there is refused, not followed or written in place. For names a
  // command chooses with --force: the user pointed them at no such thing.
  bool regular_only = false;
  // Replace the target only if it is still the file as it was read (--in-place): one changed
  // since by another program is refused with code "changed" and left as that program wrote it.
  std::optional<FileStamp> unchanged_since{};
  // Sync the folder after the rename, which makes the rename durable. Off for a writer of many
  // files (split, convert -d) that syncs each folder once, after its last file.
  bool sync_folder = true;
};

// The suffix of temporary files: ".NAME" + temp_suffix beside the target NAME. A run killed
// with SIGKILL may leave one; the next write to the same target removes it, with a note.
inline constexpr std::string_view temp_suffix = ".sgf-tmp";

// Where output goes, chosen by what the path names once symbolic links are followed:
// - a path naming one of the process's descriptors (/dev/stdout, /dev/stderr, /dev/fd/N,
//   /proc/self/fd/N, as bash's >(cmd) gives): written through that descriptor, where it is;
// - a regular file, or nothing yet: a temporary file in the folder of the link's final target
//   (so a symbolic link stays a link and its target gets the content), given the target's
//   mode, owner, group and extended attributes (user attributes and ACLs, not the folder's
//   default ACL; security labels are the system's policy's), fsynced, renamed over the target,
//   the folder fsynced;
// - anything else (character device such as /dev/null, FIFO, socket): opened and written in
//   place, never truncated, created or replaced; a folder is refused.
// Until commit() succeeds a regular target is unchanged, and the destructor removes the
// temporary file; so does SIGINT, SIGTERM or SIGHUP arriving meanwhile (the process then dies
// of that signal). The temporary file is locked (flock) while its writer lives: another writer
// of the same target fails rather than take it, and removes it only once its writer is gone. Every
// failure is a Diagnostic with code "unwritable" naming the path and the reason; "hard-link" when
// the target has other links and split_hard_links is off. A target whose owner, group or
// extended attributes cannot be kept is refused.
class OutputFile {
public:
  explicit OutputFile(std::string path, WriteOptions options = {});
  ~OutputFile();
  OutputFile(const OutputFile &) = delete;
  OutputFile &operator=(const OutputFile &) = delete;

  std::optional<Diagnostic> open();
  std::optional<Diagnostic> write(std::string_view bytes);
  std::optional<Diagnostic> commit(); // a regular target: fsync, rename, fsync the folder

  // What the user should know though nothing failed: a hard link split, a temporary file left
  // by a killed run removed.
  const Diagnostics &notes() const { return notes_; }
  const std::string &path() const { return path_; }

private:
  struct State;
  std::string path_;
  WriteOptions options_;
  Diagnostics notes_;
  std::unique_ptr<State> state_;
};

// The whole of `bytes` into `path` through an OutputFile; its notes are added to `notes`.
std::optional<Diagnostic> write_output(const std::string &path, std::string_view bytes,
                                       const WriteOptions &options = {},
                                       Diagnostics *notes = nullptr);

// NAME-N.EXT for a path NAME.EXT: the n-th of a series of outputs, or a name numbered around one
// that is taken ("games/a.sgf", 3 gives "games/a-3.sgf"; "a.tar.gz" gives "a.tar-3.gz").
std::string numbered_name(const std::string &path, int n);

// Moves `file` into `folder` (made if missing) without replacing anything there: under its own
// name if that is free at the moment of the move, else NAME-2, NAME-3, ... (renameat2's
// RENAME_NOREPLACE, or link(2) where the file system lacks it: neither replaces a name). Across
// file systems the bytes, mode and extended attributes go to a temporary file in the folder,
// synced, linked to the first free name; only then is the original removed. Returns the new path,
// or a Diagnostic ("unwritable") with the file where it was.
struct Moved {
  std::string path;
  std::optional<Diagnostic> error;
};
Moved move_into(const std::string &file, const std::string &folder);

} // namespace sgf::batch
