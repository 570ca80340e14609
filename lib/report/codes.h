// The documented list of diagnostic codes that the rules engine emits: one plain array shared by
// `sgf check` (--list-codes, messages) and its man page, so the three never disagree.
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

// The rules codes, in documentation order.
std::span<const CodeInfo> rules_codes();

// The entry for `code` among every list above, or nullptr.
const CodeInfo *find_code(std::string_view code);

} // namespace sgf
