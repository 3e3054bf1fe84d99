// Chooses the GPU or the CPU path for a call from measured costs (SPEC section 5).
//
// Each operation counts its work in its own measure (cells). The CPU path costs `cpu_per_cell`
// per unit (all cores), the GPU path a fixed `gpu_per_call` plus `gpu_per_cell`. The estimates
// come from a calibration run on synthetic ARC-like grids the first time a call could use a
// GPU.
#pragma once

#include "battgpu/runtime/config.hpp"

#include <cstddef>
#include <cstdint>

namespace battgpu::runtime::detail {

/// The operations with a GPU path, each with a cost model of its own.
enum class CostKind { GridValues, PyObjects, Count };

/// Times one path on the calibration batch (`gpu` false: the CPU path); a negative result
/// means the path failed.
using CalibrationRun = double (*)(bool gpu, std::size_t items);

/// The same choice for another operation: `work` is its measure of size (cells), and
/// `calibrate` measures both paths the first time a GPU could be used.
Path choose_path(CostKind kind, const RuntimeConfig& config, Path requested, std::size_t items,
                 std::uint64_t work, CalibrationRun calibrate, std::uint64_t calibration_work,
                 std::uint64_t small_work);

} // namespace battgpu::runtime::detail
