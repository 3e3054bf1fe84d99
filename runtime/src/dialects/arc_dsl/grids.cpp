// arc_dsl dialect: the "grids" functions.
//
// As in patches.cpp: each function follows its Python source statement by statement over
// any Values, with fast paths for grids of ints and patches of int coordinates that give
// the same result where no failure is possible.
#include "grids.hpp"
#include "int_grid.hpp"
#include "value_building.hpp"

#include "patches.hpp"

#include "battgpu/py/py.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace battgpu::dialects::arc_dsl {

namespace {

using py::Exc;
using py::Kind;
using py::Value;

// ---- helpers ----

Value cell(const Value& value, const Value& index) {
  Value t = py::new_tuple(2);
  Value* items = py::tuple_items(t);
  items[0] = value;
  items[1] = index;
  return t;
}

/// `(value, (i, j))`, shared for small ints (py::arc_cell_of).
Value int_cell(const Value& value, std::int64_t i, std::int64_t j) {
  if (value.is(Kind::Int))
    return py::arc_cell_of(value.as_int(), i, j);
  return cell(value, int_pair(i, j));
}

Value integer(std::int64_t i) {
  return Value::integer(i);
}

/// `a, b = v`.
py::Status unpack2(const Value& v, Value& a, Value& b) {
  if (v.is_tuple() && py::as_tuple(v).size == 2) {
    a = py::as_tuple(v)[0];
    b = py::as_tuple(v)[1];
    return {};
  }
  Value out[2];
  PY_CHECK(py::unpack(v, out, 2));
  a = std::move(out[0]);
  b = std::move(out[1]);
  return {};
}

/// `isinstance(next(iter(piece))[1], tuple)`.
py::Result<bool> holds_cells(const Value& piece) {
  PY_TRY(py::Iter it, py::iter(piece));
  const Value* e = it.next();
  if (e == nullptr)
    return py::Error{Exc::StopIteration, ""};
  PY_TRY(Value second, py::getitem(*e, 1));
  return second.is_tuple();
}

/// Python's chained `0 <= x < n` for an int n.
py::Result<bool> in_range(const Value& x, std::int64_t n) {
  if (x.is_int_like())
    return 0 <= x.as_int() && x.as_int() < n;
  PY_TRY(bool low, py::le(integer(0), x));
  if (!low)
    return false;
  return py::lt(x, integer(n));
}

/// The (int, int) index of a cell `(anything, (int, int))` (`as_cell`) or of an index
/// `(int, int)`, ints not bools; null when `e` is not of that shape.
const py::TupleObject* index_of(const Value& e, bool as_cell) {
  if (!e.is_tuple())
    return nullptr;
  const py::TupleObject* t = &py::as_tuple(e);
  if (t->size != 2)
    return nullptr;
  if (as_cell) {
    if (!(*t)[1].is_tuple())
      return nullptr;
    t = &py::as_tuple((*t)[1]);
    if (t->size != 2)
      return nullptr;
  }
  if (!(*t)[0].is(Kind::Int) || !(*t)[1].is(Kind::Int))
    return nullptr;
  return t;
}

/// Elements of a frozenset in iteration order until `f` returns false.
template <class F> bool each_in_set(const py::SetTable& t, F&& f) {
  for (std::int64_t i = 0; i <= t.mask(); ++i) {
    const Value& k = t.slot(i).key;
    if (k.kind() == Kind::Unbound || k.kind() == Kind::Dummy)
      continue;
    if (!f(k))
      return false;
  }
  return true;
}

/// `seq[::-1]`.
Value reversed(const Value& seq) {
  return py::getslice(seq, std::nullopt, std::nullopt, -1);
}

/// The items of a tuple, or of any iterable as a list (TypeError when not iterable).
struct Items {
  std::vector<Value> storage;
  std::span<const Value> view;
};
py::Status items_of(const Value& v, Items& out) {
  if (v.is_tuple()) {
    out.view = std::span<const Value>(py::as_tuple(v).begin(), py::as_tuple(v).size);
    return {};
  }
  PY_TRY(std::vector<Value> list, py::to_list(v));
  out.storage = std::move(list);
  out.view = out.storage;
  return {};
}

/// `tuple(zip(*members))`: every member made an iterator up front (TypeError for one that is
/// not iterable), then rows of one item of each until the shortest member runs out.
/// `reverse_rows` gives the rows last first, `reverse_items` each row's items last first.
Value zip_members(std::span<const Value> members, bool reverse_rows = false,
                  bool reverse_items = false) {
  std::vector<Items> sources(members.size());
  for (std::size_t k = 0; k < members.size(); ++k)
    PY_CHECK(items_of(members[k], sources[k]));
  if (sources.empty())
    return py::empty_tuple();
  std::size_t n = sources[0].view.size();
  for (const Items& s : sources)
    n = std::min(n, s.view.size());
  Value out = py::new_tuple(n);
  Value* rows = py::tuple_items(out);
  const std::size_t m = sources.size();
  for (std::size_t r = 0; r < n; ++r) {
    Value row = py::new_tuple(m);
    Value* items = py::tuple_items(row);
    for (std::size_t k = 0; k < m; ++k)
      items[reverse_items ? m - 1 - k : k] = sources[k].view[r];
    rows[reverse_rows ? n - 1 - r : r] = std::move(row);
  }
  return out;
}

/// `list(list(row) for row in grid)`, copied on write: a row that stays untouched and was a
/// tuple comes back as it was from `tuple(tuple(row) for row in ...)`.
class ListGrid {
public:
  py::Status init(const Value& grid) {
    PY_TRY(py::Iter it, py::iter(grid));
    rows_.reserve(static_cast<std::size_t>(it.remaining()));
    while (const Value* r = it.next()) {
      Row row;
      if (r->is_tuple()) {
        row.original = *r;
      } else {
        PY_TRY(std::vector<Value> items, py::to_list(*r));
        row.items = std::move(items);
        row.copied = true;
      }
      rows_.push_back(std::move(row));
    }
    return {};
  }
  std::size_t row_size(std::size_t i) const {
    const Row& r = rows_[i];
    return r.copied ? r.items.size() : py::as_tuple(r.original).size;
  }
  const Value& get(std::size_t i, std::size_t j) const {
    const Row& r = rows_[i];
    return r.copied ? r.items[j] : py::as_tuple(r.original)[j];
  }
  void set(std::size_t i, std::size_t j, const Value& v) {
    Row& r = rows_[i];
    if (!r.copied) {
      const py::TupleObject& t = py::as_tuple(r.original);
      r.items.assign(t.begin(), t.end());
      r.copied = true;
    }
    r.items[j] = v;
  }
  /// The checks of `g[i][j]` (read) or `g[i][j] = v` once `0 <= i < h and 0 <= j < w` held.
  py::Result<std::array<std::size_t, 2>> locate(const Value& i, const Value& j) const {
    if (!i.is_int_like())
      return py::Error{Exc::TypeError, "list indices must be integers or slices"};
    const auto ii = static_cast<std::size_t>(i.as_int());
    if (!j.is_int_like())
      return py::Error{Exc::TypeError, "list indices must be integers or slices"};
    const auto jj = static_cast<std::size_t>(j.as_int());
    if (jj >= row_size(ii))
      return py::Error{Exc::IndexError, "list index out of range"};
    return std::array<std::size_t, 2>{ii, jj};
  }
  /// `tuple(tuple(row) for row in g)`.
  Value finish() {
    Value out = py::new_tuple(rows_.size());
    Value* items = py::tuple_items(out);
    for (std::size_t i = 0; i < rows_.size(); ++i)
      items[i] = rows_[i].copied ? tuple_from(std::move(rows_[i].items)) : rows_[i].original;
    return out;
  }

private:
  struct Row {
    Value original;
    std::vector<Value> items;
    bool copied = false;
  };
  std::vector<Row> rows_;
};

/// `h, w = len(grid), len(grid[0])`.
py::Result<std::array<std::int64_t, 2>> grid_dims(const Value& grid) {
  PY_TRY(std::int64_t h, py::len(grid));
  PY_TRY(Value first_row, py::getitem(grid, 0));
  PY_TRY(std::int64_t w, py::len(first_row));
  return std::array<std::int64_t, 2>{h, w};
}

/// A tuple of `n` copies of `v`.
Value repeated(const Value& v, std::int64_t n) {
  if (n <= 0)
    return py::empty_tuple();
  Value out = py::new_tuple(static_cast<std::size_t>(n));
  Value* items = py::tuple_items(out);
  for (std::int64_t k = 0; k < n; ++k)
    items[k] = v;
  return out;
}

// ---- the functions ----

// rot90(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value rot90_impl(const Value* args, std::size_t) {
  // tuple(row for row in zip(*grid[::-1]))
  PY_TRY(Value rev, reversed(args[0]));
  Items members;
  PY_CHECK(items_of(rev, members));
  return zip_members(members.view);
}

// rot180(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value rot180_impl(const Value* args, std::size_t) {
  // tuple(tuple(row[::-1]) for row in grid[::-1])
  PY_TRY(Value rev, reversed(args[0]));
  PY_TRY(py::Iter it, py::iter(rev));
  TupleOut out(static_cast<std::size_t>(it.remaining()));
  while (const Value* row = it.next()) {
    PY_TRY(Value r, reversed(*row));
    out.push(py::to_tuple(r));
  }
  return out.finish();
}

