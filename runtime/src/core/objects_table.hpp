// The storage behind an ObjectsBatch.
#pragma once

#include "battgpu/runtime/objects_batch.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace battgpu::runtime::detail {

/// `count` Objects, default-constructed (in parallel for large tables) and destroyed in
/// parallel too: a batch of a million grids holds millions of reference-counted values.
struct ObjectsTable {
  explicit ObjectsTable(std::size_t count);
  ~ObjectsTable();
  ObjectsTable(const ObjectsTable&) = delete;
  ObjectsTable& operator=(const ObjectsTable&) = delete;

  dsl::Objects* data = nullptr;
  std::size_t count = 0;
  std::atomic<std::size_t> gpu_grids{0};
  std::vector<std::uint8_t> on_gpu; ///< per grid: computed by a device (set when sized)
};

} // namespace battgpu::runtime::detail
