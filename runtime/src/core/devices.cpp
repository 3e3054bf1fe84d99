#include "battgpu/runtime/device.hpp"

#include "battgpu/runtime/config.hpp"
#include "core/devices.hpp"
#include "core/host_memory.hpp"
#include "core/stats_internal.hpp"
#include "cuda/backend.hpp"

#include <mutex>

namespace battgpu::runtime {
namespace detail {

cuda::Probe probe_devices(const RuntimeConfig& cfg) {
  static std::mutex* mutex = new std::mutex;
  static bool probed = false;
  static std::vector<int>* wanted = new std::vector<int>;
  static cuda::Probe* cached = new cuda::Probe;
  if (cfg.disable_cuda)
    return cuda::Probe{{}, "CUDA disabled (BATTGPU_DISABLE_CUDA or configuration)"};
  if (!cuda::compiled())
    return cuda::Probe{{}, "this build has no CUDA path"};
  std::lock_guard lock(*mutex);
  if (!probed || *wanted != cfg.devices) {
    *cached = cuda::probe(cfg.devices);
    *wanted = cfg.devices;
    probed = true;
    for (const DeviceInfo& d : cached->devices)
      record_device(d.ordinal, d.name, d.total_memory);
  }
  return *cached;
}

} // namespace detail

bool cuda_compiled() {
  return cuda::compiled();
}

std::vector<DeviceInfo> usable_devices() {
  return detail::probe_devices(config()).devices;
}

bool gpu_available() {
  return !usable_devices().empty();
}

void release_cached_memory() {
  detail::release_cached_host_buffers();
  for (const DeviceInfo& d : usable_devices())
    cuda::trim_device_memory(d.ordinal);
}

std::string gpu_unavailable_reason() {
  auto p = detail::probe_devices(config());
  return p.devices.empty() ? p.reason : std::string();
}

} // namespace battgpu::runtime
