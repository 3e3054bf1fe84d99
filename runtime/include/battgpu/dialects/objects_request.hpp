// Object extraction as the batch runtime takes it (issue 13): which calls of a dialect are an
// object extraction it can compute without py::call, and the host's side of the integer
// simulation (objects_sim.hpp) that computes them: its caches and workspace, and the Python
// values placed into a computed layout. The CPU fast paths of both dialects' `objects` run
// through the same functions, so that every path gives the same frozensets slot for slot.
#pragma once

#include "battgpu/dialects/objects_sim.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/value.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace battgpu::dialects {

/// What an object extraction returns.
enum class ObjectsShape : std::uint8_t {
  FrozenSet,         ///< `objects`, `o_g`: a frozenset of frozensets of cells
  TupleOfTuples,     ///< tokpidjin's `objects_t`, `o_g_t`: tuples of cells in the order found
  TupleOfFrozenSets, ///< arc-dsl's `o_g_t`: `tuple(o_g(grid, R))`
};

/// A call that is an object extraction: `objects(grid, u, d, b)`, `o_g(grid, R)` (and their
/// tuple forms) with a constant mode, or a closure `rbind(o_g, R)` called with one argument.
struct ObjectsRequest {
  py::Dialect dialect = py::Dialect::Tokpidjin;
  std::uint8_t mode = 0; ///< 4·univalued + 2·diagonal + without_bg
  ObjectsShape shape = ObjectsShape::FrozenSet;
  const py::Value* grid = nullptr; ///< the grid argument, still to be read (read_small_grid)
};

/// The object extraction `callee(*args)` is, when py::call would give exactly what the
/// simulation gives for a well-formed grid: the callee is one of the dialect's extraction
/// functions (or an rbind closure over o_g / o_g_t) called with the right number of arguments,
/// the mode is an int (or bool) the function maps to a mode without raising, the call has room
/// below the recursion limit for every nested call and the thread is not cancelled. Anything
/// else (and a grid read_small_grid refuses) must go through py::call.
std::optional<ObjectsRequest> objects_request(const py::Value& callee, const py::Value* args,
                                              std::size_t nargs);

/// A quick test for callers that check many calls: false when `callee` can never be an
/// extraction objects_request accepts (it is neither an extraction function of a dialect nor
/// an rbind closure over one).
bool may_extract_objects(const py::Value& callee);

/// Grids the batch path takes: at most this many cells (then 16-bit layouts hold every number).
inline constexpr std::int64_t kBatchMaxCells = sim::kMaxCells16;

/// Appends the cells of `grid`, row-major, to `cells` when it is a well-formed grid of ints
/// (a non-empty tuple of equally long non-empty tuples of ints, bools excluded) between -128
/// and 127, of at most kBatchMaxCells cells: the grids both dialects' fast paths take. False,
/// with `cells` as it was, otherwise.
bool read_small_grid(const py::Value& grid, std::vector<std::int8_t>& cells, std::uint32_t& h,
                     std::uint32_t& w);

/// The simulation's parameters for a request of `mode` on an h x w grid of small colours:
/// the background, when the mode asks for it, is mostcolor(grid) by the shared simulation
/// (sim::small_grid_mostcolor, computed here on the host).
sim::Params small_grid_params(py::Dialect dialect, ObjectsShape shape, std::uint8_t mode,
                              const std::int8_t* cells, std::uint32_t h, std::uint32_t w);

/// The form of the cells of `dialect`.
inline sim::CellForm cell_form(py::Dialect dialect) {
  return dialect == py::Dialect::Tokpidjin ? sim::CellForm::Tokpidjin : sim::CellForm::ArcDsl;
}

/// The cell of colour `c` at (i, j) as `dialect` writes it: `(i, j, c)` or `(c, (i, j))`.
inline py::Value cell_value(py::Dialect dialect, std::int64_t i, std::int64_t j, std::int64_t c) {
  return dialect == py::Dialect::Tokpidjin ? py::cell_of(i, j, c) : py::arc_cell_of(c, i, j);
}

/// Runs the simulation on the host, in this thread's workspace (sized so that it cannot
/// overflow), with the host's caches of asindices' order and of the neighbour tables.
/// Returns the layout's status (sim::kLayoutOk).
template <class Cell, class Index>
std::uint32_t simulate_on_host(const Cell* cells, const sim::Params& params,
                               const sim::Layout<Index>& out);

/// The Python value of a computed layout (status sim::kLayoutOk): the cells of `cells` (an
/// h x w grid, width `w`) placed into their slots as `dialect`'s cells, each object a frozenset
/// (with its hash) or a tuple, the objects into the result as `shape` says.
template <class Cell, class Index>
py::Value materialise_objects(py::Dialect dialect, ObjectsShape shape, std::int64_t w,
                              const Cell* cells, const sim::Layout<Index>& layout);

/// The dialects' CPU fast path: objects(grid, univalued, diagonal, without_bg) of an h x w grid
/// of ints (`bg` the grid's mostcolor when `has_bg`), simulated and materialised on the host.
/// An unbound Value in the (never expected) case that the simulation fails.
py::Value objects_of_int_grid(py::Dialect dialect, ObjectsShape shape, const std::int64_t* cells,
                              std::int64_t h, std::int64_t w, bool univalued, bool diagonal,
                              bool has_bg, std::int64_t bg);

/// The same for a grid of any values: objects(grid, univalued, diagonal, without_bg) of the
/// first `w` cells of every row of `grid` (a tuple of h >= 1 tuples, each at least w long),
/// `bg` being the background as the loop compares with it (mostcolor's value, or None without
/// one). The cells keep their own values; `==` decides which join an object. An unbound Value
/// where the simulation does not apply (a value unequal to itself, a NaN, in a univalued
/// extraction) or fails.
py::Value objects_of_value_grid(py::Dialect dialect, ObjectsShape shape, const py::Value& grid,
                                std::int64_t w, bool univalued, bool diagonal, const py::Value& bg);

/// `max(set(values), key=values.count)` for a sequence of ints given by its distinct values in
/// order of first appearance and their counts (sim::most_common_index on the host).
std::int64_t most_common_of_ints(const std::vector<std::int64_t>& values,
                                 const std::vector<std::int64_t>& counts);

} // namespace battgpu::dialects
