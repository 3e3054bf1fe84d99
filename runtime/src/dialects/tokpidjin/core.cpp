// tokpidjin dialect: the "core" functions.
#include "core.hpp"
#include "value_building.hpp"

#include "batt_extensions.hpp"

#include "arithmetic.hpp"
#include "higher_order.hpp"
#include "objects.hpp"
#include "transforms.hpp"

#include "battgpu/py/py.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Kind;
using py::Value;

// ---- helpers ----

/// `a, b = v` where `v` is usually a pair.
py::Status unpack2(const Value& v, Value* out) {
  if (v.is_tuple() && py::as_tuple(v).size == 2) {
    out[0] = py::as_tuple(v)[0];
    out[1] = py::as_tuple(v)[1];
    return {};
  }
  return py::unpack(v, out, 2);
}

/// The `c` of `for _, _, c in ...`: a cell is usually a 3-tuple.
Value third_of_three(const Value& v) {
  if (v.is_tuple() && py::as_tuple(v).size == 3)
    return py::as_tuple(v)[2];
  Value out[3];
  PY_CHECK(py::unpack(v, out, 3));
  return std::move(out[2]);
}

/// `sorted(..., key=f)` and `max(..., key=f)` take None as no key at all.
const Value* key_of(const Value& f) {
  return f.is_none() ? nullptr : &f;
}

/// `lst[rank]` for a list of n items, rank already known to be in range: lists take only
/// ints (and bools) as indices.
py::Result<std::size_t> list_position(const Value& rank, std::int64_t n) {
  if (!rank.is_int_like())
    return py::Error{py::Exc::TypeError, "list indices must be integers or slices"};
  const std::int64_t r = rank.as_int();
  return static_cast<std::size_t>(r < 0 ? r + n : r);
}

/// How many items equal each key (`seq.count(key)` for every key): keys are distinct set
/// elements. Linear for small inputs, else grouped by hash (equal values hash alike).
std::vector<std::int64_t> count_each(const std::vector<Value>& keys,
                                     const std::vector<Value>& items) {
  std::vector<std::int64_t> counts(keys.size(), 0);
  if (keys.size() * items.size() <= 2048) {
    for (std::size_t k = 0; k < keys.size(); ++k)
      for (const Value& item : items)
        if (py::eq(item, keys[k]))
          ++counts[k];
    return counts;
  }
  std::unordered_multimap<std::int64_t, std::size_t> by_hash;
  by_hash.reserve(keys.size());
  for (std::size_t k = 0; k < keys.size(); ++k)
    by_hash.emplace(py::hash(keys[k]), k);
  for (const Value& item : items) {
    auto [lo, hi] = by_hash.equal_range(py::hash(item));
    for (auto it = lo; it != hi; ++it)
      if (py::eq(item, keys[it->second]))
        ++counts[it->second];
  }
  return counts;
}

/// `sorted(set(items), key=items.count)`: the set's elements (inserted in the items' order)
/// stably sorted by how often each occurs.
std::vector<Value> sorted_by_count(const std::vector<Value>& items) {
  py::SetTable distinct;
  for (const Value& v : items)
    distinct.add(v);
  std::vector<Value> keys;
  keys.reserve(static_cast<std::size_t>(distinct.size()));
  distinct.for_each([&](const Value& v) { keys.push_back(v); });
  const std::vector<std::int64_t> counts = count_each(keys, items);
  std::vector<std::size_t> order(keys.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return counts[a] < counts[b]; });
  std::vector<Value> ranked;
  ranked.reserve(order.size());
  for (std::size_t i : order)
    ranked.push_back(std::move(keys[i]));
  return ranked;
}

/// `Counter(colors).most_common()`'s values: by descending count, ties in order of first
/// appearance. Colours of ARC grids (small ints) are counted in an array.
std::vector<Value> colours_by_frequency(const std::vector<Value>& colors) {
  constexpr std::int64_t kSmall = 16;
  std::int64_t counts[kSmall] = {};
  std::int64_t order[kSmall];
  std::size_t distinct = 0;
  bool small = true;
  for (const Value& v : colors) {
    if (!v.is(Kind::Int) || v.as_int() < 0 || v.as_int() >= kSmall) {
      small = false;
      break;
    }
    if (counts[v.as_int()]++ == 0)
      order[distinct++] = v.as_int();
  }
  std::vector<Value> ranked;
  if (small) {
    std::stable_sort(order, order + distinct,
                     [&](std::int64_t a, std::int64_t b) { return counts[a] > counts[b]; });
    ranked.reserve(distinct);
    for (std::size_t i = 0; i < distinct; ++i)
      ranked.push_back(Value::integer(order[i]));
    return ranked;
  }
  for (auto& [value, n] : py::most_common(colors))
    ranked.push_back(std::move(value));
  return ranked;
}

