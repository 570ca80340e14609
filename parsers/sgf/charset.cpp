#include "parsers/sgf/charset.h"

#include "lib/report/utf8.h"
#include "lib/sgf/text.h"
#include "parsers/sgf/binary.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <iconv.h>
#include <memory>
#include <uchardet/uchardet.h>

namespace sgf {
namespace {

// utf8_sequence at the start of the bytes [p, end).
size_t sequence_at(const unsigned char *p, const unsigned char *end) {
  return utf8_sequence({reinterpret_cast<const char *>(p), static_cast<size_t>(end - p)}, 0);
}

// A character of three bytes whose continuation bytes, one or both, a lossy converter replaced
// with '?' (E9 3F 92): no legacy double-byte charset has '?' as a trailing byte.
bool questioned_sequence(const unsigned char *p, const unsigned char *end) {
  auto cont_or_question = [](unsigned char b) { return (b & 0xC0) == 0x80 || b == '?'; };
  return *p >= 0xE0 && *p <= 0xEF && end - p >= 3 && cont_or_question(p[1]) &&
         cont_or_question(p[2]) && (p[1] == '?' || p[2] == '?');
}

struct Utf8Stats {
  size_t multibyte = 0;  // well-formed sequences of 2 to 4 bytes
  size_t three_byte = 0; // of which 3 bytes long (every CJK character)
  size_t questioned = 0; // characters with '?' for continuation bytes (questioned_sequence)
  size_t truncated = 0;  // a lead byte with too few continuation bytes: a character cut in half
  size_t invalid = 0;    // other bytes that start no well-formed sequence
  bool ascii = true;
  bool valid() const { return questioned == 0 && truncated == 0 && invalid == 0; }
};

// The continuation bytes after the lead byte at `p` when they are fewer than it announces
// (0 when the sequence is not such a cut one).
size_t cut_sequence(const unsigned char *p, const unsigned char *end) {
  unsigned char c = *p;
  size_t need = c >= 0xC2 && c <= 0xDF   ? 1
                : c >= 0xE0 && c <= 0xEF ? 2
                : c >= 0xF0 && c <= 0xF4 ? 3
                                         : 0;
  size_t k = 0;
  while (k < need && p + 1 + k < end && (p[1 + k] & 0xC0) == 0x80)
    ++k;
  return k < need ? k + 1 : 0;
}

// The offset of the first byte above 0x7F at or after `from`, or the size when there is none.
size_t next_non_ascii(std::string_view bytes, size_t from) {
  auto p = reinterpret_cast<const unsigned char *>(bytes.data()) + from;
  auto end = reinterpret_cast<const unsigned char *>(bytes.data()) + bytes.size();
  // Four words at a time while no high bit is found, then the word that holds it.
  while (end - p >= 32) {
    uint64_t words[4];
    std::memcpy(words, p, 32);
    if ((words[0] | words[1] | words[2] | words[3]) & 0x8080808080808080ull)
      break;
    p += 32;
  }
  while (end - p >= 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    if (word & 0x8080808080808080ull)
      break;
    p += 8;
  }
  while (p < end && *p < 0x80)
    ++p;
  return static_cast<size_t>(p - reinterpret_cast<const unsigned char *>(bytes.data()));
}

Utf8Stats utf8_stats(std::string_view bytes) {
  Utf8Stats stats;
  const auto *base = reinterpret_cast<const unsigned char *>(bytes.data());
  auto p = base;
  auto end = p + bytes.size();
  while (p < end) {
    p = base +
        next_non_ascii(bytes, static_cast<size_t>(p - base)); // runs of ASCII: the common case
    if (p == end)
      break;
    stats.ascii = false;
    size_t n = sequence_at(p, end);
    if (n == 0) {
      if (questioned_sequence(p, end)) {
        ++stats.questioned;
        p += 3;
      } else if (size_t cut = cut_sequence(p, end)) {
        ++stats.truncated;
        p += cut;
      } else {
        ++stats.invalid;
        ++p;
      }
    } else {
      ++stats.multibyte;
      stats.three_byte += n == 3;
      p += n;
    }
  }
  return stats;
}

// Copies UTF-8 text, replacing each maximal ill-formed subsequence with U+FFFD.
size_t repair_utf8(std::string_view bytes, std::string &out) {
  size_t replaced = 0;
  out.clear();
  out.reserve(bytes.size() + 16);
  auto p = reinterpret_cast<const unsigned char *>(bytes.data());
  auto end = p + bytes.size();
  while (p < end) {
    size_t n = sequence_at(p, end);
    if (n) {
      out.append(reinterpret_cast<const char *>(p), n);
      p += n;
      continue;
    }
    ++replaced;
    out += "\xEF\xBF\xBD";
    if (questioned_sequence(p, end)) {
      p += 3;
      continue;
    }
    // Skip the continuation bytes of the cut sequence too: one U+FFFD per broken character.
    ++p;
    while (p < end && (*p & 0xC0) == 0x80)
      ++p;
  }
  return replaced;
}

// A charset name from the raw bytes, safe to put in a UTF-8 message.
std::string printable(std::string_view raw) {
  std::string s;
  for (char c : raw.substr(0, 40))
    s += c >= 0x20 && c < 0x7F ? c : '?';
  return s;
}

bool iconv_knows(const std::string &name) {
  iconv_t cd = iconv_open("UTF-8", name.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1))
    return false;
  iconv_close(cd);
  return true;
}

// Charsets whose ASCII-only bytes do not mean ASCII text.
bool needs_conversion_even_if_ascii(const std::string &name) {
  return name.starts_with("ISO-2022") || name == "UTF-7" || name == "HZ" ||
         name.starts_with("UTF-16") || name.starts_with("UTF-32");
}

std::string detect(std::string_view bytes) {
  std::unique_ptr<std::remove_pointer_t<uchardet_t>, void (*)(uchardet_t)> ud(uchardet_new(),
                                                                              uchardet_delete);
  if (!ud)
    return {};
  // A record's first 64 KiB say enough about its charset.
  std::string_view sample = bytes.substr(0, 64 << 10);
  if (uchardet_handle_data(ud.get(), sample.data(), sample.size()) != 0)
    return {};
  uchardet_data_end(ud.get());
  const char *name = uchardet_get_charset(ud.get());
  return name ? std::string(name) : std::string();
}

// The line that holds the byte at `at`, with its newline, as [start, end): it starts after the
// last '\n' before `at`, but not before `from` (a line start).
std::pair<size_t, size_t> line_around(std::string_view bytes, size_t from, size_t at) {
  size_t start = bytes.substr(from, at - from).rfind('\n');
  start = start == std::string_view::npos ? from : from + start + 1;
  size_t end = bytes.find('\n', at);
  end = end == std::string_view::npos ? bytes.size() : end + 1;
  return {start, end};
}

// The lines that hold a byte above 0x7F, each with its newline: all that tells one charset
// from another in a record whose other lines are ASCII, for a detector that reads every byte.
std::string non_ascii_lines(std::string_view bytes) {
  std::string lines;
  for (size_t done = 0; done < bytes.size();) {
    const size_t high = next_non_ascii(bytes, done);
    if (high == bytes.size())
      break;
    const auto [start, end] = line_around(bytes, done, high);
    lines += bytes.substr(start, end - start);
    done = end;
  }
  return lines;
}

// UTF-16 without a BOM: an SGF record is mostly ASCII, so half of its bytes are NUL, all at even
// (big-endian) or all at odd (little-endian) offsets; unless the bytes open a game tree in 8-bit
// text, whatever NUL bytes its values hold.
std::string guess_utf16(std::string_view bytes) {
  if (opens_game_tree(bytes))
    return {};
  size_t n = std::min<size_t>(bytes.size(), 512) & ~size_t(1);
  if (n < 4)
    return {};
  size_t even = 0, odd = 0;
  for (size_t i = 0; i < n; i += 2) {
    even += bytes[i] == 0;
    odd += bytes[i + 1] == 0;
  }
  size_t pairs = n / 2;
  if (odd * 10 >= pairs * 7 && even * 10 < pairs)
    return "UTF-16LE";
  if (even * 10 >= pairs * 7 && odd * 10 < pairs)
    return "UTF-16BE";
  return {};
}

// Detector answers that fit Go records; others (Thai, Greek, Hebrew, ...) are usually a
// detector lost on a short Shift_JIS or GBK text.
bool plausible_guess(const std::string &name) {
  return name == "GB18030" || name == "CP950" || name == "CP932" || name == "CP949" ||
         name == "EUC-JP" || name == "EUC-TW" || name.starts_with("WINDOWS-125") ||
         name == "ISO-8859-1" || name == "ISO-8859-15" || name == "ISO-8859-2" ||
         name == "ISO-8859-5" || name == "MACINTOSH" || name.starts_with("UTF-16") ||
         name.starts_with("ISO-2022") || name == "KOI8-R" || name == "IBM866";
}

// Shift_JIS or GBK, from the byte pairs: Shift_JIS kana and most kanji have a lead byte of
// 0x81-0x9F and a trail byte below 0xA1, where GB2312 text (the bulk of GBK records) keeps both
// bytes at 0xA1 and above.
std::string guess_double_byte(std::string_view bytes) {
  size_t sjis = 0, euc = 0;
  for (size_t i = 0; i + 1 < bytes.size(); ++i) {
    auto lead = static_cast<unsigned char>(bytes[i]);
    auto trail = static_cast<unsigned char>(bytes[i + 1]);
    if (lead < 0x81)
      continue;
    if (lead <= 0x9F && trail >= 0x40 && trail < 0xA1)
      ++sjis;
    else if (lead >= 0xA1 && trail >= 0xA1)
      ++euc;
    ++i;
  }
  return sjis > euc ? "CP932" : "GB18030";
}

} // namespace

