// tokpidjin dialect: the "transforms" functions.
#include "transforms.hpp"
#include "grid_helpers.hpp"
#include "value_building.hpp"

#include "measures.hpp"
#include "patches.hpp"
#include "positions.hpp"

#include "battgpu/py/patch_bounds.hpp"
#include "battgpu/py/py.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Kind;
using py::Value;

// ---------------------------------------------------------------------------------------------
// Local helpers. The fast paths compute, for the argument shapes real programs pass (tuples of
// tuple rows, frozensets of int cells), exactly what the Python source computes through the
// wrapped DSL calls; anything else takes the general path, statement by statement.

/// Past this many items Python would run out of memory (or time) rather than return.
constexpr std::int64_t kMaxItems = std::int64_t{1} << 25;

Value too_large() {
  return py::Error{py::Exc::MemoryError, "result too large"};
}

/// `(a, b)`; a pair of ints is the shared tuple py::pair_of gives.
Value tuple2(Value a, Value b) {
  if (a.kind() == Kind::Int && b.kind() == Kind::Int)
    return py::pair_of(a.as_int(), b.as_int());
  Value t = py::new_tuple(2);
  Value* it = py::tuple_items(t);
  it[0] = std::move(a);
  it[1] = std::move(b);
  return t;
}

/// `(a, b, c)`; a cell of ints is the shared tuple py::cell_of gives.
Value tuple3(Value a, Value b, Value c) {
  if (a.kind() == Kind::Int && b.kind() == Kind::Int && c.kind() == Kind::Int)
    return py::cell_of(a.as_int(), b.as_int(), c.as_int());
  Value t = py::new_tuple(3);
  Value* it = py::tuple_items(t);
  it[0] = std::move(a);
  it[1] = std::move(b);
  it[2] = std::move(c);
  return t;
}

/// The `==` operator, without leaving this file for two ints.
bool op_eq_fast(const Value& a, const Value& b) {
  if (a.kind() == Kind::Int && b.kind() == Kind::Int)
    return a.as_int() == b.as_int();
  return py::op_eq(a, b);
}

/// The rows of a tuple whose items are all tuples, or null.
const py::TupleObject* tuple_rows(const Value& grid) {
  if (!grid.is_tuple())
    return nullptr;
  const py::TupleObject& g = py::as_tuple(grid);
  for (const Value& r : g)
    if (!r.is_tuple())
      return nullptr;
  return &g;
}

/// Whether every row of `g` (tuple rows) is marked as holding ints only: then so is every row
/// made of their items.
bool rows_ints_only(const py::TupleObject& g) {
  for (const Value& r : g)
    if (!py::as_tuple(r).ints_only)
      return false;
  return true;
}

/// `tuple(zip(*seqs))`: zip takes an iterator of every argument first (so any argument that
/// is not iterable fails), then yields tuples until one of them runs out.
Value zip_star(const std::vector<Value>& seqs) {
  if (seqs.empty())
    return py::empty_tuple();
  std::vector<py::Iter> its;
  its.reserve(seqs.size());
  for (const Value& s : seqs) {
    PY_TRY(py::Iter it, py::iter(s));
    its.push_back(std::move(it));
  }
  std::vector<Value> out;
  for (;;) {
    Value t = py::new_tuple(its.size());
    Value* items = py::tuple_items(t);
    for (std::size_t k = 0; k < its.size(); ++k) {
      const Value* e = its[k].next();
      if (e == nullptr)
        return tuple_from(std::move(out));
      items[k] = *e;
    }
    out.push_back(std::move(t));
  }
}

/// The items of an iterable, as `*x` spreads them.
py::Result<std::vector<Value>> spread(const Value& x) {
  return py::to_list(x);
}

/// The length of the shortest row of a non-empty tuple of tuple rows.
std::uint32_t shortest_row(const py::TupleObject& g) {
  std::uint32_t m = UINT32_MAX;
  for (const Value& r : g)
    m = std::min(m, py::as_tuple(r).size);
  return m;
}

/// The frozenset `(f(i), g(j)[, c]) for each element` of a well-formed patch, in its order.
template <class F> Value map_cells(const Value& patch, F&& f) {
  py::SetTable out;
  py::as_set_table(patch).for_each([&](const Value& e) {
    const py::TupleObject& c = py::as_tuple(e);
    const auto [i, j] = f(c[0].as_int(), c[1].as_int());
    if (c.size == 2)
      out.add(py::pair_of(i, j));
    else if (c[2].kind() == Kind::Int)
      out.add(py::cell_of(i, j, c[2].as_int()));
    else
      out.add(tuple3(Value::integer(i), Value::integer(j), c[2]));
  });
  return py::make_frozenset(std::move(out));
}

/// A corner of a patch through the wrapped call, then `[k]` of it.
Value corner_item(const py::Builtin& corner, const Value& patch, std::int64_t k) {
  PY_TRY(const Value c, py::call(corner, {patch}));
  return py::getitem(c, k);
}

