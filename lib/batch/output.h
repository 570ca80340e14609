// Writing results safely: a file is replaced only once its new content is complete and on disk,
// so a failed or interrupted write never leaves a half-written target.
#pragma once

#include "lib/report/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>

namespace sgf::batch {

// A temporary file beside `path` that replaces it on commit(). Written in pieces, so that large
// outputs need not be held in memory. Until commit() succeeds the target is left unchanged, and
// the destructor removes the temporary file. Every failure is a Diagnostic with code
// "unwritable" naming the path and the system's reason.
class AtomicFile {
public:
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile &) = delete;
  AtomicFile &operator=(const AtomicFile &) = delete;

  std::optional<Diagnostic> open(); // creates the temporary file
  std::optional<Diagnostic> write(std::string_view bytes);
  std::optional<Diagnostic> commit(); // fsync, rename over the target, fsync the folder

  const std::string &path() const { return path_; }

private:
  std::string path_;
  std::string temp_;
  int fd_ = -1;
  bool committed_ = false;
};

// The whole of `bytes` into `path` through an AtomicFile.
std::optional<Diagnostic> write_file_atomically(const std::string &path, std::string_view bytes);

} // namespace sgf::batch
