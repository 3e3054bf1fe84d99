// A grid of ints read once, for the fast paths of both dialects' grid functions.
#pragma once

#include "battgpu/py/py.hpp"

#include <cstdint>
#include <vector>

namespace battgpu::dialects {

/// A grid of ints as the fast paths read it: a tuple of h >= 1 row tuples, each of exactly
/// w >= 1 ints (not bools), w being the length of the first row.
struct IntGrid {
  std::int64_t h = 0, w = 0;
  std::vector<std::int64_t> cells; ///< row-major
  std::int64_t at(std::int64_t i, std::int64_t j) const {
    return cells[static_cast<std::size_t>(i * w + j)];
  }
};

/// Reads `grid` into `g`: false (and `g` unspecified) for anything but such a grid, and for
/// one of more than 2**30 cells (the extraction simulation numbers cells as int32 keys).
inline bool read_int_grid(const py::Value& grid, IntGrid& g) {
  if (!grid.is_tuple())
    return false;
  const py::TupleObject& rows = py::as_tuple(grid);
  if (rows.size == 0 || !rows[0].is_tuple())
    return false;
  const std::uint32_t w = py::as_tuple(rows[0]).size;
  if (w == 0 || std::int64_t{rows.size} * w > (std::int64_t{1} << 30))
    return false;
  g.h = rows.size;
  g.w = w;
  g.cells.resize(static_cast<std::size_t>(g.h * g.w));
  std::int64_t* out = g.cells.data();
  for (const py::Value& row : rows) {
    if (!row.is_tuple() || py::as_tuple(row).size != w)
      return false;
    const py::TupleObject& r = py::as_tuple(row);
    if (r.ints_only) {
      for (const py::Value& cell : r)
        *out++ = cell.as_int();
      continue;
    }
    for (const py::Value& cell : r) {
      if (!cell.is(py::Kind::Int))
        return false;
      *out++ = cell.as_int();
    }
  }
  return true;
}

} // namespace battgpu::dialects