bool is_ascii(std::string_view bytes) {
  return next_non_ascii(bytes, 0) == bytes.size();
}

std::string find_declared_charset(std::string_view bytes) {
  // Skip to the first game, then read the identifiers of its root node (up to the second ';'
  // or any parenthesis), skipping over values.
  size_t i = 0, n = bytes.size();
  for (; i + 1 < n; ++i) {
    if (bytes[i] != '(')
      continue;
    size_t j = i + 1;
    while (j < n && (bytes[j] == ' ' || bytes[j] == '\t' || bytes[j] == '\r' || bytes[j] == '\n'))
      ++j;
    if (j < n && bytes[j] == ';') {
      i = j + 1;
      break;
    }
  }
  if (i >= n)
    return {};
  std::string id;
  while (i < n) {
    char c = bytes[i];
    if (c == '[') {
      size_t start = ++i;
      while (i < n && bytes[i] != ']')
        i += bytes[i] == '\\' ? 2 : 1;
      if (id == "CA")
        return std::string(trim(bytes.substr(start, std::min(i, n) - start)));
      ++i;
      // Further values of the same property keep `id`.
      continue;
    }
    if (c == ';' || c == '(' || c == ')')
      break;
    if (c >= 'A' && c <= 'Z') {
      // A new identifier starts after a value or whitespace; lowercase letters are dropped.
      if (i > 0 && !((bytes[i - 1] >= 'A' && bytes[i - 1] <= 'Z') ||
                     (bytes[i - 1] >= 'a' && bytes[i - 1] <= 'z')))
        id.clear();
      id += c;
    } else if (!(c >= 'a' && c <= 'z') && c != ' ' && c != '\t' && c != '\r' && c != '\n') {
      id.clear();
    }
    ++i;
  }
  return {};
}

