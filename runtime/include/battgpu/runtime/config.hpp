// Runtime configuration: which path runs, how batches are cut, sharded and costed.
//
// Every field has an environment variable that sets it at first use (listed below); C++ code
// may change the configuration at any time with `configure`, which affects later calls.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace battgpu::runtime {

/// Where a batch operation runs.
enum class Path {
  Auto, ///< The cost model decides, per call.
  Cpu,  ///< The CPU path on all cores.
  Gpu,  ///< The CUDA path when a usable device exists (else the CPU path).
};

struct RuntimeConfig {
  /// Never touch CUDA (BATTGPU_DISABLE_CUDA=1).
  bool disable_cuda = false;
  /// Device ordinals to use; empty means every visible device (BATTGPU_DEVICES=0,2).
  std::vector<int> devices;
  /// Default path of every call (BATTGPU_PATH=auto|cpu|gpu).
  Path path = Path::Auto;
  /// Fraction of each device's free memory one batch may use (BATTGPU_MEMORY_FRACTION).
  double memory_fraction = 0.8;
  /// Shards per device: more than one splits a device's share into independent pipelines,
  /// which also tests sharding on a single GPU (BATTGPU_SHARDS_PER_DEVICE).
  int shards_per_device = 1;
  /// Streams (pipeline slots) per shard: transfers of one chunk overlap work on another
  /// (BATTGPU_STREAMS).
  int streams = 3;
  /// Upper bound on the grids of one chunk, so that large batches pipeline
  /// (BATTGPU_MAX_CHUNK_GRIDS).
  std::size_t max_chunk_grids = 32768;
  /// CPU worker threads; 0 means every hardware thread (BATTGPU_CPU_THREADS).
  unsigned cpu_threads = 0;
  /// Cost-model override: the GPU runs a call with at least this many grids, the CPU any
  /// smaller one; 0 leaves the choice to the measured cost model (BATTGPU_GPU_MIN_GRIDS).
  std::size_t gpu_min_grids = 0;
  /// The GPU must be predicted at least this much faster before the cost model picks it.
  double gpu_margin = 1.15;
  /// Pinned host memory kept for reuse after results are released (BATTGPU_PINNED_CACHE_MB).
  std::size_t pinned_cache_bytes = std::size_t{16} << 30;
  /// Test-only fault injection (BATTGPU_INJECT_FAULT), faults separated by ';', each a list
  /// of key:value pairs separated by ',': `kind:error` (a device error on the chunk, the
  /// default) or `kind:alloc` (its device allocation fails), `device:N` (device ordinal,
  /// default every device), `chunk:K` (the K-th chunk a shard starts, from 0, default
  /// every chunk), `count:C` (fire at most C times, default unlimited).
  /// Example: `device:1,chunk:3` or `kind:alloc,chunk:0,count:2`.
  std::string inject_faults;
  /// Write statistics as JSON to this path at exit (BATTGPU_STATS).
  std::string stats_path;
};

/// The configuration in effect (read from the environment at first use).
RuntimeConfig config();
/// Replaces the configuration; later calls use it.
void configure(const RuntimeConfig& config);
/// The configuration the environment alone gives.
RuntimeConfig config_from_environment();

} // namespace battgpu::runtime
