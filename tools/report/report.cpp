// `sgf report`: every game of every input checked and counted as `sgf check` does, written as one
// self-contained HTML page (lib/html): summary, games table, a diagram for each finding.
#include "lib/html/report.h"
#include "lib/batch/pipeline.h"
#include "lib/report/emit.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/rules_options.h"
#include "tools/terminal.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

namespace sgf::tools {

namespace {

struct ReportCommandOptions {
  BatchOptions batch;
  RulesOptions rules;
  bool variations = false; // --variations: the default, kept for scripts
  bool main_line = false;
  bool no_count = false;
  std::string severity = "warning";
  size_t max_diagrams = 1000;
  int diagram_width = 340;
};

struct RecordResult {
  html::RecordReport report;
  std::string messages; // for stderr
  int status = 0;
};

int run(const ReportCommandOptions &o) {
  std::optional<rules::RulesRequest> request = resolve_rules(o.rules, "report");
  if (!request)
    return 2;
  html::ReportOptions options;
  options.check.rules = *request;
  options.check.variations = !o.main_line;
  options.check.count = !o.no_count;
  options.minimum = o.severity == "error"  ? Severity::error
                    : o.severity == "note" ? Severity::note
                                           : Severity::warning;
  options.diagram_width = o.diagram_width;
  const ParseOptions &parse = o.batch.parse;

  const bool colour = colour_enabled(stderr);
  html::Page page(o.max_diagrams);
  // What the page still takes, read by the workers so that records past the limit draw nothing;
  // records are added in input order, so the diagrams kept do not depend on -j.
  std::atomic<size_t> diagrams_left = o.max_diagrams;
  int status = 0;
  size_t records = 0;
  batch::RecordSource source(o.batch.inputs);
  ProgressLine progress(progress_wanted(o.batch.quiet, o.batch.no_progress), source);
  batch::ordered_map(
      source, batch::PipelineOptions{o.batch.jobs, 0},
      [&](const batch::Record &record) {
        progress.started(record);
        RecordResult out;
        if (record.error) {
          out.messages = format_text(record.name, *record.error, colour);
          out.status = unread_status(record);
          if (out.status == 2)
            out.report = html::unreadable_record(record.name, *record.error);
          return out;
        }
        out.report.file = record.name;
        size_t diagrams = diagrams_left.load();
        RecordValidation validation;
        parse_record_in_parts(record, parse, [&](ParseResult &part) {
          html::add_part(out.report, part, options, diagrams, &validation);
        });
        for (const html::GameRow &game : out.report.games)
          for (const html::Finding &f : game.findings)
            if (f.diagnostic.severity == Severity::error)
              out.status = 1;
        return out;
      },
      [&](const batch::Record &record, RecordResult &&result) {
        if ((!o.batch.quiet || result.status == 2) && !result.messages.empty()) {
          progress.erase();
          std::fputs(result.messages.c_str(), stderr);
        }
        status = std::max(status, result.status);
        progress.count(record);
        if (result.report.games.empty())
          return; // a special file skipped in a folder
        ++records;
        page.add(std::move(result.report));
        diagrams_left.store(page.diagrams_left());
      });
  progress.erase();
  if (records == 0)
    std::fputs(format_text("sgf report",
                           make_diagnostic(Severity::warning, "no-records",
                                           "the inputs hold no record (folders are searched for "
                                           "*.sgf, *.gib, *.ngf, *.ugf and *.ugi by default)"),
                           colour)
                   .c_str(),
               stderr);

  const std::string text = page.html();
  return write_whole_output(o.batch.output, text) ? status : 2;
}

} // namespace

void register_report(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<ReportCommandOptions>();
  auto *cmd = root.add_subcommand(
      "report", "One self-contained HTML page: summary, games table and a diagram for each "
                "finding of the check (exit 1 on errors)");
  add_batch_options(*cmd, options->batch);
  cmd->remove_option(cmd->get_option("--format")); // the page is HTML only
  add_rules_options(*cmd, options->rules);
  cmd->add_option("--max-diagrams", options->max_diagrams,
                  "Draw at most N diagrams (the first findings with a position, in input "
                  "order); the table of games stays complete")
      ->type_name("N")
      ->capture_default_str();
  cmd->add_option("--diagram-size", options->diagram_width, "Width of each diagram in pixels")
      ->type_name("PIXELS")
      ->check(CLI::Range(120, 2000))
      ->capture_default_str();
  cmd->add_flag("--variations", options->variations,
                "Replay every variation (the default; kept for scripts that ask for it)");
  cmd->add_flag("--main-line", options->main_line, "Replay the main line only, not the variations")
      ->excludes("--variations");
  cmd->add_flag("--no-count", options->no_count,
                "Do not count games that ended by passes (no counted result, no dispute)");
  cmd->add_option("--severity", options->severity,
                  "List only findings at least this severe (as sgf check --severity)")
      ->type_name("note|warning|error")
      ->check(CLI::IsMember({"note", "warning", "error"}))
      ->capture_default_str();
  cmd->callback([options, &exit_status] { exit_status = run(*options); });
}

} // namespace sgf::tools
