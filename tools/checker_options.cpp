#include "tools/checker_options.h"

#include "lib/report/emit.h"
#include "tools/terminal.h"

#include <algorithm>
#include <cstdio>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace sgf::tools {

namespace {

std::string counts(const std::array<size_t, 3> &n) {
  return fmt::format("{} error(s), {} warning(s), {} note(s)", n[2], n[1], n[0]);
}

// The codes of --ignore or --select (comma-separated, repeatable), or nothing after saying on
// stderr which one the command does not know.
std::optional<std::set<std::string, std::less<>>>
parse_codes(const std::vector<std::string> &lists, const char *option, std::string_view command,
            const std::vector<std::string_view> &known) {
  std::set<std::string, std::less<>> out;
  for (const std::string &list : lists) {
    size_t start = 0;
    while (start <= list.size()) {
      size_t comma = std::min(list.find(',', start), list.size());
      std::string code = list.substr(start, comma - start);
      start = comma + 1;
      if (code.empty())
        continue;
      if (std::find(known.begin(), known.end(), code) == known.end()) {
        std::fprintf(stderr, "sgf %.*s: %s %s: unknown code (sgf check --list-codes lists them)\n",
                     static_cast<int>(command.size()), command.data(), option, code.c_str());
        return std::nullopt;
      }
      out.insert(code);
    }
  }
  return out;
}

} // namespace

void add_checker_options(CLI::App &command, CheckerOptions &options) {
  command
      .add_option("--ignore", options.ignore,
                  "Never report these codes (comma-separated, repeatable); an error they drop "
                  "does not count in the exit status")
      ->type_name("CODE,...")
      ->take_all()
      ->allow_extra_args(false);
  command
      .add_option("--select", options.select,
                  "Report only these codes (comma-separated, repeatable); the others neither "
                  "show nor count")
      ->type_name("CODE,...")
      ->take_all()
      ->allow_extra_args(false);
  command.add_flag("--summary", options.summary,
                   "End with the counts of the diagnostics shown, by code and by file");
  command
      .add_option("--color,--colour", options.colour,
                  "Colour the severities: auto (on a terminal, unless NO_COLOR is set), always, "
                  "never")
      ->type_name("WHEN")
      ->check(CLI::IsMember(colour_choices()))
      ->capture_default_str();
}

void DiagnosticSummary::count(const std::string &file, const Diagnostics &shown) {
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

std::string DiagnosticSummary::text() const {
  std::lock_guard lock(mutex_);
  std::string out = "summary by code:\n";
  for (const auto &[key, n] : codes_by_count())
    out += fmt::format("{:>7} {}[{}]\n", n, to_string(key.second), key.first);
  out += "summary by file:\n";
  for (const auto &[file, n] : by_file_)
    out += fmt::format("{:>7} {} ({})\n", n[0] + n[1] + n[2], sgf::shown(file), counts(n));
  out += fmt::format("total: {} diagnostic(s) ({}) in {} of {} record(s)\n",
                     total_[0] + total_[1] + total_[2], counts(total_), by_file_.size(), records_);
  return out;
}

std::string DiagnosticSummary::json() const {
  std::lock_guard lock(mutex_);
  nlohmann::ordered_json by_code = nlohmann::ordered_json::array();
  for (const auto &[key, n] : codes_by_count())
    by_code.push_back({{"code", key.first}, {"severity", to_string(key.second)}, {"count", n}});
  nlohmann::ordered_json by_file = nlohmann::ordered_json::array();
  for (const auto &[file, n] : by_file_) {
    nlohmann::ordered_json one = {{"file", file}};
    add_file_bytes(one, file);
    one.update({{"errors", n[2]}, {"warnings", n[1]}, {"notes", n[0]}});
    by_file.push_back(std::move(one));
  }
  nlohmann::ordered_json summary = {
      {"records", records_}, {"records_with_diagnostics", by_file_.size()},
      {"errors", total_[2]}, {"warnings", total_[1]},
      {"notes", total_[0]},  {"by_code", by_code},
      {"by_file", by_file}};
  return json_line(nlohmann::ordered_json{{"summary", summary}});
}

// Most frequent first, then by code.
std::vector<std::pair<DiagnosticSummary::CodeKey, size_t>>
DiagnosticSummary::codes_by_count() const {
  std::vector<std::pair<CodeKey, size_t>> out(by_code_.begin(), by_code_.end());
  std::stable_sort(out.begin(), out.end(),
                   [](const auto &a, const auto &b) { return a.second > b.second; });
  return out;
}

std::optional<Checker> make_checker(const CheckerOptions &options, std::string_view command,
                                    const std::vector<std::string_view> &known, bool colour_auto) {
  auto ignore = parse_codes(options.ignore, "--ignore", command, known);
  auto select = parse_codes(options.select, "--select", command, known);
  if (!ignore || !select)
    return std::nullopt;
  Checker checker;
  checker.ignore = std::move(*ignore);
  checker.select = std::move(*select);
  checker.colour = options.colour == "always" || (options.colour == "auto" && colour_auto);
  if (options.summary)
    checker.summary = std::make_unique<DiagnosticSummary>();
  return checker;
}

} // namespace sgf::tools
