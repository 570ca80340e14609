// The options of a checker that `check` and `score` share (--ignore, --select, --summary,
// --color) and what a run makes of them: which diagnostics it keeps, and their counts.
#pragma once

#include "lib/report/diagnostic.h"

#include <CLI/CLI.hpp>

#include <array>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sgf::tools {

struct CheckerOptions {
  std::vector<std::string> ignore; // codes never reported
  std::vector<std::string> select; // when given, the only codes reported
  bool summary = false;            // counts by code and by file at the end
  std::string colour = "auto";     // --color auto|always|never
};

// --ignore CODE,... and --select CODE,... (comma-separated, repeatable), --summary and
// --color/--colour WHEN.
void add_checker_options(CLI::App &command, CheckerOptions &options);

// The diagnostics of a run counted by code (and severity) and by file, for --summary. Records are
// handled in parallel, so counting takes a lock.
class DiagnosticSummary {
public:
  void count(const std::string &file, const Diagnostics &shown);
  // "summary by code:", "summary by file:" and a total line.
  std::string text() const;
  // One JSON line {"summary": {...}}.
  std::string json() const;

private:
  using CodeKey = std::pair<std::string, Severity>;
  std::vector<std::pair<CodeKey, size_t>> codes_by_count() const; // most frequent first

  mutable std::mutex mutex_;
  size_t records_ = 0;
  std::map<CodeKey, size_t> by_code_;
  std::map<std::string, std::array<size_t, 3>> by_file_; // by name; per severity
  std::array<size_t, 3> total_{};
};

// What a run makes of CheckerOptions: the codes kept, the colour decided, the summary kept.
struct Checker {
  std::set<std::string, std::less<>> ignore; // codes dropped
  std::set<std::string, std::less<>> select; // when not empty, the only codes kept
  bool colour = false;
  std::unique_ptr<DiagnosticSummary> summary; // with --summary

  // Whether --ignore and --select keep `d`: a code they drop is neither shown nor counted, and
  // an error it marks does not count in the exit status.
  bool kept(const Diagnostic &d) const {
    return !ignore.count(d.code) && (select.empty() || select.count(d.code));
  }
};

// The checker of `command` ("check", "score"), whose diagnostics have the codes `known`; colour
// goes to output that is a terminal when `colour_auto` says so. Nothing, after a message on
// stderr, when --ignore or --select names a code the command never reports.
std::optional<Checker> make_checker(const CheckerOptions &options, std::string_view command,
                                    const std::vector<std::string_view> &known, bool colour_auto);

} // namespace sgf::tools
