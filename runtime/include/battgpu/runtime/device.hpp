// What the runtime sees of the machine's GPUs.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace battgpu::runtime {

struct DeviceInfo {
  int ordinal = -1;
  std::string name;
  std::size_t total_memory = 0;
  std::size_t free_memory = 0;
  int multiprocessors = 0;
  int compute_major = 0;
  int compute_minor = 0;
  double weight = 0; ///< relative capacity used to share a batch between devices
};

/// True when this build has the CUDA path (it may still find no usable device).
bool cuda_compiled();
/// The devices the runtime will use (BATTGPU_DEVICES / configuration applied); empty when
/// CUDA is disabled, absent, or no device is usable.
std::vector<DeviceInfo> usable_devices();
/// True when at least one device is usable.
bool gpu_available();
/// Why no device is usable (empty when one is).
std::string gpu_unavailable_reason();
/// Frees the pinned host buffers and device memory the runtime keeps for reuse (memory still
/// holding live results stays). Later calls allocate afresh.
void release_cached_memory();

} // namespace battgpu::runtime
