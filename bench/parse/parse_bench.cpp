// bench_parse: reads records with RecordSource, parses them with parse_sgf on -j threads
// through the ordered pipeline, and prints one line of figures (throughput, peak memory).
#include "lib/batch/inputs.h"
#include "lib/batch/pipeline.h"
#include "parsers/sgf/parse.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/resource.h>

namespace {

struct Parsed {
  size_t bytes = 0;
  size_t games = 0;
  bool failed = false;
  bool unreadable = false;
};

int usage() {
  std::fputs("usage: bench_parse [-j N] [--read-only] [--files-from LIST [-0]] [--glob PATTERN]... "
             "INPUT...\n"
             "prints: threads files bytes games errors unreadable seconds cpu_seconds MB/s "
             "games/s MB/cpu_s peak_rss_MiB\n",
             stderr);
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  sgf::batch::InputSpec spec;
  int jobs = 1;
  bool custom_glob = false;
  bool read_only = false; // the cost of reading and the pipeline alone, without parse_sgf
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> const char * { return i + 1 < argc ? argv[++i] : nullptr; };
    if (arg == "-j") {
      const char *v = value();
      if (!v)
        return usage();
      jobs = std::atoi(v);
    } else if (arg == "--files-from") {
      const char *v = value();
      if (!v)
        return usage();
      spec.files_from = v;
    } else if (arg == "--read-only") {
      read_only = true;
    } else if (arg == "-0") {
      spec.null_separated = true;
    } else if (arg == "--glob") {
      const char *v = value();
      if (!v)
        return usage();
      if (!custom_glob)
        spec.globs.clear();
      custom_glob = true;
      spec.globs.push_back(v);
    } else if (arg == "-h" || arg == "--help") {
      return usage();
    } else {
      spec.paths.push_back(arg);
    }
  }
  if (spec.paths.empty() && spec.files_from.empty())
    return usage();

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
  auto to_seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
  double cpu = to_seconds(usage.ru_utime) + to_seconds(usage.ru_stime);
  std::printf("threads=%d files=%zu bytes=%zu games=%zu errors=%zu unreadable=%zu seconds=%.3f "
              "cpu_seconds=%.3f MB/s=%.1f games/s=%.0f MB/cpu_s=%.1f peak_rss_MiB=%.1f\n",
              sgf::batch::resolve_jobs(jobs), files, bytes, games, errors, unreadable, seconds, cpu,
              double(bytes) / 1e6 / seconds, double(games) / seconds, double(bytes) / 1e6 / cpu,
              double(usage.ru_maxrss) / 1024.0);
  return 0;
}
