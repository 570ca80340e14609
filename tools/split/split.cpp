// `sgf split`: one file per game (or, with --variations, per root-to-leaf line), named from a
// template (lib/collection/headers.h), written atomically into a folder.
#include "lib/batch/inputs.h"
#include "lib/collection/headers.h"
#include "lib/collection/lines.h"
#include "lib/report/emit.h"
#include "lib/sgf/writer.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/terminal.h"

#include <algorithm>
#include <cstdio>
#include <memory>

namespace sgf::tools {

namespace {

struct SplitOptions {
  batch::InputSpec inputs;
  std::string folder = ".";
  std::string name_template = "{n}.sgf";
  bool variations = false;
  bool force = false;
  bool quiet = false;
  bool no_progress = false;
  ParseOptions parse; // --charset
};

int run_split(SplitOptions &options) {
  const bool colour = colour_enabled(stderr);
  if (options.force && !force_spares_inputs(options.inputs, options.folder, "split"))
    return 2;
  batch::RecordSource source(options.inputs);
  ProgressLine progress(progress_wanted(options.quiet, options.no_progress), source);
  const bool names_on_screen = is_terminal(stdout);
  auto report = [&](const std::string &name, const Diagnostic &d) {
    if (!options.quiet || d.severity == Severity::error) {
      progress.erase();
      std::string text = format_text(name, d, colour);
      std::fwrite(text.data(), 1, text.size(), stderr);
    }
  };
  int status = 0;
  // The list of files written: once standard output fails (closed, a full disk) the files are
  // still written, and the run ends with status 2.
  bool names_lost = false;
  auto stdout_failed = [&] {
    report("sgf", stdout_error(errno));
    status = 2;
    return true;
  };
  size_t number = 0;
  collection::FileNamer namer(options.folder, options.force,
                              collection::FileNamer::Existing::refuse);
  while (auto record = source.next()) {
    progress.count(*record);
    if (record->error) {
      report(record->name, *record->error);
      status = std::max(status, unread_status(*record));
      continue;
    }
    // A record with an error writes nothing, so one that comes in several parts is read twice:
    // for its diagnostics, then to write its games a part at a time.
    bool failed = false;
    size_t parts = 0;
    ParseResult first;
    parse_record_in_parts(*record, options.parse, [&](ParseResult &part) {
      for (const Diagnostic &d : part.diagnostics)
        report(record->name, d);
      failed = failed || !part.ok();
      if (++parts == 1)
        first = std::move(part);
      else
        first = {}; // read again to write: not held beside the parts that follow
    });
    if (failed) {
      status = std::max(status, 1);
      continue;
    }
    auto write_games = [&](const ParseResult &part) {
      for (size_t local = 0; local < part.collection.games.size(); ++local) {
        const Game &game = part.collection.games[local];
        const size_t game_number = part.first_game + local + 1;
        auto write_piece = [&](const Game &piece) {
          const collection::NameFields fields{++number, game_number, record->name};
          const collection::FileNamer::Written written =
              namer.write(collection::file_name_from_template(options.name_template, fields, piece),
                          write_sgf(piece));
          if (written.error) {
            report(written.path.empty() ? record->name : written.path.string(), *written.error);
            status = 2;
            return;
          }
          if (names_on_screen)
            progress.erase();
          const std::string line = written.path.string() + "\n";
          if (!names_lost && std::fwrite(line.data(), 1, line.size(), stdout) != line.size())
            names_lost = stdout_failed();
        };
        // One variation's game at a time: a tree of many variations repeats its trunk in each.
        if (options.variations)
          for (NodeIndex leaf : collection::leaves(game))
            write_piece(collection::line_game(game, game.line_to(leaf)));
        else
          write_piece(game);
      }
    };
    if (parts == 1)
      write_games(first);
    else
      parse_record_in_parts(*record, options.parse, write_games);
  }
  if (!names_lost && std::fflush(stdout) != 0)
    stdout_failed();
  return status;
}

} // namespace

void register_split(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<SplitOptions>();
  auto *cmd = root.add_subcommand(
      "split", "Write each game (or each variation, as a game) to a file of its own");
  add_input_options(*cmd, options->inputs);
  add_charset_option(*cmd, options->parse.charset);
  cmd->add_option("-d,--directory", options->folder, "Write the files into DIR (created)")
      ->type_name("DIR")
      ->check(named_path())
      ->capture_default_str();
  cmd->add_option("-n,--name", options->name_template,
                  "File name template: {n} the running number, {game} the game's number in its "
                  "record, {file} the record's name, {DT} {PB} {PW} {EV} {RO} (or any {ID}) the "
                  "game's values")
      ->type_name("TEMPLATE")
      ->check(named_path())
      ->capture_default_str();
  cmd->add_flag("--variations", options->variations,
                "One game per line from the root to each leaf, not one per game");
  cmd->add_flag("-f,--force", options->force, "Replace existing files");
  cmd->add_flag("-q,--quiet", options->quiet, "Only errors on standard error, no progress line");
  cmd->add_flag("--no-progress", options->no_progress, "No progress line on standard error");
  cmd->callback([options, &exit_status] { exit_status = run_split(*options); });
}

} // namespace sgf::tools
