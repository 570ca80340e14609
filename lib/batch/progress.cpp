// ProgressMeter: rate-limited so that a fast batch does not spend its time on the terminal.
#include "lib/batch/progress.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace sgf::batch {

std::string with_commas(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0)
      out += ',';
    out += digits[i];
  }
  return out;
}

std::string format_progress(uint64_t records, double per_second) {
  uint64_t rate = per_second > 0 && std::isfinite(per_second) ? uint64_t(per_second + 0.5) : 0;
  return "sgf: " + with_commas(records) + (records == 1 ? " record, " : " records, ") +
         with_commas(rate) + "/s";
}

std::string format_share(uint64_t read, uint64_t total, double seconds) {
  read = std::min(read, total);
  const int percent = total == 0 ? 99 : std::min(int(100 * double(read) / double(total)), 99);
  std::string text = fmt::format(", {}%", percent);
  if (seconds < 1 || read == 0)
    return text;
  const auto left = uint64_t(seconds * double(total - read) / double(read) + 0.5);
  return text + ", " + format_duration(left) + " left";
}

uint64_t bytes_through(uint64_t passed, uint64_t next_passed, uint32_t worked) {
  if (next_passed <= passed)
    return passed;
  const double share = std::min(worked, 1'000'000u) / 1e6;
  return passed + uint64_t(share * double(next_passed - passed));
}

std::string format_duration(uint64_t seconds) {
  if (seconds >= 3600)
    return fmt::format("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60);
  return fmt::format("{}:{:02}", seconds / 60, seconds % 60);
}

bool ProgressMeter::count(Clock::time_point now) {
  ++records_;
  last_record_ = now;
  if (now - last_ < interval_)
    return false;
  last_ = now;
  return true;
}

std::string ProgressMeter::line(Clock::time_point now, uint64_t bytes_read,
                                std::optional<uint64_t> total_bytes) const {
  double seconds = std::chrono::duration<double>(now - start_).count();
  std::string text = format_progress(records_, seconds > 0 ? double(records_) / seconds : 0.0);
  if (total_bytes)
    text += format_share(bytes_read, *total_bytes, seconds);
  if (stale(now))
    text += ", " +
            format_duration(uint64_t(std::chrono::duration<double>(now - last_record_).count())) +
            (records_ == 0 ? " since the start" : " since the last record");
  return text;
}

} // namespace sgf::batch
