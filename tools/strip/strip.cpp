// `sgf strip`: remove properties, comments, variations or application-specific properties from
// every game (lib/collection/lines.h); to standard output, -o, or --in-place.
#include "lib/collection/edit.h"
#include "lib/collection/lines.h"
#include "lib/report/emit.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/terminal.h"

#include <memory>

namespace sgf::tools {

namespace {

struct StripCommandOptions {
  BatchOptions batch;
  collection::StripOptions strip;
  bool in_place = false;
};

RecordOutput strip_record(const StripCommandOptions &options, const batch::Record &record) {
  collection::EditedRecord edited =
      collection::edit_record(record.bytes, [&](Game &game) -> std::optional<Diagnostic> {
        collection::strip_game(game, options.strip);
        return std::nullopt;
      });
  RecordOutput out;
  const bool json = options.batch.format == "json", colour = colour_enabled(stderr);
  auto message = [&](const Diagnostic &d) {
    out.messages += json ? format_json(record.name, d) : format_text(record.name, d, colour);
  };
  for (const Diagnostic &d : edited.diagnostics)
    if (!options.batch.quiet || d.severity == Severity::error)
      message(d);
  if (!edited.ok) {
    out.status = 1;
    return out;
  }
  if (!options.in_place) {
    out.text = std::move(edited.text);
    return out;
  }
  if (auto failure = collection::rewrite_in_place(record.name, record.bytes, edited.text)) {
    message(*failure);
    out.status = 2;
  }
  return out;
}

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
  auto *in_place = cmd->add_flag("-i,--in-place", options->in_place,
                                 "Rewrite each input file in place (atomically)");
  if (auto *output = cmd->get_option_no_throw("--output"))
    in_place->excludes(output);
  cmd->callback([options, &exit_status] {
    exit_status = run_batch(options->batch, [&](const batch::Record &record) {
      return strip_record(*options, record);
    });
  });
}

} // namespace sgf::tools
