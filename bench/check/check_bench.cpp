// bench_check: the rules engine over a corpus. Two measurements:
//   pipeline mode: RecordSource + ordered pipeline + parse_sgf + rules_for + replay of the main
//     line on -j threads; prints throughput, the time spent in replay alone (wall, and the
//     worker's CPU time: replay right after the parse, the tree still in cache, as in
//     `sgf check`), peak memory, and
//     (with --codes) the count of every rules code and a few samples of each;
//   --loop N: the first N files are parsed once into memory, then replayed again and again for
//     about two seconds on one thread: replay with superko alone, in moves per second.
#include "lib/batch/inputs.h"
#include "lib/batch/pipeline.h"
#include "lib/rules/replay.h"
#include "lib/rules/rule_set.h"
#include "lib/sgf/values.h"
#include "parsers/sgf/parse.h"

#include <CLI/CLI.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <sys/resource.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Checked {
  size_t bytes = 0;
  size_t games = 0;
  size_t moves = 0;
  double replay_seconds = 0;
  double replay_cpu_seconds = 0; // the worker thread's CPU time in rules_for + replay
  bool unreadable = false;
  std::vector<sgf::Diagnostic> diagnostics; // rules diagnostics, game set
};

double cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

double peak_rss_mib() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_maxrss) / 1024.0;
}

sgf::rules::RuleSet rules_of(const sgf::Game &game, const std::optional<sgf::rules::RuleSet> &req,
                             sgf::Diagnostics &notes) {
  return sgf::rules::rules_for(game, req, notes);
}

} // namespace