/// `len(next(iter(patch))) == 3` (StopIteration for an empty patch).
py::Result<bool> first_is_cell(const Value& patch) {
  PY_TRY(py::Iter it, py::iter(patch));
  const Value* e = it.next();
  if (e == nullptr)
    return py::Error{py::Exc::StopIteration, "empty patch"};
  PY_TRY(const std::int64_t n, py::len(*e));
  return n == 3;
}

/// `frozenset(f(x) for x in patch)` where every element is unpacked into `arity` values and
/// `f` maps them (as Values) to a new element or fails.
template <class F> Value map_elements(const Value& patch, std::size_t arity, F&& f) {
  PY_TRY(py::Iter it, py::iter(patch));
  py::SetTable out;
  Value parts[3];
  while (const Value* e = it.next()) {
    PY_CHECK(py::unpack(*e, parts, arity));
    PY_TRY(Value v, f(parts));
    out.add(std::move(v));
  }
  return py::make_frozenset(std::move(out));
}

/// The three mirrors of patches, for either arity: (d - i, j), (i, d - j), and the diagonal
/// (j - b + a, i - a + b).
enum class Mirror { H, V, D };

Value mirror_general(const Value& patch, Mirror m, std::size_t arity, const Value& p,
                     const Value& q) {
  return map_elements(patch, arity, [&](const Value* x) -> Value {
    Value i, j;
    switch (m) {
    case Mirror::H: {
      PY_TRY(Value ni, py::sub(p, x[0]));
      i = std::move(ni);
      j = x[1];
      break;
    }
    case Mirror::V: {
      i = x[0];
      PY_TRY(Value nj, py::sub(p, x[1]));
      j = std::move(nj);
      break;
    }
    case Mirror::D: {
      // (j - b + a, i - a + b) with (a, b) = (p, q)
      PY_TRY(const Value t0, py::sub(x[1], q));
      PY_TRY(Value ni, py::add(t0, p));
      PY_TRY(const Value t1, py::sub(x[0], p));
      PY_TRY(Value nj, py::add(t1, q));
      i = std::move(ni);
      j = std::move(nj);
      break;
    }
    }
    return arity == 3 ? tuple3(std::move(i), std::move(j), x[2])
                      : tuple2(std::move(i), std::move(j));
  });
}

/// The mirror of a well-formed patch, computed on ints.
Value mirror_fast(const Value& patch, Mirror m, const PatchScan& s) {
  switch (m) {
  case Mirror::H: {
    const std::int64_t d = s.min_i + s.max_i;
    return map_cells(patch, [d](std::int64_t i, std::int64_t j) { return std::pair{d - i, j}; });
  }
  case Mirror::V: {
    const std::int64_t d = s.min_j + s.max_j;
    return map_cells(patch, [d](std::int64_t i, std::int64_t j) { return std::pair{i, d - j}; });
  }
  case Mirror::D: {
    const std::int64_t a = s.min_i, b = s.min_j;
    return map_cells(
        patch, [a, b](std::int64_t i, std::int64_t j) { return std::pair{j - b + a, i - a + b}; });
  }
  }
  return py::empty_frozenset();
}

/// hmirror/vmirror by `d = corner(patch)[k] + corner(patch)[k]` for the general path.
py::Result<Value> mirror_axis(const Value& patch, std::int64_t k) {
  PY_TRY(const Value lo, corner_item(fn::ulcorner, patch, k));
  PY_TRY(const Value hi, corner_item(fn::lrcorner, patch, k));
  PY_TRY(Value d, py::add(lo, hi));
  return d;
}

/// How a mirror function reads its argument: `_f` looks at the first element's length, `_i`
/// takes pairs, `_o` takes cells.
enum class Form { F, I, O };

Value hv_mirror(const Value& patch, Mirror m, Form form) {
  PatchScan s;
  if (scan_patch(patch, s) && (form == Form::F || s.arity == (form == Form::I ? 2u : 3u)) &&
      frames_fit(4))
    return mirror_fast(patch, m, s);
  PY_TRY(const Value d, mirror_axis(patch, m == Mirror::H ? 0 : 1));
  std::size_t arity = form == Form::O ? 3 : 2;
  if (form == Form::F) {
    PY_TRY(const bool cell, first_is_cell(patch));
    arity = cell ? 3 : 2;
  }
  return mirror_general(patch, m, arity, d, Value());
}

Value d_mirror(const Value& patch, Form form) {
  PatchScan s;
  if (scan_patch(patch, s) && (form == Form::F || s.arity == (form == Form::I ? 2u : 3u)) &&
      frames_fit(4))
    return mirror_fast(patch, Mirror::D, s);
  PY_TRY(const Value ul, py::call(fn::ulcorner, {patch}));
  Value ab[2];
  PY_CHECK(py::unpack(ul, ab, 2));
  std::size_t arity = form == Form::O ? 3 : 2;
  if (form == Form::F) {
    PY_TRY(const bool cell, first_is_cell(patch));
    arity = cell ? 3 : 2;
  }
  return mirror_general(patch, Mirror::D, arity, ab[0], ab[1]);
}

