// The CUDA path of GridStore: an arena of int8 grids in device memory, the grid ops as one
// kernel launch (a thread block per op, its threads over the cells), and a gather of the grids
// the host reads into one copy.
#include "cuda/device_health.hpp"
#include "cuda/grid_store_backend.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace battgpu::runtime::cuda {
namespace {

constexpr int kThreads = 128;

// GridOpKind's values (grid_store.hpp): 0 cellwise, 1 replace, 2 fill, 3 paint.
__global__ void grid_ops_kernel(const GridOpDesc* ops, std::int8_t* arena,
                                const std::uint32_t* positions, const std::int8_t* colours) {
  const GridOpDesc d = ops[blockIdx.x];
  const std::int8_t* a = arena + d.a;
  const std::int8_t* b = arena + d.b;
  std::int8_t* out = arena + d.out;
  if (d.kind >= 2) {
    for (std::uint32_t c = threadIdx.x; c < d.cells; c += blockDim.x)
      out[c] = a[c];
    // The block's copy before its writes. A fill may write a cell twice (the same x); a paint's
    // cells are distinct (GridStore keeps each one's last colour).
    __syncthreads();
    for (std::uint32_t k = threadIdx.x; k < d.npositions; k += blockDim.x)
      out[positions[d.positions + k]] = d.kind == 2 ? d.x : colours[d.positions + k];
    return;
  }
  for (std::uint32_t c = threadIdx.x; c < d.cells; c += blockDim.x) {
    const std::int8_t v = a[c];
    out[c] = d.kind == 0 ? (v == b[c] ? v : d.x) : (v == d.x ? d.y : v);
  }
}

__global__ void gather_kernel(const GridCopyDesc* copies, const std::int8_t* arena,
                              std::int8_t* staging) {
  const GridCopyDesc d = copies[blockIdx.x];
  for (std::uint64_t c = threadIdx.x; c < d.cells; c += blockDim.x)
    staging[d.to + c] = arena[d.from + c];
}

/// A device buffer that grows, keeping what it holds.
struct Buffer {
  void* data = nullptr;
  std::size_t bytes = 0;

  cudaError_t reserve(std::size_t want, std::size_t keep, cudaStream_t stream) {
    if (want <= bytes)
      return cudaSuccess;
    const std::size_t grown = std::max(want, bytes * 2);
    void* fresh = nullptr;
    cudaError_t e = cudaMalloc(&fresh, grown);
    if (e != cudaSuccess)
      return e;
    if (keep != 0)
      e = cudaMemcpyAsync(fresh, data, keep, cudaMemcpyDeviceToDevice, stream);
    if (e == cudaSuccess)
      e = cudaStreamSynchronize(stream);
    if (e != cudaSuccess) {
      cudaFree(fresh);
      return e;
    }
    cudaFree(data);
    data = fresh;
    bytes = grown;
    return cudaSuccess;
  }
};

/// Pinned host memory that grows: the copies from and to it run at the bus's speed without the
/// driver staging pageable memory. Reused once the stream has finished with it (`done`).
struct PinnedBuffer {
  void* data = nullptr;
  std::size_t bytes = 0;
  cudaEvent_t done = nullptr;

  cudaError_t reserve(std::size_t want) {
    if (done != nullptr) {
      if (cudaError_t e = cudaEventSynchronize(done); e != cudaSuccess)
        return e;
    }
    if (want <= bytes)
      return cudaSuccess;
    cudaFreeHost(data);
    data = nullptr;
    bytes = 0;
    const std::size_t grown = 2 * want;
    if (cudaError_t e = cudaMallocHost(&data, grown); e != cudaSuccess)
      return e;
    bytes = grown;
    return cudaSuccess;
  }
};

class CudaGrids final : public DeviceGrids {
public:
  explicit CudaGrids(int device) : device_(device) {}
  ~CudaGrids() override {
    cudaSetDevice(device_);
    if (stream_ != nullptr) {
      cudaStreamSynchronize(stream_);
      cudaStreamDestroy(stream_);
    }
    for (Buffer* b : {&arena_, &ops_, &copies_, &staging_, &positions_, &colours_})
      cudaFree(b->data);
    for (PinnedBuffer* p : {&up_, &down_}) {
      cudaFreeHost(p->data);
      if (p->done != nullptr)
        cudaEventDestroy(p->done);
    }
  }

  bool start(std::string& why) {
    return ok(cudaSetDevice(device_), "cudaSetDevice", why) &&
           ok(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreate",
              why) &&
           ok(cudaEventCreateWithFlags(&up_.done, cudaEventDisableTiming), "cudaEventCreate", why);
  }

