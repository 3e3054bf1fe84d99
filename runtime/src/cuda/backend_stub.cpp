// The CUDA path's interface in a build without CUDA: no device, ordinary host memory.
#include "cuda/backend.hpp"

namespace battgpu::runtime::cuda {

bool compiled() {
  return false;
}

Probe probe(const std::vector<int>&) {
  return Probe{{}, "this build has no CUDA path"};
}

void trim_device_memory(int) noexcept {}

void* pinned_alloc(std::size_t) noexcept {
  return nullptr;
}

void pinned_free(void*) noexcept {}

bool grid_colours(int, const std::byte*, std::size_t, std::size_t, std::uint32_t, std::byte*,
                  std::string& error) {
  error = "this build has no CUDA path";
  return false;
}

} // namespace battgpu::runtime::cuda