/// The element of `ranked` at `rank` when `-len <= rank < len`, else `otherwise`.
Value pick_ranked(const std::vector<Value>& ranked, const Value& rank, Value otherwise) {
  const auto n = static_cast<std::int64_t>(ranked.size());
  PY_TRY(bool in_range, batt_extensions::rank_in_range(rank, n));
  if (!in_range)
    return otherwise;
  PY_TRY(std::size_t pos, list_position(rank, n));
  return ranked[pos];
}

/// `type(c)()` for a container that sorted() accepted: (), frozenset() or ''.
Value empty_like(const Value& c) {
  if (c.is_frozenset())
    return py::empty_frozenset();
  if (c.is(Kind::Str))
    return py::make_str("");
  return py::empty_tuple();
}

/// The code k in 0..limit-1 with `type == k`, tested in order as an if/elif chain does; -1
/// when none matches (only numbers equal ints).
int match_code(const Value& type, int limit) {
  if (!type.is_number())
    return -1;
  for (int k = 0; k < limit; ++k)
    if (py::op_eq(type, Value::integer(k)))
      return k;
  return -1;
}

// ---- the functions ----

// identity(x: 'Any') -> 'Any'
Value identity_impl(const Value* args, std::size_t) {
  return args[0];
}

// first(container: 'Container') -> 'Any'
Value first_impl(const Value* args, std::size_t) {
  // The first element in iteration order; None for an empty container.
  const Value& c = args[0];
  if (c.is_tuple())
    return py::as_tuple(c).size != 0 ? py::as_tuple(c)[0] : Value::none();
  if (c.is_frozenset()) {
    const py::SetTable& t = py::as_set_table(c);
    if (t.empty())
      return Value::none();
    return batt_extensions::nth_in_order(c, 0);
  }
  PY_TRY(py::Iter it, py::iter(c));
  const Value* e = it.next();
  return e != nullptr ? *e : Value::none();
}

// second(container: 'Container') -> 'Any'
Value second_impl(const Value* args, std::size_t) {
  // Skips one element (StopIteration when there is none), then as first.
  PY_TRY(py::Iter it, py::iter(args[0]));
  if (it.next() == nullptr)
    return py::Error{py::Exc::StopIteration, "second of an empty container"};
  const Value* e = it.next();
  return e != nullptr ? *e : Value::none();
}

// p_f(element: 'FrozenSet') -> 'IntegerSet'
Value p_f_impl(const Value* args, std::size_t) {
  // frozenset(c for _, _, c in element). Adding a colour already added leaves the table as
  // it is, so small ints seen before are skipped.
  PY_TRY(py::Iter it, py::iter(args[0]));
  py::SetTable colours;
  std::uint64_t seen = 0;
  while (const Value* e = it.next()) {
    PY_TRY(Value c, third_of_three(*e));
    if (c.is(Kind::Int) && c.as_int() >= 0 && c.as_int() < 64) {
      const std::uint64_t bit = std::uint64_t{1} << c.as_int();
      if (seen & bit)
        continue;
      seen |= bit;
    }
    colours.add(std::move(c));
  }
  return py::make_frozenset(std::move(colours));
}

// p_o(obj: 'Object') -> 'IntegerSet'
Value p_o_impl(const Value* args, std::size_t) {
  // tuple({c for _, _, c in obj}).
  PY_TRY(py::Iter it, py::iter(args[0]));
  py::SetTable colours;
  std::uint64_t seen = 0;
  while (const Value* e = it.next()) {
    PY_TRY(Value c, third_of_three(*e));
    if (c.is(Kind::Int) && c.as_int() >= 0 && c.as_int() < 64) {
      const std::uint64_t bit = std::uint64_t{1} << c.as_int();
      if (seen & bit)
        continue;
      seen |= bit;
    }
    colours.add(std::move(c));
  }
  return py::tuple_of_set(colours);
}

