// ProgressMeter: rate-limited so that a fast batch does not spend its time on the terminal.
#include "lib/batch/progress.h"

#include <cmath>

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

std::optional<std::string> ProgressMeter::count(Clock::time_point now) {
  ++records_;
  if (now - last_ < interval_)
    return std::nullopt;
  last_ = now;
  return line(now);
}

std::string ProgressMeter::line(Clock::time_point now) const {
  double seconds = std::chrono::duration<double>(now - start_).count();
  return format_progress(records_, seconds > 0 ? double(records_) / seconds : 0.0);
}

} // namespace sgf::batch
