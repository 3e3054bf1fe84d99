// tokpidjin dialect: the "patches" functions.
#include "patches.hpp"
#include "value_building.hpp"

#include "measures.hpp"

#include "battgpu/py/patch_bounds.hpp"
#include "battgpu/py/py.hpp"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Value;

// ---- helpers ----

/// `t.add(tuple)`, reading the hash a shared tuple keeps (made once for it).
void add_tuple(py::SetTable& t, Value tuple) {
  std::int64_t h = py::as_tuple(tuple).hash.load(std::memory_order_relaxed);
  if (h == -1)
    h = py::hash(tuple);
  t.add_entry(std::move(tuple), h);
}

/// `t.add((i, j))` of two ints.
void add_int_pair(py::SetTable& t, std::int64_t i, std::int64_t j) {
  t.add_entry(py::pair_of(i, j), py::hash_int_pair(i, j));
}

/// `t.add((a, b))`.
void add_pair(py::SetTable& t, const Value& a, const Value& b) {
  if (a.is(py::Kind::Int) && b.is(py::Kind::Int))
    add_int_pair(t, a.as_int(), b.as_int());
  else
    t.add(py::tuple_of({a, b}));
}

/// `(a, b, c)` (shared for a small cell of ints: py::cell_of).
Value triple(const Value& a, const Value& b, const Value& c) {
  if (a.is(py::Kind::Int) && b.is(py::Kind::Int) && c.is(py::Kind::Int))
    return py::cell_of(a.as_int(), b.as_int(), c.as_int());
  Value t = py::new_tuple(3);
  Value* items = py::tuple_items(t);
  items[0] = a;
  items[1] = b;
  items[2] = c;
  return t;
}

/// Calls `f(element)` for every element of a tuple or frozenset, in iteration order, until
/// it returns false; returns whether it went through all of them.
template <class F> bool each_element(const Value& c, F&& f) {
  if (c.is_tuple()) {
    for (const Value& e : py::as_tuple(c))
      if (!f(e))
        return false;
    return true;
  }
  return py::as_set_table(c).all_of(f);
}

/// The common shape of patches, read without nested calls: a non-empty tuple or frozenset
/// whose elements are all tuples of one length (2 or 3) with int (not bool) row and column.
using CellBounds = py::PatchBounds;

CellBounds scan_cells(const Value& patch) {
  return py::patch_bounds(patch);
}

/// `hi - lo + 1` when it stays within 64 bits (else Python's arithmetic raises OverflowError
/// here, so the caller takes the general path).
bool extent_of(std::int64_t hi, std::int64_t lo, std::int64_t& out) {
  std::int64_t d = 0;
  if (__builtin_sub_overflow(hi, lo, &d) || d == INT64_MAX)
    return false;
  out = d + 1;
  return true;
}

/// `frozenset((i, j) for i, j, _ in patch)`.
Value indices_of_cells(const Value& patch) {
  py::SetTable t;
  if (patch.is_tuple() || patch.is_frozenset()) {
    // Direct while the elements are 3-tuples; otherwise start again the general way.
    const bool direct = each_element(patch, [&](const Value& e) {
      if (!e.is_tuple() || py::as_tuple(e).size != 3)
        return false;
      add_pair(t, py::as_tuple(e)[0], py::as_tuple(e)[1]);
      return true;
    });
    if (direct)
      return py::make_frozenset(std::move(t));
    t = py::SetTable();
  }
  PY_TRY(py::Iter it, py::iter(patch));
  Value parts[3];
  while (const Value* e = it.next()) {
    PY_CHECK(py::unpack(*e, parts, 3));
    add_pair(t, parts[0], parts[1]);
  }
  return py::make_frozenset(std::move(t));
}

/// `frozenset((i + di, j + dj, c) for i, j, c in patch)` (arity 3) or
/// `frozenset((i + di, j + dj) for i, j in patch)` (arity 2).
Value shifted(const Value& patch, const Value& di, const Value& dj, std::uint32_t arity) {
  py::SetTable t;
  // Direct: ints throughout (an int plus a bool is an int), no sum beyond 64 bits.
  if (di.is_int_like() && dj.is_int_like() && (patch.is_tuple() || patch.is_frozenset())) {
    const std::int64_t a = di.as_int(), b = dj.as_int();
    // Direct while the elements are tuples of `arity` ints; otherwise start again. The
    // result's extent comes with it (its rows and columns are ints, whatever they were).
    std::int64_t min_i = INT64_MAX, max_i = INT64_MIN, min_j = INT64_MAX, max_j = INT64_MIN;
    py::SetInserter inserter(t);
    const bool direct = each_element(patch, [&](const Value& e) {
      if (!e.is_tuple() || py::as_tuple(e).size != arity)
        return false;
      const py::TupleObject& c = py::as_tuple(e);
      std::int64_t i = 0, j = 0;
      if (!c[0].is_int_like() || !c[1].is_int_like() ||
          __builtin_add_overflow(c[0].as_int(), a, &i) ||
          __builtin_add_overflow(c[1].as_int(), b, &j))
        return false;
      min_i = std::min(min_i, i);
      max_i = std::max(max_i, i);
      min_j = std::min(min_j, j);
      max_j = std::max(max_j, j);
      // The hashes of int tuples are computed, not read from the tuples: a shared tuple may
      // be anywhere in memory.
      if (arity == 2) {
        inserter.add(py::pair_of(i, j), py::hash_int_pair(i, j));
      } else if (c[2].is(py::Kind::Int)) {
        inserter.add(py::cell_of(i, j, c[2].as_int()), py::hash_int_triple(i, j, c[2].as_int()));
      } else {
        Value cell = triple(Value::integer(i), Value::integer(j), c[2]);
        const std::int64_t h = py::hash(cell);
        inserter.add(std::move(cell), h);
      }
      return true;
    });
    inserter.finish();
    if (direct) {
      const bool empty = t.empty();
      Value out = py::make_frozenset(std::move(t));
      if (!empty && (arity == 2 || arity == 3))
        py::remember_patch_bounds(
            out, py::bounds_of(static_cast<std::uint8_t>(arity), min_i, max_i, min_j, max_j));
      return out;
    }
    t = py::SetTable();
  }
  PY_TRY(py::Iter it, py::iter(patch));
  Value parts[3];
  while (const Value* e = it.next()) {
    PY_CHECK(py::unpack(*e, parts, arity));
    PY_TRY(Value i, py::add(parts[0], di));
    PY_TRY(Value j, py::add(parts[1], dj));
    if (arity == 3)
      add_tuple(t, triple(i, j, parts[2]));
    else
      add_pair(t, i, j);
  }
  return py::make_frozenset(std::move(t));
}

