// Host buffers for results and staging: pinned (page-locked) when CUDA is usable, so device
// copies run at full speed, and recycled through a cache when their last user lets go.
#pragma once

#include <cstddef>
#include <memory>

namespace battgpu::runtime::detail {

/// A buffer of at least `bytes` bytes (16-byte aligned). With `pinned`, page-locked memory
/// is tried first (falling back to ordinary memory). Released buffers are kept for reuse up
/// to the configured cache size.
std::shared_ptr<std::byte> acquire_host_buffer(std::size_t bytes, bool pinned);

/// True when `buffer` (from acquire_host_buffer) is page-locked.
bool is_pinned(const std::shared_ptr<std::byte>& buffer);

/// Pinned bytes allocated now, in use or cached.
std::size_t pinned_bytes_held();

/// Frees every cached (unused) buffer.
void release_cached_host_buffers();

} // namespace battgpu::runtime::detail
