// tokpidjin dialect: the "grids" functions.
#include "grids.hpp"
#include "grid_helpers.hpp"
#include "value_building.hpp"

#include "measures.hpp"
#include "objects.hpp"
#include "patches.hpp"
#include "transforms.hpp"

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
// Local helpers. The fast paths below compute, for the argument shapes real programs pass
// (grids of ints, frozensets of int cells), exactly what the Python source computes through
// the wrapped DSL calls; anything else goes through those calls.

/// Past this many items Python would run out of memory (or time) rather than return.
constexpr std::int64_t kMaxItems = std::int64_t{1} << 25;

/// The same for sets, whose elements cost more.
constexpr std::int64_t kMaxSetItems = std::int64_t{1} << 23;

Value too_large() {
  return py::Error{py::Exc::MemoryError, "result too large"};
}

/// `hi - lo` for a range(lo, hi): 0 when empty, saturated where it would overflow.
std::int64_t span(std::int64_t lo, std::int64_t hi) {
  std::int64_t n;
  if (hi <= lo)
    return 0;
  return __builtin_sub_overflow(hi, lo, &n) ? INT64_MAX : n;
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

bool is_empty_tuple(const Value& v) {
  return v.is_tuple() && py::as_tuple(v).size == 0;
}
bool is_empty_frozenset(const Value& v) {
  return v.is_frozenset() && py::set_size(v) == 0;
}

/// `patch in [frozenset(), ()]`: the list compares with `==`, which only an empty frozenset
/// or the empty tuple satisfy.
bool in_empty_literals(const Value& v) {
  return is_empty_frozenset(v) || is_empty_tuple(v);
}

/// The `==` operator, without leaving this file for two ints.
bool op_eq_fast(const Value& a, const Value& b) {
  if (a.kind() == Kind::Int && b.kind() == Kind::Int)
    return a.as_int() == b.as_int();
  return py::op_eq(a, b);
}

/// The elements of a non-empty tuple, or null.
const py::TupleObject* nonempty_tuple(const Value& v) {
  return v.is_tuple() && py::as_tuple(v).size != 0 ? &py::as_tuple(v) : nullptr;
}

/// True when every item of `t` is a tuple.
bool rows_are_tuples(const py::TupleObject& t) {
  for (const Value& r : t)
    if (!r.is_tuple())
      return false;
  return true;
}

/// True when `grid` is a tuple of tuples of ints (not bools).
bool is_int_grid(const Value& grid) {
  if (!grid.is_tuple())
    return false;
  for (const Value& r : py::as_tuple(grid)) {
    if (!r.is_tuple())
      return false;
    for (const Value& v : py::as_tuple(r))
      if (v.kind() != Kind::Int)
        return false;
  }
  return true;
}

/// Calls `f(const py::TupleObject&)` for every element of a frozenset that scan_patch accepted.
template <class F> void for_each_cell(const Value& patch, F&& f) {
  py::as_set_table(patch).for_each([&](const Value& e) { f(py::as_tuple(e)); });
}

/// What the wrapped `crop(grid, (s0, s1), (d0, d1))` returns for int start and dimensions:
/// the sub-grid, or () where crop refuses or fails.
Value crop_local(const Value& grid, std::int64_t s0, std::int64_t s1, std::int64_t d0,
                 std::int64_t d1) {
  if (is_empty_tuple(grid))
    return py::empty_tuple();
  py::Result<std::int64_t> h = py::len(grid);
  if (!h.ok())
    return py::empty_tuple();
  Value row0 = py::getitem(grid, 0);
  if (!row0.ok())
    return py::empty_tuple();
  py::Result<std::int64_t> w = py::len(row0);
  if (!w.ok())
    return py::empty_tuple();
  if (!(s0 >= 0 && s0 < *h && s1 >= 0 && s1 < *w && s0 + d0 <= *h && s1 + d1 <= *w))
    return py::empty_tuple();
  Value rows = py::getslice(grid, s0, s0 + d0);
  if (!rows.ok())
    return py::empty_tuple();
  py::Result<py::Iter> it = py::iter(rows);
  if (!it.ok())
    return py::empty_tuple();
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>((*it).remaining()));
  while (const Value* r = (*it).next()) {
    Value piece = py::getslice(*r, s1, s1 + d1);
    if (!piece.ok())
      return py::empty_tuple();
    out.push_back(std::move(piece));
  }
  return tuple_from(std::move(out));
}

/// `crop(grid, (s0, s1), (d0, d1))`, the wrapped call: computed here when its frames fit.
Value crop_call(const Value& grid, std::int64_t s0, std::int64_t s1, std::int64_t d0,
                std::int64_t d1) {
  if (frames_fit(2))
    return crop_local(grid, s0, s1, d0, d1);
  return py::call(fn::crop, {grid, int_pair(s0, s1), int_pair(d0, d1)});
}

/// mostcolor_t of a grid of int rows.
Value mostcolor_of_int_grid(const Value& grid) {
  ColourCounts counts;
  for (const Value& r : py::as_tuple(grid))
    for (const Value& v : py::as_tuple(r))
      counts.add(v.as_int());
  return counts.most_common();
}

/// `frozenset({...})` of an outline: the two vertical sides (rows si..ei at columns sj and
/// ej), the two horizontal ones, merged as `frozenset(vlines | hlines)` merges them.
Value outline(const Value& si, const Value& sj, const Value& ei, const Value& ej) {
  PY_TRY(const Value ei1, py::add(ei, Value::integer(1)));
  PY_TRY(const std::int64_t i0, py::as_index(si));
  PY_TRY(const std::int64_t i1, py::as_index(ei1));
  PY_TRY(const Value ej1, py::add(ej, Value::integer(1)));
  PY_TRY(const std::int64_t j0, py::as_index(sj));
  PY_TRY(const std::int64_t j1, py::as_index(ej1));
  if (span(i0, i1) > kMaxSetItems || span(j0, j1) > kMaxSetItems)
    return too_large();
  py::SetTable left, right, top, bottom;
  for (std::int64_t i = i0; i < i1; ++i)
    left.add(tuple2(Value::integer(i), sj));
  for (std::int64_t i = i0; i < i1; ++i)
    right.add(tuple2(Value::integer(i), ej));
  py::SetTable vlines = py::SetTable::union_of(left, right);
  for (std::int64_t j = j0; j < j1; ++j)
    top.add(tuple2(si, Value::integer(j)));
  for (std::int64_t j = j0; j < j1; ++j)
    bottom.add(tuple2(ei, Value::integer(j)));
  py::SetTable hlines = py::SetTable::union_of(top, bottom);
  return py::make_frozenset(py::SetTable::copy_of(py::SetTable::union_of(vlines, hlines)));
}

/// `len(set(r)) == 1` for an iterable row.
py::Result<bool> single_valued(const Value& r) {
  if (r.is_tuple()) {
    const py::TupleObject& t = py::as_tuple(r);
    if (t.size == 0)
      return false;
    bool all_int = true;
    for (const Value& v : t)
      all_int = all_int && v.kind() == Kind::Int;
    if (all_int) {
      for (const Value& v : t)
        if (v.as_int() != t[0].as_int())
          return false;
      return true;
    }
  }
  PY_TRY(const py::SetTable s, py::to_set(r));
  return s.size() == 1;
}

// ---------------------------------------------------------------------------------------------

// downscale(grid: 'Grid', factor: 'Integer') -> 'Grid'
Value downscale_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  const Value& factor = args[1];
  PY_TRY(const std::int64_t h, py::len(grid));
  PY_TRY(const Value row0, py::getitem(grid, 0));
  PY_TRY(const std::int64_t w, py::len(row0));
  // `k % factor` fails for every k or for none, and with h >= 1 one of the loops evaluates it
  // at least once: try it on 0 first, then only the outcome of each test is left.
  PY_CHECK(py::mod(Value::integer(0), factor));
  const std::int64_t n = std::max(h, w);
  std::vector<char> keep(static_cast<std::size_t>(n));
  for (std::int64_t k = 0; k < n; ++k) {
    if (factor.is_int_like()) {
      keep[static_cast<std::size_t>(k)] = k % factor.as_int() == 0;
    } else {
      PY_TRY(const Value m, py::mod(Value::integer(k), factor));
      keep[static_cast<std::size_t>(k)] = py::op_eq(m, Value::integer(0));
    }
  }
  // Every row is read (a short row fails even where it is dropped); kept rows are built.
  std::vector<Value> out;
  for (std::int64_t i = 0; i < h; ++i) {
    PY_TRY(const Value row, py::getitem(grid, i));
    const bool keep_row = keep[static_cast<std::size_t>(i)] != 0;
    std::vector<Value> r;
    for (std::int64_t j = 0; j < w; ++j) {
      if (!keep[static_cast<std::size_t>(j)])
        continue;
      if (row.is_tuple() && j < static_cast<std::int64_t>(py::as_tuple(row).size)) {
        if (keep_row)
          r.push_back(py::as_tuple(row)[static_cast<std::size_t>(j)]);
        continue;
      }
      PY_TRY(Value v, py::getitem(row, j));
      if (keep_row)
        r.push_back(std::move(v));
    }
    if (keep_row)
      out.push_back(tuple_from(std::move(r)));
  }
  return tuple_from(std::move(out));
}

