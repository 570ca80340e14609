// The `sgf` dispatcher: wires each subcommand into one command line and maps errors to the
// documented exit statuses (0 clean, 1 problems in the input, 2 could not run).
#include "tools/commands.h"
#include "tools/terminal.h"

#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char **argv) {
  sgf::tools::hold_closed_standard_descriptors();
  CLI::App app{"sgf: check, score, format and draw Go game records (SGF)", "sgf"};
  app.set_version_flag("--version", "sgf 0.1.0");
  app.require_subcommand(1);
  int exit_status = 0;
  sgf::tools::register_check(app, exit_status);
  sgf::tools::register_score(app, exit_status);
  sgf::tools::register_info(app, exit_status);
  sgf::tools::register_fmt(app, exit_status);
  sgf::tools::register_render(app, exit_status);
  sgf::tools::register_annotate(app, exit_status);
  sgf::tools::register_transform(app, exit_status);
  sgf::tools::register_strip(app, exit_status);
  sgf::tools::register_split(app, exit_status);
  sgf::tools::register_merge(app, exit_status);
  sgf::tools::register_dedupe(app, exit_status);
  sgf::tools::register_diff(app, exit_status);
  sgf::tools::register_convert(app, exit_status);
  sgf::tools::register_standings(app, exit_status);
  sgf::tools::register_view(app, exit_status);
  sgf::tools::register_report(app, exit_status);
  // CLI11 would only say "A subcommand is required" for a misspelt command.
  std::string known;
  bool found = false;
  for (const CLI::App *command : app.get_subcommands({})) {
    known += (known.empty() ? "" : ", ") + command->get_name();
    found = found || (argc > 1 && command->get_name() == argv[1]);
  }
  if (argc > 1 && argv[1][0] != '-' && !found) {
    std::fprintf(stderr, "sgf: unknown command '%s' (commands: %s; sgf --help)\n", argv[1],
                 known.c_str());
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2; // usage errors are "could not run"
  } catch (const std::exception &e) {
    std::fprintf(stderr, "sgf: %s\n", e.what());
    return 2;
  }
  return exit_status;
}
