// OutputFile: what the path names decides, once, at open(), whether the bytes go to a temporary
// file renamed over the target or straight into what the path names.
#include "lib/batch/output.h"

#include <archive.h>
#include <archive_entry.h>
#include <attr/error_context.h>
#include <attr/libattr.h>
#include <sys/xattr.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <mutex>
#include <pthread.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <utility>
#include <vector>

namespace sgf::batch {
namespace {

Diagnostic unwritable(const std::string &path, const std::string &reason,
                      const char *code = "unwritable") {
  Diagnostic d;
  d.severity = Severity::error;
  d.code = code;
  d.message = "cannot write " + path + ": " + reason;
  return d;
}

Diagnostic unwritable(const std::string &path, int error) {
  return unwritable(path, std::generic_category().message(error));
}

// The name is held (WriteOptions::keep_existing).
Diagnostic taken(const std::string &path) {
  return unwritable(path, "the name is taken, and this write never replaces a file", "exists");
}

Diagnostic note(std::string message) {
  return make_diagnostic(Severity::note, "output", std::move(message));
}

// Whether `name` in `folder` is still the file open as `fd`, not one another process put there.
bool still_names(int folder, const std::string &name, int fd) {
  struct stat named {};
  struct stat opened {};
  return ::fstatat(folder, name.c_str(), &named, AT_SYMLINK_NOFOLLOW) == 0 &&
         ::fstat(fd, &opened) == 0 && named.st_dev == opened.st_dev &&
         named.st_ino == opened.st_ino;
}

// Temporary files to remove when SIGINT, SIGTERM or SIGHUP ends the process. A signal handler
// reaches only static storage, so this table is process-wide by necessity; any thread claims a
// slot with an atomic exchange, and the handler, which may run on any thread while the others
// go on, calls nothing but unlinkat(2), which is async-signal-safe.
// A file is created only between marking its slot `creating` and marking it `live`, with the
// signals blocked in that thread; the handler first sets `dying`, then waits for every slot
// that is `creating`. Both sides store, then load the other's flag (sequentially consistent),
// so either the creator sees `dying` and creates nothing, or the handler sees the slot and
// removes its file: no file is made after the handler's scan.
enum SlotState : int { free_slot, claimed, live, creating };
struct TempSlot {
  std::atomic<int> state{free_slot};
  int folder = -1;
  char name[NAME_MAX + 1] = {};
};
std::array<TempSlot, 256> temp_slots; // far more than the files a run writes at once
std::atomic<bool> dying{false};
constexpr std::array handled_signals{SIGINT, SIGTERM, SIGHUP};

void remove_temps_and_die(int number) {
  dying.store(true);
  for (TempSlot &slot : temp_slots) {
    while (slot.state.load() == creating) {
    }
    if (slot.state.load() == live)
      ::unlinkat(slot.folder, slot.name, 0);
  }
  // Die of the signal itself, so that the exit status says what happened: the default action
  // again, and the signal raised anew; it is delivered as the handler returns.
  ::signal(number, SIG_DFL);
  ::raise(number);
}

// Only signals left at their default action: an ignored SIGHUP (nohup) stays ignored.
void install_signal_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int number : handled_signals) {
      struct sigaction old {};
      if (::sigaction(number, nullptr, &old) != 0 || (old.sa_flags & SA_SIGINFO) ||
          old.sa_handler != SIG_DFL)
        continue;
      struct sigaction action {};
      action.sa_handler = remove_temps_and_die;
      sigemptyset(&action.sa_mask);
      for (int other : handled_signals)
        sigaddset(&action.sa_mask, other);
      ::sigaction(number, &action, nullptr);
    }
  });
}

// nullptr when every slot is taken: the file is then removed by the destructor only.
TempSlot *claim_temp_slot(int folder, const std::string &name) {
  install_signal_handlers();
  for (TempSlot &slot : temp_slots) {
    int expected = free_slot;
    if (slot.state.compare_exchange_strong(expected, claimed)) {
      slot.folder = folder;
      std::memcpy(slot.name, name.c_str(), std::min(name.size() + 1, sizeof slot.name));
      slot.name[NAME_MAX] = '\0';
      return &slot;
    }
  }
  return nullptr;
}

