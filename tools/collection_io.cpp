// Shared reading and rewriting for the collection commands.
#include "tools/collection_io.h"

#include "lib/report/emit.h"
#include "parsers/record/record.h"
#include "tools/terminal.h"

#include <algorithm>

namespace sgf::tools {

std::optional<ParseResult> parse_record(const batch::Record &record, bool quiet,
                                        std::string &messages, int &status) {
  const bool colour = colour_enabled(stderr);
  if (record.error) {
    messages += format_text(record.name, *record.error, colour);
    status = 2;
    return std::nullopt;
  }
  ParseResult parsed = sgf::parse_record(record.bytes, record.name, record.format);
  for (const Diagnostic &d : parsed.diagnostics)
    if (!quiet || d.severity == Severity::error)
      messages += format_text(record.name, d, colour);
  if (!parsed.ok())
    status = std::max(status, 1);
  return parsed;
}

void add_in_place_option(CLI::App &cmd, bool &in_place) {
  auto *flag =
      cmd.add_flag("-i,--in-place", in_place, "Rewrite each input file in place (atomically)");
  if (auto *output = cmd.get_option_no_throw("--output"))
    flag->excludes(output);
}

RecordOutput edit_games(const BatchOptions &options, bool in_place, const batch::Record &record,
                        const collection::GameEdit &edit) {
  collection::EditedRecord edited = collection::edit_record(record.bytes, edit);
  RecordOutput out;
  const bool json = options.format == "json", colour = colour_enabled(stderr);
  auto message = [&](const Diagnostic &d) {
    out.messages += json ? format_json(record.name, d) : format_text(record.name, d, colour);
  };
  for (const Diagnostic &d : edited.diagnostics)
    if (!options.quiet || d.severity == Severity::error)
      message(d);
  if (!edited.ok) {
    out.status = 1;
    return out;
  }
  if (!in_place) {
    out.text = std::move(edited.text);
    return out;
  }
  if (auto failure = collection::rewrite_in_place(record.name, record.bytes, edited.text)) {
    message(*failure);
    out.status = 2;
  }
  return out;
}

} // namespace sgf::tools
