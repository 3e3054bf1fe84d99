// tokpidjin dialect: the "arithmetic" functions.
#include "arithmetic.hpp"
#include "value_building.hpp"

#include "core.hpp"
#include "higher_order.hpp"

#include "battgpu/py/py.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Kind;
using py::Value;

// ---- helpers ----

/// `(a, b)`: a shared tuple when both are ints of grid size (py::pair_of), else a new one.
Value tuple2(Value a, Value b) {
  if (a.is(Kind::Int) && b.is(Kind::Int))
    return py::pair_of(a.as_int(), b.as_int());
  Value out = py::new_tuple(2);
  Value* items = py::tuple_items(out);
  items[0] = std::move(a);
  items[1] = std::move(b);
  return out;
}

/// `(i, j, c)`: a shared cell when all are ints (py::cell_of), else a new tuple.
Value tuple3(Value i, Value j, Value c) {
  if (i.is(Kind::Int) && j.is(Kind::Int) && c.is(Kind::Int))
    return py::cell_of(i.as_int(), j.as_int(), c.as_int());
  Value out = py::new_tuple(3);
  Value* items = py::tuple_items(out);
  items[0] = std::move(i);
  items[1] = std::move(j);
  items[2] = std::move(c);
  return out;
}

/// `x == ()`: only the empty tuple equals it.
bool is_empty_tuple(const Value& v) {
  return v.is_tuple() && py::as_tuple(v).size == 0;
}

/// `sorted(..., key=f)` and `max(..., key=f)` take None as no key at all.
const Value* key_of(const Value& f) {
  return f.is_none() ? nullptr : &f;
}

/// Python's upper bound for a tuple we build: beyond it CPython could not allocate it
/// either, and reports MemoryError (a tuple of 2**26 items is already half a gigabyte).
constexpr std::int64_t kMaxBuiltItems = std::int64_t{1} << 26;

