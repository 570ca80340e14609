// Rewriting records game by game: parse, apply an edit to each game, write canonical SGF; and
// putting the result back in place of the file it came from.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/sgf/tree.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace sgf::collection {

// An edit of one game; a Diagnostic when the game could not be edited.
using GameEdit = std::function<std::optional<Diagnostic>(Game &)>;

struct EditedRecord {
  std::string text;        // the whole collection written back; empty when not ok
  Diagnostics diagnostics; // the parser's, then each failed edit's (with its game index)
  bool ok = false;         // parsed without error and every edit succeeded
};

// A record that does not parse, or one of whose games cannot be edited, is not written at all:
// half an edit is worse than none.
EditedRecord edit_record(std::string_view bytes, const GameEdit &edit);

// Replaces the file `name` by `text` atomically; an error when `name` is not a plain file
// (standard input, an archive member). Nothing is written when the text is unchanged.
std::optional<Diagnostic> rewrite_in_place(const std::string &name, std::string_view old_bytes,
                                           std::string_view text);

} // namespace sgf::collection
