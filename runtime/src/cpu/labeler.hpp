// The CPU path of object extraction: one grid at a time, every family the modes need,
// written in the shared result layout (core/layout.hpp).
#pragma once

#include "battgpu/dsl/values.hpp"
#include "core/layout.hpp"

#include <cstdint>
#include <vector>

namespace battgpu::runtime::detail {

class CpuLabeler {
public:
  /// Writes the families of `families` for `grid` (background `background`) at the grid's
  /// cells and mask words, laid out as `layout` says.
  void label(const dsl::Grid& grid, int background, std::uint32_t families,
             const FamilyLayout& layout, dsl::Cell* cells, std::uint32_t* masks);

private:
  std::uint32_t find(std::uint32_t x);
  void unite(std::uint32_t a, std::uint32_t b);
  void emit(const dsl::Grid& grid, bool skip_background, dsl::Cell* out, std::uint32_t* mask);

  std::vector<std::uint32_t> parent_;
  std::vector<std::uint32_t> perm_;  // cells by (colour, index)
  std::vector<std::uint32_t> count_; // per root: cells so far, then first position
  std::vector<std::uint32_t> rank_;  // per cell: position inside its object
  std::vector<std::uint32_t> root_;  // per cell: its component
  std::vector<std::uint32_t> order_; // roots in canonical object order
  std::vector<int> colour_keys_;
  std::uint32_t background_begin_ = 0; // background cells in perm_
  std::uint32_t background_end_ = 0;
};

} // namespace battgpu::runtime::detail