/// What `zip(*x)` followed by `tuple(map(f_k, ...))` computes, the k-th column reduced by min
/// or max. `ops` names the reduction of each column; past its end, `open_ended` repeats the
/// last one (map(min, ...)) or else the column raises KeyError ({0: min, 1: max}[k]).
enum class Reduce { Min, Max };

Value column_extremes(const Value& x, const Reduce* ops, std::size_t nops, bool open_ended) {
  PY_TRY(py::Iter outer, py::iter(x)); // the `*x` unpacking
  std::vector<Value> rows;
  rows.reserve(static_cast<std::size_t>(outer.remaining()));
  while (const Value* e = outer.next())
    rows.push_back(*e);
  if (rows.empty())
    return py::empty_tuple(); // zip() of nothing yields nothing
  std::vector<py::Iter> iters;
  iters.reserve(rows.size());
  for (const Value& r : rows) {
    PY_TRY(py::Iter it, py::iter(r));
    iters.push_back(it);
  }
  py::TupleBuilder out;
  for (std::size_t k = 0;; ++k) {
    // One column: the next item of every row, stopping at the first row that has none.
    Value best;
    bool complete = true;
    Reduce op = Reduce::Min;
    bool keyed = true;
    if (k < nops)
      op = ops[k];
    else if (open_ended)
      op = ops[nops - 1];
    else
      keyed = false;
    std::vector<Value> column;
    column.reserve(iters.size());
    for (py::Iter& it : iters) {
      const Value* v = it.next();
      if (v == nullptr) {
        complete = false;
        break;
      }
      column.push_back(*v);
    }
    if (!complete)
      break;
    if (!keyed)
      return py::Error{py::Exc::KeyError, "no reduction for this column"};
    for (std::size_t n = 0; n < column.size(); ++n) {
      if (n == 0) {
        best = column[0];
        continue;
      }
      PY_TRY(bool better, py::compare(column[n], best,
                                      op == Reduce::Max ? py::CompareOp::Gt : py::CompareOp::Lt));
      if (better)
        best = column[n];
    }
    out.push(std::move(best));
  }
  return out.finish();
}

constexpr Reduce kUl[] = {Reduce::Min, Reduce::Min};
constexpr Reduce kUr[] = {Reduce::Min, Reduce::Max};
constexpr Reduce kLl[] = {Reduce::Max, Reduce::Min};
constexpr Reduce kLr[] = {Reduce::Max, Reduce::Max};

/// Which conversion to indices a corner goes through.
enum class Via { Patch, Indices, Object }; // toindices, toindices_i, toindices_o

const py::Builtin& to_indices_fn(Via via) {
  switch (via) {
  case Via::Patch:
    return fn::toindices;
  case Via::Indices:
    return fn::toindices_i;
  case Via::Object:
    return fn::toindices_o;
  }
  return fn::toindices;
}

/// The corners: ul and lr reduce every column (map(min/max, zip(...))); ur and ll map a
/// two-entry dict, so a third column raises KeyError.
Value corner_via(const Value& x, Via via, const Reduce (&ops)[2], bool open_ended) {
  // Direct when the indices are pairs of ints: toindices of 2- or 3-tuples, toindices_i of
  // 2-tuples, toindices_o of 3-tuples all give two columns.
  const CellBounds b = scan_cells(x);
  const bool direct = via == Via::Patch ? b.arity != 0 : b.arity == (via == Via::Indices ? 2 : 3);
  if (direct && frames_fit(2))
    return int_pair(ops[0] == Reduce::Min ? b.min_i : b.max_i,
                    ops[1] == Reduce::Min ? b.min_j : b.max_j);
  PY_TRY(Value indices, py::call(to_indices_fn(via), {x}));
  return column_extremes(indices, ops, 2, open_ended);
}

/// `row.count(color)` for a row of any kind.
py::Result<std::int64_t> row_count(const Value& row, const Value& color) {
  if (row.is_tuple() && color.is(py::Kind::Int)) {
    // Int cells compare directly; others by equality, as tuple.count does.
    const std::int64_t c = color.as_int();
    std::int64_t n = 0;
    for (const Value& v : py::as_tuple(row))
      n += v.is(py::Kind::Int) ? (v.as_int() == c ? 1 : 0) : (py::eq(v, color) ? 1 : 0);
    return n;
  }
  return py::count(row, color); // tuple.count, str.count, or AttributeError
}

/// A few recent `asindices` results per thread: programs ask for the same grid shapes over
/// and over, and the set of all indices of a shape is always built the same way.
struct IndicesCache {
  static constexpr int kSlots = 8;
  std::int64_t h[kSlots] = {};
  std::int64_t w[kSlots] = {};
  Value set[kSlots];
  int next = 0;
};

Value all_indices(std::int64_t h, std::int64_t w) {
  thread_local IndicesCache cache;
  for (int s = 0; s < IndicesCache::kSlots; ++s)
    if (cache.set[s].is_bound() && cache.h[s] == h && cache.w[s] == w)
      return cache.set[s];
  py::SetTable t;
  for (std::int64_t i = 0; i < h; ++i)
    for (std::int64_t j = 0; j < w; ++j)
      add_int_pair(t, i, j);
  Value result = py::make_frozenset(std::move(t));
  if (h <= 64 && w <= 64) {
    const int s = cache.next;
    cache.next = (cache.next + 1) % IndicesCache::kSlots;
    cache.h[s] = h;
    cache.w[s] = w;
    cache.set[s] = result;
  }
  return result;
}

