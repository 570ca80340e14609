// Renderings of diagnostics for people and programs: compiler-style text and JSON Lines; and the
// one rule for a cell of a TSV table.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/report/utf8.h"

#include <string>
#include <string_view>

namespace sgf {

// Text from a record or the file system (a file name, a property value, a message quoting one)
// as it is shown in text output: control characters (C0, DEL, and C1 in UTF-8) become escapes
// (\n, \t, \r, \x1b, \u009b), so that a hostile name or value can neither send a terminal its
// commands nor start a line of output of its own. JSON escapes them itself; SGF keeps them.
std::string shown(std::string_view text);

// `file:line:col: severity[code]: message` (line and col left out when unknown), plus a newline;
// the file name and the message as shown(). With colour, the severity is coloured the way
// compilers do it.
std::string format_text(std::string_view file, const Diagnostic &, bool colour = false);

// One JSON object with the keys file, game, node, move, point, line, col, severity, code, message
// (game, node, move, point, line and col are null when unknown; point in SGF letters), plus a
// newline.
std::string format_json(std::string_view file, const Diagnostic &);

// The rendering a command's --format asks for: JSON Lines with `json`, else text (coloured with
// `colour`). Every message about an input or an output follows --format, so that a program
// reading JSON Lines from standard error meets no line of text.
std::string format_diagnostic(std::string_view file, const Diagnostic &, bool json, bool colour);

// `json` as one line of JSON Lines, plus a newline (`json` a nlohmann::json or ordered_json).
// Invalid UTF-8 becomes U+FFFD rather than an exception that would end the run: file names come
// from the file system, in whatever encoding they were made.
template <class Json> std::string json_line(const Json &json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

// `bytes` in base64 (RFC 4648, padded).
std::string base64(std::string_view bytes);

// JSON that names a file whose name is not UTF-8 ("file" shows its other bytes as U+FFFD) gets
// "file_bytes", the name's bytes in base64, for a program to find the file by; a UTF-8 name adds
// nothing.
template <class Json> void add_file_bytes(Json &json, std::string_view file) {
  if (!is_valid_utf8(file))
    json["file_bytes"] = base64(file);
}

// Text as one TSV cell: tabs and line breaks, which would split the row, become spaces; other
// control characters are escaped as shown() does.
std::string tsv_cell(std::string_view text);

} // namespace sgf
