// SVG diagrams, written directly as text (no library): one self-contained <svg> document.
#pragma once

#include "lib/render/layout.h"

#include <string>

namespace sgf::render {

// An SVG document `width` pixels wide (and as high as the board window and captions need).
std::string render_svg(const Layout &, int width = 800);

} // namespace sgf::render
