// Shared reading and rewriting for the collection commands.
#include "tools/collection_io.h"

#include "lib/report/emit.h"
#include "lib/sgf/writer.h"
#include "tools/in_place.h"
#include "tools/terminal.h"

#include <algorithm>

namespace sgf::tools {

void add_message(const BatchOptions &options, const std::string &name, const Diagnostic &d,
                 std::string &messages, bool errors_only) {
  if ((options.quiet || errors_only) && d.severity != Severity::error)
    return;
  messages += format_diagnostic(name, d, options.json(), colour_enabled(stderr));
}

void add_in_place_option(CLI::App &cmd, bool &in_place, bool &force) {
  auto *flag = cmd.add_flag("-i,--in-place", in_place,
                            "Rewrite each input file (atomically, in its compression); files that "
                            "do not parse, or would lose what the reader ignored, are left "
                            "untouched");
  if (auto *output = cmd.get_option_no_throw("--output"))
    flag->excludes(output);
  cmd.add_flag("--force", force,
               "With --in-place, rewrite a file even when the rewrite loses what the reader "
               "ignored, and split a file's hard links; with -o, split the output file's hard "
               "links");
}

RecordOutput edit_games(const BatchOptions &options, bool in_place, bool force,
                        const batch::Record &record, const GameEdit &edit) {
  RecordOutput out;
  auto message = [&](const Diagnostic &d) { add_message(options, record.name, d, out.messages); };
  // Every game is edited, so that each one that cannot be is named (when the record parses).
  std::string text;
  Diagnostics problems;
  const Diagnostics diagnostics =
      for_each_game(record, options.parse, [&](Game &game, size_t index) {
        if (std::optional<Diagnostic> problem = edit(game)) {
          problem->game = static_cast<int>(index);
          problems.push_back(std::move(*problem));
        } else if (problems.empty()) {
          text += write_sgf(game);
        }
      });
  for (const Diagnostic &d : diagnostics)
    message(d);
  const bool parsed = !has_error(diagnostics);
  if (parsed)
    for (const Diagnostic &d : problems)
      message(d);
  if (!parsed || !problems.empty()) {
    out.status = 1;
    return out;
  }
  if (!in_place) {
    out.text = std::move(text);
    return out;
  }
  InPlaceResult written = rewrite_in_place(record, diagnostics, text, force);
  for (const Diagnostic &d : written.messages)
    message(d);
  out.status = written.status;
  return out;
}

} // namespace sgf::tools
