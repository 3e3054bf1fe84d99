// tokpidjin dialect: the "objects" functions.
#include "objects.hpp"
#include "int_grid.hpp"

#include "battgpu/dialects/objects_request.hpp"
#include "battgpu/py/py.hpp"
#include "measures.hpp"
#include "patches.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Value;

// ---------------------------------------------------------------------------------------------
// Shared helpers.

py::Error recursion_error() {
  return py::Error{py::Exc::RecursionError, "maximum recursion depth exceeded"};
}

Value inf_value(bool negative) {
  return Value::floating(negative ? -INFINITY : INFINITY);
}

/// `frozenset(s)` of a set `s` built by additions alone, consuming `s`. The copy is a set_merge
/// into an empty table, which copies the table slot for slot when it has the same size as s's
/// (and s has no deleted slots); then s's own table is the result.
Value freeze(py::SetTable&& s) {
  std::int64_t size = py::SetTable::kMinSize;
  if (s.size() * 5 >= (size - 1) * 3)
    while (size <= s.size() * 2)
      size <<= 1;
  if (s.mask() == size - 1 && s.fill() == s.size())
    return py::make_frozenset(std::move(s));
  return py::frozenset_of_set(s);
}

/// `0 <= x < bound`, evaluated as Python chains it (the second test only when the first holds).
py::Result<bool> in_range(const Value& x, std::int64_t bound) {
  if (x.is_int_like())
    return x.as_int() >= 0 && x.as_int() < bound;
  PY_TRY(bool low, py::le(Value::integer(0), x));
  if (!low)
    return false;
  return py::lt(x, Value::integer(bound));
}

/// A fresh tuple of three values.
Value triple(Value a, Value b, Value c) {
  Value t = py::new_tuple(3);
  Value* items = py::tuple_items(t);
  items[0] = std::move(a);
  items[1] = std::move(b);
  items[2] = std::move(c);
  return t;
}

Value pair(Value a, Value b) {
  Value t = py::new_tuple(2);
  Value* items = py::tuple_items(t);
  items[0] = std::move(a);
  items[1] = std::move(b);
  return t;
}

/// The cell `(a, b, c)`: for three ints, py::cell_of's tuple (shared for the cells of ARC
/// grids, its hash made once); otherwise a new tuple of the values themselves (bools stay bools).
Value make_cell(Value a, Value b, Value c) {
  if (a.is(py::Kind::Int) && b.is(py::Kind::Int) && c.is(py::Kind::Int))
    return py::cell_of(a.as_int(), b.as_int(), c.as_int());
  return triple(std::move(a), std::move(b), std::move(c));
}

/// Numbers the distinct ints of a sequence in order of first appearance (colours are small,
/// so those get an array; other values a hash map).
class ValueIndex {
public:
  /// The number of `v`, or -1 when it has none yet.
  std::int32_t find(std::int64_t v) const {
    if (v >= 0 && v < kSmall)
      return small_[v];
    auto it = others_.find(v);
    return it == others_.end() ? -1 : it->second;
  }
  /// The number of `v`, giving it the next one when it is new.
  std::int32_t intern(std::int64_t v) {
    std::int32_t* slot;
    if (v >= 0 && v < kSmall)
      slot = &small_[v];
    else
      slot = &others_.try_emplace(v, -1).first->second;
    if (*slot < 0) {
      *slot = static_cast<std::int32_t>(values_.size());
      values_.push_back(v);
    }
    return *slot;
  }
  const std::vector<std::int64_t>& values() const { return values_; }

private:
  static constexpr std::int64_t kSmall = 16;
  std::int32_t small_[kSmall] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
  std::unordered_map<std::int64_t, std::int32_t> others_;
  std::vector<std::int64_t> values_;
};

// ---------------------------------------------------------------------------------------------
// Well-formed grids of ints (IntGrid, int_grid.hpp).

/// mostcolor_t of a well-formed int grid: `max(set(values), key=values.count)`. Adding a value
/// already present changes nothing, so set(values) is the set of the distinct values added in
/// order of first appearance; max keeps the first of equal counts in that set's order.
std::int64_t int_grid_mostcolor(const IntGrid& g) {
  // Colours of -128..127 (every ARC grid's) counted through a table of 256.
  thread_local std::vector<std::int64_t> small_values, small_counts;
  small_values.clear();
  small_counts.clear();
  std::int16_t slot[256];
  std::fill_n(slot, 256, std::int16_t{-1});
  bool small = true;
  for (std::int64_t v : g.cells) {
    if (v < -128 || v > 127) {
      small = false;
      break;
    }
    std::int16_t& k = slot[v + 128];
    if (k < 0) {
      k = static_cast<std::int16_t>(small_values.size());
      small_values.push_back(v);
      small_counts.push_back(0);
    }
    ++small_counts[static_cast<std::size_t>(k)];
  }
  if (small)
    return dialects::most_common_of_ints(small_values, small_counts);
  ValueIndex index;
  std::vector<std::int64_t> counts;
  for (std::int64_t v : g.cells) {
    const auto k = static_cast<std::size_t>(index.intern(v));
    if (k == counts.size())
      counts.push_back(0);
    ++counts[k];
  }
  return dialects::most_common_of_ints(index.values(), counts);
}

