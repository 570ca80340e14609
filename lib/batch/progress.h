// A progress line for long batches ("sgf: 12,345 records, 3,210/s, 42%, 1:05 left"), as text:
// the library decides what to say and when, the tool decides where (and whether) to print it.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace sgf::batch {

// 1234567 → "1,234,567": counts in messages people read.
std::string with_commas(uint64_t n);

// "sgf: 12,345 records, 3,210/s"
std::string format_progress(uint64_t records, double per_second);

// ", 42%, 1:05 left": how much of `total` bytes is read after `seconds`, and the time left at the
// rate so far. Below 100% until the end: a file that grows meanwhile makes more than the total.
// The time left is said once a second has passed: the first records' rate says little.
std::string format_share(uint64_t read, uint64_t total, double seconds);

// The bytes of the inputs a run has got through: `passed` when its last record finished, and
// `worked` millionths of the next record, which ends at `next_passed` (Record::worked).
uint64_t bytes_through(uint64_t passed, uint64_t next_passed, uint32_t worked);

// "0:42", "1:02:03": a time in whole seconds.
std::string format_duration(uint64_t seconds);

// Counts records and says when a refresh is due, at most once per interval.
class ProgressMeter {
public:
  using Clock = std::chrono::steady_clock;
  // No record finished for this long: the line says so (one large collection at work), so that
  // a run that is busy does not look like one that hangs.
  static constexpr Clock::duration kStale = std::chrono::seconds(1);

  explicit ProgressMeter(Clock::time_point start,
                         Clock::duration interval = std::chrono::milliseconds(100))
      : start_(start), last_(start), last_record_(start), interval_(interval) {}

  // Counts one more record; true when a refresh is due.
  bool count(Clock::time_point now);

  // Whether no record has finished for kStale or longer.
  bool stale(Clock::time_point now) const { return now - last_record_ >= kStale; }

  // The line to show: with the share read when the total bytes to read are known, and, when
  // stale, ", 0:42 since the last record" (or "since the start").
  std::string line(Clock::time_point now, uint64_t bytes_read = 0,
                   std::optional<uint64_t> total_bytes = std::nullopt) const;
  uint64_t records() const { return records_; }

private:
  Clock::time_point start_;
  Clock::time_point last_;
  Clock::time_point last_record_;
  Clock::duration interval_;
  uint64_t records_ = 0;
};

} // namespace sgf::batch