// A new file `name` in `folder` (EEXIST when the name is taken), locked (flock) before its name
// appears where the file system can make a file without a name (O_TMPFILE): another writer that
// finds the name then finds it locked, and never takes a live writer's file for a killed run's.
// Elsewhere it is created by name and the caller locks it. `mode` as open(2)'s.
int create_named(int folder, const std::string &name, mode_t mode) {
  const int unnamed = ::openat(folder, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
  if (unnamed >= 0) {
    ::flock(unnamed, LOCK_EX); // nobody else can reach a file without a name: never waits
    const std::string self = "/proc/self/fd/" + std::to_string(unnamed);
    if (::linkat(AT_FDCWD, self.c_str(), folder, name.c_str(), AT_SYMLINK_FOLLOW) == 0)
      return unnamed;
    const int error = errno;
    ::close(unnamed);
    if (error != ENOENT) { // ENOENT: no /proc to name the file by; created by name below
      errno = error;
      return -1;
    }
  } else if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) {
    return -1;
  }
  return ::openat(folder, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
}

// The mode of a temporary file that is given the mode of the file it copies once made: until
// then, no other user may open it and read the content about to be written through that
// descriptor.
constexpr mode_t kPrivate = 0600;

// create_named under the protocol above; -1 with errno set, EINTR when the process is dying of
// a signal.
int create_temp(TempSlot *slot, int folder, const std::string &name, mode_t mode) {
  sigset_t blocked, saved;
  sigemptyset(&blocked);
  for (int number : handled_signals)
    sigaddset(&blocked, number);
  ::pthread_sigmask(SIG_BLOCK, &blocked, &saved);
  int fd = -1;
  if (slot)
    slot->state.store(creating);
  if (dying.load()) {
    errno = EINTR;
  } else {
    fd = create_named(folder, name, mode);
  }
  const int error = errno;
  if (slot)
    slot->state.store(fd >= 0 ? live : claimed);
  ::pthread_sigmask(SIG_SETMASK, &saved, nullptr);
  errno = error;
  return fd;
}

void release_temp_slot(TempSlot *&slot) {
  if (slot)
    slot->state.store(free_slot);
  slot = nullptr;
}

// The descriptor a path names when it is one of the process's own: /dev/fd/N and
// /proc/self/fd/N (the targets of /dev/stdout and /dev/stderr, and bash's >(cmd)).
std::optional<int> descriptor_named(const std::string &path) {
  const std::string prefixes[] = {"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/",
                                  "/proc/" + std::to_string(::getpid()) + "/fd/"};
  for (const std::string &prefix : prefixes) {
    if (path.size() <= prefix.size() || path.compare(0, prefix.size(), prefix) != 0 ||
        path.size() - prefix.size() > 9)
      continue;
    int number = 0;
    for (size_t i = prefix.size(); i < path.size(); ++i) {
      if (path[i] < '0' || path[i] > '9')
        return std::nullopt;
      number = number * 10 + (path[i] - '0');
    }
    return number;
  }
  return std::nullopt;
}

std::string folder_of(const std::string &path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos)
    return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string name_of(const std::string &path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Where a symbolic link points, relative targets taken from the link's folder.
std::optional<std::string> link_target(const std::string &link) {
  std::vector<char> buffer(PATH_MAX + 1);
  ssize_t n = ::readlink(link.c_str(), buffer.data(), buffer.size());
  if (n < 0 || size_t(n) >= buffer.size())
    return std::nullopt;
  std::string target(buffer.data(), size_t(n));
  if (target.empty() || target[0] == '/')
    return target;
  return folder_of(link) + "/" + target;
}

std::optional<std::string> write_all(int fd, const char *data, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return std::generic_category().message(errno);
    }
    data += n;
    size -= size_t(n);
  }
  return std::nullopt;
}

