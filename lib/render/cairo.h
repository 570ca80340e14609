// Raster and print diagrams through cairo: PNG, JPG (cairo's image surface compressed by
// libjpeg-turbo) and PDF (one page per diagram).
#pragma once

#include "lib/render/layout.h"

#include <string>
#include <vector>

namespace sgf::render {

// Encoded bytes, or the reason there are none.
struct Encoded {
  std::string bytes;
  std::string error; // empty on success
  bool ok() const { return error.empty(); }
};

Encoded render_png(const Layout &, int width);
Encoded render_jpg(const Layout &, int width, int quality = 90);
// One page per layout, each page `width` points wide.
Encoded render_pdf(const std::vector<Layout> &, int width);

} // namespace sgf::render
