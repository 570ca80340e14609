// The GTP conversation over pipes with posix_spawn, with one deadline for the whole exchange.
#include "lib/score/gtp_engine.h"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace sgf::score {

std::optional<Point> from_gtp_vertex(std::string_view v, BoardSize size) {
  if (v.size() < 2)
    return std::nullopt;
  char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(v[0])));
  if (letter < 'A' || letter > 'Z' || letter == 'I')
    return std::nullopt;
  int x = letter - 'A' - (letter > 'I' ? 1 : 0);
  int row = 0;
  for (size_t i = 1; i < v.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(v[i])))
      return std::nullopt;
    row = row * 10 + (v[i] - '0');
    if (row > 52)
      return std::nullopt;
  }
  Point p{x, size.height - row};
  if (!size.contains(p))
    return std::nullopt;
  return p;
}

namespace {

using Clock = std::chrono::steady_clock;

struct Child {
  pid_t pid = -1;
  int to = -1;   // engine's stdin
  int from = -1; // engine's stdout
  std::string buffer;

  ~Child() {
    if (to >= 0)
      close(to);
    if (from >= 0)
      close(from);
    if (pid > 0) {
      int status = 0;
      // Give the engine a moment to quit on its own, then stop it.
      for (int i = 0; i < 50; ++i) {
        if (waitpid(pid, &status, WNOHANG) == pid)
          return;
        usleep(10'000);
      }
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
    }
  }
};

Diagnostic failure(std::string message) {
  Diagnostic d;
  d.severity = Severity::error;
  d.code = "engine-failed";
  d.message = std::move(message);
  return d;
}

// Sends one command and reads its response ("= ..." or "? ..."), up to the blank line.
std::optional<std::string> exchange(Child &c, const std::string &command,
                                    Clock::time_point deadline, std::string &error) {
  std::string line = command + "\n";
  size_t sent = 0;
  while (sent < line.size()) {
    ssize_t k = send(c.to, line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
    if (k < 0) {
      if (errno == EINTR)
        continue;
      error = "cannot write to the engine: " + std::string(std::strerror(errno));
      return std::nullopt;
    }
    sent += static_cast<size_t>(k);
  }
  for (;;) {
    size_t end = c.buffer.find("\n\n");
    if (end != std::string::npos) {
      std::string response = c.buffer.substr(0, end);
      c.buffer.erase(0, end + 2);
      // Engines may echo empty lines or comments before the response.
      size_t start = response.find_first_of("=?");
      if (start == std::string::npos)
        continue;
      response = response.substr(start);
      if (response[0] == '?') {
        error = "the engine answered `" + command + "` with: " + response;
        return std::nullopt;
      }
      size_t body = 1;
      while (body < response.size() && std::isdigit(static_cast<unsigned char>(response[body])))
        ++body;
      return response.substr(body);
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) {
      error = "the engine did not answer `" + command + "` in time";
      return std::nullopt;
    }
    pollfd p{c.from, POLLIN, 0};
    int r = poll(&p, 1, static_cast<int>(left.count()));
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      continue;
    char buf[4096];
    ssize_t k = read(c.from, buf, sizeof buf);
    if (k <= 0) {
      error = "the engine exited before answering `" + command + "`";
      return std::nullopt;
    }
    for (ssize_t i = 0; i < k; ++i)
      if (buf[i] != '\r')
        c.buffer += buf[i];
  }
}

} // namespace

GtpVerdict ask_engine(std::string_view sgf_text, BoardSize size, double komi,
                      const GtpOptions &options) {
  GtpVerdict verdict;
  const auto deadline = Clock::now() + std::chrono::milliseconds(options.timeout_ms);
  // The game goes to a temporary file that the engine loads.
  std::error_code ec;
  std::string dir = std::filesystem::temp_directory_path(ec).string();
  std::string path = (ec || dir.empty() ? std::string("/tmp") : dir) + "/sgf-score-XXXXXX.sgf";
  int fd = mkstemps(path.data(), 4);
  if (fd < 0) {
    verdict.diagnostics.push_back(
        failure("cannot create a temporary file: " + std::string(std::strerror(errno))));
    return verdict;
  }
  bool written =
      write(fd, sgf_text.data(), sgf_text.size()) == static_cast<ssize_t>(sgf_text.size());
  close(fd);
  struct Remove {
    std::string path;
    ~Remove() { unlink(path.c_str()); }
  } remove{path};
  if (!written) {
    verdict.diagnostics.push_back(failure("cannot write the temporary file " + path));
    return verdict;
  }

  int in_pipe[2], out_pipe[2];
  // The engine's stdin is a socket so that writing after it died fails with EPIPE instead of
  // raising SIGPIPE in the caller.
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in_pipe) != 0)
    return verdict.diagnostics.push_back(failure("pipe failed")), verdict;
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    return verdict.diagnostics.push_back(failure("pipe failed")), verdict;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::string command = options.command;
  const char *argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
  Child child;
  int rc =
      posix_spawn(&child.pid, "/bin/sh", &actions, nullptr, const_cast<char **>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in_pipe[0]);
  close(out_pipe[1]);
  child.to = in_pipe[1];
  child.from = out_pipe[0];
  if (rc != 0) {
    child.pid = -1;
    verdict.diagnostics.push_back(failure("cannot start `" + command + "`: " + std::strerror(rc)));
    return verdict;
  }
  std::string error;
  auto say = [&](const std::string &cmd) { return exchange(child, cmd, deadline, error); };
  char komi_text[32];
  std::snprintf(komi_text, sizeof komi_text, "%g", komi);
  bool ok = say("boardsize " + std::to_string(size.width)).has_value() &&
            say(std::string("komi ") + komi_text).has_value() && say("loadsgf " + path).has_value();
  std::optional<std::string> dead;
  if (ok)
    dead = say("final_status_list dead");
  if (dead && options.want_final_score) {
    auto score = say("final_score");
    if (score) {
      std::string s = *score;
      size_t a = s.find_first_not_of(" \t\n");
      size_t b = s.find_last_not_of(" \t\n");
      verdict.final_score = a == std::string::npos ? "" : s.substr(a, b - a + 1);
    }
  }
  if (!dead) {
    verdict.diagnostics.push_back(failure(error.empty() ? "the engine failed" : error));
    return verdict;
  }
  std::string quit_error;
  exchange(child, "quit", deadline, quit_error);
  // Vertices separated by blanks and newlines (GNU Go puts one dragon per line).
  std::string token;
  auto flush = [&] {
    if (token.empty())
      return;
    if (auto p = from_gtp_vertex(token, size))
      verdict.dead.push_back(*p);
    token.clear();
  };
  for (char ch : *dead) {
    if (std::isspace(static_cast<unsigned char>(ch)))
      flush();
    else
      token += ch;
  }
  flush();
  verdict.ok = true;
  return verdict;
}

} // namespace sgf::score
