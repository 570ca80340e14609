// The progress line's text and its refresh rate.
#include "lib/batch/progress.h"

#include <gtest/gtest.h>

namespace sgf::batch {
namespace {

using namespace std::chrono_literals;

TEST(Progress, Format) {
  EXPECT_EQ(format_progress(12'345, 3'210.4), "sgf: 12,345 records, 3,210/s");
  EXPECT_EQ(format_progress(1, 0), "sgf: 1 record, 0/s");
  EXPECT_EQ(format_progress(1'000'000, 999.6), "sgf: 1,000,000 records, 1,000/s");
  EXPECT_EQ(format_progress(0, 1.0 / 0.0), "sgf: 0 records, 0/s");
}

TEST(Progress, AtMostTenRefreshesASecond) {
  ProgressMeter::Clock::time_point t0{};
  ProgressMeter meter(t0);
  int shown = 0;
  for (int ms = 1; ms <= 1000; ++ms) // a record every millisecond for a second
    if (meter.count(t0 + std::chrono::milliseconds(ms)))
      ++shown;
  EXPECT_EQ(meter.records(), 1000u);
  EXPECT_EQ(shown, 10);
  EXPECT_EQ(meter.line(t0 + 2s), "sgf: 1,000 records, 500/s");
}

TEST(Progress, NoRefreshBeforeTheFirstInterval) {
  ProgressMeter::Clock::time_point t0{};
  ProgressMeter meter(t0);
  EXPECT_FALSE(meter.count(t0 + 50ms));
  auto line = meter.count(t0 + 100ms);
  ASSERT_TRUE(line);
  EXPECT_EQ(*line, "sgf: 2 records, 20/s");
}

} // namespace
} // namespace sgf::batch
