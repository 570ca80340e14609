// bench_parse: reads records with RecordSource, parses them with parse_sgf on -j threads
// through the ordered pipeline, and prints one line of figures (throughput, peak memory).
#include "lib/batch/inputs.h"
#include "lib/batch/pipeline.h"
#include "parsers/sgf/parse.h"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/resource.h>
#include <vector>

namespace {

struct Parsed {
  size_t bytes = 0;
  size_t games = 0;
  bool failed = false;
  bool unreadable = false;
};

} // namespace

int main(int argc, char **argv) {
  sgf::batch::InputSpec spec;
  int jobs = 1;
  bool read_only = false; // the cost of reading and the pipeline alone, without parse_sgf
  std::vector<std::string> globs;
  CLI::App app{"bench_parse: read and parse records on -j threads; prints one line: threads files "
               "bytes games errors unreadable seconds cpu_seconds MB/s games/s MB/cpu_s "
               "peak_rss_MiB"};
  app.add_option("-j", jobs, "worker threads");
  app.add_flag("--read-only", read_only, "read and pipeline only, no parse_sgf");
  app.add_option("--files-from", spec.files_from, "a list of inputs");
  app.add_flag("-0", spec.null_separated, "the list is NUL-separated");
  app.add_option("--glob", globs, "file names to take from folders (repeatable; default *.sgf)")
      ->take_all()
      ->allow_extra_args(false);
  app.add_option("inputs", spec.paths, "files, folders, archives");
  CLI11_PARSE(app, argc, argv);
  if (!globs.empty())
    spec.globs = globs;
  if (spec.paths.empty() && spec.files_from.empty()) {
    std::fputs(app.help().c_str(), stderr);
    return 2;
  }

  size_t files = 0, bytes = 0, games = 0, errors = 0, unreadable = 0;
  auto start = std::chrono::steady_clock::now();
  sgf::batch::RecordSource source(spec);
  sgf::batch::ordered_map(
      source, sgf::batch::PipelineOptions{jobs, 0},
      [read_only](const sgf::batch::Record &record) {
        Parsed p;
        if (record.error) {
          p.unreadable = true;
          return p;
        }
        p.bytes = record.bytes.size();
        if (read_only)
          return p;
        sgf::ParseResult result = sgf::parse_sgf(record.bytes);
        p.games = result.collection.games.size();
        p.failed = !result.ok();
        return p;
      },
      [&](const sgf::batch::Record &, Parsed p) {
        ++files;
        bytes += p.bytes;
        games += p.games;
        errors += p.failed;
        unreadable += p.unreadable;
      });
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  // CPU time beside wall time: on a shared machine the wall clock also counts other programs.
  auto to_seconds = [](const timeval &t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
  double cpu = to_seconds(usage.ru_utime) + to_seconds(usage.ru_stime);
  std::printf("threads=%d files=%zu bytes=%zu games=%zu errors=%zu unreadable=%zu seconds=%.3f "
              "cpu_seconds=%.3f MB/s=%.1f games/s=%.0f MB/cpu_s=%.1f peak_rss_MiB=%.1f\n",
              sgf::batch::resolve_jobs(jobs), files, bytes, games, errors, unreadable, seconds, cpu,
              double(bytes) / 1e6 / seconds, double(games) / seconds, double(bytes) / 1e6 / cpu,
              double(usage.ru_maxrss) / 1024.0);
  return 0;
}
