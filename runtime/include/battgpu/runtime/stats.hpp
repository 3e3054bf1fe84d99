// Runtime statistics (SPEC section 5): readable from C++, written as JSON on request.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace battgpu::runtime {

/// Wall-clock time spent in each stage, summed over calls, in seconds. Device stages
/// (h2d, kernel, d2h) are measured with device events, host stages with a steady clock.
struct StageTimes {
  double plan = 0;   ///< choosing the path, shards and chunks
  double pack = 0;   ///< host: grids into the staging buffers
  double h2d = 0;    ///< host to device copies
  double kernel = 0; ///< device kernels
  double d2h = 0;    ///< device to host copies
  double build = 0;  ///< host: DSL values made from the results
  double cpu = 0;    ///< CPU path work (including fallbacks)
  double total = 0;  ///< whole calls
};

struct DeviceStats {
  int ordinal = -1;
  std::string name;
  std::uint64_t chunks = 0;
  std::uint64_t items = 0;
  std::uint64_t memory_total = 0;     ///< bytes of device memory
  std::uint64_t memory_held = 0;      ///< bytes the runtime holds there now
  std::uint64_t memory_held_peak = 0; ///< most bytes the runtime held there at once
  std::uint64_t memory_used_peak = 0; ///< most bytes in use on the device (all users)
  double peak_utilisation = 0;        ///< memory_used_peak / memory_total
};

struct FallbackReason {
  std::string reason;
  std::uint64_t chunks = 0;
  std::uint64_t items = 0;
};

struct RuntimeStats {
  std::uint64_t calls = 0;         ///< batch calls
  std::uint64_t gpu_calls = 0;     ///< calls the GPU worked on
  std::uint64_t cpu_calls = 0;     ///< calls that ran on the CPU path alone
  std::uint64_t items = 0;         ///< grids (or containers) passed in
  std::uint64_t labelings = 0;     ///< (grid, mode) results of object extraction
  std::uint64_t gpu_items = 0;     ///< items finished on a GPU
  std::uint64_t cpu_items = 0;     ///< items finished on the CPU path
  std::uint64_t chunks = 0;        ///< chunks started on a device
  std::uint64_t split_retries = 0; ///< chunks split after an allocation failure
  std::uint64_t bytes_h2d = 0;
  std::uint64_t bytes_d2h = 0;
  std::uint64_t pinned_bytes_held = 0; ///< pinned host memory allocated now (in use or cached)
  StageTimes time;
  std::vector<DeviceStats> devices;
  std::vector<FallbackReason> fallbacks;
  /// The cost model's current estimates (seconds), used to pick a path.
  double cpu_seconds_per_cell = 0;
  double gpu_seconds_per_call = 0;
  double gpu_seconds_per_cell = 0;
};

/// A snapshot of the statistics since start (or the last reset).
RuntimeStats stats();
void reset_stats();
/// The statistics as one JSON object.
std::string stats_json();
/// Writes stats_json() to `path`; false when the file cannot be written.
bool write_stats(const std::string& path);

} // namespace battgpu::runtime
