// Helpers shared by the DSL unit tests: readable failure messages for the DSL's value types,
// and the iteration order of a container as a plain vector.
#pragma once

#include "battgpu/dsl.hpp"

#include <ostream>
#include <vector>

namespace battgpu::dsl {

// GoogleTest finds these by argument-dependent lookup when it prints a failing value.
inline void PrintTo(const Cell& cell, std::ostream* os) {
  *os << "(" << cell.color << ", (" << cell.index.first << ", " << cell.index.second << "))";
}

inline void PrintTo(const Grid& grid, std::ostream* os) {
  *os << "Grid " << grid.height() << "x" << grid.width() << " (";
  for (Integer i = 0; i < grid.height(); ++i) {
    *os << (i == 0 ? "(" : ", (");
    for (Integer j = 0; j < grid.width(); ++j)
      *os << (j == 0 ? "" : ", ") << grid.at(i, j);
    *os << ")";
  }
  *os << ")";
}

} // namespace battgpu::dsl

namespace battgpu::dsl_tests {

/// The elements of a Tuple or FrozenSet in iteration order.
template <class C> std::vector<typename C::value_type> seq(const C& container) {
  return std::vector<typename C::value_type>(container.begin(), container.end());
}

/// A grid of `rows` rows and no columns: Python's `((),) * rows`.
inline dsl::Grid empty_rows(dsl::Integer rows) {
  return dsl::Grid(rows, 0, {});
}

} // namespace battgpu::dsl_tests