/// The common crop, read directly: a tuple grid whose first row is a tuple, start and dims
/// tuples with int items. Unbound when it does not apply (the general path then decides).
Value crop_direct(const Value& grid, const Value& start, const Value& dims) {
  if (!grid.is_tuple() || !start.is_tuple() || !dims.is_tuple())
    return Value();
  const py::TupleObject& g = py::as_tuple(grid);
  const py::TupleObject& s = py::as_tuple(start);
  const py::TupleObject& d = py::as_tuple(dims);
  if (g.size == 0 || !g[0].is_tuple() || s.size < 2 || d.size < 2 || !s[0].is(py::Kind::Int) ||
      !s[1].is(py::Kind::Int) || !d[0].is(py::Kind::Int) || !d[1].is(py::Kind::Int))
    return Value();
  const std::int64_t h = g.size, w = py::as_tuple(g[0]).size;
  const std::int64_t s0 = s[0].as_int(), s1 = s[1].as_int();
  std::int64_t e0 = 0, e1 = 0;
  if (__builtin_add_overflow(s0, d[0].as_int(), &e0) ||
      __builtin_add_overflow(s1, d[1].as_int(), &e1))
    return Value();
  if (!(s0 >= 0 && s0 < h && s1 >= 0 && s1 < w && e0 <= h && e1 <= w))
    return py::empty_tuple();
  if (e0 < 0 || e1 < 0)
    return Value(); // a negative end counts from the end of the sequence: the general way
  if (e0 <= s0)
    return py::empty_tuple(); // no rows: tuple() of nothing
  Value out = py::new_tuple(static_cast<std::size_t>(e0 - s0));
  Value* rows = py::tuple_items(out);
  for (std::int64_t i = s0; i < e0; ++i) {
    const Value& r = g[static_cast<std::size_t>(i)];
    if (!r.is_tuple()) {
      // Rows of other kinds slice (or fail) the general way.
      Value cut = py::getslice(r, s1, e1);
      if (!cut.ok())
        return cut;
      *rows++ = std::move(cut);
      continue;
    }
    // Slicing clamps to each row's own length.
    const py::TupleObject& row = py::as_tuple(r);
    const std::int64_t n = row.size;
    const std::int64_t a = s1 < n ? s1 : n, b = e1 < n ? e1 : n;
    if (b <= a) {
      *rows++ = py::empty_tuple();
    } else if (a == 0 && b == n) {
      *rows++ = r; // a full slice of a tuple is the tuple itself
    } else {
      Value cut = py::new_tuple(static_cast<std::size_t>(b - a));
      Value* items = py::tuple_items(cut);
      for (std::int64_t j = a; j < b; ++j)
        *items++ = row[static_cast<std::size_t>(j)];
      *rows++ = std::move(cut);
    }
  }
  return out;
}

/// `x - 1`, `x`, or `x + 1` as the neighbour displays write them.
Value offset_by(const Value& x, std::int64_t d) {
  if (d < 0)
    return py::sub(x, Value::integer(-d));
  if (d > 0)
    return py::add(x, Value::integer(d));
  return x;
}

/// dneighbors / ineighbors: `frozenset({a, b, c, d})` of the four offsets of loc.
Value four_neighbours(const Value& loc, const std::int64_t (&offsets)[4][2]) {
  if (py::op_eq(loc, py::empty_tuple()) || !loc.is_tuple())
    return py::empty_frozenset();
  const py::TupleObject& t = py::as_tuple(loc);
  py::SetTable s;
  if (t.size >= 2 && t[0].is(py::Kind::Int) && t[1].is(py::Kind::Int) &&
      t[0].as_int() > INT64_MIN && t[0].as_int() < INT64_MAX && t[1].as_int() > INT64_MIN &&
      t[1].as_int() < INT64_MAX) {
    // frozenset() of a set of four, made without deletions, copies its table slot for slot.
    for (const auto& o : offsets)
      add_int_pair(s, t[0].as_int() + o[0], t[1].as_int() + o[1]);
    return py::make_frozenset(std::move(s));
  }
  // The set display evaluates its four items left to right, then adds them in that order.
  Value items[4];
  for (int k = 0; k < 4; ++k) {
    PY_TRY(Value a, py::getitem(loc, std::int64_t{0}));
    PY_TRY(a, offset_by(a, offsets[k][0]));
    PY_TRY(Value b, py::getitem(loc, std::int64_t{1}));
    PY_TRY(b, offset_by(b, offsets[k][1]));
    items[k] = pair(a, b);
  }
  for (Value& v : items)
    s.add(std::move(v));
  return py::frozenset_of_set(s);
}