// ---------------------------------------------------------------------------------------------
// objects / objects_t
//
// The Python loop (for each unvisited cell, a flood fill over sets `cands`, `neighborhood`
// and `occupied`) decides the order of every set it builds. For well-formed grids of ints,
// where the values of every call it would make (mostcolor_t, asindices, dneighbors, neighbors)
// are known, the fast path runs the shared simulation of those set operations
// (battgpu/dialects/objects_sim.hpp, the batch runtime's too) and places the cells into the
// slots it computed; everything else takes the literal path.

/// `a, b = x` for the two-element values the DSL unpacks (a tuple read directly).
py::Status unpack2(const Value& x, Value (&out)[2]) {
  if (x.is_tuple() && py::as_tuple(x).size == 2) {
    out[0] = py::as_tuple(x)[0];
    out[1] = py::as_tuple(x)[1];
    return {};
  }
  return py::unpack(x, out, 2);
}

/// The literal transliteration, for every grid the fast path does not take.
template <bool kTuple>
Value objects_literal(const Value& grid, const Value& univalued, const Value& diagonal,
                      const Value& without_bg) {
  Value bg = Value::none();
  if (py::truthy(without_bg)) {
    PY_TRY(bg, py::call(fn::mostcolor_t, {grid}));
  }
  py::SetTable objs;
  py::TupleBuilder objs_t;
  py::SetTable occupied;
  PY_TRY(const std::int64_t h, py::len(grid));
  PY_TRY(const Value row0, py::getitem(grid, std::int64_t{0}));
  PY_TRY(const std::int64_t w, py::len(row0));
  PY_TRY(const Value unvisited, py::call(fn::asindices, {grid}));
  const py::Builtin& diagfun = py::truthy(diagonal) ? fn::neighbors : fn::dneighbors;
  const bool uni = py::truthy(univalued);
  PY_TRY(py::Iter locs, py::iter(unvisited));
  while (const Value* loc_ptr = locs.next()) {
    const Value loc = *loc_ptr;
    if (occupied.contains(loc))
      continue;
    PY_TRY(const Value li, py::getitem(loc, std::int64_t{0}));
    PY_TRY(const Value lj, py::getitem(loc, std::int64_t{1}));
    PY_TRY(const Value lrow, py::getitem(grid, li));
    PY_TRY(const Value val, py::getitem(lrow, lj));
    if (py::op_eq(val, bg))
      continue;
    py::SetTable obj;
    std::vector<Value> obj_t;
    if constexpr (!kTuple)
      obj.add(make_cell(li, lj, val));
    py::SetTable cands;
    cands.add(loc);
    while (!cands.empty()) {
      py::SetTable neighborhood;
      for (std::int64_t k = 0; k <= cands.mask(); ++k) {
        const py::SetEntry& entry = cands.slot(k);
        if (entry.key.kind() == py::Kind::Unbound || entry.key.kind() == py::Kind::Dummy)
          continue;
        const Value& cand = entry.key;
        PY_TRY(const Value ci, py::getitem(cand, std::int64_t{0}));
        PY_TRY(const Value cj, py::getitem(cand, std::int64_t{1}));
        PY_TRY(const Value crow, py::getitem(grid, ci));
        PY_TRY(const Value v, py::getitem(crow, cj));
        if (!(uni ? py::op_eq(val, v) : py::op_ne(v, bg)))
          continue;
        if constexpr (kTuple)
          obj_t.push_back(make_cell(ci, cj, v));
        else
          obj.add(make_cell(ci, cj, v));
        occupied.add(cand);
        PY_TRY(const Value around, py::call(diagfun, {cand}));
        PY_TRY(py::Iter it, py::iter(around));
        py::FrameGuard frame; // the set comprehension's own frame
        if (!frame.ok())
          return recursion_error();
        py::SetTable comp;
        while (const Value* ij = it.next()) {
          Value parts[2];
          PY_CHECK(unpack2(*ij, parts));
          PY_TRY(const bool ok_i, in_range(parts[0], h));
          if (!ok_i)
            continue;
          PY_TRY(const bool ok_j, in_range(parts[1], w));
          if (!ok_j)
            continue;
          if (parts[0].is(py::Kind::Int) && parts[1].is(py::Kind::Int))
            comp.add(py::pair_of(parts[0].as_int(), parts[1].as_int()));
          else
            comp.add(pair(std::move(parts[0]), std::move(parts[1])));
        }
        neighborhood.merge(comp);
      }
      cands = py::SetTable::difference(neighborhood, occupied);
    }
    if constexpr (kTuple)
      objs_t.push(py::tuple_of(obj_t));
    else
      objs.add(freeze(std::move(obj)));
  }
  if constexpr (kTuple)
    return objs_t.finish();
  else
    return freeze(std::move(objs));
}

