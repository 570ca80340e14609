// The GTP conversation over pipes with posix_spawn: one deadline per game, the engine in a
// process group of its own so that a timeout stops whatever the command started.
#include "lib/engine/gtp_engine.h"

#include "lib/sgf/values.h"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace sgf::engine {

namespace {

using Clock = std::chrono::steady_clock;

Diagnostic failure(std::string message) {
  return make_diagnostic(Severity::error, "engine-failed", std::move(message));
}

// The game in a temporary file for `loadsgf`, removed when done.
class TemporaryRecord {
public:
  explicit TemporaryRecord(std::string_view text) {
    std::error_code ec;
    std::string dir = std::filesystem::temp_directory_path(ec).string();
    path_ = (ec || dir.empty() ? std::string("/tmp") : dir) + "/sgf-score-XXXXXX.sgf";
    int fd = mkstemps(path_.data(), 4);
    if (fd < 0) {
      error_ = "cannot create a temporary file: " + std::string(std::strerror(errno));
      path_.clear();
      return;
    }
    if (write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size()))
      error_ = "cannot write the temporary file " + path_;
    close(fd);
  }
  ~TemporaryRecord() {
    if (!path_.empty())
      unlink(path_.c_str());
  }
  TemporaryRecord(const TemporaryRecord &) = delete;
  TemporaryRecord &operator=(const TemporaryRecord &) = delete;
  const std::string &path() const { return path_; }
  const std::string &error() const { return error_; }

private:
  std::string path_;
  std::string error_;
};

} // namespace

// A running engine: its process group and both ends of the conversation.
struct GtpEngine::Process {
  pid_t pid = -1;
  int to = -1;   // engine's stdin
  int from = -1; // engine's stdout
  std::string buffer;
  bool alive = true; // false once it failed to answer: stop it, start another