constexpr std::int64_t kDirect[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
constexpr std::int64_t kDiagonal[4][2] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

// ---- the functions, in the order of dsl.py ----

// toindices(patch: 'Patch') -> 'Indices'
Value toindices_impl(const Value* args, std::size_t) {
  // Cells (3 items) become their (i, j); anything else with a length is returned as it is;
  // no length, empty, or a first element without a length gives frozenset().
  const Value& patch = args[0];
  if (!py::has_len(patch))
    return py::empty_frozenset();
  PY_TRY(std::int64_t n, py::len(patch));
  if (n == 0)
    return py::empty_frozenset();
  PY_TRY(py::Iter it, py::iter(patch));
  const Value first = *it.next();
  if (!py::has_len(first))
    return py::empty_frozenset();
  PY_TRY(std::int64_t m, py::len(first));
  if (m == 3)
    return indices_of_cells(patch);
  return patch;
}

// toindices_i(indices: 'Indices') -> 'Indices'
Value toindices_i_impl(const Value* args, std::size_t) {
  return args[0];
}

// toindices_o(obj: 'Object') -> 'Indices'
Value toindices_o_impl(const Value* args, std::size_t) {
  const Value& obj = args[0];
  if (!py::has_len(obj))
    return py::empty_frozenset();
  PY_TRY(std::int64_t n, py::len(obj));
  if (n == 0)
    return py::empty_frozenset();
  return indices_of_cells(obj);
}

// shape_t(grid: 'Grid') -> 'IJ'
Value shape_t_impl(const Value* args, std::size_t) {
  // (height_t(grid), width_t(grid)); each is 0 where it fails.
  const Value& grid = args[0];
  if (grid.is_tuple() && frames_fit(2)) {
    const py::TupleObject& g = py::as_tuple(grid);
    std::int64_t w = 0;
    if (g.size != 0 && py::has_len(g[0]))
      w = *py::len(g[0]);
    return int_pair(g.size, w);
  }
  PY_TRY(Value h, py::call(fn::height_t, {grid}));
  PY_TRY(Value w, py::call(fn::width_t, {grid}));
  return py::tuple_of({std::move(h), std::move(w)});
}

// shape_f(patch: 'Patch') -> 'IJ'
Value shape_f_impl(const Value* args, std::size_t) {
  // (height_f(patch), width_f(patch)).
  const Value& patch = args[0];
  const CellBounds b = scan_cells(patch);
  std::int64_t h = 0, w = 0;
  if (b.arity != 0 && extent_of(b.max_i, b.min_i, h) && extent_of(b.max_j, b.min_j, w) &&
      frames_fit(6))
    return int_pair(h, w);
  PY_TRY(Value hv, py::call(fn::height_f, {patch}));
  PY_TRY(Value wv, py::call(fn::width_f, {patch}));
  return py::tuple_of({std::move(hv), std::move(wv)});
}

// portrait_t(grid: 'Grid') -> 'Boolean'
Value portrait_t_impl(const Value* args, std::size_t) {
  PY_TRY(Value h, py::call(fn::height_t, {args[0]}));
  PY_TRY(Value w, py::call(fn::width_t, {args[0]}));
  PY_TRY(bool taller, py::gt(h, w));
  return Value::boolean(taller);
}

// portrait_f(patch: 'Patch') -> 'Boolean'
Value portrait_f_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  const CellBounds b = scan_cells(patch);
  std::int64_t h = 0, w = 0;
  if (b.arity != 0 && extent_of(b.max_i, b.min_i, h) && extent_of(b.max_j, b.min_j, w) &&
      frames_fit(6))
    return Value::boolean(h > w);
  PY_TRY(Value hv, py::call(fn::height_f, {patch}));
  PY_TRY(Value wv, py::call(fn::width_f, {patch}));
  PY_TRY(bool taller, py::gt(hv, wv));
  return Value::boolean(taller);
}

// colorcount_t(grid: 'Grid', color: 'C_') -> 'Integer'
Value colorcount_t_impl(const Value* args, std::size_t) {
  // The sum of row.count(color) over the rows.
  PY_TRY(py::Iter rows, py::iter(args[0]));
  std::int64_t total = 0;
  while (const Value* row = rows.next()) {
    PY_TRY(std::int64_t n, row_count(*row, args[1]));
    total += n;
  }
  return Value::integer(total);
}

// colorcount_f(obj: 'Object', color: 'C_') -> 'Integer'
Value colorcount_f_impl(const Value* args, std::size_t) {
  // The number of cells whose colour == color (the operator: a NaN is not equal to itself).
  const Value& obj = args[0];
  const Value& color = args[1];
  std::int64_t total = 0;
  if (obj.is_tuple() || obj.is_frozenset()) {
    const bool direct = each_element(obj, [&](const Value& e) {
      if (!e.is_tuple() || py::as_tuple(e).size != 3)
        return false;
      total += py::op_eq(py::as_tuple(e)[2], color) ? 1 : 0;
      return true;
    });
    if (direct)
      return Value::integer(total);
    total = 0;
  }
  PY_TRY(py::Iter it, py::iter(obj));
  Value parts[3];
  while (const Value* e = it.next()) {
    PY_CHECK(py::unpack(*e, parts, 3));
    total += py::op_eq(parts[2], color) ? 1 : 0;
  }
  return Value::integer(total);
}

/// The colour every cell of a pending object holds, when they are all cells (i, j, c) of one
/// int colour: then the first cell's colour is known without building the object's table.
std::optional<std::int64_t> uniform_pending_colour(const Value& obj) {
  if (!obj.is_frozenset() || !py::is_pending(obj) || py::set_size(obj) == 0)
    return std::nullopt;
  const py::PendingTable* pending = py::as_frozenset(obj).pending.load(std::memory_order_acquire);
  if (pending != nullptr && pending->uniform_int != nullptr)
    return pending->uniform_int(*pending, 2);
  std::optional<std::int64_t> colour;
  const bool uniform = py::all_members(obj, [&](const py::SetEntry& e) {
    if (!e.key.is_tuple() || py::as_tuple(e.key).size != 3 ||
        !py::as_tuple(e.key)[2].is(py::Kind::Int))
      return false;
    const std::int64_t c = py::as_tuple(e.key)[2].as_int();
    if (!colour)
      colour = c;
    return *colour == c;
  });
  return uniform ? colour : std::nullopt;
}

// colorfilter(objs: 'Objects', color: 'C_') -> 'Objects'
Value colorfilter_impl(const Value* args, std::size_t) {
  // The objects whose first cell (in iteration order) has item 2 == color; an empty object
  // raises (next() of an empty iterator).
  PY_TRY(py::Iter it, py::iter(args[0]));
  py::SetTable kept;
  while (const Value* obj = it.next()) {
    if (const auto colour = uniform_pending_colour(*obj)) {
      if (py::op_eq(Value::integer(*colour), args[1]))
        kept.add(*obj);
      continue;
    }
    PY_TRY(py::Iter cells, py::iter(*obj));
    const Value* first = cells.next();
    if (first == nullptr) // next() of nothing, inside a generator: RuntimeError (PEP 479)
      return py::Error{py::Exc::RuntimeError, "generator raised StopIteration"};
    PY_TRY(Value c, py::getitem(*first, std::int64_t{2}));
    if (py::op_eq(c, args[1]))
      kept.add(*obj);
  }
  return py::make_frozenset(std::move(kept));
}

// colorfilter_t(objs: 'TTT_iii', color: 'Integer') -> 'TTT_iii'
Value colorfilter_t_impl(const Value* args, std::size_t) {
  PY_TRY(py::Iter it, py::iter(args[0]));
  py::TupleBuilder kept;
  while (const Value* obj = it.next()) {
    PY_TRY(Value cell, py::getitem(*obj, std::int64_t{0}));
    PY_TRY(Value c, py::getitem(cell, std::int64_t{2}));
    if (py::op_eq(c, args[1]))
      kept.push(*obj);
  }
  return kept.finish();
}