std::string iconv_charset_name(std::string_view raw) {
  std::string name = ascii_upper(trim(raw));
  // iconv is lenient with names (it drops characters it does not expect): only plain ones pass.
  if (name.empty() || name.size() > 40 || !std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
               c == '.' || c == ':';
      }))
    return {};
  if (name == "UTF-8" || name == "UTF8" || name == "UTF_8")
    return "UTF-8";
  if (name == "GB2312" || name == "GBK" || name == "GB18030" || name == "EUC-CN" ||
      name == "EUCCN" || name == "CP936" || name == "GB_2312-80" || name == "X-GBK" ||
      name == "CHINESE")
    return "GB18030";
  if (name == "BIG5" || name == "BIG-5" || name == "CP950" || name == "BIG5-HKSCS" ||
      name == "X-BIG5")
    return "CP950";
  if (name == "SHIFT_JIS" || name == "SHIFT-JIS" || name == "SJIS" || name == "MS_KANJI" ||
      name == "CP932" || name == "WINDOWS-31J" || name == "X-SJIS" || name == "MS932")
    return "CP932";
  if (name == "EUC-KR" || name == "EUCKR" || name == "UHC" || name == "CP949" ||
      name == "KS_C_5601-1987" || name == "KSC5601" || name == "KS_C_5601")
    return "CP949";
  if (name == "LATIN1" || name == "LATIN-1" || name == "ISO8859-1" || name == "ISO-8859-1" ||
      name == "ISO_8859-1" || name == "L1")
    return "ISO-8859-1";
  if (name == "MACROMAN" || name == "MAC" || name == "MACINTOSH" || name == "X-MAC-ROMAN")
    return "MACINTOSH";
  if (name == "UTF16LE")
    return "UTF-16LE";
  if (name == "UTF16BE")
    return "UTF-16BE";
  if (name == "UTF16")
    return "UTF-16";
  if (name == "ASCII" || name == "US-ASCII")
    return "UTF-8"; // a superset that reads the same bytes the same way
  if (name.starts_with("CP125") && name.size() == 6)
    name = "WINDOWS-125" + name.substr(5);
  return iconv_knows(name) ? name : std::string();
}

