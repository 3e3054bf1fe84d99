// The CUDA path as the rest of the runtime sees it: plain C++, no CUDA types. Implemented in
// runtime/src/cuda/*.cu when the build has CUDA, by cuda/backend_stub.cpp otherwise.
#pragma once

#include "battgpu/runtime/device.hpp"
#include "core/gpu_grids.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace battgpu::runtime::cuda {

/// True when this build has the CUDA path.
bool compiled();

struct Probe {
  std::vector<DeviceInfo> devices;
  std::string reason; ///< why none is usable, when devices is empty
};
/// The usable devices among `wanted` (all visible ones when empty). Never throws; a machine
/// without a driver or a device gives an empty list and a reason.
Probe probe(const std::vector<int>& wanted);

/// Returns the memory the device's pool keeps for reuse to the device.
void trim_device_memory(int device) noexcept;

/// Page-locked host memory, or nullptr.
void* pinned_alloc(std::size_t bytes) noexcept;
void pinned_free(void* p) noexcept;

/// Colour counts and first occurrences (kernels::GridColoursOut, 40 bytes each) of `grids`
/// grids whose descriptors start `staging` and whose colours start at `colours_offset`.
/// False, with `error`, when the device fails.
bool grid_colours(int device, const std::byte* staging, std::size_t staging_bytes,
                  std::size_t colours_offset, std::uint32_t grids, std::byte* out,
                  std::string& error);

} // namespace battgpu::runtime::cuda
