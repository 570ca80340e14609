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
  EXPECT_EQ(meter.line(t0 + 1'500ms), "sgf: 1,000 records, 667/s");
}

TEST(Progress, NoRefreshBeforeTheFirstInterval) {
  ProgressMeter::Clock::time_point t0{};
  ProgressMeter meter(t0);
  EXPECT_FALSE(meter.count(t0 + 50ms));
  EXPECT_TRUE(meter.count(t0 + 100ms));
  EXPECT_EQ(meter.line(t0 + 100ms), "sgf: 2 records, 20/s");
}

// The share of the bytes read, and the time left at the rate so far.
TEST(Progress, ShareAndTimeLeft) {
  EXPECT_EQ(format_share(0, 1000, 0.2), ", 0%");
  EXPECT_EQ(format_share(250, 1000, 0.5), ", 25%"); // under a second: no time said yet
  EXPECT_EQ(format_share(250, 1000, 20), ", 25%, 1:00 left");
  EXPECT_EQ(format_share(1, 4000, 1), ", 0%, 1:06:39 left");
  EXPECT_EQ(format_share(999, 1000, 99.9), ", 99%, 0:00 left");
  // A file grown since it was measured: never 100% nor a time below nothing before the end.
  EXPECT_EQ(format_share(1500, 1000, 10), ", 99%, 0:00 left");
  EXPECT_EQ(format_share(0, 0, 10), ", 99%");
  ProgressMeter::Clock::time_point t0{};
  ProgressMeter meter(t0);
  meter.count(t0 + 4s);
  EXPECT_EQ(meter.line(t0 + 4s, 3000, 4000), "sgf: 1 record, 0/s, 75%, 0:01 left");
  EXPECT_EQ(meter.line(t0 + 4s, 3000, std::nullopt), "sgf: 1 record, 0/s");
}

// A large record at work moves the share as its parts are done: the bytes from the last record
// finished to the end of the next one, in the share of it worked through.
TEST(Progress, ShareGoesOnWithinALargeRecord) {
  EXPECT_EQ(bytes_through(1000, 5000, 0), 1000u);
  EXPECT_EQ(bytes_through(1000, 5000, 250'000), 2000u);
  EXPECT_EQ(bytes_through(1000, 5000, 1'000'000), 5000u);
  EXPECT_EQ(bytes_through(1000, 5000, 2'000'000), 5000u); // never past the record's end
  EXPECT_EQ(bytes_through(1000, 1000, 500'000), 1000u);   // a record of no input bytes
}

// When no record finishes for a second (one large collection at work), the line says for how
// long, so that a busy run does not look like one that hangs.
TEST(Progress, SaysHowLongSinceTheLastRecord) {
  EXPECT_EQ(format_duration(0), "0:00");
  EXPECT_EQ(format_duration(42), "0:42");
  EXPECT_EQ(format_duration(3599), "59:59");
  EXPECT_EQ(format_duration(3723), "1:02:03");
  ProgressMeter::Clock::time_point t0{};
  ProgressMeter meter(t0);
  EXPECT_FALSE(meter.stale(t0 + 999ms));
  EXPECT_EQ(meter.line(t0 + 999ms), "sgf: 0 records, 0/s");
  EXPECT_TRUE(meter.stale(t0 + 1s));
  EXPECT_EQ(meter.line(t0 + 42s), "sgf: 0 records, 0/s, 0:42 since the start");
  meter.count(t0 + 50s);
  EXPECT_FALSE(meter.stale(t0 + 50'500ms));
  EXPECT_EQ(meter.line(t0 + 50'500ms, 10, 100), "sgf: 1 record, 0/s, 10%, 7:35 left");
  EXPECT_EQ(meter.line(t0 + 100s, 10, 100),
            "sgf: 1 record, 0/s, 10%, 15:00 left, 0:50 since the last record");
}

} // namespace
} // namespace sgf::batch
