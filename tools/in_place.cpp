// rewrite_in_place: every refusal is decided before the first byte is written.
#include "tools/in_place.h"

#include "lib/batch/output.h"
#include "parsers/record/record.h"
#include "parsers/sgf/repairs.h"

#include <sys/stat.h>

namespace sgf::tools {

namespace {

Diagnostic error(std::string code, std::string message, SourcePos pos = {}) {
  Diagnostic d = make_diagnostic(Severity::error, std::move(code), std::move(message));
  d.pos = pos;
  return d;
}

// Up to 40 bytes of the line at `pos` (columns count code points), control characters shown as
// spaces: what a dropping repair skipped starts there.
std::string excerpt_at(std::string_view bytes, SourcePos pos) {
  if (!pos.known())
    return {};
  size_t at = 0;
  for (uint32_t line = 1; line < pos.line; ++line) {
    at = bytes.find('\n', at);
    if (at == std::string_view::npos)
      return {};
    ++at;
  }
  for (uint32_t col = 1; col < pos.col && at < bytes.size(); ++col)
    for (++at; at < bytes.size() && (static_cast<unsigned char>(bytes[at]) & 0xC0) == 0x80;)
      ++at;
  std::string text;
  for (; at < bytes.size() && bytes[at] != '\n' && bytes[at] != '\r'; ++at) {
    const auto c = static_cast<unsigned char>(bytes[at]);
    if (text.size() >= 40 && (c & 0xC0) != 0x80) {
      text += "...";
      break;
    }
    text += c < 0x20 || c == 0x7F ? ' ' : char(c);
  }
  return text;
}

} // namespace

InPlaceResult rewrite_in_place(const batch::Record &record, const Diagnostics &read,
                               std::string_view text, bool force) {
  InPlaceResult result;
  if (record.file.empty()) {
    result.messages.push_back(
        error("unwritable", record.name == "-"
                                ? "cannot rewrite standard input in place"
                                : "cannot rewrite an archive member in place (archives are never "
                                  "written; its name is no path)"));
    result.status = 2;
    return result;
  }
  if (detect_record_format(record.bytes).value_or(RecordFormat::sgf) != RecordFormat::sgf) {
    // SGF written over a GIB, NGF, UGF or kifu file would lose the original.
    result.messages.push_back(error("unwritable", "not rewritten in place: not an SGF record "
                                                  "(sgf convert writes it as SGF)"));
    result.status = 2;
    return result;
  }
  for (const Diagnostic &d : read) {
    if (!drops_content(d))
      continue;
    std::string lost = d.message;
    if (std::string excerpt = excerpt_at(record.bytes, d.pos); !excerpt.empty())
      lost += ": \"" + excerpt + "\"";
    if (force) {
      Diagnostic warning = error(
          "lossy-rewrite",
          "rewritten with --force: what the reader ignored here is lost (" + lost + ")", d.pos);
      warning.severity = Severity::warning;
      result.messages.push_back(std::move(warning));
    } else {
      result.messages.push_back(error("lossy-rewrite",
                                      "not rewritten in place: what the reader ignored here "
                                      "would be lost (" +
                                          lost + "); --force rewrites it all the same",
                                      d.pos));
      result.status = 1;
    }
  }
  if (result.status != 0)
    return result;
  struct stat info {};
  if (::stat(record.file.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
    result.messages.push_back(
        error("unwritable", "cannot rewrite in place: " + record.file + " is not a regular file"));
    result.status = 2;
    return result;
  }
  if (text == record.bytes)
    return result;
  std::optional<Diagnostic> failure =
      batch::write_output(record.file, text,
                          batch::WriteOptions{.split_hard_links = force,
                                              .compression = record.compression,
                                              .unchanged_since = record.stamp},
                          &result.messages);
  if (failure) {
    if (failure->code == "hard-link")
      failure->message += "; --force splits it";
    result.messages.push_back(std::move(*failure));
    result.status = 2;
  }
  return result;
}

} // namespace sgf::tools