// dedupe_pair_tuple(S: 'Samples') -> 'Samples'
Value dedupe_pair_tuple_impl(const Value* args, std::size_t) {
  // The pairs (a, b) of S with a != b, rebuilt as 2-tuples.
  PY_TRY(py::Iter it, py::iter(args[0]));
  std::vector<Value> kept;
  while (const Value* e = it.next()) {
    Value ab[2];
    PY_CHECK(unpack2(*e, ab));
    if (py::op_ne(ab[0], ab[1]))
      kept.push_back(e->is_tuple() ? *e : py::tuple_of({ab[0], ab[1]}));
  }
  return tuple_from(std::move(kept));
}

/// c_iz and c_zo: the distinct values of `function` over the inputs and over the outputs,
/// then difference_tuple one way (inputs_first) or the other.
Value colour_difference(const Value& S, const Value& function, bool inputs_first) {
  PY_TRY(Value x1, py::call(fn::apply, {Value::function(&fn::first), S}));
  PY_TRY(Value x2, py::call(fn::apply, {Value::function(&fn::second), S}));
  PY_TRY(Value m3, py::call(fn::mapply_t, {function, x1}));
  PY_TRY(Value x3, py::call(fn::dedupe, {m3}));
  PY_TRY(Value m4, py::call(fn::mapply_t, {function, x2}));
  PY_TRY(Value x4, py::call(fn::dedupe, {m4}));
  return inputs_first ? py::call(fn::difference_tuple, {x3, x4})
                      : py::call(fn::difference_tuple, {x4, x3});
}

// c_iz(S: 'Samples', function: 'Callable') -> 'Any'
Value c_iz_impl(const Value* args, std::size_t) {
  return colour_difference(args[0], args[1], true);
}

// c_iz_n(S: 'Samples', function: 'Callable', pick: 'Callable') -> 'C_'
Value c_iz_n_impl(const Value* args, std::size_t) {
  PY_TRY(Value ret, py::call(fn::c_iz, {args[0], args[1]}));
  return py::call(args[2], {ret});
}

// c_zo(S: 'Samples', function: 'Callable') -> 'Any'
Value c_zo_impl(const Value* args, std::size_t) {
  return colour_difference(args[0], args[1], false);
}

// c_zo_n(S: 'Samples', function: 'Callable', pick: 'Callable') -> 'C_'
Value c_zo_n_impl(const Value* args, std::size_t) {
  PY_TRY(Value ret, py::call(fn::c_zo, {args[0], args[1]}));
  return py::call(args[2], {ret});
}

// a_mr(S: 'Samples') -> 'A8'
Value a_mr_impl(const Value* args, std::size_t) {
  // The first a in 0..7 for which mir_rot_t(input, a) gives every output, else None. The
  // calls run inside next's generator frame, then all() (a builtin of one argument, which
  // CPython counts against the recursion limit too) and its generator's frame.
  const Value& S = args[0];
  py::FrameGuard outer;
  if (!outer.ok())
    return recursion_error();
  for (int a = 0; a < 8; ++a) {
    PY_TRY(py::Iter it, py::iter(S));
    py::FrameGuard inner(2);
    if (!inner.ok())
      return recursion_error();
    bool all = true;
    const Value code = Value::integer(a);
    while (const Value* e = it.next()) {
      Value io[2];
      PY_CHECK(unpack2(*e, io));
      PY_TRY(Value out, py::call(fn::mir_rot_t, {io[0], code}));
      if (!py::op_eq(io[1], out)) {
        all = false;
        break;
      }
    }
    if (all)
      return code;
  }
  return Value::none();
}

