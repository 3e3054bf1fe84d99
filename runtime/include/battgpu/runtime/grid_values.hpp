// Batched grid-to-value primitives: p_g, palette, mostcolor, leastcolor, numcolors for many
// grids at once. Each follows from a grid's colour counts and the order in which its colours
// were first seen (CPython set order), which the GPU computes for large batches.
#pragma once

#include "battgpu/dsl/values.hpp"
#include "battgpu/runtime/config.hpp"
#include "battgpu/runtime/objects_batch.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace battgpu::runtime {

/// One grid's colours: distinct colours in the DSL's set order and how often each occurs.
struct GridColours {
  std::vector<int> colours;          ///< palette in set order (CPython's, as the DSL iterates)
  std::vector<std::uint32_t> counts; ///< counts[k] cells have colours[k]
  std::vector<int> first_seen;       ///< the colours in row-major order of first appearance

  dsl::IntegerSet palette() const;
  dsl::Tuple<dsl::Integer> p_g() const;
  dsl::Integer mostcolor() const;
  dsl::Integer leastcolor() const;
  dsl::Integer numcolors() const { return static_cast<dsl::Integer>(colours.size()); }
};

/// The colours of one grid, on the CPU.
GridColours grid_colours(const dsl::Grid& grid);

class GridValuesBatch {
public:
  GridValuesBatch() = default;
  GridValuesBatch(std::vector<GridColours> grids, std::vector<std::uint8_t> on_gpu)
      : grids_(std::move(grids)), on_gpu_(std::move(on_gpu)) {}
  std::size_t size() const { return grids_.size(); }
  const GridColours& operator[](std::size_t i) const { return grids_[i]; }
  /// How many grids a device computed, and whether it computed grid i.
  std::size_t gpu_grids() const;
  bool computed_on_gpu(std::size_t i) const { return i < on_gpu_.size() && on_gpu_[i] != 0; }

private:
  std::vector<GridColours> grids_;
  std::vector<std::uint8_t> on_gpu_;
};

/// The colours of every grid, on the GPU or the CPU path (cost model, configuration or
/// `options`); exactly what the DSL's primitives give.
GridValuesBatch batch_grid_values(std::span<const dsl::Grid> grids,
                                  const BatchOptions& options = {});

} // namespace battgpu::runtime
