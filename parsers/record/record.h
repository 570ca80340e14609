// Reading a game record in any format the toolkit knows (SGF, Tygem GIB, WBaduk NGF, Pandanet
// UGF/UGI, Tygem's one-line kifu): the format is found from the content, never from the name.
#pragma once

#include "parsers/sgf/parse.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace sgf {

enum class RecordFormat { sgf, gib, ngf, ugf, kifu };

// "sgf", "gib", "ngf", "ugf", "kifu".
const char *to_string(RecordFormat);
// The format a --from value names; nullopt for an unknown name ("ugi" is "ugf").
std::optional<RecordFormat> record_format_named(std::string_view name);

// The format the bytes are in, from their first lines; nullopt when none matches.
std::optional<RecordFormat> detect_record_format(std::string_view bytes);

// Reads a record: `forced` (a --from value) names the format, else it is detected; a record that
// matches no format is read as SGF, whose reader rejects it (not-sgf, naming the formats tried).
// The one-line kifu takes its game information from `kifu_index` when the caller has read it
// (an archive member's), else from the kifu.index beside `name` (a path, or "-") on disk.
ParseResult parse_record(std::string_view bytes, std::string_view name = {},
                         std::string_view forced = {}, const ParseOptions &options = {},
                         std::optional<std::string_view> kifu_index = std::nullopt);

// parse_record, with an SGF record's games handed to `part` in parts of `part_bytes`
// (parse_sgf_in_parts); a record in another format is one part.
void parse_record_in_parts(std::string_view bytes, std::string_view name, std::string_view forced,
                           const ParseOptions &options, std::optional<std::string_view> kifu_index,
                           size_t part_bytes, const std::function<void(ParseResult &)> &part);

} // namespace sgf
