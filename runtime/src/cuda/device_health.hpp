// What both CUDA backends (backend.cu, py_objects.cu) need to know of a device: the devices
// that had a sticky error, the text of a CUDA error, and what the device's stream-ordered
// memory pool holds.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>

namespace battgpu::runtime::cuda {

/// Devices with a sticky error: the backend that keeps the list does not try them again.
class FailedDevices {
public:
  bool contains(int device) const {
    std::lock_guard lock(mutex_);
    return devices_.count(device) != 0;
  }
  void add(int device) {
    std::lock_guard lock(mutex_);
    devices_.insert(device);
  }

private:
  mutable std::mutex mutex_;
  std::set<int> devices_;
};

inline std::string error_text(cudaError_t e) {
  return std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e);
}

/// Bytes the device's stream-ordered pool holds but has not handed out (reusable by us).
inline std::size_t pool_idle_bytes(int device) {
  cudaMemPool_t pool;
  if (cudaDeviceGetDefaultMemPool(&pool, device) != cudaSuccess)
    return 0;
  std::uint64_t reserved = 0, used = 0;
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved);
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used);
  return reserved > used ? static_cast<std::size_t>(reserved - used) : 0;
}

/// Bytes the device's stream-ordered pool holds.
inline std::size_t pool_reserved_bytes(int device) {
  cudaMemPool_t pool;
  if (cudaDeviceGetDefaultMemPool(&pool, device) != cudaSuccess)
    return 0;
  std::uint64_t reserved = 0;
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved);
  return static_cast<std::size_t>(reserved);
}

} // namespace battgpu::runtime::cuda
