// A GTP engine as the authority on dead stones (`gnugo --mode gtp`). Failures and timeouts come
// back as Diagnostics naming the engine and the command it did not answer, never exceptions.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/sgf/point.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf::engine {

struct GtpOptions {
  std::string command;     // run by /bin/sh -c, in a process group of its own
  int timeout_ms = 30'000; // for the conversation about one game
};

struct GtpVerdict {
  bool ok = false;
  std::vector<Point> dead;
  Diagnostics diagnostics; // code "engine-failed" on any failure
};

// One engine process for many games: started on the first question; for each game it is asked
// `boardsize`, `clear_board`, `loadsgf`, `komi` and `final_status_list dead`. An engine that does
// not answer in time or dies is stopped (its whole process group) and started again for the next
// question; one that answers with an error (`? ...`) is kept. Not thread-safe: one per worker.
class GtpEngine {
public:
  explicit GtpEngine(GtpOptions);
  ~GtpEngine(); // asks the engine to quit, then stops it
  GtpEngine(const GtpEngine &) = delete;
  GtpEngine &operator=(const GtpEngine &) = delete;

  // `sgf_text`: the game as one SGF record.
  GtpVerdict ask(std::string_view sgf_text, BoardSize size, double komi);

private:
  struct Process;
  GtpOptions options_;
  std::unique_ptr<Process> process_;
};

// The engines of a run, shared by its worker threads: a question borrows an idle engine or, when
// every engine is busy, starts another; so a run keeps as many processes as questions were ever
// asked at once (at most one per worker), each for the whole run.
class GtpEnginePool {
public:
  explicit GtpEnginePool(GtpOptions);
  GtpVerdict ask(std::string_view sgf_text, BoardSize size, double komi);

private:
  GtpOptions options_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<GtpEngine>> idle_;
};

} // namespace sgf::engine
