// Game-information values as text, for file names, sorting and comparing records: the value
// of a property in the root or the first main-line node that has it.
#pragma once

#include "lib/sgf/tree.h"

#include <optional>
#include <string>
#include <string_view>

namespace sgf::collection {

// The value as simple text (escapes resolved, white space as spaces, trimmed), or nullopt when
// no main-line node has it.
std::optional<std::string> game_info(const Game &, std::string_view id);

// A file name from a template: {n} is `number` (at least five digits, so that names sort in
// order), {DT} {PB} {PW} {EV} {RO} (and any other {ID}) the game's values, "unknown" when
// missing. In the values, characters unsafe in file names (/ \ : * ? " < > |, control
// characters, blanks) become '_', as does a leading '.' or '-'; UTF-8 letters are kept. The
// template's own text is kept as it is (a '/' in it names a folder).
std::string file_name_from_template(std::string_view pattern, size_t number, const Game &);

} // namespace sgf::collection
