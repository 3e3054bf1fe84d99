// tokpidjin dialect: the "measures" functions.
#include "measures.hpp"
#include "value_building.hpp"

#include "patches.hpp"

#include "battgpu/py/patch_bounds.hpp"
#include "battgpu/py/py.hpp"

#include <cstdint>
#include <vector>

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Value;

// ---- helpers ----

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

/// Which conversion to indices a measure goes through.
enum class Via { Patch, Indices, Object }; // toindices, toindices_i, toindices_o

/// Whether the scanned shape is one for which the conversion then `for i, j in ...` succeeds.
bool fits(const CellBounds& b, Via via) {
  switch (via) {
  case Via::Patch:
    return b.arity != 0;
  case Via::Indices:
    return b.arity == 2;
  case Via::Object:
    return b.arity == 3;
  }
  return false;
}

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

/// `max(x[k] for x_0, x_1 in iterable)` (or min): the first extreme in iteration order.
Value extreme_coordinate(const Value& iterable, std::size_t k, bool want_max) {
  PY_TRY(py::Iter it, py::iter(iterable));
  Value parts[2];
  Value best;
  bool have = false;
  const py::CompareOp op = want_max ? py::CompareOp::Gt : py::CompareOp::Lt;
  while (const Value* e = it.next()) {
    PY_CHECK(py::unpack(*e, parts, 2));
    if (!have) {
      best = std::move(parts[k]);
      have = true;
      continue;
    }
    PY_TRY(bool better, py::compare(parts[k], best, op));
    if (better)
      best = std::move(parts[k]);
  }
  if (!have)
    return py::Error{py::Exc::ValueError, "max() arg is an empty sequence"};
  return best;
}

/// lowermost / uppermost / leftmost / rightmost and their _i and _o forms: the extreme row
/// (k = 0) or column (k = 1) of the indices; math.nan for a false argument when `guarded`.
Value coordinate_extreme(const Value& x, Via via, std::size_t k, bool want_max, bool guarded) {
  if (guarded && !py::truthy(x))
    return py::math_nan();
  const CellBounds b = scan_cells(x);
  if (fits(b, via) && frames_fit(2)) {
    if (k == 0)
      return Value::integer(want_max ? b.max_i : b.min_i);
    return Value::integer(want_max ? b.max_j : b.min_j);
  }
  PY_TRY(Value indices, py::call(to_indices_fn(via), {x}));
  return extreme_coordinate(indices, k, want_max);
}

/// height_f / width_f and their _i and _o forms: `0 if len(x) == 0 else hi(x) - lo(x) + 1`.
Value extent(const Value& x, Via via, bool rows, const py::Builtin& hi, const py::Builtin& lo) {
  PY_TRY(std::int64_t n, py::len(x));
  if (n == 0)
    return Value::integer(0);
  const CellBounds b = scan_cells(x);
  if (fits(b, via) && frames_fit(4)) {
    std::int64_t d = 0;
    if (!__builtin_sub_overflow(rows ? b.max_i : b.max_j, rows ? b.min_i : b.min_j, &d) &&
        d < INT64_MAX)
      return Value::integer(d + 1);
  }
  PY_TRY(Value high, py::call(hi, {x}));
  PY_TRY(Value low, py::call(lo, {x}));
  PY_TRY(Value d, py::sub(high, low));
  return py::add(d, Value::integer(1));
}