// get_nth_by_key_t(container: 'Tuple', rank: 'FL', key=identity) -> 'Any'
Value get_nth_by_key_t_impl(const Value* args, std::size_t nargs) {
  // sorted(container, key=key)[rank], None when empty. The default key, identity, orders
  // as no key does.
  PY_TRY(std::vector<Value> ranked, py::to_list(args[0]));
  PY_CHECK(py::sort(ranked, nargs > 2 ? key_of(args[2]) : nullptr));
  if (ranked.empty())
    return Value::none();
  const Value& rank = args[1];
  if (!rank.is_int_like())
    return py::Error{py::Exc::TypeError, "list indices must be integers or slices"};
  const auto n = static_cast<std::int64_t>(ranked.size());
  const std::int64_t r = rank.as_int();
  if (r < -n || r >= n)
    return py::Error{py::Exc::IndexError, "list index out of range"};
  return ranked[static_cast<std::size_t>(r < 0 ? r + n : r)];
}

// get_nth_by_key_f(container: 'FrozenSet', rank: 'F_', key=identity) -> 'Any'
Value get_nth_by_key_f_impl(const Value* args, std::size_t nargs) {
  // Skips range(rank) items of the sorted list (none for rank <= 0), then the next or None.
  PY_TRY(std::vector<Value> ranked, py::to_list(args[0]));
  PY_CHECK(py::sort(ranked, nargs > 2 ? key_of(args[2]) : nullptr));
  const Value& rank = args[1];
  if (!rank.is_int_like())
    return py::Error{py::Exc::TypeError, "object cannot be interpreted as an integer"};
  const std::int64_t skip = std::max<std::int64_t>(rank.as_int(), 0);
  if (skip >= static_cast<std::int64_t>(ranked.size()))
    return Value::none();
  return ranked[static_cast<std::size_t>(skip)];
}

// o_g(grid: 'Grid', type: 'R8') -> 'Objects'
Value o_g_impl(const Value* args, std::size_t) {
  // type = 4·univalued + 2·diagonal + without_bg; None for any other type.
  const int code = match_code(args[1], 8);
  if (code < 0)
    return Value::none();
  return py::call(fn::objects, {args[0], Value::boolean(code & 4), Value::boolean(code & 2),
                                Value::boolean(code & 1)});
}

// o_g_t(grid: 'Grid', type: 'R8') -> 'TTT_iii'
Value o_g_t_impl(const Value* args, std::size_t) {
  const int code = match_code(args[1], 8);
  if (code < 0)
    return Value::none();
  return py::call(fn::objects_t, {args[0], Value::boolean(code & 4), Value::boolean(code & 2),
                                  Value::boolean(code & 1)});
}

// mir_rot_t(grid: 'Grid', type: 'A8') -> 'Grid'
Value mir_rot_t_impl(const Value* args, std::size_t) {
  static constexpr const py::Builtin* kTransforms[] = {
      &fn::hmirror_t, &fn::dmirror_t, &fn::vmirror_t, &fn::cmirror_t,
      &fn::rot90,     &fn::rot180,    &fn::rot270};
  const int code = match_code(args[1], 7);
  if (code < 0)
    return args[0];
  return py::call(*kTransforms[code], {args[0]});
}

// mir_rot_f(patch: 'Patch', type: 'A4') -> 'Patch'
Value mir_rot_f_impl(const Value* args, std::size_t) {
  static constexpr const py::Builtin* kTransforms[] = {&fn::hmirror_f, &fn::dmirror_f,
                                                       &fn::vmirror_f, &fn::cmirror_f};
  const int code = match_code(args[1], 4);
  if (code < 0)
    return args[0];
  return py::call(*kTransforms[code], {args[0]});
}

// get_color_rank_t(grid: 'Grid', rank: 'FL') -> 'C_'
Value get_color_rank_t_impl(const Value* args, std::size_t) {
  // The colour at rank by frequency (0: most common), () out of range.
  const Value& grid = args[0];
  if (grid.is_tuple() && args[1].is_int_like()) {
    // An ARC grid, counted in place: tuple rows of small ints.
    constexpr std::int64_t kSmall = 16;
    std::int64_t counts[kSmall] = {};
    std::int64_t order[kSmall];
    std::size_t distinct = 0;
    bool small = true;
    for (const Value& row : py::as_tuple(grid)) {
      if (!row.is_tuple()) {
        small = false;
        break;
      }
      for (const Value& v : py::as_tuple(row)) {
        if (!v.is(Kind::Int) || v.as_int() < 0 || v.as_int() >= kSmall) {
          small = false;
          break;
        }
        if (counts[v.as_int()]++ == 0)
          order[distinct++] = v.as_int();
      }
      if (!small)
        break;
    }
    if (small) {
      const auto n = static_cast<std::int64_t>(distinct);
      const std::int64_t r = args[1].as_int();
      if (r < -n || r >= n)
        return py::empty_tuple();
      std::stable_sort(order, order + distinct,
                       [&](std::int64_t a, std::int64_t b) { return counts[a] > counts[b]; });
      return Value::integer(order[r < 0 ? r + n : r]);
    }
  }
  std::vector<Value> colors;
  PY_TRY(py::Iter rows, py::iter(grid));
  while (const Value* row = rows.next()) {
    if (row->is_tuple()) {
      for (const Value& v : py::as_tuple(*row))
        colors.push_back(v);
      continue;
    }
    PY_TRY(py::Iter cells, py::iter(*row));
    while (const Value* v = cells.next())
      colors.push_back(*v);
  }
  return pick_ranked(colours_by_frequency(colors), args[1], py::empty_tuple());
}

