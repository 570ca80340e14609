// AtomicFile: temporary file in the target's folder, then rename(2), which is atomic within one
// file system; the new file keeps the mode of the file it replaces.
#include "lib/batch/output.h"

#include <cerrno>
#include <cstdint>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace sgf::batch {
namespace {

Diagnostic unwritable(const std::string &path, int error) {
  Diagnostic d;
  d.severity = Severity::error;
  d.code = "unwritable";
  d.message = "cannot write " + path + ": " + std::generic_category().message(error);
  return d;
}

std::string folder_of(const std::string &path) {
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

} // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0)
    ::close(fd_);
  if (!committed_ && !temp_.empty())
    ::unlink(temp_.c_str());
}

std::optional<Diagnostic> AtomicFile::open() {
  // O_EXCL with our own unique name rather than mkstemp: mkstemp forces mode 0600, while
  // open(0666) lets the umask decide, as for any new file the user creates.
  std::filesystem::path target(path_);
  std::string base = folder_of(path_) + "/." + target.filename().string() + ".tmp";
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string candidate = base + std::to_string(::getpid()) + "." +
                            std::to_string(reinterpret_cast<uintptr_t>(this)) + "." +
                            std::to_string(attempt);
    int fd = ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      fd_ = fd;
      temp_ = std::move(candidate);
      struct stat info {};
      if (::stat(path_.c_str(), &info) == 0 && S_ISREG(info.st_mode))
        ::fchmod(fd_, info.st_mode & 07777);
      return std::nullopt;
    }
    if (errno != EEXIST)
      return unwritable(path_, errno);
  }
  return unwritable(path_, EEXIST);
}

std::optional<Diagnostic> AtomicFile::write(std::string_view bytes) {
  if (fd_ < 0)
    return unwritable(path_, EBADF);
  while (!bytes.empty()) {
    ssize_t n = ::write(fd_, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return unwritable(path_, errno);
    }
    bytes.remove_prefix(size_t(n));
  }
  return std::nullopt;
}

std::optional<Diagnostic> AtomicFile::commit() {
  if (fd_ < 0)
    return unwritable(path_, EBADF);
  if (::fsync(fd_) != 0)
    return unwritable(path_, errno);
  int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0)
    return unwritable(path_, errno);
  if (::rename(temp_.c_str(), path_.c_str()) != 0)
    return unwritable(path_, errno);
  committed_ = true;
  // The rename itself is durable only once the folder is synced; failing that is not an error
  // the user can act on.
  int dir = ::open(folder_of(path_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return std::nullopt;
}

std::optional<Diagnostic> write_file_atomically(const std::string &path, std::string_view bytes) {
  AtomicFile file(path);
  if (auto error = file.open())
    return error;
  if (auto error = file.write(bytes))
    return error;
  return file.commit();
}

} // namespace sgf::batch