/// objects of a grid that is no well-formed grid of ints but still a tuple of tuples (ragged
/// rows, or cells of other values: what ill-typed statements pass), by the simulation where it
/// applies: the loop reads the first len(grid[0]) cells of every row, so a shorter row means
/// IndexError, and only `==` between the values read decides the rest. Unbound where it does
/// not apply (then the literal loop runs).
template <bool kTuple> Value objects_of_other_grid(const Value& grid, const Value* args) {
  if (!grid.is_tuple())
    return Value();
  const py::TupleObject& rows = py::as_tuple(grid);
  if (rows.size == 0 || !rows[0].is_tuple())
    return Value();
  const std::int64_t w = py::as_tuple(rows[0]).size;
  if (w == 0 || std::int64_t{rows.size} * w > (std::int64_t{1} << 24))
    return Value();
  for (const Value& row : rows)
    if (!row.is_tuple())
      return Value();
  // The deepest nested call is neighbors -> dneighbors, as for grids of ints.
  py::FrameGuard probe(4);
  if (!probe.ok())
    return Value();
  Value bg = Value::none();
  if (py::truthy(args[3])) {
    PY_TRY(bg, py::call(fn::mostcolor_t, {grid}));
  }
  for (const Value& row : rows)
    if (py::as_tuple(row).size < w) // every cell (i, j) with j < w is read before any is skipped
      return py::getitem(row, w - 1);
  return dialects::objects_of_value_grid(py::Dialect::Tokpidjin,
                                         kTuple ? dialects::ObjectsShape::TupleOfTuples
                                                : dialects::ObjectsShape::FrozenSet,
                                         grid, w, py::truthy(args[1]), py::truthy(args[2]), bg);
}

template <bool kTuple> Value objects_common(const Value* args) {
  const Value& grid = args[0];
  if (py::op_eq(grid, py::empty_tuple()))
    return kTuple ? py::empty_tuple() : py::empty_frozenset();
  thread_local IntGrid g;
  bool fast = read_int_grid(grid, g);
  if (fast) {
    // The deepest call the loop makes is neighbors -> dneighbors (two wrapped functions);
    // with room for them, none of the calls can fail and their values are known.
    py::FrameGuard probe(4);
    fast = probe.ok();
  }
  if (fast) {
    const bool has_bg = py::truthy(args[3]);
    const std::int64_t bg = has_bg ? int_grid_mostcolor(g) : 0;
    Value objs = dialects::objects_of_int_grid(
        py::Dialect::Tokpidjin,
        kTuple ? dialects::ObjectsShape::TupleOfTuples : dialects::ObjectsShape::FrozenSet,
        g.cells.data(), g.h, g.w, py::truthy(args[1]), py::truthy(args[2]), has_bg, bg);
    if (objs.is_bound())
      return objs;
  } else if (Value objs = objects_of_other_grid<kTuple>(grid, args); objs.is_bound()) {
    return objs;
  }
  return objects_literal<kTuple>(grid, args[1], args[2], args[3]);
}

// ---------------------------------------------------------------------------------------------
// partition / fgpartition

/// frozenset(frozenset((i, j, c) for i, r in enumerate(grid) for j, c in enumerate(r)
///                     if c == color) for color in colours)
Value partition_by(const Value& grid, const Value& colours) {
  PY_TRY(py::Iter colour_it, py::iter(colours));
  py::FrameGuard outer; // the outer generator's frame
  if (!outer.ok())
    return recursion_error();
  py::SetTable result;

  // Fast path: a tuple of tuples of ints (ragged rows are fine) and int colours. Each part
  // lists its colour's cells in row-major order, as the scan would find them.
  bool fast = grid.is_tuple() && colours.is_frozenset();
  if (fast) {
    py::as_set_table(colours).for_each([&](const Value& c) { fast = fast && c.is(py::Kind::Int); });
    for (const Value& row : py::as_tuple(grid)) {
      if (!fast || !row.is_tuple()) {
        fast = false;
        break;
      }
      for (const Value& c : py::as_tuple(row))
        if (!c.is(py::Kind::Int)) {
          fast = false;
          break;
        }
    }
  }
  if (fast) {
    if (py::as_set_table(colours).empty())
      return py::make_frozenset(std::move(result));
    py::FrameGuard inner; // each inner generator's frame
    if (!inner.ok())
      return recursion_error();
    // Bucket the cells by value, then emit each colour's cells in row-major order.
    ValueIndex index;
    std::vector<std::vector<std::pair<std::int32_t, std::int32_t>>> buckets;
    std::int32_t i = 0;
    for (const Value& row : py::as_tuple(grid)) {
      std::int32_t j = 0;
      for (const Value& c : py::as_tuple(row)) {
        const auto k = static_cast<std::size_t>(index.intern(c.as_int()));
        if (k == buckets.size())
          buckets.emplace_back();
        buckets[k].emplace_back(i, j++);
      }
      ++i;
    }
    while (const Value* colour = colour_it.next()) {
      py::SetTable part;
      const std::int32_t k = index.find(colour->as_int());
      if (k >= 0)
        for (const auto& [ci, cj] : buckets[static_cast<std::size_t>(k)])
          part.add(py::cell_of(ci, cj, colour->as_int()));
      result.add(py::make_frozenset(std::move(part)));
    }
    return py::make_frozenset(std::move(result));
  }

  while (const Value* colour_ptr = colour_it.next()) {
    const Value colour = *colour_ptr;
    PY_TRY(py::Iter rows, py::iter(grid)); // enumerate(grid), made with the inner generator
    py::FrameGuard inner;
    if (!inner.ok())
      return recursion_error();
    py::SetTable part;
    std::int64_t i = 0;
    while (const Value* row_ptr = rows.next()) {
      const Value row = *row_ptr;
      PY_TRY(py::Iter cells, py::iter(row));
      std::int64_t j = 0;
      while (const Value* c = cells.next()) {
        if (py::op_eq(*c, colour))
          part.add(make_cell(Value::integer(i), Value::integer(j), *c));
        ++j;
      }
      ++i;
    }
    result.add(py::make_frozenset(std::move(part)));
  }
  return py::make_frozenset(std::move(result));
}