/// `max(set(values), key=values.count)` (or min): the set is iterated in its table's order
/// and the first element with the extreme count wins.
Value pick_by_count(const std::vector<Value>& values, bool want_max) {
  py::SetTable distinct;
  for (const Value& v : values)
    distinct.add(v);
  // list.count(e) counts the values equal to e (identity first). Each value equals exactly the
  // element of the set it was merged into (equal values hash alike, and equality among the
  // DSL's values is transitive but for NaNs, which compare by identity), so one pass over the
  // values, looking each up, gives every count.
  std::vector<std::int64_t> counts(static_cast<std::size_t>(distinct.mask() + 1), 0);
  for (const Value& v : values)
    ++counts[static_cast<std::size_t>(distinct.find(v))];
  Value best;
  std::int64_t best_count = 0;
  bool have = false;
  for (std::int64_t i = 0; i <= distinct.mask(); ++i) {
    const py::SetEntry& e = distinct.slot(i);
    if (e.key.kind() == py::Kind::Unbound || e.key.kind() == py::Kind::Dummy)
      continue;
    const std::int64_t c = counts[static_cast<std::size_t>(i)];
    if (!have || (want_max ? c > best_count : c < best_count)) {
      best = e.key;
      best_count = c;
      have = true;
    }
  }
  return best;
}

/// The same for values that are all ints in [0, kSmall): counted in an array, the set built
/// from first appearances (adding a value already present leaves a table unchanged).
constexpr std::int64_t kSmall = 64;
struct SmallCounts {
  std::int64_t count[kSmall] = {};
  std::int64_t order[kSmall];
  std::int64_t distinct = 0;
  std::int64_t total = 0;
  bool add(const Value& v) {
    if (!v.is(py::Kind::Int))
      return false;
    const std::int64_t c = v.as_int();
    if (c < 0 || c >= kSmall)
      return false;
    if (count[c]++ == 0)
      order[distinct++] = c;
    ++total;
    return true;
  }
  Value pick(bool want_max) const {
    py::SetTable t;
    for (std::int64_t i = 0; i < distinct; ++i)
      t.add(Value::integer(order[i]));
    std::int64_t best = 0, best_count = 0;
    bool have = false;
    t.for_each([&](const Value& e) {
      const std::int64_t c = count[e.as_int()];
      if (!have || (want_max ? c > best_count : c < best_count)) {
        best = e.as_int();
        best_count = c;
        have = true;
      }
    });
    return Value::integer(best);
  }
};

/// The cells of a grid read directly when it is a tuple of tuples of small ints.
bool small_grid_counts(const Value& grid, SmallCounts& sc) {
  if (!grid.is_tuple())
    return false;
  for (const Value& row : py::as_tuple(grid)) {
    if (!row.is_tuple())
      return false;
    for (const Value& v : py::as_tuple(row))
      if (!sc.add(v))
        return false;
  }
  return true;
}

/// The colours of an object read directly when its cells are 3-tuples with small int colours.
bool small_object_counts(const Value& obj, SmallCounts& sc) {
  if (!obj.is_tuple() && !obj.is_frozenset())
    return false;
  return each_element(obj, [&](const Value& e) {
    return e.is_tuple() && py::as_tuple(e).size == 3 && sc.add(py::as_tuple(e)[2]);
  });
}

/// `[v for r in grid for v in r]`.
py::Result<std::vector<Value>> grid_values(const Value& grid) {
  PY_TRY(py::Iter rows, py::iter(grid));
  std::vector<Value> values;
  while (const Value* row = rows.next()) {
    PY_TRY(py::Iter cells, py::iter(*row));
    while (const Value* v = cells.next())
      values.push_back(*v);
  }
  return values;
}

/// `[v for _, _, v in obj]`.
py::Result<std::vector<Value>> object_values(const Value& obj) {
  PY_TRY(py::Iter it, py::iter(obj));
  std::vector<Value> values;
  Value parts[3];
  while (const Value* e = it.next()) {
    PY_CHECK(py::unpack(*e, parts, 3));
    values.push_back(std::move(parts[2]));
  }
  return values;
}

Value grid_colour(const Value& grid, bool want_max) {
  SmallCounts sc;
  if (small_grid_counts(grid, sc))
    return sc.total == 0 ? py::math_nan() : sc.pick(want_max);
  PY_TRY(std::vector<Value> values, grid_values(grid));
  return values.empty() ? py::math_nan() : pick_by_count(values, want_max);
}