// rot270(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value rot270_impl(const Value* args, std::size_t) {
  // tuple(tuple(row[::-1]) for row in zip(*grid[::-1]))[::-1]
  PY_TRY(Value rev, reversed(args[0]));
  Items members;
  PY_CHECK(items_of(rev, members));
  return zip_members(members.view, true, true);
}

/// The mirror of a patch (not a tuple): `d` from the corners, then each cell's or index's
/// coordinates remapped by `remap(i, j)`, inserted in the piece's iteration order.
template <class Remap> Value mirror_patch(const Value& piece, bool cells, Remap&& remap) {
  PY_TRY(py::Iter it, py::iter(piece));
  py::SetTable t;
  while (const Value* e = it.next()) {
    if (const py::TupleObject* ij = index_of(*e, cells)) {
      PY_TRY(Value index, remap((*ij)[0], (*ij)[1]));
      if (cells && index.is_tuple() && py::as_tuple(index)[0].is(Kind::Int) &&
          py::as_tuple(index)[1].is(Kind::Int))
        t.add(int_cell(py::as_tuple(*e)[0], py::as_tuple(index)[0].as_int(),
                       py::as_tuple(index)[1].as_int()));
      else
        t.add(cells ? cell(py::as_tuple(*e)[0], index) : std::move(index));
      continue;
    }
    Value value, loc, i, j;
    if (cells) {
      PY_CHECK(unpack2(*e, value, loc));
      PY_CHECK(unpack2(loc, i, j));
    } else {
      PY_CHECK(unpack2(*e, i, j));
    }
    PY_TRY(Value index, remap(i, j));
    t.add(cells ? cell(value, index) : std::move(index));
  }
  return py::make_frozenset(std::move(t));
}

/// `ulcorner(piece)[k] + lrcorner(piece)[k]`.
Value corner_sum(const Value& piece, int k) {
  PY_TRY(Value ul, py::call(fn::ulcorner, {piece}));
  PY_TRY(Value a, py::getitem(ul, k));
  PY_TRY(Value lr, py::call(fn::lrcorner, {piece}));
  PY_TRY(Value b, py::getitem(lr, k));
  return py::add(a, b);
}

/// `a - b` with ints directly.
Value minus(const Value& a, const Value& b) {
  std::int64_t r;
  if (a.is(Kind::Int) && b.is(Kind::Int) && !__builtin_sub_overflow(a.as_int(), b.as_int(), &r))
    return integer(r);
  return py::sub(a, b);
}
Value plus(const Value& a, const Value& b) {
  std::int64_t r;
  if (a.is(Kind::Int) && b.is(Kind::Int) && !__builtin_add_overflow(a.as_int(), b.as_int(), &r))
    return integer(r);
  return py::add(a, b);
}

// hmirror(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]) -> Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]
Value hmirror_impl(const Value* args, std::size_t) {
  const Value& piece = args[0];
  if (piece.is_tuple())
    return reversed(piece);
  PY_TRY(Value d, corner_sum(piece, 0));
  PY_TRY(bool cells, holds_cells(piece));
  return mirror_patch(piece, cells, [&](const Value& i, const Value& j) -> Value {
    PY_TRY(Value ni, minus(d, i));
    return pair(ni, j);
  });
}

// vmirror(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]) -> Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]
Value vmirror_impl(const Value* args, std::size_t) {
  const Value& piece = args[0];
  if (piece.is_tuple()) {
    // tuple(row[::-1] for row in piece)
    const py::TupleObject& rows = py::as_tuple(piece);
    TupleOut out(rows.size);
    for (const Value& row : rows) {
      PY_TRY(Value r, reversed(row));
      out.push(std::move(r));
    }
    return out.finish();
  }
  PY_TRY(Value d, corner_sum(piece, 1));
  PY_TRY(bool cells, holds_cells(piece));
  return mirror_patch(piece, cells, [&](const Value& i, const Value& j) -> Value {
    PY_TRY(Value nj, minus(d, j));
    return pair(i, nj);
  });
}

// dmirror(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]) -> Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]
Value dmirror_impl(const Value* args, std::size_t) {
  const Value& piece = args[0];
  if (piece.is_tuple()) {
    // tuple(zip(*piece))
    const py::TupleObject& rows = py::as_tuple(piece);
    return zip_members(std::span<const Value>(rows.begin(), rows.size));
  }
  PY_TRY(Value ul, py::call(fn::ulcorner, {piece}));
  Value a, b;
  PY_CHECK(unpack2(ul, a, b));
  PY_TRY(bool cells, holds_cells(piece));
  // (j - b + a, i - a + b)
  return mirror_patch(piece, cells, [&](const Value& i, const Value& j) -> Value {
    PY_TRY(Value x, minus(j, b));
    PY_TRY(Value ni, plus(x, a));
    PY_TRY(Value y, minus(i, a));
    PY_TRY(Value nj, plus(y, b));
    return pair(ni, nj);
  });
}

// cmirror(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]) -> Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]
Value cmirror_impl(const Value* args, std::size_t) {
  const Value& piece = args[0];
  if (piece.is_tuple()) {
    // tuple(zip(*(r[::-1] for r in piece[::-1])))
    const py::TupleObject& rows = py::as_tuple(piece);
    std::vector<Value> members;
    members.reserve(rows.size);
    for (std::size_t k = rows.size; k-- > 0;) {
      PY_TRY(Value r, reversed(rows[k]));
      members.push_back(std::move(r));
    }
    return zip_members(members);
  }
  PY_TRY(Value a, py::call(fn::vmirror, {piece}));
  PY_TRY(Value b, py::call(fn::dmirror, {a}));
  return py::call(fn::vmirror, {b});
}

/// The shape of a frozenset's elements when it is uniform: all cells `(anything, (int, int))`
/// (kCells), all indices `(int, int)` (kIndices), or empty; kOther otherwise.
enum class Form : std::uint8_t { kOther, kEmpty, kCells, kIndices };

Form uniform_form(const Value& patch) {
  if (!patch.is_frozenset())
    return Form::kOther;
  const py::SetTable& t = py::as_set_table(patch);
  if (t.empty())
    return Form::kEmpty;
  bool first = true;
  bool as_cell = false;
  const bool all = each_in_set(t, [&](const Value& e) {
    if (first) {
      if (!e.is_tuple() || py::as_tuple(e).size != 2)
        return false;
      as_cell = py::as_tuple(e)[1].is_tuple();
      first = false;
    }
    return index_of(e, as_cell) != nullptr;
  });
  if (!all)
    return Form::kOther;
  return as_cell ? Form::kCells : Form::kIndices;
}

/// A grid of row tuples with writes laid over it, for the fast paths of fill and paint: the
/// rows that get a write are rebuilt at the end, the others returned as they are (what
/// `tuple(tuple(row) for row in list(list(row) for row in grid))` gives for them).
class Overlay {
public:
  /// False unless `grid` is a tuple of h >= 1 row tuples.
  bool init(const Value& grid) {
    if (!grid.is_tuple() || py::as_tuple(grid).size == 0)
      return false;
    const py::TupleObject& rows = py::as_tuple(grid);
    rows_ = &rows;
    offsets_.resize(rows.size + 1);
    std::size_t total = 0;
    for (std::size_t i = 0; i < rows.size; ++i) {
      if (!rows[i].is_tuple())
        return false;
      offsets_[i] = total;
      total += py::as_tuple(rows[i]).size;
    }
    offsets_[rows.size] = total;
    writes_.assign(total, nullptr);
    return true;
  }
  std::int64_t height() const { return rows_->size; }
  std::int64_t width() const { return static_cast<std::int64_t>(offsets_[1] - offsets_[0]); }
  std::size_t row_size(std::size_t i) const { return offsets_[i + 1] - offsets_[i]; }
  const Value& current(std::size_t i, std::size_t j) const {
    const Value* w = writes_[offsets_[i] + j];
    return w != nullptr ? *w : py::as_tuple((*rows_)[i])[j];
  }
  /// `v` must outlive finish().
  void write(std::size_t i, std::size_t j, const Value* v) { writes_[offsets_[i] + j] = v; }
  Value finish() const {
    const std::size_t h = rows_->size;
    Value out = py::new_tuple(h);
    Value* items = py::tuple_items(out);
    for (std::size_t i = 0; i < h; ++i) {
      const std::size_t begin = offsets_[i], end = offsets_[i + 1];
      bool touched = false;
      for (std::size_t k = begin; k < end && !touched; ++k)
        touched = writes_[k] != nullptr;
      if (!touched) {
        items[i] = (*rows_)[i];
        continue;
      }
      const py::TupleObject& row = py::as_tuple((*rows_)[i]);
      Value fresh = py::new_tuple(end - begin);
      Value* cells = py::tuple_items(fresh);
      for (std::size_t k = begin; k < end; ++k)
        cells[k - begin] = writes_[k] != nullptr ? *writes_[k] : row[k - begin];
      items[i] = std::move(fresh);
    }
    return out;
  }

private:
  const py::TupleObject* rows_ = nullptr;
  std::vector<std::size_t> offsets_;
  std::vector<const Value*> writes_;
};

