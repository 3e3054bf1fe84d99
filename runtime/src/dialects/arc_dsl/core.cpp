// arc_dsl dialect: the "core" functions.
#include "core.hpp"
#include "value_building.hpp"

#include "battgpu/py/py.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace battgpu::dialects::arc_dsl {
namespace {

using py::Kind;
using py::SetEntry;
using py::SetTable;
using py::Value;

// ---- helpers ----

// A two-item tuple; a pair of small ints is the shared one (py::pair_of).
Value two(Value x, Value y) {
  if (x.is(Kind::Int) && y.is(Kind::Int))
    return py::pair_of(x.as_int(), y.as_int());
  Value t = py::new_tuple(2);
  Value* items = py::tuple_items(t);
  items[0] = std::move(x);
  items[1] = std::move(y);
  return t;
}

// `seq[i]` for a small non-negative i: a direct read for tuples, Python's failure otherwise.
Value at(const Value& seq, std::int64_t i) {
  if (seq.is_tuple()) {
    const py::TupleObject& t = py::as_tuple(seq);
    if (i < static_cast<std::int64_t>(t.size))
      return t[static_cast<std::size_t>(i)];
  }
  return py::getitem(seq, i);
}

// A tuple of the items `items` points to (items of containers that outlive the call): one copy
// each, where collecting Values first would copy twice.
Value tuple_from(const std::vector<const Value*>& items) {
  if (items.empty())
    return py::empty_tuple();
  Value t = py::new_tuple(items.size());
  Value* out = py::tuple_items(t);
  for (const Value* e : items)
    *out++ = *e;
  return t;
}

bool live(const SetEntry& e) {
  return e.key.is_bound() && !e.key.is(Kind::Dummy);
}

// Calls `f(entry)` for every element of `t` in iteration order (the entry carries the hash,
// so that a set built from it need not hash again); stops at the first failure.
template <class F> py::Status for_each_entry(const SetTable& t, F&& f) {
  for (std::int64_t i = 0; i <= t.mask(); ++i) {
    const SetEntry& e = t.slot(i);
    if (live(e)) {
      py::Status s = f(e);
      if (!s.ok())
        return s;
    }
  }
  return {};
}

// `type(c)(<generator over c>)` when c is a str: str() of a generator object does not run it,
// so nothing inside is evaluated (the text names an address, which no run can reproduce).
Value unrun_generator(const Value& c) {
  return py::construct_like(c, {});
}

using BinOp = Value (*)(const Value&, const Value&);
// The int-with-int case of an operator, without building Values: false where the generic
// operator must decide (overflow, division by zero).
using IntOp = bool (*)(std::int64_t, std::int64_t, std::int64_t&);

bool int_add(std::int64_t x, std::int64_t y, std::int64_t& r) {
  return !__builtin_add_overflow(x, y, &r);
}
bool int_sub(std::int64_t x, std::int64_t y, std::int64_t& r) {
  return !__builtin_sub_overflow(x, y, &r);
}
bool int_mul(std::int64_t x, std::int64_t y, std::int64_t& r) {
  return !__builtin_mul_overflow(x, y, &r);
}
bool int_floordiv(std::int64_t x, std::int64_t y, std::int64_t& r) {
  if (y == 0 || (x == INT64_MIN && y == -1))
    return false;
  r = x / y;
  if (x % y != 0 && ((x < 0) != (y < 0)))
    --r;
  return true;
}

// The two items of a pair of ints (bools and everything else take the generic path).
bool int_pair(const Value& v, std::int64_t& x, std::int64_t& y) {
  if (!v.is_tuple())
    return false;
  const py::TupleObject& t = py::as_tuple(v);
  if (t.size != 2 || !t[0].is(Kind::Int) || !t[1].is(Kind::Int))
    return false;
  x = t[0].as_int();
  y = t[1].as_int();
  return true;
}

// The shape of add/subtract/multiply/divide: int with int, pairs elementwise, int with a pair,
// and otherwise the left operand indexed as a pair. Items are read in Python's order, so the
// first failing read or operation is the one that raises.
Value numerical2(const Value& a, const Value& b, BinOp op, IntOp int_op) {
  const bool a_int = a.is_int_like();
  if (a_int && b.is_int_like())
    return op(a, b);
  if (a.is_tuple() && b.is_tuple()) {
    // Offsets and coordinates: two pairs of ints.
    std::int64_t a0, a1, b0, b1, r0, r1;
    if (int_pair(a, a0, a1) && int_pair(b, b0, b1) && int_op(a0, b0, r0) && int_op(a1, b1, r1))
      return py::pair_of(r0, r1);
    PY_TRY(Value x0, at(a, 0));
    PY_TRY(Value y0, at(b, 0));
    PY_TRY(Value z0, op(x0, y0));
    PY_TRY(Value x1, at(a, 1));
    PY_TRY(Value y1, at(b, 1));
    PY_TRY(Value z1, op(x1, y1));
    return two(std::move(z0), std::move(z1));
  }
  if (a_int && b.is_tuple()) {
    PY_TRY(Value b0, at(b, 0));
    PY_TRY(Value r0, op(a, b0));
    PY_TRY(Value b1, at(b, 1));
    PY_TRY(Value r1, op(a, b1));
    return two(std::move(r0), std::move(r1));
  }
  PY_TRY(Value a0, at(a, 0));
  PY_TRY(Value r0, op(a0, b));
  PY_TRY(Value a1, at(a, 1));
  PY_TRY(Value r1, op(a1, b));
  return two(std::move(r0), std::move(r1));
}

// The shape of invert/double/halve/increment/...: `op(n)` for an int, else `(op(n[0]), op(n[1]))`.
template <class Op> Value numerical1(const Value& n, Op op) {
  if (n.is_int_like())
    return op(n);
  PY_TRY(Value n0, at(n, 0));
  PY_TRY(Value r0, op(n0));
  PY_TRY(Value n1, at(n, 1));
  PY_TRY(Value r1, op(n1));
  return two(std::move(r0), std::move(r1));
}

// `0 if x == 0 else (x + 1 if x > 0 else x - 1)`.
Value crement_one(const Value& x) {
  if (py::op_eq(x, Value::integer(0)))
    return Value::integer(0);
  PY_TRY(bool pos, py::gt(x, Value::integer(0)));
  return pos ? py::add(x, Value::integer(1)) : py::sub(x, Value::integer(1));
}

// `0 if x == 0 else (1 if x > 0 else -1)`.
Value sign_one(const Value& x) {
  if (py::op_eq(x, Value::integer(0)))
    return Value::integer(0);
  PY_TRY(bool pos, py::gt(x, Value::integer(0)));
  return Value::integer(pos ? 1 : -1);
}

// str.count(sub): non-overlapping occurrences (an empty sub matches len + 1 times).
std::int64_t str_count(std::string_view s, std::string_view sub) {
  if (sub.empty())
    return static_cast<std::int64_t>(s.size()) + 1;
  std::int64_t n = 0;
  for (std::size_t pos = s.find(sub); pos != std::string_view::npos;
       pos = s.find(sub, pos + sub.size()))
    ++n;
  return n;
}

// ---- the functions ----

// identity(x: Any) -> Any
Value identity_impl(const Value* args, std::size_t) {
  return args[0];
}

// add(a: Union[int, Tuple[int, int]], b: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int,
// int]]
Value add_impl(const Value* args, std::size_t) {
  return numerical2(args[0], args[1], &py::add, &int_add);
}

// subtract(a: Union[int, Tuple[int, int]], b: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int,
// int]]
Value subtract_impl(const Value* args, std::size_t) {
  return numerical2(args[0], args[1], &py::sub, &int_sub);
}

// multiply(a: Union[int, Tuple[int, int]], b: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int,
// int]]
Value multiply_impl(const Value* args, std::size_t) {
  return numerical2(args[0], args[1], &py::mul, &int_mul);
}

// divide(a: Union[int, Tuple[int, int]], b: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int,
// int]]
Value divide_impl(const Value* args, std::size_t) {
  return numerical2(args[0], args[1], &py::floordiv, &int_floordiv);
}

// invert(n: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value invert_impl(const Value* args, std::size_t) {
  return numerical1(args[0], [](const Value& x) { return py::neg(x); });
}