/// `type(c)(<generator over c>)` for the generator `gen`, which pushes the items it yields
/// into a vector (or fails): tuple and frozenset consume the generator; str() of a
/// generator gives its repr without running it. `iter(c)` has been taken already.
template <class Gen> Value build_like(const Value& c, Gen&& gen) {
  if (c.is(Kind::Str))
    return py::construct_like(c, {});
  std::vector<Value> items;
  PY_CHECK(gen(items));
  if (c.is_tuple())
    return tuple_from(std::move(items));
  return py::construct_like(c, std::move(items));
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

/// add, subtract, multiply, divide: an empty tuple stands for `unit`, then ints combine,
/// pairs combine item by item, and an int combines with each item of a pair (or a pair's
/// items with the other operand).
template <class Op> Value numerical2(const Value* args, std::int64_t unit, Op op) {
  const Value unit_value = Value::integer(unit);
  const Value& b = is_empty_tuple(args[1]) ? unit_value : args[1];
  const Value& a = is_empty_tuple(args[0]) ? unit_value : args[0];
  if (a.is_int_like() && b.is_int_like())
    return op(a, b);
  if (a.is_tuple() && b.is_tuple()) {
    PY_TRY(Value a0, py::getitem(a, 0));
    PY_TRY(Value b0, py::getitem(b, 0));
    PY_TRY(Value r0, op(a0, b0));
    PY_TRY(Value a1, py::getitem(a, 1));
    PY_TRY(Value b1, py::getitem(b, 1));
    PY_TRY(Value r1, op(a1, b1));
    return tuple2(std::move(r0), std::move(r1));
  }
  if (a.is_int_like() && b.is_tuple()) {
    PY_TRY(Value b0, py::getitem(b, 0));
    PY_TRY(Value r0, op(a, b0));
    PY_TRY(Value b1, py::getitem(b, 1));
    PY_TRY(Value r1, op(a, b1));
    return tuple2(std::move(r0), std::move(r1));
  }
  PY_TRY(Value a0, py::getitem(a, 0));
  PY_TRY(Value r0, op(a0, b));
  PY_TRY(Value a1, py::getitem(a, 1));
  PY_TRY(Value r1, op(a1, b));
  return tuple2(std::move(r0), std::move(r1));
}

/// invert, double, halve, increment, decrement: `op(n)` for an int (or bool), else the
/// pair (op(n[0]), op(n[1])).
template <class Op> Value numerical1(const Value& n, Op op) {
  if (n.is_int_like())
    return op(n);
  PY_TRY(Value n0, py::getitem(n, 0));
  PY_TRY(Value r0, op(n0));
  PY_TRY(Value n1, py::getitem(n, 1));
  PY_TRY(Value r1, op(n1));
  return tuple2(std::move(r0), std::move(r1));
}

/// Adds two ints (the common case) without leaving this file.
Value add_values(const Value& a, const Value& b) {
  std::int64_t r;
  if (a.is(Kind::Int) && b.is(Kind::Int) && !__builtin_add_overflow(a.as_int(), b.as_int(), &r))
    return Value::integer(r);
  return py::add(a, b);
}
Value sub_values(const Value& a, const Value& b) {
  std::int64_t r;
  if (a.is(Kind::Int) && b.is(Kind::Int) && !__builtin_sub_overflow(a.as_int(), b.as_int(), &r))
    return Value::integer(r);
  return py::sub(a, b);
}
Value mul_values(const Value& a, const Value& b) {
  std::int64_t r;
  if (a.is(Kind::Int) && b.is(Kind::Int) && !__builtin_mul_overflow(a.as_int(), b.as_int(), &r))
    return Value::integer(r);
  return py::mul(a, b);
}

/// The ints of an int or of a pair's first two items (all Kind::Int), for the fast paths.
struct IntOrPair {
  bool pair = false;
  std::int64_t v[2] = {0, 0};
};
bool read_int_or_pair(const Value& x, IntOrPair& out) {
  if (x.is(Kind::Int)) {
    out.pair = false;
    out.v[0] = out.v[1] = x.as_int();
    return true;
  }
  if (!x.is_tuple())
    return false;
  const py::TupleObject& t = py::as_tuple(x);
  if (t.size < 2 || !t[0].is(Kind::Int) || !t[1].is(Kind::Int))
    return false;
  out.pair = true;
  out.v[0] = t[0].as_int();
  out.v[1] = t[1].as_int();
  return true;
}

/// add, subtract, ... on ints and pairs of ints, the shapes nearly every argument has:
/// false (nothing computed) for other shapes and when `op` reports overflow or division by
/// zero, which the general path then raises.
template <class IntOp> bool fast2(const Value& a, const Value& b, IntOp op, Value& out) {
  IntOrPair x, y;
  if (!read_int_or_pair(a, x) || !read_int_or_pair(b, y))
    return false;
  std::int64_t r0, r1;
  if (!op(x.v[0], y.v[0], r0))
    return false;
  if (!x.pair && !y.pair) {
    out = Value::integer(r0);
    return true;
  }
  if (!op(x.v[1], y.v[1], r1))
    return false;
  out = py::pair_of(r0, r1);
  return true;
}

/// The same for the one-argument functions.
template <class IntOp> bool fast1(const Value& n, IntOp op, Value& out) {
  IntOrPair x;
  if (!read_int_or_pair(n, x))
    return false;
  std::int64_t r0, r1;
  if (!op(x.v[0], r0))
    return false;
  if (!x.pair) {
    out = Value::integer(r0);
    return true;
  }
  if (!op(x.v[1], r1))
    return false;
  out = py::pair_of(r0, r1);
  return true;
}

bool int_add(std::int64_t x, std::int64_t y, std::int64_t& r) {
  return !__builtin_add_overflow(x, y, &r);
}
bool int_sub(std::int64_t x, std::int64_t y, std::int64_t& r) {
  return !__builtin_sub_overflow(x, y, &r);
}
bool int_mul(std::int64_t x, std::int64_t y, std::int64_t& r) {
  return !__builtin_mul_overflow(x, y, &r);
}
/// Python's floor division of ints.
bool int_floordiv(std::int64_t x, std::int64_t y, std::int64_t& r) {
  if (y == 0 || (x == INT64_MIN && y == -1))
    return false;
  r = x / y;
  if (x % y != 0 && ((x < 0) != (y < 0)))
    --r;
  return true;
}

/// crement of one number: 0 stays 0, positives grow, the rest shrink.
Value crement1(const Value& x) {
  if (x.is(Kind::Int)) {
    const std::int64_t i = x.as_int();
    if (i == 0)
      return Value::integer(0);
    return i > 0 ? add_values(x, Value::integer(1)) : sub_values(x, Value::integer(1));
  }
  if (py::op_eq(x, Value::integer(0)))
    return Value::integer(0);
  PY_TRY(bool positive, py::gt(x, Value::integer(0)));
  return positive ? py::add(x, Value::integer(1)) : py::sub(x, Value::integer(1));
}

/// sign of one number: 0, 1 or -1.
Value sign1(const Value& x) {
  if (py::op_eq(x, Value::integer(0)))
    return Value::integer(0);
  PY_TRY(bool positive, py::gt(x, Value::integer(0)));
  return Value::integer(positive ? 1 : -1);
}

/// The items of the set built by adding `items` in order (`set(items)`), in its order.
std::vector<Value> distinct_in_set_order(const std::vector<Value>& items) {
  py::SetTable distinct;
  for (const Value& v : items)
    distinct.add(v);
  std::vector<Value> keys;
  keys.reserve(static_cast<std::size_t>(distinct.size()));
  distinct.for_each([&](const Value& v) { keys.push_back(v); });
  return keys;
}

/// mostcommon / leastcommon: `max(set(c), key=c.count)` (or min): the first element of the
/// set whose count beats every earlier one. Only tuples and strs have `count`.
Value by_count(const Value& container, bool most) {
  PY_TRY(std::vector<Value> items, py::to_list(container));
  if (!container.is_tuple() && !container.is(Kind::Str))
    return py::Error{py::Exc::AttributeError, "object has no attribute 'count'"};
  std::vector<Value> keys = distinct_in_set_order(items);
  if (keys.empty())
    return py::Error{py::Exc::ValueError, "arg is an empty sequence"};
  const std::vector<std::int64_t> counts = count_each(keys, items);
  std::size_t best = 0;
  for (std::size_t k = 1; k < keys.size(); ++k)
    if (most ? counts[k] > counts[best] : counts[k] < counts[best])
      best = k;
  return keys[best];
}

// ---- the functions ----

// add(a: 'Numerical', b: 'Numerical') -> 'Numerical'
Value add_impl(const Value* args, std::size_t) {
  Value out;
  if (fast2(args[0], args[1], int_add, out))
    return out;
  return numerical2(args, 0, add_values);
}

// subtract(a: 'Numerical', b: 'Numerical') -> 'Numerical'
Value subtract_impl(const Value* args, std::size_t) {
  Value out;
  if (fast2(args[0], args[1], int_sub, out))
    return out;
  return numerical2(args, 0, sub_values);
}

// multiply(a: 'Numerical', b: 'Numerical') -> 'Numerical'
Value multiply_impl(const Value* args, std::size_t) {
  Value out;
  if (fast2(args[0], args[1], int_mul, out))
    return out;
  return numerical2(args, 1, mul_values);
}

// divide(a: 'Numerical', b: 'Numerical') -> 'Numerical'
Value divide_impl(const Value* args, std::size_t) {
  Value out;
  if (fast2(args[0], args[1], int_floordiv, out))
    return out;
  return numerical2(args, 1, [](const Value& a, const Value& b) { return py::floordiv(a, b); });
}

// invert(n: 'Numerical') -> 'Numerical'
Value invert_impl(const Value* args, std::size_t) {
  Value out;
  if (fast1(args[0], [](std::int64_t x, std::int64_t& r) { return int_sub(0, x, r); }, out))
    return out;
  return numerical1(args[0], [](const Value& x) { return py::neg(x); });
}

// even(n: 'Integer') -> 'Boolean'
Value even_impl(const Value* args, std::size_t) {
  // n % 2 == 0. A str on the left formats instead: it fails or gives a str, never equal to
  // 0, so False either way, which is also the safe default.
  const Value& n = args[0];
  if (n.is_int_like())
    return Value::boolean((n.as_int() & 1) == 0);
  if (n.is(Kind::Str))
    return Value::boolean(false);
  PY_TRY(Value m, py::mod(n, Value::integer(2)));
  return Value::boolean(py::op_eq(m, Value::integer(0)));
}

// double(n: 'Numerical') -> 'Numerical'
Value double_impl(const Value* args, std::size_t) {
  Value out;
  if (fast1(args[0], [](std::int64_t x, std::int64_t& r) { return int_mul(x, 2, r); }, out))
    return out;
  return numerical1(args[0], [](const Value& x) { return mul_values(x, Value::integer(2)); });
}

// halve(n: 'Numerical') -> 'Numerical'
Value halve_impl(const Value* args, std::size_t) {
  Value out;
  if (fast1(args[0], [](std::int64_t x, std::int64_t& r) { return int_floordiv(x, 2, r); }, out))
    return out;
  return numerical1(args[0], [](const Value& x) { return py::floordiv(x, Value::integer(2)); });
}

// flip(b: 'Boolean') -> 'Boolean'
Value flip_impl(const Value* args, std::size_t) {
  return Value::boolean(!py::truthy(args[0]));
}

// equality(a: 'Any', b: 'Any') -> 'Boolean'
Value equality_impl(const Value* args, std::size_t) {
  return Value::boolean(py::op_eq(args[0], args[1]));
}

// contained(value: 'Any', container: 'Container') -> 'Boolean'
Value contained_impl(const Value* args, std::size_t) {
  PY_TRY(bool in, py::contains(args[1], args[0]));
  return Value::boolean(in);
}

// combine(a: 'Container', b: 'Container') -> 'Container'
Value combine_impl(const Value* args, std::size_t) {
  // type(a)((*a, *b)): the tuple of both first (both must be iterable), then a's type made
  // from it: a frozenset inserts in that order, str() gives the tuple's repr.
  const Value& a = args[0];
  const Value& b = args[1];
  PY_TRY(py::Iter ia, py::iter(a));
  PY_TRY(py::Iter ib, py::iter(b));
  if (a.is_frozenset()) {
    py::SetTable t;
    {
      // The elements of a frozenset come with the hashes its table keeps.
      py::SetInserter inserter(t);
      for (const Value* part : {&a, &b}) {
        if (part->is_frozenset()) {
          py::as_set_table(*part).all_entries([&](const py::SetEntry& e) {
            inserter.add(e.key, e.hash);
            return true;
          });
        } else {
          py::Iter& it = part == &a ? ia : ib;
          while (const Value* e = it.next())
            inserter.add(*e, py::hash(*e));
        }
      }
      inserter.finish();
    }
    return py::make_frozenset(std::move(t));
  }
  if (a.is_tuple() && b.is_tuple()) {
    // tuple(t) of a tuple t is t: the concatenation itself.
    return py::add(a, b);
  }
  std::vector<Value> items;
  items.reserve(static_cast<std::size_t>(ia.remaining() + ib.remaining()));
  while (const Value* e = ia.next())
    items.push_back(*e);
  while (const Value* e = ib.next())
    items.push_back(*e);
  if (a.is(Kind::Str)) {
    // str() of the tuple is its repr, with the repr's recursion levels alone (measured).
    std::string text;
    PY_CHECK(py::append_repr(text, tuple_from(std::move(items))));
    return py::make_str(text);
  }
  return tuple_from(std::move(items));
}

// intersection(a: 'FrozenSet', b: 'FrozenSet') -> 'FrozenSet'
Value intersection_impl(const Value* args, std::size_t) {
  return py::bit_and(args[0], args[1]);
}

// difference(a: 'FrozenSet', b: 'FrozenSet') -> 'FrozenSet'
Value difference_impl(const Value* args, std::size_t) {
  // type(a)(e for e in a if e not in b).
  const Value& a = args[0];
  const Value& b = args[1];
  PY_TRY(py::Iter it, py::iter(a));
  if (a.is_frozenset() && b.is_frozenset()) {
    // Membership by hash in b; insertion in a's order.
    const py::SetTable& tb = py::as_set_table(b);
    py::SetTable out;
    const py::SetTable& ta = py::as_set_table(a);
    {
      // b's slots are fetched a few entries ahead of their lookups (large sets).
      constexpr std::int64_t kAhead = 32;
      py::SetInserter inserter(out);
      for (std::int64_t i = 0; i <= ta.mask(); ++i) {
        if (i + kAhead <= ta.mask())
          tb.prefetch_slot(ta.slot(i + kAhead).hash);
        const py::SetEntry& e = ta.slot(i);
        if (e.key.kind() == Kind::Unbound || e.key.kind() == Kind::Dummy)
          continue;
        if (!tb.contains_entry(e.key, e.hash))
          inserter.add(e.key, e.hash);
      }
      inserter.finish();
    }
    return py::make_frozenset(std::move(out));
  }
  return build_like(a, [&](std::vector<Value>& kept) -> py::Status {
    while (const Value* e = it.next()) {
      PY_TRY(bool in_b, py::contains(b, *e));
      if (!in_b)
        kept.push_back(*e);
    }
    return {};
  });
}

// dedupe(tup: 'Tuple') -> 'Tuple'
Value dedupe_impl(const Value* args, std::size_t) {
  // The elements whose first occurrence (tup.index) is where they stand. Frozensets have no
  // index method: only an empty one gets through. A str's index finds its characters.
  const Value& tup = args[0];
  PY_TRY(py::Iter it, py::iter(tup));
  if (tup.is_frozenset()) {
    if (it.remaining() == 0)
      return py::empty_tuple();
    return py::Error{py::Exc::AttributeError, "'frozenset' object has no attribute 'index'"};
  }
  if (tup.is_tuple() && py::as_tuple(tup).size <= 16) {
    // The common case, without vectors: mark the first occurrences, then copy them.
    const py::TupleObject& t = py::as_tuple(tup);
    bool keep[16];
    std::size_t kept = 0;
    for (std::uint32_t i = 0; i < t.size; ++i) {
      bool earlier = false;
      for (std::uint32_t j = 0; j < i && !earlier; ++j)
        earlier = py::eq(t[j], t[i]);
      keep[i] = !earlier;
      kept += keep[i] ? 1 : 0;
    }
    if (kept == t.size)
      return tup;
    Value out = py::new_tuple(kept);
    Value* dst = py::tuple_items(out);
    for (std::uint32_t i = 0; i < t.size; ++i)
      if (keep[i])
        *dst++ = t[i];
    return out;
  }
  std::vector<Value> items;
  if (tup.is_tuple()) {
    const py::TupleObject& t = py::as_tuple(tup);
    items.assign(t.begin(), t.end());
  } else {
    while (const Value* e = it.next())
      items.push_back(*e);
  }
  std::vector<Value> kept;
  kept.reserve(items.size());
  if (items.size() <= 16) {
    for (std::size_t i = 0; i < items.size(); ++i) {
      bool earlier = false;
      for (std::size_t j = 0; j < i && !earlier; ++j)
        earlier = py::eq(items[j], items[i]);
      if (!earlier)
        kept.push_back(items[i]);
    }
  } else {
    // An element seen before (equal values hash alike) is not at its first index.
    py::SetTable seen;
    for (const Value& e : items) {
      const std::int64_t h = py::hash(e);
      if (seen.contains_entry(e, h))
        continue;
      seen.add_entry(e, h);
      kept.push_back(e);
    }
  }
  if (tup.is_tuple() && kept.size() == items.size())
    return tup;
  return tuple_from(std::move(kept));
}

// order(container: 'Container', compfunc: 'Callable') -> 'Tuple'
Value order_impl(const Value* args, std::size_t) {
  return py::sorted_tuple(args[0], key_of(args[1]));
}

// repeat(item: 'Any', num: 'C_') -> 'Tuple'
Value repeat_impl(const Value* args, std::size_t) {
  PY_TRY(std::int64_t n, py::as_index(args[1]));
  if (n <= 0)
    return py::empty_tuple();
  if (n > kMaxBuiltItems)
    return py::Error{py::Exc::MemoryError, "repeat: too many items"};
  Value out = py::new_tuple(static_cast<std::size_t>(n));
  Value* items = py::tuple_items(out);
  for (std::int64_t i = 0; i < n; ++i)
    items[i] = args[0];
  return out;
}

// greater(a: 'Integer', b: 'Integer') -> 'Boolean'
Value greater_impl(const Value* args, std::size_t) {
  if (args[0].is(Kind::Int) && args[1].is(Kind::Int))
    return Value::boolean(args[0].as_int() > args[1].as_int());
  PY_TRY(bool r, py::gt(args[0], args[1]));
  return Value::boolean(r);
}

// size(container: 'Container') -> 'Integer'
Value size_impl(const Value* args, std::size_t) {
  if (args[0].is_tuple())
    return Value::integer(py::as_tuple(args[0]).size);
  if (args[0].is_frozenset())
    return Value::integer(py::set_size(args[0]));
  PY_TRY(std::int64_t n, py::len(args[0]));
  return Value::integer(n);
}

/// merge, merge_f, merge_t: type(containers)(e for c in containers for e in c).
Value merge_all(const Value& containers) {
  PY_TRY(py::Iter outer, py::iter(containers));
  if (containers.is_frozenset()) {
    py::SetTable t;
    while (const Value* c = outer.next()) {
      if (c->is_frozenset()) {
        py::as_set_table(*c).all_entries([&](const py::SetEntry& e) {
          t.add_entry(e.key, e.hash);
          return true;
        });
        continue;
      }
      PY_TRY(py::Iter it, py::iter(*c));
      while (const Value* e = it.next())
        t.add(*e);
    }
    return py::make_frozenset(std::move(t));
  }
  return build_like(containers, [&](std::vector<Value>& items) -> py::Status {
    while (const Value* c = outer.next()) {
      if (c->is_tuple()) {
        for (const Value& e : py::as_tuple(*c))
          items.push_back(e);
        continue;
      }
      PY_TRY(py::Iter it, py::iter(*c));
      while (const Value* e = it.next())
        items.push_back(*e);
    }
    return {};
  });
}

// merge(containers: 'ContainerContainer') -> 'Container'
Value merge_impl(const Value* args, std::size_t) {
  return merge_all(args[0]);
}

// merge_f(containers: 'ContainerContainer') -> 'Container'
Value merge_f_impl(const Value* args, std::size_t) {
  return merge_all(args[0]);
}

// merge_t(containers: 'ContainerContainer') -> 'Container'
Value merge_t_impl(const Value* args, std::size_t) {
  return merge_all(args[0]);
}

// maximum(container: 'IntegerSet') -> 'Integer'
Value maximum_impl(const Value* args, std::size_t) {
  return py::max_of(args[0], nullptr, Value::integer(0));
}

// minimum(container: 'IntegerSet') -> 'Integer'
Value minimum_impl(const Value* args, std::size_t) {
  return py::min_of(args[0], nullptr, Value::integer(0));
}

// valmax(container: 'Container', compfunc: 'Callable') -> 'Integer'
Value valmax_impl(const Value* args, std::size_t) {
  PY_TRY(Value best, py::max_of(args[0], key_of(args[1]), Value::integer(0)));
  return py::call(args[1], {best});
}

// valmin(container: 'Container', compfunc: 'Callable') -> 'Integer'
Value valmin_impl(const Value* args, std::size_t) {
  PY_TRY(Value best, py::min_of(args[0], key_of(args[1]), Value::integer(0)));
  return py::call(args[1], {best});
}

// argmax(container: 'Container', compfunc: 'Callable') -> 'Any'
Value argmax_impl(const Value* args, std::size_t) {
  return py::max_of(args[0], key_of(args[1]));
}

// argmin(container: 'Container', compfunc: 'Callable') -> 'Any'
Value argmin_impl(const Value* args, std::size_t) {
  return py::min_of(args[0], key_of(args[1]));
}

// mostcommon(container: 'Container') -> 'Any'
Value mostcommon_impl(const Value* args, std::size_t) {
  return by_count(args[0], true);
}

// leastcommon(container: 'Container') -> 'Any'
Value leastcommon_impl(const Value* args, std::size_t) {
  return by_count(args[0], false);
}

// initset(value: 'Any') -> 'FrozenSet'
Value initset_impl(const Value* args, std::size_t) {
  // frozenset({value}): a one-element table copies slot for slot.
  py::SetTable t;
  t.add(args[0]);
  return py::make_frozenset(std::move(t));
}

// both(a: 'Boolean', b: 'Boolean') -> 'Boolean'
Value both_impl(const Value* args, std::size_t) {
  // `a and b`: a itself when false, else b.
  return py::truthy(args[0]) ? args[1] : args[0];
}

// either(a: 'Boolean', b: 'Boolean') -> 'Boolean'
Value either_impl(const Value* args, std::size_t) {
  // `a or b`: a itself when true, else b.
  return py::truthy(args[0]) ? args[0] : args[1];
}

// increment(x: 'Numerical') -> 'Numerical'
Value increment_impl(const Value* args, std::size_t) {
  Value out;
  if (fast1(args[0], [](std::int64_t x, std::int64_t& r) { return int_add(x, 1, r); }, out))
    return out;
  return numerical1(args[0], [](const Value& x) { return add_values(x, Value::integer(1)); });
}

// decrement(x: 'Numerical') -> 'Numerical'
Value decrement_impl(const Value* args, std::size_t) {
  Value out;
  if (fast1(args[0], [](std::int64_t x, std::int64_t& r) { return int_sub(x, 1, r); }, out))
    return out;
  return numerical1(args[0], [](const Value& x) { return sub_values(x, Value::integer(1)); });
}

// crement(x: 'Numerical') -> 'Numerical'
Value crement_impl(const Value* args, std::size_t) {
  return numerical1(args[0], crement1);
}

// sign(x: 'Numerical') -> 'Numerical'
Value sign_impl(const Value* args, std::size_t) {
  return numerical1(args[0], sign1);
}

// positive(x: 'Integer') -> 'Boolean'
Value positive_impl(const Value* args, std::size_t) {
  PY_TRY(bool r, py::gt(args[0], Value::integer(0)));
  return Value::boolean(r);
}

// toivec(i: 'Integer') -> 'IJ'
Value toivec_impl(const Value* args, std::size_t) {
  return tuple2(args[0], Value::integer(0));
}

// tojvec(j: 'Integer') -> 'IJ'
Value tojvec_impl(const Value* args, std::size_t) {
  return tuple2(Value::integer(0), args[0]);
}

// extract(container: 'Container', condition: 'Callable') -> 'Any'
Value extract_impl(const Value* args, std::size_t) {
  // The first element for which condition is true, frozenset() when none is. The condition
  // runs inside the generator's frame, which counts for recursion.
  PY_TRY(py::Iter it, py::iter(args[0]));
  py::FrameGuard generator;
  if (!generator.ok())
    return py::Error{py::Exc::RecursionError, "maximum recursion depth exceeded"};
  while (const Value* e = it.next()) {
    PY_TRY(Value keep, py::call(args[1], {*e}));
    if (py::truthy(keep))
      return *e;
  }
  return py::empty_frozenset();
}

// totuple(container: 'FrozenSet') -> 'Tuple'
Value totuple_impl(const Value* args, std::size_t) {
  return py::to_tuple(args[0]);
}

// insert(value: 'Any', container: 'FrozenSet') -> 'FrozenSet'
Value insert_impl(const Value* args, std::size_t) {
  // container.union(frozenset({value})): only frozensets have union.
  const Value& container = args[1];
  if (!container.is_frozenset())
    return py::Error{py::Exc::AttributeError, "object has no attribute 'union'"};
  py::SetTable single;
  single.add(args[0]);
  return py::make_frozenset(py::SetTable::union_of(py::as_set_table(container), single));
}

// other(container: 'Container', value: 'Any') -> 'Any'
Value other_impl(const Value* args, std::size_t) {
  PY_TRY(Value rest, py::call(fn::remove, {args[1], args[0]}));
  return py::call(fn::first, {rest});
}

// interval(start: 'Integer', stop: 'Integer', step: 'Integer') -> 'Tuple'
Value interval_impl(const Value* args, std::size_t) {
  PY_TRY(std::int64_t start, py::as_index(args[0]));
  PY_TRY(std::int64_t stop, py::as_index(args[1]));
  PY_TRY(std::int64_t step, py::as_index(args[2]));
  if (step == 0)
    return py::Error{py::Exc::ValueError, "range() arg 3 must not be zero"};
  // range's length, computed without overflow.
  std::uint64_t n = 0;
  if (step > 0 && start < stop)
    n = (static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start) - 1) /
            static_cast<std::uint64_t>(step) +
        1;
  else if (step < 0 && start > stop)
    n = (static_cast<std::uint64_t>(start) - static_cast<std::uint64_t>(stop) - 1) /
            (0 - static_cast<std::uint64_t>(step)) +
        1;
  if (n > static_cast<std::uint64_t>(kMaxBuiltItems))
    return py::Error{py::Exc::MemoryError, "interval: too many items"};
  Value out = py::new_tuple(n);
  Value* items = py::tuple_items(out);
  for (std::uint64_t i = 0; i < n; ++i)
    items[i] = Value::integer(static_cast<std::int64_t>(static_cast<std::uint64_t>(start) +
                                                        i * static_cast<std::uint64_t>(step)));
  return out;
}

