// The grids as the grid-colour kernel sees them (cuda/grid_colours_kernel.cuh): each grid's
// colours as bytes in one area of the staging buffer, described by a GpuGridDesc.
#pragma once

#include <cstdint>

namespace battgpu::runtime::detail {

/// Largest grid (in cells) the kernel takes; larger grids go to the CPU path.
constexpr std::uint32_t kMaxGpuCells = 1024;

/// One grid as the GPU sees it.
struct GpuGridDesc {
  std::uint32_t colour_offset; ///< first colour byte in the chunk's colour area (4-aligned)
  std::uint16_t height;
  std::uint16_t width;
};
static_assert(sizeof(GpuGridDesc) == 8);

} // namespace battgpu::runtime::detail