// hconcat(a: 'Grid', b: 'Grid') -> 'Grid'
Value hconcat_impl(const Value* args, std::size_t) {
  // tuple(i + j for i, j in zip(a, b)): zip stops with the shorter.
  PY_TRY(py::Iter ia, py::iter(args[0]));
  PY_TRY(py::Iter ib, py::iter(args[1]));
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(std::min(ia.remaining(), ib.remaining())));
  for (;;) {
    const Value* x = ia.next();
    if (x == nullptr)
      break;
    const Value* y = ib.next();
    if (y == nullptr)
      break;
    PY_TRY(Value row, py::add(*x, *y));
    out.push_back(std::move(row));
  }
  return tuple_from(std::move(out));
}

// vconcat(a: 'Grid', b: 'Grid') -> 'Grid'
Value vconcat_impl(const Value* args, std::size_t) {
  return py::add(args[0], args[1]);
}

// subgrid(patch: 'Patch', grid: 'Grid') -> 'Grid'
Value subgrid_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  const Value& grid = args[1];
  if (in_empty_literals(patch))
    return py::empty_tuple();
  PatchScan s;
  if (scan_patch(patch, s) && frames_fit(8))
    return crop_local(grid, s.min_i, s.min_j, s.max_i - s.min_i + 1, s.max_j - s.min_j + 1);
  PY_TRY(const Value start, py::call(fn::ulcorner, {patch}));
  PY_TRY(const Value dims, py::call(fn::shape_f, {patch}));
  return py::call(fn::crop, {grid, start, dims});
}

// hsplit(grid: 'Grid', n: 'Integer') -> 'Tuple'
Value hsplit_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  const Value& n = args[1];
  PY_TRY(const std::int64_t h, py::len(grid));
  PY_TRY(const Value row0, py::getitem(grid, 0));
  PY_TRY(const std::int64_t len0, py::len(row0));
  PY_TRY(const Value wv, py::floordiv(Value::integer(len0), n));
  PY_TRY(const Value rem, py::mod(Value::integer(len0), n));
  const std::int64_t offset = py::op_ne(rem, Value::integer(0)) ? 1 : 0;
  PY_TRY(const std::int64_t count, py::as_index(n));
  if (count > kMaxSetItems)
    return too_large();
  // range(n) accepted n, so n is an int and so is w.
  const std::int64_t w = wv.as_int();
  std::vector<Value> out;
  for (std::int64_t i = 0; i < count; ++i) {
    PY_TRY(Value piece, crop_call(grid, 0, w * i + i * offset, h, w));
    out.push_back(std::move(piece));
  }
  return tuple_from(std::move(out));
}

// vsplit(grid: 'Grid', n: 'Integer') -> 'Tuple'
Value vsplit_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  const Value& n = args[1];
  PY_TRY(const std::int64_t len_grid, py::len(grid));
  PY_TRY(const Value hv, py::floordiv(Value::integer(len_grid), n));
  PY_TRY(const Value row0, py::getitem(grid, 0));
  PY_TRY(const std::int64_t w, py::len(row0));
  PY_TRY(const Value rem, py::mod(Value::integer(len_grid), n));
  const std::int64_t offset = py::op_ne(rem, Value::integer(0)) ? 1 : 0;
  PY_TRY(const std::int64_t count, py::as_index(n));
  if (count > kMaxSetItems)
    return too_large();
  const std::int64_t h = hv.as_int();
  std::vector<Value> out;
  for (std::int64_t i = 0; i < count; ++i) {
    PY_TRY(Value piece, crop_call(grid, h * i + i * offset, 0, h, w));
    out.push_back(std::move(piece));
  }
  return tuple_from(std::move(out));
}

/// What the wrapped `index(grid, (i, j))` returns for ints 0 <= i, j: the cell, -inf outside
/// the grid's first-row extent, 0 (the wrapper's default) where index itself fails.
class IndexProbe {
public:
  explicit IndexProbe(const Value& grid) : grid_(grid) {
    py::Result<std::int64_t> h = py::len(grid);
    if (!h.ok())
      return;
    Value row0 = py::getitem(grid, 0);
    if (!row0.ok())
      return;
    py::Result<std::int64_t> w = py::len(row0);
    if (!w.ok())
      return;
    h_ = *h;
    w_ = *w;
    ok_ = true;
  }

  /// False when `index` fails on every cell (the grid is not a grid): at() is then always 0.
  bool ok() const { return ok_; }

  Value at(std::int64_t i, std::int64_t j) const {
    if (!ok_)
      return Value::integer(0);
    if (i >= h_ || j >= w_)
      return Value::floating(-INFINITY);
    if (grid_.is_tuple()) {
      const Value& row = py::as_tuple(grid_)[static_cast<std::size_t>(i)];
      if (row.is_tuple()) {
        const py::TupleObject& r = py::as_tuple(row);
        return j < static_cast<std::int64_t>(r.size) ? r[static_cast<std::size_t>(j)]
                                                     : Value::integer(0);
      }
    }
    Value row = py::getitem(grid_, i);
    if (!row.ok())
      return Value::integer(0);
    Value cell = py::getitem(row, j);
    return cell.ok() ? cell : Value::integer(0);
  }

private:
  const Value& grid_;
  bool ok_ = false;
  std::int64_t h_ = 0, w_ = 0;
};

/// Whether `grid` is a tuple whose rows are all tuples of at least `w` items.
bool tuple_rows_of_width(const Value& grid, std::int64_t w) {
  if (!grid.is_tuple())
    return false;
  for (const Value& row : py::as_tuple(grid))
    if (!row.is_tuple() || static_cast<std::int64_t>(py::as_tuple(row).size) < w)
      return false;
  return true;
}

// cellwise(a: 'Grid', b: 'Grid', fallback: 'Integer') -> 'Grid'
Value cellwise_impl(const Value* args, std::size_t) {
  const Value& a = args[0];
  const Value& fallback = args[2];
  PY_TRY(const std::int64_t h, py::len(a));
  PY_TRY(const Value row0, py::getitem(a, 0));
  PY_TRY(const std::int64_t w, py::len(row0));
  const Value& bgrid = args[1];
  const IndexProbe b(bgrid);
  const bool probe = frames_fit(2); // else index(b, (i, j)) is called
  if (h * w > kMaxItems)
    return too_large();
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(h));
  if (probe && !b.ok() && tuple_rows_of_width(a, w)) {
    // b is no grid (C is None in a batt's plain calls): every cell is compared with index's
    // default, 0. A row of int zeros stays one, and a row with no zero becomes the fallback
    // repeated: both are shared rows where the fallback is a small int.
    const Value zero = Value::integer(0);
    const bool small_fallback = fallback.is(Kind::Int);
    for (const Value& arow : py::as_tuple(a)) {
      const py::TupleObject& r = py::as_tuple(arow);
      if (small_fallback) {
        // A row of ints (nearly every one): its zeros counted in one pass without branches.
        const Value* cells = r.items();
        bool all_int = true;
        std::int64_t zeros = 0;
        if (r.ints_only) {
          for (std::int64_t j = 0; j < w; ++j)
            zeros += cells[j].as_int() == 0;
        } else {
          for (std::int64_t j = 0; j < w; ++j) {
            const bool is_int = cells[j].is(Kind::Int);
            all_int &= is_int;
            zeros += is_int & (cells[j].as_int() == 0);
          }
        }
        if (all_int) {
          Value shared = zeros == w   ? py::uniform_int_row(0, w)
                         : zeros == 0 ? py::uniform_int_row(fallback.as_int(), w)
                                      : Value();
          if (!shared.is_bound()) {
            shared = py::new_tuple(static_cast<std::size_t>(w));
            Value* items = py::tuple_items(shared);
            const std::int64_t fb = fallback.as_int();
            for (std::int64_t j = 0; j < w; ++j)
              new (&items[j]) Value(Value::integer(cells[j].as_int() == 0 ? 0 : fb));
            py::mark_ints_only(shared);
          }
          out.push_back(std::move(shared));
          continue;
        }
      }
      Value row = py::new_tuple(static_cast<std::size_t>(w));
      Value* items = py::tuple_items(row);
      for (std::int64_t j = 0; j < w; ++j) {
        const Value& av = r[static_cast<std::size_t>(j)];
        items[j] = op_eq_fast(av, zero) ? av : fallback;
      }
      out.push_back(std::move(row));
    }
    return tuple_from(std::move(out));
  }
  for (std::int64_t i = 0; i < h; ++i) {
    PY_TRY(const Value arow, py::getitem(a, i));
    Value row = py::new_tuple(static_cast<std::size_t>(w));
    Value* items = py::tuple_items(row);
    const py::TupleObject* fast = arow.is_tuple() ? &py::as_tuple(arow) : nullptr;
    for (std::int64_t j = 0; j < w; ++j) {
      Value av;
      if (fast != nullptr && j < static_cast<std::int64_t>(fast->size)) {
        av = (*fast)[static_cast<std::size_t>(j)];
      } else {
        PY_TRY(Value v, py::getitem(arow, j));
        av = std::move(v);
      }
      Value bv;
      if (probe) {
        bv = b.at(i, j);
      } else {
        PY_TRY(Value v, py::call(fn::index, {bgrid, int_pair(i, j)}));
        bv = std::move(v);
      }
      items[j] = op_eq_fast(av, bv) ? std::move(av) : fallback;
    }
    out.push_back(std::move(row));
  }
  return tuple_from(std::move(out));
}