// ---------------------------------------------------------------------------------------------
// Patch geometry helpers.

/// The values `p[axis]` of the elements p of `indices` (a tuple or frozenset) as a mask of
/// 0..63, where every element is a pair whose item `axis` is an int among them: then
/// `{i for i, j in indices}` cannot fail, and only which values it holds matters. Nullopt
/// otherwise (the set is then built element by element, in order, as Python builds it).
std::optional<std::uint64_t> small_coordinates(const Value& indices, int axis) {
  std::uint64_t mask = 0;
  auto take = [&](const Value& e) {
    if (!e.is_tuple() || py::as_tuple(e).size != 2)
      return false;
    const Value& v = py::as_tuple(e)[static_cast<std::size_t>(axis)];
    if (!v.is_int_like() || v.as_int() < 0 || v.as_int() >= 64)
      return false;
    mask |= std::uint64_t{1} << v.as_int();
    return true;
  };
  const bool all =
      indices.is_frozenset()
          ? py::all_members(indices, [&](const py::SetEntry& e) { return take(e.key); })
          : std::all_of(py::as_tuple(indices).begin(), py::as_tuple(indices).end(), take);
  return all ? std::optional<std::uint64_t>(mask) : std::nullopt;
}

/// `{p[axis] for p in toindices(x)}` with each element unpacked as `i, j`: its values as a
/// mask where small_coordinates gives one, else the set (held apart, so that the common case
/// moves no table).
struct Coordinates {
  std::uint64_t mask = 0;
  std::unique_ptr<py::SetTable> set;

  /// The set, made from the mask where there is none.
  const py::SetTable& as_set() {
    if (!set) {
      set = std::make_unique<py::SetTable>();
      for (std::int64_t v = 0; v < 64; ++v)
        if ((mask >> v) & 1)
          set->add(Value::integer(v));
    }
    return *set;
  }
};

py::Result<Coordinates> coordinate_set(const Value& x, int axis) {
  Value indices = py::call(fn::toindices, {x});
  if (!indices.ok())
    return indices.error();
  if (indices.is_frozenset() || indices.is_tuple()) { // iterable: iter() cannot fail
    py::FrameGuard frame;                             // the comprehension's frame
    if (!frame.ok())
      return recursion_error();
    if (const std::optional<std::uint64_t> mask = small_coordinates(indices, axis))
      return Coordinates{*mask, nullptr};
  }
  auto it_result = py::iter(indices);
  if (!it_result.ok())
    return it_result.error();
  py::Iter it = it_result.take();
  py::FrameGuard frame;
  if (!frame.ok())
    return recursion_error();
  Coordinates out{0, std::make_unique<py::SetTable>()};
  while (const Value* e = it.next()) {
    Value parts[2];
    if (py::Status st = unpack2(*e, parts); !st.ok())
      return st.error();
    out.set->add(std::move(parts[axis]));
  }
  return out;
}

Value matching(const Value& a, const Value& b, int axis) {
  PY_TRY(Coordinates first, coordinate_set(a, axis));
  PY_TRY(Coordinates second, coordinate_set(b, axis));
  if (!first.set && !second.set)
    return Value::boolean((first.mask & second.mask) != 0);
  return Value::boolean(!py::SetTable::intersection(first.as_set(), second.as_set()).empty());
}

/// The (row, col) pairs of an index set whose elements are all 2-tuples of small ints.
bool small_int_pairs(const Value& indices,
                     std::vector<std::pair<std::int64_t, std::int64_t>>& out) {
  constexpr std::int64_t kLimit = std::int64_t{1} << 60;
  auto small = [](const Value& v) {
    return v.is_int_like() && v.as_int() < kLimit && v.as_int() > -kLimit;
  };
  out.clear();
  bool ok = true;
  auto take = [&](const Value& e) {
    if (!ok)
      return;
    if (!e.is_tuple() || py::as_tuple(e).size != 2 || !small(py::as_tuple(e)[0]) ||
        !small(py::as_tuple(e)[1])) {
      ok = false;
      return;
    }
    out.emplace_back(py::as_tuple(e)[0].as_int(), py::as_tuple(e)[1].as_int());
  };
  if (indices.is_frozenset())
    py::as_set_table(indices).for_each(take);
  else if (indices.is_tuple())
    for (const Value& e : py::as_tuple(indices))
      take(e);
  else
    return false;
  return ok;
}