Value object_colour(const Value& obj, bool want_max) {
  SmallCounts sc;
  if (small_object_counts(obj, sc))
    return sc.total == 0 ? py::math_nan() : sc.pick(want_max);
  PY_TRY(std::vector<Value> values, object_values(obj));
  return values.empty() ? py::math_nan() : pick_by_count(values, want_max);
}

/// normalize and normalize_i / normalize_o: `shift(x, (-top(x), -left(x)))` unless empty.
Value normalize_via(const Value& x, Via via, const py::Builtin& top, const py::Builtin& left) {
  PY_TRY(std::int64_t n, py::len(x));
  if (n == 0)
    return x;
  const CellBounds b = scan_cells(x);
  Value offset;
  if (fits(b, via) && b.min_i != INT64_MIN && b.min_j != INT64_MIN && frames_fit(4)) {
    offset = py::pair_of(-b.min_i, -b.min_j);
  } else {
    PY_TRY(Value up, py::call(top, {x}));
    PY_TRY(Value di, py::neg(up));
    PY_TRY(Value lf, py::call(left, {x}));
    PY_TRY(Value dj, py::neg(lf));
    offset = py::tuple_of({std::move(di), std::move(dj)});
  }
  return py::call(fn::shift, {x, offset});
}

// ---- the functions, in the order of dsl.py ----

// mostcolor_t(grid: 'Grid') -> 'Integer'
Value mostcolor_t_impl(const Value* args, std::size_t) {
  return grid_colour(args[0], true);
}

// mostcolor_f(obj: 'Object') -> 'Integer'
Value mostcolor_f_impl(const Value* args, std::size_t) {
  return object_colour(args[0], true);
}

// leastcolor_t(grid: 'Grid') -> 'Integer'
Value leastcolor_t_impl(const Value* args, std::size_t) {
  return grid_colour(args[0], false);
}

// leastcolor_f(obj: 'Object') -> 'Integer'
Value leastcolor_f_impl(const Value* args, std::size_t) {
  return object_colour(args[0], false);
}

// height_t(piece: 'Tuple') -> 'Integer'
Value height_t_impl(const Value* args, std::size_t) {
  PY_TRY(std::int64_t n, py::len(args[0]));
  return Value::integer(n);
}

// height_f(piece: 'Indices') -> 'Integer'
Value height_f_impl(const Value* args, std::size_t) {
  return extent(args[0], Via::Patch, true, fn::lowermost, fn::uppermost);
}

// height_i(piece: 'Indices') -> 'Integer'
Value height_i_impl(const Value* args, std::size_t) {
  return extent(args[0], Via::Indices, true, fn::lowermost_i, fn::uppermost_i);
}

// height_o(piece: 'Object') -> 'Integer'
Value height_o_impl(const Value* args, std::size_t) {
  return extent(args[0], Via::Object, true, fn::lowermost_o, fn::uppermost_o);
}

// width_t(piece: 'Tuple') -> 'Integer'
Value width_t_impl(const Value* args, std::size_t) {
  // The length of the first row; 0 for a false argument.
  const Value& piece = args[0];
  if (!py::truthy(piece))
    return Value::integer(0);
  PY_TRY(Value row, py::getitem(piece, std::int64_t{0}));
  PY_TRY(std::int64_t n, py::len(row));
  return Value::integer(n);
}

// width_f(piece: 'Indices') -> 'Integer'
Value width_f_impl(const Value* args, std::size_t) {
  return extent(args[0], Via::Patch, false, fn::rightmost, fn::leftmost);
}

// width_i(piece: 'Indices') -> 'Integer'
Value width_i_impl(const Value* args, std::size_t) {
  return extent(args[0], Via::Indices, false, fn::rightmost_i, fn::leftmost_i);
}

// width_o(piece: 'Object') -> 'Integer'
Value width_o_impl(const Value* args, std::size_t) {
  return extent(args[0], Via::Object, false, fn::rightmost_o, fn::leftmost_o);
}