// libattr reports a failure through a printf-style callback, with errno as the failed call left
// it; the first one is kept.
struct AttributeErrors : error_context {
  std::string first;
};

void record_attribute_error(error_context *context, const char *format, ...) {
  const int error = errno;
  auto &errors = static_cast<AttributeErrors &>(*context);
  if (!errors.first.empty())
    return;
  std::array<char, 512> text{};
  va_list arguments;
  va_start(arguments, format);
  std::vsnprintf(text.data(), text.size(), format, arguments);
  va_end(arguments);
  errors.first = std::string(text.data()) + ": " + std::generic_category().message(error);
}

// Gives the new file `to` the extended attributes of `from` (named `name`): user attributes and
// POSIX ACLs are the user's as much as the bytes are. The access ACL a new file inherits from its
// folder's default ACL goes first: the copy takes the original's permissions, not the folder's.
// Left: what /etc/xattr.conf says never to copy (file-system internals), and the security
// namespace (SELinux and Smack labels, capabilities, IMA): the system's policy labels a new
// file, and may refuse a copied label. Returns why they cannot be kept, if they cannot.
std::optional<std::string> copy_attributes(int from, int to, const std::string &name) {
  if (::fremovexattr(to, "system.posix_acl_access") != 0 && errno != ENODATA && errno != ENOTSUP)
    return "the folder's default ACL cannot be taken off its copy: " +
           std::generic_category().message(errno);
  AttributeErrors errors{};
  errors.error = record_attribute_error;
  auto copied = [](const char *attribute, error_context *context) {
    return !std::string_view(attribute).starts_with("security.") &&
                   attr_copy_action(attribute, context) != ATTR_ACTION_SKIP
               ? 1
               : 0;
  };
  if (attr_copy_fd(name.c_str(), from, name.c_str(), to, copied, &errors) != 0)
    return "its extended attributes cannot be kept (" + errors.first + ")";
  return std::nullopt;
}

} // namespace

struct OutputFile::State {
  State(const std::string &path, const WriteOptions &options, Diagnostics &notes)
      : path_(path), options_(options), notes_(notes) {}
  State(const State &) = delete;
  State &operator=(const State &) = delete;

  std::optional<Diagnostic> open_beside(const std::string &target, const struct stat *existing);
  std::optional<Diagnostic> start_compressor();

  const std::string &path_; // as the user gave it, for messages
  const WriteOptions &options_;
  Diagnostics &notes_;
  int fd = -1;
  int folder = -1;         // a replaced target's folder
  std::string target_name; // in `folder`
  std::string temp_name;   // in `folder`; empty: written in place
  TempSlot *slot = nullptr;
  bool committed = false;
  archive *compressor = nullptr;
  std::optional<std::string> write_failure; // from the compressor's writes

  ~State() {
    if (compressor)
      archive_write_free(compressor);
    // Removed while still locked, and only if the name is still this file's.
    if (!committed && !temp_name.empty() && fd >= 0 && still_names(folder, temp_name, fd))
      ::unlinkat(folder, temp_name.c_str(), 0);
    if (fd >= 0)
      ::close(fd);
    release_temp_slot(slot);
    if (folder >= 0)
      ::close(folder);
  }

  static la_ssize_t compressed(archive *a, void *data, const void *bytes, size_t size) {
    auto *state = static_cast<State *>(data);
    if (auto failure = write_all(state->fd, static_cast<const char *>(bytes), size)) {
      state->write_failure = failure;
      archive_set_error(a, EIO, "%s", failure->c_str());
      return -1;
    }
    return la_ssize_t(size);
  }
};

OutputFile::OutputFile(std::string path, WriteOptions options)
    : path_(std::move(path)), options_(std::move(options)) {}

OutputFile::~OutputFile() = default;

