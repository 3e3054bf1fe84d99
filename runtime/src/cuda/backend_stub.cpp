// The CUDA path's interface in a build without CUDA: no device, ordinary host memory.
#include "cuda/backend.hpp"

namespace battgpu::runtime::cuda {

bool compiled() {
  return false;
}

Probe probe(const std::vector<int>&) {
  return Probe{{}, "this build has no CUDA path"};
}

void* pinned_alloc(std::size_t) noexcept {
  return nullptr;
}

void pinned_free(void*) noexcept {}

void run_shard(const ShardSettings&, ShardClient& client) {
  if (client.item_count() != 0)
    client.fallback(ChunkRange{0, client.item_count()}, "this build has no CUDA path");
}

} // namespace battgpu::runtime::cuda
