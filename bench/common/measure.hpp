// Repeated timing with median and spread, printed as one JSON object per measurement
// (SPEC section 6).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace battgpu::bench {

struct Summary {
  double median = 0; // seconds
  double min = 0;
  double max = 0;
};

/// Runs `work` `repetitions` times (after one warm-up run) and summarises the wall times.
template <class Work> Summary time_repeated(int repetitions, Work work) {
  work();
  std::vector<double> seconds;
  for (int r = 0; r < repetitions; ++r) {
    auto start = std::chrono::steady_clock::now();
    work();
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(seconds.begin(), seconds.end());
  Summary s;
  s.median = seconds[seconds.size() / 2];
  s.min = seconds.front();
  s.max = seconds.back();
  return s;
}

/// One measurement line: rate = items per second at the median; spread = (max - min) / median.
/// `extra` is appended to the object as it is (more fields, each starting with ", ").
inline void print_measurement(const std::string& name, long long size, const Summary& s,
                              const std::string& unit, double items, const std::string& device,
                              const std::string& commit, int repetitions,
                              const std::string& extra = "") {
  std::printf("{\"name\": \"%s\", \"size\": %lld, \"repetitions\": %d, \"median_s\": %.6g, "
              "\"min_s\": %.6g, \"max_s\": %.6g, \"spread\": %.4f, \"rate\": %.6g, "
              "\"unit\": \"%s\", \"device\": \"%s\", \"commit\": \"%s\"%s}\n",
              name.c_str(), size, repetitions, s.median, s.min, s.max,
              s.median > 0 ? (s.max - s.min) / s.median : 0.0,
              s.median > 0 ? items / s.median : 0.0, unit.c_str(), device.c_str(), commit.c_str(),
              extra.c_str());
  std::fflush(stdout);
}

} // namespace battgpu::bench