// get_color_rank_f(obj: 'Object', rank: 'FL') -> 'C_'
Value get_color_rank_f_impl(const Value* args, std::size_t) {
  // As get_color_rank_t over the colours of the cells; frozenset() out of range.
  std::vector<Value> colors;
  PY_TRY(py::Iter it, py::iter(args[0]));
  colors.reserve(static_cast<std::size_t>(it.remaining()));
  while (const Value* e = it.next()) {
    PY_TRY(Value c, third_of_three(*e));
    colors.push_back(std::move(c));
  }
  return pick_ranked(colours_by_frequency(colors), args[1], py::empty_frozenset());
}

// get_rank(container: 'IntegerSet', rank: 'FL') -> 'Integer'
Value get_rank_impl(const Value* args, std::size_t) {
  // sorted(container, reverse=True)[rank], 0 out of range.
  PY_TRY(std::vector<Value> ranked, py::to_list(args[0]));
  PY_CHECK(py::sort(ranked, nullptr, true));
  return pick_ranked(ranked, args[1], Value::integer(0));
}

/// get_arg_rank*: sorted by compfunc, largest first; `otherwise` out of range.
Value arg_rank(const Value* args, Value otherwise) {
  PY_TRY(std::vector<Value> ranked, py::to_list(args[0]));
  PY_CHECK(py::sort(ranked, key_of(args[1]), true));
  return pick_ranked(ranked, args[2], std::move(otherwise));
}

// get_arg_rank(container: 'Container', compfunc: 'Callable', rank: 'FL') -> 'Any'
Value get_arg_rank_impl(const Value* args, std::size_t) {
  // Out of range: type(container)(), known once sorted() accepted the container.
  return arg_rank(args, empty_like(args[0]));
}

// get_arg_rank_t(container: 'Tuple', compfunc: 'Callable', rank: 'FL') -> 'Any'
Value get_arg_rank_t_impl(const Value* args, std::size_t) {
  return arg_rank(args, py::empty_tuple());
}

// get_arg_rank_f(container: 'FrozenSet', compfunc: 'Callable', rank: 'FL') -> 'Any'
Value get_arg_rank_f_impl(const Value* args, std::size_t) {
  return arg_rank(args, py::empty_frozenset());
}

/// get_val_rank*: compfunc of the item at rank of the container sorted by compfunc, or
/// compfunc(0) out of range.
Value val_rank(const Value* args) {
  const Value& compfunc = args[1];
  PY_TRY(std::vector<Value> ranked, py::to_list(args[0]));
  PY_CHECK(py::sort(ranked, key_of(compfunc)));
  const auto n = static_cast<std::int64_t>(ranked.size());
  PY_TRY(bool in_range, batt_extensions::rank_in_range(args[2], n));
  if (in_range) {
    PY_TRY(std::size_t pos, list_position(args[2], n));
    return py::call(compfunc, {ranked[pos]});
  }
  return py::call(compfunc, {Value::integer(0)});
}

// get_val_rank(container: 'Container', compfunc: 'Callable', rank: 'FL') -> 'Any'
Value get_val_rank_impl(const Value* args, std::size_t) {
  return val_rank(args);
}

// get_val_rank_t(container: 'Tuple', compfunc: 'Callable', rank: 'FL') -> 'Any'
Value get_val_rank_t_impl(const Value* args, std::size_t) {
  return val_rank(args);
}