int main(int argc, char **argv) {
  sgf::batch::InputSpec spec;
  int jobs = 1;
  bool codes = false;
  int samples = 0;
  size_t loop = 0, fixed_rounds = 0;
  bool no_board = false;
  std::optional<sgf::rules::RuleSet> requested;
  std::string rules_name;
  CLI::App app{"bench_check: read, parse and replay records; prints one line: threads files games "
               "moves seconds games/s moves/s replay_seconds replay_moves/s replay_cpu_seconds "
               "replay_moves/cpu_s peak_rss_MiB (and code counts with --codes)"};
  app.add_option("-j", jobs, "worker threads");
  app.add_option("--rules", rules_name, "a rule-set preset instead of each record's RU");
  app.add_flag("--codes", codes, "count every rules code");
  auto *samples_option = app.add_option(
      "--samples", samples, "with --codes: K samples of each code (-1: every one but notes)");
  app.add_option("--loop", loop, "parse up to N files, then replay them in a loop");
  app.add_option("--rounds", fixed_rounds, "with --loop: this many rounds instead of ~2 s");
  app.add_flag("--no-board", no_board, "with --loop: skip the board-alone figure");
  app.add_option("--files-from", spec.files_from, "a list of inputs");
  app.add_flag("-0", spec.null_separated, "the list is NUL-separated");
  app.add_option("inputs", spec.paths, "files, folders, archives");
  CLI11_PARSE(app, argc, argv);
  codes = codes || samples_option->count() > 0;
  if (!rules_name.empty() && !(requested = sgf::rules::preset(rules_name))) {
    std::fprintf(stderr, "bench_check: unknown rule set %s\n", rules_name.c_str());
    return 2;
  }
  if (spec.paths.empty() && spec.files_from.empty()) {
    std::fputs(app.help().c_str(), stderr);
    return 2;
  }

  if (loop > 0) {
    // Replay alone: parse up to `loop` files into memory, then replay them repeatedly.
    std::vector<sgf::Collection> collections;
    sgf::batch::RecordSource source(spec);
    while (collections.size() < loop) {
      std::optional<sgf::batch::Record> record = source.next();
      if (!record)
        break;
      if (!record->error)
        collections.push_back(sgf::parse_sgf(record->bytes).collection);
    }
    std::vector<std::pair<const sgf::Game *, sgf::rules::RuleSet>> games;
    for (const sgf::Collection &c : collections)
      for (const sgf::Game &g : c.games) {
        sgf::Diagnostics notes;
        games.emplace_back(&g, rules_of(g, requested, notes));
      }
    if (!no_board) {
      // The board alone: the same moves, decoded beforehand, played with captures but no
      // history and no rules; the floor under the replay figure.
      struct Decoded {
        sgf::BoardSize size;
        std::vector<std::pair<sgf::Point, sgf::Color>> moves;
      };
      std::vector<Decoded> decoded;
      for (const auto &[game, rules] : games) {
        Decoded d;
        if (auto line = sgf::rules::replay(*game, rules); !line.empty())
          d.size = line.front().board.size();
        for (sgf::NodeIndex n : game->main_line())
          if (auto m = sgf::move_of(game->nodes[n], d.size); m && !m->pass)
            d.moves.emplace_back(m->point, m->color);
        decoded.push_back(std::move(d));
      }
      size_t played = 0;
      const double cpu0 = cpu_seconds();
      double cpu = 0;
      do {
        for (const Decoded &d : decoded) {
          sgf::rules::Board board(d.size);
          for (const auto &[p, c] : d.moves) {
            const sgf::rules::Loc l = board.loc(p);
            if (board.at_loc(l) == sgf::rules::Stone::empty) {
              board.play_loc(l, c, false);
              ++played;
            }
          }
        }
        cpu = cpu_seconds() - cpu0;
      } while (cpu < 1.0);
      std::printf("board_only moves=%zu cpu_seconds=%.3f board_moves/cpu_s=%.0f\n", played, cpu,
                  double(played) / cpu);
    }
    size_t moves = 0, rounds = 0, diagnostics = 0;
    const double cpu_start = cpu_seconds();
    const auto start = Clock::now();
    double seconds = 0;
    do {
      for (const auto &[game, rules] : games) {
        auto lines = sgf::rules::replay(*game, rules);
        moves += static_cast<size_t>(lines.front().moves);
        diagnostics += lines.front().diagnostics.size();
      }
      ++rounds;
      seconds = std::chrono::duration<double>(Clock::now() - start).count();
    } while (fixed_rounds > 0 ? rounds < fixed_rounds : seconds < 2.0);
    // The machine may be shared: CPU time is what one core did, wall time what we waited.
    const double cpu = cpu_seconds() - cpu_start;
    std::printf("loop files=%zu games=%zu rounds=%zu moves=%zu diagnostics=%zu seconds=%.3f "
                "cpu_seconds=%.3f replay_moves/s=%.0f replay_moves/cpu_s=%.0f "
                "replay_games/cpu_s=%.0f peak_rss_MiB=%.1f\n",
                collections.size(), games.size(), rounds, moves, diagnostics, seconds, cpu,
                double(moves) / seconds, double(moves) / cpu, double(games.size() * rounds) / cpu,
                peak_rss_mib());
    return 0;
  }

  size_t files = 0, bytes = 0, games = 0, moves = 0, unreadable = 0;
  double replay_seconds = 0, replay_cpu_seconds = 0;
  std::map<std::string, size_t> counts;
  std::map<std::string, std::vector<std::string>> examples;
  const auto start = Clock::now();
  sgf::batch::RecordSource source(spec);
  sgf::batch::ordered_map(
      source, sgf::batch::PipelineOptions{jobs, 0},
      [&](const sgf::batch::Record &record) {
        Checked out;
        if (record.error) {
          out.unreadable = true;
          return out;
        }
        out.bytes = record.bytes.size();
        sgf::ParseResult parsed = sgf::parse_sgf(record.bytes);
        out.games = parsed.collection.games.size();
        const auto t0 = Clock::now();
        const double cpu0 = cpu_seconds();
        int index = 0;
        for (const sgf::Game &game : parsed.collection.games) {
          sgf::Diagnostics notes;
          const sgf::rules::RuleSet rules = rules_of(game, requested, notes);
          auto lines = sgf::rules::replay(game, rules);
          out.moves += static_cast<size_t>(lines.front().moves);
          if (codes) {
            for (sgf::Diagnostic &d : notes)
              out.diagnostics.push_back(std::move(d));
            for (sgf::Diagnostic &d : lines.front().diagnostics) {
              d.game = index;
              out.diagnostics.push_back(std::move(d));
            }
          }
          ++index;
        }
        out.replay_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        out.replay_cpu_seconds = cpu_seconds() - cpu0;
        return out;
      },
      [&](const sgf::batch::Record &record, Checked c) {
        ++files;
        bytes += c.bytes;
        games += c.games;
        moves += c.moves;
        unreadable += c.unreadable;
        replay_seconds += c.replay_seconds;
        replay_cpu_seconds += c.replay_cpu_seconds;
        for (const sgf::Diagnostic &d : c.diagnostics) {
          ++counts[d.code];
          auto &list = examples[d.code];
          // Spread the samples over the corpus: the first, then every so often.
          const size_t n = counts[d.code];
          if (samples < 0 ? d.severity != sgf::Severity::note
                          : static_cast<int>(list.size()) < samples && (n == 1 || n % 97 == 0))
            list.push_back(record.name + ":" + std::to_string(d.pos.line) + ":" +
                           std::to_string(d.pos.col) + ": " + sgf::to_string(d.severity) + "[" +
                           d.code + "] move " + std::to_string(d.move) + ": " + d.message);
        }
      });
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  rusage self{};
  ::getrusage(RUSAGE_SELF, &self);
  const double cpu = double(self.ru_utime.tv_sec) + double(self.ru_utime.tv_usec) / 1e6 +
                     double(self.ru_stime.tv_sec) + double(self.ru_stime.tv_usec) / 1e6;
  // Wall time on a shared machine says little; CPU time (all threads) says what the work cost.
  std::printf("threads=%d files=%zu bytes=%zu games=%zu moves=%zu unreadable=%zu seconds=%.3f "
              "cpu_seconds=%.3f games/s=%.0f moves/s=%.0f games/cpu_s=%.0f moves/cpu_s=%.0f "
              "replay_seconds=%.3f replay_moves/s=%.0f replay_cpu_seconds=%.3f "
              "replay_moves/cpu_s=%.0f peak_rss_MiB=%.1f\n",
              sgf::batch::resolve_jobs(jobs), files, bytes, games, moves, unreadable, seconds, cpu,
              double(games) / seconds, double(moves) / seconds, double(games) / cpu,
              double(moves) / cpu, replay_seconds, double(moves) / replay_seconds,
              replay_cpu_seconds, double(moves) / replay_cpu_seconds, peak_rss_mib());
  if (codes) {
    for (const auto &[code, n] : counts) {
      std::printf("code %-18s %zu\n", code.c_str(), n);
      for (const std::string &e : examples[code])
        std::printf("  %s\n", e.c_str());
    }
  }
  return 0;
}
