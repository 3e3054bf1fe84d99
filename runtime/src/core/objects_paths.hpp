// The two paths of batch_objects_many, as the dispatcher calls them.
#pragma once

#include "battgpu/runtime/config.hpp"
#include "battgpu/runtime/objects_batch.hpp"

#include <cstddef>
#include <cstdint>
#include <span>

namespace battgpu::runtime::detail {

struct ObjectsTable;

/// The CPU path for the grids `items` (indices into `grids`), on all cores.
void cpu_objects(std::span<const dsl::Grid> grids, std::span<const std::size_t> items,
                 std::uint32_t families, ModeMask modes, ObjectsTable& table);
/// The CPU path for every grid.
void cpu_objects_all(std::span<const dsl::Grid> grids, std::uint32_t families, ModeMask modes,
                     ObjectsTable& table);

/// The GPU path: every grid is done, on the devices or (too large, unusual colours, device
/// faults) on the CPU path. False when no device is usable (nothing was done).
bool gpu_objects(std::span<const dsl::Grid> grids, std::uint32_t families, ModeMask modes,
                 ObjectsTable& table, const RuntimeConfig& config);

} // namespace battgpu::runtime::detail
