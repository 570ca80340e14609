// `sgf merge`: the games of every input, in input order (or sorted by a game-information
// property), as one collection on standard output or in a file written atomically.
#include "lib/batch/pipeline.h"
#include "lib/collection/headers.h"
#include "lib/sgf/writer.h"
#include "parsers/sgf/parse.h"
#include "tools/batch_options.h"
#include "tools/collection_io.h"
#include "tools/commands.h"
#include "tools/terminal.h"

#include <algorithm>
#include <cstdio>
#include <memory>

namespace sgf::tools {

namespace {

struct MergeOptions {
  BatchOptions batch;
  std::string sort_key; // empty: input order
};

struct MergedGame {
  std::optional<std::string> key;
  std::string text;
};

struct MergedRecord {
  std::vector<MergedGame> games;
  std::string messages;
  int status = 0;
};

MergedRecord read_record(const MergeOptions &options, const batch::Record &record) {
  MergedRecord out;
  if (record.error) {
    add_message(options.batch, record.name, *record.error, out.messages);
    out.status = unread_status(record);
    return out;
  }
  const Diagnostics diagnostics =
      for_each_game(record, options.batch.parse, [&](Game &game, size_t) {
        MergedGame merged;
        if (!options.sort_key.empty())
          merged.key = collection::game_info(game, options.sort_key);
        merged.text = write_sgf(game);
        out.games.push_back(std::move(merged));
      });
  for (const Diagnostic &d : diagnostics)
    add_message(options.batch, record.name, d, out.messages);
  if (has_error(diagnostics)) { // a record we cannot read is left out, never half-merged
    out.status = 1;
    out.games.clear();
  }
  return out;
}

int run_merge(const MergeOptions &options) {
  std::vector<MergedGame> games;
  int status = 0;
  batch::RecordSource source(options.batch.inputs);
  ProgressLine progress(progress_wanted(options.batch.quiet, options.batch.no_progress), source);
  batch::ordered_map(
      source, batch::PipelineOptions{options.batch.jobs, 0},
      [&](const batch::Record &record) {
        progress.started(record);
        return read_record(options, record);
      },
      [&](const batch::Record &record, MergedRecord &&result) {
        if (!result.messages.empty()) {
          progress.erase();
          std::fwrite(result.messages.data(), 1, result.messages.size(), stderr);
        }
        status = std::max(status, result.status);
        for (MergedGame &game : result.games)
          games.push_back(std::move(game));
        progress.count(record);
      });
  progress.erase();
  if (!options.sort_key.empty())
    // Stable: games with equal values keep their input order; games without the property last.
    std::stable_sort(games.begin(), games.end(), [](const MergedGame &a, const MergedGame &b) {
      if (!a.key || !b.key)
        return a.key.has_value() && !b.key.has_value();
      return *a.key < *b.key;
    });
  std::string text;
  for (const MergedGame &game : games)
    text += game.text;
  return write_whole_output(options.batch.output, text, options.batch.json()) ? status : 2;
}

} // namespace

void register_merge(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<MergeOptions>();
  auto *cmd = root.add_subcommand("merge", "Put the games of every input into one collection");
  add_batch_options(*cmd, options->batch);
  cmd->add_option("--sort", options->sort_key,
                  "Order the games by this game-information property (DT, EV, PB, ...; stable, "
                  "games without it last) instead of input order")
      ->type_name("ID");
  cmd->callback([options, &exit_status] { exit_status = run_merge(*options); });
}

} // namespace sgf::tools
