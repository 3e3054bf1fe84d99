// The DSL's value types (SPEC section 2, "Values").
#pragma once

#include "battgpu/dsl/containers.hpp"

#include <compare>
#include <cstdint>
#include <cstring>
#include <utility>

namespace battgpu::dsl {

using Integer = int;
using Boolean = bool;
/// Python's `(a, b)` of two integers: a point, a vector or a shape.
using IntegerTuple = std::pair<Integer, Integer>;

/// Python's `(colour, (row, col))`. Orders by colour, then row, then column.
struct Cell {
  Integer color = 0;
  IntegerTuple index{0, 0};

  friend bool operator==(const Cell&, const Cell&) = default;
  friend auto operator<=>(const Cell&, const Cell&) = default;
};

/// A rectangle of colours, row-major. Python's tuple of row tuples: it is also a container
/// of rows (see Grid::row), and its comparison is the tuple comparison of its rows.
class Grid {
public:
  Grid() = default;
  Grid(Integer height, Integer width, std::vector<Integer>&& cells)
      : height_(height), width_(width), cells_(std::move(cells)) {}
  Grid(std::initializer_list<std::initializer_list<Integer>> rows) {
    std::vector<Integer> cells;
    height_ = static_cast<Integer>(rows.size());
    width_ = rows.size() == 0 ? 0 : static_cast<Integer>(rows.begin()->size());
    for (const auto& row : rows)
      cells.insert(cells.end(), row.begin(), row.end());
    cells_ = SharedArray<Integer>(std::move(cells));
  }

  Integer height() const { return height_; }
  Integer width() const { return width_; }
  /// Number of rows, as Python's len(grid).
  std::size_t size() const { return static_cast<std::size_t>(height_); }
  bool empty() const { return height_ == 0; }
  Integer at(Integer row, Integer col) const { return cells_[row * width_ + col]; }
  bool in_bounds(Integer row, Integer col) const {
    return row >= 0 && row < height_ && col >= 0 && col < width_;
  }
  const Integer* cells() const { return cells_.data(); }
  /// True when both grids show the same memory (then they are equal).
  bool same_storage(const Grid& other) const {
    return height_ == other.height_ && width_ == other.width_ && cells_.same_storage(other.cells_);
  }
  std::size_t cell_count() const { return static_cast<std::size_t>(height_) * width_; }
  Tuple<Integer> row(Integer i) const {
    return Tuple<Integer>(std::vector<Integer>(cells() + i * width_, cells() + (i + 1) * width_));
  }

  friend bool operator==(const Grid& a, const Grid& b) {
    return a.height_ == b.height_ && a.width_ == b.width_ &&
           (a.cells_.same_storage(b.cells_) ||
            std::equal(a.cells_.begin(), a.cells_.end(), b.cells_.begin()));
  }
  /// Tuple-of-tuples comparison: row by row, a row that is a prefix compares less.
  friend std::strong_ordering operator<=>(const Grid& a, const Grid& b) {
    Integer rows = std::min(a.height_, b.height_);
    for (Integer i = 0; i < rows; ++i) {
      const Integer* ra = a.cells() + i * a.width_;
      const Integer* rb = b.cells() + i * b.width_;
      auto c = std::lexicographical_compare_three_way(ra, ra + a.width_, rb, rb + b.width_);
      if (c != 0)
        return c;
    }
    return a.height_ <=> b.height_;
  }

private:
  Integer height_ = 0;
  Integer width_ = 0;
  SharedArray<Integer> cells_;
};

/// hash((colour, (row, col))).
inline std::int64_t python_hash(const Cell& cell) {
  cpython::TupleHash h;
  h.add(cpython::hash_int(cell.color));
  h.add(cpython::pair_hash(cell.index.first, cell.index.second));
  return h.finish(2);
}
/// The hash of the tuple of row tuples.
inline std::int64_t python_hash(const Grid& grid) {
  cpython::TupleHash rows;
  for (Integer i = 0; i < grid.height(); ++i) {
    cpython::TupleHash row;
    for (Integer j = 0; j < grid.width(); ++j)
      row.add(cpython::hash_int(grid.at(i, j)));
    rows.add(row.finish(static_cast<std::uint64_t>(grid.width())));
  }
  return rows.finish(static_cast<std::uint64_t>(grid.height()));
}

using Object = FrozenSet<Cell>;
using Objects = FrozenSet<Object>;
using Indices = FrozenSet<IntegerTuple>;
using IndicesSet = FrozenSet<Indices>;
using IntegerSet = FrozenSet<Integer>;
/// A demonstration pair (input, output), as in Python's batt `S`.
using Sample = std::pair<Grid, Grid>;
using Samples = Tuple<Sample>;

} // namespace battgpu::dsl
