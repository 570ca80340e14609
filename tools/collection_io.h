// What the collection commands (transform, strip, merge, dedupe) share: reading a record with
// its messages, and rewriting records game by game to the output or in place.
#pragma once

#include "lib/collection/edit.h"
#include "parsers/sgf/parse.h"
#include "tools/batch_options.h"

#include <optional>
#include <string>

namespace sgf::tools {

// Parses a record, adding its messages (errors only when quiet) to `messages` and raising
// `status` (2 for a record that could not be read, 1 for one with errors). nullopt only for a
// record that could not be read; a record with errors gives what could be parsed.
std::optional<ParseResult> parse_record(const batch::Record &, bool quiet, std::string &messages,
                                        int &status);

// -i/--in-place, excluding -o.
void add_in_place_option(CLI::App &, bool &in_place);

// Applies `edit` to every game of the record and gives the canonical text, or rewrites the
// file in place; a record that does not parse or whose edit fails is not written (status 1).
RecordOutput edit_games(const BatchOptions &, bool in_place, const batch::Record &,
                        const collection::GameEdit &edit);

} // namespace sgf::tools
