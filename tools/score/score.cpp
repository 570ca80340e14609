// Placeholder until the score command lands: registers the name so the dispatcher links.
#include "tools/sgf/commands.h"

#include <cstdio>

namespace sgf::tools {

void register_score(CLI::App& root, int& exit_status) {
  auto* cmd = root.add_subcommand("score", "not built yet");
  cmd->allow_extras();
  cmd->callback([&exit_status] {
    std::fputs("sgf score: not built yet\n", stderr);
    exit_status = 2;
  });
}

} // namespace sgf::tools
