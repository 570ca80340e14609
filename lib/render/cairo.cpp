// cairo back end: a Canvas on a cairo context, and the PNG, JPG and PDF encoders; see cairo.h.
#include "lib/render/cairo.h"

#include "lib/render/draw.h"

#include <array>
#include <cairo-pdf.h>
#include <cairo.h>
#include <climits>
#include <cmath>
#include <csetjmp>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <jpeglib.h>
#include <memory>
#include <pango/pangocairo.h>
#include <png.h>
#include <string>
#include <zlib.h>

namespace sgf::render {

namespace {

struct SurfaceDeleter {
  void operator()(cairo_surface_t *s) const { cairo_surface_destroy(s); }
};
struct ContextDeleter {
  void operator()(cairo_t *c) const { cairo_destroy(c); }
};
struct GObjectDeleter {
  void operator()(void *o) const { g_object_unref(o); }
};
struct FontDeleter {
  void operator()(PangoFontDescription *f) const { pango_font_description_free(f); }
};
struct AttributesDeleter {
  void operator()(PangoAttrList *a) const { pango_attr_list_unref(a); }
};
using Surface = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
using Context = std::unique_ptr<cairo_t, ContextDeleter>;

// The language whose glyph forms Han characters take. Unicode gives Chinese, Japanese and Korean
// Han one code point with different forms in each (Han unification, Unicode ch. 18.1), so the
// text has to say which: kana mean Japanese, Hangul Korean, Han alone Chinese. Nothing for text
// without Han, whose fonts need no hint.
const char *han_language(std::string_view utf8) {
  bool han = false, kana = false, hangul = false;
  for (const char *p = utf8.data(), *end = p + utf8.size(); p < end; p = g_utf8_next_char(p)) {
    const gunichar c = g_utf8_get_char(p);
    kana |= (c >= 0x3041 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF);
    hangul |= (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x1100 && c <= 0x11FF) ||
              (c >= 0x3130 && c <= 0x318F);
    han |= (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3FFFD);
  }
  return kana ? "ja" : hangul ? "ko" : han ? "zh-cn" : nullptr;
}

// Lines of text set by pango: fontconfig finds, character by character, a font that has it
// (DejaVu Sans first, then Noto, Noto Sans CJK for Han, kana and Hangul), and pango shapes the
// result, so every script comes out as its characters and every width is the one drawn.
class TextSetter {
public:
  explicit TextSetter(cairo_t *cr) : cr_(cr), layout_(pango_cairo_create_layout(cr)) {
    pango_layout_set_single_paragraph_mode(layout_.get(), TRUE);
  }