// even(n: int) -> bool
Value even_impl(const Value* args, std::size_t) {
  PY_TRY(Value r, py::mod(args[0], Value::integer(2)));
  return Value::boolean(py::op_eq(r, Value::integer(0)));
}

// double(n: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value double_impl(const Value* args, std::size_t) {
  return numerical1(args[0], [](const Value& x) { return py::mul(x, Value::integer(2)); });
}

// halve(n: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value halve_impl(const Value* args, std::size_t) {
  return numerical1(args[0], [](const Value& x) { return py::floordiv(x, Value::integer(2)); });
}

// flip(b: bool) -> bool
Value flip_impl(const Value* args, std::size_t) {
  return Value::boolean(!py::truthy(args[0]));
}

// equality(a: Any, b: Any) -> bool
Value equality_impl(const Value* args, std::size_t) {
  return Value::boolean(py::op_eq(args[0], args[1]));
}

// contained(value: Any, container: Container) -> bool
Value contained_impl(const Value* args, std::size_t) {
  PY_TRY(bool in, py::contains(args[1], args[0]));
  return Value::boolean(in);
}

// combine(a: Container, b: Container) -> Container
Value combine_impl(const Value* args, std::size_t) {
  const Value& a = args[0];
  const Value& b = args[1];
  // `(*a, *b)` unpacks both before type(a) is applied.
  PY_TRY(py::Iter ia, py::iter(a));
  PY_TRY(py::Iter ib, py::iter(b));
  switch (a.kind()) {
  case Kind::Tuple:
    if (b.is_tuple())
      return py::add(a, b);
    {
      py::TupleBuilder out(static_cast<std::size_t>(ia.remaining() + ib.remaining()));
      while (const Value* e = ia.next())
        out.push(*e);
      while (const Value* e = ib.next())
        out.push(*e);
      return out.finish();
    }
  case Kind::FrozenSet: {
    // frozenset(<tuple>) adds the items one by one, a's in its order, then b's.
    SetTable out;
    PY_CHECK(for_each_entry(py::as_set_table(a), [&](const SetEntry& e) -> py::Status {
      out.add_entry(e.key, e.hash);
      return {};
    }));
    if (b.is_frozenset()) {
      PY_CHECK(for_each_entry(py::as_set_table(b), [&](const SetEntry& e) -> py::Status {
        out.add_entry(e.key, e.hash);
        return {};
      }));
    } else {
      while (const Value* e = ib.next())
        out.add(*e);
    }
    return py::make_frozenset(std::move(out));
  }
  default: {
    // A str: str() of the concatenated tuple is its repr, with its recursion levels: the
    // tuple's, and the items' below it (measured).
    py::FrameGuard tuple_level;
    if (!tuple_level.ok())
      return py::repr_recursion_error();
    std::string text = "(";
    std::size_t n = 0;
    for (py::Iter* it : {&ia, &ib})
      while (const Value* e = it->next()) {
        if (n++ != 0)
          text += ", ";
        PY_CHECK(py::append_repr(text, *e));
      }
    if (n == 1)
      text.push_back(',');
    text.push_back(')');
    return py::make_str(text);
  }
  }
}

