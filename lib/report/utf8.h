// Well-formed UTF-8, byte by byte: the one test the charset reader, the JSON and the HTML writers
// share.
#pragma once

#include <cstddef>
#include <string_view>

namespace sgf {

// The length (1 to 4) of the well-formed UTF-8 sequence starting at text[i], or 0 when the
// bytes there do not start one (Unicode table 3-7: no overlong forms, no surrogates, nothing
// above U+10FFFF). Inline: the charset reader calls it for every character that is not ASCII.
inline size_t utf8_sequence(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char c = byte(i);
  if (c < 0x80)
    return 1;
  size_t n = 0;
  unsigned char low = 0x80, high = 0xBF; // the range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    low = c == 0xE0 ? 0xA0 : 0x80;
    high = c == 0xED ? 0x9F : 0xBF;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    low = c == 0xF0 ? 0x90 : 0x80;
    high = c == 0xF4 ? 0x8F : 0xBF;
  } else {
    return 0;
  }
  if (i + n > text.size() || byte(i + 1) < low || byte(i + 1) > high)
    return 0;
  for (size_t k = 2; k < n; ++k)
    if ((byte(i + k) & 0xC0) != 0x80)
      return 0;
  return n;
}

// True when `text` is well-formed UTF-8 throughout.
inline bool is_valid_utf8(std::string_view text) {
  for (size_t i = 0, n = 0; i < text.size(); i += n)
    if ((n = utf8_sequence(text, i)) == 0)
      return false;
  return true;
}

} // namespace sgf
