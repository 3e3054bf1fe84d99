// Object extraction with Python's set order on the device: one thread per request runs the
// shared simulation (battgpu/dialects/objects_sim.hpp, the code the CPU paths run) in its own
// slice of global memory and writes the request's 16-bit layout.
#pragma once

#include "battgpu/dialects/objects_sim.hpp"
#include "cuda/py_objects_backend.hpp"

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace battgpu::runtime::cuda::kernels {

constexpr int kPyObjectsBlock = 128;

/// Workspace bytes of one thread for grids of up to `max_cells` cells (16-byte multiple).
__host__ __device__ inline std::size_t py_objects_stride(std::uint32_t max_cells) {
  return dialects::sim::workspace_bytes(max_cells, dialects::sim::table_bound(max_cells));
}

/// Cells whose neighbour tables the device keeps (computed once per device by
/// neighbour_table_kernel, with the same function the hosts cache them with).
constexpr int kNeighbourSpan = 128;

__global__ void neighbour_table_kernel(dialects::sim::CellNeighbours* table) {
  const int k = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (k < kNeighbourSpan * kNeighbourSpan)
    table[k] = dialects::sim::cell_neighbours(k / kNeighbourSpan, k % kNeighbourSpan);
}

/// Grid shapes whose asindices order the device keeps: h, w <= kOrderSpan, every shape's
/// order after the previous shapes' (rows of shapes by h, then w).
constexpr int kOrderSpan = 32;
constexpr std::size_t kOrderCells =
    std::size_t{kOrderSpan * (kOrderSpan + 1) / 2} * (kOrderSpan * (kOrderSpan + 1) / 2);

/// Where the order of an h x w grid starts in the table.
__host__ __device__ inline std::size_t order_offset(std::uint32_t h, std::uint32_t w) {
  auto s = [](std::size_t k) { return k * (k + 1) / 2; };
  return s(h - 1) * s(kOrderSpan) + h * s(w - 1);
}

/// Thread k computes the order of shape (k / kOrderSpan + 1, k % kOrderSpan + 1), with
/// `scratch_stride` bytes of scratch of its own.
__global__ void order_table_kernel(std::int32_t* table, std::byte* scratch,
                                   std::size_t scratch_stride) {
  namespace sim = dialects::sim;
  const int k = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (k >= kOrderSpan * kOrderSpan)
    return;
  const std::int64_t h = k / kOrderSpan + 1, w = k % kOrderSpan + 1, n = h * w;
  auto* hashes =
      reinterpret_cast<std::int64_t*>(scratch + static_cast<std::size_t>(k) * scratch_stride);
  auto* tables = reinterpret_cast<std::int32_t*>(hashes + n);
  const std::int64_t slots = sim::table_bound(n);
  for (std::int64_t i = 0, c = 0; i < h; ++i)
    for (std::int64_t j = 0; j < w; ++j, ++c)
      hashes[c] = sim::pair_hash(i, j);
  sim::asindices_order(
      h, w, hashes, tables, slots, tables + slots, slots,
      table + order_offset(static_cast<std::uint32_t>(h), static_cast<std::uint32_t>(w)));
}

/// sim's neighbour tables: read from the device's table for cells within it, computed for the
/// others.
struct TableNeighbours {
  const dialects::sim::CellNeighbours* table;
  __device__ const dialects::sim::DirLayout& operator()(std::int64_t i, std::int64_t j, int kind,
                                                        int variant,
                                                        dialects::sim::DirLayout& scratch) const {
    if (table != nullptr && i < kNeighbourSpan && j < kNeighbourSpan)
      return table[i * kNeighbourSpan + j].comp[kind][variant];
    scratch = dialects::sim::neighbour_layout(i, j, kind, variant);
    return scratch;
  }
};

/// Request k of the chunk: its parameters (the background by the shared mostcolor) and the
/// simulation, in `workspace`.
__device__ inline void py_objects_one(const PyObjectsDesc& d, const std::int8_t* colours,
                                      std::byte* results, void* workspace,
                                      const dialects::sim::CellNeighbours* table,
                                      const std::int32_t* orders) {
  namespace sim = dialects::sim;
  const std::int64_t n = std::int64_t{d.h} * d.w;
  const std::int8_t* cells = colours + d.colours_offset;
  const sim::Workspace ws = sim::workspace_at(workspace, n, sim::table_bound(n));
  const sim::Layout<std::uint16_t> layout =
      sim::layout_at<std::uint16_t>(results + d.result_offset, n);
  sim::Params p;
  p.h = d.h;
  p.w = d.w;
  p.univalued = (d.mode & 4) != 0;
  p.diagonal = (d.mode & 2) != 0;
  p.has_bg = (d.mode & 1) != 0;
  p.form = static_cast<sim::CellForm>(d.form);
  p.sets = d.sets != 0;
  if (p.has_bg && !sim::small_grid_mostcolor(cells, n, ws, p.bg)) {
    layout.header->status = sim::kLayoutOverflow;
    return;
  }
  const std::int32_t* order = orders != nullptr && d.h <= kOrderSpan && d.w <= kOrderSpan
                                  ? orders + order_offset(d.h, d.w)
                                  : nullptr;
  sim::simulate_objects(cells, p, ws, order, TableNeighbours{table}, layout);
}

/// Thread t takes requests t, t + threads, ... (the largest grids come first, so neighbouring
/// threads get grids of similar sizes), each in the t-th workspace slice of `stride` bytes.
__global__ void __launch_bounds__(kPyObjectsBlock)
    py_objects_kernel(const PyObjectsDesc* __restrict__ descs, std::uint32_t count,
                      const std::int8_t* __restrict__ colours, std::byte* results,
                      std::byte* workspace, std::size_t stride, std::uint32_t threads,
                      const dialects::sim::CellNeighbours* __restrict__ table,
                      const std::int32_t* __restrict__ orders) {
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= threads)
    return;
  void* slice = workspace + static_cast<std::size_t>(t) * stride;
  for (std::uint32_t k = t; k < count; k += threads)
    py_objects_one(descs[k], colours, results, slice, table, orders);
}