// intersection(a: FrozenSet, b: FrozenSet) -> FrozenSet
Value intersection_impl(const Value* args, std::size_t) {
  return py::bit_and(args[0], args[1]);
}

// difference(a: FrozenSet, b: FrozenSet) -> FrozenSet
Value difference_impl(const Value* args, std::size_t) {
  const Value& a = args[0];
  const Value& b = args[1];
  PY_TRY(py::Iter it, py::iter(a));
  if (a.is(Kind::Str))
    return unrun_generator(a);
  py::FrameGuard gen;
  if (!gen.ok())
    return recursion_error();
  if (a.is_frozenset()) {
    SetTable out;
    const SetTable* bt = b.is_frozenset() ? &py::as_set_table(b) : nullptr;
    PY_CHECK(for_each_entry(py::as_set_table(a), [&](const SetEntry& e) -> py::Status {
      bool in;
      if (bt != nullptr) {
        in = bt->contains_entry(e.key, e.hash);
      } else {
        PY_TRY(in, py::contains(b, e.key));
      }
      if (!in)
        out.add_entry(e.key, e.hash);
      return {};
    }));
    return py::make_frozenset(std::move(out));
  }
  std::vector<const Value*> kept;
  while (const Value* e = it.next()) {
    PY_TRY(bool in, py::contains(b, *e));
    if (!in)
      kept.push_back(e);
  }
  return tuple_from(kept);
}

