// Game-by-game rewriting of records, and the in-place replacement.
#include "lib/collection/edit.h"

#include "lib/batch/output.h"
#include "lib/sgf/writer.h"
#include "parsers/sgf/parse.h"

#include <filesystem>

namespace sgf::collection {

EditedRecord edit_record(std::string_view bytes, const GameEdit &edit) {
  EditedRecord out;
  ParseResult parsed = parse_sgf(bytes);
  out.diagnostics = std::move(parsed.diagnostics);
  if (has_error(out.diagnostics))
    return out;
  bool failed = false;
  for (size_t g = 0; g < parsed.collection.games.size(); ++g) {
    if (auto problem = edit(parsed.collection.games[g])) {
      problem->game = int(g);
      out.diagnostics.push_back(std::move(*problem));
      failed = true;
    }
  }
  if (failed)
    return out;
  out.text = write_sgf(parsed.collection);
  out.ok = true;
  return out;
}

std::optional<Diagnostic> rewrite_in_place(const std::string &name, std::string_view old_bytes,
                                           std::string_view text) {
  std::error_code ec;
  if (name == "-" || !std::filesystem::is_regular_file(name, ec))
    return make_diagnostic(Severity::error, "unwritable",
                           "cannot rewrite in place: not a plain file (standard input or an "
                           "archive member)");
  if (text == old_bytes)
    return std::nullopt;
  return batch::write_file_atomically(name, text);
}

} // namespace sgf::collection