// astuple(a: 'Any', b: 'Any') -> 'Tuple'
Value astuple_impl(const Value* args, std::size_t) {
  return tuple2(args[0], args[1]);
}

// ascell(ij: 'IJ', c: 'C_') -> 'Tuple'
Value ascell_impl(const Value* args, std::size_t) {
  PY_TRY(Value i, py::getitem(args[0], 0));
  PY_TRY(Value j, py::getitem(args[0], 1));
  return tuple3(std::move(i), std::move(j), args[1]);
}

// toij(c: 'Cell') -> 'IJ'
Value toij_impl(const Value* args, std::size_t) {
  PY_TRY(Value i, py::getitem(args[0], 0));
  PY_TRY(Value j, py::getitem(args[0], 1));
  return tuple2(std::move(i), std::move(j));
}

// astriple(i: 'I_', j: 'J_', c: 'C_') -> 'Tuple'
Value astriple_impl(const Value* args, std::size_t) {
  return tuple3(args[0], args[1], args[2]);
}

// product(a: 'Container', b: 'Container') -> 'FrozenSet'
Value product_impl(const Value* args, std::size_t) {
  // frozenset((i, j) for j in b for i in a): b outermost, a iterated afresh for each j
  // (and not at all when b is empty).
  PY_TRY(py::Iter jb, py::iter(args[1]));
  py::SetTable t;
  while (const Value* j = jb.next()) {
    PY_TRY(py::Iter ia, py::iter(args[0]));
    while (const Value* i = ia.next())
      t.add(tuple2(*i, *j));
  }
  return py::make_frozenset(std::move(t));
}

