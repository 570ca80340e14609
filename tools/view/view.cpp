// `sgf view`: a full-screen terminal replay of one game of a record (ncurses), or, when standard
// output is not a terminal, the position printed as `sgf render` prints it.
#include "tools/commands.h"
#include "tools/view/screen.h"

#include "lib/check/check.h"
#include "lib/render/layout.h"
#include "lib/render/text.h"
#include "lib/report/emit.h"
#include "parsers/sgf/parse.h"
#include "tools/terminal.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>

namespace sgf::tools {

namespace {

int run(const ViewOptions &o) {
  std::ifstream in(o.file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "sgf view: %s: cannot read the file\n", o.file.c_str());
    return 2;
  }
  const std::string bytes(std::istreambuf_iterator<char>(in), {});
  ParseResult parsed = parse_sgf(bytes);
  const auto &games = parsed.collection.games;
  if (o.game < 1 || size_t(o.game) > games.size() || games[size_t(o.game - 1)].empty()) {
    std::fprintf(stderr, "sgf view: %s: no game %d (the file has %zu)\n", o.file.c_str(), o.game,
                 games.size());
    return 2;
  }
  const Game &game = games[size_t(o.game - 1)];
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
      std::fputs(format_text(o.file, d, false).c_str(), stderr);
    if (!made.ok())
      return 2;
    const std::string text = render::render_text(made.layout, render::TextStyle::ascii);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
  }
  check::CheckOptions check_options;
  check_options.variations = true;
  check_options.count = false;
  const Diagnostics findings = check::check_record(parsed, check_options);
  return run_screen(o, game, *spec, findings);
}

} // namespace

void register_view(CLI::App &root, int &exit_status) {
  auto opts = std::make_shared<ViewOptions>();
  auto *cmd = root.add_subcommand("view", "Replay a game full-screen in the terminal");
  cmd->add_option("file", opts->file, "the record")->required();
  cmd->add_option("--game", opts->game, "which game of a collection, from 1")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--move", opts->move, "start at move N, first, last, or -K (default: last)");
  cmd->add_flag("--ascii", opts->ascii, "X and O on '.' points instead of ● ○ on lines");
  cmd->callback([opts, &exit_status] { exit_status = run(*opts); });
}

} // namespace sgf::tools
