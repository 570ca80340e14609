// Charsets: finding what the bytes of a record are (BOM, CA[...], UTF-8 validity, uchardet) and
// turning them into UTF-8 text with iconv.
#pragma once

#include "lib/report/diagnostic.h"

#include <string>
#include <string_view>

namespace sgf {

struct DecodedText {
  std::string owned;     // the converted text, when a conversion was needed
  std::string_view text; // UTF-8 text: points into `owned` or into the input bytes
  std::string charset;   // what the bytes were read as ("UTF-8", "GB18030", "UTF-16LE", ...)
  Diagnostics diagnostics;
};

// True when no byte of `bytes` is above 0x7F.
bool is_ascii(std::string_view bytes);

// The value of the first CA property in the first game's root node, read from raw bytes of an
// ASCII-compatible charset; empty when there is none.
std::string find_declared_charset(std::string_view bytes);

// The iconv name for a CA value or a detector's answer ("GB2312" → "GB18030",
// "Shift_JIS" → "CP932", ...); empty when iconv does not know it.
std::string iconv_charset_name(std::string_view name);

// What a format says about its charset: SGF may name it in CA; the other formats (GIB, NGF,
// UGF) never do, and hold their text on lines of their own between ASCII lines of moves.
enum class CharsetHints { sgf_ca, none };

// Decodes `bytes` to UTF-8. `forced`, when not empty, overrides CA and detection. With
// CharsetHints::none no CA is looked for, and the detector reads only the lines that hold a
// byte above 0x7F. `likely` (an iconv name), when not empty, is the charset the format's own
// header points to (the client's country in a GIB): bytes that are neither ASCII nor UTF-8 are
// read as it when it decodes every one of them, without the detector, and the note says so as
// it would of the detector's answer; else the detector decides.
DecodedText decode_to_utf8(std::string_view bytes, std::string_view forced = {},
                           CharsetHints hints = CharsetHints::sgf_ca, std::string_view likely = {});

// Converts `bytes` from `charset` (an iconv name) to UTF-8, replacing each undecodable byte with
// U+FFFD. Returns false when iconv does not know the charset. `replaced` counts replacements.
bool convert_to_utf8(std::string_view bytes, const std::string &charset, std::string &out,
                     size_t &replaced);

} // namespace sgf
