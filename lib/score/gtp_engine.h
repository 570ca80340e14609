// A GTP engine as the authority on dead stones: spawns the user's command (`gnugo --mode gtp`),
// loads the game from a temporary file, asks `final_status_list dead` (and, on request,
// `final_score`), then quits. Failures and timeouts come back as Diagnostics, never exceptions.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/sgf/point.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf::score {

struct GtpOptions {
  std::string command;      // run by /bin/sh -c
  int timeout_ms = 120'000; // for the whole conversation
  bool want_final_score = false;
};

struct GtpVerdict {
  bool ok = false;
  std::vector<Point> dead;
  std::optional<std::string> final_score; // "B+3.5" as the engine says it
  Diagnostics diagnostics;                // code "engine-failed" on any failure
};

// `sgf_text`: the game as one SGF record (the engine replays it with loadsgf).
GtpVerdict ask_engine(std::string_view sgf_text, BoardSize size, double komi, const GtpOptions &);

// A GTP vertex ("D4", "T19"; no letter I) on a board of that size, or nothing.
std::optional<Point> from_gtp_vertex(std::string_view vertex, BoardSize size);

} // namespace sgf::score
