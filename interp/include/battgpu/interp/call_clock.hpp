// The clock that times each call's statements and sets the watchdog's deadlines.
//
// The statement loop reads it every time it turns from one call of a block to the next: about
// half a million times over a 315-statement batt and the 400 training tasks. steady_clock costs
// about 30 ns a reading there (clock_gettime through the vDSO), the time-stamp counter a third
// of that. So where the counter is a clock (x86-64 with an invariant TSC that the Linux kernel
// itself keeps time with, so that it runs at a constant rate and agrees across cores),
// readings are the counter scaled by its rate, once calibrate() has measured that against
// steady_clock; before, and everywhere else, they are steady_clock's. Either way they are
// nanoseconds of one monotonic clock, comparable across threads: the scaled counter starts
// from a steady_clock reading, so the switch moves readings by well under a microsecond. The
// rate is measured over 2 ms, to a few parts in 10^5 (a 30 s limit is kept to a millisecond),
// twice: a thread descheduled while it read the two clocks (a loaded virtual machine does that
// for milliseconds) would skew one measurement, so the two must agree, or the clock stays
// steady_clock's.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace battgpu::interp {

namespace detail {
/// The counter's scale: written once by CallClock::calibrate, the rate published last.
struct ClockScale {
  std::int64_t base_ns = 0;
  std::uint64_t base_ticks = 0;
  /// 0 until calibrated (and for good where the counter is no clock).
  std::atomic<double> ns_per_tick{0};
};
inline ClockScale clock_scale;
} // namespace detail

class CallClock {
public:
  /// Nanoseconds since some fixed point.
  static std::int64_t now_ns() {
#if defined(__x86_64__)
    const double rate = detail::clock_scale.ns_per_tick.load(std::memory_order_acquire);
    if (rate > 0)
      return detail::clock_scale.base_ns +
             static_cast<std::int64_t>(
                 static_cast<double>(__rdtsc() - detail::clock_scale.base_ticks) * rate);
#endif
    return steady_ns();
  }

  /// Measures the counter's rate where the counter is a clock (taking 2 ms; once a process,
  /// later calls return at once): from then on, readings come from it. The watchdog's thread
  /// calls it when it starts, so that no worker waits for it.
  static void calibrate();

  /// Whether readings come from the time-stamp counter now.
  static bool uses_tsc() {
    return detail::clock_scale.ns_per_tick.load(std::memory_order_acquire) > 0;
  }

  static std::int64_t steady_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
};

} // namespace battgpu::interp
