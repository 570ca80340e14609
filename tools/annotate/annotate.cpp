// `sgf annotate`: a copy of each record with the findings of `sgf check` written into it (a
// comment on the node, a cross on the point), the computed score and its breakdown as a comment
// on the final node with the territory as TB/TW, and with --fix-result a corrected RE.
// Everything else in the record is kept as it was.
#include "tools/commands.h"

#include "lib/batch/output.h"
#include "lib/check/annotate.h"
#include "lib/sgf/writer.h"
#include "parsers/record/record.h"
#include "tools/batch_options.h"
#include "tools/rules_options.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <memory>

namespace sgf::tools {

namespace {

struct AnnotateOptions {
  BatchOptions batch;
  bool in_place = false;
  std::string rules; // preset name; empty: each record's RU
  bool fix_result = false;
  bool no_score = false;
};

struct Plan {
  check::AnnotateOptions annotate;
  bool in_place = false;
};

RecordOutput annotate_record(const batch::Record &record, const Plan &plan) {
  RecordOutput out;
  ParseResult parsed = parse_record(record.bytes, record.name, record.format);
  if (parsed.collection.games.empty()) {
    out.status = 2;
    out.messages = fmt::format("{}: error[unreadable]: no game could be read\n", record.name);
    return out;
  }
  const std::string charset = parsed.charset;
  const bool read_whole = parsed.ok();
  check::Annotated a = check::annotate(std::move(parsed), plan.annotate);
  // The text is UTF-8 now: a record read in another charset says so in its CA.
  if (charset != "UTF-8" && charset != "ASCII" && !charset.empty())
    for (Game &game : a.collection.games)
      if (!game.empty())
        canonicalise_root(game.root());
  WriteOptions wo;
  wo.canonical_header = false;
  std::string text = write_sgf(a.collection, wo);
  out.status = has_error(a.findings) ? 1 : 0;
  size_t errors = 0, warnings = 0;
  for (const Diagnostic &d : a.findings)
    (d.severity == Severity::error ? errors : warnings) += 1;
  if (plan.in_place) {
    std::error_code ec;
    if (record.name == "-" || !std::filesystem::is_regular_file(record.name, ec)) {
      out.status = 2;
      out.messages += fmt::format("{}: error[unwritable]: cannot rewrite in place: not a plain "
                                  "file (standard input or an archive member)\n",
                                  record.name);
      return out;
    }
    if (detect_record_format(record.bytes).value_or(RecordFormat::sgf) != RecordFormat::sgf) {
      out.status = 2; // writing SGF into a GIB/NGF/UGF/kifu file would lose the original
      out.messages += fmt::format("{}: error[unwritable]: not rewritten in place: not an SGF "
                                  "record (sgf convert writes it as SGF)\n",
                                  record.name);
      return out;
    }
    if (!read_whole) { // what the parser could not read would be lost: never rewrite it
      out.status = std::max(out.status, 1);
      out.messages += fmt::format("{}: error[unreadable]: not rewritten in place: the record has "
                                  "syntax errors (sgf check shows them)\n",
                                  record.name);
      return out;
    }
    if (auto err = batch::write_file_atomically(record.name, text)) {
      out.status = 2;
      out.messages += fmt::format("{}: error[{}]: {}\n", record.name, err->code, err->message);
      return out;
    }
  } else {
    out.text = std::move(text);
  }
  return out;
}

} // namespace

void register_annotate(CLI::App &root, int &exit_status) {
  auto opts = std::make_shared<AnnotateOptions>();
  auto *cmd = root.add_subcommand(
      "annotate", "write the findings of check, the score and the territory into a copy of each "
                  "record");
  add_batch_options(*cmd, opts->batch);
  auto *in_place = cmd->add_flag("--in-place", opts->in_place,
                                 "replace each input file (atomically) instead of writing a copy");
  if (auto *o = cmd->get_option_no_throw("--output"))
    in_place->excludes(o);
  cmd->add_option("--rules", opts->rules, "rule set (default: each record's RU, else chinese)");
  cmd->add_flag("--fix-result", opts->fix_result,
                "rewrite RE when the count names the other winner (the old RE goes in a comment)");
  cmd->add_flag("--no-score", opts->no_score, "findings only: no score, no territory");
  cmd->callback([opts, &exit_status] {
    Plan plan;
    plan.annotate.fix_result = opts->fix_result;
    plan.annotate.score = !opts->no_score;
    plan.in_place = opts->in_place;
    if (opts->batch.format != "text") {
      std::fprintf(stderr, "sgf annotate: the output is SGF: --format %s does not apply\n",
                   opts->batch.format.c_str());
      exit_status = 2;
      return;
    }
    std::optional<RulesChoice> choice = resolve_rules({opts->rules, {}}, "annotate");
    if (!choice) {
      exit_status = 2;
      return;
    }
    plan.annotate.requested = choice->requested;
    exit_status =
        run_batch(opts->batch, [plan](const batch::Record &r) { return annotate_record(r, plan); });
  });
}

} // namespace sgf::tools