// replace(grid: 'Grid', replacee: 'C_', replacer: 'C_') -> 'Grid'
Value replace_impl(const Value* args, std::size_t) {
  const Value& replacee = args[1];
  const Value& replacer = args[2];
  PY_TRY(py::Iter rows, py::iter(args[0]));
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(rows.remaining()));
  while (const Value* r = rows.next()) {
    if (r->is_tuple()) {
      // A row without the colour comes back equal, so the row itself serves.
      const py::TupleObject& t = py::as_tuple(*r);
      std::uint32_t first = 0;
      while (first < t.size && !op_eq_fast(t[first], replacee))
        ++first;
      if (first == t.size) {
        out.push_back(*r);
        continue;
      }
      Value row = py::new_tuple(t.size);
      Value* items = py::tuple_items(row);
      py::copy_into_unbound(items, t.items(), first);
      new (&items[first]) Value(replacer);
      for (std::uint32_t j = first + 1; j < t.size; ++j)
        new (&items[j]) Value(op_eq_fast(t[j], replacee) ? replacer : t[j]);
      if (t.ints_only && replacer.is(Kind::Int))
        py::mark_ints_only(row);
      out.push_back(std::move(row));
      continue;
    }
    PY_TRY(py::Iter it, py::iter(*r));
    std::vector<Value> row;
    while (const Value* v = it.next())
      row.push_back(op_eq_fast(*v, replacee) ? replacer : *v);
    out.push_back(tuple_from(std::move(row)));
  }
  return tuple_from(std::move(out));
}

// switch(grid: 'Grid', a: 'C_', b: 'C_') -> 'Grid'
Value switch_impl(const Value* args, std::size_t) {
  const Value& a = args[1];
  const Value& b = args[2];
  // `v not in [a, b]`, then `{a: b, b: a}[v]`: when a == b the dict holds the one key a,
  // mapped to a.
  const bool same = py::eq(a, b);
  auto swapped = [&](const Value& v) -> Value {
    const bool is_a = py::eq(a, v);
    if (!is_a && !py::eq(b, v))
      return v;
    if (same)
      return is_a ? a : Value(py::Error{py::Exc::KeyError, "switch"});
    return is_a ? b : a;
  };
  PY_TRY(py::Iter rows, py::iter(args[0]));
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(rows.remaining()));
  while (const Value* r = rows.next()) {
    PY_TRY(py::Iter it, py::iter(*r));
    Value row = py::new_tuple(static_cast<std::size_t>(it.remaining()));
    Value* items = py::tuple_items(row);
    std::size_t k = 0;
    while (const Value* v = it.next()) {
      if (a.kind() == Kind::Int && b.kind() == Kind::Int && v->kind() == Kind::Int) {
        // Ints: v itself, or the other colour (a when a == b).
        const std::int64_t x = v->as_int();
        items[k++] = x == a.as_int() ? b : (x == b.as_int() ? a : *v);
        continue;
      }
      PY_TRY(Value s, swapped(*v));
      items[k++] = std::move(s);
    }
    out.push_back(std::move(row));
  }
  return tuple_from(std::move(out));
}

// center(patch: 'Patch') -> 'IJ'
Value center_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  PatchScan s;
  if (scan_patch(patch, s) && frames_fit(6))
    return int_pair(s.min_i + (s.max_i - s.min_i + 1) / 2, s.min_j + (s.max_j - s.min_j + 1) / 2);
  PY_TRY(const Value top, py::call(fn::uppermost, {patch}));
  if (same_object(top, py::math_nan()))
    return py::empty_tuple();
  PY_TRY(const Value left, py::call(fn::leftmost, {patch}));
  if (same_object(left, py::math_nan()))
    return py::empty_tuple();
  PY_TRY(const Value height, py::call(fn::height_f, {patch}));
  PY_TRY(const Value half_h, py::floordiv(height, Value::integer(2)));
  PY_TRY(Value ci, py::add(top, half_h));
  PY_TRY(const Value width, py::call(fn::width_f, {patch}));
  PY_TRY(const Value half_w, py::floordiv(width, Value::integer(2)));
  PY_TRY(Value cj, py::add(left, half_w));
  return tuple2(std::move(ci), std::move(cj));
}

// position(a: 'Patch', b: 'Patch') -> 'IJ'
Value position_impl(const Value* args, std::size_t) {
  Value ca[2], cb[2];
  for (int k = 0; k < 2; ++k) {
    Value* c = k == 0 ? ca : cb;
    PatchScan s;
    if (scan_patch(args[k], s) && frames_fit(8)) {
      // toindices keeps the extents of such a patch, so center sees the same rows and columns.
      c[0] = Value::integer(s.min_i + (s.max_i - s.min_i + 1) / 2);
      c[1] = Value::integer(s.min_j + (s.max_j - s.min_j + 1) / 2);
      continue;
    }
    PY_TRY(const Value ind, py::call(fn::toindices, {args[k]}));
    PY_TRY(const Value centre, py::call(fn::center, {ind}));
    PY_CHECK(py::unpack(centre, c, 2));
  }
  const Value& ia = ca[0];
  const Value& ja = ca[1];
  const Value& ib = cb[0];
  const Value& jb = cb[1];
  if (py::op_eq(ia, ib)) {
    PY_TRY(const bool right, py::lt(ja, jb));
    return int_pair(0, right ? 1 : -1);
  }
  if (py::op_eq(ja, jb)) {
    PY_TRY(const bool down, py::lt(ia, ib));
    return int_pair(down ? 1 : -1, 0);
  }
  PY_TRY(const bool above, py::lt(ia, ib));
  if (above) {
    PY_TRY(const bool right, py::lt(ja, jb));
    return int_pair(1, right ? 1 : -1);
  }
  PY_TRY(const bool below, py::gt(ia, ib));
  if (below) {
    PY_TRY(const bool right, py::lt(ja, jb));
    return int_pair(-1, right ? 1 : -1);
  }
  return Value::none(); // no branch taken (incomparable floats): the function falls off its end
}

// index(grid: 'Grid', loc: 'IJ') -> 'Integer'
Value index_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  const Value& loc = args[1];
  const Value outside = Value::floating(-INFINITY);
  if (is_empty_tuple(loc))
    return outside;
  Value ij[2];
  PY_CHECK(py::unpack(loc, ij, 2));
  PY_TRY(const std::int64_t h, py::len(grid));
  PY_TRY(const Value row0, py::getitem(grid, 0));
  PY_TRY(const std::int64_t w, py::len(row0));
  if (ij[0].is_int_like() && ij[1].is_int_like()) {
    const std::int64_t i = ij[0].as_int(), j = ij[1].as_int();
    if (i < 0 || i >= h || j < 0 || j >= w)
      return outside;
  } else {
    // `not 0 <= i < h or not 0 <= j < w`, with Python's comparisons (and their TypeErrors).
    const Value zero = Value::integer(0);
    for (int k = 0; k < 2; ++k) {
      PY_TRY(const bool lo, py::le(zero, ij[k]));
      if (!lo)
        return outside;
      PY_TRY(const bool hi, py::lt(ij[k], Value::integer(k == 0 ? h : w)));
      if (!hi)
        return outside;
    }
  }
  PY_TRY(const Value l0, py::getitem(loc, 0));
  PY_TRY(const Value row, py::getitem(grid, l0));
  PY_TRY(const Value l1, py::getitem(loc, 1));
  return py::getitem(row, l1);
}