// dedupe(tup: Tuple) -> Tuple
Value dedupe_impl(const Value* args, std::size_t) {
  const Value& tup = args[0];
  PY_TRY(py::Iter it, py::iter(tup));
  py::FrameGuard gen;
  if (!gen.ok())
    return recursion_error();
  switch (tup.kind()) {
  case Kind::Tuple: {
    // Keep an item when tup.index finds no equal item before it (Python's quadratic scan).
    const py::TupleObject& t = py::as_tuple(tup);
    std::vector<const Value*> kept;
    for (std::uint32_t i = 0; i < t.size; ++i) {
      std::uint32_t j = 0;
      while (!py::eq(t[j], t[i]))
        ++j;
      if (j == i)
        kept.push_back(&t[i]);
    }
    return tuple_from(kept);
  }
  case Kind::Str: {
    std::string_view s = py::as_str(tup);
    py::TupleBuilder out;
    for (std::size_t i = 0; i < s.size(); ++i)
      if (s.find(s[i]) == i)
        out.push(py::make_str(s.substr(i, 1)));
    return out.finish();
  }
  default:
    // A frozenset has no index method: it fails on its first element.
    if (it.next() != nullptr)
      return py::Error{py::Exc::AttributeError, "'frozenset' object has no attribute 'index'"};
    return py::empty_tuple();
  }
}

// order(container: Container, compfunc: Callable) -> Tuple
Value order_impl(const Value* args, std::size_t) {
  // key=None sorts by the items themselves.
  const Value* key = args[1].is_none() ? nullptr : &args[1];
  return py::sorted_tuple(args[0], key);
}

// repeat(item: Any, num: int) -> Tuple
Value repeat_impl(const Value* args, std::size_t) {
  PY_TRY(std::int64_t n, py::as_index(args[1]));
  py::FrameGuard gen;
  if (!gen.ok())
    return recursion_error();
  if (n <= 0)
    return py::empty_tuple();
  if (n > std::int64_t{UINT32_MAX})
    return py::Error{py::Exc::MemoryError, "tuple too large"};
  Value out = py::new_tuple(static_cast<std::size_t>(n));
  Value* items = py::tuple_items(out);
  for (std::int64_t i = 0; i < n; ++i)
    items[i] = args[0];
  return out;
}

// greater(a: int, b: int) -> bool
Value greater_impl(const Value* args, std::size_t) {
  PY_TRY(bool g, py::gt(args[0], args[1]));
  return Value::boolean(g);
}

// size(container: Container) -> int
Value size_impl(const Value* args, std::size_t) {
  PY_TRY(std::int64_t n, py::len(args[0]));
  return Value::integer(n);
}

// merge(containers: Container[Container]) -> Container
Value merge_impl(const Value* args, std::size_t) {
  const Value& cs = args[0];
  PY_TRY(py::Iter it, py::iter(cs));
  if (cs.is(Kind::Str))
    return unrun_generator(cs);
  py::FrameGuard gen;
  if (!gen.ok())
    return recursion_error();
  if (cs.is_frozenset()) {
    SetTable out;
    PY_CHECK(for_each_entry(py::as_set_table(cs), [&](const SetEntry& c) -> py::Status {
      if (c.key.is_frozenset())
        return for_each_entry(py::as_set_table(c.key), [&](const SetEntry& e) -> py::Status {
          out.add_entry(e.key, e.hash);
          return {};
        });
      PY_TRY(py::Iter ci, py::iter(c.key));
      while (const Value* e = ci.next())
        out.add(*e);
      return {};
    }));
    return py::make_frozenset(std::move(out));
  }
  // A tuple: when every item is a tuple, the result is sized once and filled in place.
  const py::TupleObject& outer = py::as_tuple(cs);
  std::size_t total = 0;
  bool all_tuples = true;
  for (const Value& c : outer) {
    if (!c.is_tuple()) {
      all_tuples = false;
      break;
    }
    total += py::as_tuple(c).size;
  }
  if (all_tuples) {
    if (total == 0)
      return py::empty_tuple();
    Value t = py::new_tuple(total);
    Value* items = py::tuple_items(t);
    for (const Value& c : outer)
      for (const Value& e : py::as_tuple(c))
        *items++ = e;
    return t;
  }
  py::TupleBuilder out;
  while (const Value* c = it.next()) {
    PY_TRY(py::Iter ci, py::iter(*c));
    while (const Value* e = ci.next())
      out.push(*e);
  }
  return out.finish();
}

// maximum(container: FrozenSet[int]) -> int
Value maximum_impl(const Value* args, std::size_t) {
  return py::max_of(args[0], nullptr, std::optional<Value>(Value::integer(0)));
}

// minimum(container: FrozenSet[int]) -> int
Value minimum_impl(const Value* args, std::size_t) {
  return py::min_of(args[0], nullptr, std::optional<Value>(Value::integer(0)));
}

