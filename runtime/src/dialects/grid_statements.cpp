// Grid-wise statements for the batch runtime: the calls it takes and the values it makes, the
// same the tokpidjin functions' own fast paths make (tokpidjin/grids.cpp, patches.cpp,
// transforms.cpp).
#include "battgpu/dialects/grid_statements.hpp"

#include "battgpu/py/py.hpp"
#include "tokpidjin/grids.hpp"
#include "tokpidjin/patches.hpp"
#include "tokpidjin/positions.hpp"
#include "tokpidjin/transforms.hpp"

namespace battgpu::dialects {

std::optional<GridStatement> grid_statement(const py::Value& callee) {
  if (!callee.is(py::Kind::Function))
    return std::nullopt;
  const py::Builtin* f = callee.as_builtin();
  if (f == &tokpidjin::fn::cellwise)
    return GridStatement::Cellwise;
  if (f == &tokpidjin::fn::replace)
    return GridStatement::Replace;
  if (f == &tokpidjin::fn::f_ofcolor)
    return GridStatement::OfColor;
  if (f == &tokpidjin::fn::fill)
    return GridStatement::Fill;
  if (f == &tokpidjin::fn::paint)
    return GridStatement::Paint;
  return std::nullopt;
}

std::optional<std::int8_t> small_int(const py::Value& v) {
  if (!v.is(py::Kind::Int) || v.as_int() < -128 || v.as_int() > 127)
    return std::nullopt;
  return static_cast<std::int8_t>(v.as_int());
}

bool patch_cells(const py::Value& patch, std::uint32_t h, std::uint32_t w,
                 std::vector<std::uint32_t>& cells) {
  // The patches fill's fast path takes (tokpidjin/transforms.cpp).
  if (!patch.is_frozenset())
    return false;
  const std::uint32_t arity = tokpidjin::uniform_arity(patch);
  if (arity != 2 && arity != 3)
    return false;
  const std::size_t start = cells.size();
  const bool ok = tokpidjin::for_each_position(patch, arity, [&](const py::TupleObject& c) {
    const std::int64_t i = c[0].as_int(), j = c[1].as_int();
    if (i >= 0 && i < h && j >= 0 && j < w) // fill skips the cells outside the grid
      cells.push_back(static_cast<std::uint32_t>(i * w + j));
  });
  if (!ok)
    cells.resize(start);
  return ok;
}

bool object_cells(const py::Value& obj, std::uint32_t h, std::uint32_t w,
                  std::vector<std::uint32_t>& cells, std::vector<std::int8_t>& colours) {
  // The objects paint's fast path takes (tokpidjin/transforms.cpp), of small int colours.
  const std::size_t start = cells.size();
  bool small = true;
  const bool shaped = tokpidjin::for_each_position(obj, 3, [&](const py::TupleObject& c) {
    const std::optional<std::int8_t> colour = small_int(c[2]);
    small = small && colour.has_value();
    const std::int64_t i = c[0].as_int(), j = c[1].as_int();
    if (small && i >= 0 && i < h && j >= 0 && j < w) { // paint skips the cells outside
      cells.push_back(static_cast<std::uint32_t>(i * w + j));
      colours.push_back(*colour);
    }
  });
  if (!shaped || !small) {
    cells.resize(start);
    colours.resize(start);
  }
  return shaped && small;
}

bool grid_statement_may_run() {
  // The wrapper and the body of the function, and the two of the index() cellwise calls
  // instead of reading the grid where those would not fit.
  return py::FrameGuard::fits(4) && !py::cancel_requested();
}

py::Value grid_of_cells(const std::int8_t* cells, std::uint32_t h, std::uint32_t w) {
  py::Value grid = py::new_tuple(h);
  py::Value* rows = py::tuple_items(grid);
  for (std::uint32_t i = 0; i < h; ++i) {
    py::Value row = py::new_tuple(w);
    py::Value* items = py::tuple_items(row);
    for (std::uint32_t j = 0; j < w; ++j)
      items[j] = py::Value::integer(cells[std::size_t{i} * w + j]);
    rows[i] = std::move(row);
  }
  return grid;
}

py::Value ofcolor_of_cells(const std::int8_t* cells, std::uint32_t h, std::uint32_t w,
                           std::int8_t color) {
  // Every (i, j) whose cell == color, row by row, as f_ofcolor adds them.
  py::SetTable found;
  for (std::uint32_t i = 0; i < h; ++i)
    for (std::uint32_t j = 0; j < w; ++j)
      if (cells[std::size_t{i} * w + j] == color)
        found.add_entry(py::pair_of(i, j), py::hash_int_pair(i, j));
  return py::make_frozenset(std::move(found));
}

} // namespace battgpu::dialects
