// An ordered parallel map over a RecordSource: records are read in order, worked on in
// parallel, and handed to the sink in input order, with a bounded number in flight; and the
// same over the games of one record.
#pragma once

#include "lib/batch/inputs.h"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/concurrent_queue.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

namespace sgf::batch {

struct PipelineOptions {
  int jobs = 0; // workers; 0 or less: all cores
  // Records read but not yet through the sink; 0: 16 × jobs while every record read is small,
  // 4 × jobs from the first large one on. Work whose time varies from record to record (a game
  // counted by playouts beside many that are not) holds up the records behind it, which must
  // reach the sink in order: the more in flight, the less the other workers wait.
  size_t max_in_flight = 0;
  size_t large_record_bytes = size_t{1} << 20; // a record of this size or more is large
};

inline int resolve_jobs(int jobs) {
  if (jobs > 0)
    return jobs;
  unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : int(cores);
}

// Calls work(record) on `jobs` threads and sink(record, result) on one thread at a time, in the
// order the source yields the records. Memory is bounded by the records and results in flight,
// whatever the length of the stream (`owned` never holds more items than may be in flight): in
// bytes read, 16 × jobs records under large_record_bytes, then 4 × jobs of any size. Error
// records go through work too: work decides what they mean. If work or sink throws, the map
// stops and the exception is rethrown here.
template <class Work, class Sink>
void ordered_map(RecordSource &source, const PipelineOptions &options, Work &&work, Sink &&sink) {
  using Result = std::decay_t<std::invoke_result_t<Work &, const Record &>>;
  struct Item {
    Record record;
    Result result{};
  };
  const int jobs = resolve_jobs(options.jobs);
  auto tokens = [&](bool large) {
    return options.max_in_flight > 0 ? options.max_in_flight : size_t((large ? 4 : 16) * jobs);
  };

  // Items travel between the stages as raw pointers because TBB copies what it passes along.
  // They live in `owned` and are recycled through `spare`, so that none leaks when work throws
  // and TBB drops the ones in flight. The read stage is serial, so only it touches `owned`.
  std::vector<std::unique_ptr<Item>> owned;
  tbb::concurrent_queue<Item *> spare;
  // The first large record ends the run that allows more in flight; the next run starts with it.
  bool large = false;
  std::optional<Record> first_large;
  auto read = [&](tbb::flow_control &control) -> Item * {
    std::optional<Record> record =
        first_large ? std::exchange(first_large, std::nullopt) : source.next();
    if (record && !large && record->bytes.size() >= options.large_record_bytes) {
      first_large = std::move(record);
      record.reset();
    }
    if (!record) {
      control.stop();
      return nullptr;
    }
    Item *item = nullptr;
    if (!spare.try_pop(item)) {
      owned.push_back(std::make_unique<Item>());
      item = owned.back().get();
    }
    item->record = std::move(*record);
    return item;
  };
  auto process = [&](Item *item) -> Item * {
    item->result = work(std::as_const(item->record));
    return item;
  };
  auto deliver = [&](Item *item) {
    sink(std::as_const(item->record), std::move(item->result));
    item->record = Record{}; // free the bytes now rather than when the slot is reused
    item->result = Result{};
    spare.push(item);
  };

  // The global limit is raised too, for -j beyond the number of cores: without it TBB caps the
  // arena and prints a warning.
  tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, size_t(jobs));
  tbb::task_arena arena(jobs);
  for (bool first_run = true; first_run || first_large; first_run = false) {
    large = first_large.has_value();
    arena.execute([&] {
      tbb::parallel_pipeline(
          tokens(large),
          tbb::make_filter<void, Item *>(tbb::filter_mode::serial_in_order, read) &
              tbb::make_filter<Item *, Item *>(tbb::filter_mode::parallel, process) &
              tbb::make_filter<Item *, void>(tbb::filter_mode::serial_in_order, deliver));
    });
  }
}

// Calls work(i) for every i below n, in parallel a window at a time, and sink(i, result) in order
// of i on the calling thread, so that the games of one large collection keep every worker busy
// while the results held stay few: `per_worker` results for each thread of the caller's task
// arena (ordered_map's, of -j threads), where the work runs. It is isolated: a thread waiting
// for the window takes no other record's work, which would enter its per-thread state twice. A
// single item is worked on where it is.
template <class Work, class Sink>
void ordered_for(size_t n, size_t per_worker, Work &&work, Sink &&sink) {
  using Result = std::decay_t<std::invoke_result_t<Work &, size_t>>;
  if (n <= 1) {
    if (n == 1)
      sink(size_t{0}, work(size_t{0}));
    return;
  }
  const size_t workers = size_t(std::max(tbb::this_task_arena::max_concurrency(), 1));
  const size_t window = std::clamp<size_t>(per_worker, 1, n) * workers;
  std::vector<Result> results;
  for (size_t start = 0; start < n; start += window) {
    const size_t end = std::min(n, start + window);
    results.assign(end - start, Result{});
    tbb::this_task_arena::isolate([&] {
      tbb::parallel_for(tbb::blocked_range<size_t>(start, end, 1),
                        [&](const tbb::blocked_range<size_t> &range) {
                          for (size_t i = range.begin(); i != range.end(); ++i)
                            results[i - start] = work(i);
                        });
    });
    for (size_t i = start; i < end; ++i)
      sink(i, std::move(results[i - start]));
  }
}

} // namespace sgf::batch
