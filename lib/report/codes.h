// The documented lists of diagnostic codes that the parser and the rules engine emit: plain
// arrays shared by `sgf check` (--list-codes, --ignore, --select) and its man page.
#pragma once

#include "lib/report/diagnostic.h"

#include <span>
#include <string_view>

namespace sgf {

struct CodeInfo {
  std::string_view code;        // stable kebab-case name, the JSON `code` field
  Severity severity;            // the usual severity (some codes vary with the rule set)
  std::string_view description; // one line
  std::string_view example;     // a record fragment that triggers it
};

// The parser's codes (syntax, charset, limits, unreadable input), in documentation order.
std::span<const CodeInfo> syntax_codes();

// The rules codes, in documentation order.
std::span<const CodeInfo> rules_codes();

// The entry for `code` among every list above, or nullptr.
const CodeInfo *find_code(std::string_view code);

} // namespace sgf