namespace {

// Converts `bytes` with an open descriptor, writing at out[used...] and growing `out` as needed;
// each undecodable byte becomes U+FFFD.
void iconv_append(iconv_t cd, std::string_view bytes, std::string &out, size_t &used,
                  size_t &replaced) {
  char *in = const_cast<char *>(bytes.data());
  size_t in_left = bytes.size();
  while (true) {
    char *dst = out.data() + used;
    size_t dst_left = out.size() - used;
    size_t r = iconv(cd, in_left ? &in : nullptr, in_left ? &in_left : nullptr, &dst, &dst_left);
    used = out.size() - dst_left;
    if (r != static_cast<size_t>(-1)) {
      if (in_left == 0)
        break;
      continue;
    }
    if (errno == E2BIG) {
      out.resize(out.size() * 2);
      continue;
    }
    // EILSEQ or EINVAL (a sequence cut by the end): one U+FFFD, then go on after the byte.
    if (out.size() - used < 3)
      out.resize(out.size() * 2);
    std::memcpy(out.data() + used, "\xEF\xBF\xBD", 3);
    used += 3;
    ++replaced;
    if (in_left == 0)
      break;
    ++in;
    --in_left;
    if (in_left == 0)
      break;
  }
}

// Charsets without shift states that read every ASCII byte as itself and never hold a line feed
// inside a multibyte character: a line of ASCII bytes converts to itself, whatever is around it.
bool ascii_transparent(const std::string &charset) {
  return charset == "GB18030" || charset == "CP949" || charset == "CP950" || charset == "CP932" ||
         charset == "EUC-JP" || charset == "EUC-TW" || charset == "ISO-8859-1";
}

} // namespace