// canvas(color: 'C_', dimensions: 'IJ') -> 'Grid'
Value canvas_impl(const Value* args, std::size_t) {
  const Value& color = args[0];
  const Value& dims = args[1];
  PY_TRY(const Value d0, py::getitem(dims, 0));
  PY_TRY(const std::int64_t h, py::as_index(d0));
  if (h <= 0)
    return py::empty_tuple(); // the row size is never looked at
  PY_TRY(const Value d1, py::getitem(dims, 1));
  PY_TRY(const std::int64_t w, py::as_index(d1));
  if (h > kMaxItems || (w > 0 && w > kMaxItems / h))
    return too_large();
  Value row = py::new_tuple(static_cast<std::size_t>(std::max<std::int64_t>(w, 0)));
  Value* items = py::tuple_items(row);
  for (std::int64_t j = 0; j < w; ++j)
    items[j] = color;
  // Rows are equal and immutable: one tuple serves them all.
  Value grid = py::new_tuple(static_cast<std::size_t>(h));
  Value* rows = py::tuple_items(grid);
  for (std::int64_t i = 0; i < h; ++i)
    rows[i] = row;
  return grid;
}

// corners(patch: 'Patch') -> 'Indices'
Value corners_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  Value c[4];
  PatchScan s;
  if (scan_patch(patch, s) && frames_fit(4)) {
    c[0] = int_pair(s.min_i, s.min_j);
    c[1] = int_pair(s.min_i, s.max_j);
    c[2] = int_pair(s.max_i, s.min_j);
    c[3] = int_pair(s.max_i, s.max_j);
  } else {
    const py::Builtin* fns[4] = {&fn::ulcorner, &fn::urcorner, &fn::llcorner, &fn::lrcorner};
    for (int k = 0; k < 4; ++k) {
      PY_TRY(Value v, py::call(*fns[k], {patch}));
      c[k] = std::move(v);
    }
  }
  // A set display adds its items left to right; frozenset() of that set merges it.
  py::SetTable set;
  for (Value& v : c)
    set.add(std::move(v));
  return py::frozenset_of_set(set);
}

// connect(a: 'IJ', b: 'IJ') -> 'Indices'
Value connect_impl(const Value* args, std::size_t) {
  const Value& a = args[0];
  const Value& b = args[1];
  if (is_empty_tuple(a) || is_empty_tuple(b))
    return py::empty_frozenset();
  Value av[2], bv[2];
  PY_CHECK(py::unpack(a, av, 2));
  PY_CHECK(py::unpack(b, bv, 2));
  const Value& ai = av[0];
  const Value& aj = av[1];
  const Value& bi = bv[0];
  const Value& bj = bv[1];
  const Value one = Value::integer(1);
  PY_TRY(const Value si, py::min2(ai, bi));
  PY_TRY(const Value mi, py::max2(ai, bi));
  PY_TRY(const Value ei, py::add(mi, one));
  PY_TRY(const Value sj, py::min2(aj, bj));
  PY_TRY(const Value mj, py::max2(aj, bj));
  PY_TRY(const Value ej, py::add(mj, one));
  py::SetTable set;
  if (py::op_eq(ai, bi)) {
    PY_TRY(const std::int64_t lo, py::as_index(sj));
    PY_TRY(const std::int64_t hi, py::as_index(ej));
    if (span(lo, hi) > kMaxSetItems)
      return too_large();
    for (std::int64_t j = lo; j < hi; ++j)
      set.add(tuple2(ai, Value::integer(j)));
    return py::make_frozenset(std::move(set));
  }
  if (py::op_eq(aj, bj)) {
    PY_TRY(const std::int64_t lo, py::as_index(si));
    PY_TRY(const std::int64_t hi, py::as_index(ei));
    if (span(lo, hi) > kMaxSetItems)
      return too_large();
    for (std::int64_t i = lo; i < hi; ++i)
      set.add(tuple2(Value::integer(i), aj));
    return py::make_frozenset(std::move(set));
  }
  PY_TRY(const Value di, py::sub(bi, ai));
  PY_TRY(const Value dj, py::sub(bj, aj));
  if (py::op_eq(di, dj)) {
    PY_TRY(const std::int64_t i0, py::as_index(si));
    PY_TRY(const std::int64_t i1, py::as_index(ei));
    PY_TRY(const std::int64_t j0, py::as_index(sj));
    PY_TRY(const std::int64_t j1, py::as_index(ej));
    const std::int64_t n = std::min(span(i0, i1), span(j0, j1));
    if (n > kMaxSetItems)
      return too_large();
    for (std::int64_t k = 0; k < n; ++k)
      set.add(int_pair(i0 + k, j0 + k));
    return py::make_frozenset(std::move(set));
  }
  PY_TRY(const Value di2, py::sub(bi, ai));
  PY_TRY(const Value dj2, py::sub(aj, bj));
  if (py::op_eq(di2, dj2)) {
    PY_TRY(const std::int64_t i0, py::as_index(si));
    PY_TRY(const std::int64_t i1, py::as_index(ei));
    PY_TRY(const Value jstart, py::sub(ej, one));
    PY_TRY(const Value jstop, py::sub(sj, one));
    PY_TRY(const std::int64_t j0, py::as_index(jstart));
    PY_TRY(const std::int64_t j1, py::as_index(jstop));
    const std::int64_t n = std::min(span(i0, i1), span(j1, j0)); // range(j0, j1, -1)
    if (n > kMaxSetItems)
      return too_large();
    for (std::int64_t k = 0; k < n; ++k)
      set.add(int_pair(i0 + k, j0 - k));
    return py::make_frozenset(std::move(set));
  }
  return py::empty_frozenset();
}

// cover(grid: 'Grid', patch: 'Patch') -> 'Grid'
Value cover_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  const Value& patch = args[1];
  PatchScan s;
  if (is_int_grid(grid) && scan_patch(patch, s) && frames_fit(2)) {
    // fill applies toindices itself and toindices(toindices(p)) is toindices(p), so the
    // patch can go to fill as it is.
    return py::call(fn::fill, {grid, mostcolor_of_int_grid(grid), patch});
  }
  PY_TRY(const Value bg, py::call(fn::mostcolor_t, {grid}));
  PY_TRY(const Value ind, py::call(fn::toindices, {patch}));
  return py::call(fn::fill, {grid, bg, ind});
}

// trim(grid: 'Grid') -> 'Grid'
Value trim_impl(const Value* args, std::size_t) {
  PY_TRY(const Value inner, py::getslice(args[0], 1, -1));
  PY_TRY(py::Iter rows, py::iter(inner));
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(rows.remaining()));
  while (const Value* r = rows.next()) {
    PY_TRY(Value row, py::getslice(*r, 1, -1));
    out.push_back(std::move(row));
  }
  return tuple_from(std::move(out));
}

/// The (row, column) of every cell of a patch scan_patch accepted, in iteration order.
using Positions = std::vector<std::pair<std::int64_t, std::int64_t>>;

Positions positions(const Value& patch) {
  Positions out;
  for_each_cell(patch,
                [&](const py::TupleObject& c) { out.emplace_back(c[0].as_int(), c[1].as_int()); });
  return out;
}

/// move for a grid of int rows, an object of int cells at distinct positions and an offset of
/// two ints: cover writes the background at the object's positions, then paint writes the
/// shifted cells; with every position written once the order of painting does not matter.
/// Where cover or paint would fail (a short row), move gives (): paint((), ...) fails too.
Value move_cells(const Value& grid, const Value& obj, std::int64_t di, std::int64_t dj) {
  const py::TupleObject& g = py::as_tuple(grid);
  if (g.size == 0)
    return py::empty_tuple();
  const auto h = static_cast<std::int64_t>(g.size);
  const auto w = static_cast<std::int64_t>(py::as_tuple(g[0]).size);
  const Value bg = mostcolor_of_int_grid(grid);
  RowWriter out(g);
  bool ok = true;
  for_each_cell(obj, [&](const py::TupleObject& c) {
    const std::int64_t i = c[0].as_int(), j = c[1].as_int();
    if (ok && i >= 0 && i < h && j >= 0 && j < w)
      ok = out.set(i, j, bg);
  });
  for_each_cell(obj, [&](const py::TupleObject& c) {
    const std::int64_t i = c[0].as_int() + di, j = c[1].as_int() + dj;
    if (ok && i >= 0 && i < h && j >= 0 && j < w)
      ok = out.set(i, j, c[2]);
  });
  return ok ? out.finish() : py::empty_tuple();
}

// move(grid: 'Grid', obj: 'Object', offset: 'IJ') -> 'Grid'
Value move_impl(const Value* args, std::size_t) {
  const Value& offset = args[2];
  PatchScan s;
  if (offset.is_tuple() && py::as_tuple(offset).size == 2 && small_coord(py::as_tuple(offset)[0]) &&
      small_coord(py::as_tuple(offset)[1]) && is_int_grid(args[0]) && scan_patch(args[1], s) &&
      s.arity == 3 && frames_fit(6)) {
    auto pos = positions(args[1]);
    std::sort(pos.begin(), pos.end());
    if (std::adjacent_find(pos.begin(), pos.end()) == pos.end())
      return move_cells(args[0], args[1], py::as_tuple(offset)[0].as_int(),
                        py::as_tuple(offset)[1].as_int());
  }
  PY_TRY(const Value covered, py::call(fn::cover, {args[0], args[1]}));
  PY_TRY(const Value shifted, py::call(fn::shift, {args[1], args[2]}));
  return py::call(fn::paint, {covered, shifted});
}

