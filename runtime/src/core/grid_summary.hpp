// One pass over a grid: its background (the DSL's mostcolor, ties in CPython set order) and
// how many cells are not background; optionally the colours packed as bytes for the GPU.
#pragma once

#include "battgpu/dsl/values.hpp"

#include <cstdint>

namespace battgpu::runtime::detail {

struct GridSummary {
  std::uint32_t cells = 0;
  std::uint32_t foreground = 0;
  std::uint32_t below_background = 0; ///< cells whose colour is smaller than the background
  int background = 0;
  bool small_colours = true; ///< every colour is in 0..9
};

/// mostcolor(grid) and the foreground count, for any integer colours.
GridSummary summarise_grid(const dsl::Grid& grid);

/// The same, writing each colour as one byte to `packed` (grid.cell_count() bytes). When a
/// colour is outside 0..9, small_colours is false and `packed` holds nothing useful.
GridSummary summarise_and_pack(const dsl::Grid& grid, std::uint8_t* packed);

} // namespace battgpu::runtime::detail