std::optional<Diagnostic> OutputFile::open() {
  state_ = std::make_unique<State>(path_, options_, notes_);
  std::string path = path_;
  for (int links = 0;; ++links) {
    if (auto number = descriptor_named(path)) {
      state_->fd = ::fcntl(*number, F_DUPFD_CLOEXEC, 0);
      if (state_->fd < 0)
        return unwritable(path_, errno);
      return state_->start_compressor();
    }
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0) {
      if (errno != ENOENT)
        return unwritable(path_, errno);
      return state_->open_beside(path, nullptr);
    }
    if (options_.keep_existing)
      return taken(path_);
    if (options_.regular_only && !S_ISREG(info.st_mode))
      return unwritable(path_,
                        std::string(S_ISLNK(info.st_mode)   ? "it is a symbolic link"
                                    : S_ISDIR(info.st_mode) ? "it is a folder"
                                                            : "it is a FIFO, device or socket") +
                            ", and a name the command chose replaces only a regular file");
    if (S_ISLNK(info.st_mode)) {
      auto target = link_target(path);
      if (!target || links == 40)
        return unwritable(path_, target ? ELOOP : errno);
      path = std::move(*target);
      continue;
    }
    if (S_ISREG(info.st_mode))
      return state_->open_beside(path, &info);
    if (S_ISDIR(info.st_mode))
      return unwritable(path_, EISDIR);
    // A device, a FIFO or a socket: what it is must survive the write.
    state_->fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (state_->fd < 0)
      return unwritable(path_, errno);
    return state_->start_compressor();
  }
}

