// The CUDA dispatch layer: device probing, pinned memory, and the grid-colour kernel's launch.
// (The object extraction's device path is py_objects.cu.)
#include "core/host_memory.hpp"
#include "core/stats_internal.hpp"
#include "cuda/backend.hpp"
#include "cuda/device_health.hpp"
#include "cuda/grid_colours_kernel.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace battgpu::runtime::cuda {
namespace {

/// Devices this backend found broken (each backend keeps its own list, as it always has).
FailedDevices& failed_devices() {
  static FailedDevices* devices = new FailedDevices;
  return *devices;
}

} // namespace

bool compiled() {
  return true;
}

Probe probe(const std::vector<int>& wanted) {
  Probe p;
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    p.reason = "no usable CUDA device (" + error_text(e) + ")";
    cudaGetLastError();
    return p;
  }
  if (count == 0) {
    p.reason = "no CUDA device";
    return p;
  }
  std::vector<int> ordinals;
  if (wanted.empty()) {
    for (int d = 0; d < count; ++d)
      ordinals.push_back(d);
  } else {
    for (int d : wanted)
      if (d >= 0 && d < count && std::find(ordinals.begin(), ordinals.end(), d) == ordinals.end())
        ordinals.push_back(d);
  }
  std::string skipped;
  for (int d : ordinals) {
    if (failed_devices().contains(d)) {
      skipped += " device " + std::to_string(d) + " failed earlier;";
      continue;
    }
    cudaDeviceProp prop{};
    e = cudaGetDeviceProperties(&prop, d);
    if (e != cudaSuccess) {
      skipped += " device " + std::to_string(d) + ": " + error_text(e) + ";";
      cudaGetLastError();
      continue;
    }
    if (prop.major < 9) {
      // The kernels are built for sm_90 (and PTX for 9.0 and later).
      skipped += " device " + std::to_string(d) + " has compute capability " +
                 std::to_string(prop.major) + "." + std::to_string(prop.minor) + " (< 9.0);";
      continue;
    }
    std::size_t free_bytes = 0, total_bytes = 0;
    int clock_khz = 0;
    e = cudaSetDevice(d);
    if (e == cudaSuccess)
      e = cudaMemGetInfo(&free_bytes, &total_bytes);
    if (e == cudaSuccess)
      e = cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, d);
    if (e != cudaSuccess) {
      skipped += " device " + std::to_string(d) + ": " + error_text(e) + ";";
      cudaGetLastError();
      continue;
    }
    // Keep freed device memory in the pool across calls: chunks reuse it.
    cudaMemPool_t pool;
    if (cudaDeviceGetDefaultMemPool(&pool, d) == cudaSuccess) {
      std::uint64_t threshold = UINT64_MAX;
      cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
    }
    DeviceInfo info;
    info.ordinal = d;
    info.name = prop.name;
    info.total_memory = total_bytes;
    info.free_memory = free_bytes;
    info.multiprocessors = prop.multiProcessorCount;
    info.compute_major = prop.major;
    info.compute_minor = prop.minor;
    info.weight = static_cast<double>(prop.multiProcessorCount) * std::max(1, clock_khz) * 1e-6;
    p.devices.push_back(info);
  }
  if (p.devices.empty())
    p.reason = "no usable CUDA device:" + skipped;
  return p;
}

void trim_device_memory(int device) noexcept {
  cudaMemPool_t pool;
  if (cudaDeviceGetDefaultMemPool(&pool, device) == cudaSuccess) {
    cudaSetDevice(device);
    cudaDeviceSynchronize();
    cudaMemPoolTrimTo(pool, 0);
  }
  cudaGetLastError();
}

void* pinned_alloc(std::size_t bytes) noexcept {
  void* p = nullptr;
  if (cudaHostAlloc(&p, bytes, cudaHostAllocPortable) != cudaSuccess) {
    cudaGetLastError();
    return nullptr;
  }
  return p;
}

void pinned_free(void* p) noexcept {
  if (p != nullptr)
    cudaFreeHost(p);
}

namespace {

/// Device memory, a stream and two events, released on every path out.
struct Scratch {
  void* a = nullptr;
  void* b = nullptr;
  cudaStream_t stream = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;
  ~Scratch() {
    if (stream != nullptr)
      cudaStreamSynchronize(stream);
    cudaFree(a);
    cudaFree(b);
    if (start != nullptr)
      cudaEventDestroy(start);
    if (stop != nullptr)
      cudaEventDestroy(stop);
    if (stream != nullptr)
      cudaStreamDestroy(stream);
    cudaGetLastError();
  }
};

} // namespace

bool grid_colours(int device, const std::byte* staging, std::size_t staging_bytes,
                  std::size_t colours_offset, std::uint32_t grids, std::byte* out,
                  std::string& error) {
  Scratch s;
  int multiprocessors = 1;
  const std::size_t out_bytes = static_cast<std::size_t>(grids) * sizeof(kernels::GridColoursOut);
  cudaError_t e = cudaSetDevice(device);
  if (e == cudaSuccess)
    e = cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device);
  if (e == cudaSuccess)
    e = cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking);
  if (e == cudaSuccess)
    e = cudaEventCreate(&s.start);
  if (e == cudaSuccess)
    e = cudaEventCreate(&s.stop);
  if (e == cudaSuccess)
    e = cudaMallocAsync(&s.a, std::max<std::size_t>(staging_bytes, 4), s.stream);
  if (e == cudaSuccess)
    e = cudaMallocAsync(&s.b, std::max<std::size_t>(out_bytes, 4), s.stream);
  if (e == cudaSuccess)
    e = cudaMemcpyAsync(s.a, staging, staging_bytes, cudaMemcpyHostToDevice, s.stream);
  if (e == cudaSuccess)
    e = cudaEventRecord(s.start, s.stream);
  if (e == cudaSuccess) {
    const auto* in = static_cast<const std::byte*>(s.a);
    e = kernels::launch_grid_colours(reinterpret_cast<const detail::GpuGridDesc*>(in), grids,
                                     reinterpret_cast<const std::uint8_t*>(in + colours_offset),
                                     static_cast<kernels::GridColoursOut*>(s.b), multiprocessors,
                                     s.stream);
  }
  if (e == cudaSuccess)
    e = cudaEventRecord(s.stop, s.stream);
  if (e == cudaSuccess)
    e = cudaMemcpyAsync(out, s.b, out_bytes, cudaMemcpyDeviceToHost, s.stream);
  if (e == cudaSuccess)
    e = cudaStreamSynchronize(s.stream);
  if (e == cudaSuccess) {
    float ms = 0;
    cudaEventElapsedTime(&ms, s.start, s.stop);
    detail::record_stage(detail::Stage::Kernel, ms * 1e-3);
    detail::record_chunk(device, grids, staging_bytes, out_bytes);
    cudaFreeAsync(s.a, s.stream);
    cudaFreeAsync(s.b, s.stream);
    s.a = s.b = nullptr;
    e = cudaStreamSynchronize(s.stream);
  }
  if (e != cudaSuccess) {
    error = error_text(e);
    cudaGetLastError();
    return false;
  }
  return true;
}

} // namespace battgpu::runtime::cuda
