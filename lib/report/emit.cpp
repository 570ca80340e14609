#include "lib/report/emit.h"

#include <boost/archive/iterators/base64_from_binary.hpp>
#include <boost/archive/iterators/transform_width.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace sgf {

namespace {

const char *colour_of(Severity severity) {
  switch (severity) {
  case Severity::note:
    return "\x1b[1;36m";
  case Severity::warning:
    return "\x1b[1;35m";
  case Severity::error:
    return "\x1b[1;31m";
  }
  return "";
}

nlohmann::json or_null(int value) {
  return value < 0 ? nlohmann::json() : nlohmann::json(value);
}

// The length of the control character at text[i] (C0, DEL, or C1 encoded in UTF-8), 0 if none.
size_t control_at(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  if (byte(i) < 0x20 || byte(i) == 0x7F)
    return 1;
  return byte(i) == 0xC2 && i + 1 < text.size() && byte(i + 1) >= 0x80 && byte(i + 1) <= 0x9F ? 2
                                                                                              : 0;
}

} // namespace

std::string shown(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const size_t n = control_at(text, i);
    if (n == 0) {
      out += text[i++];
      continue;
    }
    const unsigned code = static_cast<unsigned char>(text[i + n - 1]);
    if (code == '\n' || code == '\t' || code == '\r')
      out += code == '\n' ? "\\n" : code == '\t' ? "\\t" : "\\r";
    else if (n == 1)
      out += fmt::format("\\x{:02x}", code);
    else
      out += fmt::format("\\u{:04x}", code);
    i += n;
  }
  return out;
}

std::string format_text(std::string_view file, const Diagnostic &d, bool colour) {
  std::string place = shown(file);
  if (d.pos.known())
    place += fmt::format(":{}:{}", d.pos.line, d.pos.col);
  if (colour)
    return fmt::format("\x1b[1m{}:\x1b[0m {}{}\x1b[0m[{}]: {}\n", place, colour_of(d.severity),
                       to_string(d.severity), d.code, shown(d.message));
  return fmt::format("{}: {}[{}]: {}\n", place, to_string(d.severity), d.code, shown(d.message));
}

std::string format_json(std::string_view file, const Diagnostic &d) {
  nlohmann::json j = {
      {"file", file},
      {"game", or_null(d.game)},
      {"node", or_null(d.node)},
      {"move", or_null(d.move)},
      {"point", d.point.empty() ? nlohmann::json() : nlohmann::json(d.point)},
      {"line", d.pos.known() ? nlohmann::json(d.pos.line) : nlohmann::json()},
      {"col", d.pos.known() ? nlohmann::json(d.pos.col) : nlohmann::json()},
      {"severity", to_string(d.severity)},
      {"code", d.code},
      {"message", d.message},
  };
  add_file_bytes(j, file);
  return json_line(j);
}

std::string format_diagnostic(std::string_view file, const Diagnostic &d, bool json, bool colour) {
  return json ? format_json(file, d) : format_text(file, d, colour);
}

std::string base64(std::string_view bytes) {
  using namespace boost::archive::iterators;
  using Encoder = base64_from_binary<transform_width<std::string_view::const_iterator, 6, 8>>;
  std::string out(Encoder(bytes.begin()), Encoder(bytes.end()));
  out.append((3 - bytes.size() % 3) % 3, '=');
  return out;
}

std::string tsv_cell(std::string_view text) {
  std::string out(text);
  for (char &c : out)
    if (c == '\t' || c == '\n' || c == '\r')
      c = ' ';
  return shown(out);
}

} // namespace sgf
