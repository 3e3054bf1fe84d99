// Batched mapply of index-set primitives: one warp per container, the union of its objects'
// index sets rasterised into a 32x32 canvas in shared memory and written as a bit map.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace battgpu::runtime::cuda::kernels {

/// One container: its objects, and the cells of those objects (for delta and toindices).
struct MapplyContainer {
  std::uint32_t first_object;
  std::uint32_t objects;
  std::uint32_t first_cell;
};

/// One object: the rectangle its primitive draws (canvas coordinates, inclusive; for the
/// border primitives the border of it) and its cells.
struct MapplyObject {
  std::int8_t top, left, bottom, right;
  std::uint32_t first_cell; ///< relative to the container's first cell
  std::uint32_t cells;
};

/// Ops as in mapply_batch.hpp's PerObjectOp.
enum MapplyKernelOp : int { kToIndices, kCorners, kBackdrop, kDelta, kBox, kInbox, kOutbox };

constexpr int kCanvas = 32; ///< canvas side: ARC grids (30) plus the outbox margin

template <int Warps>
__global__ void __launch_bounds__(Warps * 32)
    mapply_kernel(int op, const MapplyContainer* __restrict__ containers, std::uint32_t count,
                  const MapplyObject* __restrict__ objects,
                  const std::uint16_t* __restrict__ cells, // (row << 8) | col, canvas coordinates
                  std::uint32_t* __restrict__ bitmaps) {
  __shared__ int canvas[Warps][kCanvas * kCanvas];
  const unsigned warp = threadIdx.x >> 5, lane = threadIdx.x & 31u;
  int* c = canvas[warp];
  for (std::uint32_t k = blockIdx.x * Warps + warp; k < count; k += gridDim.x * Warps) {
    for (int p = static_cast<int>(lane); p < kCanvas * kCanvas; p += 32)
      c[p] = 0;
    __syncwarp();
    const MapplyContainer box = containers[k];
    for (std::uint32_t o = 0; o < box.objects; ++o) {
      const MapplyObject ob = objects[box.first_object + o];
      const std::uint16_t* oc = cells + box.first_cell + ob.first_cell;
      if (op == kToIndices || op == kDelta) {
        // toindices marks the cells; delta counts the rectangle up and the cells down, so a
        // position is in some object's delta exactly when its count ends above zero.
        for (std::uint32_t j = lane; j < ob.cells; j += 32) {
          const int p = (oc[j] >> 8) * kCanvas + (oc[j] & 0xFF);
          if (op == kToIndices)
            c[p] = 1;
          else
            atomicSub(c + p, 1);
        }
      }
      if (op != kToIndices) {
        const int h = ob.bottom - ob.top + 1, w = ob.right - ob.left + 1;
        for (int q = static_cast<int>(lane); q < h * w; q += 32) {
          const int r = ob.top + q / w, col = ob.left + q % w;
          const bool border = r == ob.top || r == ob.bottom || col == ob.left || col == ob.right;
          const bool corner =
              (r == ob.top || r == ob.bottom) && (col == ob.left || col == ob.right);
          const int p = r * kCanvas + col;
          if (op == kDelta)
            atomicAdd(c + p, 1);
          else if (op == kBackdrop || (op == kCorners && corner) ||
                   ((op == kBox || op == kInbox || op == kOutbox) && border))
            c[p] = 1;
        }
      }
      __syncwarp();
    }
    __syncwarp();
    for (int word = 0; word < kCanvas * kCanvas / 32; ++word) {
      const unsigned bits = __ballot_sync(0xFFFFFFFFu, c[word * 32 + static_cast<int>(lane)] > 0);
      if (lane == 0)
        bitmaps[static_cast<std::size_t>(k) * (kCanvas * kCanvas / 32) + word] = bits;
    }
    __syncwarp();
  }
}

inline cudaError_t launch_mapply(int op, const MapplyContainer* containers, std::uint32_t count,
                                 const MapplyObject* objects, const std::uint16_t* cells,
                                 std::uint32_t* bitmaps, int multiprocessors, cudaStream_t stream) {
  if (count == 0)
    return cudaSuccess;
  constexpr int warps = 8;
  std::uint32_t blocks = (count + warps - 1) / warps;
  const std::uint32_t cap =
      static_cast<std::uint32_t>(multiprocessors > 0 ? multiprocessors : 1) * 16u;
  if (blocks > cap)
    blocks = cap;
  mapply_kernel<warps>
      <<<blocks, warps * 32, 0, stream>>>(op, containers, count, objects, cells, bitmaps);
  return cudaGetLastError();
}

} // namespace battgpu::runtime::cuda::kernels
