// SVG diagrams, written directly as text (no library): one self-contained <svg> document.
#pragma once

#include "lib/render/layout.h"

#include <string>
#include <string_view>

namespace sgf::render {

// An SVG document `width` pixels wide (and as high as the board window and captions need).
std::string render_svg(const Layout &, int width = 800);

// Text for XML (and HTML) content and double-quoted attribute values: & < > " escaped, the
// control characters XML 1.0 forbids left out.
std::string escape_xml(std::string_view text);

} // namespace sgf::render
