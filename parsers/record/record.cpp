#include "parsers/record/record.h"
#include "parsers/record/sgf_or_not.h"

#include "parsers/gib/gib.h"
#include "parsers/kifu/kifu.h"
#include "parsers/ngf/ngf.h"
#include "parsers/sgf/foreign.h"
#include "parsers/ugf/ugf.h"

namespace sgf {

const char *to_string(RecordFormat format) {
  switch (format) {
  case RecordFormat::sgf:
    return "sgf";
  case RecordFormat::gib:
    return "gib";
  case RecordFormat::ngf:
    return "ngf";
  case RecordFormat::ugf:
    return "ugf";
  case RecordFormat::kifu:
    return "kifu";
  }
  return "sgf";
}

std::optional<RecordFormat> record_format_named(std::string_view name) {
  for (RecordFormat f : {RecordFormat::sgf, RecordFormat::gib, RecordFormat::ngf, RecordFormat::ugf,
                         RecordFormat::kifu})
    if (name == to_string(f))
      return f;
  if (name == "ugi")
    return RecordFormat::ugf;
  return std::nullopt;
}

std::optional<RecordFormat> detect_record_format(std::string_view bytes) {
  // GIB, UGF and kifu have fixed first lines; NGF is the loosest test, so it comes last. SGF is
  // tested first: a record whose first character is "(" is SGF whatever follows.
  if (foreign::starts_with_after_blanks(bytes, "("))
    return RecordFormat::sgf;
  if (looks_like_gib(bytes))
    return RecordFormat::gib;
  if (looks_like_ugf(bytes))
    return RecordFormat::ugf;
  if (looks_like_kifu(bytes))
    return RecordFormat::kifu;
  if (looks_like_ngf(bytes))
    return RecordFormat::ngf;
  return std::nullopt;
}

ParseResult parse_record(std::string_view bytes, std::string_view name, std::string_view forced,
                         const ParseOptions &options, std::optional<std::string_view> kifu_index) {
  std::optional<RecordFormat> format =
      forced.empty() ? detect_record_format(bytes) : record_format_named(forced);
  switch (format.value_or(RecordFormat::sgf)) {
  case RecordFormat::gib:
    return parse_gib(bytes, options);
  case RecordFormat::ngf:
    return parse_ngf(bytes, options);
  case RecordFormat::ugf:
    return parse_ugf(bytes, options);
  case RecordFormat::kifu:
    return kifu_index ? parse_kifu(bytes, *kifu_index, options)
                      : parse_kifu(bytes, read_kifu_index_beside(name), options);
  case RecordFormat::sgf:
    break;
  }
  ParseResult result = parse_sgf(bytes, options);
  if (!format)
    for (Diagnostic &d : result.diagnostics)
      if (d.code == "not-sgf")
        d.message += "; not GIB, NGF, UGF/UGI or one-line kifu either";
  return result;
}

bool read_as_sgf(std::string_view bytes, std::string_view forced) {
  if (!forced.empty())
    return record_format_named(forced).value_or(RecordFormat::sgf) == RecordFormat::sgf;
  return detect_record_format(bytes).value_or(RecordFormat::sgf) == RecordFormat::sgf;
}

} // namespace sgf