/// One write of fill, underfill, paint or underpaint at int coordinates, on the overlay:
/// skipped outside the grid; IndexError for a row shorter than the first (Python's list
/// assignment, or its read of `g[i][j]` for the under- variants); over `bg` only when given.
py::Status overlay_write(Overlay& g, std::int64_t i, std::int64_t j, const Value* v,
                         const Value* bg) {
  if (i < 0 || i >= g.height() || j < 0 || j >= g.width())
    return {};
  const auto ii = static_cast<std::size_t>(i), jj = static_cast<std::size_t>(j);
  if (jj >= g.row_size(ii))
    return py::Error{Exc::IndexError, "list index out of range"};
  if (bg == nullptr || py::op_eq(g.current(ii, jj), *bg))
    g.write(ii, jj, v);
  return {};
}

/// fill and underfill: `value` written at every in-grid index of toindices(patch) (only
/// where the cell holds `bg` when `bg` is given).
Value fill_indices(const Value& grid, const Value& value, const Value& patch, bool under) {
  PY_TRY(auto dims, grid_dims(grid));
  const std::int64_t h = dims[0], w = dims[1];
  Value bg;
  if (under) {
    PY_TRY(Value m, py::call(fn::mostcolor, {grid}));
    bg = std::move(m);
  }
  Overlay overlay;
  const Form form = uniform_form(patch);
  if (form != Form::kOther && overlay.init(grid)) {
    // The indices straight from the patch: every index gets the same treatment whatever
    // the order, and a cell's index seen twice changes nothing more than once.
    if (!frames_fit(1)) // toindices
      return recursion_error();
    bool ok = true;
    py::Error error;
    each_in_set(py::as_set_table(patch), [&](const Value& e) {
      const py::TupleObject& ij = *index_of(e, form == Form::kCells);
      py::Status st =
          overlay_write(overlay, ij[0].as_int(), ij[1].as_int(), &value, under ? &bg : nullptr);
      if (!st.ok()) {
        ok = false;
        error = st.error();
      }
      return ok;
    });
    if (!ok)
      return error;
    return overlay.finish();
  }
  ListGrid g;
  PY_CHECK(g.init(grid));
  PY_TRY(Value indices, py::call(fn::toindices, {patch}));
  PY_TRY(py::Iter it, py::iter(indices));
  while (const Value* e = it.next()) {
    if (const py::TupleObject* ij = index_of(*e, false)) {
      const std::int64_t i = (*ij)[0].as_int(), j = (*ij)[1].as_int();
      if (i < 0 || i >= h || j < 0 || j >= w)
        continue;
      const auto ii = static_cast<std::size_t>(i), jj = static_cast<std::size_t>(j);
      if (jj >= g.row_size(ii))
        return py::Error{Exc::IndexError, "list assignment index out of range"};
      if (!under || py::op_eq(g.get(ii, jj), bg))
        g.set(ii, jj, value);
      continue;
    }
    Value i, j;
    PY_CHECK(unpack2(*e, i, j));
    PY_TRY(bool row_ok, in_range(i, h));
    if (!row_ok)
      continue;
    PY_TRY(bool col_ok, in_range(j, w));
    if (!col_ok)
      continue;
    PY_TRY(auto at, g.locate(i, j));
    if (!under || py::op_eq(g.get(at[0], at[1]), bg))
      g.set(at[0], at[1], value);
  }
  return g.finish();
}

/// paint and underpaint: every cell `(value, (i, j))` of obj written in obj's iteration order
/// (only over `bg` when `under`).
Value paint_cells(const Value& grid, const Value& obj, bool under) {
  PY_TRY(auto dims, grid_dims(grid));
  const std::int64_t h = dims[0], w = dims[1];
  Value bg;
  if (under) {
    PY_TRY(Value m, py::call(fn::mostcolor, {grid}));
    bg = std::move(m);
  }
  Overlay overlay;
  const Form form = uniform_form(obj);
  if ((form == Form::kCells || form == Form::kEmpty) && overlay.init(grid)) {
    // The cells in obj's iteration order: a later write wins, as in Python.
    bool ok = true;
    py::Error error;
    each_in_set(py::as_set_table(obj), [&](const Value& e) {
      const py::TupleObject& ij = *index_of(e, true);
      py::Status st = overlay_write(overlay, ij[0].as_int(), ij[1].as_int(), &py::as_tuple(e)[0],
                                    under ? &bg : nullptr);
      if (!st.ok()) {
        ok = false;
        error = st.error();
      }
      return ok;
    });
    if (!ok)
      return error;
    return overlay.finish();
  }
  ListGrid g;
  PY_CHECK(g.init(grid));
  PY_TRY(py::Iter it, py::iter(obj));
  while (const Value* e = it.next()) {
    if (const py::TupleObject* ij = index_of(*e, true)) {
      const std::int64_t i = (*ij)[0].as_int(), j = (*ij)[1].as_int();
      if (i < 0 || i >= h || j < 0 || j >= w)
        continue;
      const auto ii = static_cast<std::size_t>(i), jj = static_cast<std::size_t>(j);
      if (jj >= g.row_size(ii))
        return py::Error{Exc::IndexError, "list assignment index out of range"};
      if (!under || py::op_eq(g.get(ii, jj), bg))
        g.set(ii, jj, py::as_tuple(*e)[0]);
      continue;
    }
    Value value, loc, i, j;
    PY_CHECK(unpack2(*e, value, loc));
    PY_CHECK(unpack2(loc, i, j));
    PY_TRY(bool row_ok, in_range(i, h));
    if (!row_ok)
      continue;
    PY_TRY(bool col_ok, in_range(j, w));
    if (!col_ok)
      continue;
    PY_TRY(auto at, g.locate(i, j));
    if (!under || py::op_eq(g.get(at[0], at[1]), bg))
      g.set(at[0], at[1], value);
  }
  return g.finish();
}

// fill(grid: Tuple[Tuple[int]], value: int, patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]) -> Tuple[Tuple[int]]
Value fill_impl(const Value* args, std::size_t) {
  return fill_indices(args[0], args[1], args[2], false);
}

// paint(grid: Tuple[Tuple[int]], obj: FrozenSet[Tuple[int, Tuple[int, int]]]) -> Tuple[Tuple[int]]
Value paint_impl(const Value* args, std::size_t) {
  return paint_cells(args[0], args[1], false);
}

// underfill(grid: Tuple[Tuple[int]], value: int, patch: Union[FrozenSet[Tuple[int, Tuple[int,
// int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[Tuple[int]]
Value underfill_impl(const Value* args, std::size_t) {
  return fill_indices(args[0], args[1], args[2], true);
}

// underpaint(grid: Tuple[Tuple[int]], obj: FrozenSet[Tuple[int, Tuple[int, int]]]) ->
// Tuple[Tuple[int]]
Value underpaint_impl(const Value* args, std::size_t) {
  return paint_cells(args[0], args[1], true);
}

/// `range(factor)`'s length: TypeError for what is not an int.
py::Result<std::int64_t> range_count(const Value& factor) {
  PY_TRY(std::int64_t n, py::as_index(factor));
  return std::max<std::int64_t>(n, 0);
}

/// A row with each of its items repeated `factor` times (range(factor) checked per item).
Value stretch_row(const Value& row, const Value& factor) {
  PY_TRY(py::Iter it, py::iter(row));
  std::vector<Value> items;
  while (const Value* v = it.next()) {
    PY_TRY(std::int64_t n, range_count(factor));
    for (std::int64_t k = 0; k < n; ++k)
      items.push_back(*v);
  }
  return tuple_from(std::move(items));
}

// hupscale(grid: Tuple[Tuple[int]], factor: int) -> Tuple[Tuple[int]]
Value hupscale_impl(const Value* args, std::size_t) {
  PY_TRY(py::Iter rows, py::iter(args[0]));
  TupleOut g(static_cast<std::size_t>(rows.remaining()));
  while (const Value* row = rows.next()) {
    PY_TRY(Value r, stretch_row(*row, args[1]));
    g.push(std::move(r));
  }
  return g.finish();
}

// vupscale(grid: Tuple[Tuple[int]], factor: int) -> Tuple[Tuple[int]]
Value vupscale_impl(const Value* args, std::size_t) {
  PY_TRY(py::Iter rows, py::iter(args[0]));
  TupleOut g;
  while (const Value* row = rows.next()) {
    PY_TRY(std::int64_t n, range_count(args[1]));
    for (std::int64_t k = 0; k < n; ++k)
      g.push(*row);
  }
  return g.finish();
}