// ---------------------------------------------------------------------------------------------
// The functions.

// objects(grid: 'Grid', univalued: 'Boolean', diagonal: 'Boolean', without_bg: 'Boolean') ->
// 'Objects'
Value objects_impl(const Value* args, std::size_t) {
  return objects_common<false>(args);
}

// objects_t(grid: 'Grid', univalued: 'Boolean', diagonal: 'Boolean', without_bg: 'Boolean') ->
// 'TTT_iii'
Value objects_t_impl(const Value* args, std::size_t) {
  return objects_common<true>(args);
}

// partition(grid: 'Grid') -> 'Objects'
Value partition_impl(const Value* args, std::size_t) {
  PY_TRY(const Value colours, py::call(fn::palette_t, {args[0]}));
  return partition_by(args[0], colours);
}

// fgpartition(grid: 'Grid') -> 'Objects'
Value fgpartition_impl(const Value* args, std::size_t) {
  // Without a GPU, fgpartition calls the plain (unwrapped) _fgpartition_cpu: one more frame.
  py::FrameGuard cpu;
  if (!cpu.ok())
    return recursion_error();
  const Value& grid = args[0];
  PY_TRY(const Value palette, py::call(fn::palette_t, {grid}));
  PY_TRY(Value bg, py::call(fn::mostcolor_t, {grid}));
  py::SetTable just_bg; // the set display {mostcolor_t(grid)}
  just_bg.add(std::move(bg));
  PY_TRY(const Value colours, py::sub(palette, py::make_frozenset(std::move(just_bg))));
  return partition_by(grid, colours);
}

// square_t(grid: 'Grid') -> 'Boolean'
Value square_t_impl(const Value* args, std::size_t) {
  // The later of dsl.py's two definitions: len(grid) == len(grid[0]).
  PY_TRY(const std::int64_t h, py::len(args[0]));
  PY_TRY(const Value row0, py::getitem(args[0], std::int64_t{0}));
  PY_TRY(const std::int64_t w, py::len(row0));
  return Value::boolean(h == w);
}

// square_f(patch: 'Patch') -> 'Boolean'
Value square_f_impl(const Value* args, std::size_t) {
  // height_f * width_f == len(patch) and height_f == width_f; the second pair of calls gives
  // the same values as the first (pure functions of the same argument).
  const Value& patch = args[0];
  PY_TRY(const Value h, py::call(fn::height_f, {patch}));
  PY_TRY(const Value w, py::call(fn::width_f, {patch}));
  PY_TRY(const Value area, py::mul(h, w));
  PY_TRY(const std::int64_t n, py::len(patch));
  if (!py::op_eq(area, Value::integer(n)))
    return Value::boolean(false);
  return Value::boolean(py::op_eq(h, w));
}

/// `extent(patch) == len(patch) and other(patch) == 1` (vline_i, vline_o, hline_i, hline_o).
Value line_test(const Value& patch, const py::Builtin& extent, const py::Builtin& other) {
  PY_TRY(const Value e, py::call(extent, {patch}));
  PY_TRY(const std::int64_t n, py::len(patch));
  if (!py::op_eq(e, Value::integer(n)))
    return Value::boolean(false);
  PY_TRY(const Value o, py::call(other, {patch}));
  return Value::boolean(py::op_eq(o, Value::integer(1)));
}

// vline_i(patch: 'Indices') -> 'Boolean'
Value vline_i_impl(const Value* args, std::size_t) {
  return line_test(args[0], fn::height_i, fn::width_i);
}

// vline_o(patch: 'Object') -> 'Boolean'
Value vline_o_impl(const Value* args, std::size_t) {
  return line_test(args[0], fn::height_o, fn::width_o);
}

// hline_i(patch: 'Indices') -> 'Boolean'
Value hline_i_impl(const Value* args, std::size_t) {
  return line_test(args[0], fn::width_i, fn::height_i);
}

// hline_o(patch: 'Object') -> 'Boolean'
Value hline_o_impl(const Value* args, std::size_t) {
  return line_test(args[0], fn::width_o, fn::height_o);
}

// hmatching(a: 'Patch', b: 'Patch') -> 'Boolean'
Value hmatching_impl(const Value* args, std::size_t) {
  return matching(args[0], args[1], 0);
}

// vmatching(a: 'Patch', b: 'Patch') -> 'Boolean'
Value vmatching_impl(const Value* args, std::size_t) {
  return matching(args[0], args[1], 1);
}

/// The inner loop of manhattan's generator for one element (ai, aj) of a: folds
/// abs(ai - bi) + abs(aj - bj) over toindices(b) into `best` as min() does.
py::Status manhattan_row(const Value (&ap)[2], const Value& tb, Value& best) {
  auto it_result = py::iter(tb);
  if (!it_result.ok())
    return it_result.error();
  py::Iter b_it = it_result.take();
  while (const Value* eb = b_it.next()) {
    Value bp[2];
    PY_CHECK(unpack2(*eb, bp));
    PY_TRY(const Value di, py::sub(ap[0], bp[0]));
    PY_TRY(const Value adi, py::abs(di));
    PY_TRY(const Value dj, py::sub(ap[1], bp[1]));
    PY_TRY(const Value adj, py::abs(dj));
    PY_TRY(Value d, py::add(adi, adj));
    if (!best.is_bound()) {
      best = std::move(d);
      continue;
    }
    PY_TRY(const bool less, py::lt(d, best));
    if (less)
      best = std::move(d);
  }
  return {};
}