// sizefilter(container: 'Container', n: 'Integer') -> 'Object'
Value sizefilter_impl(const Value* args, std::size_t) {
  if (args[0].is_frozenset()) {
    // The elements kept go to the new set with the hashes the container's table holds, so
    // that an element is read only for its length.
    py::SetTable kept;
    py::Error failed{py::Exc::None, ""};
    py::as_set_table(args[0]).all_entries([&](const py::SetEntry& e) {
      const py::Result<std::int64_t> n = py::len(e.key);
      if (!n.ok()) {
        failed = n.error();
        return false;
      }
      if (py::op_eq(Value::integer(*n), args[1]))
        kept.add_entry(e.key, e.hash);
      return true;
    });
    if (failed.type != py::Exc::None)
      return failed;
    return py::make_frozenset(std::move(kept));
  }
  PY_TRY(py::Iter it, py::iter(args[0]));
  py::SetTable kept;
  while (const Value* item = it.next()) {
    PY_TRY(std::int64_t n, py::len(*item));
    if (py::op_eq(Value::integer(n), args[1]))
      kept.add(*item);
  }
  return py::make_frozenset(std::move(kept));
}

// sizefilter_t(container: 'Tuple', n: 'Integer') -> 'Tuple'
Value sizefilter_t_impl(const Value* args, std::size_t) {
  PY_TRY(py::Iter it, py::iter(args[0]));
  py::TupleBuilder kept;
  while (const Value* item = it.next()) {
    PY_TRY(std::int64_t n, py::len(*item));
    if (py::op_eq(Value::integer(n), args[1]))
      kept.push(*item);
  }
  return kept.finish();
}

// asindices(grid: 'Grid') -> 'Indices'
Value asindices_impl(const Value* args, std::size_t) {
  // Every (i, j) row by row; grid[0] is read only when there is a row.
  const Value& grid = args[0];
  PY_TRY(std::int64_t h, py::len(grid));
  if (h == 0)
    return py::empty_frozenset();
  PY_TRY(Value row, py::getitem(grid, std::int64_t{0}));
  PY_TRY(std::int64_t w, py::len(row));
  return all_indices(h, w);
}

// f_ofcolor(grid: 'Grid', color: 'C_') -> 'Indices'
Value f_ofcolor_impl(const Value* args, std::size_t) {
  // Every (i, j) whose cell == color, row by row.
  const Value& grid = args[0];
  const Value& color = args[1];
  py::SetTable found;
  if (grid.is_tuple()) {
    // The pairs in the order the loop adds them; a set of many is left pending (its order
    // is that of adding them, built only if read), a few go into a table at once.
    constexpr std::size_t kPendingFrom = 8;
    std::vector<std::int32_t> pairs; // i, j, i, j, ...
    auto add = [&](std::uint32_t i, std::uint32_t j) {
      pairs.push_back(static_cast<std::int32_t>(i));
      pairs.push_back(static_cast<std::int32_t>(j));
    };
    const py::TupleObject& g = py::as_tuple(grid);
    if (g.size > 0 && g[0].is_tuple())
      pairs.reserve(2 * std::size_t{g.size} * py::as_tuple(g[0]).size);
    bool direct = true;
    for (std::uint32_t i = 0; i < g.size && direct; ++i) {
      if (!g[i].is_tuple()) {
        direct = false;
        break;
      }
      const py::TupleObject& r = py::as_tuple(g[i]);
      if (color.is(py::Kind::Int) && r.ints_only) {
        const std::int64_t c = color.as_int();
        for (std::uint32_t j = 0; j < r.size; ++j)
          if (r[j].as_int() == c)
            add(i, j);
      } else if (color.is(py::Kind::Int)) {
        const std::int64_t c = color.as_int();
        for (std::uint32_t j = 0; j < r.size; ++j) {
          const Value& v = r[j];
          if (v.is(py::Kind::Int) ? v.as_int() == c : py::op_eq(v, color))
            add(i, j);
        }
      } else {
        for (std::uint32_t j = 0; j < r.size; ++j)
          if (py::op_eq(r[j], color))
            add(i, j);
      }
    }
    if (direct) {
      if (pairs.size() >= 2 * kPendingFrom &&
          py::pending_tables_enabled().load(std::memory_order_relaxed))
        return py::make_pending_frozenset(
            py::pending_int_pairs_in_insertion_order(std::move(pairs)));
      py::SetInserter inserter(found);
      for (std::size_t k = 0; k < pairs.size(); k += 2) {
        Value pair = py::pair_of(pairs[k], pairs[k + 1]); // a shared pair's hash is kept in it
        const std::int64_t hash = py::hash(pair);
        inserter.add(std::move(pair), hash);
      }
      inserter.finish();
      return py::make_frozenset(std::move(found));
    }
  }
  PY_TRY(py::Iter rows, py::iter(grid));
  std::int64_t i = 0;
  while (const Value* row = rows.next()) {
    PY_TRY(py::Iter cells, py::iter(*row));
    std::int64_t j = 0;
    while (const Value* v = cells.next()) {
      if (py::op_eq(*v, color))
        add_int_pair(found, i, j);
      ++j;
    }
    ++i;
  }
  return py::make_frozenset(std::move(found));
}

// corner(patch: 'Patch', type: 'R4') -> 'IJ'
Value corner_impl(const Value* args, std::size_t) {
  // One of the four corners chosen by `type == k`; the upper left one otherwise.
  const Value& type = args[1];
  static const py::Builtin* const kChoice[] = {&fn::ulcorner, &fn::urcorner, &fn::llcorner,
                                               &fn::lrcorner};
  for (std::int64_t k = 0; k < 4; ++k)
    if (py::op_eq(type, Value::integer(k)))
      return py::call(*kChoice[k], {args[0]});
  return py::call(fn::ulcorner, {args[0]});
}

// ulcorner(patch: 'Patch') -> 'IJ'
Value ulcorner_impl(const Value* args, std::size_t) {
  return corner_via(args[0], Via::Patch, kUl, true);
}

// ulcorner_i(indices: 'Indices') -> 'IJ'
Value ulcorner_i_impl(const Value* args, std::size_t) {
  return corner_via(args[0], Via::Indices, kUl, true);
}

