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

void run_shard(const ShardSettings&, ShardClient& client) {
  if (client.item_count() != 0)
    client.fallback(ChunkRange{0, client.item_count()}, "this build has no CUDA path");
}

std::vector<double> time_kernels(int, const PreparedChunk&, const std::byte*, std::uint32_t, int,
                                 std::string& error) {
  error = "this build has no CUDA path";
  return {};
}

bool grid_colours(int, const std::byte*, std::size_t, std::size_t, std::uint32_t, std::byte*,
                  std::string& error) {
  error = "this build has no CUDA path";
  return false;
}

bool mapply_bitmaps(int, int, const std::byte*, std::size_t, std::size_t, std::size_t,
                    std::uint32_t, std::byte*, std::string& error) {
  error = "this build has no CUDA path";
  return false;
}

bool copy_bandwidth(int, std::size_t, int, double&, double&, std::string& error) {
  error = "this build has no CUDA path";
  return false;
}

} // namespace battgpu::runtime::cuda
