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

namespace {

std::optional<RecordFormat> format_of(std::string_view bytes, std::string_view forced) {
  return forced.empty() ? detect_record_format(bytes) : record_format_named(forced);
}

// A record that matches no format was read as SGF: its not-sgf says which others were tried.
void name_the_formats_tried(ParseResult &result) {
  for (Diagnostic &d : result.diagnostics)
    if (d.code == "not-sgf")
      d.message += "; not GIB, NGF, UGF/UGI or one-line kifu either";
}

} // namespace

ParseResult parse_record(std::string_view bytes, std::string_view name, std::string_view forced,
                         const ParseOptions &options, std::optional<std::string_view> kifu_index) {
  std::optional<RecordFormat> format = format_of(bytes, forced);
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
    name_the_formats_tried(result);
  return result;
}

void parse_record_in_parts(std::string_view bytes, std::string_view name, std::string_view forced,
                           const ParseOptions &options, std::optional<std::string_view> kifu_index,
                           size_t part_bytes, const std::function<void(ParseResult &)> &part) {
  const std::optional<RecordFormat> format = format_of(bytes, forced);
  if (format.value_or(RecordFormat::sgf) != RecordFormat::sgf) {
    ParseResult whole = parse_record(bytes, name, forced, options, kifu_index);
    part(whole);
    return;
  }
  parse_sgf_in_parts(bytes, options, part_bytes, [&](ParseResult &result) {
    if (!format)
      name_the_formats_tried(result);
    part(result);
  });
}

bool read_as_sgf(std::string_view bytes, std::string_view forced) {
  if (!forced.empty())
    return record_format_named(forced).value_or(RecordFormat::sgf) == RecordFormat::sgf;
  return detect_record_format(bytes).value_or(RecordFormat::sgf) == RecordFormat::sgf;
}

} // namespace sgf