// ulcorner_o(obj: 'Object') -> 'IJ'
Value ulcorner_o_impl(const Value* args, std::size_t) {
  return corner_via(args[0], Via::Object, kUl, true);
}

// urcorner(patch: 'Patch') -> 'IJ'
Value urcorner_impl(const Value* args, std::size_t) {
  return corner_via(args[0], Via::Patch, kUr, false);
}

// urcorner_i(indices: 'Indices') -> 'IJ'
Value urcorner_i_impl(const Value* args, std::size_t) {
  return corner_via(args[0], Via::Indices, kUr, false);
}

// urcorner_o(obj: 'Object') -> 'IJ'
Value urcorner_o_impl(const Value* args, std::size_t) {
  return corner_via(args[0], Via::Object, kUr, false);
}

// llcorner(patch: 'Patch') -> 'IJ'
Value llcorner_impl(const Value* args, std::size_t) {
  return corner_via(args[0], Via::Patch, kLl, false);
}

// llcorner_i(indices: 'Indices') -> 'IJ'
Value llcorner_i_impl(const Value* args, std::size_t) {
  return corner_via(args[0], Via::Indices, kLl, false);
}

// llcorner_o(obj: 'Object') -> 'IJ'
Value llcorner_o_impl(const Value* args, std::size_t) {
  return corner_via(args[0], Via::Object, kLl, false);
}

// lrcorner(patch: 'Patch') -> 'IJ'
Value lrcorner_impl(const Value* args, std::size_t) {
  return corner_via(args[0], Via::Patch, kLr, true);
}

// lrcorner_i(indices: 'Indices') -> 'IJ'
Value lrcorner_i_impl(const Value* args, std::size_t) {
  return corner_via(args[0], Via::Indices, kLr, true);
}

// lrcorner_o(obj: 'Object') -> 'IJ'
Value lrcorner_o_impl(const Value* args, std::size_t) {
  return corner_via(args[0], Via::Object, kLr, true);
}

// crop(grid: 'Grid', start: 'IJ', dims: 'IJ') -> 'Grid'
Value crop_impl(const Value* args, std::size_t) {
  // The rows start[0] .. start[0]+dims[0] sliced to columns start[1] .. start[1]+dims[1],
  // when the start lies in the grid and the end does not pass it; () otherwise.
  const Value& grid = args[0];
  const Value& start = args[1];
  const Value& dims = args[2];
  if (py::op_eq(grid, py::empty_tuple()))
    return py::empty_tuple();
  if (Value fast = crop_direct(grid, start, dims); fast.is_bound())
    return fast;
  PY_TRY(std::int64_t h, py::len(grid));
  PY_TRY(Value first_row, py::getitem(grid, std::int64_t{0}));
  PY_TRY(std::int64_t w, py::len(first_row));
  const Value hv = Value::integer(h), wv = Value::integer(w), zero = Value::integer(0);
  // The condition, clause by clause, stopping at the first false one.
  PY_TRY(Value s0, py::getitem(start, std::int64_t{0}));
  PY_TRY(bool c1, py::ge(s0, zero));
  if (!c1)
    return py::empty_tuple();
  PY_TRY(bool c2, py::lt(s0, hv));
  if (!c2)
    return py::empty_tuple();
  PY_TRY(Value s1, py::getitem(start, std::int64_t{1}));
  PY_TRY(bool c3, py::ge(s1, zero));
  if (!c3)
    return py::empty_tuple();
  PY_TRY(bool c4, py::lt(s1, wv));
  if (!c4)
    return py::empty_tuple();
  PY_TRY(Value d0, py::getitem(dims, std::int64_t{0}));
  PY_TRY(Value e0, py::add(s0, d0));
  PY_TRY(bool c5, py::le(e0, hv));
  if (!c5)
    return py::empty_tuple();
  PY_TRY(Value d1, py::getitem(dims, std::int64_t{1}));
  PY_TRY(Value e1, py::add(s1, d1));
  PY_TRY(bool c6, py::le(e1, wv));
  if (!c6)
    return py::empty_tuple();
  // grid[s0:e0]: slice bounds must be integers.
  PY_TRY(std::int64_t r0, py::as_index(s0));
  PY_TRY(std::int64_t r1, py::as_index(e0));
  PY_TRY(Value rows, py::getslice(grid, r0, r1));
  PY_TRY(py::Iter it, py::iter(rows));
  if (it.remaining() == 0)
    return py::empty_tuple();
  PY_TRY(std::int64_t k0, py::as_index(s1));
  PY_TRY(std::int64_t k1, py::as_index(e1));
  Value out = py::new_tuple(static_cast<std::size_t>(it.remaining()));
  Value* items = py::tuple_items(out);
  while (const Value* r = it.next()) {
    PY_TRY(Value cut, py::getslice(*r, k0, k1));
    *items++ = std::move(cut);
  }
  return out;
}

// recolor_i(color: 'C_', indices: 'Indices') -> 'Object'
Value recolor_i_impl(const Value* args, std::size_t) {
  // (i, j, color) for every (i, j) of toindices_i(indices), in its order.
  const Value& color = args[0];
  PY_TRY(Value indices, py::call(fn::toindices_i, {args[1]}));
  py::SetTable cells;
  if (indices.is_tuple() || indices.is_frozenset()) {
    const bool direct = each_element(indices, [&](const Value& e) {
      if (!e.is_tuple() || py::as_tuple(e).size != 2)
        return false;
      add_tuple(cells, triple(py::as_tuple(e)[0], py::as_tuple(e)[1], color));
      return true;
    });
    if (direct)
      return py::make_frozenset(std::move(cells));
    cells = py::SetTable();
  }
  PY_TRY(py::Iter it, py::iter(indices));
  Value parts[2];
  while (const Value* e = it.next()) {
    PY_CHECK(py::unpack(*e, parts, 2));
    add_tuple(cells, triple(parts[0], parts[1], color));
  }
  return py::make_frozenset(std::move(cells));
}

