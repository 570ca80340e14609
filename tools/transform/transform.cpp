// `sgf transform`: rotate, mirror or transpose every game, swap its colours, or turn it to the
// canonical orientation (lib/collection/transform.h); to standard output, -o, or --in-place.
#include "lib/collection/transform.h"
#include "tools/collection_io.h"
#include "tools/commands.h"

#include <memory>

namespace sgf::tools {

namespace {

struct TransformOptions {
  BatchOptions batch;
  int rotate = 0;
  bool flip = false;
  bool transpose = false;
  bool swap_colours = false;
  bool normalise = false;
  bool in_place = false;
  bool force = false;
};

// The orientation change asked for: the rotation, then the mirror, then the transposition.
Symmetry requested_symmetry(const TransformOptions &options) {
  using namespace collection;
  Symmetry s = options.rotate == 90    ? rotate_90
               : options.rotate == 180 ? rotate_180
               : options.rotate == 270 ? rotate_270
                                       : identity;
  if (options.flip)
    s = compose(s, flip);
  if (options.transpose)
    s = compose(s, transpose);
  return s;
}

} // namespace

void register_transform(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<TransformOptions>();
  auto *cmd = root.add_subcommand(
      "transform", "Rotate, mirror or transpose games, swap their colours, or normalise their "
                   "orientation");
  add_batch_options(*cmd, options->batch);
  auto *rotate = cmd->add_option("--rotate", options->rotate, "Rotate clockwise by DEGREES")
                     ->type_name("90|180|270")
                     ->check(CLI::IsMember({90, 180, 270}));
  auto *flip = cmd->add_flag("--flip", options->flip, "Mirror left to right");
  auto *transpose =
      cmd->add_flag("--transpose", options->transpose, "Mirror in the top-left diagonal");
  cmd->add_flag("--swap-colours,--swap-colors", options->swap_colours,
                "Swap Black and White: players, ranks, result, moves, setup, territory, komi");
  auto *normalise = cmd->add_flag(
      "--normalise,--normalize", options->normalise,
      "Turn each game to its canonical orientation (the same for all eight orientations)");
  normalise->excludes(rotate)->excludes(flip)->excludes(transpose);
  add_in_place_option(*cmd, options->in_place, options->force);
  cmd->callback([options, &exit_status] {
    options->batch.force = options->force;
    options->batch.inputs.once_per_file = options->in_place;
    const Symmetry symmetry = requested_symmetry(*options);
    exit_status = run_batch(options->batch, [&](const batch::Record &record) {
      return edit_games(options->batch, options->in_place, options->force, record,
                        [&](Game &game) -> std::optional<Diagnostic> {
                          if (options->swap_colours)
                            collection::swap_colours(game);
                          return options->normalise ? collection::normalise(game)
                                                    : collection::transform_game(game, symmetry);
                        });
    });
  });
}

} // namespace sgf::tools