// valmax(container: Container, compfunc: Callable) -> int
Value valmax_impl(const Value* args, std::size_t) {
  const Value* key = args[1].is_none() ? nullptr : &args[1];
  PY_TRY(Value best, py::max_of(args[0], key, std::optional<Value>(Value::integer(0))));
  return py::call(args[1], &best, 1);
}

// valmin(container: Container, compfunc: Callable) -> int
Value valmin_impl(const Value* args, std::size_t) {
  const Value* key = args[1].is_none() ? nullptr : &args[1];
  PY_TRY(Value best, py::min_of(args[0], key, std::optional<Value>(Value::integer(0))));
  return py::call(args[1], &best, 1);
}

// argmax(container: Container, compfunc: Callable) -> Any
Value argmax_impl(const Value* args, std::size_t) {
  const Value* key = args[1].is_none() ? nullptr : &args[1];
  return py::max_of(args[0], key);
}

// argmin(container: Container, compfunc: Callable) -> Any
Value argmin_impl(const Value* args, std::size_t) {
  const Value* key = args[1].is_none() ? nullptr : &args[1];
  return py::min_of(args[0], key);
}

// The element of set(c) with the most (or fewest) occurrences in c, by c.count: the first of
// equal counts in the set's order.
Value most_or_least_common(const Value& c, bool most) {
  PY_TRY(SetTable distinct, py::to_set(c));
  if (!c.is_tuple() && !c.is(Kind::Str))
    return py::Error{py::Exc::AttributeError, "object has no attribute 'count'"};
  // Small non-negative ints (colours) are counted in one pass; equal ints and bools count
  // together, as tuple.count sees them.
  constexpr std::int64_t kHist = 64;
  std::int64_t hist[kHist];
  bool use_hist = c.is_tuple();
  if (use_hist) {
    std::fill(std::begin(hist), std::end(hist), 0);
    for (const Value& e : py::as_tuple(c)) {
      if (!e.is_int_like() || e.as_int() < 0 || e.as_int() >= kHist) {
        use_hist = false;
        break;
      }
      ++hist[e.as_int()];
    }
  }
  const Value* best = nullptr;
  std::int64_t best_count = 0;
  PY_CHECK(for_each_entry(distinct, [&](const SetEntry& e) -> py::Status {
    std::int64_t n;
    if (use_hist) {
      n = hist[e.key.as_int()];
    } else if (c.is(Kind::Str)) {
      n = str_count(py::as_str(c), py::as_str(e.key));
    } else {
      PY_TRY(n, py::count(c, e.key));
    }
    if (best == nullptr || (most ? n > best_count : n < best_count)) {
      best = &e.key;
      best_count = n;
    }
    return {};
  }));
  if (best == nullptr)
    return py::Error{py::Exc::ValueError,
                     most ? "max() arg is an empty sequence" : "min() arg is an empty sequence"};
  return *best;
}

// mostcommon(container: Container) -> Any
Value mostcommon_impl(const Value* args, std::size_t) {
  return most_or_least_common(args[0], true);
}

// leastcommon(container: Container) -> Any
Value leastcommon_impl(const Value* args, std::size_t) {
  return most_or_least_common(args[0], false);
}

// initset(value: Any) -> FrozenSet
Value initset_impl(const Value* args, std::size_t) {
  SetTable t;
  t.add(args[0]);
  return py::make_frozenset(std::move(t));
}

// both(a: bool, b: bool) -> bool
Value both_impl(const Value* args, std::size_t) {
  // `a and b` gives one of its operands, not a bool.
  return py::truthy(args[0]) ? args[1] : args[0];
}

// either(a: bool, b: bool) -> bool
Value either_impl(const Value* args, std::size_t) {
  return py::truthy(args[0]) ? args[0] : args[1];
}

// increment(x: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value increment_impl(const Value* args, std::size_t) {
  return numerical1(args[0], [](const Value& x) { return py::add(x, Value::integer(1)); });
}

// decrement(x: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value decrement_impl(const Value* args, std::size_t) {
  return numerical1(args[0], [](const Value& x) { return py::sub(x, Value::integer(1)); });
}

// crement(x: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value crement_impl(const Value* args, std::size_t) {
  return numerical1(args[0], &crement_one);
}

// sign(x: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value sign_impl(const Value* args, std::size_t) {
  return numerical1(args[0], &sign_one);
}

// positive(x: int) -> bool
Value positive_impl(const Value* args, std::size_t) {
  PY_TRY(bool g, py::gt(args[0], Value::integer(0)));
  return Value::boolean(g);
}