// recolor_o(color: 'C_', obj: 'Object') -> 'Object'
Value recolor_o_impl(const Value* args, std::size_t) {
  // As recolor_i over toindices_o(obj): the set of (i, j) comes first, with its own order.
  const Value& color = args[0];
  PY_TRY(Value indices, py::call(fn::toindices_o, {args[1]}));
  py::SetTable cells;
  PY_TRY(py::Iter it, py::iter(indices));
  Value parts[2];
  while (const Value* e = it.next()) {
    PY_CHECK(py::unpack(*e, parts, 2));
    add_tuple(cells, triple(parts[0], parts[1], color));
  }
  return py::make_frozenset(std::move(cells));
}

// shift(patch: 'Patch', directions: 'IJ') -> 'Patch'
Value shift_impl(const Value* args, std::size_t) {
  // Every element moved by (di, dj): as cells when the first element has 3 items, else as
  // pairs. A false patch gives frozenset(), directions () the patch itself.
  const Value& patch = args[0];
  const Value& directions = args[1];
  if (!py::truthy(patch))
    return py::empty_frozenset();
  if (py::op_eq(directions, py::empty_tuple()))
    return patch;
  Value d[2];
  PY_CHECK(py::unpack(directions, d, 2));
  PY_TRY(py::Iter it, py::iter(patch));
  const Value* first = it.next();
  if (first == nullptr)
    return py::Error{py::Exc::StopIteration, "empty patch"};
  PY_TRY(std::int64_t m, py::len(*first));
  return shifted(patch, d[0], d[1], m == 3 ? 3 : 2);
}

// normalize_i(indices: 'Indices') -> 'Indices'
Value normalize_i_impl(const Value* args, std::size_t) {
  // shift(indices, (-uppermost_i(indices), -leftmost_i(indices))) unless empty.
  const Value& x = args[0];
  PY_TRY(std::int64_t n, py::len(x));
  if (n == 0)
    return x;
  const CellBounds b = scan_cells(x);
  Value offset;
  if (b.arity == 2 && b.min_i != INT64_MIN && b.min_j != INT64_MIN && frames_fit(4)) {
    offset = int_pair(-b.min_i, -b.min_j);
  } else {
    PY_TRY(Value up, py::call(fn::uppermost_i, {x}));
    PY_TRY(Value di, py::neg(up));
    PY_TRY(Value lf, py::call(fn::leftmost_i, {x}));
    PY_TRY(Value dj, py::neg(lf));
    offset = py::tuple_of({std::move(di), std::move(dj)});
  }
  return py::call(fn::shift, {x, offset});
}

// normalize_o(obj: 'Object') -> 'Object'
Value normalize_o_impl(const Value* args, std::size_t) {
  // shift(obj, (-uppermost_o(obj), -leftmost_o(obj))) unless empty.
  const Value& x = args[0];
  PY_TRY(std::int64_t n, py::len(x));
  if (n == 0)
    return x;
  const CellBounds b = scan_cells(x);
  Value offset;
  if (b.arity == 3 && b.min_i != INT64_MIN && b.min_j != INT64_MIN && frames_fit(4)) {
    offset = int_pair(-b.min_i, -b.min_j);
  } else {
    PY_TRY(Value up, py::call(fn::uppermost_o, {x}));
    PY_TRY(Value di, py::neg(up));
    PY_TRY(Value lf, py::call(fn::leftmost_o, {x}));
    PY_TRY(Value dj, py::neg(lf));
    offset = py::tuple_of({std::move(di), std::move(dj)});
  }
  return py::call(fn::shift, {x, offset});
}

// dneighbors(loc: 'IJ') -> 'Indices'
Value dneighbors_impl(const Value* args, std::size_t) {
  return four_neighbours(args[0], kDirect);
}

// ineighbors(loc: 'IJ') -> 'Indices'
Value ineighbors_impl(const Value* args, std::size_t) {
  return four_neighbours(args[0], kDiagonal);
}

// neighbors(loc: 'IJ') -> 'Indices'
Value neighbors_impl(const Value* args, std::size_t) {
  // dneighbors(loc) | ineighbors(loc). Direct for a tuple of two ints: both sets built as
  // those functions build them, then united as `|` does.
  const Value& loc = args[0];
  if (loc.is_tuple()) {
    const py::TupleObject& t = py::as_tuple(loc);
    if (t.size >= 2 && t[0].is(py::Kind::Int) && t[1].is(py::Kind::Int) &&
        t[0].as_int() > INT64_MIN && t[0].as_int() < INT64_MAX && t[1].as_int() > INT64_MIN &&
        t[1].as_int() < INT64_MAX && frames_fit(2)) {
      py::SetTable direct, diagonal;
      for (const auto& o : kDirect)
        add_int_pair(direct, t[0].as_int() + o[0], t[1].as_int() + o[1]);
      for (const auto& o : kDiagonal)
        add_int_pair(diagonal, t[0].as_int() + o[0], t[1].as_int() + o[1]);
      return py::make_frozenset(py::SetTable::union_of(direct, diagonal));
    }
  }
  PY_TRY(Value direct, py::call(fn::dneighbors, {args[0]}));
  PY_TRY(Value diagonal, py::call(fn::ineighbors, {args[0]}));
  return py::bit_or(direct, diagonal);
}

} // namespace

