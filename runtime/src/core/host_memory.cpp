#include "core/host_memory.hpp"

#include "battgpu/runtime/config.hpp"
#include "cuda/backend.hpp"

#include <atomic>
#include <map>
#include <mutex>
#include <new>
#include <set>
#include <vector>

namespace battgpu::runtime::detail {
namespace {

struct Block {
  void* memory = nullptr;
  std::size_t bytes = 0;
  bool pinned = false;
};

class HostBufferCache {
public:
  std::shared_ptr<std::byte> acquire(std::size_t bytes, bool want_pinned) {
    bytes = round_up(bytes);
    Block block;
    {
      std::lock_guard lock(mutex_);
      auto& free_list = want_pinned ? free_pinned_ : free_plain_;
      // Best fit, but never more than twice the request (memory is not wasted on small asks).
      auto it = free_list.lower_bound(bytes);
      if (it != free_list.end() && it->first <= 2 * bytes) {
        block = it->second;
        cached_bytes_ -= block.bytes;
        free_list.erase(it);
      }
    }
    if (block.memory == nullptr)
      block = allocate(bytes, want_pinned);
    auto* raw = static_cast<std::byte*>(block.memory);
    return std::shared_ptr<std::byte>(raw, [this, block](std::byte*) { release(block); });
  }

  bool pinned(const std::byte* p) {
    std::lock_guard lock(mutex_);
    return pinned_live_.count(p) != 0;
  }

  std::size_t pinned_held() const { return pinned_held_.load(); }

  /// Frees cached blocks until at most `keep` bytes stay cached.
  void trim(std::size_t keep) {
    std::vector<Block> victims;
    {
      std::lock_guard lock(mutex_);
      for (auto* list : {&free_pinned_, &free_plain_}) {
        while (cached_bytes_ > keep && !list->empty()) {
          auto it = std::prev(list->end());
          victims.push_back(it->second);
          cached_bytes_ -= it->second.bytes;
          list->erase(it);
        }
      }
    }
    for (const Block& b : victims)
      free_block(b);
  }

private:
  static std::size_t round_up(std::size_t bytes) {
    // Sizes in steps of 1/8 of a power of two above 64 KiB, so blocks are reused across calls
    // of similar size.
    std::size_t minimum = std::size_t{64} << 10;
    if (bytes <= minimum)
      return minimum;
    std::size_t p = minimum;
    while (p < bytes)
      p <<= 1;
    std::size_t step = p / 16;
    return (bytes + step - 1) / step * step;
  }

  Block allocate(std::size_t bytes, bool want_pinned) {
    Block b;
    b.bytes = bytes;
    if (want_pinned) {
      b.memory = cuda::pinned_alloc(bytes);
      if (b.memory == nullptr) {
        // Make room: drop cached pinned blocks and try again.
        trim(0);
        b.memory = cuda::pinned_alloc(bytes);
      }
      if (b.memory != nullptr) {
        b.pinned = true;
        pinned_held_ += bytes;
        std::lock_guard lock(mutex_);
        pinned_live_.insert(static_cast<const std::byte*>(b.memory));
        return b;
      }
    }
    b.memory = ::operator new(bytes, std::align_val_t{64});
    return b;
  }

  void free_block(const Block& b) {
    if (b.pinned) {
      {
        std::lock_guard lock(mutex_);
        pinned_live_.erase(static_cast<const std::byte*>(b.memory));
      }
      cuda::pinned_free(b.memory);
      pinned_held_ -= b.bytes;
    } else {
      ::operator delete(b.memory, std::align_val_t{64});
    }
  }

  void release(const Block& b) {
    std::size_t limit = config().pinned_cache_bytes;
    {
      std::lock_guard lock(mutex_);
      if (cached_bytes_ + b.bytes <= limit) {
        (b.pinned ? free_pinned_ : free_plain_).emplace(b.bytes, b);
        cached_bytes_ += b.bytes;
        return;
      }
    }
    free_block(b);
  }

  std::mutex mutex_;
  std::multimap<std::size_t, Block> free_pinned_;
  std::multimap<std::size_t, Block> free_plain_;
  std::set<const std::byte*> pinned_live_;
  std::size_t cached_bytes_ = 0;
  std::atomic<std::size_t> pinned_held_{0};
};

HostBufferCache& cache() {
  // Never destroyed: buffers may come back during static destruction.
  static HostBufferCache* c = new HostBufferCache;
  return *c;
}

} // namespace

std::shared_ptr<std::byte> acquire_host_buffer(std::size_t bytes, bool pinned) {
  return cache().acquire(bytes, pinned);
}

bool is_pinned(const std::shared_ptr<std::byte>& buffer) {
  return cache().pinned(buffer.get());
}

std::size_t pinned_bytes_held() {
  return cache().pinned_held();
}

void release_cached_host_buffers() {
  cache().trim(0);
}

} // namespace battgpu::runtime::detail
