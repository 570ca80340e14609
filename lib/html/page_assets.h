// The style sheet and the script the report page carries inline (the page must open from disk
// with no network: no external file of any kind).
#pragma once

#include <string_view>

namespace sgf::html {

// CSS for the summary, the games table and the diagrams; system fonts only, so that names in
// every script show in whatever font the reader's system has for them.
std::string_view page_css();

// JavaScript that only adds to a page readable without it: sorting the games table by a column,
// filtering its rows, and stepping each diagram to the position before or after the finding.
std::string_view page_script();

} // namespace sgf::html
