// Batched object extraction: `objects` / `o_g` for many grids and several modes at once.
#pragma once

#include "battgpu/dsl/values.hpp"
#include "battgpu/runtime/config.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

namespace battgpu::runtime {

/// A set of object modes: bit k selects mode k = 4*univalued + 2*diagonal + without_bg.
using ModeMask = std::uint8_t;
inline constexpr ModeMask all_modes = 0xFF;
constexpr ModeMask mode_bit(int mode) {
  return static_cast<ModeMask>(1u << mode);
}
constexpr int mode_count(ModeMask modes) {
  return std::popcount(static_cast<unsigned>(modes));
}
/// Position of `mode` among the modes of `modes`, in ascending order.
constexpr int mode_rank(ModeMask modes, int mode) {
  return std::popcount(static_cast<unsigned>(modes) & ((1u << mode) - 1u));
}

/// Per-call options.
struct BatchOptions {
  /// Overrides the configured path for this call (Auto keeps the configuration's choice).
  Path path = Path::Auto;
};

namespace detail {
struct ObjectsTable;
}

/// The objects of many grids in several modes: `(grid, mode)` is the same value
/// `o_g(grids[grid], mode)` gives. The values share storage with the batch (copying one is a
/// reference-count increment) and stay valid after the batch is destroyed.
class ObjectsBatch {
public:
  ObjectsBatch() = default;
  ObjectsBatch(std::shared_ptr<const detail::ObjectsTable> table, std::size_t grids,
               ModeMask modes);

  std::size_t size() const { return grids_; }
  bool empty() const { return grids_ == 0; }
  ModeMask modes() const { return modes_; }
  /// The objects of grid `grid` in `mode`, which must be one of modes().
  const dsl::Objects& operator()(std::size_t grid, int mode) const;
  /// The results of grid `grid`, one per mode of modes() in ascending mode order.
  std::span<const dsl::Objects> row(std::size_t grid) const;
  /// How many grids the GPU computed (the rest ran on the CPU path).
  std::size_t gpu_grids() const;
  /// True when a device computed grid `grid`'s results.
  bool computed_on_gpu(std::size_t grid) const;

private:
  std::shared_ptr<const detail::ObjectsTable> table_;
  std::size_t grids_ = 0;
  ModeMask modes_ = 0;
};

/// Object extraction for every grid and every mode in `modes`, on the GPU or the CPU path
/// (the cost model, the configuration or `options` decide). The results are exactly those of
/// the DSL's `objects`, including background ties decided in CPython's set order.
ObjectsBatch batch_objects_many(std::span<const dsl::Grid> grids, ModeMask modes,
                                const BatchOptions& options = {});

} // namespace battgpu::runtime
