// Random ARC-like grids: for the cost model's calibration, tests and benchmarks.
#pragma once

#include "battgpu/dsl/values.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace battgpu::runtime {

struct SyntheticOptions {
  int min_side = 1;
  int max_side = 30;
};

/// `count` grids of random shapes and palettes, drawn like ARC grids: a background with
/// rectangles, lines and scattered cells in a few colours, some pure noise, some with two
/// colours tied for the background. The same seed gives the same grids on every platform.
std::vector<dsl::Grid> random_arc_like_grids(std::size_t count, std::uint64_t seed,
                                             const SyntheticOptions& options = {});

} // namespace battgpu::runtime