// manhattan(a: 'Patch', b: 'Patch') -> 'Integer'
Value manhattan_impl(const Value* args, std::size_t) {
  const Value& a = args[0];
  const Value& b = args[1];
  if (!py::has_len(a) || !py::has_len(b))
    return inf_value(false);
  PY_TRY(const std::int64_t na, py::len(a));
  if (na == 0)
    return inf_value(false);
  PY_TRY(const std::int64_t nb, py::len(b));
  if (nb == 0)
    return inf_value(false);
  // min(abs(ai - bi) + abs(aj - bj) for ai, aj in toindices(a) for bi, bj in toindices(b)):
  // the inner toindices(b) is evaluated anew for each element of a, always to the same value,
  // so it is called once, when the first element of a needs it.
  PY_TRY(const Value ta, py::call(fn::toindices, {a}));
  PY_TRY(py::Iter a_it, py::iter(ta));
  py::FrameGuard frame; // the generator's frame
  if (!frame.ok())
    return recursion_error();
  const py::Error empty{py::Exc::ValueError, "min() arg is an empty sequence"};
  const Value* first = a_it.next();
  if (first == nullptr)
    return empty;
  Value ap[2];
  PY_CHECK(unpack2(*first, ap));
  PY_TRY(const Value tb, py::call(fn::toindices, {b}));

  // Fast path: both sides hold pairs of small ints only, so nothing can fail and the minimum
  // alone matters.
  std::vector<std::pair<std::int64_t, std::int64_t>> pa, pb;
  if (small_int_pairs(ta, pa) && small_int_pairs(tb, pb)) {
    if (pb.empty())
      return empty;
    std::int64_t best = INT64_MAX;
    for (const auto& [ai, aj] : pa) {
      for (const auto& [bi, bj] : pb) {
        const std::int64_t d = (ai > bi ? ai - bi : bi - ai) + (aj > bj ? aj - bj : bj - aj);
        best = d < best ? d : best;
      }
      if (best == 0)
        break;
    }
    return Value::integer(best);
  }

  Value best;
  PY_CHECK(manhattan_row(ap, tb, best));
  while (const Value* ea = a_it.next()) {
    PY_CHECK(unpack2(*ea, ap));
    PY_CHECK(manhattan_row(ap, tb, best));
  }
  if (!best.is_bound())
    return empty;
  return best;
}

// adjacent(a: 'Patch', b: 'Patch') -> 'Boolean'
Value adjacent_impl(const Value* args, std::size_t) {
  PY_TRY(const Value d, py::call(fn::manhattan, {args[0], args[1]}));
  return Value::boolean(py::op_eq(d, Value::integer(1)));
}

// bordering(patch: 'Patch', grid: 'Grid') -> 'Boolean'
Value bordering_impl(const Value* args, std::size_t) {
  // Four tests joined by `or`: each is made only when the earlier ones failed.
  const Value& patch = args[0];
  const Value& grid = args[1];
  PY_TRY(const Value top, py::call(fn::uppermost, {patch}));
  if (py::op_eq(top, Value::integer(0)))
    return Value::boolean(true);
  PY_TRY(const Value left, py::call(fn::leftmost, {patch}));
  if (py::op_eq(left, Value::integer(0)))
    return Value::boolean(true);
  PY_TRY(const Value bottom, py::call(fn::lowermost, {patch}));
  PY_TRY(const std::int64_t h, py::len(grid));
  if (py::op_eq(bottom, Value::integer(h - 1)))
    return Value::boolean(true);
  PY_TRY(const Value right, py::call(fn::rightmost, {patch}));
  PY_TRY(const Value row0, py::getitem(grid, std::int64_t{0}));
  PY_TRY(const std::int64_t w, py::len(row0));
  return Value::boolean(py::op_eq(right, Value::integer(w - 1)));
}

