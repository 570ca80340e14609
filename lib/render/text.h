// Text diagrams: ASCII (X Black, O White, '.' empty, '+' star point; marks in Sensei's Library
// letters) and Unicode (● ○ on ┼ lines), with coordinates, move numbers and captions.
#pragma once

#include "lib/render/layout.h"

#include <string>

namespace sgf::render {

enum class TextStyle { ascii, unicode };

// The diagram, one line per board row, each line ending in '\n'; then the captions.
std::string render_text(const Layout &, TextStyle = TextStyle::ascii);

} // namespace sgf::render
