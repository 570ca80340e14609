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
#include "tools/charset_option.h"
#include "tools/commands.h"
#include "tools/rules_options.h"
#include "tools/terminal.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <fmt/format.h>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <tuple>
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
  std::vector<std::string> ignore;  // codes never reported
  std::vector<std::string> select;  // when given, the only codes reported
  bool summary = false;             // counts by code and by file at the end
  std::string colour = "auto";      // --color auto|always|never
  std::string charset;              // force the input charset; empty: CA, then detection
  bool list_codes = false;
  bool json = false; // --json, short for --format json
};

// The diagnostics of a run counted by code (and severity) and by file, for --summary. Records are
// checked in parallel, so counting takes a lock.
class Summary {
public:
  void count(const std::string &file, const Diagnostics &shown) {
    std::lock_guard lock(mutex_);
    ++records_;
    if (shown.empty())
      return;
    std::array<size_t, 3> &mine = by_file_[file];
    for (const Diagnostic &d : shown) {
      ++by_code_[{d.code, d.severity}];
      ++mine[static_cast<size_t>(d.severity)];
      ++total_[static_cast<size_t>(d.severity)];
    }
  }

  std::string text() const {
    std::lock_guard lock(mutex_);
    std::string out = "summary by code:\n";
    for (const auto &[key, n] : codes_by_count())
      out += fmt::format("{:>7} {}[{}]\n", n, to_string(key.second), key.first);
    out += "summary by file:\n";
    for (const auto &[file, n] : by_file_)
      out += fmt::format("{:>7} {} ({})\n", n[0] + n[1] + n[2], file, counts(n));
    out +=
        fmt::format("total: {} diagnostic(s) ({}) in {} of {} record(s)\n",
                    total_[0] + total_[1] + total_[2], counts(total_), by_file_.size(), records_);
    return out;
  }

  std::string json() const {
    std::lock_guard lock(mutex_);
    nlohmann::ordered_json by_code = nlohmann::ordered_json::array();
    for (const auto &[key, n] : codes_by_count())
      by_code.push_back({{"code", key.first}, {"severity", to_string(key.second)}, {"count", n}});
    nlohmann::ordered_json by_file = nlohmann::ordered_json::array();
    for (const auto &[file, n] : by_file_)
      by_file.push_back({{"file", file}, {"errors", n[2]}, {"warnings", n[1]}, {"notes", n[0]}});
    nlohmann::ordered_json summary = {
        {"records", records_}, {"records_with_diagnostics", by_file_.size()},
        {"errors", total_[2]}, {"warnings", total_[1]},
        {"notes", total_[0]},  {"by_code", by_code},
        {"by_file", by_file}};
    return nlohmann::ordered_json{{"summary", summary}}.dump(
               -1, ' ', false, nlohmann::json::error_handler_t::replace) +
           "\n";
  }

private:
  using CodeKey = std::pair<std::string, Severity>;