std::optional<Diagnostic> OutputFile::State::open_beside(const std::string &target,
                                                         const struct stat *existing) {
  State &s = *this;
  s.target_name = name_of(target);
  if (s.target_name.empty() || s.target_name == "." || s.target_name == "..")
    return unwritable(path_, EISDIR);
  if (existing && existing->st_nlink > 1) {
    std::string links = std::to_string(existing->st_nlink - 1);
    if (!options_.split_hard_links)
      return unwritable(path_,
                        "it has " + links +
                            " other hard link(s), which replacing it would split (they would "
                            "keep the old content)",
                        "hard-link");
    notes_.push_back(note("the hard link of " + path_ + " was split: its " + links +
                          " other name(s) keep the old content"));
  }
  s.folder = ::open(folder_of(target).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (s.folder < 0)
    return unwritable(path_, errno);
  // One name per target, so that a file left by a killed run is found by the next one: it holds
  // no lock any more, while a live writer's file does. A name a command chose (keep_existing)
  // may be tried by many runs at once, and where a new file cannot be locked before it is named
  // (create_named) it would look like an abandoned one for a moment: there each writer has a
  // name of its own.
  const std::string own =
      options_.keep_existing
          ? "." + std::to_string(::getpid()) + "-" + std::to_string(reinterpret_cast<uintptr_t>(&s))
          : "";
  std::string temp = "." + s.target_name.substr(0, NAME_MAX - 1 - temp_suffix.size() - own.size());
  temp += own;
  temp += temp_suffix;
  s.slot = claim_temp_slot(s.folder, temp);
  for (int attempt = 0; s.fd < 0; ++attempt) {
    s.fd = create_temp(s.slot, s.folder, temp, existing ? kPrivate : 0666);
    if (s.fd >= 0)
      break;
    if (errno != EEXIST || attempt == 3 || options_.keep_existing)
      return unwritable(path_, "cannot create " + temp + " beside it to replace it atomically: " +
                                   std::generic_category().message(errno));
    // Not a link, and no waiting for a reader should the name be a FIFO: only a regular file
    // can be a temporary file of ours.
    int old = ::openat(s.folder, temp.c_str(), O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (old < 0 && errno == ENOENT)
      continue; // its writer has committed or given up since: the name is free again
    if (old < 0)
      return unwritable(path_,
                        "cannot take over " + temp + ": " + std::generic_category().message(errno));
    struct stat old_info {};
    if (::fstat(old, &old_info) != 0 || !S_ISREG(old_info.st_mode)) {
      ::close(old);
      return unwritable(path_, temp + " is in the way and no file of ours");
    }
    // Locked, an abandoned file stays ours to remove: no other writer can lock it meanwhile.
    bool in_use = ::flock(old, LOCK_EX | LOCK_NB) != 0 || !still_names(s.folder, temp, old);
    if (!in_use)
      ::unlinkat(s.folder, temp.c_str(), 0);
    ::close(old);
    if (in_use)
      return unwritable(path_, "another process is writing it (its temporary file " + temp +
                                   " is in use)");
    notes_.push_back(note("removed " + folder_of(target) + "/" + temp +
                          ", a temporary file left by an interrupted run"));
  }
  s.temp_name = temp;
  if (::flock(s.fd, LOCK_EX | LOCK_NB) != 0)
    return unwritable(path_, errno);
  if (existing) {
    // Owner and group first: changing them clears the set-user-ID and set-group-ID bits.
    struct stat made {};
    if (::fstat(s.fd, &made) != 0)
      return unwritable(path_, errno);
    if ((made.st_uid != existing->st_uid || made.st_gid != existing->st_gid) &&
        ::fchown(s.fd, existing->st_uid, existing->st_gid) != 0)
      return unwritable(path_, "its owner and group (" + std::to_string(existing->st_uid) + ":" +
                                   std::to_string(existing->st_gid) +
                                   ") cannot be kept: " + std::generic_category().message(errno));
    // A file its user may write but not read: its attributes cannot be read either, and are
    // lost only if it has some.
    const int original =
        ::open(target.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (original < 0 && ::llistxattr(target.c_str(), nullptr, 0) > 0)
      return unwritable(path_, "its extended attributes cannot be read, and so cannot be kept");
    if (original >= 0) {
      std::optional<std::string> kept = copy_attributes(original, s.fd, s.target_name);
      ::close(original);
      if (kept)
        return unwritable(path_, *kept);
    }
    // The mode last: setting an ACL sets the permission bits, and may clear set-group-ID.
    if (::fchmod(s.fd, existing->st_mode & 07777) != 0)
      return unwritable(path_,
                        "its mode cannot be kept: " + std::generic_category().message(errno));
  }
  return start_compressor();
}

std::optional<Diagnostic> OutputFile::State::start_compressor() {
  if (options_.compression.empty())
    return std::nullopt;
  State &s = *this;
  s.compressor = archive_write_new();
  archive_entry *entry = archive_entry_new();
  archive_entry_set_pathname(entry, name_of(path_).c_str());
  archive_entry_set_filetype(entry, AE_IFREG);
  archive_entry_set_perm(entry, 0644);
  // No blocking: libarchive would pad the last block with zeros after the compressed stream.
  bool ok =
      archive_write_set_format_raw(s.compressor) == ARCHIVE_OK &&
      archive_write_add_filter_by_name(s.compressor, options_.compression.c_str()) == ARCHIVE_OK &&
      archive_write_set_bytes_per_block(s.compressor, 0) == ARCHIVE_OK &&
      archive_write_open(s.compressor, &s, nullptr, &State::compressed, nullptr) == ARCHIVE_OK &&
      archive_write_header(s.compressor, entry) == ARCHIVE_OK;
  archive_entry_free(entry);
  if (ok)
    return std::nullopt;
  const char *why = archive_error_string(s.compressor);
  return unwritable(path_, options_.compression +
                               " compression: " + (why ? why : "not supported by libarchive"));
}

std::optional<Diagnostic> OutputFile::write(std::string_view bytes) {
  State *s = state_.get();
  if (!s || s->fd < 0)
    return unwritable(path_, EBADF);
  if (!s->compressor) {
    if (auto failure = write_all(s->fd, bytes.data(), bytes.size()))
      return unwritable(path_, *failure);
    return std::nullopt;
  }
  while (!bytes.empty()) {
    la_ssize_t n = archive_write_data(s->compressor, bytes.data(), bytes.size());
    if (n <= 0) {
      const char *why = archive_error_string(s->compressor);
      return unwritable(path_, s->write_failure ? *s->write_failure : why ? why : "compression");
    }
    bytes.remove_prefix(size_t(n));
  }
  return std::nullopt;
}

std::optional<Diagnostic> OutputFile::commit() {
  State *s = state_.get();
  if (!s || s->fd < 0)
    return unwritable(path_, EBADF);
  if (s->compressor) {
    int closed = archive_write_close(s->compressor);
    if (closed != ARCHIVE_OK) {
      const char *why = archive_error_string(s->compressor);
      return unwritable(path_, s->write_failure ? *s->write_failure : why ? why : "compression");
    }
    archive_write_free(s->compressor);
    s->compressor = nullptr;
  }
  if (s->temp_name.empty()) {
    int fd = std::exchange(s->fd, -1);
    return ::close(fd) != 0 ? std::optional(unwritable(path_, errno)) : std::nullopt;
  }
  if (::fsync(s->fd) != 0)
    return unwritable(path_, errno);
  // The file stays open, and so locked, until its name is taken: no other writer can take it
  // for an abandoned one and remove it meanwhile.
  if (!still_names(s->folder, s->temp_name, s->fd))
    return unwritable(path_, "its temporary file " + s->temp_name + " was removed meanwhile");
  if (options_.unchanged_since) {
    struct stat now {};
    if (::fstatat(s->folder, s->target_name.c_str(), &now, AT_SYMLINK_NOFOLLOW) != 0 ||
        stamp_of(now) != *options_.unchanged_since)
      return unwritable(path_, "changed since it was read (by another program?): not replaced",
                        "changed");
  }
  if (options_.keep_existing) {
    if (::linkat(s->folder, s->temp_name.c_str(), s->folder, s->target_name.c_str(), 0) != 0)
      return errno == EEXIST ? taken(path_) : unwritable(path_, errno);
    ::unlinkat(s->folder, s->temp_name.c_str(), 0);
  } else if (::renameat(s->folder, s->temp_name.c_str(), s->folder, s->target_name.c_str()) != 0) {
    return unwritable(path_, errno);
  }
  s->committed = true;
  ::close(std::exchange(s->fd, -1)); // synced already: nothing is left to fail
  release_temp_slot(s->slot);
  // The rename is durable only once the folder is synced; failing that is no error the user
  // can act on.
  if (options_.sync_folder)
    ::fsync(s->folder);
  return std::nullopt;
}

std::optional<Diagnostic> write_output(const std::string &path, std::string_view bytes,
                                       const WriteOptions &options, Diagnostics *notes) {
  OutputFile file(path, options);
  std::optional<Diagnostic> error = file.open();
  if (!error)
    error = file.write(bytes);
  if (!error)
    error = file.commit();
  if (notes)
    notes->insert(notes->end(), file.notes().begin(), file.notes().end());
  return error;
}

std::string numbered_name(const std::string &path, int n) {
  const std::filesystem::path p(path);
  return (p.parent_path() / (p.stem().string() + "-" + std::to_string(n) + p.extension().string()))
      .string();
}

namespace {

// The n-th name tried for `name` in a folder: NAME, NAME-2, NAME-3, ...
std::string numbered(const std::string &name, int n) {
  return n == 1 ? name : numbered_name(name, n);
}

constexpr int kMaxNames = 10000;

// About the file moved: its name is the diagnostic's, so the message names the folder.
Diagnostic unmovable(const std::string &folder, const std::string &reason) {
  Diagnostic d = unwritable(folder, reason);
  d.message = "cannot move into " + folder + ": " + reason;
  return d;
}

// The copy of `file` (a regular file on another file system) under the first free name in
// `folder` (descriptor `dir`), with its attributes, mode and times, through a synced temporary
// file; the original is removed last.
Moved copy_into(const std::string &file, const std::string &folder, int dir) {
  struct stat info {};
  if (::lstat(file.c_str(), &info) != 0)
    return {{}, unmovable(folder, std::generic_category().message(errno))};
  if (!S_ISREG(info.st_mode))
    return {{}, unmovable(folder, "not a regular file, and the folder is on another file system")};
  const int in = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0)
    return {{}, unmovable(folder, std::generic_category().message(errno))};
  const std::string name = name_of(file);
  // Named after the process: files of one name from several folders may arrive at once.
  const std::string own = "." + std::to_string(::getpid());
  const std::string temp = "." + name.substr(0, NAME_MAX - 1 - own.size() - temp_suffix.size()) +
                           own + std::string(temp_suffix);
  TempSlot *slot = claim_temp_slot(dir, temp);
  const int out = create_temp(slot, dir, temp, kPrivate);
  std::optional<std::string> failure;
  if (out < 0) {
    failure =
        "cannot create " + temp + " in " + folder + ": " + std::generic_category().message(errno);
  } else {
    std::vector<char> buffer(1 << 16);
    while (!failure) {
      const ssize_t n = ::read(in, buffer.data(), buffer.size());
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0) {
        if (n < 0)
          failure = std::generic_category().message(errno);
        break;
      }
      failure = write_all(out, buffer.data(), size_t(n));
    }
    if (!failure)
      failure = copy_attributes(in, out, name);
    // As mv(1) does across file systems: the owner where this process may give it (a change of
    // owner clears the set-ID bits, so before the mode), the mode, and the times of the
    // original, last, as every write before changes them.
    if (!failure && ::fchown(out, info.st_uid, info.st_gid) != 0 && errno != EPERM)
      failure = std::generic_category().message(errno);
    const struct timespec times[2] = {info.st_atim, info.st_mtim};
    if (!failure && (::fchmod(out, info.st_mode & 07777) != 0 || ::futimens(out, times) != 0 ||
                     ::fsync(out) != 0))
      failure = std::generic_category().message(errno);
    if (::close(out) != 0 && !failure)
      failure = std::generic_category().message(errno);
  }
  ::close(in);
  Moved moved;
  for (int n = 1; !failure && moved.path.empty() && n <= kMaxNames; ++n) {
    const std::string candidate = numbered(name, n);
    if (::linkat(dir, temp.c_str(), dir, candidate.c_str(), 0) == 0)
      moved.path = folder + "/" + candidate;
    else if (errno != EEXIST)
      failure = std::generic_category().message(errno);
  }
  if (out >= 0)
    ::unlinkat(dir, temp.c_str(), 0);
  release_temp_slot(slot);
  if (failure || moved.path.empty())
    return {{}, unmovable(folder, failure.value_or("no free name"))};
  ::fsync(dir);
  if (::unlink(file.c_str()) != 0)
    moved.error = unmovable(folder, "copied to " + moved.path + " but not removed: " +
                                        std::generic_category().message(errno));
  return moved;
}

} // namespace

Moved move_into(const std::string &file, const std::string &folder) {
  std::error_code made;
  std::filesystem::create_directories(folder, made);
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0)
    return {{}, unmovable(folder, made ? made.message() : std::generic_category().message(errno))};
  const std::string name = name_of(file);
  Moved moved;
  bool across = false;
  for (int n = 1; moved.path.empty() && !moved.error && !across && n <= kMaxNames; ++n) {
    const std::string candidate = numbered(name, n);
    int done = ::renameat2(AT_FDCWD, file.c_str(), dir, candidate.c_str(), RENAME_NOREPLACE);
    if (done != 0 && (errno == EINVAL || errno == ENOSYS)) { // no RENAME_NOREPLACE here
      done = ::linkat(AT_FDCWD, file.c_str(), dir, candidate.c_str(), 0);
      if (done == 0 && ::unlink(file.c_str()) != 0)
        moved.error = unmovable(folder, "linked as " + candidate + " there but not removed: " +
                                            std::generic_category().message(errno));
    }
    if (done == 0)
      moved.path = folder + "/" + candidate;
    else if (errno == EXDEV)
      across = true;
    else if (errno != EEXIST)
      moved.error = unmovable(folder, std::generic_category().message(errno));
  }
  if (across)
    moved = copy_into(file, folder, dir);
  else if (moved.path.empty() && !moved.error)
    moved.error = unmovable(folder, "no free name");
  else
    ::fsync(dir);
  ::close(dir);
  return moved;
}

} // namespace sgf::batch
