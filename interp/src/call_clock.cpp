#include "battgpu/interp/call_clock.hpp"

#include <cmath>
#include <fstream>
#include <mutex>
#include <string>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace battgpu::interp {
namespace {

#if defined(__x86_64__)
/// The counter runs at a constant rate through every power state (CPUID 0x80000007, EDX bit 8)
/// and the kernel keeps time with it (which it would not, were the cores' counters out of
/// step).
bool tsc_is_a_clock() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(0x80000007, &eax, &ebx, &ecx, &edx) == 0 || (edx & (1u << 8)) == 0)
    return false;
  std::ifstream source("/sys/devices/system/clocksource/clocksource0/current_clocksource");
  std::string name;
  return static_cast<bool>(source >> name) && name == "tsc";
}

/// A steady_clock reading and the counter at the same moment: the counter is read on both
/// sides of the clock and the midpoint taken, of a few tries the one whose two counter
/// readings are closest (a thread descheduled within a try, as a loaded virtual machine does
/// for milliseconds, brackets the clock's reading loosely). False when no try held.
bool read_both(std::int64_t& ns, std::uint64_t& ticks) {
  constexpr int kTries = 8;
  std::uint64_t narrowest = ~std::uint64_t{0};
  for (int k = 0; k < kTries; ++k) {
    const std::uint64_t before = __rdtsc();
    const std::int64_t reading = CallClock::steady_ns();
    const std::uint64_t after = __rdtsc();
    if (after < before || after - before >= narrowest)
      continue;
    narrowest = after - before;
    ns = reading;
    ticks = before + (after - before) / 2;
  }
  return narrowest != ~std::uint64_t{0};
}

/// The counter's rate in ns a tick over 2 ms of steady_clock, ending at (end_ns, end_ticks);
/// 0 where it could not be measured.
double measure_rate(std::int64_t& end_ns, std::uint64_t& end_ticks) {
  std::int64_t ns0 = 0;
  std::uint64_t ticks0 = 0;
  if (!read_both(ns0, ticks0))
    return 0;
  do
    if (!read_both(end_ns, end_ticks))
      return 0;
  while (end_ns - ns0 < 2'000'000);
  if (end_ticks <= ticks0)
    return 0;
  return static_cast<double>(end_ns - ns0) / static_cast<double>(end_ticks - ticks0);
}
#endif

} // namespace

void CallClock::calibrate() {
  static std::once_flag once;
  std::call_once(once, [] {
#if defined(__x86_64__)
    if (!tsc_is_a_clock())
      return;
    // Two measurements in a row must agree to a few parts in 10^5, which a descheduling the
    // brackets missed would not let them; after a few disagreements the clock stays
    // steady_clock's, slower to read but right.
    constexpr int kAttempts = 5;
    constexpr double kAgreement = 5e-5;
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
      std::int64_t ns = 0;
      std::uint64_t ticks = 0;
      const double first = measure_rate(ns, ticks);
      const double second = measure_rate(ns, ticks);
      if (first <= 0 || second <= 0 || std::abs(first - second) > kAgreement * second)
        continue;
      detail::clock_scale.base_ns = ns;
      detail::clock_scale.base_ticks = ticks;
      detail::clock_scale.ns_per_tick.store(second, std::memory_order_release);
      return;
    }
#endif
  });
}

} // namespace battgpu::interp
