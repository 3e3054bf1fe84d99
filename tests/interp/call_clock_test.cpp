// The call clock against steady_clock: once calibrated (on the time-stamp counter where that
// is a clock), its readings never go back and measure the same intervals, so that the time
// limit means the same seconds either way.
#include "battgpu/interp/call_clock.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <thread>

namespace battgpu::interp {
namespace {

TEST(CallClock, AgreesWithSteadyClockAfterCalibration) {
  const std::int64_t before = CallClock::now_ns();
  CallClock::calibrate();
  CallClock::calibrate(); // a second call measures nothing again
  const std::int64_t after = CallClock::now_ns();
  std::printf("call clock on the time-stamp counter: %s\n", CallClock::uses_tsc() ? "yes" : "no");
  // The switch to the counter, if it happened here, moves readings by well under 1 ms. (Long
  // after calibration the two clocks part by the rate's error, a few parts in 10^5, and by
  // steady_clock's own slewing: intervals are what must agree.)
  EXPECT_GE(after, before - 1'000'000);

  // Each end: the call clock read between two steady_clock readings, whose distance bounds
  // how far apart the clocks were read (this thread may be descheduled in between).
  struct End {
    std::int64_t clock, steady, gap;
  };
  const auto read_end = [] {
    const std::int64_t s0 = CallClock::steady_ns();
    const std::int64_t c = CallClock::now_ns();
    const std::int64_t s1 = CallClock::steady_ns();
    return End{c, s0 + (s1 - s0) / 2, s1 - s0};
  };
  const End start = read_end();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const End end = read_end();
  const std::int64_t measured = end.clock - start.clock, expected = end.steady - start.steady;
  // The rate is measured to a few parts in 10^5: 1e-3 of the interval is ample, and 100 us
  // more for the readings themselves.
  EXPECT_NEAR(static_cast<double>(measured), static_cast<double>(expected),
              100e3 + 1e-3 * static_cast<double>(expected) +
                  static_cast<double>(start.gap + end.gap) / 2);
}

TEST(CallClock, NeverGoesBack) {
  CallClock::calibrate();
  std::int64_t last = CallClock::now_ns();
  int backwards = 0;
  for (int i = 0; i < 1'000'000; ++i) {
    const std::int64_t now = CallClock::now_ns();
    backwards += now < last;
    last = now;
  }
  EXPECT_EQ(backwards, 0);
}

} // namespace
} // namespace battgpu::interp
