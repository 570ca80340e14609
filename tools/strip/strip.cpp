// `sgf strip`: remove properties, comments, variations or application-specific properties from
// every game (lib/collection/lines.h); to standard output, -o, or --in-place.
#include "lib/collection/lines.h"
#include "tools/collection_io.h"
#include "tools/commands.h"

#include <memory>

namespace sgf::tools {

namespace {

struct StripCommandOptions {
  BatchOptions batch;
  collection::StripOptions strip;
  bool in_place = false;
  bool force = false;
};

} // namespace

void register_strip(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<StripCommandOptions>();
  auto *cmd = root.add_subcommand(
      "strip", "Remove properties, comments, variations or application-specific properties");
  add_batch_options(*cmd, options->batch);
  auto *drop = cmd->add_option("--drop", options->strip.drop,
                               "Remove these properties (comma-separated: C,GC,BL,WL)")
                   ->type_name("IDS")
                   ->delimiter(',')
                   ->allow_extra_args(false);
  cmd->add_flag("--comments", options->strip.comments, "Remove all comments (C and GC)");
  cmd->add_flag("--main-line", options->strip.main_line,
                "Remove every variation, keeping the main line");
  cmd->add_flag("--private", options->strip.private_properties,
                "Remove application-specific properties (identifiers no SGF version defines)");
  auto *keep = cmd->add_option("--keep", options->strip.keep,
                               "Keep only these properties (comma-separated), remove the rest")
                   ->type_name("IDS")
                   ->delimiter(',')
                   ->allow_extra_args(false);
  keep->excludes(drop);
  add_in_place_option(*cmd, options->in_place, options->force);
  cmd->callback([options, &exit_status] {
    options->batch.force = options->force;
    options->batch.inputs.once_per_file = options->in_place;
    exit_status = run_batch(options->batch, [&](const batch::Record &record) {
      return edit_games(options->batch, options->in_place, options->force, record,
                        [&](Game &game) -> std::optional<Diagnostic> {
                          collection::strip_game(game, options->strip);
                          return std::nullopt;
                        });
    });
  });
}

} // namespace sgf::tools