// col_row(patch: 'Patch', type: 'R4') -> 'Integer'
Value col_row_impl(const Value* args, std::size_t) {
  // One of four extremes chosen by `type == k`; None when type is none of 0..3.
  const Value& type = args[1];
  static const py::Builtin* const kChoice[] = {&fn::lowermost, &fn::uppermost, &fn::leftmost,
                                               &fn::rightmost};
  for (std::int64_t k = 0; k < 4; ++k)
    if (py::op_eq(type, Value::integer(k)))
      return py::call(*kChoice[k], {args[0]});
  return Value::none();
}

// lowermost(patch: 'Patch') -> 'Integer'
Value lowermost_impl(const Value* args, std::size_t) {
  return coordinate_extreme(args[0], Via::Patch, 0, true, true);
}

// lowermost_i(indices: 'Indices') -> 'Integer'
Value lowermost_i_impl(const Value* args, std::size_t) {
  return coordinate_extreme(args[0], Via::Indices, 0, true, true);
}

// lowermost_o(obj: 'Object') -> 'Integer'
Value lowermost_o_impl(const Value* args, std::size_t) {
  return coordinate_extreme(args[0], Via::Object, 0, true, true);
}

// uppermost(patch: 'Patch') -> 'Integer'
Value uppermost_impl(const Value* args, std::size_t) {
  return coordinate_extreme(args[0], Via::Patch, 0, false, true);
}

// uppermost_i(indices: 'Indices') -> 'Integer'
Value uppermost_i_impl(const Value* args, std::size_t) {
  return coordinate_extreme(args[0], Via::Indices, 0, false, true);
}

// uppermost_o(obj: 'Object') -> 'Integer'
Value uppermost_o_impl(const Value* args, std::size_t) {
  return coordinate_extreme(args[0], Via::Object, 0, false, true);
}

// leftmost(patch: 'Patch') -> 'Integer'
Value leftmost_impl(const Value* args, std::size_t) {
  return coordinate_extreme(args[0], Via::Patch, 1, false, true);
}

// leftmost_i(indices: 'Indices') -> 'Integer'
Value leftmost_i_impl(const Value* args, std::size_t) {
  return coordinate_extreme(args[0], Via::Indices, 1, false, true);
}

// leftmost_o(obj: 'Object') -> 'Integer'
Value leftmost_o_impl(const Value* args, std::size_t) {
  return coordinate_extreme(args[0], Via::Object, 1, false, true);
}

// rightmost(patch: 'Patch') -> 'Integer'
Value rightmost_impl(const Value* args, std::size_t) {
  return coordinate_extreme(args[0], Via::Patch, 1, true, true);
}

// rightmost_i(indices: 'Indices') -> 'Integer'
Value rightmost_i_impl(const Value* args, std::size_t) {
  // Unlike the others, no math.nan for an empty argument: max() of nothing raises.
  return coordinate_extreme(args[0], Via::Indices, 1, true, false);
}

// rightmost_o(obj: 'Object') -> 'Integer'
Value rightmost_o_impl(const Value* args, std::size_t) {
  return coordinate_extreme(args[0], Via::Object, 1, true, false);
}

// palette_t(element: 'Tuple') -> 'IntegerSet'
Value palette_t_impl(const Value* args, std::size_t) {
  // Every cell added row by row. For small ints only first appearances are added: adding a
  // value already present leaves the table as it was.
  const Value& grid = args[0];
  py::SetTable colours;
  if (grid.is_tuple()) {
    std::uint64_t seen = 0;
    bool direct = true;
    for (const Value& row : py::as_tuple(grid)) {
      if (!row.is_tuple()) {
        direct = false;
        break;
      }
      for (const Value& v : py::as_tuple(row)) {
        if (v.is(py::Kind::Int) && v.as_int() >= 0 && v.as_int() < 64) {
          const std::uint64_t bit = std::uint64_t{1} << v.as_int();
          if ((seen & bit) == 0) {
            seen |= bit;
            colours.add(v);
          }
        } else {
          colours.add(v);
        }
      }
    }
    if (direct)
      return py::make_frozenset(std::move(colours));
    colours = py::SetTable();
  }
  PY_TRY(py::Iter rows, py::iter(grid));
  while (const Value* row = rows.next()) {
    PY_TRY(py::Iter cells, py::iter(*row));
    while (const Value* v = cells.next())
      colours.add(*v);
  }
  return py::make_frozenset(std::move(colours));
}

