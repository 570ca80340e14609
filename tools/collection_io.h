// What the collection commands (transform, strip, merge, dedupe) share: their messages, and
// rewriting records game by game to the output or in place.
#pragma once

#include "parsers/sgf/parse.h"
#include "tools/batch_options.h"

#include <functional>
#include <optional>
#include <string>

namespace sgf::tools {

// Adds a message about record `name` to `messages` as the options ask: JSON lines with --format
// json, else text (coloured on a terminal); errors only with --quiet or `errors_only`.
void add_message(const BatchOptions &, const std::string &name, const Diagnostic &,
                 std::string &messages, bool errors_only = false);

// -i/--in-place, excluding -o, and --force.
void add_in_place_option(CLI::App &, bool &in_place, bool &force);

// An edit of one game; a Diagnostic when the game could not be edited.
using GameEdit = std::function<std::optional<Diagnostic>(Game &)>;

// Applies `edit` to every game of the record (any format) and gives the canonical SGF text, or
// rewrites the file in place as fmt does (tools/in_place.h: never over another format, nor
// losing what the reader ignored unless `force`). A record that does not parse, or one of whose
// games cannot be edited, is not written at all (status 1): half an edit is worse than none.
RecordOutput edit_games(const BatchOptions &, bool in_place, bool force, const batch::Record &,
                        const GameEdit &edit);

} // namespace sgf::tools