// get_val_rank_f(container: 'FrozenSet', compfunc: 'Callable', rank: 'FL') -> 'Any'
Value get_val_rank_f_impl(const Value* args, std::size_t) {
  return val_rank(args);
}

/// get_common_rank and get_common_rank_t: sorted(set(container), key=container.count), the
/// least common first. Of the iterables only tuples and strs have `count` (a str's counts
/// its one-character elements, as substrings).
Value common_rank(const Value* args, bool empty_of_type) {
  const Value& container = args[0];
  PY_TRY(std::vector<Value> items, py::to_list(container));
  if (!container.is_tuple() && !container.is(Kind::Str))
    return py::Error{py::Exc::AttributeError, "object has no attribute 'count'"};
  return pick_ranked(sorted_by_count(items), args[1],
                     empty_of_type ? empty_like(container) : py::empty_tuple());
}

// get_common_rank(container: 'Container', rank: 'FL') -> 'Any'
Value get_common_rank_impl(const Value* args, std::size_t) {
  return common_rank(args, true);
}

// get_common_rank_t(container: 'Tuple', rank: 'FL') -> 'Any'
Value get_common_rank_t_impl(const Value* args, std::size_t) {
  return common_rank(args, false);
}

// get_common_rank_f(container: 'FrozenSet', rank: 'FL') -> 'Any'
Value get_common_rank_f_impl(const Value* args, std::size_t) {
  // The same over list(container), whose count any iterable has.
  PY_TRY(std::vector<Value> items, py::to_list(args[0]));
  return pick_ranked(sorted_by_count(items), args[1], py::empty_frozenset());
}

} // namespace