// palette_f(element: 'FrozenSet') -> 'IntegerSet'
Value palette_f_impl(const Value* args, std::size_t) {
  // The third item of every element, each element unpacked into exactly three.
  const Value& obj = args[0];
  py::SetTable colours;
  if (obj.is_tuple() || obj.is_frozenset()) {
    const bool direct = each_element(obj, [&](const Value& e) {
      if (!e.is_tuple() || py::as_tuple(e).size != 3)
        return false;
      colours.add(py::as_tuple(e)[2]);
      return true;
    });
    if (direct)
      return py::make_frozenset(std::move(colours));
    colours = py::SetTable();
  }
  PY_TRY(py::Iter it, py::iter(obj));
  Value parts[3];
  while (const Value* e = it.next()) {
    PY_CHECK(py::unpack(*e, parts, 3));
    colours.add(std::move(parts[2]));
  }
  return py::make_frozenset(std::move(colours));
}

// normalize_t(piece: 'Tuple') -> 'Tuple'
Value normalize_t_impl(const Value* args, std::size_t) {
  return args[0];
}

// normalize(indices: 'Indices') -> 'Indices'
Value normalize_impl(const Value* args, std::size_t) {
  return normalize_via(args[0], Via::Patch, fn::uppermost, fn::leftmost);
}

} // namespace