// tophalf(grid: 'Grid') -> 'Grid'
Value tophalf_impl(const Value* args, std::size_t) {
  PY_TRY(const std::int64_t n, py::len(args[0]));
  return py::getslice(args[0], std::nullopt, n / 2);
}

// bottomhalf(grid: 'Grid') -> 'Grid'
Value bottomhalf_impl(const Value* args, std::size_t) {
  PY_TRY(const std::int64_t n, py::len(args[0]));
  return py::getslice(args[0], n / 2 + n % 2, std::nullopt);
}

/// lefthalf and righthalf of a tuple of tuple rows, as rot270(tophalf(rot90(grid))) and
/// rot270(bottomhalf(rot90(grid))) work out: rot90 has one row per column up to the shortest
/// row's length m; the halves keep columns [0, m // 2) or [m - m // 2, m), and rot270 turns
/// them back into one row per grid row (no rows at all when no column is kept).
Value half_columns(const py::TupleObject& g, bool right) {
  std::uint32_t m = UINT32_MAX;
  for (const Value& r : g)
    m = std::min(m, py::as_tuple(r).size);
  const std::uint32_t k = m / 2;
  if (k == 0)
    return py::empty_tuple();
  const std::uint32_t start = right ? m - k : 0;
  Value out = py::new_tuple(g.size);
  Value* rows = py::tuple_items(out);
  for (std::uint32_t i = 0; i < g.size; ++i) {
    const py::TupleObject& r = py::as_tuple(g[i]);
    if (start == 0 && k == r.size) {
      rows[i] = g[i];
      continue;
    }
    Value row = py::new_tuple(k);
    Value* items = py::tuple_items(row);
    if (py::copy_into_unbound(items, r.items() + start, k))
      py::mark_ints_only(row);
    rows[i] = std::move(row);
  }
  return out;
}

// lefthalf(grid: 'Grid') -> 'Grid'
Value lefthalf_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  if (is_empty_tuple(grid))
    return py::empty_tuple();
  if (const py::TupleObject* g = nonempty_tuple(grid);
      g != nullptr && rows_are_tuples(*g) && frames_fit(2))
    return half_columns(*g, false);
  PY_TRY(const Value r, py::call(fn::rot90, {grid}));
  PY_TRY(const Value t, py::call(fn::tophalf, {r}));
  return py::call(fn::rot270, {t});
}

// righthalf(grid: 'Grid') -> 'Grid'
Value righthalf_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  if (is_empty_tuple(grid))
    return py::empty_tuple();
  if (const py::TupleObject* g = nonempty_tuple(grid);
      g != nullptr && rows_are_tuples(*g) && frames_fit(2))
    return half_columns(*g, true);
  PY_TRY(const Value r, py::call(fn::rot90, {grid}));
  PY_TRY(const Value b, py::call(fn::bottomhalf, {r}));
  return py::call(fn::rot270, {b});
}

// vfrontier(location: 'IJ') -> 'Indices'
Value vfrontier_impl(const Value* args, std::size_t) {
  PY_TRY(const Value j, py::getitem(args[0], 1));
  py::SetTable set;
  for (std::int64_t i = 0; i < 30; ++i)
    set.add(tuple2(Value::integer(i), j));
  return py::make_frozenset(std::move(set));
}

// hfrontier(location: 'IJ') -> 'Indices'
Value hfrontier_impl(const Value* args, std::size_t) {
  if (is_empty_tuple(args[0]))
    return py::empty_frozenset();
  PY_TRY(const Value i, py::getitem(args[0], 0));
  py::SetTable set;
  for (std::int64_t j = 0; j < 30; ++j)
    set.add(tuple2(i, Value::integer(j)));
  return py::make_frozenset(std::move(set));
}

// backdrop(patch: 'Patch') -> 'Indices'
Value backdrop_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  if (!py::has_len(patch))
    return py::empty_frozenset();
  PY_TRY(const std::int64_t n, py::len(patch));
  if (n == 0)
    return py::empty_frozenset();
  std::int64_t i0, i1, j0, j1; // range(si, ei + 1), range(sj, ej + 1)
  Value sj, ej1;
  PatchScan s;
  if (scan_patch(patch, s) && frames_fit(4)) {
    i0 = s.min_i;
    i1 = s.max_i + 1;
    sj = Value::integer(s.min_j);
    ej1 = Value::integer(s.max_j + 1);
  } else {
    Value ul[2], lr[2];
    PY_TRY(const Value ulv, py::call(fn::ulcorner, {patch}));
    PY_CHECK(py::unpack(ulv, ul, 2));
    PY_TRY(const Value lrv, py::call(fn::lrcorner, {patch}));
    PY_CHECK(py::unpack(lrv, lr, 2));
    PY_TRY(const Value ei1, py::add(lr[0], Value::integer(1)));
    PY_TRY(i0, py::as_index(ul[0]));
    PY_TRY(i1, py::as_index(ei1));
    sj = ul[1];
    PY_TRY(ej1, py::add(lr[1], Value::integer(1)));
  }
  py::SetTable set;
  if (i0 >= i1)
    return py::make_frozenset(std::move(set)); // the inner range is never evaluated
  PY_TRY(j0, py::as_index(sj));
  PY_TRY(j1, py::as_index(ej1));
  if (span(i0, i1) > kMaxSetItems || span(j0, j1) > kMaxSetItems ||
      span(i0, i1) * span(j0, j1) > kMaxSetItems)
    return too_large();
  // The frozenset depends on the box alone, and a program often asks again for the same
  // large one (from other patches, or the same patch reached by other statements).
  const py::IntKey key{&fn::backdrop, {i0, i1, j0, j1}};
  if (const Value* known = py::remembered_result(key))
    return *known;
  if (j0 >= j1)
    return py::make_frozenset(std::move(set));
  {
    py::SetInserter inserter(set);
    for (std::int64_t i = i0; i < i1; ++i)
      for (std::int64_t j = j0; j < j1; ++j)
        inserter.add(int_pair(i, j), py::hash_int_pair(i, j));
    inserter.finish();
  }
  Value box = py::make_frozenset(std::move(set));
  py::remember_patch_bounds(box, py::bounds_of(2, i0, i1 - 1, j0, j1 - 1));
  py::remember_result(key, box, span(i0, i1) * span(j0, j1));
  return box;
}

// delta(patch: 'Patch') -> 'Indices'
Value delta_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  if (!py::has_len(patch))
    return py::empty_frozenset();
  PY_TRY(const std::int64_t n, py::len(patch));
  if (n == 0)
    return py::empty_frozenset();
  PY_TRY(const Value box, py::call(fn::backdrop, {patch}));
  PY_TRY(const Value ind, py::call(fn::toindices, {patch}));
  return py::sub(box, ind);
}

/// The positions of a patch as a bitmap over its extent, for the membership tests of
/// gravitate's loop (a patch may hold thousands of cells, and the loop takes up to 42 steps).
class PositionMap {
public:
  /// Extents up to this many positions get a bitmap; larger ones are tested pair by pair.
  static constexpr std::int64_t kMaxArea = std::int64_t{1} << 22;

  static bool fits(const PatchScan& s) {
    const std::int64_t rows = s.max_i - s.min_i + 1, cols = s.max_j - s.min_j + 1;
    return rows <= kMaxArea && cols <= kMaxArea && rows * cols <= kMaxArea;
  }

  PositionMap(const PatchScan& s, const Positions& cells)
      : i0_(s.min_i), j0_(s.min_j), rows_(s.max_i - s.min_i + 1), cols_(s.max_j - s.min_j + 1),
        bits_(static_cast<std::size_t>(rows_ * cols_), 0) {
    for (const auto& [i, j] : cells)
      bits_[static_cast<std::size_t>((i - i0_) * cols_ + (j - j0_))] = 1;
  }

  bool contains(std::int64_t i, std::int64_t j) const {
    const std::int64_t r = i - i0_, c = j - j0_;
    return r >= 0 && r < rows_ && c >= 0 && c < cols_ &&
           bits_[static_cast<std::size_t>(r * cols_ + c)] != 0;
  }

  /// Whether some position is in column j.
  bool has_column(std::int64_t j) const {
    const std::int64_t c = j - j0_;
    if (c < 0 || c >= cols_)
      return false;
    for (std::int64_t r = 0; r < rows_; ++r)
      if (bits_[static_cast<std::size_t>(r * cols_ + c)] != 0)
        return true;
    return false;
  }

