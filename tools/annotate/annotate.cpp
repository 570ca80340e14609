// `sgf annotate`: a copy of each record with the findings of `sgf check` written into it (a
// comment on the node, a cross on the point), the computed score and its breakdown as a comment
// on the final node with the territory as TB/TW, and with --fix-result a corrected RE.
// Everything else in the record is kept as it was.
#include "tools/commands.h"

#include "lib/check/annotate.h"
#include "lib/report/emit.h"
#include "lib/sgf/writer.h"
#include "tools/batch_options.h"
#include "tools/collection_io.h"
#include "tools/in_place.h"
#include "tools/rules_options.h"
#include "tools/terminal.h"

#include <algorithm>
#include <cstdio>
#include <fmt/format.h>
#include <memory>

namespace sgf::tools {

namespace {

struct AnnotateOptions {
  BatchOptions batch;
  bool in_place = false;
  RulesOptions rules;
  bool fix_result = false;
  bool no_score = false;
  bool force = false;
};

struct Plan {
  ParseOptions parse;
  check::AnnotateOptions annotate;
  bool in_place = false;
  bool force = false;
};

RecordOutput annotate_record(const batch::Record &record, const Plan &plan) {
  RecordOutput out;
  std::string text;
  Diagnostics read; // the record's, for the rewrite in place
  size_t games = 0;
  WriteOptions wo;
  wo.canonical_header = false;
  RecordValidation validation;
  parse_record_in_parts(record, plan.parse, [&](ParseResult &part) {
    games += part.collection.games.size();
    read.insert(read.end(), part.diagnostics.begin(), part.diagnostics.end());
    check::AnnotateOptions options = plan.annotate;
    // The text is UTF-8 now: a record read in another charset says so in its CA.
    options.convert_header =
        part.charset != "UTF-8" && part.charset != "ASCII" && !part.charset.empty();
    check::Annotated a = check::annotate(std::move(part), options, &validation);
    text += write_sgf(a.collection, wo);
    if (has_error(a.findings))
      out.status = 1;
  });
  if (games == 0) {
    out.status = 2;
    out.messages = fmt::format("{}: error[unreadable]: no game could be read\n", record.name);
    return out;
  }
  const bool read_whole = !has_error(read);
  if (plan.in_place) {
    if (!read_whole) { // what the parser could not read would be lost: never rewrite it
      out.status = std::max(out.status, 1);
      out.messages += fmt::format("{}: error[unreadable]: not rewritten in place: the record has "
                                  "syntax errors (sgf check shows them)\n",
                                  record.name);
      return out;
    }
    InPlaceResult written = rewrite_in_place(record, read, text, plan.force);
    for (const Diagnostic &d : written.messages)
      out.messages += format_text(record.name, d, colour_enabled(stderr));
    out.status = std::max(out.status, written.status);
  } else {
    out.text = std::move(text);
  }
  return out;
}

} // namespace

void register_annotate(CLI::App &root, int &exit_status) {
  auto opts = std::make_shared<AnnotateOptions>();
  auto *cmd = root.add_subcommand(
      "annotate", "Write the findings of check, the score and the territory into a copy of each "
                  "record");
  add_batch_options(*cmd, opts->batch);
  add_in_place_option(*cmd, opts->in_place, opts->force);
  add_rules_options(*cmd, opts->rules);
  cmd->add_flag("--fix-result", opts->fix_result,
                "Rewrite RE when the count names the other winner (the old RE goes in a comment)");
  cmd->add_flag("--no-score", opts->no_score, "Findings only: no score, no territory");
  cmd->callback([opts, &exit_status] {
    Plan plan;
    plan.parse = opts->batch.parse;
    plan.annotate.fix_result = opts->fix_result;
    plan.annotate.score = !opts->no_score;
    plan.in_place = opts->in_place;
    plan.force = opts->force;
    opts->batch.force = opts->force;
    opts->batch.inputs.once_per_file = opts->in_place;
    if (opts->batch.format != "text") {
      std::fprintf(stderr, "sgf annotate: the output is SGF: --format %s does not apply\n",
                   opts->batch.format.c_str());
      exit_status = 2;
      return;
    }
    std::optional<rules::RulesRequest> request = resolve_rules(opts->rules, "annotate");
    if (!request) {
      exit_status = 2;
      return;
    }
    plan.annotate.rules = *request;
    exit_status =
        run_batch(opts->batch, [plan](const batch::Record &r) { return annotate_record(r, plan); });
  });
}

} // namespace sgf::tools