/// cmirror of patches: vmirror_f(dmirror_f(vmirror_f(patch))), each a wrapped call.
Value c_mirror(const Value& patch) {
  PY_TRY(const Value a, py::call(fn::vmirror_f, {patch}));
  PY_TRY(const Value b, py::call(fn::dmirror_f, {a}));
  return py::call(fn::vmirror_f, {b});
}

/// The general form of fill, paint, underfill and underpaint: `[list(r) for r in grid]`, the
/// updates, then a tuple of tuples.
class ListGrid {
public:
  static py::Result<ListGrid> of(const Value& grid) {
    ListGrid g;
    PY_TRY(py::Iter rows, py::iter(grid));
    while (const Value* r = rows.next()) {
      PY_TRY(std::vector<Value> row, py::to_list(*r));
      g.rows_.push_back(std::move(row));
    }
    return g;
  }
  /// `g[i][j]` for a position already known to satisfy 0 <= i < h: list indices must be
  /// ints, and the row may be short.
  py::Result<Value*> at(const Value& i, const Value& j) {
    if (!i.is_int_like() || !j.is_int_like())
      return py::Error{py::Exc::TypeError, "list indices must be integers or slices"};
    std::vector<Value>& row = rows_[static_cast<std::size_t>(i.as_int())];
    const std::int64_t k = j.as_int();
    if (k >= static_cast<std::int64_t>(row.size()))
      return py::Error{py::Exc::IndexError, "list index out of range"};
    return &row[static_cast<std::size_t>(k)];
  }
  Value finish() {
    std::vector<Value> out;
    out.reserve(rows_.size());
    for (std::vector<Value>& r : rows_)
      out.push_back(tuple_from(std::move(r)));
    return tuple_from(std::move(out));
  }

private:
  std::vector<std::vector<Value>> rows_;
};

/// `0 <= i < h and 0 <= j < w` with Python's comparisons.
py::Result<bool> inside(const Value& i, const Value& j, std::int64_t h, std::int64_t w) {
  if (i.is_int_like() && j.is_int_like())
    return i.as_int() >= 0 && i.as_int() < h && j.as_int() >= 0 && j.as_int() < w;
  const Value zero = Value::integer(0);
  PY_TRY(const bool a, py::le(zero, i));
  if (!a)
    return false;
  PY_TRY(const bool b, py::lt(i, Value::integer(h)));
  if (!b)
    return false;
  PY_TRY(const bool c, py::le(zero, j));
  if (!c)
    return false;
  return py::lt(j, Value::integer(w));
}

/// mostcolor_t of a tuple of tuple rows of ints; std::nullopt for other grids.
std::optional<Value> mostcolor_of_int_rows(const py::TupleObject& g) {
  ColourCounts counts;
  for (const Value& r : g) {
    for (const Value& v : py::as_tuple(r)) {
      if (v.kind() != Kind::Int)
        return std::nullopt;
      counts.add(v.as_int());
    }
  }
  return counts.most_common();
}

/// fill or underfill of a grid of tuple rows with a frozenset of int pairs many times larger
/// than the part of the grid inside its extent (a backdrop of a far-shifted patch can hold
/// millions): each cell of that part is looked up in the set rather than every element
/// visited. Each position is written once either way, so the order does not matter.
/// std::nullopt where the patch is not such a set.
std::optional<Value> fill_by_lookup(const py::TupleObject& rows, std::int64_t h, std::int64_t w,
                                    const Value& color, const Value& patch, bool under,
                                    const Value& bg) {
  constexpr std::int64_t kVisitsPerLookup = 4; // a lookup misses the cache; a visit streams
  const py::SetTable& set = py::as_set_table(patch);
  if (set.size() <= kVisitsPerLookup * h * w)
    return std::nullopt;
  const py::PatchBounds b = py::patch_bounds(patch); // kept on the set once read
  if (b.arity != 2)
    return std::nullopt;
  const std::int64_t i0 = std::max<std::int64_t>(b.min_i, 0);
  const std::int64_t i1 = std::min<std::int64_t>(b.max_i, h - 1);
  const std::int64_t j0 = std::max<std::int64_t>(b.min_j, 0);
  const std::int64_t j1 = std::min<std::int64_t>(b.max_j, w - 1);
  RowWriter out(rows);
  for (std::int64_t i = i0; i <= i1; ++i) {
    for (std::int64_t j = j0; j <= j1; ++j) {
      if (!set.contains_entry(py::pair_of(i, j), py::hash_int_pair(i, j)))
        continue;
      if (under) {
        const Value* cur = out.get(i, j);
        if (cur == nullptr)
          return Value(py::Error{py::Exc::IndexError, "list index out of range"});
        if (!op_eq_fast(*cur, bg))
          continue;
      }
      if (!out.set(i, j, color))
        return Value(py::Error{py::Exc::IndexError, "list index out of range"});
    }
  }
  return out.finish();
}