  // Sets the line; `ink` and `logical` receive its rectangles in pixels from the layout's
  // top-left corner (the logical one spans the font's ascent and descent).
  void set(std::string_view utf8, double size, bool bold, PangoRectangle *ink,
           PangoRectangle *logical) {
    // pango wants valid UTF-8 and warns on stderr otherwise; the parsers give UTF-8 already.
    const std::string text = g_utf8_validate(utf8.data(), gssize(utf8.size()), nullptr)
                                 ? std::string(utf8)
                                 : valid_utf8(utf8);
    if (size != size_ || bold != bold_ || !font_) {
      font_.reset(pango_font_description_from_string("DejaVu Sans"));
      pango_font_description_set_weight(font_.get(),
                                        bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
      pango_font_description_set_absolute_size(font_.get(), size * PANGO_SCALE);
      pango_layout_set_font_description(layout_.get(), font_.get());
      size_ = size;
      bold_ = bold;
    }
    const char *language = han_language(text);
    if (language != language_) {
      std::unique_ptr<PangoAttrList, AttributesDeleter> attributes(pango_attr_list_new());
      if (language)
        pango_attr_list_insert(attributes.get(),
                               pango_attr_language_new(pango_language_from_string(language)));
      pango_layout_set_attributes(layout_.get(), attributes.get());
      language_ = language;
    }
    pango_layout_set_text(layout_.get(), text.data(), int(text.size()));
    PangoRectangle i, l;
    pango_layout_get_extents(layout_.get(), &i, &l);
    if (ink)
      *ink = i;
    if (logical)
      *logical = l;
  }

  // Draws the line last set with its layout's top-left corner at (x, y).
  void show(double x, double y) {
    cairo_move_to(cr_, x, y);
    pango_cairo_show_layout(cr_, layout_.get());
    cairo_new_path(cr_);
  }

private:
  static std::string valid_utf8(std::string_view utf8) {
    gchar *fixed = g_utf8_make_valid(utf8.data(), gssize(utf8.size()));
    std::string text(fixed);
    g_free(fixed);
    return text;
  }
  cairo_t *cr_;
  std::unique_ptr<PangoLayout, GObjectDeleter> layout_;
  std::unique_ptr<PangoFontDescription, FontDeleter> font_;
  double size_ = 0;
  bool bold_ = false;
  const char *language_ = nullptr;
};

double pixels(int pango_units) {
  return double(pango_units) / PANGO_SCALE;
}

// Widths for geometry(), measured on an image surface with the raster output's font options.
class TextMeasure {
public:
  TextMeasure()
      : surface_(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1)),
        cr_(cairo_create(surface_.get())), setter_(cr_.get()) {}
  double operator()(std::string_view utf8, double size, bool bold) {
    PangoRectangle logical;
    setter_.set(utf8, size, bold, nullptr, &logical);
    return pixels(logical.width);
  }

private:
  Surface surface_;
  Context cr_;
  TextSetter setter_;
};

class CairoCanvas final : public Canvas {
public:
  // `raster`: stones are drawn once into a small image and copied to whole pixels (a shift of
  // at most half a pixel, invisible, for a third of the drawing time); PDF keeps exact circles.
  CairoCanvas(cairo_t *cr, bool raster) : cr_(cr), raster_(raster), text_(cr) {}

  void stone(double cx, double cy, double r, const Style &s) override {
    if (!raster_ || r < 2) {
      circle(cx, cy, r, s);
      return;
    }
    const Sprite &sprite = sprite_for(r, s);
    const double x = std::round(cx - sprite.half), y = std::round(cy - sprite.half);
    cairo_set_source_surface(cr_, sprite.surface.get(), x, y);
    cairo_rectangle(cr_, x, y, sprite.size, sprite.size);
    cairo_fill(cr_);
  }