namespace fn {
constinit const py::Builtin identity{"identity",     py::Dialect::Tokpidjin,     1, 1,
                                     &identity_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin first{"first",     py::Dialect::Tokpidjin,     1, 1,
                                  &first_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin second{"second", py::Dialect::Tokpidjin, 1,
                                   1,        &second_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin difference_t{
    "difference_tuple",         py::Dialect::Tokpidjin, 2, 2, &batt_extensions::difference_tuple,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin difference_tuple{
    "difference_tuple",         py::Dialect::Tokpidjin, 2, 2, &batt_extensions::difference_tuple,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin p_f{"p_f",
                                py::Dialect::Tokpidjin,
                                1,
                                1,
                                &p_f_impl,
                                py::SafeDefault::EmptyFrozenSet,
                                /*memoize=*/false,
                                /*default_frames=*/8};
constinit const py::Builtin p_g{"p_g",
                                py::Dialect::Tokpidjin,
                                1,
                                1,
                                &batt_extensions::p_g,
                                py::SafeDefault::EmptyFrozenSet,
                                /*memoize=*/false,
                                /*default_frames=*/10};
constinit const py::Builtin p_o{"p_o",
                                py::Dialect::Tokpidjin,
                                1,
                                1,
                                &p_o_impl,
                                py::SafeDefault::EmptyFrozenSet,
                                /*memoize=*/false,
                                /*default_frames=*/10};
constinit const py::Builtin dedupe_pair_tuple{
    "dedupe_pair_tuple",     py::Dialect::Tokpidjin,     1, 1,
    &dedupe_pair_tuple_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin c_iz{"c_iz",     py::Dialect::Tokpidjin,     2, 2,
                                 &c_iz_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin c_iz_n{"c_iz_n",          py::Dialect::Tokpidjin, 3, 3,
                                   &c_iz_n_impl,      py::SafeDefault::Zero,
                                   /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin c_zo{"c_zo",     py::Dialect::Tokpidjin,     2, 2,
                                 &c_zo_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin c_zo_n{"c_zo_n",          py::Dialect::Tokpidjin, 3, 3,
                                   &c_zo_n_impl,      py::SafeDefault::Zero,
                                   /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin a_mr{"a_mr",     py::Dialect::Tokpidjin,     1, 1,
                                 &a_mr_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_nth_t{
    "get_nth_t", py::Dialect::Tokpidjin,      2,
    2,           &batt_extensions::get_nth_t, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_nth_f{
    "get_nth_f", py::Dialect::Tokpidjin,      2,
    2,           &batt_extensions::get_nth_f, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_nth_by_key_t{
    "get_nth_by_key_t",     py::Dialect::Tokpidjin,     2, 3,
    &get_nth_by_key_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_nth_by_key_f{
    "get_nth_by_key_f",     py::Dialect::Tokpidjin,     2, 3,
    &get_nth_by_key_f_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin o_g{"o_g",     py::Dialect::Tokpidjin,     2, 2,
                                &o_g_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin o_g_t{"o_g_t",     py::Dialect::Tokpidjin,     2, 2,
                                  &o_g_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin o_g_tuple{"o_g_t",     py::Dialect::Tokpidjin,     2, 2,
                                      &o_g_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin mir_rot_t{"mir_rot_t",     py::Dialect::Tokpidjin,     2, 2,
                                      &mir_rot_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin mir_rot_f{"mir_rot_f",     py::Dialect::Tokpidjin,     2, 2,
                                      &mir_rot_f_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_color_rank_t{"get_color_rank_t",     py::Dialect::Tokpidjin, 2, 2,
                                             &get_color_rank_t_impl, py::SafeDefault::Zero,
                                             /*memoize=*/false,      /*default_frames=*/10};
constinit const py::Builtin get_color_rank_f{"get_color_rank_f",     py::Dialect::Tokpidjin, 2, 2,
                                             &get_color_rank_f_impl, py::SafeDefault::Zero,
                                             /*memoize=*/false,      /*default_frames=*/10};
constinit const py::Builtin get_rank{"get_rank",        py::Dialect::Tokpidjin, 2, 2,
                                     &get_rank_impl,    py::SafeDefault::Zero,
                                     /*memoize=*/false, /*default_frames=*/8};
constinit const py::Builtin get_arg_rank{"get_arg_rank",     py::Dialect::Tokpidjin,     3, 3,
                                         &get_arg_rank_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_arg_rank_t{"get_arg_rank_t",     py::Dialect::Tokpidjin,     3, 3,
                                           &get_arg_rank_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_arg_rank_f{"get_arg_rank_f",     py::Dialect::Tokpidjin,     3, 3,
                                           &get_arg_rank_f_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_val_rank{"get_val_rank",     py::Dialect::Tokpidjin,     3, 3,
                                         &get_val_rank_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_val_rank_t{"get_val_rank_t",     py::Dialect::Tokpidjin,     3, 3,
                                           &get_val_rank_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_val_rank_f{"get_val_rank_f",     py::Dialect::Tokpidjin,     3, 3,
                                           &get_val_rank_f_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_common_rank{"get_common_rank",     py::Dialect::Tokpidjin,     2, 2,
                                            &get_common_rank_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_common_rank_t{
    "get_common_rank_t",     py::Dialect::Tokpidjin,     2, 2,
    &get_common_rank_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_common_rank_f{
    "get_common_rank_f",     py::Dialect::Tokpidjin,     2, 2,
    &get_common_rank_f_impl, py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::identity,
    &fn::first,
    &fn::second,
    &fn::difference_t,
    &fn::difference_tuple,
    &fn::p_f,
    &fn::p_g,
    &fn::p_o,
    &fn::dedupe_pair_tuple,
    &fn::c_iz,
    &fn::c_iz_n,
    &fn::c_zo,
    &fn::c_zo_n,
    &fn::a_mr,
    &fn::get_nth_t,
    &fn::get_nth_f,
    &fn::get_nth_by_key_t,
    &fn::get_nth_by_key_f,
    &fn::o_g,
    &fn::o_g_t,
    &fn::o_g_tuple,
    &fn::mir_rot_t,
    &fn::mir_rot_f,
    &fn::get_color_rank_t,
    &fn::get_color_rank_f,
    &fn::get_rank,
    &fn::get_arg_rank,
    &fn::get_arg_rank_t,
    &fn::get_arg_rank_f,
    &fn::get_val_rank,
    &fn::get_val_rank_t,
    &fn::get_val_rank_f,
    &fn::get_common_rank,
    &fn::get_common_rank_t,
    &fn::get_common_rank_f,
};
} // namespace

std::span<const py::Builtin* const> core_family() {
  return kFamily;
}

} // namespace battgpu::dialects::tokpidjin