// upscale(element: Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]], factor: int)
// -> Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]]
Value upscale_impl(const Value* args, std::size_t) {
  const Value& element = args[0];
  const Value& factor = args[1];
  if (element.is_tuple()) {
    TupleOut g;
    for (const Value& row : py::as_tuple(element)) {
      PY_TRY(Value upscaled_row, stretch_row(row, factor));
      PY_TRY(std::int64_t n, range_count(factor));
      for (std::int64_t k = 0; k < n; ++k)
        g.push(upscaled_row);
    }
    return g.finish();
  }
  PY_TRY(std::int64_t size, py::len(element));
  if (size == 0)
    return py::empty_frozenset();
  PY_TRY(Value ul, py::call(fn::ulcorner, {element}));
  Value di_inv, dj_inv;
  PY_CHECK(unpack2(ul, di_inv, dj_inv));
  PY_TRY(Value di, py::neg(di_inv));
  PY_TRY(Value dj, py::neg(dj_inv));
  PY_TRY(Value normed_obj, py::call(fn::shift, {element, pair(di, dj)}));
  py::SetTable o;
  PY_TRY(py::Iter it, py::iter(normed_obj));
  while (const Value* e = it.next()) {
    Value value, loc, i, j;
    PY_CHECK(unpack2(*e, value, loc));
    PY_CHECK(unpack2(loc, i, j));
    PY_TRY(std::int64_t n, range_count(factor));
    if (n == 0)
      continue;
    if (i.is(Kind::Int) && j.is(Kind::Int) && factor.is_int_like()) {
      const std::int64_t f = factor.as_int();
      std::int64_t bi, bj;
      if (!__builtin_mul_overflow(i.as_int(), f, &bi) &&
          !__builtin_mul_overflow(j.as_int(), f, &bj) && bi < INT64_MAX - f && bj < INT64_MAX - f) {
        for (std::int64_t io = 0; io < n; ++io)
          for (std::int64_t jo = 0; jo < n; ++jo)
            o.add(int_cell(value, bi + io, bj + jo));
        continue;
      }
    }
    for (std::int64_t io = 0; io < n; ++io) {
      PY_TRY(std::int64_t m, range_count(factor));
      for (std::int64_t jo = 0; jo < m; ++jo) {
        PY_TRY(Value x, py::mul(i, factor));
        PY_TRY(Value ni, py::add(x, integer(io)));
        PY_TRY(Value y, py::mul(j, factor));
        PY_TRY(Value nj, py::add(y, integer(jo)));
        o.add(cell(value, pair(ni, nj)));
      }
    }
  }
  return py::call(fn::shift, {py::frozenset_of_set(o), pair(di_inv, dj_inv)});
}

// downscale(grid: Tuple[Tuple[int]], factor: int) -> Tuple[Tuple[int]]
Value downscale_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  const Value& factor = args[1];
  PY_TRY(auto dims, grid_dims(grid));
  const std::int64_t h = dims[0], w = dims[1];
  // `x % factor == 0`
  auto keeps = [&](std::int64_t x) -> py::Result<bool> {
    if (factor.is(Kind::Int) && factor.as_int() != 0)
      return x % factor.as_int() == 0;
    PY_TRY(Value m, py::mod(integer(x), factor));
    return py::op_eq(m, integer(0));
  };
  std::vector<Value> g;
  g.reserve(static_cast<std::size_t>(h));
  for (std::int64_t i = 0; i < h; ++i) {
    std::vector<Value> r;
    for (std::int64_t j = 0; j < w; ++j) {
      PY_TRY(bool keep, keeps(j));
      if (!keep)
        continue;
      PY_TRY(Value row, py::getitem(grid, i));
      PY_TRY(Value v, py::getitem(row, j));
      r.push_back(std::move(v));
    }
    g.push_back(tuple_from(std::move(r)));
  }
  TupleOut dsg;
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(g.size()); ++i) {
    PY_TRY(bool keep, keeps(i));
    if (keep)
      dsg.push(g[static_cast<std::size_t>(i)]);
  }
  return dsg.finish();
}

// hconcat(a: Tuple[Tuple[int]], b: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value hconcat_impl(const Value* args, std::size_t) {
  // tuple(i + j for i, j in zip(a, b))
  PY_TRY(py::Iter ia, py::iter(args[0]));
  PY_TRY(py::Iter ib, py::iter(args[1]));
  TupleOut out;
  while (true) {
    const Value* x = ia.next();
    if (x == nullptr)
      break;
    const Value* y = ib.next();
    if (y == nullptr)
      break;
    PY_TRY(Value row, py::add(*x, *y));
    out.push(std::move(row));
  }
  return out.finish();
}

// vconcat(a: Tuple[Tuple[int]], b: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value vconcat_impl(const Value* args, std::size_t) {
  return py::add(args[0], args[1]);
}

// subgrid(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], grid:
// Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value subgrid_impl(const Value* args, std::size_t) {
  // crop(grid, ulcorner(patch), shape(patch))
  PY_TRY(Value start, py::call(fn::ulcorner, {args[0]}));
  PY_TRY(Value dims, py::call(fn::shape, {args[0]}));
  return py::call(fn::crop, {args[1], start, dims});
}

/// hsplit (horizontal) and vsplit: n crops of equal size, skipping one line between them
/// when the length does not divide by n.
Value split(const Value& grid, const Value& n, bool horizontal) {
  Value h, w, offset;
  if (horizontal) {
    // h, w = len(grid), len(grid[0]) // n; offset = len(grid[0]) % n != 0
    PY_TRY(std::int64_t rows, py::len(grid));
    PY_TRY(Value first_row, py::getitem(grid, 0));
    PY_TRY(std::int64_t cols, py::len(first_row));
    PY_TRY(Value q, py::floordiv(integer(cols), n));
    PY_TRY(Value r, py::mod(integer(cols), n));
    h = integer(rows);
    w = std::move(q);
    offset = Value::boolean(py::op_ne(r, integer(0)));
  } else {
    // h, w = len(grid) // n, len(grid[0]); offset = len(grid) % n != 0
    PY_TRY(std::int64_t rows, py::len(grid));
    PY_TRY(Value q, py::floordiv(integer(rows), n));
    PY_TRY(Value first_row, py::getitem(grid, 0));
    PY_TRY(std::int64_t cols, py::len(first_row));
    PY_TRY(Value r, py::mod(integer(rows), n));
    h = std::move(q);
    w = integer(cols);
    offset = Value::boolean(py::op_ne(r, integer(0)));
  }
  PY_TRY(std::int64_t count, range_count(n));
  TupleOut out(static_cast<std::size_t>(count));
  for (std::int64_t i = 0; i < count; ++i) {
    const Value& step = horizontal ? w : h;
    PY_TRY(Value a, py::mul(step, integer(i)));
    PY_TRY(Value b, py::mul(integer(i), offset));
    PY_TRY(Value at, py::add(a, b));
    const Value start = horizontal ? pair(integer(0), at) : pair(at, integer(0));
    PY_TRY(Value part, py::call(fn::crop, {grid, start, pair(h, w)}));
    out.push(std::move(part));
  }
  return out.finish();
}

// hsplit(grid: Tuple[Tuple[int]], n: int) -> Tuple
Value hsplit_impl(const Value* args, std::size_t) {
  return split(args[0], args[1], true);
}

// vsplit(grid: Tuple[Tuple[int]], n: int) -> Tuple
Value vsplit_impl(const Value* args, std::size_t) {
  return split(args[0], args[1], false);
}

/// `seq[i]` with a direct path for tuples.
Value item(const Value& seq, std::int64_t i) {
  if (seq.is_tuple() && i >= 0 && i < static_cast<std::int64_t>(py::as_tuple(seq).size))
    return py::as_tuple(seq)[static_cast<std::size_t>(i)];
  return py::getitem(seq, i);
}

// cellwise(a: Tuple[Tuple[int]], b: Tuple[Tuple[int]], fallback: int) -> Tuple[Tuple[int]]
Value cellwise_impl(const Value* args, std::size_t) {
  const Value& a = args[0];
  const Value& b = args[1];
  PY_TRY(auto dims, grid_dims(a));
  const std::int64_t h = dims[0], w = dims[1];
  Value out = py::new_tuple(static_cast<std::size_t>(h));
  for (std::int64_t i = 0; i < h; ++i) {
    Value row = py::new_tuple(static_cast<std::size_t>(w));
    for (std::int64_t j = 0; j < w; ++j) {
      PY_TRY(Value ar, item(a, i));
      PY_TRY(Value av, item(ar, j));
      PY_TRY(Value br, item(b, i));
      PY_TRY(Value bv, item(br, j));
      const bool same =
          av.is(Kind::Int) && bv.is(Kind::Int) ? av.as_int() == bv.as_int() : py::op_eq(av, bv);
      py::tuple_items(row)[j] = same ? std::move(av) : args[2];
    }
    py::tuple_items(out)[i] = std::move(row);
  }
  return out;
}

// replace(grid: Tuple[Tuple[int]], replacee: int, replacer: int) -> Tuple[Tuple[int]]
Value replace_impl(const Value* args, std::size_t) {
  // tuple(tuple(replacer if v == replacee else v for v in r) for r in grid)
  PY_TRY(py::Iter rows, py::iter(args[0]));
  TupleOut out(static_cast<std::size_t>(rows.remaining()));
  while (const Value* r = rows.next()) {
    PY_TRY(py::Iter it, py::iter(*r));
    TupleOut row(static_cast<std::size_t>(it.remaining()));
    while (const Value* v = it.next())
      row.push(py::op_eq(*v, args[1]) ? args[2] : *v);
    out.push(row.finish());
  }
  return out.finish();
}

