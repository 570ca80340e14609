// SVG back end: a Canvas that appends elements to a string; see svg.h.
#include "lib/render/svg.h"

#include "lib/render/draw.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <iterator>

namespace sgf::render {

namespace {

void append_escaped(std::string &out, std::string_view s) {
  for (char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      // Control characters are not allowed in XML 1.0.
      if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n')
        out += c;
    }
  }
}

class SvgCanvas final : public Canvas {
public:
  explicit SvgCanvas(std::string &out) : out_(out) {}

  void rect(double x, double y, double w, double h, const Style &s) override {
    fmt::format_to(std::back_inserter(out_),
                   "<rect x=\"{:.2f}\" y=\"{:.2f}\" width=\"{:.2f}\" height=\"{:.2f}\"", x, y, w,
                   h);
    style(s);
  }
  void circle(double cx, double cy, double r, const Style &s) override {
    fmt::format_to(std::back_inserter(out_), "<circle cx=\"{:.2f}\" cy=\"{:.2f}\" r=\"{:.2f}\"", cx,
                   cy, r);
    style(s);
  }
  void line(double x1, double y1, double x2, double y2, const Style &s) override {
    fmt::format_to(std::back_inserter(out_),
                   "<line x1=\"{:.2f}\" y1=\"{:.2f}\" x2=\"{:.2f}\" y2=\"{:.2f}\"", x1, y1, x2, y2);
    style(s);
  }
  void polygon(const std::vector<std::pair<double, double>> &points, const Style &s) override {
    out_ += "<polygon points=\"";
    for (size_t i = 0; i < points.size(); ++i)
      fmt::format_to(std::back_inserter(out_), "{}{:.2f},{:.2f}", i ? " " : "", points[i].first,
                     points[i].second);
    out_ += "\"";
    style(s);
  }
  void text(double x, double y, double size, std::string_view utf8, Rgb colour, Anchor anchor,
            bool bold) override {
    const char *a = anchor == Anchor::start ? "start" : anchor == Anchor::end ? "end" : "middle";
    fmt::format_to(std::back_inserter(out_),
                   "<text x=\"{:.2f}\" y=\"{:.2f}\" font-size=\"{:.2f}\" text-anchor=\"{}\" "
                   "dominant-baseline=\"central\" fill=\"{}\"{}>",
                   x, y, size, a, hex(colour), bold ? " font-weight=\"bold\"" : "");
    append_escaped(out_, utf8);
    out_ += "</text>\n";
  }

private:
  void style(const Style &s) {
    out_ += s.fill ? " fill=\"" + hex(s.fill_colour) + "\"" : std::string(" fill=\"none\"");
    if (s.stroke_width > 0)
      fmt::format_to(std::back_inserter(out_), " stroke=\"{}\" stroke-width=\"{:.2f}\"",
                     hex(s.stroke_colour), s.stroke_width);
    if (s.role)
      fmt::format_to(std::back_inserter(out_), " class=\"{}\"", s.role);
    if (s.opacity < 1)
      fmt::format_to(std::back_inserter(out_), " opacity=\"{:.2f}\"", s.opacity);
    out_ += "/>\n";
  }
  std::string &out_;
};

} // namespace

std::string escape_xml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_escaped(out, text);
  return out;
}

std::string render_svg(const Layout &layout, int width) {
  const Geometry g = geometry(layout, width);
  std::string out;
  out.reserve(64 * layout.cells.size() + 4096);
  fmt::format_to(std::back_inserter(out),
                 "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
                 "viewBox=\"0 0 {0} {1}\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n",
                 int(g.width), int(g.height));
  SvgCanvas canvas(out);
  draw(canvas, layout, g);
  out += "</svg>\n";
  return out;
}

} // namespace sgf::render
