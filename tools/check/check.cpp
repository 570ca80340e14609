// `sgf check`: syntax (parser), specification (lib/sgf/validate.h), rules (lib/rules) and, for
// games ended by passes, the count against RE (lib/check does all four) for every game of every
// record, as compiler-style text or JSON Lines; exit 1 when a record has an error.
#include "lib/check/check.h"
#include "lib/report/codes.h"
#include "lib/report/emit.h"
#include "lib/rules/rule_set.h"
#include "lib/sgf/validate.h"
#include "parsers/sgf/summary.h"
#include "tools/batch_options.h"
#include "tools/checker_options.h"
#include "tools/commands.h"
#include "tools/rules_options.h"
#include "tools/terminal.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <optional>
#include <string>
#include <vector>

namespace sgf::tools {

namespace {

struct CheckOptions {
  BatchOptions batch;
  RulesOptions rules;
  bool variations = false;          // --variations: the default, kept for scripts
  bool main_line = false;           // replay the main line only
  bool no_rules = false;            // syntax and specification only
  bool no_count = false;            // rules, but no count of games ended by passes
  std::string severity = "warning"; // the least severe diagnostics shown
  CheckerOptions checker;           // --ignore, --select, --summary, --color
  bool list_codes = false;
  bool json = false; // --json, short for --format json
};

std::optional<Severity> parse_severity(std::string_view s) {
  if (s == "note")
    return Severity::note;
  if (s == "warning")
    return Severity::warning;
  if (s == "error")
    return Severity::error;
  return std::nullopt;
}

// What the whole run shares: the checks to run, once validated, and how to show them.
struct Plan {
  check::CheckOptions check;
  ParseOptions parse;
  Severity minimum = Severity::warning;
  Checker checker;
  bool json = false;
  bool quiet = false;
};

// `summary`: this worker's, reused from record to record.
RecordOutput check_record(const batch::Record &record, const Plan &plan, RecordSummary &summary) {
  // Most records are plain and clean: a scan shows it without building the tree. Notes are the
  // one thing the scan cannot tell, so they are not shown on that path.
  check::CleanWithoutTree clean(summary, plan.check);
  if (plan.minimum >= Severity::warning &&
      summarise_record(record, plan.parse, summary, std::ref(clean))) {
    if (plan.checker.summary)
      plan.checker.summary->count(record.name, {});
    return {};
  }
  RecordOutput out;
  Diagnostics shown;
  // A part at a time: a collection of any size is checked in the memory of one part.
  RecordValidation validation;
  parse_record_in_parts(record, plan.parse, [&](ParseResult &part) {
    for (Diagnostic &d : check::check_record(part, plan.check, nullptr, &validation)) {
      if (!plan.checker.kept(d))
        continue;
      if (d.severity == Severity::error)
        out.status = 1;
      if (d.severity >= plan.minimum)
        shown.push_back(std::move(d));
    }
  });
  if (plan.checker.summary)
    plan.checker.summary->count(record.name, shown);
  if (plan.quiet)
    return out;
  for (const Diagnostic &d : shown)
    out.text += format_diagnostic(record.name, d, plan.json, plan.checker.colour);
  return out;
}

bool list_codes() {
  std::string text;
  for (const check::CheckCode &c : check::check_codes())
    text += fmt::format("{:<24} {:<8} {}\n", c.code, to_string(c.severity), c.meaning);
  return write_whole_output("", text);
}

int run(const CheckOptions &options) {
  if (options.list_codes)
    return list_codes() ? 0 : 2;
  Plan plan;
  plan.check.replay = !options.no_rules;
  plan.check.variations = !options.main_line;
  plan.check.count = !options.no_count;
  plan.quiet = options.batch.quiet;
  plan.json = options.json || options.batch.json();
  plan.minimum = parse_severity(options.severity).value_or(Severity::warning);
  plan.parse = options.batch.parse;
  std::vector<std::string_view> known;
  for (const check::CheckCode &c : check::check_codes())
    known.push_back(c.code);
  std::optional<Checker> checker =
      make_checker(options.checker, "check", known, colour_for_output(options.batch.output));
  if (!checker)
    return 2;
  plan.checker = std::move(*checker);
  plan.checker.colour = plan.checker.colour && !plan.json;
  std::optional<rules::RulesRequest> request = resolve_rules(options.rules, "check");
  if (!request)
    return 2;
  plan.check.rules = *request;
  std::function<std::string()> footer;
  if (plan.checker.summary)
    footer = [&plan] {
      return plan.json ? plan.checker.summary->json() : plan.checker.summary->text();
    };
  tbb::enumerable_thread_specific<RecordSummary> summaries;
  return run_batch(
      options.batch,
      [&plan, &summaries](const batch::Record &record) {
        return check_record(record, plan, summaries.local());
      },
      {}, footer);
}

} // namespace

void register_check(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<CheckOptions>();
  auto *cmd = root.add_subcommand(
      "check", "Check records: syntax, the SGF specification and the rules of Go (exit 1 on "
               "errors)");
  add_batch_options(*cmd, options->batch);
  // Diagnostics have no TSV form.
  CLI::Option *format = cmd->get_option("--format");
  *format->get_validator(0) = CLI::IsMember({"text", "json"});
  format->type_name("text|json");
  add_rules_options(*cmd, options->rules);
  cmd->add_flag("--variations", options->variations,
                "Replay every variation (the default; kept for scripts that ask for it)");
  cmd->add_flag("--main-line", options->main_line, "Replay the main line only, not the variations")
      ->excludes("--variations");
  cmd->add_flag("--no-rules", options->no_rules,
                "Check syntax and specification only: replay no moves");
  cmd->add_flag("--no-count", options->no_count,
                "Replay the moves but do not count games that ended by passes (no "
                "result-mismatch from a count; most of the time of a check goes there)");
  cmd->add_option("--severity", options->severity,
                  "Show only diagnostics at least this severe; notes (unknown properties, "
                  "assumed rules, detected charsets) are hidden by default. The exit status "
                  "counts every error whatever is shown")
      ->type_name("note|warning|error")
      ->check(CLI::IsMember({"note", "warning", "error"}))
      ->capture_default_str();
  add_checker_options(*cmd, options->checker);
  cmd->add_flag("--json", options->json, "Short for --format json");
  cmd->add_flag("--list-codes", options->list_codes,
                "Print every diagnostic code with its usual severity and meaning, then exit");
  cmd->callback([options, &exit_status] { exit_status = run(*options); });
}

} // namespace sgf::tools