  ~Process() {
    if (to >= 0)
      close(to);
    if (from >= 0)
      close(from);
    if (pid <= 0)
      return;
    int status = 0;
    // An engine asked to quit gets a moment to do so; a failed one is stopped at once.
    for (int i = 0; alive && i < 50; ++i) {
      if (waitpid(pid, &status, WNOHANG) == pid) {
        kill(-pid, SIGKILL); // whatever it left running in its group
        return;
      }
      usleep(10'000);
    }
    kill(-pid, SIGKILL);
    waitpid(pid, &status, 0);
  }

  // Sends one command and reads its response ("= ..." or "? ..."), up to the blank line. On
  // failure `error` says what happened in words that name `engine`.
  std::optional<std::string> exchange(const std::string &engine, const std::string &command,
                                      Clock::time_point deadline, int timeout_ms,
                                      std::string &error) {
    std::string line = command + "\n";
    size_t sent = 0;
    while (sent < line.size()) {
      ssize_t k = send(to, line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
      if (k < 0) {
        if (errno == EINTR)
          continue;
        alive = false;
        error = fmt::format("engine `{}` could not be sent `{}`: {}{}", engine, command,
                            std::strerror(errno), ended());
        return std::nullopt;
      }
      sent += static_cast<size_t>(k);
    }
    for (;;) {
      size_t end = buffer.find("\n\n");
      if (end != std::string::npos) {
        std::string response = buffer.substr(0, end);
        buffer.erase(0, end + 2);
        // Engines may echo empty lines or comments before the response.
        size_t start = response.find_first_of("=?");
        if (start == std::string::npos)
          continue;
        response = response.substr(start);
        if (response[0] == '?') {
          error = fmt::format("engine `{}` answered `{}` with: {}", engine, command, response);
          return std::nullopt;
        }
        size_t body = 1;
        while (body < response.size() && std::isdigit(static_cast<unsigned char>(response[body])))
          ++body;
        return response.substr(body);
      }
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) {
        alive = false;
        error = fmt::format("engine `{}` did not answer `{}` within {} s (--engine-timeout): "
                            "stopped, and started again for the next game",
                            engine, command, timeout_ms / 1000.0);
        return std::nullopt;
      }
      pollfd p{from, POLLIN, 0};
      int r = poll(&p, 1, static_cast<int>(left.count()));
      if (r <= 0)
        continue; // EINTR or the deadline: looked at again above
      char buf[4096];
      ssize_t k = read(from, buf, sizeof buf);
      if (k < 0 && errno == EINTR)
        continue;
      if (k <= 0) {
        alive = false;
        error = fmt::format("engine `{}` exited before answering `{}`{}: started again for the "
                            "next game",
                            engine, command, ended());
        return std::nullopt;
      }
      for (ssize_t i = 0; i < k; ++i)
        if (buf[i] != '\r')
          buffer += buf[i];
    }
  }

  // " (with status 3)" once the process has ended, else nothing.
  std::string ended() {
    int status = 0;
    for (int i = 0; i < 20; ++i) { // its output closed: it is ending
      if (waitpid(pid, &status, WNOHANG) == pid) {
        pid_t group = pid;
        pid = -1;
        kill(-group, SIGKILL);
        if (WIFSIGNALED(status))
          return fmt::format(" (killed by signal {})", WTERMSIG(status));
        return fmt::format(" (with status {})", WEXITSTATUS(status)); // waitpid: exited
      }
      usleep(5'000);
    }
    return "";
  }
};

GtpEngine::GtpEngine(GtpOptions options) : options_(std::move(options)) {}

GtpEngine::~GtpEngine() {
  if (process_ && process_->alive) {
    std::string error;
    process_->exchange(options_.command, "quit", Clock::now() + std::chrono::milliseconds(500), 500,
                       error);
  }
}

namespace {

// Starts `command` under /bin/sh in a process group of its own, its stdin a socket (writing after
// it died fails with EPIPE instead of raising SIGPIPE here) and its stderr /dev/null.
std::optional<std::string> spawn(const std::string &command, pid_t &pid, int &to, int &from) {
  int in_pipe[2], out_pipe[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in_pipe) != 0)
    return "cannot make a socket pair: " + std::string(std::strerror(errno));
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    return "cannot make a pipe: " + std::string(std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  const char *argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
  int rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, const_cast<char **>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(in_pipe[0]);
  close(out_pipe[1]);
  to = in_pipe[1];
  from = out_pipe[0];
  if (rc != 0) {
    pid = -1;
    return fmt::format("cannot start `{}`: {}", command, std::strerror(rc));
  }
  return std::nullopt;
}

} // namespace

GtpVerdict GtpEngine::ask(std::string_view sgf_text, BoardSize size, double komi) {
  GtpVerdict verdict;
  const auto deadline = Clock::now() + std::chrono::milliseconds(options_.timeout_ms);
  TemporaryRecord record(sgf_text);
  if (!record.error().empty()) {
    verdict.diagnostics.push_back(failure(record.error()));
    return verdict;
  }
  if (process_ && !process_->alive)
    process_.reset();
  if (!process_) {
    process_ = std::make_unique<Process>();
    if (auto error = spawn(options_.command, process_->pid, process_->to, process_->from)) {
      process_->alive = false;
      process_.reset();
      verdict.diagnostics.push_back(failure(*error));
      return verdict;
    }
  }
  std::string error;
  auto say = [&](const std::string &command) {
    return process_->exchange(options_.command, command, deadline, options_.timeout_ms, error);
  };
  // loadsgf sets the board from the file, and may take the komi from KM: the komi of the count
  // is said after it.
  std::optional<std::string> dead;
  if (say("boardsize " + std::to_string(size.width)) && say("clear_board") &&
      say("loadsgf " + record.path()) && say(fmt::format("komi {:g}", komi)))
    dead = say("final_status_list dead");
  if (!dead) {
    verdict.diagnostics.push_back(failure(error.empty() ? "the engine failed" : error));
    if (!process_->alive)
      process_.reset(); // stopped now, not when the next game comes
    return verdict;
  }
  // GNU Go puts one dragon per line.
  const std::optional<std::vector<Point>> points = parse_points(*dead, size);
  if (!points) {
    verdict.diagnostics.push_back(failure(fmt::format(
        "engine `{}` answered `final_status_list dead` with `{}`, which is not a list of vertices",
        options_.command, *dead)));
    return verdict;
  }
  verdict.dead = *points;
  verdict.ok = true;
  return verdict;
}

GtpEnginePool::GtpEnginePool(GtpOptions options) : options_(std::move(options)) {}

GtpVerdict GtpEnginePool::ask(std::string_view sgf_text, BoardSize size, double komi) {
  std::unique_ptr<GtpEngine> engine;
  {
    std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      engine = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  if (!engine)
    engine = std::make_unique<GtpEngine>(options_);
  GtpVerdict verdict = engine->ask(sgf_text, size, komi);
  std::lock_guard lock(mutex_);
  idle_.push_back(std::move(engine));
  return verdict;
}

} // namespace sgf::engine
