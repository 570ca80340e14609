// `sgf check`: syntax (parser), specification (lib/sgf/validate.h), rules (lib/rules) and, for
// games ended by passes, the count against RE (lib/check does all four) for every game of every
// record, as compiler-style text or JSON Lines; exit 1 when a record has an error.
#include "lib/check/check.h"
#include "lib/report/codes.h"
#include "lib/report/emit.h"
#include "lib/rules/rule_set.h"
#include "lib/sgf/validate.h"
#include "parsers/record/record.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/rules_options.h"
#include "tools/terminal.h"

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sgf::tools {

namespace {

struct CheckOptions {
  BatchOptions batch;
  RulesOptions rules;
  bool variations = false;          // replay every variation, not only the main line
  bool no_rules = false;            // syntax and specification only
  bool no_count = false;            // rules, but no count of games ended by passes
  std::string severity = "warning"; // the least severe diagnostics shown
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
  Severity minimum = Severity::warning;
  bool json = false;
  bool quiet = false;
  bool colour = false;
};

RecordOutput check_record(const batch::Record &record, const Plan &plan) {
  const Diagnostics all =
      check::check_record(parse_record(record.bytes, record.name, record.format), plan.check);
  RecordOutput out;
  out.status = has_error(all) ? 1 : 0;
  if (plan.quiet)
    return out;
  for (const Diagnostic &d : all) {
    if (d.severity < plan.minimum)
      continue;
    out.text += plan.json ? format_json(record.name, d) : format_text(record.name, d, plan.colour);
  }
  return out;
}

void list_codes() {
  auto line = [](std::string_view code, Severity s, std::string_view meaning) {
    std::printf("%-24.*s %-8s %.*s\n", static_cast<int>(code.size()), code.data(), to_string(s),
                static_cast<int>(meaning.size()), meaning.data());
  };
  for (const SpecCode &c : spec_codes())
    line(c.code, c.severity, c.meaning);
  for (const CodeInfo &c : rules_codes())
    line(c.code, c.severity, c.description);
}

int run(const CheckOptions &options) {
  if (options.list_codes) {
    list_codes();
    return 0;
  }
  Plan plan;
  plan.check.replay = !options.no_rules;
  plan.check.variations = options.variations;
  plan.check.count = !options.no_count;
  plan.quiet = options.batch.quiet;
  plan.json = options.json || options.batch.format == "json";
  if (options.batch.format != "text" && !plan.json) {
    std::fprintf(stderr, "sgf check: --format %s is not available: use text or json\n",
                 options.batch.format.c_str());
    return 2;
  }
  plan.minimum = parse_severity(options.severity).value_or(Severity::warning);
  plan.colour = !plan.json && colour_for_output(options.batch.output);
  std::optional<RulesChoice> choice = resolve_rules(options.rules, "check");
  if (!choice)
    return 2;
  plan.check.requested = choice->requested;
  plan.check.overrides = choice->overrides;
  return run_batch(options.batch,
                   [&plan](const batch::Record &record) { return check_record(record, plan); });
}

} // namespace

void register_check(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<CheckOptions>();
  auto *cmd = root.add_subcommand(
      "check", "Check records: syntax, the SGF specification and the rules of Go (exit 1 on "
               "errors)");
  add_batch_options(*cmd, options->batch);
  add_rules_options(*cmd, options->rules);
  cmd->add_flag("--variations", options->variations,
                "Replay every variation, not only the main line");
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
  cmd->add_flag("--json", options->json, "Short for --format json");
  cmd->add_flag("--list-codes", options->list_codes,
                "Print every diagnostic code with its usual severity and meaning, then exit");
  cmd->callback([options, &exit_status] { exit_status = run(*options); });
}

} // namespace sgf::tools