namespace fn {
constinit const py::Builtin toindices{"toindices",          py::Dialect::Tokpidjin,          1, 1,
                                      &toindices_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/12};
constinit const py::Builtin toindices_i{"toindices_i",        py::Dialect::Tokpidjin,          1, 1,
                                        &toindices_i_impl,    py::SafeDefault::EmptyFrozenSet,
                                        /*memoize=*/false,
                                        /*default_frames=*/10};
constinit const py::Builtin toindices_o{"toindices_o",        py::Dialect::Tokpidjin,          1, 1,
                                        &toindices_o_impl,    py::SafeDefault::EmptyFrozenSet,
                                        /*memoize=*/false,
                                        /*default_frames=*/10};
constinit const py::Builtin shape_t{"shape_t", py::Dialect::Tokpidjin, 1,
                                    1,         &shape_t_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin shape_f{"shape_f", py::Dialect::Tokpidjin, 1,
                                    1,         &shape_f_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin portrait_t{"portrait_t",      py::Dialect::Tokpidjin, 1, 1,
                                       &portrait_t_impl,  py::SafeDefault::False,
                                       /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin portrait_f{"portrait_f",      py::Dialect::Tokpidjin, 1, 1,
                                       &portrait_f_impl,  py::SafeDefault::False,
                                       /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin colorcount_t{"colorcount_t",     py::Dialect::Tokpidjin, 2, 2,
                                         &colorcount_t_impl, py::SafeDefault::Zero,
                                         /*memoize=*/false,  /*default_frames=*/10};
constinit const py::Builtin colorcount_f{"colorcount_f",     py::Dialect::Tokpidjin, 2, 2,
                                         &colorcount_f_impl, py::SafeDefault::Zero,
                                         /*memoize=*/false,  /*default_frames=*/10};
constinit const py::Builtin colorfilter{"colorfilter",        py::Dialect::Tokpidjin,          2, 2,
                                        &colorfilter_impl,    py::SafeDefault::EmptyFrozenSet,
                                        /*memoize=*/false,
                                        /*default_frames=*/14};
constinit const py::Builtin colorfilter_t{"colorfilter_t",     py::Dialect::Tokpidjin,     2, 2,
                                          &colorfilter_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin sizefilter{"sizefilter",         py::Dialect::Tokpidjin,          2, 2,
                                       &sizefilter_impl,     py::SafeDefault::EmptyFrozenSet,
                                       /*memoize=*/false,
                                       /*default_frames=*/10};
constinit const py::Builtin sizefilter_t{"sizefilter_t",     py::Dialect::Tokpidjin,     2, 2,
                                         &sizefilter_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin asindices{"asindices",          py::Dialect::Tokpidjin,          1, 1,
                                      &asindices_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin f_ofcolor{"f_ofcolor",          py::Dialect::Tokpidjin,          2, 2,
                                      &f_ofcolor_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin corner{"corner", py::Dialect::Tokpidjin, 2,
                                   2,        &corner_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin ulcorner{"ulcorner",     py::Dialect::Tokpidjin,     1, 1,
                                     &ulcorner_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin ulcorner_i{"ulcorner_i",     py::Dialect::Tokpidjin,     1, 1,
                                       &ulcorner_i_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin ulcorner_o{"ulcorner_o",     py::Dialect::Tokpidjin,     1, 1,
                                       &ulcorner_o_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin urcorner{"urcorner",     py::Dialect::Tokpidjin,     1, 1,
                                     &urcorner_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin urcorner_i{"urcorner_i",     py::Dialect::Tokpidjin,     1, 1,
                                       &urcorner_i_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin urcorner_o{"urcorner_o",     py::Dialect::Tokpidjin,     1, 1,
                                       &urcorner_o_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin llcorner{"llcorner",     py::Dialect::Tokpidjin,     1, 1,
                                     &llcorner_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin llcorner_i{"llcorner_i",     py::Dialect::Tokpidjin,     1, 1,
                                       &llcorner_i_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin llcorner_o{"llcorner_o",     py::Dialect::Tokpidjin,     1, 1,
                                       &llcorner_o_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin lrcorner{"lrcorner",     py::Dialect::Tokpidjin,     1, 1,
                                     &lrcorner_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin lrcorner_i{"lrcorner_i",     py::Dialect::Tokpidjin,     1, 1,
                                       &lrcorner_i_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin lrcorner_o{"lrcorner_o",     py::Dialect::Tokpidjin,     1, 1,
                                       &lrcorner_o_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin crop{"crop",     py::Dialect::Tokpidjin,     3, 3,
                                 &crop_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin recolor_i{"recolor_i",          py::Dialect::Tokpidjin,          2, 2,
                                      &recolor_i_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin recolor_o{"recolor_o",          py::Dialect::Tokpidjin,          2, 2,
                                      &recolor_o_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
constinit const py::Builtin shift{
    "shift",           py::Dialect::Tokpidjin, 2, 2, &shift_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/15};
constinit const py::Builtin normalize_i{"normalize_i",        py::Dialect::Tokpidjin,          1, 1,
                                        &normalize_i_impl,    py::SafeDefault::EmptyFrozenSet,
                                        /*memoize=*/false,
                                        /*default_frames=*/10};
constinit const py::Builtin normalize_o{"normalize_o",        py::Dialect::Tokpidjin,          1, 1,
                                        &normalize_o_impl,    py::SafeDefault::EmptyFrozenSet,
                                        /*memoize=*/false,
                                        /*default_frames=*/10};
constinit const py::Builtin dneighbors{"dneighbors",         py::Dialect::Tokpidjin,          1, 1,
                                       &dneighbors_impl,     py::SafeDefault::EmptyFrozenSet,
                                       /*memoize=*/false,
                                       /*default_frames=*/10};
constinit const py::Builtin ineighbors{"ineighbors",         py::Dialect::Tokpidjin,          1, 1,
                                       &ineighbors_impl,     py::SafeDefault::EmptyFrozenSet,
                                       /*memoize=*/false,
                                       /*default_frames=*/10};
constinit const py::Builtin neighbors{"neighbors",          py::Dialect::Tokpidjin,          1, 1,
                                      &neighbors_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::toindices,     &fn::toindices_i, &fn::toindices_o,  &fn::shape_t,      &fn::shape_f,
    &fn::portrait_t,    &fn::portrait_f,  &fn::colorcount_t, &fn::colorcount_f, &fn::colorfilter,
    &fn::colorfilter_t, &fn::sizefilter,  &fn::sizefilter_t, &fn::asindices,    &fn::f_ofcolor,
    &fn::corner,        &fn::ulcorner,    &fn::ulcorner_i,   &fn::ulcorner_o,   &fn::urcorner,
    &fn::urcorner_i,    &fn::urcorner_o,  &fn::llcorner,     &fn::llcorner_i,   &fn::llcorner_o,
    &fn::lrcorner,      &fn::lrcorner_i,  &fn::lrcorner_o,   &fn::crop,         &fn::recolor_i,
    &fn::recolor_o,     &fn::shift,       &fn::normalize_i,  &fn::normalize_o,  &fn::dneighbors,
    &fn::ineighbors,    &fn::neighbors,
};
} // namespace

std::span<const py::Builtin* const> patches_family() {
  return kFamily;
}

} // namespace battgpu::dialects::tokpidjin