// centerofmass(patch: 'Patch') -> 'IJ'
Value centerofmass_impl(const Value* args, std::size_t) {
  // tuple(map(lambda x: sum(x) // len(patch), zip(*toindices(patch))))
  const Value& patch = args[0];
  PY_TRY(const Value indices, py::call(fn::toindices, {patch}));

  // Fast path: pairs of small ints give two sums (rows, then columns).
  std::vector<std::pair<std::int64_t, std::int64_t>> pairs;
  if (small_int_pairs(indices, pairs)) {
    if (pairs.empty())
      return py::empty_tuple();
    py::FrameGuard frame; // the lambda's frame
    if (!frame.ok())
      return recursion_error();
    std::int64_t si = 0, sj = 0;
    for (const auto& [i, j] : pairs)
      if (__builtin_add_overflow(si, i, &si) || __builtin_add_overflow(sj, j, &sj))
        return py::Error{py::Exc::OverflowError, "int too large"};
    PY_TRY(const std::int64_t n, py::len(patch));
    PY_TRY(Value ci, py::floordiv(Value::integer(si), Value::integer(n)));
    PY_TRY(Value cj, py::floordiv(Value::integer(sj), Value::integer(n)));
    return pair(std::move(ci), std::move(cj));
  }

  // zip(*indices): the elements become zip's arguments, each iterated in step.
  PY_TRY(const std::vector<Value> columns, py::to_list(indices));
  std::vector<py::Iter> iters;
  iters.reserve(columns.size());
  for (const Value& c : columns) {
    PY_TRY(py::Iter it, py::iter(c));
    iters.push_back(std::move(it));
  }
  py::TupleBuilder out;
  if (iters.empty())
    return out.finish();
  bool entered = false;
  while (true) {
    Value total = Value::integer(0);
    std::vector<Value> x;
    x.reserve(iters.size());
    for (py::Iter& it : iters) {
      const Value* e = it.next();
      if (e == nullptr)
        return out.finish();
      x.push_back(*e);
    }
    if (!entered) {
      py::FrameGuard frame; // the lambda's frame (the same depth for every call)
      if (!frame.ok())
        return recursion_error();
      entered = true;
    }
    for (const Value& e : x) {
      PY_TRY(total, py::add(total, e));
    }
    PY_TRY(const std::int64_t n, py::len(patch));
    PY_TRY(Value q, py::floordiv(total, Value::integer(n)));
    out.push(std::move(q));
  }
}

// numcolors_t(grid: 'Grid') -> 'Integer'
Value numcolors_t_impl(const Value* args, std::size_t) {
  PY_TRY(const Value colours, py::call(fn::palette_t, {args[0]}));
  PY_TRY(const std::int64_t n, py::len(colours));
  return Value::integer(n);
}

// numcolors_f(obj: 'Object') -> 'Integer'
Value numcolors_f_impl(const Value* args, std::size_t) {
  PY_TRY(const Value colours, py::call(fn::palette_f, {args[0]}));
  PY_TRY(const std::int64_t n, py::len(colours));
  return Value::integer(n);
}

// color(obj: 'Object') -> 'Integer'
Value color_impl(const Value* args, std::size_t) {
  // The third item of the first element; -inf when the first element is not a tuple (the
  // fallback element of an empty container, (0, 0, -inf), gives -inf as well).
  PY_TRY(py::Iter it, py::iter(args[0]));
  const Value* first = it.next();
  if (first == nullptr)
    return inf_value(true);
  if (!first->is_tuple())
    return inf_value(true);
  return py::getitem(*first, std::int64_t{2});
}

// toobject(patch: 'Patch', grid: 'Grid') -> 'Object'
Value toobject_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  const Value& grid = args[1];
  PY_TRY(const std::int64_t h, py::len(grid));
  PY_TRY(const Value row0, py::getitem(grid, std::int64_t{0}));
  PY_TRY(const std::int64_t w, py::len(row0));
  // frozenset((i, j, grid[i][j]) for i, j in toindices(patch) if 0 <= i < h and 0 <= j < w)
  PY_TRY(const Value indices, py::call(fn::toindices, {patch}));
  PY_TRY(py::Iter it, py::iter(indices));
  py::FrameGuard frame; // the generator's frame
  if (!frame.ok())
    return recursion_error();
  py::SetTable out;
  while (const Value* e = it.next()) {
    Value ij[2];
    PY_CHECK(unpack2(*e, ij));
    PY_TRY(const bool ok_i, in_range(ij[0], h));
    if (!ok_i)
      continue;
    PY_TRY(const bool ok_j, in_range(ij[1], w));
    if (!ok_j)
      continue;
    PY_TRY(const Value row, py::getitem(grid, ij[0]));
    PY_TRY(Value cell, py::getitem(row, ij[1]));
    out.add(make_cell(std::move(ij[0]), std::move(ij[1]), std::move(cell)));
  }
  return py::make_frozenset(std::move(out));
}

// is_no_grid(x)
Value is_no_grid_impl(const Value* args, std::size_t) {
  // True unless x is a tuple of tuples of ints (bools are ints).
  const Value& x = args[0];
  if (!x.is_tuple())
    return Value::boolean(true);
  for (const Value& inner : py::as_tuple(x)) {
    if (!inner.is_tuple())
      return Value::boolean(true);
    py::FrameGuard frame; // all()'s generator frame
    if (!frame.ok())
      return recursion_error();
    for (const Value& i : py::as_tuple(inner))
      if (!i.is_int_like())
        return Value::boolean(true);
  }
  return Value::boolean(false);
}

// asobject(grid: 'Grid') -> 'Object'
Value asobject_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  PY_TRY(const Value no_grid, py::call(fn::is_no_grid, {grid}));
  if (py::truthy(no_grid))
    return py::empty_frozenset();
  // frozenset((i, j, c) for i, r in enumerate(grid) for j, c in enumerate(r))
  PY_TRY(py::Iter rows, py::iter(grid));
  py::FrameGuard frame; // the generator's frame
  if (!frame.ok())
    return recursion_error();
  py::SetTable out;
  std::int64_t i = 0;
  while (const Value* row_ptr = rows.next()) {
    const Value row = *row_ptr;
    PY_TRY(py::Iter cells, py::iter(row));
    std::int64_t j = 0;
    while (const Value* c = cells.next())
      out.add(make_cell(Value::integer(i), Value::integer(j++), *c));
    ++i;
  }
  return py::make_frozenset(std::move(out));
}

} // namespace

