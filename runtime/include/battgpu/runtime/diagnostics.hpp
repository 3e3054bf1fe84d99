// Measurements of the CUDA path's parts, for benchmarks: the labelling kernels alone, and the
// host-device copy bandwidth (the PCIe bound).
#pragma once

#include "battgpu/dsl/values.hpp"
#include "battgpu/runtime/objects_batch.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace battgpu::runtime {

struct KernelTiming {
  bool ok = false;
  std::string reason; ///< why not, when !ok
  std::string device;
  std::vector<double> seconds; ///< one entry per repetition: all kernels of the batch
  std::uint64_t labelings = 0; ///< (grid, mode) results per repetition
  std::uint64_t grids = 0;     ///< grids the kernels labelled
  std::uint64_t bytes_in = 0;  ///< staging bytes the batch needs on the device
  std::uint64_t bytes_out = 0; ///< result bytes the kernels write
};

/// Uploads `grids` once to the first usable device and times the labelling kernels alone,
/// `repetitions` times (device events, one stream). Grids the kernels do not take (empty,
/// more than 1024 cells, colours outside 0..9) are left out.
KernelTiming time_objects_kernels(std::span<const dsl::Grid> grids, ModeMask modes,
                                  int repetitions);

struct CopyBandwidth {
  bool ok = false;
  std::string reason;
  double host_to_device = 0; ///< bytes per second, pinned memory, best of the repetitions
  double device_to_host = 0;
};

/// Pinned-memory copy bandwidth of the first usable device for copies of `bytes`.
CopyBandwidth measure_copy_bandwidth(std::size_t bytes, int repetitions);

} // namespace battgpu::runtime
