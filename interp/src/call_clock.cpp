#include "battgpu/interp/call_clock.hpp"

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

/// A steady_clock reading and the counter at the same moment (the counter read on both sides
/// of the clock, the midpoint taken).
void read_both(std::int64_t& ns, std::uint64_t& ticks) {
  const std::uint64_t before = __rdtsc();
  ns = CallClock::steady_ns();
  const std::uint64_t after = __rdtsc();
  ticks = before + (after - before) / 2;
}
#endif

} // namespace

void CallClock::calibrate() {
  static std::once_flag once;
  std::call_once(once, [] {
#if defined(__x86_64__)
    if (!tsc_is_a_clock())
      return;
    std::int64_t ns0 = 0, ns1 = 0;
    std::uint64_t ticks0 = 0, ticks1 = 0;
    read_both(ns0, ticks0);
    do
      read_both(ns1, ticks1);
    while (ns1 - ns0 < 2'000'000);
    if (ticks1 <= ticks0)
      return;
    detail::clock_scale.base_ns = ns1;
    detail::clock_scale.base_ticks = ticks1;
    detail::clock_scale.ns_per_tick.store(static_cast<double>(ns1 - ns0) /
                                              static_cast<double>(ticks1 - ticks0),
                                          std::memory_order_release);
#endif
  });
}

} // namespace battgpu::interp