// pair(a: 'Tuple', b: 'Tuple') -> 'TupleTuple'
Value pair_impl(const Value* args, std::size_t) {
  // tuple(zip(a, b)): both iterators first, then pairs until the shorter ends.
  PY_TRY(py::Iter ia, py::iter(args[0]));
  PY_TRY(py::Iter ib, py::iter(args[1]));
  std::vector<Value> pairs;
  while (const Value* x = ia.next()) {
    const Value* y = ib.next();
    if (y == nullptr)
      break;
    pairs.push_back(tuple2(*x, *y));
  }
  return tuple_from(std::move(pairs));
}

// celltuple(a: 'Tuple', b: 'Tuple') -> 'TupleTuple'
Value celltuple_impl(const Value* args, std::size_t) {
  // tuple((x, y, z) for (x, y), z in zip(a, b)).
  PY_TRY(py::Iter ia, py::iter(args[0]));
  PY_TRY(py::Iter ib, py::iter(args[1]));
  std::vector<Value> cells;
  while (const Value* xy = ia.next()) {
    const Value* z = ib.next();
    if (z == nullptr)
      break;
    Value parts[2];
    if (xy->is_tuple() && py::as_tuple(*xy).size == 2) {
      parts[0] = py::as_tuple(*xy)[0];
      parts[1] = py::as_tuple(*xy)[1];
    } else {
      PY_CHECK(py::unpack(*xy, parts, 2));
    }
    cells.push_back(tuple3(std::move(parts[0]), std::move(parts[1]), *z));
  }
  return tuple_from(std::move(cells));
}