namespace fn {
constinit const py::Builtin mostcolor_t{"mostcolor_t",     py::Dialect::Tokpidjin, 1, 1,
                                        &mostcolor_t_impl, py::SafeDefault::Zero,
                                        /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin mostcolor_f{"mostcolor_f",     py::Dialect::Tokpidjin, 1, 1,
                                        &mostcolor_f_impl, py::SafeDefault::Zero,
                                        /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin leastcolor_t{"leastcolor_t",     py::Dialect::Tokpidjin, 1, 1,
                                         &leastcolor_t_impl, py::SafeDefault::Zero,
                                         /*memoize=*/false,  /*default_frames=*/10};
constinit const py::Builtin leastcolor_f{"leastcolor_f",     py::Dialect::Tokpidjin, 1, 1,
                                         &leastcolor_f_impl, py::SafeDefault::Zero,
                                         /*memoize=*/false,  /*default_frames=*/10};
constinit const py::Builtin height_t{"height_t",        py::Dialect::Tokpidjin, 1, 1,
                                     &height_t_impl,    py::SafeDefault::Zero,
                                     /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin height_f{"height_f",        py::Dialect::Tokpidjin, 1, 1,
                                     &height_f_impl,    py::SafeDefault::Zero,
                                     /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin height_i{"height_i",        py::Dialect::Tokpidjin, 1, 1,
                                     &height_i_impl,    py::SafeDefault::Zero,
                                     /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin height_o{"height_o",        py::Dialect::Tokpidjin, 1, 1,
                                     &height_o_impl,    py::SafeDefault::Zero,
                                     /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin width_t{"width_t",         py::Dialect::Tokpidjin, 1, 1,
                                    &width_t_impl,     py::SafeDefault::Zero,
                                    /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin width_f{"width_f",         py::Dialect::Tokpidjin, 1, 1,
                                    &width_f_impl,     py::SafeDefault::Zero,
                                    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin width_i{"width_i",         py::Dialect::Tokpidjin, 1, 1,
                                    &width_i_impl,     py::SafeDefault::Zero,
                                    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin width_o{"width_o",         py::Dialect::Tokpidjin, 1, 1,
                                    &width_o_impl,     py::SafeDefault::Zero,
                                    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin col_row{"col_row", py::Dialect::Tokpidjin, 2,
                                    2,         &col_row_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin lowermost{"lowermost",       py::Dialect::Tokpidjin, 1, 1,
                                      &lowermost_impl,   py::SafeDefault::Zero,
                                      /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin lowermost_i{"lowermost_i",     py::Dialect::Tokpidjin, 1, 1,
                                        &lowermost_i_impl, py::SafeDefault::Zero,
                                        /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin lowermost_o{"lowermost_o",     py::Dialect::Tokpidjin, 1, 1,
                                        &lowermost_o_impl, py::SafeDefault::Zero,
                                        /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin uppermost{"uppermost",       py::Dialect::Tokpidjin, 1, 1,
                                      &uppermost_impl,   py::SafeDefault::Zero,
                                      /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin uppermost_i{"uppermost_i",     py::Dialect::Tokpidjin, 1, 1,
                                        &uppermost_i_impl, py::SafeDefault::Zero,
                                        /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin uppermost_o{"uppermost_o",     py::Dialect::Tokpidjin, 1, 1,
                                        &uppermost_o_impl, py::SafeDefault::Zero,
                                        /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin leftmost{"leftmost",        py::Dialect::Tokpidjin, 1, 1,
                                     &leftmost_impl,    py::SafeDefault::Zero,
                                     /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin leftmost_i{"leftmost_i",      py::Dialect::Tokpidjin, 1, 1,
                                       &leftmost_i_impl,  py::SafeDefault::Zero,
                                       /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin leftmost_o{"leftmost_o",      py::Dialect::Tokpidjin, 1, 1,
                                       &leftmost_o_impl,  py::SafeDefault::Zero,
                                       /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin rightmost{"rightmost",       py::Dialect::Tokpidjin, 1, 1,
                                      &rightmost_impl,   py::SafeDefault::Zero,
                                      /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin rightmost_i{"rightmost_i",     py::Dialect::Tokpidjin, 1, 1,
                                        &rightmost_i_impl, py::SafeDefault::Zero,
                                        /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin rightmost_o{"rightmost_o",     py::Dialect::Tokpidjin, 1, 1,
                                        &rightmost_o_impl, py::SafeDefault::Zero,
                                        /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin palette_t{"palette_t",         py::Dialect::Tokpidjin,          1, 1,
                                      &palette_t_impl,     py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/8};
constinit const py::Builtin palette_f{"palette_f",         py::Dialect::Tokpidjin,          1, 1,
                                      &palette_f_impl,     py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/8};
constinit const py::Builtin normalize_t{"normalize_t",     py::Dialect::Tokpidjin,     1, 1,
                                        &normalize_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin normalize{"normalize",          py::Dialect::Tokpidjin,          1, 1,
                                      &normalize_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/10};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::mostcolor_t, &fn::mostcolor_f, &fn::leastcolor_t, &fn::leastcolor_f, &fn::height_t,
    &fn::height_f,    &fn::height_i,    &fn::height_o,     &fn::width_t,      &fn::width_f,
    &fn::width_i,     &fn::width_o,     &fn::col_row,      &fn::lowermost,    &fn::lowermost_i,
    &fn::lowermost_o, &fn::uppermost,   &fn::uppermost_i,  &fn::uppermost_o,  &fn::leftmost,
    &fn::leftmost_i,  &fn::leftmost_o,  &fn::rightmost,    &fn::rightmost_i,  &fn::rightmost_o,
    &fn::palette_t,   &fn::palette_f,   &fn::normalize_t,  &fn::normalize,
};
} // namespace

std::span<const py::Builtin* const> measures_family() {
  return kFamily;
}

} // namespace battgpu::dialects::tokpidjin