// switch(grid: Tuple[Tuple[int]], a: int, b: int) -> Tuple[Tuple[int]]
Value switch_impl(const Value* args, std::size_t) {
  // tuple(tuple(v if (v != a and v != b) else {a: b, b: a}[v] for v in r) for r in grid)
  const Value& a = args[1];
  const Value& b = args[2];
  // The dict {a: b, b: a}: one key when b equals a (then its value is a).
  const bool one_key = py::hash(a) == py::hash(b) && py::eq(a, b);
  PY_TRY(py::Iter rows, py::iter(args[0]));
  TupleOut out(static_cast<std::size_t>(rows.remaining()));
  while (const Value* r = rows.next()) {
    PY_TRY(py::Iter it, py::iter(*r));
    TupleOut row(static_cast<std::size_t>(it.remaining()));
    while (const Value* v = it.next()) {
      if (py::op_ne(*v, a) && py::op_ne(*v, b)) {
        row.push(*v);
        continue;
      }
      const std::int64_t hv = py::hash(*v);
      if (one_key) {
        if (hv == py::hash(a) && py::eq(a, *v)) {
          row.push(a);
          continue;
        }
      } else if (hv == py::hash(a) && py::eq(a, *v)) {
        row.push(b);
        continue;
      } else if (hv == py::hash(b) && py::eq(b, *v)) {
        row.push(a);
        continue;
      }
      return py::Error{Exc::KeyError, "switch"};
    }
    out.push(row.finish());
  }
  return out.finish();
}

// center(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// Tuple[int, int]
Value center_impl(const Value* args, std::size_t) {
  // (uppermost(patch) + height(patch) // 2, leftmost(patch) + width(patch) // 2)
  const Value two = integer(2);
  PY_TRY(Value top, py::call(fn::uppermost, {args[0]}));
  PY_TRY(Value h, py::call(fn::height, {args[0]}));
  PY_TRY(Value hh, py::floordiv(h, two));
  PY_TRY(Value i, py::add(top, hh));
  PY_TRY(Value left, py::call(fn::leftmost, {args[0]}));
  PY_TRY(Value w, py::call(fn::width, {args[0]}));
  PY_TRY(Value hw, py::floordiv(w, two));
  PY_TRY(Value j, py::add(left, hw));
  return pair(i, j);
}

// position(a: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], b:
// Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[int, int]
Value position_impl(const Value* args, std::size_t) {
  Value c[2][2];
  for (int k = 0; k < 2; ++k) {
    PY_TRY(Value indices, py::call(fn::toindices, {args[k]}));
    PY_TRY(Value mid, py::call(fn::center, {indices}));
    PY_CHECK(unpack2(mid, c[k][0], c[k][1]));
  }
  const Value &ia = c[0][0], &ja = c[0][1], &ib = c[1][0], &jb = c[1][1];
  auto sign_of_less = [](const Value& x, const Value& y) -> Value {
    PY_TRY(bool less, py::lt(x, y));
    return integer(less ? 1 : -1);
  };
  if (py::op_eq(ia, ib)) {
    PY_TRY(Value s, sign_of_less(ja, jb));
    return pair(integer(0), s);
  }
  if (py::op_eq(ja, jb)) {
    PY_TRY(Value s, sign_of_less(ia, ib));
    return pair(s, integer(0));
  }
  PY_TRY(bool below, py::lt(ia, ib));
  if (below) {
    PY_TRY(Value s, sign_of_less(ja, jb));
    return pair(integer(1), s);
  }
  PY_TRY(bool above, py::gt(ia, ib));
  if (above) {
    PY_TRY(Value s, sign_of_less(ja, jb));
    return pair(integer(-1), s);
  }
  return Value::none();
}

// index(grid: Tuple[Tuple[int]], loc: Tuple[int, int]) -> int
Value index_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  const Value& loc = args[1];
  Value i, j;
  PY_CHECK(unpack2(loc, i, j));
  PY_TRY(auto dims, grid_dims(grid));
  PY_TRY(bool row_ok, in_range(i, dims[0]));
  if (!row_ok)
    return Value::none();
  PY_TRY(bool col_ok, in_range(j, dims[1]));
  if (!col_ok)
    return Value::none();
  // grid[loc[0]][loc[1]]
  PY_TRY(Value l0, py::getitem(loc, 0));
  PY_TRY(Value row, py::getitem(grid, l0));
  PY_TRY(Value l1, py::getitem(loc, 1));
  return py::getitem(row, l1);
}

// canvas(value: int, dimensions: Tuple[int, int]) -> Tuple[Tuple[int]]
Value canvas_impl(const Value* args, std::size_t) {
  // tuple(tuple(value for j in range(dimensions[1])) for i in range(dimensions[0]))
  PY_TRY(Value d0, py::getitem(args[1], 0));
  PY_TRY(std::int64_t h, range_count(d0));
  if (h == 0)
    return py::empty_tuple();
  PY_TRY(Value d1, py::getitem(args[1], 1));
  PY_TRY(std::int64_t w, range_count(d1));
  return repeated(repeated(args[0], w), h);
}

// corners(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// FrozenSet[Tuple[int, int]]
Value corners_impl(const Value* args, std::size_t) {
  // frozenset({ulcorner(patch), urcorner(patch), llcorner(patch), lrcorner(patch)})
  py::SetTable s;
  for (const py::Builtin* f : {&fn::ulcorner, &fn::urcorner, &fn::llcorner, &fn::lrcorner}) {
    PY_TRY(Value c, py::call(*f, {args[0]}));
    s.add(std::move(c));
  }
  return py::frozenset_of_set(s);
}

/// `range(a, b)` bounds: TypeError for what is not an int.
py::Result<std::array<std::int64_t, 2>> range_bounds(const Value& a, const Value& b) {
  PY_TRY(std::int64_t x, py::as_index(a));
  PY_TRY(std::int64_t y, py::as_index(b));
  return std::array<std::int64_t, 2>{x, y};
}

// connect(a: Tuple[int, int], b: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value connect_impl(const Value* args, std::size_t) {
  Value ai, aj, bi, bj;
  PY_CHECK(unpack2(args[0], ai, aj));
  PY_CHECK(unpack2(args[1], bi, bj));
  const Value one = integer(1);
  PY_TRY(Value si, py::min2(ai, bi));
  PY_TRY(Value mi, py::max2(ai, bi));
  PY_TRY(Value ei, py::add(mi, one));
  PY_TRY(Value sj, py::min2(aj, bj));
  PY_TRY(Value mj, py::max2(aj, bj));
  PY_TRY(Value ej, py::add(mj, one));
  py::SetTable t;
  if (py::op_eq(ai, bi)) {
    PY_TRY(auto r, range_bounds(sj, ej));
    for (std::int64_t j = r[0]; j < r[1]; ++j)
      t.add(pair(ai, integer(j)));
    return py::make_frozenset(std::move(t));
  }
  if (py::op_eq(aj, bj)) {
    PY_TRY(auto r, range_bounds(si, ei));
    for (std::int64_t i = r[0]; i < r[1]; ++i)
      t.add(pair(integer(i), aj));
    return py::make_frozenset(std::move(t));
  }
  PY_TRY(Value dbi, py::sub(bi, ai));
  PY_TRY(Value dbj, py::sub(bj, aj));
  if (py::op_eq(dbi, dbj)) {
    PY_TRY(auto ri, range_bounds(si, ei));
    PY_TRY(auto rj, range_bounds(sj, ej));
    for (std::int64_t i = ri[0], j = rj[0]; i < ri[1] && j < rj[1]; ++i, ++j)
      t.add(int_pair(i, j));
    return py::make_frozenset(std::move(t));
  }
  PY_TRY(Value dbi2, py::sub(bi, ai));
  PY_TRY(Value daj, py::sub(aj, bj));
  if (py::op_eq(dbi2, daj)) {
    PY_TRY(auto ri, range_bounds(si, ei));
    PY_TRY(Value top, py::sub(ej, one));
    PY_TRY(Value bottom, py::sub(sj, one));
    PY_TRY(auto rj, range_bounds(top, bottom));
    for (std::int64_t i = ri[0], j = rj[0]; i < ri[1] && j > rj[1]; ++i, --j)
      t.add(int_pair(i, j));
    return py::make_frozenset(std::move(t));
  }
  return py::empty_frozenset();
}

// cover(grid: Tuple[Tuple[int]], patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]) -> Tuple[Tuple[int]]
Value cover_impl(const Value* args, std::size_t) {
  // fill(grid, mostcolor(grid), toindices(patch))
  PY_TRY(Value bg, py::call(fn::mostcolor, {args[0]}));
  PY_TRY(Value indices, py::call(fn::toindices, {args[1]}));
  return py::call(fn::fill, {args[0], bg, indices});
}

// trim(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value trim_impl(const Value* args, std::size_t) {
  // tuple(r[1:-1] for r in grid[1:-1])
  PY_TRY(Value inner, py::getslice(args[0], 1, -1));
  PY_TRY(py::Iter rows, py::iter(inner));
  TupleOut out(static_cast<std::size_t>(rows.remaining()));
  while (const Value* r = rows.next()) {
    PY_TRY(Value row, py::getslice(*r, 1, -1));
    out.push(std::move(row));
  }
  return out.finish();
}