// toivec(i: int) -> Tuple[int, int]
Value toivec_impl(const Value* args, std::size_t) {
  return two(args[0], Value::integer(0));
}

// tojvec(j: int) -> Tuple[int, int]
Value tojvec_impl(const Value* args, std::size_t) {
  return two(Value::integer(0), args[0]);
}

// sfilter(container: Container, condition: Callable) -> Container
Value sfilter_impl(const Value* args, std::size_t) {
  const Value& c = args[0];
  const Value& condition = args[1];
  PY_TRY(py::Iter it, py::iter(c));
  if (c.is(Kind::Str))
    return unrun_generator(c);
  py::FrameGuard gen;
  if (!gen.ok())
    return recursion_error();
  if (c.is_frozenset()) {
    SetTable out;
    PY_CHECK(for_each_entry(py::as_set_table(c), [&](const SetEntry& e) -> py::Status {
      PY_TRY(Value keep, py::in_generator(py::call(condition, &e.key, 1)));
      if (py::truthy(keep))
        out.add_entry(e.key, e.hash);
      return {};
    }));
    return py::make_frozenset(std::move(out));
  }
  std::vector<const Value*> kept;
  while (const Value* e = it.next()) {
    PY_TRY(Value keep, py::in_generator(py::call(condition, e, 1)));
    if (py::truthy(keep))
      kept.push_back(e);
  }
  return tuple_from(kept);
}

// mfilter(container: Container, function: Callable) -> FrozenSet
Value mfilter_impl(const Value* args, std::size_t) {
  PY_TRY(Value kept, py::call(fn::sfilter, args, 2));
  return py::call(fn::merge, &kept, 1);
}

// extract(container: Container, condition: Callable) -> Any
Value extract_impl(const Value* args, std::size_t) {
  PY_TRY(py::Iter it, py::iter(args[0]));
  py::FrameGuard gen;
  if (!gen.ok())
    return recursion_error();
  while (const Value* e = it.next()) {
    PY_TRY(Value keep, py::in_generator(py::call(args[1], e, 1)));
    if (py::truthy(keep))
      return *e;
  }
  return py::Error{py::Exc::StopIteration, "no element satisfies the condition"};
}

// totuple(container: FrozenSet) -> Tuple
Value totuple_impl(const Value* args, std::size_t) {
  return py::to_tuple(args[0]);
}

// first(container: Container) -> Any
Value first_impl(const Value* args, std::size_t) {
  PY_TRY(py::Iter it, py::iter(args[0]));
  const Value* e = it.next();
  if (e == nullptr)
    return py::Error{py::Exc::StopIteration, "empty container"};
  return *e;
}

// last(container: Container) -> Any
Value last_impl(const Value* args, std::size_t) {
  // max over (index, item) pairs: the indices differ, so the last item wins unseen.
  const Value& c = args[0];
  if (c.is_tuple()) {
    const py::TupleObject& t = py::as_tuple(c);
    if (t.size != 0)
      return t[t.size - 1];
  }
  PY_TRY(py::Iter it, py::iter(c));
  const Value* last = nullptr;
  while (const Value* e = it.next())
    last = e; // a str's iterator keeps its last character
  if (last == nullptr)
    return py::Error{py::Exc::ValueError, "max() arg is an empty sequence"};
  return *last;
}

// insert(value: Any, container: FrozenSet) -> FrozenSet
Value insert_impl(const Value* args, std::size_t) {
  if (!args[1].is_frozenset())
    return py::Error{py::Exc::AttributeError, "object has no attribute 'union'"};
  SetTable one;
  one.add(args[0]);
  return py::make_frozenset(SetTable::union_of(py::as_set_table(args[1]), one));
}

// remove(value: Any, container: Container) -> Container
Value remove_impl(const Value* args, std::size_t) {
  const Value& value = args[0];
  const Value& c = args[1];
  PY_TRY(py::Iter it, py::iter(c));
  if (c.is(Kind::Str))
    return unrun_generator(c);
  py::FrameGuard gen;
  if (!gen.ok())
    return recursion_error();
  if (c.is_frozenset()) {
    SetTable out;
    PY_CHECK(for_each_entry(py::as_set_table(c), [&](const SetEntry& e) -> py::Status {
      if (py::op_ne(e.key, value))
        out.add_entry(e.key, e.hash);
      return {};
    }));
    return py::make_frozenset(std::move(out));
  }
  std::vector<const Value*> kept;
  kept.reserve(static_cast<std::size_t>(it.remaining()));
  while (const Value* e = it.next())
    if (py::op_ne(*e, value))
      kept.push_back(e);
  return tuple_from(kept);
}

