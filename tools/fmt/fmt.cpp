// Placeholder until the fmt command lands: registers the name so the dispatcher links.
#include "tools/sgf/commands.h"

#include <cstdio>

namespace sgf::tools {

void register_fmt(CLI::App& root, int& exit_status) {
  auto* cmd = root.add_subcommand("fmt", "not built yet");
  cmd->allow_extras();
  cmd->callback([&exit_status] {
    std::fputs("sgf fmt: not built yet\n", stderr);
    exit_status = 2;
  });
}

} // namespace sgf::tools
