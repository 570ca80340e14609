// The full-screen part of `sgf view`: navigation over a game tree and its ncurses screen.
#pragma once

#include "lib/render/layout.h"
#include "lib/report/diagnostic.h"
#include "lib/sgf/tree.h"
#include "parsers/sgf/parse.h"

#include <string>

namespace sgf::tools {

struct ViewOptions {
  std::string file;
  int game = 0;       // from 0, as the "game" of every JSON output
  ParseOptions parse; // --charset
  std::string move = "last";
  bool ascii = false;
};

// Runs the viewer until the user quits or a SIGINT, SIGTERM or SIGHUP arrives; the terminal is
// restored in every case. `record` is the record's name for messages and screenshot names
// (<stdin> for standard input); `findings` are `sgf check`'s diagnostics of the whole record.
// Returns the exit status (0, or 2 when the terminal could not be set up).
int run_screen(const ViewOptions &, std::string_view record, const Game &, render::MoveSpec start,
               const Diagnostics &findings);

} // namespace sgf::tools
