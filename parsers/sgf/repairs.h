// Which of the reader's repairs drop part of the input, so that a record written back after
// one of them no longer holds everything its file held (`sgf fmt --in-place` refuses to lose it).
#pragma once

#include "lib/report/diagnostic.h"

namespace sgf {

// True for the repairs that ignore bytes of the input (text before, between and after the
// games, stray characters, values without an identifier, identifiers without a value or longer
// than the limit with their values, bytes replaced with U+FFFD) and for a summary of
// diagnostics not shown, which may hide such a repair. Repairs that only add or reorder (a
// missing ';' or ')', an extra '(', an empty "()", a node after a variation, lowercase letters
// of FF[1]-FF[3] identifiers, which those formats say to ignore) keep every byte of content.
bool drops_content(const Diagnostic &);

} // namespace sgf