  void rect(double x, double y, double w, double h, const Style &s) override {
    cairo_rectangle(cr_, x, y, w, h);
    paint(s);
  }
  void circle(double cx, double cy, double r, const Style &s) override {
    cairo_new_sub_path(cr_);
    cairo_arc(cr_, cx, cy, r, 0, 2 * M_PI);
    paint(s);
  }
  void line(double x1, double y1, double x2, double y2, const Style &s) override {
    cairo_move_to(cr_, x1, y1);
    cairo_line_to(cr_, x2, y2);
    paint(s);
  }
  void polygon(const std::vector<std::pair<double, double>> &points, const Style &s) override {
    for (size_t i = 0; i < points.size(); ++i)
      (i ? cairo_line_to : cairo_move_to)(cr_, points[i].first, points[i].second);
    cairo_close_path(cr_);
    paint(s);
  }
  void text(double x, double y, double size, std::string_view utf8, Rgb c, Anchor anchor,
            bool bold) override {
    PangoRectangle ink, logical;
    text_.set(utf8, size, bold, &ink, &logical);
    // Centre the ink of digits and letters on (x, y); for running text, centre the line's
    // ascent and descent on y.
    double left = x - pixels(logical.x);
    if (anchor == Anchor::middle)
      left = x - pixels(ink.x) - pixels(ink.width) / 2;
    else if (anchor == Anchor::end)
      left = x - pixels(logical.x + logical.width);
    const double top = anchor == Anchor::middle
                           ? y - pixels(ink.y) - pixels(ink.height) / 2
                           : y - pixels(logical.y) - pixels(logical.height) / 2;
    cairo_set_source_rgb(cr_, c.r, c.g, c.b);
    text_.show(left, top);
  }

private:
  void paint(const Style &s) {
    if (s.fill) {
      cairo_set_source_rgba(cr_, s.fill_colour.r, s.fill_colour.g, s.fill_colour.b, s.opacity);
      if (s.stroke_width > 0)
        cairo_fill_preserve(cr_);
      else
        cairo_fill(cr_);
    }
    if (s.stroke_width > 0) {
      cairo_set_source_rgba(cr_, s.stroke_colour.r, s.stroke_colour.g, s.stroke_colour.b,
                            s.opacity);
      cairo_set_line_width(cr_, s.stroke_width);
      cairo_stroke(cr_);
    }
    cairo_new_path(cr_);
  }
  struct Sprite {
    double r;
    Style style;
    int size;
    double half; // from the sprite's corner to the stone's centre
    Surface surface;
  };
  const Sprite &sprite_for(double r, const Style &s) {
    for (const Sprite &sp : sprites_)
      if (sp.r == r && sp.style.fill_colour == s.fill_colour &&
          sp.style.stroke_width == s.stroke_width && sp.style.stroke_colour == s.stroke_colour)
        return sp;
    Sprite sp{r, s, int(std::ceil(2 * r + s.stroke_width + 2)), 0, nullptr};
    sp.half = sp.size / 2.0;
    sp.surface.reset(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, sp.size, sp.size));
    Context cr(cairo_create(sp.surface.get()));
    CairoCanvas inner(cr.get(), false);
    inner.circle(sp.half, sp.half, r, s);
    cairo_surface_flush(sp.surface.get());
    sprites_.push_back(std::move(sp));
    return sprites_.back();
  }
  cairo_t *cr_;
  bool raster_ = false;
  TextSetter text_;
  std::vector<Sprite> sprites_;
};

cairo_status_t append(void *closure, const unsigned char *data, unsigned int length) {
  static_cast<std::string *>(closure)->append(reinterpret_cast<const char *>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

std::string cairo_error(cairo_status_t status) {
  return std::string("cairo: ") + cairo_status_to_string(status);
}

// The diagram on an opaque RGB image surface.
Surface raster(const Layout &layout, int width, std::string &error) {
  TextMeasure measure;
  const Geometry g = geometry(layout, width, std::ref(measure));
  Surface surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, int(g.width), int(g.height)));
  if (auto st = cairo_surface_status(surface.get()); st != CAIRO_STATUS_SUCCESS) {
    error = cairo_error(st);
    return nullptr;
  }
  Context cr(cairo_create(surface.get()));
  CairoCanvas canvas(cr.get(), true);
  draw(canvas, layout, g);
  cairo_surface_flush(surface.get());
  if (auto st = cairo_status(cr.get()); st != CAIRO_STATUS_SUCCESS) {
    error = cairo_error(st);
    return nullptr;
  }
  return surface;
}

// Packed RGB rows from an RGB24 surface (one native-endian uint32 0x00RRGGBB per pixel).
std::string rgb_rows(cairo_surface_t *surface, int &w, int &h) {
  w = cairo_image_surface_get_width(surface);
  h = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char *data = cairo_image_surface_get_data(surface);
  std::string rgb(size_t(w) * size_t(h) * 3, '\0');
  for (int y = 0; y < h; ++y) {
    const auto *row = reinterpret_cast<const uint32_t *>(data + size_t(y) * size_t(stride));
    unsigned char *o = reinterpret_cast<unsigned char *>(rgb.data()) + size_t(y) * size_t(w) * 3;
    for (int x = 0; x < w; ++x) {
      const uint32_t p = row[x];
      o[3 * x] = (p >> 16) & 0xFF;
      o[3 * x + 1] = (p >> 8) & 0xFF;
      o[3 * x + 2] = p & 0xFF;
    }
  }
  return rgb;
}

// Maps the pixels of a diagram to the palette of draw.h: each distinct colour once to its
// nearest palette entry, then by a small hash table (a diagram has a few thousand colours).
class Quantizer {
public:
  Quantizer() {
    for (const Rgb &c : render::palette())
      colours_.push_back(
          {int(std::lround(c.r * 255)), int(std::lround(c.g * 255)), int(std::lround(c.b * 255))});
    keys_.assign(table_size, 0);
    values_.assign(table_size, 0);
  }
  const std::vector<std::array<int, 3>> &colours() const { return colours_; }