  /// adjacent(a shifted by (oi, oj), this patch): the least manhattan distance between their
  /// positions is 1, that is no position in common and one next to another.
  bool adjacent(const Positions& a, std::int64_t oi, std::int64_t oj) const {
    bool touching = false;
    for (const auto& [ai, aj] : a) {
      const std::int64_t i = ai + oi, j = aj + oj;
      if (contains(i, j))
        return false;
      touching = touching || contains(i - 1, j) || contains(i + 1, j) || contains(i, j - 1) ||
                 contains(i, j + 1);
    }
    return touching;
  }

private:
  std::int64_t i0_, j0_, rows_, cols_;
  std::vector<std::uint8_t> bits_;
};

/// min |ai + oi - bi| + |aj + oj - bj| over the positions of a and b (manhattan of a shifted
/// by (oi, oj) and b), for extents too large for a PositionMap.
std::int64_t min_distance(const Positions& a, const Positions& b, std::int64_t oi,
                          std::int64_t oj) {
  std::int64_t best = INT64_MAX;
  for (const auto& [ai, aj] : a)
    for (const auto& [bi, bj] : b)
      best = std::min(best, std::abs(ai + oi - bi) + std::abs(aj + oj - bj));
  return best;
}

// gravitate(source: 'Patch', destination: 'Patch') -> 'IJ'
Value gravitate_impl(const Value* args, std::size_t) {
  const Value& source = args[0];
  const Value& destination = args[1];
  if (!py::truthy(destination))
    return source;
  PatchScan ss, ds;
  if (scan_patch(source, ss) && scan_patch(destination, ds) && frames_fit(8)) {
    // Well-formed patches: centre, vmatching, adjacent and shift cannot fail, and adjacency
    // of the shifted source is a distance between positions offset by the steps taken.
    const std::int64_t si = ss.min_i + (ss.max_i - ss.min_i + 1) / 2;
    const std::int64_t sj = ss.min_j + (ss.max_j - ss.min_j + 1) / 2;
    const std::int64_t di = ds.min_i + (ds.max_i - ds.min_i + 1) / 2;
    const std::int64_t dj = ds.min_j + (ds.max_j - ds.min_j + 1) / 2;
    const Positions src = positions(source);
    const Positions dst = positions(destination);
    std::optional<PositionMap> map;
    if (PositionMap::fits(ds))
      map.emplace(ds, dst);
    bool vmatch = false;
    if (map) {
      std::vector<std::uint8_t> column_seen(static_cast<std::size_t>(ds.max_j - ds.min_j + 1), 0);
      for (const auto& [pi, pj] : src) {
        if (pj < ds.min_j || pj > ds.max_j)
          continue;
        std::uint8_t& seen = column_seen[static_cast<std::size_t>(pj - ds.min_j)];
        if (seen == 0) {
          seen = 1;
          if (map->has_column(pj)) {
            vmatch = true;
            break;
          }
        }
      }
    } else {
      for (const auto& p : src) {
        for (const auto& q : dst)
          if (p.second == q.second) {
            vmatch = true;
            break;
          }
        if (vmatch)
          break;
      }
    }
    std::int64_t i = 0, j = 0;
    if (vmatch)
      i = si < di ? 1 : -1;
    else
      j = sj < dj ? 1 : -1;
    const auto adjacent_after = [&](std::int64_t steps) {
      return map ? map->adjacent(src, steps * i, steps * j)
                 : min_distance(src, dst, steps * i, steps * j) == 1;
    };
    std::int64_t gi = i, gj = j, c = 0;
    while (!adjacent_after(c) && c < 42) {
      ++c;
      gi += i;
      gj += j;
    }
    return int_pair(gi - i, gj - j);
  }
  Value sc[2], dc[2];
  PY_TRY(const Value scv, py::call(fn::center, {source}));
  PY_CHECK(py::unpack(scv, sc, 2));
  PY_TRY(const Value dcv, py::call(fn::center, {destination}));
  PY_CHECK(py::unpack(dcv, dc, 2));
  std::int64_t i = 0, j = 0;
  PY_TRY(const Value vm, py::call(fn::vmatching, {source, destination}));
  if (py::truthy(vm)) {
    PY_TRY(const bool less, py::lt(sc[0], dc[0]));
    i = less ? 1 : -1;
  } else {
    PY_TRY(const bool less, py::lt(sc[1], dc[1]));
    j = less ? 1 : -1;
  }
  std::int64_t gi = i, gj = j, c = 0;
  Value current = source;
  for (;;) {
    PY_TRY(const Value adj, py::call(fn::adjacent, {current, destination}));
    if (py::truthy(adj) || c >= 42)
      break;
    ++c;
    gi += i;
    gj += j;
    PY_TRY(Value next, py::call(fn::shift, {current, int_pair(i, j)}));
    current = std::move(next);
  }
  return int_pair(gi - i, gj - j);
}

/// inbox, outbox and box of a well-formed patch: the outline of the corners given, as ints.
Value int_outline(std::int64_t ai, std::int64_t aj, std::int64_t bi, std::int64_t bj) {
  return outline(Value::integer(std::min(ai, bi)), Value::integer(std::min(aj, bj)),
                 Value::integer(std::max(ai, bi)), Value::integer(std::max(aj, bj)));
}

/// The outline of a patch between corners (ai, aj) and (bi, bj) in any order.
Value value_outline(const Value& ai, const Value& aj, const Value& bi, const Value& bj) {
  PY_TRY(const Value si, py::min2(ai, bi));
  PY_TRY(const Value sj, py::min2(aj, bj));
  PY_TRY(const Value ei, py::max2(ai, bi));
  PY_TRY(const Value ej, py::max2(aj, bj));
  return outline(si, sj, ei, ej);
}

/// inbox (delta 1) and outbox (delta -1): the corners moved inwards by delta.
Value in_out_box(const Value& patch, std::int64_t delta) {
  if (in_empty_literals(patch))
    return py::empty_frozenset();
  PatchScan s;
  if (scan_patch(patch, s) && frames_fit(4))
    return int_outline(s.min_i + delta, s.min_j + delta, s.max_i - delta, s.max_j - delta);
  const Value d = Value::integer(delta);
  PY_TRY(const Value top, py::call(fn::uppermost, {patch}));
  PY_TRY(const Value ai, py::add(top, d));
  PY_TRY(const Value left, py::call(fn::leftmost, {patch}));
  PY_TRY(const Value aj, py::add(left, d));
  PY_TRY(const Value bottom, py::call(fn::lowermost, {patch}));
  PY_TRY(const Value bi, py::sub(bottom, d));
  PY_TRY(const Value right, py::call(fn::rightmost, {patch}));
  PY_TRY(const Value bj, py::sub(right, d));
  return value_outline(ai, aj, bi, bj);
}

// inbox(patch: 'Patch') -> 'Indices'
Value inbox_impl(const Value* args, std::size_t) {
  return in_out_box(args[0], 1);
}

// outbox(patch: 'Patch') -> 'Indices'
Value outbox_impl(const Value* args, std::size_t) {
  return in_out_box(args[0], -1);
}

// box(patch: 'Patch') -> 'Indices'
Value box_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  if (in_empty_literals(patch))
    return py::empty_frozenset();
  PatchScan s;
  if (scan_patch(patch, s) && frames_fit(4))
    return int_outline(s.min_i, s.min_j, s.max_i, s.max_j);
  Value a[2], b[2];
  PY_TRY(const Value ul, py::call(fn::ulcorner, {patch}));
  PY_CHECK(py::unpack(ul, a, 2));
  PY_TRY(const Value lr, py::call(fn::lrcorner, {patch}));
  PY_CHECK(py::unpack(lr, b, 2));
  return value_outline(a[0], a[1], b[0], b[1]);
}

// shoot(start: 'IJ', direction: 'IJ') -> 'Indices'
Value shoot_impl(const Value* args, std::size_t) {
  const Value& start = args[0];
  const Value& direction = args[1];
  if (in_empty_literals(start) || in_empty_literals(direction))
    return py::empty_frozenset();
  const Value far = Value::integer(42);
  Value end[2];
  for (int k = 0; k < 2; ++k) {
    PY_TRY(const Value s, py::getitem(start, k));
    PY_TRY(const Value d, py::getitem(direction, k));
    PY_TRY(const Value step, py::mul(far, d));
    PY_TRY(Value e, py::add(s, step));
    end[k] = std::move(e);
  }
  return py::call(fn::connect, {start, tuple2(std::move(end[0]), std::move(end[1]))});
}

/// True when `grid` is a non-empty tuple of tuple rows all of the same length.
bool is_rectangular(const Value& grid) {
  const py::TupleObject* g = nonempty_tuple(grid);
  if (g == nullptr || !rows_are_tuples(*g))
    return false;
  const std::uint32_t w = py::as_tuple((*g)[0]).size;
  for (const Value& r : *g)
    if (py::as_tuple(r).size != w)
      return false;
  return true;
}

