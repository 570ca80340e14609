// `sgf view`: a full-screen terminal replay of one game of a record (ncurses), or, when standard
// output is not a terminal, the position printed as `sgf render` prints it.
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/game_input.h"
#include "tools/view/screen.h"

#include "lib/check/check.h"
#include "lib/render/layout.h"
#include "lib/render/text.h"
#include "tools/terminal.h"

#include <cstdio>
#include <memory>

namespace sgf::tools {

namespace {

int run(const ViewOptions &o) {
  const std::optional<GameInput> input = read_game(o.file, o.game, "view", o.parse);
  if (!input)
    return 2;
  const Game &game = input->game();
  if (game.empty()) {
    std::fprintf(stderr, "sgf view: %s: game %d is empty\n", input->name.c_str(), o.game);
    return 2;
  }
  auto spec = render::parse_move_spec(o.move);
  if (!spec) {
    std::fprintf(stderr, "sgf view: --move: expected N, first, last or -K, not '%s'\n",
                 o.move.c_str());
    return 2;
  }
  if (!is_terminal(stdout)) {
    // Not a terminal: the position as `sgf render FILE --game K --move N` prints it.
    render::LayoutOptions lo;
    lo.move = *spec;
    auto made = render::make_layout(game, lo);
    for (const Diagnostic &d : made.diagnostics)
      print_diagnostic(input->name, d);
    if (!made.ok())
      return 2;
    const std::string text = render::render_text(made.layout, render::TextStyle::ascii);
    return write_whole_output("", text) ? 0 : 2;
  }
  check::CheckOptions check_options;
  check_options.variations = true;
  check_options.count = false;
  const Diagnostics findings = check::check_record(input->parsed, check_options);
  return run_screen(o, input->name, game, *spec, findings);
}

} // namespace

void register_view(CLI::App &root, int &exit_status) {
  auto opts = std::make_shared<ViewOptions>();
  auto *cmd = root.add_subcommand("view", "Replay a game full-screen in the terminal");
  add_game_options(*cmd, opts->file, opts->game, opts->parse);
  cmd->add_option("--move", opts->move, "Start at move N, first, last, or -K (default: last)");
  cmd->add_flag("--ascii", opts->ascii, "X and O on '.' points instead of ● ○ on lines");
  cmd->callback([opts, &exit_status] { exit_status = run(*opts); });
}

} // namespace sgf::tools
