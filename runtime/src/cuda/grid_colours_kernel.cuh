// Colour counts and first occurrences of many grids: one warp per grid.
#pragma once

#include "core/gpu_grids.hpp"

#include <cuda_runtime.h>

#include <cstdint>

namespace battgpu::runtime::cuda::kernels {

/// Per grid: counts[10] then first[10] (first cell index of each colour, 0xFFFF if absent).
struct GridColoursOut {
  std::uint16_t counts[10];
  std::uint16_t first[10];
};
static_assert(sizeof(GridColoursOut) == 40);

template <int Warps>
__global__ void __launch_bounds__(Warps * 32)
    grid_colours_kernel(const detail::GpuGridDesc* __restrict__ descs, std::uint32_t count,
                        const std::uint8_t* __restrict__ colours,
                        GridColoursOut* __restrict__ out) {
  __shared__ unsigned first_seen[Warps][16];
  const unsigned warp = threadIdx.x >> 5, lane = threadIdx.x & 31u;
  for (std::uint32_t g = blockIdx.x * Warps + warp; g < count; g += gridDim.x * Warps) {
    const detail::GpuGridDesc d = descs[g];
    const int n = static_cast<int>(d.height) * d.width;
    const std::uint8_t* cells = colours + d.colour_offset;
    if (lane < 16)
      first_seen[warp][lane] = 0xFFFFu;
    __syncwarp();
    unsigned counts_here = 0; // lane c < 10 counts colour c
    for (int base = 0; base < n; base += 32) {
      const int i = base + static_cast<int>(lane);
      const int c = i < n ? cells[i] : 15;
      for (int colour = 0; colour < 10; ++colour) {
        const unsigned bits = __ballot_sync(0xFFFFFFFFu, c == colour);
        if (lane == static_cast<unsigned>(colour))
          counts_here += static_cast<unsigned>(__popc(bits));
        if (bits != 0 && lane == 0 && first_seen[warp][colour] == 0xFFFFu)
          first_seen[warp][colour] = static_cast<unsigned>(base + __ffs(bits) - 1);
      }
    }
    __syncwarp();
    if (lane < 10) {
      out[g].counts[lane] = static_cast<std::uint16_t>(counts_here);
      out[g].first[lane] = static_cast<std::uint16_t>(first_seen[warp][lane]);
    }
    __syncwarp();
  }
}

inline cudaError_t launch_grid_colours(const detail::GpuGridDesc* descs, std::uint32_t count,
                                       const std::uint8_t* colours, GridColoursOut* out,
                                       int multiprocessors, cudaStream_t stream) {
  if (count == 0)
    return cudaSuccess;
  constexpr int warps = 8;
  std::uint32_t blocks = (count + warps - 1) / warps;
  const std::uint32_t cap =
      static_cast<std::uint32_t>(multiprocessors > 0 ? multiprocessors : 1) * 32u;
  if (blocks > cap)
    blocks = cap;
  grid_colours_kernel<warps><<<blocks, warps * 32, 0, stream>>>(descs, count, colours, out);
  return cudaGetLastError();
}

} // namespace battgpu::runtime::cuda::kernels
