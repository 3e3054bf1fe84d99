// tokpidjin dialect: helpers the grid functions of several families share.
#pragma once

#include "battgpu/py/patch_bounds.hpp"
#include "battgpu/py/py.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace battgpu::dialects::tokpidjin {

/// Coordinates the fast paths accept: far from the ends of int64, so that their arithmetic
/// cannot overflow (larger ones take the general path and its OverflowError).
constexpr std::int64_t kCoordLimit = py::kSmallCoordinate;

inline bool small_coord(const py::Value& v) {
  return v.kind() == py::Kind::Int && v.as_int() > -kCoordLimit && v.as_int() < kCoordLimit;
}

using PatchScan = py::PatchBounds;

/// A patch of the usual shape: a non-empty frozenset whose elements are all tuples of one
/// arity, 2 (indices) or 3 (cells), with small int (not bool) row and column. For these,
/// toindices, the corners and the extents cannot fail and are plain ints (a bool would have to
/// be kept as the object min or max returns, so those take the general path).
inline bool scan_patch(const py::Value& patch, PatchScan& s) {
  if (!patch.is_frozenset())
    return false;
  s = py::patch_bounds(patch);
  return s.arity != 0 && s.small;
}

/// Counts of int colours, with the distinct colours in order of first appearance.
class ColourCounts {
public:
  void add(std::int64_t c) {
    if (c >= 0 && c < kSmall) {
      if (small_[c]++ == 0)
        order_.push_back(c);
      return;
    }
    for (auto& [colour, n] : other_)
      if (colour == c) {
        ++n;
        return;
      }
    other_.emplace_back(c, 1);
    order_.push_back(c);
  }
  std::int64_t count(std::int64_t c) const {
    if (c >= 0 && c < kSmall)
      return small_[c];
    for (const auto& [colour, n] : other_)
      if (colour == c)
        return n;
    return 0;
  }
  /// `max(set(values), key=values.count)`, or math.nan without values: the first colour with
  /// the highest count in the iteration order of set(values). Adding a value a set already
  /// holds changes nothing, so adding the distinct colours in order of first appearance
  /// builds the table set(values) builds.
  py::Value most_common() const {
    if (order_.empty())
      return py::math_nan();
    py::SetTable set;
    for (const std::int64_t c : order_)
      set.add(py::Value::integer(c));
    std::int64_t best = 0, best_count = -1;
    set.for_each([&](const py::Value& v) {
      const std::int64_t n = count(v.as_int());
      if (n > best_count) {
        best = v.as_int();
        best_count = n;
      }
    });
    return py::Value::integer(best);
  }

private:
  static constexpr std::int64_t kSmall = 16;
  std::int64_t small_[kSmall] = {};
  std::vector<std::pair<std::int64_t, std::int64_t>> other_;
  std::vector<std::int64_t> order_;
};

/// The grid being filled or painted: `[list(row) for row in grid]` for a tuple of tuple rows,
/// copying a row only when it is first written; `tuple(tuple(row) for row in ...)` at the end
/// (an untouched row is equal to the tuple it came from, so that tuple serves).
class RowWriter {
public:
  explicit RowWriter(const py::TupleObject& g) : g_(g), fresh_(g.size), ints_(g.size) {}

  /// The current value at (i, j), or null when row i is shorter than j + 1 (IndexError).
  const py::Value* get(std::int64_t i, std::int64_t j) {
    const auto ui = static_cast<std::size_t>(i);
    const py::TupleObject& r = py::as_tuple(g_[ui]);
    if (j >= static_cast<std::int64_t>(r.size))
      return nullptr;
    const auto uj = static_cast<std::size_t>(j);
    return fresh_[ui].is_bound() ? &py::tuple_items(fresh_[ui])[uj] : &r[uj];
  }
  /// Writes at (i, j); false when row i is shorter than j + 1 (IndexError).
  bool set(std::int64_t i, std::int64_t j, const py::Value& v) {
    const auto ui = static_cast<std::size_t>(i);
    const py::TupleObject& r = py::as_tuple(g_[ui]);
    if (j >= static_cast<std::int64_t>(r.size))
      return false;
    if (!fresh_[ui].is_bound()) {
      fresh_[ui] = py::new_tuple(r.size);
      py::Value* items = py::tuple_items(fresh_[ui]);
      ints_[ui] = py::copy_row_into_unbound(items, r);
    }
    py::tuple_items(fresh_[ui])[static_cast<std::size_t>(j)] = v;
    ints_[ui] = ints_[ui] && v.is(py::Kind::Int);
    return true;
  }
  py::Value finish() {
    py::Value out = py::new_tuple(g_.size);
    py::Value* rows = py::tuple_items(out);
    for (std::uint32_t i = 0; i < g_.size; ++i) {
      if (fresh_[i].is_bound() && ints_[i])
        py::mark_ints_only(fresh_[i]);
      rows[i] = fresh_[i].is_bound() ? std::move(fresh_[i]) : g_[i];
    }
    return out;
  }

private:
  const py::TupleObject& g_;
  std::vector<py::Value> fresh_;
  /// Whether fresh_[i] holds ints only so far.
  std::vector<std::uint8_t> ints_;
};

} // namespace battgpu::dialects::tokpidjin
