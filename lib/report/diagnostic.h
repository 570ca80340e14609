// Diagnostic: one finding about a record (a parse error, a rules violation, a dispute), as plain
// data. Every layer returns these; only the tools decide how and whether to show them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace sgf {

// A place in a record's source text. Lines and columns are 1-based; 0 means "unknown".
// Columns count Unicode code points of the UTF-8 text as it was read (before conversion the
// column counts bytes, which is what the parser reports for undecodable input).
struct SourcePos {
  uint32_t line = 0;
  uint32_t col = 0;
  bool known() const { return line != 0; }
  friend bool operator==(const SourcePos &, const SourcePos &) = default;
};

enum class Severity : uint8_t { note, warning, error };

const char *to_string(Severity);

struct Diagnostic {
  Severity severity = Severity::error;
  std::string code;    // stable kebab-case name from lib/report/codes.h
  std::string message; // one sentence, no trailing period, no file name
  SourcePos pos;       // where in the record, when known
  int game = -1;       // 0-based index of the game in its collection, -1 when none
  int node = -1;       // 0-based index of the node in its game (pre-order), -1 when none
  int move = -1;       // 1-based move number in its game (passes count), -1 when none
  // The SGF letters ("dp") of the point the finding is about (a move's point, a point set up
  // twice), empty when none: messages name points the way players do (D4), programs read this.
  std::string point;
};

using Diagnostics = std::vector<Diagnostic>;

bool has_error(const Diagnostics &);

// A diagnostic with no place yet: the caller adds pos, game, node and move where it knows them.
Diagnostic make_diagnostic(Severity, std::string code, std::string message);

} // namespace sgf
