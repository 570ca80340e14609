// --charset, for the commands that read records and show their text (check, info, score): the
// input charset forced on every record, whatever its CA says.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sgf::tools {

// Adds --charset NAME, stored in `charset` (empty: CA, then detection). A name iconv does not
// know is not a usage error: each record says so (charset-unknown) and is read as usual.
void add_charset_option(CLI::App &, std::string &charset);

} // namespace sgf::tools
