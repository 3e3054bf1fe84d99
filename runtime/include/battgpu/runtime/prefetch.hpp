// Cross-task batching (SPEC section 5, "Batches across tasks").
//
// A batch point of a regenerated solver sees one task's handful of grids: far too few for a
// GPU. A driver running many tasks instead hands the runtime, before running the solvers,
// every grid their batch points will see (sample inputs and outputs, test inputs); the
// runtime computes them in one batch, sharded over the GPUs, and keeps the results. The batch
// points (batch.hpp) then take a kept result where there is one and run their original
// statements otherwise. Only results a GPU computed are kept: where the GPU is not used, the
// original code runs, as the rewrite contract says. Results are identical either way.
#pragma once

#include "battgpu/dsl/values.hpp"
#include "battgpu/runtime/grid_values.hpp"
#include "battgpu/runtime/objects_batch.hpp"

#include <cstddef>
#include <optional>
#include <span>

namespace battgpu::runtime {

/// Object extraction of `grids` in `modes`, kept for the batch points. Returns how many
/// grids got results computed on a GPU (and kept).
std::size_t prefetch_objects(std::span<const dsl::Grid> grids, ModeMask modes,
                             const BatchOptions& options = {});

/// The colours (p_g, palette, mostcolor, leastcolor, numcolors) of `grids`, kept likewise.
std::size_t prefetch_grid_values(std::span<const dsl::Grid> grids,
                                 const BatchOptions& options = {});

/// Drops every kept result.
void clear_prefetched();

/// Grids with kept results.
std::size_t prefetched_grids();

namespace detail {

/// True once anything was kept (a cheap test for the batch points).
bool has_prefetched() noexcept;
/// The kept objects of `grid` in `mode`, if any. Grids are recognised by their storage.
std::optional<dsl::Objects> prefetched_objects(const dsl::Grid& grid, int mode);
/// The kept colours of `grid`, if any.
std::optional<GridColours> prefetched_grid_values(const dsl::Grid& grid);

} // namespace detail
} // namespace battgpu::runtime