// move(grid: Tuple[Tuple[int]], obj: FrozenSet[Tuple[int, Tuple[int, int]]], offset: Tuple[int,
// int]) -> Tuple[Tuple[int]]
Value move_impl(const Value* args, std::size_t) {
  // paint(cover(grid, obj), shift(obj, offset))
  PY_TRY(Value covered, py::call(fn::cover, {args[0], args[1]}));
  PY_TRY(Value moved, py::call(fn::shift, {args[1], args[2]}));
  return py::call(fn::paint, {covered, moved});
}

// tophalf(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value tophalf_impl(const Value* args, std::size_t) {
  // grid[:len(grid) // 2]
  PY_TRY(std::int64_t n, py::len(args[0]));
  return py::getslice(args[0], std::nullopt, n / 2);
}

// bottomhalf(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value bottomhalf_impl(const Value* args, std::size_t) {
  // grid[len(grid) // 2 + len(grid) % 2:]
  PY_TRY(std::int64_t n, py::len(args[0]));
  return py::getslice(args[0], n / 2 + n % 2, std::nullopt);
}

// lefthalf(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value lefthalf_impl(const Value* args, std::size_t) {
  PY_TRY(Value r, py::call(fn::rot90, {args[0]}));
  PY_TRY(Value half, py::call(fn::tophalf, {r}));
  return py::call(fn::rot270, {half});
}

// righthalf(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value righthalf_impl(const Value* args, std::size_t) {
  PY_TRY(Value r, py::call(fn::rot90, {args[0]}));
  PY_TRY(Value half, py::call(fn::bottomhalf, {r}));
  return py::call(fn::rot270, {half});
}

/// vfrontier (`(i, location[1])`) and hfrontier (`(location[0], j)`) for 30 values.
Value frontier(const Value& location, bool vertical) {
  PY_TRY(Value fixed, py::getitem(location, vertical ? 1 : 0));
  py::SetTable t;
  for (std::int64_t k = 0; k < 30; ++k)
    t.add(vertical ? pair(integer(k), fixed) : pair(fixed, integer(k)));
  return py::make_frozenset(std::move(t));
}

// vfrontier(location: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value vfrontier_impl(const Value* args, std::size_t) {
  return frontier(args[0], true);
}

// hfrontier(location: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value hfrontier_impl(const Value* args, std::size_t) {
  return frontier(args[0], false);
}

// backdrop(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// FrozenSet[Tuple[int, int]]
Value backdrop_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  PY_TRY(std::int64_t n, py::len(patch));
  if (n == 0)
    return py::empty_frozenset();
  PY_TRY(Value indices, py::call(fn::toindices, {patch}));
  PY_TRY(Value ul, py::call(fn::ulcorner, {indices}));
  Value si, sj, ei, ej;
  PY_CHECK(unpack2(ul, si, sj));
  PY_TRY(Value lr, py::call(fn::lrcorner, {patch}));
  PY_CHECK(unpack2(lr, ei, ej));
  // frozenset((i, j) for i in range(si, ei + 1) for j in range(sj, ej + 1))
  const Value one = integer(1);
  PY_TRY(Value ei1, py::add(ei, one));
  PY_TRY(auto ri, range_bounds(si, ei1));
  py::SetTable t;
  for (std::int64_t i = ri[0]; i < ri[1]; ++i) {
    PY_TRY(Value ej1, py::add(ej, one));
    PY_TRY(auto rj, range_bounds(sj, ej1));
    for (std::int64_t j = rj[0]; j < rj[1]; ++j)
      t.add(int_pair(i, j));
  }
  return py::make_frozenset(std::move(t));
}

// delta(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// FrozenSet[Tuple[int, int]]
Value delta_impl(const Value* args, std::size_t) {
  PY_TRY(std::int64_t n, py::len(args[0]));
  if (n == 0)
    return py::empty_frozenset();
  PY_TRY(Value box, py::call(fn::backdrop, {args[0]}));
  PY_TRY(Value indices, py::call(fn::toindices, {args[0]}));
  return py::sub(box, indices);
}

// gravitate(source: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]],
// destination: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// Tuple[int, int]
Value gravitate_impl(const Value* args, std::size_t) {
  Value source = args[0];
  const Value& destination = args[1];
  Value si, sj, di, dj;
  PY_TRY(Value cs, py::call(fn::center, {source}));
  PY_CHECK(unpack2(cs, si, sj));
  PY_TRY(Value cd, py::call(fn::center, {destination}));
  PY_CHECK(unpack2(cd, di, dj));
  std::int64_t i = 0, j = 0;
  PY_TRY(Value vm, py::call(fn::vmatching, {source, destination}));
  if (py::truthy(vm)) {
    PY_TRY(bool less, py::lt(si, di));
    i = less ? 1 : -1;
  } else {
    PY_TRY(bool less, py::lt(sj, dj));
    j = less ? 1 : -1;
  }
  std::int64_t gi = i, gj = j;
  const Value step = int_pair(i, j);
  for (int c = 0;;) {
    PY_TRY(Value adj, py::call(fn::adjacent, {source, destination}));
    if (py::truthy(adj) || c >= 42)
      break;
    ++c;
    gi += i;
    gj += j;
    PY_TRY(Value moved, py::call(fn::shift, {source, step}));
    source = std::move(moved);
  }
  return int_pair(gi - i, gj - j);
}

/// The outline of the box from (ai, aj) to (bi, bj), as inbox, outbox and box build it:
/// `vlines | hlines` of four set comprehensions, copied into a frozenset.
Value outline(const Value& ai, const Value& aj, const Value& bi, const Value& bj) {
  PY_TRY(Value si, py::min2(ai, bi));
  PY_TRY(Value sj, py::min2(aj, bj));
  PY_TRY(Value ei, py::max2(ai, bi));
  PY_TRY(Value ej, py::max2(aj, bj));
  const Value one = integer(1);
  // {(i, fixed) for i in range(lo, hi + 1)} (rows) or {(fixed, j) ...}
  auto side = [&](const Value& lo, const Value& hi, const Value& fixed,
                  bool vertical) -> py::Result<py::SetTable> {
    PY_TRY(Value end, py::add(hi, one));
    PY_TRY(auto r, range_bounds(lo, end));
    py::SetTable s;
    for (std::int64_t k = r[0]; k < r[1]; ++k)
      s.add(vertical ? pair(integer(k), fixed) : pair(fixed, integer(k)));
    return s;
  };
  PY_TRY(py::SetTable left, side(si, ei, sj, true));
  PY_TRY(py::SetTable right, side(si, ei, ej, true));
  py::SetTable vlines = py::SetTable::union_of(left, right);
  PY_TRY(py::SetTable top, side(sj, ej, si, false));
  PY_TRY(py::SetTable bottom, side(sj, ej, ei, false));
  py::SetTable hlines = py::SetTable::union_of(top, bottom);
  return py::frozenset_of_set(py::SetTable::union_of(vlines, hlines));
}

/// inbox (`inward` true) and outbox: the outline one line inside or outside the patch's box.
Value inner_outer_box(const Value& patch, bool inward) {
  const Value one = integer(1);
  auto nudge = [&](const Value& v, bool up) { return up ? py::add(v, one) : py::sub(v, one); };
  PY_TRY(Value top, py::call(fn::uppermost, {patch}));
  PY_TRY(Value ai, nudge(top, inward));
  PY_TRY(Value left, py::call(fn::leftmost, {patch}));
  PY_TRY(Value aj, nudge(left, inward));
  PY_TRY(Value bottom, py::call(fn::lowermost, {patch}));
  PY_TRY(Value bi, nudge(bottom, !inward));
  PY_TRY(Value right, py::call(fn::rightmost, {patch}));
  PY_TRY(Value bj, nudge(right, !inward));
  return outline(ai, aj, bi, bj);
}

// inbox(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// FrozenSet[Tuple[int, int]]
Value inbox_impl(const Value* args, std::size_t) {
  return inner_outer_box(args[0], true);
}

// outbox(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// FrozenSet[Tuple[int, int]]
Value outbox_impl(const Value* args, std::size_t) {
  return inner_outer_box(args[0], false);
}

// box(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// FrozenSet[Tuple[int, int]]
Value box_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  PY_TRY(std::int64_t n, py::len(patch));
  if (n == 0)
    return patch;
  Value ai, aj, bi, bj;
  PY_TRY(Value ul, py::call(fn::ulcorner, {patch}));
  PY_CHECK(unpack2(ul, ai, aj));
  PY_TRY(Value lr, py::call(fn::lrcorner, {patch}));
  PY_CHECK(unpack2(lr, bi, bj));
  return outline(ai, aj, bi, bj);
}

// shoot(start: Tuple[int, int], direction: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value shoot_impl(const Value* args, std::size_t) {
  // connect(start, (start[0] + 42 * direction[0], start[1] + 42 * direction[1]))
  const Value& start = args[0];
  const Value& direction = args[1];
  const Value k42 = integer(42);
  Value end[2];
  for (int k = 0; k < 2; ++k) {
    PY_TRY(Value s, py::getitem(start, k));
    PY_TRY(Value d, py::getitem(direction, k));
    PY_TRY(Value far, py::mul(k42, d));
    PY_TRY(Value e, py::add(s, far));
    end[k] = std::move(e);
  }
  return py::call(fn::connect, {start, pair(end[0], end[1])});
}