// other(container: Container, value: Any) -> Any
Value other_impl(const Value* args, std::size_t) {
  PY_TRY(Value rest, py::call(fn::remove, {args[1], args[0]}));
  return py::call(fn::first, &rest, 1);
}

// interval(start: int, stop: int, step: int) -> Tuple
Value interval_impl(const Value* args, std::size_t) {
  PY_TRY(std::int64_t start, py::as_index(args[0]));
  PY_TRY(std::int64_t stop, py::as_index(args[1]));
  PY_TRY(std::int64_t step, py::as_index(args[2]));
  return py::range_tuple(start, stop, step);
}

// astuple(a: int, b: int) -> Tuple[int, int]
Value astuple_impl(const Value* args, std::size_t) {
  return two(args[0], args[1]);
}

// product(a: Container, b: Container) -> FrozenSet
Value product_impl(const Value* args, std::size_t) {
  const Value& a = args[0];
  const Value& b = args[1];
  // The generator iterates b eagerly, and a anew for each item of b.
  PY_TRY(py::Iter jt, py::iter(b));
  py::FrameGuard gen;
  if (!gen.ok())
    return recursion_error();
  SetTable out;
  while (const Value* j = jt.next()) {
    PY_TRY(py::Iter it, py::iter(a));
    while (const Value* i = it.next())
      out.add(two(*i, *j));
  }
  return py::make_frozenset(std::move(out));
}

// pair(a: Tuple, b: Tuple) -> Tuple[Tuple]
Value pair_impl(const Value* args, std::size_t) {
  PY_TRY(py::Iter ia, py::iter(args[0]));
  PY_TRY(py::Iter ib, py::iter(args[1]));
  // zip stops at the shorter; the lengths of these iterables are known.
  const std::int64_t n = std::min(ia.remaining(), ib.remaining());
  if (n == 0)
    return py::empty_tuple();
  Value out = py::new_tuple(static_cast<std::size_t>(n));
  Value* items = py::tuple_items(out);
  for (std::int64_t k = 0; k < n; ++k) {
    const Value* x = ia.next();
    items[k] = two(*x, *ib.next());
  }
  return out;
}

// branch(condition: bool, a: Any, b: Any) -> Any
Value branch_impl(const Value* args, std::size_t) {
  return py::truthy(args[0]) ? args[1] : args[2];
}

} // namespace