bool convert_to_utf8(std::string_view bytes, const std::string &charset, std::string &out,
                     size_t &replaced) {
  replaced = 0;
  if (charset == "UTF-8") {
    replaced = repair_utf8(bytes, out);
    return true;
  }
  iconv_t cd = iconv_open("UTF-8", charset.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1))
    return false;
  out.clear();
  out.resize(bytes.size() * 2 + 64);
  size_t used = 0;
  if (!ascii_transparent(charset) || bytes.empty()) {
    iconv_append(cd, bytes, out, used, replaced);
  } else {
    // Records are mostly ASCII lines of moves: those are copied, and iconv reads only the lines
    // that hold a byte above 0x7F.
    auto copy = [&](std::string_view ascii) {
      if (out.size() - used < ascii.size())
        out.resize(std::max(out.size() * 2, used + ascii.size()));
      std::memcpy(out.data() + used, ascii.data(), ascii.size());
      used += ascii.size();
    };
    for (size_t done = 0; done < bytes.size();) {
      const size_t high = next_non_ascii(bytes, done);
      if (high == bytes.size()) {
        copy(bytes.substr(done));
        break;
      }
      const auto [start, end] = line_around(bytes, done, high);
      copy(bytes.substr(done, start - done));
      iconv_append(cd, bytes.substr(start, end - start), out, used, replaced);
      done = end;
    }
  }
  iconv_close(cd);
  out.resize(used);
  return true;
}