/// The cells of a frozenset object `(int, (int, int))` with int colours, or false.
bool int_cells(const Value& obj, std::vector<std::array<std::int64_t, 3>>& out) {
  if (!obj.is_frozenset())
    return false;
  out.clear();
  return each_in_set(py::as_set_table(obj), [&](const Value& e) {
    const py::TupleObject* ij = index_of(e, true);
    if (ij == nullptr || !py::as_tuple(e)[0].is(Kind::Int))
      return false;
    out.push_back({py::as_tuple(e)[0].as_int(), (*ij)[0].as_int(), (*ij)[1].as_int()});
    return true;
  });
}

bool small_coordinates(const std::vector<std::array<std::int64_t, 3>>& cells) {
  constexpr std::int64_t kLimit = std::int64_t{1} << 40;
  for (const auto& c : cells)
    if (c[1] <= -kLimit || c[1] >= kLimit || c[2] <= -kLimit || c[2] >= kLimit)
      return false;
  return true;
}

// occurrences(grid: Tuple[Tuple[int]], obj: FrozenSet[Tuple[int, Tuple[int, int]]]) ->
// FrozenSet[Tuple[int, int]]
Value occurrences_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  const Value& obj = args[1];
  IntGrid g;
  std::vector<std::array<std::int64_t, 3>> cells;
  if (read_int_grid(grid, g) && int_cells(obj, cells) && !cells.empty() &&
      small_coordinates(cells)) {
    std::int64_t mi = cells[0][1], mj = cells[0][2], xi = mi, xj = mj;
    for (const auto& c : cells) {
      mi = std::min(mi, c[1]);
      mj = std::min(mj, c[2]);
      xi = std::max(xi, c[1]);
      xj = std::max(xj, c[2]);
    }
    // The deepest nested call: shape, height, lowermost, then toindices and max() (which
    // compares one deeper when there are two indices or more).
    if (!frames_fit(mi != xi || mj != xj ? 5 : 4))
      return recursion_error();
    const std::int64_t h2 = g.h - (xi - mi + 1) + 1, w2 = g.w - (xj - mj + 1) + 1;
    py::SetTable occs;
    for (std::int64_t i = 0; i < h2; ++i)
      for (std::int64_t j = 0; j < w2; ++j) {
        bool occurs = true;
        for (const auto& c : cells) {
          const std::int64_t a = c[1] - mi + i, b = c[2] - mj + j;
          if (!(0 <= a && a < g.h && 0 <= b && b < g.w && g.at(a, b) == c[0])) {
            occurs = false;
            break;
          }
        }
        if (occurs)
          occs.add(int_pair(i, j));
      }
    return py::frozenset_of_set(occs);
  }
  PY_TRY(Value normed, py::call(fn::normalize, {obj}));
  PY_TRY(auto dims, grid_dims(grid));
  const std::int64_t h = dims[0], w = dims[1];
  PY_TRY(Value shape, py::call(fn::shape, {obj}));
  Value oh, ow;
  PY_CHECK(unpack2(shape, oh, ow));
  const Value one = integer(1);
  PY_TRY(Value x, py::sub(integer(h), oh));
  PY_TRY(Value h2v, py::add(x, one));
  PY_TRY(Value y, py::sub(integer(w), ow));
  PY_TRY(Value w2v, py::add(y, one));
  py::SetTable occs;
  PY_TRY(std::int64_t h2, range_count(h2v));
  for (std::int64_t i = 0; i < h2; ++i) {
    PY_TRY(std::int64_t w2, range_count(w2v));
    for (std::int64_t j = 0; j < w2; ++j) {
      bool occurs = true;
      PY_TRY(Value shifted, py::call(fn::shift, {normed, int_pair(i, j)}));
      PY_TRY(py::Iter it, py::iter(shifted));
      while (const Value* e = it.next()) {
        Value v, loc, a, b;
        PY_CHECK(unpack2(*e, v, loc));
        PY_CHECK(unpack2(loc, a, b));
        PY_TRY(bool row_ok, in_range(a, h));
        bool ok = row_ok;
        if (ok) {
          PY_TRY(bool col_ok, in_range(b, w));
          ok = col_ok;
        }
        if (ok) {
          PY_TRY(Value row, py::getitem(grid, a));
          PY_TRY(Value gv, py::getitem(row, b));
          ok = py::op_eq(gv, v);
        }
        if (!ok) {
          occurs = false;
          break;
        }
      }
      if (occurs)
        occs.add(int_pair(i, j));
    }
  }
  return py::frozenset_of_set(occs);
}

/// Indices of the lines of `grid` holding a single value: `len(set(r)) == 1`.
py::Result<std::vector<std::int64_t>> uniform_lines(const Value& grid) {
  PY_TRY(py::Iter rows, py::iter(grid));
  std::vector<std::int64_t> out;
  std::int64_t i = 0;
  while (const Value* r = rows.next()) {
    bool single = false;
    if (r->is_tuple() && py::as_tuple(*r).size > 0 && py::as_tuple(*r)[0].is(Kind::Int)) {
      // A row of ints holds one value when every int equals the first.
      const py::TupleObject& t = py::as_tuple(*r);
      single = true;
      bool ints = true;
      for (const Value& v : t) {
        if (!v.is(Kind::Int)) {
          ints = false;
          break;
        }
        single = single && v.as_int() == t[0].as_int();
      }
      if (!ints) {
        PY_TRY(py::SetTable s, py::to_set(*r));
        single = s.size() == 1;
      }
    } else {
      PY_TRY(py::SetTable s, py::to_set(*r));
      single = s.size() == 1;
    }
    if (single)
      out.push_back(i);
    ++i;
  }
  return out;
}

/// `grid[i][j]`.
Value grid_item(const Value& grid, std::int64_t i, std::int64_t j) {
  PY_TRY(Value row, item(grid, i));
  return item(row, j);
}

// frontiers(grid: Tuple[Tuple[int]]) -> FrozenSet[FrozenSet[Tuple[int, Tuple[int, int]]]]
Value frontiers_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  PY_TRY(auto dims, grid_dims(grid));
  const std::int64_t h = dims[0], w = dims[1];
  PY_TRY(std::vector<std::int64_t> row_indices, uniform_lines(grid));
  PY_TRY(Value transposed, py::call(fn::dmirror, {grid}));
  PY_TRY(std::vector<std::int64_t> column_indices, uniform_lines(transposed));
  py::SetTable parts[2];
  for (int k = 0; k < 2; ++k) {
    py::SetTable outer;
    for (std::int64_t line : k == 0 ? row_indices : column_indices) {
      py::SetTable inner;
      for (std::int64_t x = 0; x < (k == 0 ? w : h); ++x) {
        const std::int64_t i = k == 0 ? line : x, j = k == 0 ? x : line;
        PY_TRY(Value v, grid_item(grid, i, j));
        inner.add(int_cell(v, i, j));
      }
      outer.add(py::frozenset_of_set(inner));
    }
    parts[k] = py::SetTable::copy_of(outer);
  }
  return py::make_frozenset(py::SetTable::union_of(parts[0], parts[1]));
}

// compress(grid: Tuple[Tuple[int]]) -> Tuple[Tuple[int]]
Value compress_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  PY_TRY(std::vector<std::int64_t> ri, uniform_lines(grid));
  PY_TRY(Value transposed, py::call(fn::dmirror, {grid}));
  PY_TRY(std::vector<std::int64_t> ci, uniform_lines(transposed));
  // tuple(tuple(v for j, v in enumerate(r) if j not in ci) for i, r in enumerate(grid) if
  // i not in ri)
  auto listed = [](const std::vector<std::int64_t>& xs, std::int64_t x) {
    return std::find(xs.begin(), xs.end(), x) != xs.end();
  };
  PY_TRY(py::Iter rows, py::iter(grid));
  TupleOut out;
  std::int64_t i = 0;
  while (const Value* r = rows.next()) {
    if (!listed(ri, i)) {
      PY_TRY(py::Iter it, py::iter(*r));
      TupleOut row;
      std::int64_t j = 0;
      while (const Value* v = it.next()) {
        if (!listed(ci, j))
          row.push(*v);
        ++j;
      }
      out.push(row.finish());
    }
    ++i;
  }
  return out.finish();
}