/// fill and underfill (`under`: only where the cell equals mostcolor_t(grid)).
Value fill_like(const Value& grid, const Value& color, const Value& patch, bool under) {
  PY_TRY(const std::int64_t h, py::len(grid));
  PY_TRY(const Value row0, py::getitem(grid, 0));
  PY_TRY(const std::int64_t w, py::len(row0));
  const py::TupleObject* rows = tuple_rows(grid);
  const bool inline_calls = frames_fit(2); // toindices and mostcolor_t computed here
  Value bg;
  if (under) {
    std::optional<Value> fast;
    if (rows != nullptr && inline_calls)
      fast = mostcolor_of_int_rows(*rows);
    if (fast.has_value()) {
      bg = std::move(*fast);
    } else {
      PY_TRY(Value b, py::call(fn::mostcolor_t, {grid}));
      bg = std::move(b);
    }
  }
  // toindices(patch): a frozenset of cells or of pairs with int positions needs no call (the
  // positions are the same, and each appears once, so the order of writing does not matter).
  if (rows != nullptr && inline_calls && patch.is_frozenset()) {
    std::optional<Value> looked_up = fill_by_lookup(*rows, h, w, color, patch, under, bg);
    if (looked_up.has_value())
      return std::move(*looked_up);
  }
  const std::uint32_t arity = uniform_arity(patch);
  // An empty patch (a batt's safe default for a patch that could not be made, or the empty
  // merge of nothing) writes nothing: toindices gives frozenset() for it.
  const bool empty = (patch.is_frozenset() && py::set_size(patch) == 0) ||
                     (patch.is_tuple() && py::as_tuple(patch).size == 0);
  if (rows != nullptr && inline_calls &&
      ((patch.is_frozenset() && (arity == 2 || arity == 3)) || empty)) {
    RowWriter out(*rows);
    bool ok = true;
    const bool shaped = for_each_position(patch, arity, [&](const py::TupleObject& c) {
      const std::int64_t i = c[0].as_int(), j = c[1].as_int();
      if (!ok || i < 0 || i >= h || j < 0 || j >= w)
        return;
      if (under) {
        const Value* cur = out.get(i, j);
        if (cur == nullptr) {
          ok = false;
          return;
        }
        if (!op_eq_fast(*cur, bg))
          return;
      }
      ok = out.set(i, j, color);
    });
    if (shaped) {
      if (!ok)
        return py::Error{py::Exc::IndexError, "list index out of range"};
      return out.finish();
    }
  }
  PY_TRY(ListGrid g, ListGrid::of(grid));
  PY_TRY(const Value ind, py::call(fn::toindices, {patch}));
  PY_TRY(py::Iter it, py::iter(ind));
  while (const Value* e = it.next()) {
    Value ij[2];
    PY_CHECK(py::unpack(*e, ij, 2));
    PY_TRY(const bool in, inside(ij[0], ij[1], h, w));
    if (!in)
      continue;
    PY_TRY(Value * cell, g.at(ij[0], ij[1]));
    if (under && !py::op_eq(*cell, bg))
      continue;
    *cell = color;
  }
  return g.finish();
}

/// paint and underpaint (`under`: only where the cell equals mostcolor_t(grid)); cells are
/// written in the object's iteration order, later ones over earlier ones.
Value paint_like(const Value& grid, const Value& obj, bool under) {
  PY_TRY(const std::int64_t h, py::len(grid));
  PY_TRY(const Value row0, py::getitem(grid, 0));
  PY_TRY(const std::int64_t w, py::len(row0));
  const py::TupleObject* rows = tuple_rows(grid);
  const bool inline_calls = frames_fit(2); // toindices and mostcolor_t computed here
  Value bg;
  if (under) {
    std::optional<Value> fast;
    if (rows != nullptr && inline_calls)
      fast = mostcolor_of_int_rows(*rows);
    if (fast.has_value()) {
      bg = std::move(*fast);
    } else {
      PY_TRY(Value b, py::call(fn::mostcolor_t, {grid}));
      bg = std::move(b);
    }
  }
  if (rows != nullptr) {
    RowWriter out(*rows);
    bool ok = true;
    const bool shaped = for_each_position(obj, 3, [&](const py::TupleObject& c) {
      const std::int64_t i = c[0].as_int(), j = c[1].as_int();
      if (!ok || i < 0 || i >= h || j < 0 || j >= w)
        return;
      if (under) {
        const Value* cur = out.get(i, j);
        if (cur == nullptr) {
          ok = false;
          return;
        }
        if (!op_eq_fast(*cur, bg))
          return;
      }
      ok = out.set(i, j, c[2]);
    });
    if (shaped) {
      if (!ok)
        return py::Error{py::Exc::IndexError, "list index out of range"};
      return out.finish();
    }
  }
  PY_TRY(ListGrid g, ListGrid::of(grid));
  PY_TRY(py::Iter it, py::iter(obj));
  while (const Value* e = it.next()) {
    Value ijc[3];
    PY_CHECK(py::unpack(*e, ijc, 3));
    PY_TRY(const bool in, inside(ijc[0], ijc[1], h, w));
    if (!in)
      continue;
    PY_TRY(Value * cell, g.at(ijc[0], ijc[1]));
    if (under && !py::op_eq(*cell, bg))
      continue;
    *cell = ijc[2];
  }
  return g.finish();
}

