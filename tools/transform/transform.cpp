// `sgf transform`: rotate, mirror or transpose every game, swap its colours, or turn it to the
// canonical orientation (lib/collection/transform.h); to standard output, -o, or --in-place.
#include "lib/collection/transform.h"
#include "lib/collection/edit.h"
#include "lib/report/emit.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/terminal.h"

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
};

// The orientation change asked for: the rotation, then the mirror, then the transposition.
collection::Symmetry requested_symmetry(const TransformOptions &options) {
  using namespace collection;
  Symmetry s = options.rotate == 90    ? rotate_90
               : options.rotate == 180 ? rotate_180
               : options.rotate == 270 ? rotate_270
                                       : identity;
  if (options.flip)
    s = compose(s, collection::flip);
  if (options.transpose)
    s = compose(s, collection::transpose);
  return s;
}

RecordOutput transform_record(const TransformOptions &options, const batch::Record &record) {
  const collection::Symmetry symmetry = requested_symmetry(options);
  collection::EditedRecord edited =
      collection::edit_record(record.bytes, [&](Game &game) -> std::optional<Diagnostic> {
        if (options.swap_colours)
          collection::swap_colours(game);
        return options.normalise ? collection::normalise(game)
                                 : collection::transform_game(game, symmetry);
      });
  RecordOutput out;
  const bool json = options.batch.format == "json", colour = colour_enabled(stderr);
  for (const Diagnostic &d : edited.diagnostics)
    if (!options.batch.quiet || d.severity == Severity::error)
      out.messages += json ? format_json(record.name, d) : format_text(record.name, d, colour);
  if (!edited.ok) {
    out.status = 1;
    return out;
  }
  if (!options.in_place) {
    out.text = std::move(edited.text);
    return out;
  }
  if (auto failure = collection::rewrite_in_place(record.name, record.bytes, edited.text)) {
    out.messages +=
        json ? format_json(record.name, *failure) : format_text(record.name, *failure, colour);
    out.status = 2;
  }
  return out;
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
  auto *in_place = cmd->add_flag("-i,--in-place", options->in_place,
                                 "Rewrite each input file in place (atomically)");
  if (auto *output = cmd->get_option_no_throw("--output"))
    in_place->excludes(output);
  cmd->callback([options, &exit_status] {
    exit_status = run_batch(options->batch, [&](const batch::Record &record) {
      return transform_record(*options, record);
    });
  });
}

} // namespace sgf::tools