inline cudaError_t launch_py_objects(const PyObjectsDesc* descs, std::uint32_t count,
                                     const std::int8_t* colours, std::byte* results,
                                     std::byte* workspace, std::size_t stride,
                                     std::uint32_t threads,
                                     const dialects::sim::CellNeighbours* table,
                                     const std::int32_t* orders, cudaStream_t stream) {
  if (count == 0 || threads == 0)
    return cudaSuccess;
  const std::uint32_t blocks = (threads + kPyObjectsBlock - 1) / kPyObjectsBlock;
  py_objects_kernel<<<blocks, kPyObjectsBlock, 0, stream>>>(
      descs, count, colours, results, workspace, stride, threads, table, orders);
  return cudaGetLastError();
}

/// Fills the order table (kOrderCells entries) on `stream`, with `scratch` of
/// order_scratch_bytes() bytes.
inline std::size_t order_scratch_stride() {
  const std::size_t n = kOrderSpan * kOrderSpan;
  return (n * 8 + 2 * static_cast<std::size_t>(dialects::sim::table_bound(n)) * 4 + 15) &
         ~std::size_t{15};
}
inline std::size_t order_scratch_bytes() {
  return order_scratch_stride() * kOrderSpan * kOrderSpan;
}
inline cudaError_t launch_order_table(std::int32_t* table, std::byte* scratch,
                                      cudaStream_t stream) {
  constexpr int block = 64;
  order_table_kernel<<<(kOrderSpan * kOrderSpan + block - 1) / block, block, 0, stream>>>(
      table, scratch, order_scratch_stride());
  return cudaGetLastError();
}

/// Fills `table` (kNeighbourSpan² entries) on `stream`.
inline cudaError_t launch_neighbour_table(dialects::sim::CellNeighbours* table,
                                          cudaStream_t stream) {
  constexpr int block = 128;
  neighbour_table_kernel<<<(kNeighbourSpan * kNeighbourSpan + block - 1) / block, block, 0,
                           stream>>>(table);
  return cudaGetLastError();
}

} // namespace battgpu::runtime::cuda::kernels