namespace fn {
constinit const py::Builtin objects{
    "objects",        py::Dialect::Tokpidjin, 4, 4, &objects_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/true, /*default_frames=*/14};
constinit const py::Builtin objects_g{"objects_t",     py::Dialect::Tokpidjin,      4, 4,
                                      &objects_t_impl, py::SafeDefault::EmptyTuple,
                                      /*memoize=*/true};
constinit const py::Builtin objects_t{"objects_t",     py::Dialect::Tokpidjin,      4, 4,
                                      &objects_t_impl, py::SafeDefault::EmptyTuple,
                                      /*memoize=*/true};
constinit const py::Builtin partition{"partition",          py::Dialect::Tokpidjin,          1, 1,
                                      &partition_impl,      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/true,
                                      /*default_frames=*/14};
constinit const py::Builtin fgpartition{"fgpartition",        py::Dialect::Tokpidjin,          1, 1,
                                        &fgpartition_impl,    py::SafeDefault::EmptyFrozenSet,
                                        /*memoize=*/true,
                                        /*default_frames=*/14};
constinit const py::Builtin square_t{"square_t",        py::Dialect::Tokpidjin, 1, 1,
                                     &square_t_impl,    py::SafeDefault::False,
                                     /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin square_f{"square_f",        py::Dialect::Tokpidjin, 1, 1,
                                     &square_f_impl,    py::SafeDefault::False,
                                     /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin vline_i{"vline_i",         py::Dialect::Tokpidjin, 1, 1,
                                    &vline_i_impl,     py::SafeDefault::False,
                                    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin vline_o{"vline_o",         py::Dialect::Tokpidjin, 1, 1,
                                    &vline_o_impl,     py::SafeDefault::False,
                                    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin hline_i{"hline_i",         py::Dialect::Tokpidjin, 1, 1,
                                    &hline_i_impl,     py::SafeDefault::False,
                                    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin hline_o{"hline_o",         py::Dialect::Tokpidjin, 1, 1,
                                    &hline_o_impl,     py::SafeDefault::False,
                                    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin hmatching{"hmatching",       py::Dialect::Tokpidjin, 2, 2,
                                      &hmatching_impl,   py::SafeDefault::False,
                                      /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin vmatching{"vmatching",       py::Dialect::Tokpidjin, 2, 2,
                                      &vmatching_impl,   py::SafeDefault::False,
                                      /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin manhattan{"manhattan",       py::Dialect::Tokpidjin, 2, 2,
                                      &manhattan_impl,   py::SafeDefault::Zero,
                                      /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin adjacent{"adjacent",        py::Dialect::Tokpidjin, 2, 2,
                                     &adjacent_impl,    py::SafeDefault::False,
                                     /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin bordering{"bordering",       py::Dialect::Tokpidjin, 2, 2,
                                      &bordering_impl,   py::SafeDefault::False,
                                      /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin centerofmass{"centerofmass",     py::Dialect::Tokpidjin,     1, 1,
                                         &centerofmass_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin numcolors_t{"numcolors_t",     py::Dialect::Tokpidjin, 1, 1,
                                        &numcolors_t_impl, py::SafeDefault::Zero,
                                        /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin numcolors_f{"numcolors_f",     py::Dialect::Tokpidjin, 1, 1,
                                        &numcolors_f_impl, py::SafeDefault::Zero,
                                        /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin color{"color",           py::Dialect::Tokpidjin, 1, 1,
                                  &color_impl,       py::SafeDefault::Zero,
                                  /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin toobject{"toobject",           py::Dialect::Tokpidjin,          2, 2,
                                     &toobject_impl,       py::SafeDefault::EmptyFrozenSet,
                                     /*memoize=*/false,
                                     /*default_frames=*/12};
constinit const py::Builtin is_no_grid{"is_no_grid",     py::Dialect::Tokpidjin,     1, 1,
                                       &is_no_grid_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin asobject{"asobject",           py::Dialect::Tokpidjin,          1, 1,
                                     &asobject_impl,       py::SafeDefault::EmptyFrozenSet,
                                     /*memoize=*/false,
                                     /*default_frames=*/10};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::objects,   &fn::objects_g,    &fn::objects_t,   &fn::partition,   &fn::fgpartition,
    &fn::square_t,  &fn::square_f,     &fn::vline_i,     &fn::vline_o,     &fn::hline_i,
    &fn::hline_o,   &fn::hmatching,    &fn::vmatching,   &fn::manhattan,   &fn::adjacent,
    &fn::bordering, &fn::centerofmass, &fn::numcolors_t, &fn::numcolors_f, &fn::color,
    &fn::toobject,  &fn::is_no_grid,   &fn::asobject,
};
} // namespace

std::span<const py::Builtin* const> objects_family() {
  return kFamily;
}

} // namespace battgpu::dialects::tokpidjin