DecodedText decode_to_utf8(std::string_view bytes, std::string_view forced, CharsetHints hints,
                           std::string_view likely) {
  DecodedText result;
  auto finish_as_utf8 = [&](std::string_view text) {
    Utf8Stats stats = utf8_stats(text);
    result.charset = "UTF-8";
    if (stats.valid()) {
      result.text = text;
      return;
    }
    size_t replaced = repair_utf8(text, result.owned);
    result.text = result.owned;
    result.diagnostics.push_back(make_diagnostic(
        Severity::warning, "invalid-utf8",
        std::to_string(replaced) +
            " ill-formed UTF-8 sequence(s) (characters cut in half?) replaced with U+FFFD"));
  };
  auto convert = [&](std::string_view data, const std::string &charset) {
    size_t replaced = 0;
    convert_to_utf8(data, charset, result.owned, replaced);
    result.text = result.owned;
    result.charset = charset;
    if (replaced)
      result.diagnostics.push_back(make_diagnostic(Severity::warning, "invalid-bytes",
                                                   std::to_string(replaced) +
                                                       " byte sequence(s) invalid in " + charset +
                                                       " replaced with U+FFFD"));
    return replaced;
  };

  // Byte order marks.
  if (bytes.starts_with("\xEF\xBB\xBF")) {
    finish_as_utf8(bytes.substr(3));
    return result;
  }
  if (bytes.starts_with("\xFF\xFE") || bytes.starts_with("\xFE\xFF")) {
    convert(bytes.substr(2), bytes[0] == '\xFF' ? "UTF-16LE" : "UTF-16BE");
    return result;
  }

  if (!forced.empty()) {
    std::string name = iconv_charset_name(forced);
    if (!name.empty()) {
      if (name == "UTF-8")
        finish_as_utf8(bytes);
      else
        convert(bytes, name);
      return result;
    }
    result.diagnostics.push_back(
        make_diagnostic(Severity::warning, "charset-unknown",
                        "unknown charset '" + printable(forced) + "' ignored"));
  }

  if (std::string utf16 = guess_utf16(bytes); !utf16.empty()) {
    convert(bytes, utf16);
    result.diagnostics.push_back(make_diagnostic(Severity::note, "charset-detected",
                                                 "no byte order mark: read as " + utf16));
    return result;
  }

  std::string declared_raw = hints == CharsetHints::sgf_ca ? find_declared_charset(bytes) : "";
  std::string declared = iconv_charset_name(declared_raw);
  // A finding about CA is about the first game's root, where the parser places it (parse_sgf).
  auto about_ca = [&](Severity severity, const char *code, std::string message) {
    Diagnostic d = make_diagnostic(severity, code, std::move(message));
    d.game = d.node = 0;
    result.diagnostics.push_back(std::move(d));
  };
  if (!declared_raw.empty() && declared.empty())
    about_ca(Severity::warning, "charset-unknown",
             "unknown charset CA[" + printable(declared_raw) + "] ignored");
  // What the detection replaces: no CA, or one naming no charset (said above).
  const std::string no_ca = declared_raw.empty() ? "no CA property" : "CA unknown";

  Utf8Stats stats = utf8_stats(bytes);
  if (stats.ascii) {
    if (!declared.empty() && needs_conversion_even_if_ascii(declared)) {
      convert(bytes, declared);
      return result;
    }
    result.text = bytes;
    result.charset = declared.empty() ? "UTF-8" : declared;
    return result;
  }
  if (stats.valid()) {
    // Valid UTF-8 with non-ASCII text is very unlikely to be anything else.
    result.text = bytes;
    result.charset = "UTF-8";
    if (!declared.empty() && declared != "UTF-8")
      about_ca(Severity::note, "charset-wrong",
               "CA[" + printable(declared_raw) + "] but the bytes are valid UTF-8: read as UTF-8");
    return result;
  }

  // Mostly good UTF-8 with a few broken sequences: characters cut in half, or with '?' for lost
  // bytes, as in Fox records. Legacy double-byte text makes a few well-formed sequences by
  // chance, but many more broken ones, and stray continuation bytes; it hardly ever makes one of
  // three bytes (the length of every CJK character in UTF-8), and never a questioned one.
  const size_t broken = stats.truncated + stats.invalid;
  bool mostly_utf8 = stats.multibyte >= 4 * (broken + stats.questioned) ||
                     (stats.three_byte > 0 && stats.three_byte >= 2 * broken) ||
                     (declared == "UTF-8" && stats.invalid == 0 && stats.multibyte >= broken);
  if ((declared.empty() || declared == "UTF-8") && mostly_utf8) {
    finish_as_utf8(bytes);
    return result;
  }

  if (!declared.empty() && declared != "UTF-8") {
    std::string probe;
    size_t replaced = 0;
    convert_to_utf8(bytes, declared, probe, replaced);
    if (replaced == 0) {
      result.owned = std::move(probe);
      result.text = result.owned;
      result.charset = declared;
      return result;
    }
  }

  // The charset the format's header points to, when every byte decodes in it: the detector,
  // which reads each byte with a prober for every charset it knows, is not needed.
  if (declared.empty() && !likely.empty()) {
    std::string probe;
    size_t replaced = 0;
    const std::string charset(likely);
    if (convert_to_utf8(bytes, charset, probe, replaced) && replaced == 0) {
      result.owned = std::move(probe);
      result.text = result.owned;
      result.charset = charset;
      result.diagnostics.push_back(make_diagnostic(Severity::note, "charset-detected",
                                                   no_ca + ": charset detected as " + charset));
      return result;
    }
  }

  // CA is missing, says UTF-8, or does not fit the bytes: ask the detector.
  const std::string text_lines =
      hints == CharsetHints::none ? non_ascii_lines(bytes) : std::string();
  std::string guessed_raw =
      detect(hints == CharsetHints::none ? std::string_view(text_lines) : bytes);
  std::string guessed = iconv_charset_name(guessed_raw);
  if (guessed.empty() || guessed == "UTF-8") {
    // The detector does not know: the declared charset, else Latin-1, which reads any byte.
    std::string fallback = !declared.empty() && declared != "UTF-8" ? declared : "ISO-8859-1";
    convert(bytes, fallback);
    if (fallback != declared)
      result.diagnostics.push_back(make_diagnostic(Severity::note, "charset-detected",
                                                   "charset unknown: read as " + fallback));
    return result;
  }
  if (!plausible_guess(guessed)) {
    guessed = guess_double_byte(bytes);
    std::string probe;
    size_t replaced = 0;
    convert_to_utf8(bytes, guessed, probe, replaced);
    if (replaced)
      guessed = "ISO-8859-1";
  }
  convert(bytes, guessed);
  if (declared.empty())
    result.diagnostics.push_back(make_diagnostic(Severity::note, "charset-detected",
                                                 no_ca + ": charset detected as " + guessed));
  else
    about_ca(Severity::note, "charset-wrong",
             "CA[" + printable(declared_raw) + "] does not fit the bytes: read as " + guessed);
  return result;
}

} // namespace sgf