/// The row `r` built as `r = r + tuple(value for _ in range(factor))` for each value of
/// `row`: every value `factor` times. The factor is only looked at when the row has a value.
/// `budget` counts down the items all rows may still take.
Value stretch_row(const Value& row, const Value& factor, std::int64_t& budget) {
  if (row.is_tuple()) {
    const py::TupleObject& r = py::as_tuple(row);
    if (r.size == 0)
      return py::empty_tuple();
    PY_TRY(const std::int64_t n, py::as_index(factor));
    if (n <= 0)
      return py::empty_tuple();
    if (n > budget || (budget -= n * static_cast<std::int64_t>(r.size)) < 0)
      return too_large();
    Value out = py::new_tuple(r.size * static_cast<std::size_t>(n));
    Value* items = py::tuple_items(out);
    for (const Value& v : r)
      for (std::int64_t k = 0; k < n; ++k)
        *items++ = v;
    return out;
  }
  PY_TRY(py::Iter it, py::iter(row));
  std::vector<Value> out;
  while (const Value* v = it.next()) {
    PY_TRY(const std::int64_t n, py::as_index(factor));
    if (n > budget || (budget -= std::max<std::int64_t>(n, 0)) < 0)
      return too_large();
    for (std::int64_t k = 0; k < n; ++k)
      out.push_back(*v);
  }
  return tuple_from(std::move(out));
}

// ---------------------------------------------------------------------------------------------

// rot90(grid: 'Grid') -> 'Grid'
Value rot90_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  if (const py::TupleObject* g = tuple_rows(grid); g != nullptr) {
    // Row k of the result is column k read from the bottom row up, for k below the
    // shortest row's length.
    if (g->size == 0)
      return py::empty_tuple();
    const std::uint32_t m = shortest_row(*g), h = g->size;
    const bool ints = rows_ints_only(*g);
    Value out = py::new_tuple(m);
    Value* rows = py::tuple_items(out);
    for (std::uint32_t k = 0; k < m; ++k) {
      Value row = py::new_tuple(h);
      Value* items = py::tuple_items(row);
      for (std::uint32_t t = 0; t < h; ++t)
        new (&items[t]) Value(py::as_tuple((*g)[h - 1 - t])[k]);
      if (ints)
        py::mark_ints_only(row);
      rows[k] = std::move(row);
    }
    return out;
  }
  PY_TRY(const Value reversed, py::getslice(grid, std::nullopt, std::nullopt, -1));
  PY_TRY(const std::vector<Value> seqs, spread(reversed));
  return zip_star(seqs);
}

// rot180(grid: 'Grid') -> 'Grid'
Value rot180_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  if (const py::TupleObject* g = tuple_rows(grid); g != nullptr) {
    const std::uint32_t h = g->size;
    Value out = py::new_tuple(h);
    Value* rows = py::tuple_items(out);
    for (std::uint32_t t = 0; t < h; ++t) {
      const py::TupleObject& r = py::as_tuple((*g)[h - 1 - t]);
      Value row = py::new_tuple(r.size);
      Value* items = py::tuple_items(row);
      for (std::uint32_t k = 0; k < r.size; ++k)
        new (&items[k]) Value(r[r.size - 1 - k]);
      if (r.ints_only)
        py::mark_ints_only(row);
      rows[t] = std::move(row);
    }
    return out;
  }
  PY_TRY(const Value reversed, py::getslice(grid, std::nullopt, std::nullopt, -1));
  PY_TRY(py::Iter it, py::iter(reversed));
  std::vector<Value> out;
  while (const Value* r = it.next()) {
    PY_TRY(const Value back, py::getslice(*r, std::nullopt, std::nullopt, -1));
    PY_TRY(Value row, py::to_tuple(back));
    out.push_back(std::move(row));
  }
  return tuple_from(std::move(out));
}

// rot270(grid: 'Grid') -> 'Grid'
Value rot270_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  if (const py::TupleObject* g = tuple_rows(grid); g != nullptr) {
    // Row s of the result is column m - 1 - s read from the top row down.
    if (g->size == 0)
      return py::empty_tuple();
    const std::uint32_t m = shortest_row(*g), h = g->size;
    const bool ints = rows_ints_only(*g);
    Value out = py::new_tuple(m);
    Value* rows = py::tuple_items(out);
    for (std::uint32_t s = 0; s < m; ++s) {
      Value row = py::new_tuple(h);
      Value* items = py::tuple_items(row);
      for (std::uint32_t t = 0; t < h; ++t)
        new (&items[t]) Value(py::as_tuple((*g)[t])[m - 1 - s]);
      if (ints)
        py::mark_ints_only(row);
      rows[s] = std::move(row);
    }
    return out;
  }
  PY_TRY(const Value reversed, py::getslice(grid, std::nullopt, std::nullopt, -1));
  PY_TRY(const std::vector<Value> seqs, spread(reversed));
  PY_TRY(const Value zipped, zip_star(seqs));
  std::vector<Value> out;
  for (const Value& r : py::as_tuple(zipped)) {
    PY_TRY(Value back, py::getslice(r, std::nullopt, std::nullopt, -1));
    out.push_back(std::move(back));
  }
  std::reverse(out.begin(), out.end());
  return tuple_from(std::move(out));
}

