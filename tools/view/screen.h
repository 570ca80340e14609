// The full-screen part of `sgf view`: navigation over a game tree and its ncurses screen.
#pragma once

#include "lib/render/layout.h"
#include "lib/report/diagnostic.h"
#include "lib/sgf/tree.h"

#include <string>

namespace sgf::tools {

struct ViewOptions {
  std::string file;
  int game = 1;
  std::string move = "last";
  bool ascii = false;
};

// Runs the viewer until the user quits or a SIGINT, SIGTERM or SIGHUP arrives; the terminal is
// restored in every case. `findings` are `sgf check`'s diagnostics of the whole record. Returns
// the exit status (0, or 2 when the terminal could not be set up).
int run_screen(const ViewOptions &, const Game &, render::MoveSpec start,
               const Diagnostics &findings);

} // namespace sgf::tools
