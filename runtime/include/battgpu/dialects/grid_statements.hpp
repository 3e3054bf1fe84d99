// Grid-wise statements as the batch runtime takes them (issue 13): which calls of tokpidjin's
// cellwise, replace, fill, paint and f_ofcolor it computes exactly on packed grids of small ints
// (runtime/grid_store.hpp), and the Python values made from such grids.
#pragma once

#include "battgpu/py/value.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace battgpu::dialects {

enum class GridStatement : std::uint8_t {
  Cellwise, ///< cellwise(a, b, fallback) -> grid
  Replace,  ///< replace(grid, replacee, replacer) -> grid
  OfColor,  ///< f_ofcolor(grid, color) -> frozenset of (i, j)
  Fill,     ///< fill(grid, color, patch) -> grid
  Paint,    ///< paint(grid, obj) -> grid
};

/// The grid statement a call of `callee` is (tokpidjin's functions themselves, not closures
/// over them), if any.
std::optional<GridStatement> grid_statement(const py::Value& callee);

/// The number of arguments the statement takes.
inline std::size_t grid_statement_arity(GridStatement s) {
  return s == GridStatement::OfColor || s == GridStatement::Paint ? 2 : 3;
}

/// Whether argument `i` of the statement is a grid.
inline bool is_grid_argument(GridStatement s, std::size_t i) {
  return s == GridStatement::Cellwise ? i < 2 : i == 0;
}

/// Whether argument `i` of the statement is a patch (fill's) or an object (paint's), whose
/// cells the host reads; the arguments neither a grid nor a patch are small ints.
inline bool is_patch_argument(GridStatement s, std::size_t i) {
  return (s == GridStatement::Fill && i == 2) || (s == GridStatement::Paint && i == 1);
}

/// Whether the statement produces a grid (the others produce what the host builds).
inline bool makes_grid(GridStatement s) {
  return s != GridStatement::OfColor;
}

/// A scalar argument as the packed path takes it: an int (not a bool) from -128 to 127. Then,
/// on well-formed grids of such ints (read_small_grid) of one shape, the statement's value is
/// what the packed path computes, and nothing raises.
std::optional<std::int8_t> small_int(const py::Value& v);

/// The cells of an h x w grid that fill(grid, color, patch) writes, as row-major numbers
/// appended to `cells`, when `patch` is a non-empty frozenset of tuples all of 2 or all of 3
/// items whose first two are ints (or bools): the patches fill's fast path takes, where the
/// order of writing does not matter. False, with `cells` as it was, for any other patch.
bool patch_cells(const py::Value& patch, std::uint32_t h, std::uint32_t w,
                 std::vector<std::uint32_t>& cells);

/// The writes paint(grid, obj) makes on an h x w grid, in the order it makes them (a later
/// write to a cell over an earlier one), appended to `cells` (row-major numbers) and `colours`,
/// when `obj` is a frozenset or a tuple of 3-tuples (i, j, c) of int (or bool) positions and
/// small int colours (small_int). False, with both as they were, for anything else.
bool object_cells(const py::Value& obj, std::uint32_t h, std::uint32_t w,
                  std::vector<std::uint32_t>& cells, std::vector<std::int8_t>& colours);

/// Whether a statement called now would run to its value: room below the recursion limit for
/// its wrapper and body, and no cancellation pending (py::call would give Timeout).
bool grid_statement_may_run();

/// The grid of h x w cells (row-major) as Python holds it: a tuple of row tuples of ints.
py::Value grid_of_cells(const std::int8_t* cells, std::uint32_t h, std::uint32_t w);

/// f_ofcolor(grid, color) of the grid of h x w cells: the frozenset the function builds, slot
/// for slot.
py::Value ofcolor_of_cells(const std::int8_t* cells, std::uint32_t h, std::uint32_t w,
                           std::int8_t color);

} // namespace battgpu::dialects
