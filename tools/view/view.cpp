// `sgf view`: a full-screen terminal replay of a record (ncurses).
#include "tools/commands.h"

namespace sgf::tools {
void register_view(CLI::App &, int &) {}
} // namespace sgf::tools