// hmirror_t(grid: 'Grid') -> 'Grid'
Value hmirror_t_impl(const Value* args, std::size_t) {
  return py::getslice(args[0], std::nullopt, std::nullopt, -1);
}

// hmirror_f(patch: 'Patch') -> 'Patch'
Value hmirror_f_impl(const Value* args, std::size_t) {
  return hv_mirror(args[0], Mirror::H, Form::F);
}

// hmirror_i(indices: 'Indices') -> 'Indices'
Value hmirror_i_impl(const Value* args, std::size_t) {
  return hv_mirror(args[0], Mirror::H, Form::I);
}

// hmirror_o(obj: 'Object') -> 'Object'
Value hmirror_o_impl(const Value* args, std::size_t) {
  return hv_mirror(args[0], Mirror::H, Form::O);
}

// vmirror_t(grid: 'Grid') -> 'Grid'
Value vmirror_t_impl(const Value* args, std::size_t) {
  PY_TRY(py::Iter it, py::iter(args[0]));
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(it.remaining()));
  while (const Value* r = it.next()) {
    PY_TRY(Value back, py::getslice(*r, std::nullopt, std::nullopt, -1));
    out.push_back(std::move(back));
  }
  return tuple_from(std::move(out));
}

// vmirror_f(patch: 'Patch') -> 'Patch'
Value vmirror_f_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  if (patch.is_frozenset() && py::set_size(patch) == 0)
    return patch; // `patch == frozenset()`: the argument itself comes back
  return hv_mirror(patch, Mirror::V, Form::F);
}

// vmirror_i(indices: 'Indices') -> 'Indices'
Value vmirror_i_impl(const Value* args, std::size_t) {
  return hv_mirror(args[0], Mirror::V, Form::I);
}

// vmirror_o(obj: 'Object') -> 'Object'
Value vmirror_o_impl(const Value* args, std::size_t) {
  return hv_mirror(args[0], Mirror::V, Form::O);
}

// dmirror_t(grid: 'Grid') -> 'Grid'
Value dmirror_t_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  if (const py::TupleObject* g = tuple_rows(grid); g != nullptr) {
    if (g->size == 0)
      return py::empty_tuple();
    const std::uint32_t m = shortest_row(*g), h = g->size;
    const bool ints = rows_ints_only(*g);
    Value out = py::new_tuple(m);
    Value* rows = py::tuple_items(out);
    for (std::uint32_t k = 0; k < m; ++k) {
      Value row = py::new_tuple(h);
      Value* items = py::tuple_items(row);
      for (std::uint32_t t = 0; t < h; ++t)
        new (&items[t]) Value(py::as_tuple((*g)[t])[k]);
      if (ints)
        py::mark_ints_only(row);
      rows[k] = std::move(row);
    }
    return out;
  }
  PY_TRY(const std::vector<Value> seqs, spread(grid));
  return zip_star(seqs);
}

// dmirror_f(patch: 'Patch') -> 'Patch'
Value dmirror_f_impl(const Value* args, std::size_t) {
  return d_mirror(args[0], Form::F);
}

// dmirror_i(indices: 'Indices') -> 'Indices'
Value dmirror_i_impl(const Value* args, std::size_t) {
  return d_mirror(args[0], Form::I);
}

// dmirror_o(obj: 'Object') -> 'Object'
Value dmirror_o_impl(const Value* args, std::size_t) {
  return d_mirror(args[0], Form::O);
}

// cmirror_t(grid: 'Grid') -> 'Grid'
Value cmirror_t_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  if (const py::TupleObject* g = tuple_rows(grid); g != nullptr) {
    // Each row reversed at its own length, rows in reverse order, then zipped: row k of the
    // result takes item len - 1 - k of every row, from the last row up.
    if (g->size == 0)
      return py::empty_tuple();
    const std::uint32_t m = shortest_row(*g), h = g->size;
    const bool ints = rows_ints_only(*g);
    Value out = py::new_tuple(m);
    Value* rows = py::tuple_items(out);
    for (std::uint32_t k = 0; k < m; ++k) {
      Value row = py::new_tuple(h);
      Value* items = py::tuple_items(row);
      for (std::uint32_t t = 0; t < h; ++t) {
        const py::TupleObject& r = py::as_tuple((*g)[h - 1 - t]);
        new (&items[t]) Value(r[r.size - 1 - k]);
      }
      if (ints)
        py::mark_ints_only(row);
      rows[k] = std::move(row);
    }
    return out;
  }
  PY_TRY(const Value reversed, py::getslice(grid, std::nullopt, std::nullopt, -1));
  PY_TRY(py::Iter it, py::iter(reversed));
  std::vector<Value> seqs;
  while (const Value* r = it.next()) {
    PY_TRY(Value back, py::getslice(*r, std::nullopt, std::nullopt, -1));
    seqs.push_back(std::move(back));
  }
  return zip_star(seqs);
}