namespace fn {
constinit const py::Builtin identity{"identity", py::Dialect::ArcDsl, 1,
                                     1,          &identity_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin add{"add", py::Dialect::ArcDsl, 2,
                                2,     &add_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin subtract{"subtract", py::Dialect::ArcDsl, 2,
                                     2,          &subtract_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin multiply{"multiply", py::Dialect::ArcDsl, 2,
                                     2,          &multiply_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin divide{"divide", py::Dialect::ArcDsl, 2,
                                   2,        &divide_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin invert{"invert", py::Dialect::ArcDsl, 1,
                                   1,        &invert_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin even{"even", py::Dialect::ArcDsl, 1,
                                 1,      &even_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin double_{"double", py::Dialect::ArcDsl, 1,
                                    1,        &double_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin halve{"halve", py::Dialect::ArcDsl, 1,
                                  1,       &halve_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin flip{"flip", py::Dialect::ArcDsl, 1,
                                 1,      &flip_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin equality{"equality", py::Dialect::ArcDsl, 2,
                                     2,          &equality_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin contained{"contained",     py::Dialect::ArcDsl,        2, 2,
                                      &contained_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin combine{"combine", py::Dialect::ArcDsl, 2,
                                    2,         &combine_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin intersection{"intersection",     py::Dialect::ArcDsl,        2, 2,
                                         &intersection_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin difference{"difference",     py::Dialect::ArcDsl,        2, 2,
                                       &difference_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin dedupe{"dedupe", py::Dialect::ArcDsl, 1,
                                   1,        &dedupe_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin order{"order", py::Dialect::ArcDsl, 2,
                                  2,       &order_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin repeat{"repeat", py::Dialect::ArcDsl, 2,
                                   2,        &repeat_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin greater{"greater", py::Dialect::ArcDsl, 2,
                                    2,         &greater_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin size{"size", py::Dialect::ArcDsl, 1,
                                 1,      &size_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin merge{"merge", py::Dialect::ArcDsl, 1,
                                  1,       &merge_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin maximum{"maximum", py::Dialect::ArcDsl, 1,
                                    1,         &maximum_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin minimum{"minimum", py::Dialect::ArcDsl, 1,
                                    1,         &minimum_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin valmax{"valmax", py::Dialect::ArcDsl, 2,
                                   2,        &valmax_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin valmin{"valmin", py::Dialect::ArcDsl, 2,
                                   2,        &valmin_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin argmax{"argmax", py::Dialect::ArcDsl, 2,
                                   2,        &argmax_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin argmin{"argmin", py::Dialect::ArcDsl, 2,
                                   2,        &argmin_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin mostcommon{"mostcommon",     py::Dialect::ArcDsl,        1, 1,
                                       &mostcommon_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin leastcommon{"leastcommon",     py::Dialect::ArcDsl,        1, 1,
                                        &leastcommon_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin initset{"initset", py::Dialect::ArcDsl, 1,
                                    1,         &initset_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin both{"both", py::Dialect::ArcDsl, 2,
                                 2,      &both_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin either{"either", py::Dialect::ArcDsl, 2,
                                   2,        &either_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin increment{"increment",     py::Dialect::ArcDsl,        1, 1,
                                      &increment_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin decrement{"decrement",     py::Dialect::ArcDsl,        1, 1,
                                      &decrement_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin crement{"crement", py::Dialect::ArcDsl, 1,
                                    1,         &crement_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin sign{"sign", py::Dialect::ArcDsl, 1,
                                 1,      &sign_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin positive{"positive", py::Dialect::ArcDsl, 1,
                                     1,          &positive_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin toivec{"toivec", py::Dialect::ArcDsl, 1,
                                   1,        &toivec_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin tojvec{"tojvec", py::Dialect::ArcDsl, 1,
                                   1,        &tojvec_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin sfilter{"sfilter", py::Dialect::ArcDsl, 2,
                                    2,         &sfilter_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin mfilter{"mfilter", py::Dialect::ArcDsl, 2,
                                    2,         &mfilter_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin extract{"extract", py::Dialect::ArcDsl, 2,
                                    2,         &extract_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin totuple{"totuple", py::Dialect::ArcDsl, 1,
                                    1,         &totuple_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin first{"first", py::Dialect::ArcDsl, 1,
                                  1,       &first_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin last{"last", py::Dialect::ArcDsl, 1,
                                 1,      &last_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin insert{"insert", py::Dialect::ArcDsl, 2,
                                   2,        &insert_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin remove{"remove", py::Dialect::ArcDsl, 2,
                                   2,        &remove_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin other{"other", py::Dialect::ArcDsl, 2,
                                  2,       &other_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin interval{"interval", py::Dialect::ArcDsl, 3,
                                     3,          &interval_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin astuple{"astuple", py::Dialect::ArcDsl, 2,
                                    2,         &astuple_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin product{"product", py::Dialect::ArcDsl, 2,
                                    2,         &product_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin pair{"pair", py::Dialect::ArcDsl, 2,
                                 2,      &pair_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin branch{"branch", py::Dialect::ArcDsl, 3,
                                   3,        &branch_impl,        py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::identity, &fn::add,       &fn::subtract,   &fn::multiply,     &fn::divide,
    &fn::invert,   &fn::even,      &fn::double_,    &fn::halve,        &fn::flip,
    &fn::equality, &fn::contained, &fn::combine,    &fn::intersection, &fn::difference,
    &fn::dedupe,   &fn::order,     &fn::repeat,     &fn::greater,      &fn::size,
    &fn::merge,    &fn::maximum,   &fn::minimum,    &fn::valmax,       &fn::valmin,
    &fn::argmax,   &fn::argmin,    &fn::mostcommon, &fn::leastcommon,  &fn::initset,
    &fn::both,     &fn::either,    &fn::increment,  &fn::decrement,    &fn::crement,
    &fn::sign,     &fn::positive,  &fn::toivec,     &fn::tojvec,       &fn::sfilter,
    &fn::mfilter,  &fn::extract,   &fn::totuple,    &fn::first,        &fn::last,
    &fn::insert,   &fn::remove,    &fn::other,      &fn::interval,     &fn::astuple,
    &fn::product,  &fn::pair,      &fn::branch,
};
} // namespace

std::span<const py::Builtin* const> core_family() {
  return kFamily;
}

} // namespace battgpu::dialects::arc_dsl