// occurrences(grid: 'Grid', obj: 'Object') -> 'Indices'
Value occurrences_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  const Value& obj = args[1];
  py::SetTable occs;
  PatchScan s;
  if (is_rectangular(grid) && scan_patch(obj, s) && s.arity == 3 && frames_fit(8)) {
    // The normalised cells fit the grid at every offset tried and no comparison can fail, so
    // the order in which all() visits them does not matter.
    const py::TupleObject& g = py::as_tuple(grid);
    const auto h = static_cast<std::int64_t>(g.size);
    const auto w = static_cast<std::int64_t>(py::as_tuple(g[0]).size);
    struct Cell {
      std::int64_t a, b;
      const Value* v;
    };
    std::vector<Cell> cells;
    for_each_cell(obj, [&](const py::TupleObject& c) {
      cells.push_back({c[0].as_int() - s.min_i, c[1].as_int() - s.min_j, &c[2]});
    });
    const std::int64_t h2 = h - (s.max_i - s.min_i + 1) + 1;
    const std::int64_t w2 = w - (s.max_j - s.min_j + 1) + 1;
    for (std::int64_t i = 0; i < h2; ++i)
      for (std::int64_t j = 0; j < w2; ++j) {
        bool occurs = true;
        for (const Cell& c : cells) {
          const Value& cell =
              py::as_tuple(g[static_cast<std::size_t>(c.a + i)])[static_cast<std::size_t>(c.b + j)];
          if (!op_eq_fast(cell, *c.v)) {
            occurs = false;
            break;
          }
        }
        if (occurs)
          occs.add(int_pair(i, j));
      }
    return py::frozenset_of_set(occs);
  }
  PY_TRY(const Value normed, py::call(fn::normalize, {obj}));
  PY_TRY(const std::int64_t h, py::len(grid));
  PY_TRY(const Value row0, py::getitem(grid, 0));
  PY_TRY(const std::int64_t w, py::len(row0));
  PY_TRY(const Value shape, py::call(fn::shape_f, {obj}));
  Value hw[2];
  PY_CHECK(py::unpack(shape, hw, 2));
  const Value one = Value::integer(1);
  PY_TRY(const Value h2a, py::sub(Value::integer(h), hw[0]));
  PY_TRY(const Value h2v, py::add(h2a, one));
  PY_TRY(const Value w2a, py::sub(Value::integer(w), hw[1]));
  PY_TRY(const Value w2v, py::add(w2a, one));
  PY_TRY(const std::int64_t h2, py::as_index(h2v));
  if (h2 > 0) {
    PY_TRY(const std::int64_t w2, py::as_index(w2v));
    if (h2 > kMaxSetItems || w2 > kMaxSetItems || h2 * std::max<std::int64_t>(w2, 0) > kMaxSetItems)
      return too_large();
    const Value zero = Value::integer(0);
    const Value hv = Value::integer(h), wv = Value::integer(w);
    for (std::int64_t i = 0; i < h2; ++i)
      for (std::int64_t j = 0; j < w2; ++j) {
        PY_TRY(const Value shifted, py::call(fn::shift, {normed, int_pair(i, j)}));
        PY_TRY(py::Iter it, py::iter(shifted));
        bool occurs = true;
        while (const Value* e = it.next()) {
          Value abv[3];
          PY_CHECK(py::unpack(*e, abv, 3));
          // 0 <= a < h and 0 <= b < w and grid[a][b] == v, short-circuiting.
          PY_TRY(bool ok, py::le(zero, abv[0]));
          if (ok) {
            PY_TRY(ok, py::lt(abv[0], hv));
          }
          if (ok) {
            PY_TRY(ok, py::le(zero, abv[1]));
          }
          if (ok) {
            PY_TRY(ok, py::lt(abv[1], wv));
          }
          if (ok) {
            PY_TRY(const Value row, py::getitem(grid, abv[0]));
            PY_TRY(const Value cell, py::getitem(row, abv[1]));
            ok = py::op_eq(cell, abv[2]);
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

// frontiers(grid: 'Grid') -> 'Objects'
Value frontiers_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  PY_TRY(const std::int64_t h, py::len(grid));
  PY_TRY(const Value row0, py::getitem(grid, 0));
  PY_TRY(const std::int64_t w, py::len(row0));
  std::vector<std::int64_t> row_indices, column_indices;
  {
    PY_TRY(py::Iter rows, py::iter(grid));
    std::int64_t i = 0;
    while (const Value* r = rows.next()) {
      PY_TRY(const bool single, single_valued(*r));
      if (single)
        row_indices.push_back(i);
      ++i;
    }
  }
  {
    PY_TRY(const Value columns, py::call(fn::dmirror_t, {grid}));
    PY_TRY(py::Iter cols, py::iter(columns));
    std::int64_t j = 0;
    while (const Value* c = cols.next()) {
      PY_TRY(const bool single, single_valued(*c));
      if (single)
        column_indices.push_back(j);
      ++j;
    }
  }
  // grid[i][j], failing as Python's indexing does.
  auto cell = [&](std::int64_t i, std::int64_t j) -> Value {
    PY_TRY(const Value row, py::getitem(grid, i));
    if (row.is_tuple() && j < static_cast<std::int64_t>(py::as_tuple(row).size))
      return py::as_tuple(row)[static_cast<std::size_t>(j)];
    return py::getitem(row, j);
  };
  py::SetTable hsets, vsets;
  for (const std::int64_t i : row_indices) {
    py::SetTable line;
    for (std::int64_t j = 0; j < w; ++j) {
      PY_TRY(Value v, cell(i, j));
      line.add(tuple3(Value::integer(i), Value::integer(j), std::move(v)));
    }
    hsets.add(py::frozenset_of_set(line));
  }
  const py::SetTable hfrontiers = py::SetTable::copy_of(hsets);
  for (const std::int64_t j : column_indices) {
    py::SetTable line;
    for (std::int64_t i = 0; i < h; ++i) {
      PY_TRY(Value v, cell(i, j));
      line.add(tuple3(Value::integer(i), Value::integer(j), std::move(v)));
    }
    vsets.add(py::frozenset_of_set(line));
  }
  const py::SetTable vfrontiers = py::SetTable::copy_of(vsets);
  return py::make_frozenset(py::SetTable::union_of(hfrontiers, vfrontiers));
}

/// compress of a non-empty tuple of int rows, without the dmirror_t call: a row goes when
/// all its cells agree, a column (below the shortest row's length) when all rows agree there.
Value compress_ints(const py::TupleObject& g) {
  std::uint32_t m = UINT32_MAX;
  for (const Value& r : g)
    m = std::min(m, py::as_tuple(r).size);
  std::vector<char> drop_col(m, 1);
  const py::TupleObject& r0 = py::as_tuple(g[0]);
  for (const Value& r : g)
    for (std::uint32_t j = 0; j < m; ++j)
      if (py::as_tuple(r)[j].as_int() != r0[j].as_int())
        drop_col[j] = 0;
  std::vector<Value> out;
  for (const Value& r : g) {
    const py::TupleObject& t = py::as_tuple(r);
    bool single = t.size != 0;
    for (std::uint32_t j = 1; j < t.size && single; ++j)
      single = t[j].as_int() == t[0].as_int();
    if (single)
      continue;
    std::vector<Value> row;
    row.reserve(t.size);
    for (std::uint32_t j = 0; j < t.size; ++j)
      if (j >= m || drop_col[j] == 0)
        row.push_back(t[j]);
    out.push_back(row.size() == t.size ? r : tuple_from(std::move(row)));
  }
  return tuple_from(std::move(out));
}

// compress(grid: 'Grid') -> 'Grid'
Value compress_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  if (is_int_grid(grid) && frames_fit(2)) {
    if (py::as_tuple(grid).size == 0)
      return py::empty_tuple();
    return compress_ints(py::as_tuple(grid));
  }
  std::vector<char> drop_row, drop_col;
  {
    PY_TRY(py::Iter rows, py::iter(grid));
    while (const Value* r = rows.next()) {
      PY_TRY(const bool single, single_valued(*r));
      drop_row.push_back(single ? 1 : 0);
    }
  }
  {
    PY_TRY(const Value columns, py::call(fn::dmirror_t, {grid}));
    PY_TRY(py::Iter cols, py::iter(columns));
    while (const Value* c = cols.next()) {
      PY_TRY(const bool single, single_valued(*c));
      drop_col.push_back(single ? 1 : 0);
    }
  }
  PY_TRY(py::Iter rows, py::iter(grid));
  std::vector<Value> out;
  std::size_t i = 0;
  while (const Value* r = rows.next()) {
    if (i < drop_row.size() && drop_row[i++] != 0)
      continue;
    PY_TRY(py::Iter it, py::iter(*r));
    std::vector<Value> row;
    std::size_t j = 0;
    while (const Value* v = it.next()) {
      if (!(j < drop_col.size() && drop_col[j] != 0))
        row.push_back(*v);
      ++j;
    }
    out.push_back(tuple_from(std::move(row)));
  }
  return tuple_from(std::move(out));
}

/// hperiod (axis 1) and vperiod (axis 0): the first shift p along the axis for which the
/// object, moved back by p and cut at 0, lies inside itself.
Value period(const Value& obj, int axis) {
  PatchScan s;
  if (scan_patch(obj, s) && s.arity == 3 && frames_fit(6)) {
    // normalize moves the object by (-top, -left), and a cell is in the normalised object
    // exactly when the same cell moved back is in obj: obj's own table answers membership.
    // Nothing can fail here, so the first missing cell settles each p.
    const std::int64_t lo = axis == 1 ? s.min_j : s.min_i;
    const std::int64_t extent = (axis == 1 ? s.max_j : s.max_i) - lo + 1;
    std::vector<const py::TupleObject*> cells;
    for_each_cell(obj, [&](const py::TupleObject& c) { cells.push_back(&c); });
    const py::SetTable& table = py::as_set_table(obj);
    for (std::int64_t p = 1; p < extent; ++p) {
      bool subset = true;
      for (const py::TupleObject* c : cells) {
        const std::int64_t k = (*c)[static_cast<std::size_t>(axis)].as_int() - p;
        if (k < lo)
          continue;
        const Value moved = axis == 1 ? tuple3((*c)[0], Value::integer(k), (*c)[2])
                                      : tuple3(Value::integer(k), (*c)[1], (*c)[2]);
        if (!table.contains(moved)) {
          subset = false;
          break;
        }
      }
      if (subset)
        return Value::integer(p);
    }
    return Value::integer(extent);
  }
  PY_TRY(const Value normalized, py::call(fn::normalize, {obj}));
  PY_TRY(const Value extent, py::call(axis == 1 ? fn::width_f : fn::height_f, {normalized}));
  PY_TRY(const std::int64_t stop, py::as_index(extent));
  if (stop <= 1)
    return extent;
  // pruned.issubset(normalized): a set other than a frozenset is made a set first.
  py::SetTable converted;
  const py::SetTable* whole = nullptr;
  if (normalized.is_frozenset()) {
    whole = &py::as_set_table(normalized);
  } else {
    PY_TRY(converted, py::to_set(normalized));
    whole = &converted;
  }
  const Value zero = Value::integer(0);
  for (std::int64_t p = 1; p < stop; ++p) {
    const Value offset = axis == 1 ? int_pair(0, -p) : int_pair(-p, 0);
    PY_TRY(const Value offsetted, py::call(fn::shift, {normalized, offset}));
    PY_TRY(py::Iter it, py::iter(offsetted));
    bool subset = true;
    while (const Value* e = it.next()) {
      Value ijc[3];
      PY_CHECK(py::unpack(*e, ijc, 3));
      PY_TRY(const bool kept, py::ge(ijc[axis], zero));
      // The element (i, j, c) is rebuilt as a new tuple; membership only needs its value.
      if (kept && subset && !whole->contains(tuple3(ijc[0], ijc[1], ijc[2])))
        subset = false;
    }
    if (subset)
      return Value::integer(p);
  }
  return extent;
}

// hperiod(obj: 'Object') -> 'Integer'
Value hperiod_impl(const Value* args, std::size_t) {
  return period(args[0], 1);
}

// vperiod(obj: 'Object') -> 'Integer'
Value vperiod_impl(const Value* args, std::size_t) {
  return period(args[0], 0);
}

} // namespace

namespace fn {
constinit const py::Builtin downscale{"downscale",     py::Dialect::Tokpidjin,     2, 2,
                                      &downscale_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin hconcat{"hconcat", py::Dialect::Tokpidjin, 2,
                                    2,         &hconcat_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin vconcat{"vconcat", py::Dialect::Tokpidjin, 2,
                                    2,         &vconcat_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin subgrid{"subgrid", py::Dialect::Tokpidjin, 2,
                                    2,         &subgrid_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin hsplit{"hsplit", py::Dialect::Tokpidjin, 2,
                                   2,        &hsplit_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin vsplit{"vsplit", py::Dialect::Tokpidjin, 2,
                                   2,        &vsplit_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin cellwise{"cellwise",     py::Dialect::Tokpidjin,     3, 3,
                                     &cellwise_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin replace{"replace", py::Dialect::Tokpidjin, 3,
                                    3,         &replace_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin switch_{"switch", py::Dialect::Tokpidjin, 3,
                                    3,        &switch_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin center{"center", py::Dialect::Tokpidjin, 1,
                                   1,        &center_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin position{"position",     py::Dialect::Tokpidjin,     2, 2,
                                     &position_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin index{"index",           py::Dialect::Tokpidjin, 2, 2,
                                  &index_impl,       py::SafeDefault::Zero,
                                  /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin canvas{"canvas", py::Dialect::Tokpidjin, 2,
                                   2,        &canvas_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin corners{
    "corners",         py::Dialect::Tokpidjin, 1, 1, &corners_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin connect{
    "connect",         py::Dialect::Tokpidjin, 2, 2, &connect_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin cover{"cover",     py::Dialect::Tokpidjin,     2, 2,
                                  &cover_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin trim{"trim",     py::Dialect::Tokpidjin,     1, 1,
                                 &trim_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin move{"move",     py::Dialect::Tokpidjin,     3, 3,
                                 &move_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin tophalf{"tophalf", py::Dialect::Tokpidjin, 1,
                                    1,         &tophalf_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin bottomhalf{"bottomhalf",     py::Dialect::Tokpidjin,     1, 1,
                                       &bottomhalf_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin lefthalf{"lefthalf",     py::Dialect::Tokpidjin,     1, 1,
                                     &lefthalf_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin righthalf{"righthalf",     py::Dialect::Tokpidjin,     1, 1,
                                      &righthalf_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin vfrontier{"vfrontier",          py::Dialect::Tokpidjin,          1, 1,
                                      &vfrontier_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin hfrontier{"hfrontier",          py::Dialect::Tokpidjin,          1, 1,
                                      &hfrontier_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin backdrop{"backdrop",           py::Dialect::Tokpidjin,          1, 1,
                                     &backdrop_impl,       py::SafeDefault::EmptyFrozenSet,
                                     /*memoize=*/false,
                                     /*default_frames=*/12};
constinit const py::Builtin delta{
    "delta",           py::Dialect::Tokpidjin, 1, 1, &delta_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin gravitate{"gravitate",     py::Dialect::Tokpidjin,     2, 2,
                                      &gravitate_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin inbox{
    "inbox",           py::Dialect::Tokpidjin, 1, 1, &inbox_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin outbox{
    "outbox",          py::Dialect::Tokpidjin, 1, 1, &outbox_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin box{"box",
                                py::Dialect::Tokpidjin,
                                1,
                                1,
                                &box_impl,
                                py::SafeDefault::EmptyFrozenSet,
                                /*memoize=*/false,
                                /*default_frames=*/12};
constinit const py::Builtin shoot{
    "shoot",           py::Dialect::Tokpidjin, 2, 2, &shoot_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin occurrences{"occurrences",        py::Dialect::Tokpidjin,          2, 2,
                                        &occurrences_impl,    py::SafeDefault::EmptyFrozenSet,
                                        /*memoize=*/false,
                                        /*default_frames=*/10};
constinit const py::Builtin frontiers{"frontiers",          py::Dialect::Tokpidjin,          1, 1,
                                      &frontiers_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/14};
constinit const py::Builtin compress{"compress",     py::Dialect::Tokpidjin,     1, 1,
                                     &compress_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin hperiod{"hperiod",         py::Dialect::Tokpidjin, 1, 1,
                                    &hperiod_impl,     py::SafeDefault::Zero,
                                    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin vperiod{"vperiod",         py::Dialect::Tokpidjin, 1, 1,
                                    &vperiod_impl,     py::SafeDefault::Zero,
                                    /*memoize=*/false, /*default_frames=*/10};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::downscale, &fn::hconcat,     &fn::vconcat,   &fn::subgrid,   &fn::hsplit,
    &fn::vsplit,    &fn::cellwise,    &fn::replace,   &fn::switch_,   &fn::center,
    &fn::position,  &fn::index,       &fn::canvas,    &fn::corners,   &fn::connect,
    &fn::cover,     &fn::trim,        &fn::move,      &fn::tophalf,   &fn::bottomhalf,
    &fn::lefthalf,  &fn::righthalf,   &fn::vfrontier, &fn::hfrontier, &fn::backdrop,
    &fn::delta,     &fn::gravitate,   &fn::inbox,     &fn::outbox,    &fn::box,
    &fn::shoot,     &fn::occurrences, &fn::frontiers, &fn::compress,  &fn::hperiod,
    &fn::vperiod,
};
} // namespace

std::span<const py::Builtin* const> grids_family() {
  return kFamily;
}

} // namespace battgpu::dialects::tokpidjin