// cmirror_f(patch: 'Patch') -> 'Patch'
Value cmirror_f_impl(const Value* args, std::size_t) {
  return c_mirror(args[0]);
}

// cmirror_i(indices: 'Indices') -> 'Indices'
Value cmirror_i_impl(const Value* args, std::size_t) {
  return c_mirror(args[0]);
}

// cmirror_o(obj: 'Object') -> 'Object'
Value cmirror_o_impl(const Value* args, std::size_t) {
  return c_mirror(args[0]);
}

// fill(grid: 'Grid', color: 'C_', patch: 'Patch') -> 'Grid'
Value fill_impl(const Value* args, std::size_t) {
  return fill_like(args[0], args[1], args[2], false);
}

// paint(grid: 'Grid', obj: 'Object') -> 'Grid'
Value paint_impl(const Value* args, std::size_t) {
  return paint_like(args[0], args[1], false);
}

// underfill(grid: 'Grid', color: 'C_', patch: 'Patch') -> 'Grid'
Value underfill_impl(const Value* args, std::size_t) {
  return fill_like(args[0], args[1], args[2], true);
}

// underpaint(grid: 'Grid', obj: 'Object') -> 'Grid'
Value underpaint_impl(const Value* args, std::size_t) {
  return paint_like(args[0], args[1], true);
}

// hupscale(grid: 'Grid', factor: 'Integer') -> 'Grid'
Value hupscale_impl(const Value* args, std::size_t) {
  PY_TRY(py::Iter rows, py::iter(args[0]));
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(rows.remaining()));
  std::int64_t budget = kMaxItems;
  while (const Value* row = rows.next()) {
    PY_TRY(Value r, stretch_row(*row, args[1], budget));
    out.push_back(std::move(r));
  }
  return tuple_from(std::move(out));
}

// vupscale(grid: 'Grid', factor: 'Integer') -> 'Grid'
Value vupscale_impl(const Value* args, std::size_t) {
  PY_TRY(py::Iter rows, py::iter(args[0]));
  std::vector<Value> out;
  while (const Value* row = rows.next()) {
    PY_TRY(const std::int64_t n, py::as_index(args[1]));
    if (n > kMaxItems || static_cast<std::int64_t>(out.size()) + n > kMaxItems)
      return too_large();
    for (std::int64_t k = 0; k < n; ++k)
      out.push_back(*row);
  }
  return tuple_from(std::move(out));
}

// upscale_t(grid: 'Grid', factor: 'Integer') -> 'Grid'
Value upscale_t_impl(const Value* args, std::size_t) {
  PY_TRY(py::Iter rows, py::iter(args[0]));
  std::vector<Value> out;
  std::int64_t budget = kMaxItems;
  while (const Value* row = rows.next()) {
    PY_TRY(const Value wide, stretch_row(*row, args[1], budget));
    // The row repeats `factor` times even when it is empty.
    PY_TRY(const std::int64_t n, py::as_index(args[1]));
    if (n > budget || (budget -= std::max<std::int64_t>(n, 0)) < 0)
      return too_large();
    for (std::int64_t k = 0; k < n; ++k)
      out.push_back(wide);
  }
  return tuple_from(std::move(out));
}

// upscale_f(obj: 'Object', factor: 'Integer') -> 'Object'
Value upscale_f_impl(const Value* args, std::size_t) {
  const Value& obj = args[0];
  const Value& factor = args[1];
  PY_TRY(const std::int64_t n, py::len(obj));
  if (n == 0)
    return py::empty_frozenset();
  PY_TRY(const Value ul, py::call(fn::ulcorner, {obj}));
  Value inv[2];
  PY_CHECK(py::unpack(ul, inv, 2));
  PY_TRY(Value di, py::neg(inv[0]));
  PY_TRY(Value dj, py::neg(inv[1]));
  PY_TRY(const Value normed, py::call(fn::shift, {obj, tuple2(std::move(di), std::move(dj))}));
  PY_TRY(py::Iter it, py::iter(normed));
  py::SetTable o;
  while (const Value* e = it.next()) {
    Value ijc[3];
    PY_CHECK(py::unpack(*e, ijc, 3));
    // itertools.product(range(factor), range(factor)), fresh for every cell.
    PY_TRY(const std::int64_t f, py::as_index(factor));
    if (f <= 0)
      continue;
    if (f > 8192)
      return too_large();
    PY_TRY(const Value bi, py::mul(ijc[0], factor));
    PY_TRY(const Value bj, py::mul(ijc[1], factor));
    if (small_coord(bi) && small_coord(bj)) {
      for (std::int64_t io = 0; io < f; ++io)
        for (std::int64_t jo = 0; jo < f; ++jo)
          o.add(tuple3(Value::integer(bi.as_int() + io), Value::integer(bj.as_int() + jo), ijc[2]));
      continue;
    }
    for (std::int64_t io = 0; io < f; ++io)
      for (std::int64_t jo = 0; jo < f; ++jo) {
        PY_TRY(Value i, py::add(bi, Value::integer(io)));
        PY_TRY(Value j, py::add(bj, Value::integer(jo)));
        o.add(tuple3(std::move(i), std::move(j), ijc[2]));
      }
  }
  return py::call(fn::shift, {py::frozenset_of_set(o), tuple2(inv[0], inv[1])});
}

} // namespace

