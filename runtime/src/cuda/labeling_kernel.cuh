// The object-labelling kernel: one warp per grid, grids of one size class per launch.
#pragma once

#include "cuda/warp_labeling.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

namespace battgpu::runtime::cuda::kernels {

/// Warps per block of each size class: as many as fit 48 KiB of static shared memory.
template <int MaxCells> constexpr int warps_per_block() {
  return MaxCells >= 1024 ? 4 : 8;
}

template <int MaxCells, int Warps, bool Values>
__global__ void __launch_bounds__(Warps * 32)
    label_objects_kernel(const GpuGridDesc* __restrict__ descs,
                         const std::uint32_t* __restrict__ work, std::uint32_t count,
                         const std::uint8_t* __restrict__ colours,
                         CellOut<Values>* __restrict__ cells, std::uint32_t* __restrict__ masks,
                         std::uint32_t families) {
  __shared__ SlabFor<MaxCells, Values> slabs[Warps];
  const unsigned warp = threadIdx.x >> 5;
  for (std::uint32_t item = blockIdx.x * Warps + warp; item < count; item += gridDim.x * Warps) {
    const GpuGridDesc d = descs[work[item]];
    label_grid<MaxCells, Values>(slabs[warp], d, colours, cells, masks, families);
    __syncwarp();
  }
}

struct LabelLaunch {
  const GpuGridDesc* descs;
  const std::uint32_t* work; ///< this class's work list
  std::uint32_t count;
  const std::uint8_t* colours;
  void* cells; ///< result cells: dsl::Cell words (values) or row-major indices in their grid
  bool values; ///< the cells result layout (dsl::Cell words); else the compact one
  std::uint32_t* masks;
  std::uint32_t families;
  int multiprocessors;
};

template <int MaxCells> cudaError_t launch_class(const LabelLaunch& l, cudaStream_t stream) {
  constexpr int warps = warps_per_block<MaxCells>();
  static_assert(sizeof(ValueSlab<MaxCells>) * warps <= 48 * 1024);
  // Enough blocks to fill every multiprocessor several times over; warps loop over the rest.
  const std::uint32_t wanted = (l.count + warps - 1) / warps;
  const std::uint32_t cap = static_cast<std::uint32_t>(std::max(1, l.multiprocessors)) * 32u;
  const std::uint32_t blocks = std::max(1u, std::min(wanted, cap));
  if (l.values)
    label_objects_kernel<MaxCells, warps, true><<<blocks, warps * 32, 0, stream>>>(
        l.descs, l.work, l.count, l.colours, static_cast<int*>(l.cells), l.masks, l.families);
  else
    label_objects_kernel<MaxCells, warps, false><<<blocks, warps * 32, 0, stream>>>(
        l.descs, l.work, l.count, l.colours, static_cast<std::uint16_t*>(l.cells), l.masks,
        l.families);
  return cudaGetLastError();
}

/// Launches the kernel of size class `size_class` (core/layout.hpp) on `stream`.
inline cudaError_t launch_labeling(int size_class, const LabelLaunch& l, cudaStream_t stream) {
  if (l.count == 0)
    return cudaSuccess;
  static_assert(detail::kSizeClasses == 4);
  switch (size_class) {
  case 0:
    return launch_class<detail::kSizeClassCells[0]>(l, stream);
  case 1:
    return launch_class<detail::kSizeClassCells[1]>(l, stream);
  case 2:
    return launch_class<detail::kSizeClassCells[2]>(l, stream);
  default:
    return launch_class<detail::kSizeClassCells[3]>(l, stream);
  }
}

} // namespace battgpu::runtime::cuda::kernels