// branch(condition: 'Boolean', a: 'Any', b: 'Any') -> 'Any'
Value branch_impl(const Value* args, std::size_t) {
  return py::truthy(args[0]) ? args[1] : args[2];
}

// c_branch(condition: 'Boolean', a: 'C_', b: 'C_') -> 'Any'
Value c_branch_impl(const Value* args, std::size_t) {
  return py::truthy(args[0]) ? args[1] : args[2];
}

} // namespace

namespace fn {
constinit const py::Builtin add{"add",     py::Dialect::Tokpidjin,     2, 2,
                                &add_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin subtract{"subtract",     py::Dialect::Tokpidjin,     2, 2,
                                     &subtract_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin multiply{"multiply",     py::Dialect::Tokpidjin,     2, 2,
                                     &multiply_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin divide{"divide", py::Dialect::Tokpidjin, 2,
                                   2,        &divide_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin invert{"invert", py::Dialect::Tokpidjin, 1,
                                   1,        &invert_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin even{"even",
                                 py::Dialect::Tokpidjin,
                                 1,
                                 1,
                                 &even_impl,
                                 py::SafeDefault::False,
                                 /*memoize=*/false,
                                 /*default_frames=*/6};
constinit const py::Builtin double_{"double", py::Dialect::Tokpidjin, 1,
                                    1,        &double_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin halve{"halve",     py::Dialect::Tokpidjin,     1, 1,
                                  &halve_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin flip{"flip",
                                 py::Dialect::Tokpidjin,
                                 1,
                                 1,
                                 &flip_impl,
                                 py::SafeDefault::False,
                                 /*memoize=*/false,
                                 /*default_frames=*/6};
constinit const py::Builtin equality{"equality",        py::Dialect::Tokpidjin, 2, 2,
                                     &equality_impl,    py::SafeDefault::False,
                                     /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin contained{"contained",       py::Dialect::Tokpidjin, 2, 2,
                                      &contained_impl,   py::SafeDefault::False,
                                      /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin combine{"combine", py::Dialect::Tokpidjin, 2,
                                    2,         &combine_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin intersection{"intersection",      py::Dialect::Tokpidjin,          2, 2,
                                         &intersection_impl,  py::SafeDefault::EmptyFrozenSet,
                                         /*memoize=*/false,
                                         /*default_frames=*/6};
constinit const py::Builtin difference{"difference",        py::Dialect::Tokpidjin,          2, 2,
                                       &difference_impl,    py::SafeDefault::EmptyFrozenSet,
                                       /*memoize=*/false,
                                       /*default_frames=*/6};
constinit const py::Builtin dedupe{"dedupe", py::Dialect::Tokpidjin, 1,
                                   1,        &dedupe_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin order{"order",     py::Dialect::Tokpidjin,     2, 2,
                                  &order_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin repeat{"repeat", py::Dialect::Tokpidjin, 2,
                                   2,        &repeat_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin greater{"greater",         py::Dialect::Tokpidjin, 2, 2,
                                    &greater_impl,     py::SafeDefault::False,
                                    /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin size{"size",
                                 py::Dialect::Tokpidjin,
                                 1,
                                 1,
                                 &size_impl,
                                 py::SafeDefault::Zero,
                                 /*memoize=*/false,
                                 /*default_frames=*/6};
constinit const py::Builtin merge{"merge",     py::Dialect::Tokpidjin,     1, 1,
                                  &merge_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin merge_f{"merge_f", py::Dialect::Tokpidjin, 1,
                                    1,         &merge_f_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin merge_t{"merge_t", py::Dialect::Tokpidjin, 1,
                                    1,         &merge_t_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin maximum{"maximum",         py::Dialect::Tokpidjin, 1, 1,
                                    &maximum_impl,     py::SafeDefault::Zero,
                                    /*memoize=*/false, /*default_frames=*/8};
constinit const py::Builtin minimum{"minimum",         py::Dialect::Tokpidjin, 1, 1,
                                    &minimum_impl,     py::SafeDefault::Zero,
                                    /*memoize=*/false, /*default_frames=*/8};
constinit const py::Builtin valmax{"valmax",          py::Dialect::Tokpidjin, 2, 2,
                                   &valmax_impl,      py::SafeDefault::Zero,
                                   /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin valmin{"valmin",          py::Dialect::Tokpidjin, 2, 2,
                                   &valmin_impl,      py::SafeDefault::Zero,
                                   /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin argmax{"argmax", py::Dialect::Tokpidjin, 2,
                                   2,        &argmax_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin argmin{"argmin", py::Dialect::Tokpidjin, 2,
                                   2,        &argmin_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin mostcommon{"mostcommon",     py::Dialect::Tokpidjin,     1, 1,
                                       &mostcommon_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin leastcommon{"leastcommon",     py::Dialect::Tokpidjin,     1, 1,
                                        &leastcommon_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin initset{
    "initset",         py::Dialect::Tokpidjin, 1, 1, &initset_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin both{"both",
                                 py::Dialect::Tokpidjin,
                                 2,
                                 2,
                                 &both_impl,
                                 py::SafeDefault::False,
                                 /*memoize=*/false,
                                 /*default_frames=*/6};
constinit const py::Builtin either{"either",          py::Dialect::Tokpidjin, 2, 2,
                                   &either_impl,      py::SafeDefault::False,
                                   /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin increment{"increment",     py::Dialect::Tokpidjin,     1, 1,
                                      &increment_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin decrement{"decrement",     py::Dialect::Tokpidjin,     1, 1,
                                      &decrement_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin crement{"crement", py::Dialect::Tokpidjin, 1,
                                    1,         &crement_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin sign{"sign",     py::Dialect::Tokpidjin,     1, 1,
                                 &sign_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin positive{"positive",        py::Dialect::Tokpidjin, 1, 1,
                                     &positive_impl,    py::SafeDefault::False,
                                     /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin toivec{"toivec", py::Dialect::Tokpidjin, 1,
                                   1,        &toivec_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin tojvec{"tojvec", py::Dialect::Tokpidjin, 1,
                                   1,        &tojvec_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin extract{"extract", py::Dialect::Tokpidjin, 2,
                                    2,         &extract_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin totuple{"totuple", py::Dialect::Tokpidjin, 1,
                                    1,         &totuple_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin insert{
    "insert",          py::Dialect::Tokpidjin, 2, 2, &insert_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin other{"other",     py::Dialect::Tokpidjin,     2, 2,
                                  &other_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin interval{"interval",     py::Dialect::Tokpidjin,     3, 3,
                                     &interval_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin astuple{"astuple", py::Dialect::Tokpidjin, 2,
                                    2,         &astuple_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin ascell{"ascell", py::Dialect::Tokpidjin, 2,
                                   2,        &ascell_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin toij{"toij",     py::Dialect::Tokpidjin,     1, 1,
                                 &toij_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin astriple{"astriple",     py::Dialect::Tokpidjin,     3, 3,
                                     &astriple_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin product{
    "product",         py::Dialect::Tokpidjin, 2, 2, &product_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin pair{"pair",     py::Dialect::Tokpidjin,     2, 2,
                                 &pair_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin celltuple{"celltuple",     py::Dialect::Tokpidjin,     2, 2,
                                      &celltuple_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin branch{"branch", py::Dialect::Tokpidjin, 3,
                                   3,        &branch_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin c_branch{"c_branch",     py::Dialect::Tokpidjin,     3, 3,
                                     &c_branch_impl, py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::add,       &fn::subtract,  &fn::multiply,     &fn::divide,     &fn::invert,
    &fn::even,      &fn::double_,   &fn::halve,        &fn::flip,       &fn::equality,
    &fn::contained, &fn::combine,   &fn::intersection, &fn::difference, &fn::dedupe,
    &fn::order,     &fn::repeat,    &fn::greater,      &fn::size,       &fn::merge,
    &fn::merge_f,   &fn::merge_t,   &fn::maximum,      &fn::minimum,    &fn::valmax,
    &fn::valmin,    &fn::argmax,    &fn::argmin,       &fn::mostcommon, &fn::leastcommon,
    &fn::initset,   &fn::both,      &fn::either,       &fn::increment,  &fn::decrement,
    &fn::crement,   &fn::sign,      &fn::positive,     &fn::toivec,     &fn::tojvec,
    &fn::extract,   &fn::totuple,   &fn::insert,       &fn::other,      &fn::interval,
    &fn::astuple,   &fn::ascell,    &fn::toij,         &fn::astriple,   &fn::product,
    &fn::pair,      &fn::celltuple, &fn::branch,       &fn::c_branch,
};
} // namespace

std::span<const py::Builtin* const> arithmetic_family() {
  return kFamily;
}

} // namespace battgpu::dialects::tokpidjin