namespace fn {
constinit const py::Builtin rot90{"rot90",     py::Dialect::Tokpidjin,     1, 1,
                                  &rot90_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin rot180{"rot180", py::Dialect::Tokpidjin, 1,
                                   1,        &rot180_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin rot270{"rot270", py::Dialect::Tokpidjin, 1,
                                   1,        &rot270_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin hmirror_t{"hmirror_t",     py::Dialect::Tokpidjin,     1, 1,
                                      &hmirror_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin hmirror_f{"hmirror_f",          py::Dialect::Tokpidjin,          1, 1,
                                      &hmirror_f_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/15};
constinit const py::Builtin hmirror_i{"hmirror_i",          py::Dialect::Tokpidjin,          1, 1,
                                      &hmirror_i_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin hmirror_o{"hmirror_o",          py::Dialect::Tokpidjin,          1, 1,
                                      &hmirror_o_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin vmirror_t{"vmirror_t",     py::Dialect::Tokpidjin,     1, 1,
                                      &vmirror_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin vmirror_f{"vmirror_f",          py::Dialect::Tokpidjin,          1, 1,
                                      &vmirror_f_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/15};
constinit const py::Builtin vmirror_i{"vmirror_i",          py::Dialect::Tokpidjin,          1, 1,
                                      &vmirror_i_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin vmirror_o{"vmirror_o",          py::Dialect::Tokpidjin,          1, 1,
                                      &vmirror_o_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin dmirror_t{"dmirror_t",     py::Dialect::Tokpidjin,     1, 1,
                                      &dmirror_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin dmirror_f{"dmirror_f",          py::Dialect::Tokpidjin,          1, 1,
                                      &dmirror_f_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/15};
constinit const py::Builtin dmirror_i{"dmirror_i",          py::Dialect::Tokpidjin,          1, 1,
                                      &dmirror_i_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin dmirror_o{"dmirror_o",          py::Dialect::Tokpidjin,          1, 1,
                                      &dmirror_o_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin cmirror_t{"cmirror_t",     py::Dialect::Tokpidjin,     1, 1,
                                      &cmirror_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin cmirror_f{"cmirror_f",          py::Dialect::Tokpidjin,          1, 1,
                                      &cmirror_f_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/15};
constinit const py::Builtin cmirror_i{"cmirror_i",          py::Dialect::Tokpidjin,          1, 1,
                                      &cmirror_i_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin cmirror_o{"cmirror_o",          py::Dialect::Tokpidjin,          1, 1,
                                      &cmirror_o_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin fill{"fill",     py::Dialect::Tokpidjin,     3, 3,
                                 &fill_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin paint{"paint",     py::Dialect::Tokpidjin,     2, 2,
                                  &paint_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin underfill{"underfill",     py::Dialect::Tokpidjin,     3, 3,
                                      &underfill_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin underpaint{"underpaint",     py::Dialect::Tokpidjin,     2, 2,
                                       &underpaint_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin hupscale{"hupscale",     py::Dialect::Tokpidjin,     2, 2,
                                     &hupscale_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin vupscale{"vupscale",     py::Dialect::Tokpidjin,     2, 2,
                                     &vupscale_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin upscale_t{"upscale_t",     py::Dialect::Tokpidjin,     2, 2,
                                      &upscale_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin upscale_f{"upscale_f",          py::Dialect::Tokpidjin,          2, 2,
                                      &upscale_f_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::rot90,     &fn::rot180,    &fn::rot270,    &fn::hmirror_t, &fn::hmirror_f,  &fn::hmirror_i,
    &fn::hmirror_o, &fn::vmirror_t, &fn::vmirror_f, &fn::vmirror_i, &fn::vmirror_o,  &fn::dmirror_t,
    &fn::dmirror_f, &fn::dmirror_i, &fn::dmirror_o, &fn::cmirror_t, &fn::cmirror_f,  &fn::cmirror_i,
    &fn::cmirror_o, &fn::fill,      &fn::paint,     &fn::underfill, &fn::underpaint, &fn::hupscale,
    &fn::vupscale,  &fn::upscale_t, &fn::upscale_f,
};
} // namespace

std::span<const py::Builtin* const> transforms_family() {
  return kFamily;
}

} // namespace battgpu::dialects::tokpidjin
