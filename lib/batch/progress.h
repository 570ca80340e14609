// A progress line for long batches ("sgf: 12,345 records, 3,210/s"), as text: the library
// decides what to say and when, the tool decides where (and whether) to print it.
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

// Counts records and says when a refresh is due, at most once per interval.
class ProgressMeter {
public:
  using Clock = std::chrono::steady_clock;

  explicit ProgressMeter(Clock::time_point start,
                         Clock::duration interval = std::chrono::milliseconds(100))
      : start_(start), last_(start), interval_(interval) {}

  // Counts one more record; returns the line to show when a refresh is due.
  std::optional<std::string> count(Clock::time_point now);

  std::string line(Clock::time_point now) const;
  uint64_t records() const { return records_; }

private:
  Clock::time_point start_;
  Clock::time_point last_;
  Clock::duration interval_;
  uint64_t records_ = 0;
};

} // namespace sgf::batch