  // Most frequent first, then by code.
  std::vector<std::pair<CodeKey, size_t>> codes_by_count() const {
    std::vector<std::pair<CodeKey, size_t>> out(by_code_.begin(), by_code_.end());
    std::stable_sort(out.begin(), out.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    return out;
  }
  static std::string counts(const std::array<size_t, 3> &n) {
    return fmt::format("{} error(s), {} warning(s), {} note(s)", n[2], n[1], n[0]);
  }

  mutable std::mutex mutex_;
  size_t records_ = 0;
  std::map<CodeKey, size_t> by_code_;
  std::map<std::string, std::array<size_t, 3>> by_file_; // by name; per severity
  std::array<size_t, 3> total_{};
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
  std::set<std::string, std::less<>> ignore; // codes dropped
  std::set<std::string, std::less<>> select; // when not empty, the only codes kept
  bool json = false;
  bool quiet = false;
  bool colour = false;
  std::unique_ptr<Summary> summary; // with --summary
};

// Whether --ignore and --select keep `d`: a code they drop is neither shown nor counted.
bool kept(const Plan &plan, const Diagnostic &d) {
  return !plan.ignore.count(d.code) && (plan.select.empty() || plan.select.count(d.code));
}

RecordOutput check_record(const batch::Record &record, const Plan &plan) {
  Diagnostics all = check::check_record(
      parse_record(record.bytes, record.name, record.format, plan.parse), plan.check);
  all.erase(
      std::remove_if(all.begin(), all.end(), [&](const Diagnostic &d) { return !kept(plan, d); }),
      all.end());
  RecordOutput out;
  out.status = has_error(all) ? 1 : 0;
  Diagnostics shown;
  for (Diagnostic &d : all)
    if (d.severity >= plan.minimum)
      shown.push_back(std::move(d));
  if (plan.summary)
    plan.summary->count(record.name, shown);
  if (plan.quiet)
    return out;
  for (const Diagnostic &d : shown)
    out.text += plan.json ? format_json(record.name, d) : format_text(record.name, d, plan.colour);
  return out;
}

void list_codes() {
  for (const check::CheckCode &c : check::check_codes())
    std::printf("%-24.*s %-8s %.*s\n", static_cast<int>(c.code.size()), c.code.data(),
                to_string(c.severity), static_cast<int>(c.meaning.size()), c.meaning.data());
}

// The codes of --ignore or --select (comma-separated, repeatable), or nothing after saying on
// stderr which one `sgf check` does not know.
std::optional<std::set<std::string, std::less<>>> parse_codes(const std::vector<std::string> &lists,
                                                              const char *option) {
  const std::vector<check::CheckCode> known = check::check_codes();
  std::set<std::string, std::less<>> out;
  for (const std::string &list : lists) {
    size_t start = 0;
    while (start <= list.size()) {
      size_t comma = std::min(list.find(',', start), list.size());
      std::string code = list.substr(start, comma - start);
      start = comma + 1;
      if (code.empty())
        continue;
      if (std::none_of(known.begin(), known.end(),
                       [&](const check::CheckCode &c) { return c.code == code; })) {
        std::fprintf(stderr, "sgf check: %s %s: unknown code (sgf check --list-codes lists them)\n",
                     option, code.c_str());
        return std::nullopt;
      }
      out.insert(code);
    }
  }
  return out;
}

int run(const CheckOptions &options) {
  if (options.list_codes) {
    list_codes();
    return 0;
  }
  Plan plan;
  plan.check.replay = !options.no_rules;
  plan.check.variations = !options.main_line;
  plan.check.count = !options.no_count;
  plan.quiet = options.batch.quiet;
  plan.json = options.json || options.batch.format == "json";
  plan.minimum = parse_severity(options.severity).value_or(Severity::warning);
  plan.colour = !plan.json && colour_for_output(options.batch.output, options.colour);
  plan.parse.charset = options.charset;
  auto ignore = parse_codes(options.ignore, "--ignore");
  auto select = parse_codes(options.select, "--select");
  if (!ignore || !select)
    return 2;
  plan.ignore = std::move(*ignore);
  plan.select = std::move(*select);
  std::optional<RulesChoice> choice = resolve_rules(options.rules, "check");
  if (!choice)
    return 2;
  plan.check.requested = choice->requested;
  plan.check.overrides = choice->overrides;
  std::function<std::string()> footer;
  if (options.summary) {
    plan.summary = std::make_unique<Summary>();
    footer = [&plan] { return plan.json ? plan.summary->json() : plan.summary->text(); };
  }
  return run_batch(
      options.batch, [&plan](const batch::Record &record) { return check_record(record, plan); },
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
  cmd->add_option("--ignore", options->ignore,
                  "Never report these codes (comma-separated, repeatable); an error they drop "
                  "does not count in the exit status")
      ->type_name("CODE,...")
      ->take_all()
      ->allow_extra_args(false);
  cmd->add_option("--select", options->select,
                  "Report only these codes (comma-separated, repeatable); the others neither "
                  "show nor count")
      ->type_name("CODE,...")
      ->take_all()
      ->allow_extra_args(false);
  cmd->add_flag("--summary", options->summary,
                "End with the counts of the diagnostics shown, by code and by file");
  cmd->add_option("--color,--colour", options->colour,
                  "Colour the severities: auto (on a terminal, unless NO_COLOR is set), always, "
                  "never")
      ->type_name("WHEN")
      ->check(CLI::IsMember(colour_choices()))
      ->capture_default_str();
  add_charset_option(*cmd, options->charset);
  cmd->add_flag("--json", options->json, "Short for --format json");
  cmd->add_flag("--list-codes", options->list_codes,
                "Print every diagnostic code with its usual severity and meaning, then exit");
  cmd->callback([options, &exit_status] { exit_status = run(*options); });
}

} // namespace sgf::tools