  bool reserve(std::size_t bytes, std::size_t used, std::string& why) override {
    return ok(cudaSetDevice(device_), "cudaSetDevice", why) &&
           ok(arena_.reserve(bytes, used, stream_), "arena allocation", why);
  }

  bool upload(std::size_t offset, const void* data, std::size_t bytes, std::string& why) override {
    if (bytes == 0)
      return true;
    return to_device(static_cast<char*>(arena_.data) + offset, data, bytes, "grid upload", why);
  }

  bool reserve_positions(std::size_t count, std::size_t used, std::string& why) override {
    return ok(cudaSetDevice(device_), "cudaSetDevice", why) &&
           ok(positions_.reserve(count * sizeof(std::uint32_t), used * sizeof(std::uint32_t),
                                 stream_),
              "positions allocation", why) &&
           ok(colours_.reserve(count, used, stream_), "colours allocation", why);
  }

  bool upload_positions(std::size_t offset, const std::uint32_t* cells, const std::int8_t* colours,
                        std::size_t count, std::string& why) override {
    if (count == 0)
      return true;
    return to_device(static_cast<std::uint32_t*>(positions_.data) + offset, cells,
                     count * sizeof(std::uint32_t), "positions upload", why) &&
           to_device(static_cast<std::int8_t*>(colours_.data) + offset, colours, count,
                     "colours upload", why);
  }

  bool launch(const GridOpDesc* ops, std::size_t n, std::string& why) override {
    if (n == 0)
      return true;
    const std::size_t bytes = n * sizeof(GridOpDesc);
    if (!ok(cudaSetDevice(device_), "cudaSetDevice", why) ||
        !ok(ops_.reserve(bytes, 0, stream_), "op table allocation", why) ||
        !to_device(ops_.data, ops, bytes, "op table upload", why))
      return false;
    grid_ops_kernel<<<static_cast<unsigned>(n), kThreads, 0, stream_>>>(
        static_cast<const GridOpDesc*>(ops_.data), static_cast<std::int8_t*>(arena_.data),
        static_cast<const std::uint32_t*>(positions_.data),
        static_cast<const std::int8_t*>(colours_.data));
    return ok(cudaGetLastError(), "grid op kernel", why);
  }

  bool gather(const GridCopyDesc* copies, std::size_t n, void* out, std::size_t bytes,
              std::string& why) override {
    if (n == 0)
      return true;
    const std::size_t table = n * sizeof(GridCopyDesc);
    if (!ok(cudaSetDevice(device_), "cudaSetDevice", why) ||
        !ok(copies_.reserve(table, 0, stream_), "copy table allocation", why) ||
        !ok(staging_.reserve(bytes, 0, stream_), "staging allocation", why) ||
        !to_device(copies_.data, copies, table, "copy table upload", why))
      return false;
    gather_kernel<<<static_cast<unsigned>(n), kThreads, 0, stream_>>>(
        static_cast<const GridCopyDesc*>(copies_.data),
        static_cast<const std::int8_t*>(arena_.data), static_cast<std::int8_t*>(staging_.data));
    if (!ok(cudaGetLastError(), "gather kernel", why) ||
        !ok(down_.reserve(bytes), "pinned allocation", why) ||
        !ok(cudaMemcpyAsync(down_.data, staging_.data, bytes, cudaMemcpyDeviceToHost, stream_),
            "grid download", why) ||
        !ok(cudaStreamSynchronize(stream_), "grid download", why))
      return false;
    std::memcpy(out, down_.data, bytes);
    return true;
  }

private:
  /// Copies host bytes to the device through the pinned upload buffer (once the previous
  /// upload from it is done).
  bool to_device(void* to, const void* from, std::size_t bytes, const char* what,
                 std::string& why) {
    if (!ok(up_.reserve(bytes), "pinned allocation", why))
      return false;
    std::memcpy(up_.data, from, bytes);
    return ok(cudaMemcpyAsync(to, up_.data, bytes, cudaMemcpyHostToDevice, stream_), what, why) &&
           ok(cudaEventRecord(up_.done, stream_), what, why);
  }

  static bool ok(cudaError_t e, const char* what, std::string& why) {
    if (e == cudaSuccess)
      return true;
    why = std::string(what) + ": " + error_text(e);
    return false;
  }

  int device_;
  cudaStream_t stream_ = nullptr;
  Buffer arena_, ops_, copies_, staging_, positions_, colours_;
  PinnedBuffer up_, down_;
};

} // namespace

std::unique_ptr<DeviceGrids> DeviceGrids::open(int device, std::string& why) {
  auto grids = std::make_unique<CudaGrids>(device);
  if (!grids->start(why))
    return nullptr;
  return grids;
}

} // namespace battgpu::runtime::cuda