/// hperiod (`horizontal`) and vperiod: the smallest p for which the normalized object moved
/// back by p, cut at the edge, lies inside itself; else its width (height).
Value period(const Value& obj, bool horizontal) {
  std::vector<std::array<std::int64_t, 3>> cells;
  if (int_cells(obj, cells) && !cells.empty() && small_coordinates(cells)) {
    std::int64_t mi = cells[0][1], mj = cells[0][2], xi = mi, xj = mj;
    for (const auto& c : cells) {
      mi = std::min(mi, c[1]);
      mj = std::min(mj, c[2]);
      xi = std::max(xi, c[1]);
      xj = std::max(xj, c[2]);
    }
    // The deepest nested call: normalize (or width), uppermost (rightmost), then toindices and
    // min() (max()), which compares one deeper when there are two indices or more.
    if (!frames_fit(mi != xi || mj != xj ? 4 : 3))
      return recursion_error();
    for (auto& c : cells) {
      c[1] -= mi;
      c[2] -= mj;
    }
    std::vector<std::array<std::int64_t, 3>> sorted = cells;
    std::sort(sorted.begin(), sorted.end());
    const std::int64_t extent = horizontal ? xj - mj + 1 : xi - mi + 1;
    for (std::int64_t p = 1; p < extent; ++p) {
      bool inside = true;
      for (const auto& c : cells) {
        std::array<std::int64_t, 3> moved = c;
        moved[horizontal ? 2 : 1] -= p;
        if (moved[horizontal ? 2 : 1] < 0)
          continue;
        if (!std::binary_search(sorted.begin(), sorted.end(), moved)) {
          inside = false;
          break;
        }
      }
      if (inside)
        return integer(p);
    }
    return integer(extent);
  }
  PY_TRY(Value normalized, py::call(fn::normalize, {obj}));
  PY_TRY(Value size, py::call(horizontal ? fn::width : fn::height, {normalized}));
  PY_TRY(std::int64_t end, py::as_index(size));
  std::optional<py::SetTable> whole;
  for (std::int64_t p = 1; p < end; ++p) {
    const Value offset = horizontal ? int_pair(0, -p) : int_pair(-p, 0);
    PY_TRY(Value offsetted, py::call(fn::shift, {normalized, offset}));
    // frozenset({(c, (i, j)) for c, (i, j) in offsetted if j >= 0}) (i >= 0 for vperiod)
    py::SetTable pruned;
    PY_TRY(py::Iter it, py::iter(offsetted));
    while (const Value* e = it.next()) {
      Value c, loc, i, j;
      PY_CHECK(unpack2(*e, c, loc));
      PY_CHECK(unpack2(loc, i, j));
      PY_TRY(bool kept, py::ge(horizontal ? j : i, integer(0)));
      if (kept)
        pruned.add(cell(c, pair(i, j)));
    }
    // pruned.issubset(normalized): a set made of normalized when it is not one.
    const py::SetTable* other = nullptr;
    if (normalized.is_frozenset()) {
      other = &py::as_set_table(normalized);
    } else {
      if (!whole) {
        PY_TRY(py::SetTable s, py::to_set(normalized));
        whole = std::move(s);
      }
      other = &*whole;
    }
    if (py::SetTable::is_subset(pruned, *other))
      return integer(p);
  }
  return size;
}

// hperiod(obj: FrozenSet[Tuple[int, Tuple[int, int]]]) -> int
Value hperiod_impl(const Value* args, std::size_t) {
  return period(args[0], true);
}

// vperiod(obj: FrozenSet[Tuple[int, Tuple[int, int]]]) -> int
Value vperiod_impl(const Value* args, std::size_t) {
  return period(args[0], false);
}

} // namespace

namespace fn {
constinit const py::Builtin rot90{"rot90", py::Dialect::ArcDsl, 1,
                                  1,       &rot90_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin rot180{"rot180", py::Dialect::ArcDsl, 1,
                                   1,        &rot180_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin rot270{"rot270", py::Dialect::ArcDsl, 1,
                                   1,        &rot270_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin hmirror{"hmirror", py::Dialect::ArcDsl, 1,
                                    1,         &hmirror_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin vmirror{"vmirror", py::Dialect::ArcDsl, 1,
                                    1,         &vmirror_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin dmirror{"dmirror", py::Dialect::ArcDsl, 1,
                                    1,         &dmirror_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin cmirror{"cmirror", py::Dialect::ArcDsl, 1,
                                    1,         &cmirror_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin fill{"fill", py::Dialect::ArcDsl, 3,
                                 3,      &fill_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin paint{"paint", py::Dialect::ArcDsl, 2,
                                  2,       &paint_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin underfill{"underfill",     py::Dialect::ArcDsl,        3, 3,
                                      &underfill_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin underpaint{"underpaint",     py::Dialect::ArcDsl,        2, 2,
                                       &underpaint_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin hupscale{"hupscale", py::Dialect::ArcDsl, 2,
                                     2,          &hupscale_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin vupscale{"vupscale", py::Dialect::ArcDsl, 2,
                                     2,          &vupscale_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin upscale{"upscale", py::Dialect::ArcDsl, 2,
                                    2,         &upscale_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin downscale{"downscale",     py::Dialect::ArcDsl,        2, 2,
                                      &downscale_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin hconcat{"hconcat", py::Dialect::ArcDsl, 2,
                                    2,         &hconcat_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin vconcat{"vconcat", py::Dialect::ArcDsl, 2,
                                    2,         &vconcat_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin subgrid{"subgrid", py::Dialect::ArcDsl, 2,
                                    2,         &subgrid_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin hsplit{"hsplit", py::Dialect::ArcDsl, 2,
                                   2,        &hsplit_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin vsplit{"vsplit", py::Dialect::ArcDsl, 2,
                                   2,        &vsplit_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin cellwise{"cellwise", py::Dialect::ArcDsl, 3,
                                     3,          &cellwise_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin replace{"replace", py::Dialect::ArcDsl, 3,
                                    3,         &replace_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin switch_{"switch", py::Dialect::ArcDsl, 3,
                                    3,        &switch_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin center{"center", py::Dialect::ArcDsl, 1,
                                   1,        &center_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin position{"position", py::Dialect::ArcDsl, 2,
                                     2,          &position_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin index{"index", py::Dialect::ArcDsl, 2,
                                  2,       &index_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin canvas{"canvas", py::Dialect::ArcDsl, 2,
                                   2,        &canvas_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin corners{"corners", py::Dialect::ArcDsl, 1,
                                    1,         &corners_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin connect{"connect", py::Dialect::ArcDsl, 2,
                                    2,         &connect_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin cover{"cover", py::Dialect::ArcDsl, 2,
                                  2,       &cover_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin trim{"trim", py::Dialect::ArcDsl, 1,
                                 1,      &trim_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin move{"move", py::Dialect::ArcDsl, 3,
                                 3,      &move_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin tophalf{"tophalf", py::Dialect::ArcDsl, 1,
                                    1,         &tophalf_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin bottomhalf{"bottomhalf",     py::Dialect::ArcDsl,        1, 1,
                                       &bottomhalf_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin lefthalf{"lefthalf", py::Dialect::ArcDsl, 1,
                                     1,          &lefthalf_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin righthalf{"righthalf",     py::Dialect::ArcDsl,        1, 1,
                                      &righthalf_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin vfrontier{"vfrontier",     py::Dialect::ArcDsl,        1, 1,
                                      &vfrontier_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin hfrontier{"hfrontier",     py::Dialect::ArcDsl,        1, 1,
                                      &hfrontier_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin backdrop{"backdrop", py::Dialect::ArcDsl, 1,
                                     1,          &backdrop_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin delta{"delta", py::Dialect::ArcDsl, 1,
                                  1,       &delta_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin gravitate{"gravitate",     py::Dialect::ArcDsl,        2, 2,
                                      &gravitate_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin inbox{"inbox", py::Dialect::ArcDsl, 1,
                                  1,       &inbox_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin outbox{"outbox", py::Dialect::ArcDsl, 1,
                                   1,        &outbox_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin box{"box", py::Dialect::ArcDsl, 1,
                                1,     &box_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin shoot{"shoot", py::Dialect::ArcDsl, 2,
                                  2,       &shoot_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin occurrences{"occurrences",     py::Dialect::ArcDsl,        2, 2,
                                        &occurrences_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin frontiers{"frontiers",     py::Dialect::ArcDsl,        1, 1,
                                      &frontiers_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin compress{"compress", py::Dialect::ArcDsl, 1,
                                     1,          &compress_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin hperiod{"hperiod", py::Dialect::ArcDsl, 1,
                                    1,         &hperiod_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin vperiod{"vperiod", py::Dialect::ArcDsl, 1,
                                    1,         &vperiod_impl,       py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::rot90,       &fn::rot180,    &fn::rot270,    &fn::hmirror,    &fn::vmirror,
    &fn::dmirror,     &fn::cmirror,   &fn::fill,      &fn::paint,      &fn::underfill,
    &fn::underpaint,  &fn::hupscale,  &fn::vupscale,  &fn::upscale,    &fn::downscale,
    &fn::hconcat,     &fn::vconcat,   &fn::subgrid,   &fn::hsplit,     &fn::vsplit,
    &fn::cellwise,    &fn::replace,   &fn::switch_,   &fn::center,     &fn::position,
    &fn::index,       &fn::canvas,    &fn::corners,   &fn::connect,    &fn::cover,
    &fn::trim,        &fn::move,      &fn::tophalf,   &fn::bottomhalf, &fn::lefthalf,
    &fn::righthalf,   &fn::vfrontier, &fn::hfrontier, &fn::backdrop,   &fn::delta,
    &fn::gravitate,   &fn::inbox,     &fn::outbox,    &fn::box,        &fn::shoot,
    &fn::occurrences, &fn::frontiers, &fn::compress,  &fn::hperiod,    &fn::vperiod,
};
} // namespace

std::span<const py::Builtin* const> grids_family() {
  return kFamily;
}

} // namespace battgpu::dialects::arc_dsl