  uint8_t index(uint32_t rgb) {
    const uint32_t key = (rgb & 0xFFFFFF) + 1; // 0 marks an empty slot
    uint32_t slot = (key * 2654435761u) >> (32 - table_bits);
    for (int probe = 0; probe < 64; ++probe, slot = (slot + 1) & (table_size - 1)) {
      if (keys_[slot] == key)
        return values_[slot];
      if (keys_[slot] == 0) {
        keys_[slot] = key;
        return values_[slot] = nearest(rgb);
      }
    }
    return nearest(rgb);
  }

private:
  static constexpr int table_bits = 14;
  static constexpr uint32_t table_size = 1u << table_bits;
  uint8_t nearest(uint32_t rgb) const {
    const int r = int(rgb >> 16 & 0xFF), g = int(rgb >> 8 & 0xFF), b = int(rgb & 0xFF);
    int best = 0, best_d = INT32_MAX;
    for (size_t i = 0; i < colours_.size(); ++i) {
      const int dr = r - colours_[i][0], dg = g - colours_[i][1], db = b - colours_[i][2];
      const int d = dr * dr + dg * dg + db * db;
      if (d < best_d) {
        best_d = d;
        best = int(i);
      }
    }
    return uint8_t(best);
  }
  std::vector<std::array<int, 3>> colours_;
  std::vector<uint32_t> keys_;
  std::vector<uint8_t> values_;
};

// Palette indices of an RGB24 surface, row after row.
std::string indexed_rows(cairo_surface_t *surface, Quantizer &q, int &w, int &h) {
  w = cairo_image_surface_get_width(surface);
  h = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char *data = cairo_image_surface_get_data(surface);
  std::string out(size_t(w) * size_t(h), '\0');
  uint32_t last = 0xFFFFFFFF;
  uint8_t last_index = 0;
  for (int y = 0; y < h; ++y) {
    const auto *row = reinterpret_cast<const uint32_t *>(data + size_t(y) * size_t(stride));
    char *o = out.data() + size_t(y) * size_t(w);
    for (int x = 0; x < w; ++x) {
      const uint32_t p = row[x] & 0xFFFFFF;
      if (p != last) {
        last = p;
        last_index = q.index(p);
      }
      o[x] = char(last_index);
    }
  }
  return out;
}

void png_append(png_structp png, png_bytep data, png_size_t length) {
  static_cast<std::string *>(png_get_io_ptr(png))
      ->append(reinterpret_cast<const char *>(data), length);
}
void png_no_flush(png_structp) {}

struct PngError {
  std::jmp_buf jump;
  char message[200];
};

void png_fail(png_structp png, png_const_charp message) {
  auto *err = static_cast<PngError *>(png_get_error_ptr(png));
  std::snprintf(err->message, sizeof err->message, "%s", message);
  std::longjmp(err->jump, 1);
}

// libpng with fast settings: cairo's own writer uses level 6 and adaptive filters, three times
// slower for flat-coloured diagrams whose files are barely smaller. Kept free of objects with
// destructors because of longjmp.
bool compress_png(const unsigned char *pixels, int width, int height, const png_color *colours,
                  int n_colours, std::string *out, char *message) {
  PngError err;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &err, png_fail, nullptr);
  if (!png) {
    std::snprintf(message, 200, "cannot start libpng");
    return false;
  }
  png_infop info = png_create_info_struct(png);
  if (setjmp(err.jump)) {
    std::snprintf(message, 200, "%s", err.message);
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_set_write_fn(png, out, png_append, png_no_flush);
  png_set_IHDR(png, info, png_uint_32(width), png_uint_32(height), 8, PNG_COLOR_TYPE_PALETTE,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_PLTE(png, info, colours, n_colours);
  png_set_compression_level(png, 1);
  png_set_compression_strategy(png, Z_RLE); // palette indices: long runs of one byte
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_write_info(png, info);
  for (int y = 0; y < height; ++y)
    png_write_row(png, const_cast<png_bytep>(pixels) + size_t(y) * size_t(width));
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return true;
}

struct JpegError {
  jpeg_error_mgr mgr;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

void jpeg_fail(j_common_ptr info) {
  auto *err = reinterpret_cast<JpegError *>(info->err);
  info->err->format_message(info, err->message);
  std::longjmp(err->jump, 1);
}

// Compresses packed RGB rows; kept free of objects with destructors because of longjmp.
bool compress_jpeg(const unsigned char *rgb, int width, int height, int quality,
                   unsigned char **out, unsigned long *out_size, char *message) {
  jpeg_compress_struct info;
  JpegError err;
  info.err = jpeg_std_error(&err.mgr);
  err.mgr.error_exit = jpeg_fail;
  if (setjmp(err.jump)) {
    std::snprintf(message, JMSG_LENGTH_MAX, "%s", err.message);
    jpeg_destroy_compress(&info);
    return false;
  }
  jpeg_create_compress(&info);
  jpeg_mem_dest(&info, out, out_size);
  info.image_width = JDIMENSION(width);
  info.image_height = JDIMENSION(height);
  info.input_components = 3;
  info.in_color_space = JCS_RGB;
  jpeg_set_defaults(&info);
  jpeg_set_quality(&info, quality, TRUE);
  jpeg_start_compress(&info, TRUE);
  while (info.next_scanline < info.image_height) {
    JSAMPROW row =
        const_cast<unsigned char *>(rgb) + size_t(info.next_scanline) * size_t(width) * 3;
    jpeg_write_scanlines(&info, &row, 1);
  }
  jpeg_finish_compress(&info);
  jpeg_destroy_compress(&info);
  return true;
}

} // namespace

Encoded render_png(const Layout &layout, int width) {
  Encoded result;
  Surface surface = raster(layout, width, result.error);
  if (!surface)
    return result;
  Quantizer q;
  int w = 0, h = 0;
  const std::string pixels = indexed_rows(surface.get(), q, w, h);
  std::vector<png_color> colours;
  for (const auto &c : q.colours())
    colours.push_back({png_byte(c[0]), png_byte(c[1]), png_byte(c[2])});
  char message[200] = {};
  if (!compress_png(reinterpret_cast<const unsigned char *>(pixels.data()), w, h, colours.data(),
                    int(colours.size()), &result.bytes, message)) {
    result.bytes.clear();
    result.error = std::string("png: ") + message;
  }
  return result;
}

Encoded render_jpg(const Layout &layout, int width, int quality) {
  Encoded result;
  Surface surface = raster(layout, width, result.error);
  if (!surface)
    return result;
  int w = 0, h = 0;
  const std::string rgb = rgb_rows(surface.get(), w, h);
  unsigned char *out = nullptr;
  unsigned long size = 0;
  char message[JMSG_LENGTH_MAX] = {};
  const bool ok = compress_jpeg(reinterpret_cast<const unsigned char *>(rgb.data()), w, h, quality,
                                &out, &size, message);
  if (ok)
    result.bytes.assign(reinterpret_cast<const char *>(out), size);
  else
    result.error = std::string("jpeg: ") + message;
  std::free(out);
  return result;
}

Encoded render_pdf(const std::vector<Layout> &layouts, int width) {
  Encoded result;
  if (layouts.empty()) {
    result.error = "no diagram to draw";
    return result;
  }
  TextMeasure measure;
  const Geometry first = geometry(layouts.front(), width, std::ref(measure));
  Surface surface(
      cairo_pdf_surface_create_for_stream(append, &result.bytes, first.width, first.height));
  {
    Context cr(cairo_create(surface.get()));
    for (const Layout &layout : layouts) {
      const Geometry g = geometry(layout, width, std::ref(measure));
      cairo_pdf_surface_set_size(surface.get(), g.width, g.height);
      CairoCanvas canvas(cr.get(), false);
      draw(canvas, layout, g);
      cairo_show_page(cr.get());
    }
    if (auto st = cairo_status(cr.get()); st != CAIRO_STATUS_SUCCESS)
      result.error = cairo_error(st);
  }
  cairo_surface_finish(surface.get());
  if (auto st = cairo_surface_status(surface.get());
      result.error.empty() && st != CAIRO_STATUS_SUCCESS)
    result.error = cairo_error(st);
  return result;
}

} // namespace sgf::render
