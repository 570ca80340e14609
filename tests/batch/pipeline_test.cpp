// ordered_map: output order is input order whatever the number of workers and however long
// each record takes, and only a bounded number of records is in flight. ordered_for: the same
// over the games of one record, on the record's workers.
#include "lib/batch/pipeline.h"

#include "tests/batch/helpers.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>

namespace sgf::batch {
namespace {

using namespace testing;

// A folder of n records whose bytes are their index, so that order can be checked; from index
// `padded_from` on, 16 bytes: the index with leading zeros.
void make_numbered(const TempDir &dir, int n, int padded_from = -1) {
  for (int i = 0; i < n; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "%04d.sgf", i);
    std::string bytes = std::to_string(i);
    if (padded_from >= 0 && i >= padded_from)
      bytes.insert(0, 16 - bytes.size(), '0');
    write_text(dir / name, bytes);
  }
}

InputSpec folder_spec(const TempDir &dir) {
  InputSpec spec;
  spec.paths = {dir.path().string()};
  return spec;
}

// Raises `most` to `value` if it is less.
void raise_to(std::atomic<int> &most, int value) {
  int previous = most.load();
  while (value > previous && !most.compare_exchange_weak(previous, value)) {
  }
}

class Order : public ::testing::TestWithParam<int> {};

TEST_P(Order, OutputOrderIsInputOrderWithRandomWorkTimes) {
  TempDir dir;
  const int n = 300;
  make_numbered(dir, n);
  RecordSource source(folder_spec(dir));
  std::mutex random_lock;
  std::mt19937 random(GetParam());
  std::atomic<int> concurrent{0}, most_concurrent{0};
  std::vector<int> seen;
  ordered_map(
      source, PipelineOptions{GetParam(), 0},
      [&](const Record &record) {
        const int value = std::stoi(record.bytes);
        raise_to(most_concurrent, ++concurrent);
        // The first record waits for another worker to take a record (a worker that comes late
        // under load gets a second to do it).
        for (int ms = 0; value == 0 && GetParam() > 1 && most_concurrent < 2 && ms < 1000; ++ms)
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        int micros;
        {
          std::lock_guard lock(random_lock);
          micros = int(random() % 800);
        }
        std::this_thread::sleep_for(std::chrono::microseconds(micros));
        --concurrent;
        return value;
      },
      [&](const Record &record, int value) {
        EXPECT_EQ(std::to_string(value), record.bytes);
        seen.push_back(value);
      });
  ASSERT_EQ(int(seen.size()), n);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(seen[size_t(i)], i);
  EXPECT_LE(most_concurrent.load(), GetParam());
  if (GetParam() > 1 && std::thread::hardware_concurrency() > 1) {
    EXPECT_GT(most_concurrent.load(), 1) << "the work never ran in parallel";
  }
}

INSTANTIATE_TEST_SUITE_P(Jobs, Order, ::testing::Values(1, 2, 4));

TEST(Pipeline, BoundedNumberOfRecordsInFlight) {
  TempDir dir;
  make_numbered(dir, 200);
  for (size_t bound : {size_t(3), size_t(8)}) {
    RecordSource source(folder_spec(dir));
    std::atomic<int> started{0};
    std::atomic<int> delivered{0};
    std::atomic<int> most{0};
    // Fast work and a slow sink: without the bound, reading would run far ahead.
    ordered_map(
        source, PipelineOptions{2, bound},
        [&](const Record &) {
          raise_to(most, ++started - delivered); // delivered only grows: a stale read overstates
          return 0;
        },
        [&](const Record &, int) {
          std::this_thread::sleep_for(std::chrono::microseconds(200));
          ++delivered;
        });
    EXPECT_EQ(delivered, 200);
    EXPECT_LE(most.load(), int(bound));
  }
}

TEST(Pipeline, FewerRecordsInFlightFromTheFirstLargeOne) {
  TempDir dir;
  const int n = 200, first_large = 100;
  make_numbered(dir, n, first_large);
  RecordSource source(folder_spec(dir));
  PipelineOptions options{2, 0};
  options.large_record_bytes = 16;
  std::atomic<int> started{0}, delivered{0}, most_small{0}, most_large{0};
  std::vector<int> seen;
  // Fast work and a slow sink, as above: reading runs ahead as far as the bound allows.
  ordered_map(
      source, options,
      [&](const Record &record) {
        const int value = std::stoi(record.bytes);
        raise_to(value < first_large ? most_small : most_large, ++started - delivered);
        return value;
      },
      [&](const Record &, int value) {
        // The first delivery waits for the reading to run ahead (a worker that comes late under
        // load gets a second to do it).
        for (int ms = 0; value == 0 && started <= 4 * 2 && ms < 1000; ++ms)
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        seen.push_back(value);
        ++delivered;
      });
  ASSERT_EQ(int(seen.size()), n);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(seen[size_t(i)], i);
  EXPECT_LE(most_small.load(), 16 * 2);
  EXPECT_LE(most_large.load(), 4 * 2);
  if (std::thread::hardware_concurrency() > 1) {
    EXPECT_GT(most_small.load(), 4 * 2) << "small records were held to the large records' bound";
  }
}

TEST(Pipeline, ErrorRecordsReachTheWorkInOrder) {
  TempDir dir;
  make_numbered(dir, 3);
  InputSpec spec;
  spec.paths = {(dir / "0000.sgf").string(), "missing.sgf", (dir / "0002.sgf").string()};
  RecordSource source(spec);
  std::vector<std::string> seen;
  ordered_map(
      source, PipelineOptions{2, 0},
      [](const Record &r) { return r.error ? std::string("error") : r.bytes; },
      [&](const Record &, std::string s) { seen.push_back(std::move(s)); });
  EXPECT_EQ(seen, (std::vector<std::string>{"0", "error", "2"}));
}

TEST(Pipeline, AnExceptionInTheWorkStopsTheMapAndIsRethrown) {
  TempDir dir;
  make_numbered(dir, 100);
  RecordSource source(folder_spec(dir));
  int delivered = 0;
  EXPECT_THROW(ordered_map(
                   source, PipelineOptions{2, 0},
                   [](const Record &r) {
                     if (r.bytes == "50")
                       throw std::runtime_error("work failed");
                     return 0;
                   },
                   [&](const Record &, int) { ++delivered; }),
               std::runtime_error);
  EXPECT_LE(delivered, 50); // nothing after the failed record; the leak check is ASan's
}

TEST(Pipeline, EmptyInput) {
  TempDir dir;
  RecordSource source(folder_spec(dir));
  int calls = 0;
  ordered_map(
      source, PipelineOptions{2, 0}, [](const Record &) { return 0; },
      [&](const Record &, int) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(Pipeline, ResolveJobs) {
  EXPECT_EQ(resolve_jobs(3), 3);
  EXPECT_GE(resolve_jobs(0), 1);
  EXPECT_GE(resolve_jobs(-1), 1);
}

// Runs ordered_for(n, window) over items whose work takes a random time, in an arena of two
// threads; checks that the sink sees every item once, in order, with its own result, and that at
// most `window` results per thread wait.
void expect_ordered(size_t n, size_t window) {
  std::mt19937 random(static_cast<unsigned>(n * 31 + window));
  std::vector<int> micros(n);
  for (int &m : micros)
    m = static_cast<int>(random() % 300);
  std::atomic<int> worked{0}, most_waiting{0};
  int sunk = 0;
  std::vector<size_t> order;
  ordered_for(
      n, window,
      [&](size_t i) {
        std::this_thread::sleep_for(std::chrono::microseconds(micros[i]));
        raise_to(most_waiting, ++worked - sunk);
        return i * i;
      },
      [&](size_t i, size_t result) {
        EXPECT_EQ(result, i * i);
        order.push_back(i);
        ++sunk;
      });
  std::vector<size_t> expected(n);
  for (size_t i = 0; i < n; ++i)
    expected[i] = i;
  EXPECT_EQ(order, expected) << n << " items, window " << window;
  EXPECT_LE(most_waiting.load(), 2 * int(std::max<size_t>(window, 1)));
}

TEST(OrderedFor, SinkInOrderWhateverTheWorkTimes) {
  tbb::task_arena arena(2);
  arena.execute([] {
    for (auto [n, window] :
         {std::pair{size_t(0), size_t(8)}, {1, 8}, {2, 8}, {100, 7}, {100, 100}, {64, 1}, {5, 0}})
      expect_ordered(n, window);
  });
}

// Both items of a record of two run at once on the two workers of a run of -j 2: the games of
// one large collection keep both cores busy. Each item waits (a few seconds at most) until the
// other has started.
TEST(OrderedFor, TheGamesOfOneRecordShareTheWorkers) {
  TempDir dir;
  make_numbered(dir, 1);
  RecordSource source(folder_spec(dir));
  std::mutex lock;
  std::condition_variable changed;
  int started = 0, met = 0; // items started, items that saw the other start
  ordered_map(
      source, PipelineOptions{2, 0},
      [&](const Record &) {
        ordered_for(
            2, 2,
            [&](size_t) {
              std::unique_lock hold(lock);
              ++started;
              changed.notify_all();
              if (changed.wait_for(hold, std::chrono::seconds(5), [&] { return started == 2; }))
                ++met;
              return 0;
            },
            [](size_t, int) {});
        return 0;
      },
      [](const Record &, int) {});
  EXPECT_EQ(met, 2);
}

TEST(OrderedFor, AnExceptionInTheWorkIsRethrown) {
  int sunk = 0;
  tbb::task_arena arena(1); // windows of 4
  arena.execute([&] {
    EXPECT_THROW(ordered_for(
                     10, 4,
                     [](size_t i) {
                       if (i == 6)
                         throw std::runtime_error("work failed");
                       return 0;
                     },
                     [&](size_t, int) { ++sunk; }),
                 std::runtime_error);
  });
  EXPECT_EQ(sunk, 4); // the first window; nothing of the window that failed
}

} // namespace
} // namespace sgf::batch
