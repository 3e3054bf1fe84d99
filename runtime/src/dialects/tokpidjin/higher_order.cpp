// tokpidjin dialect: the "higher_order" functions.
#include "higher_order.hpp"
#include "value_building.hpp"

#include "arithmetic.hpp"

#include "battgpu/py/py.hpp"

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Kind;
using py::Value;

// ---- helpers ----

/// `max(..., key=f)` and `min(..., key=f)` take None as no key at all.
const Value* key_of(const Value& f) {
  return f.is_none() ? nullptr : &f;
}

/// Frames that safe_dsl's handler needs to find power's default: it calls `_get_safe_default`
/// one frame below the wrapper (at the depth of power's own frame), and typing.get_type_hints
/// needs this many frames more for power's annotations (measured on CPython 3.11; other
/// functions need other counts). With less room its `except Exception` falls back to `()`.
/// battgpu::py's wrapper does not model this; power, whose recursion is the one that reaches
/// the limit in practice, applies it itself (see power_impl).
constexpr int kHandlerFrames = 6;

/// What safe_dsl's wrapper makes of `failed`, raised by the function running at this depth:
/// `()` when its handler lacks the frames to read the annotation; otherwise the failure
/// goes on to battgpu::py's wrapper, which gives the typed default.
Value wrapper_outcome(Value failed) {
  if (!py::is_exception_subclass(failed.error().type))
    return failed;
  if (!py::FrameGuard::fits(kHandlerFrames))
    return py::empty_tuple();
  return failed;
}

/// What a call of the form `<collector>(<generator>)` builds.
enum class Into : std::uint8_t {
  Tuple,     ///< tuple(<generator>)
  FrozenSet, ///< frozenset(<generator>)
  Like,      ///< type(source)(<generator>)
};

/// Resolves `type(source)` for a source that is iterable: tuple and frozenset consume the
/// generator; str() only formats the generator object, so nothing in it runs (false: the
/// caller returns `py::construct_like(source, {})`, which gives that string).
bool resolve(Into& into, const Value& source) {
  if (into != Into::Like)
    return true;
  if (source.kind() == Kind::Tuple) {
    into = Into::Tuple;
    return true;
  }
  if (source.kind() == Kind::FrozenSet) {
    into = Into::FrozenSet;
    return true;
  }
  return false;
}

/// `<into>(step(e) for e in source)`: `step(e)` gives the item to yield, or fails.
template <class Step> Value generate_map(const Value& source, Into into, Step&& step) {
  // The generator takes iter(source) when it is made: TypeError for what is not iterable.
  PY_TRY(py::Iter it, py::iter(source));
  if (!resolve(into, source))
    return py::construct_like(source, {});
  // The generator's frame, entered on the collector's first next().
  py::FrameGuard frame;
  if (!frame.ok())
    return recursion_error();
  if (into == Into::Tuple) {
    // One item per element: the tuple is filled in place.
    const auto n = static_cast<std::size_t>(it.remaining());
    if (n == 0)
      return py::empty_tuple();
    Value out = py::new_tuple(n);
    Value* dst = py::tuple_items(out);
    while (const Value* e = it.next()) {
      PY_TRY(*dst, py::in_generator(step(*e)));
      ++dst;
    }
    return out;
  }
  py::SetTable table;
  while (const Value* e = it.next()) {
    PY_TRY(Value v, py::in_generator(step(*e)));
    table.add(std::move(v));
  }
  return py::make_frozenset(std::move(table));
}

/// `<into>(e for e in source if keep(e))`: `keep(e)` gives a truth value or fails.
template <class Keep> Value generate_filter(const Value& source, Into into, Keep&& keep) {
  PY_TRY(py::Iter it, py::iter(source));
  if (!resolve(into, source))
    return py::construct_like(source, {});
  py::FrameGuard frame;
  if (!frame.ok())
    return recursion_error();
  if (into == Into::Tuple) {
    std::vector<Value> items;
    while (const Value* e = it.next()) {
      PY_TRY(bool k, keep(*e));
      if (k)
        items.push_back(*e);
    }
    return tuple_from(std::move(items));
  }
  py::SetTable table;
  while (const Value* e = it.next()) {
    PY_TRY(bool k, keep(*e));
    if (k)
      table.add(*e);
  }
  return py::make_frozenset(std::move(table));
}

/// `if condition(e)` inside a generator: the truth of a call's result.
py::Result<bool> call_truth(const Value& condition, const Value& e) {
  Value r = py::in_generator(py::call(condition, &e, 1));
  if (!r.ok())
    return r.error();
  return py::truthy(r);
}

/// `max(iterable, key=key[, default=...])` (op Gt) or `min(...)` (op Lt): the first of equal
/// extremes. The builtin is a C function that holds a frame of its own while the key runs.
Value extreme_by_key(const Value& iterable, const Value& key_arg, py::CompareOp op,
                     const Value* default_value) {
  py::FrameGuard builtin;
  if (!builtin.ok())
    return recursion_error();
  PY_TRY(py::Iter it, py::iter(iterable));
  const Value* key = key_of(key_arg);
  bool have = false;
  Value best_item, best_key;
  while (const Value* e = it.next()) {
    Value k = key != nullptr ? py::call(*key, e, 1) : *e;
    if (!k.ok())
      return k;
    if (!have) {
      best_item = *e;
      best_key = std::move(k);
      have = true;
      continue;
    }
    PY_TRY(bool better, py::compare(k, best_key, op));
    if (better) {
      best_item = *e;
      best_key = std::move(k);
    }
  }
  if (!have) {
    if (default_value != nullptr)
      return *default_value;
    return py::Error{py::Exc::ValueError, "arg is an empty sequence"};
  }
  return best_item;
}

/// `max(set(items), key=items.count)` (most) or `min(...)`, `items` being the elements of
/// `source` in iteration order. set() inserts them in that order; the counts come from one
/// pass over the items (grouped as the set groups them: equal hash, then `is` or `==`)
/// instead of one `count` per distinct element.
Value by_count(const Value& source, bool most) {
  PY_TRY(py::Iter it, py::iter(source));
  py::SetTable distinct;
  std::vector<std::pair<Value, std::int64_t>> groups;
  std::unordered_multimap<std::int64_t, std::size_t> by_hash;
  auto find = [&](const Value& e, std::int64_t h) -> std::pair<Value, std::int64_t>* {
    auto [lo, hi] = by_hash.equal_range(h);
    for (auto i = lo; i != hi; ++i)
      if (py::eq(groups[i->second].first, e))
        return &groups[i->second];
    return nullptr;
  };
  while (const Value* e = it.next()) {
    const std::int64_t h = py::hash(*e);
    if (auto* g = find(*e, h)) {
      ++g->second;
      continue;
    }
    by_hash.emplace(h, groups.size());
    groups.emplace_back(*e, 1);
    distinct.add_entry(*e, h);
  }
  if (distinct.empty())
    return py::Error{py::Exc::ValueError, "arg is an empty sequence"};
  const Value* best = nullptr;
  std::int64_t best_count = 0;
  distinct.for_each([&](const Value& e) {
    const std::int64_t c = find(e, py::hash(e))->second;
    if (best == nullptr || (most ? c > best_count : c < best_count)) {
      best = &e;
      best_count = c;
    }
  });
  return *best;
}

/// `max(enumerate(container))[1] if container else if_empty`: the indices decide every
/// comparison, so this is the last element in iteration order.
Value last_of(const Value& container, Value if_empty) {
  if (!py::truthy(container))
    return if_empty;
  if (container.kind() == Kind::Tuple)
    return py::as_tuple(container)[py::as_tuple(container).size - 1];
  PY_TRY(py::Iter it, py::iter(container));
  const Value* last = nullptr;
  while (const Value* e = it.next())
    last = e;
  return *last;
}

// ---- closures ----

// compose's `lambda x: outer(inner(x))`; captured: outer, inner.
Value compose_body(const py::ClosureObject& self, const Value* args, std::size_t) {
  const Value* c = self.captured();
  PY_TRY(Value mid, py::call(c[1], args, 1));
  return py::call(c[0], &mid, 1);
}
constexpr py::ClosureType kComposeLambda{"<lambda>", 1, false, &compose_body};

// chain's `lambda x: h(g(f(x)))`; captured: h, g, f.
Value chain_body(const py::ClosureObject& self, const Value* args, std::size_t) {
  const Value* c = self.captured();
  PY_TRY(Value r1, py::call(c[2], args, 1));
  PY_TRY(Value r2, py::call(c[1], &r1, 1));
  return py::call(c[0], &r2, 1);
}
constexpr py::ClosureType kChainLambda{"<lambda>", 1, false, &chain_body};

// matcher's `lambda x: function(x) == target`; captured: function, target.
Value matcher_body(const py::ClosureObject& self, const Value* args, std::size_t) {
  const Value* c = self.captured();
  PY_TRY(Value r, py::call(c[0], args, 1));
  return Value::boolean(py::op_eq(r, c[1]));
}
constexpr py::ClosureType kMatcherLambda{"<lambda>", 1, false, &matcher_body};

// fork's `lambda x: outer(a(x), b(x))`; captured: outer, a, b.
Value fork_body(const py::ClosureObject& self, const Value* args, std::size_t) {
  const Value* c = self.captured();
  Value ab[2];
  PY_TRY(ab[0], py::call(c[1], args, 1));
  PY_TRY(ab[1], py::call(c[2], args, 1));
  return py::call(c[0], ab, 2);
}
constexpr py::ClosureType kForkLambda{"<lambda>", 1, false, &fork_body};

// rbind's `f` of N arguments: `function(*args, fixed)`; captured: function, fixed.
template <int N> Value rbind_body(const py::ClosureObject& self, const Value* args, std::size_t) {
  const Value* c = self.captured();
  Value argv[N + 1];
  for (int i = 0; i < N; ++i)
    argv[i] = args[i];
  argv[N] = c[1];
  return py::call(c[0], argv, N + 1);
}
constexpr py::ClosureType kRbind1{"f", 1, false, &rbind_body<1>};
constexpr py::ClosureType kRbind2{"f", 2, false, &rbind_body<2>};
constexpr py::ClosureType kRbind3{"f", 3, false, &rbind_body<3>};

// lbind's `f` of N arguments: `function(fixed, *args)`; captured: function, fixed.
template <int N> Value lbind_body(const py::ClosureObject& self, const Value* args, std::size_t) {
  const Value* c = self.captured();
  Value argv[N + 1];
  argv[0] = c[1];
  for (int i = 0; i < N; ++i)
    argv[i + 1] = args[i];
  return py::call(c[0], argv, N + 1);
}
constexpr py::ClosureType kLbind1{"f", 1, false, &lbind_body<1>};
constexpr py::ClosureType kLbind2{"f", 2, false, &lbind_body<2>};
constexpr py::ClosureType kLbind3{"f", 3, false, &lbind_body<3>};

// ---- the functions ----

// compose(outer: 'Callable', inner: 'Callable') -> 'Callable'
Value compose_impl(const Value* args, std::size_t) {
  return py::make_closure(&kComposeLambda, {args[0], args[1]});
}

// chain(h: 'Callable', g: 'Callable', f: 'Callable') -> 'Callable'
Value chain_impl(const Value* args, std::size_t) {
  return py::make_closure(&kChainLambda, {args[0], args[1], args[2]});
}

// matcher(function: 'Callable', target: 'Any') -> 'Callable'
Value matcher_impl(const Value* args, std::size_t) {
  return py::make_closure(&kMatcherLambda, {args[0], args[1]});
}

// rbind(function: 'Callable', fixed: 'Any') -> 'Callable'
Value rbind_impl(const Value* args, std::size_t) {
  // The arity of the bound function (a wrapped DSL function's original one); what has no
  // code raises AttributeError. Two and three get `f` of one and two arguments, any other
  // count `f` of three.
  PY_TRY(std::int64_t n, py::code_argcount(args[0]));
  const py::ClosureType* type = n == 2 ? &kRbind1 : n == 3 ? &kRbind2 : &kRbind3;
  return py::make_closure(type, {args[0], args[1]});
}

// lbind(function: 'Callable', fixed: 'Any') -> 'Callable'
Value lbind_impl(const Value* args, std::size_t) {
  PY_TRY(std::int64_t n, py::code_argcount(args[0]));
  const py::ClosureType* type = n == 2 ? &kLbind1 : n == 3 ? &kLbind2 : &kLbind3;
  return py::make_closure(type, {args[0], args[1]});
}

// power(function: 'Callable', n: 'Integer') -> 'Callable'
Value power_impl(const Value* args, std::size_t) {
  const Value& function = args[0];
  const Value& n = args[1];
  if (py::op_eq(n, Value::integer(1)))
    return function;
  Value less = py::sub(n, Value::integer(1));
  if (!less.ok())
    return wrapper_outcome(std::move(less));
  // An n that never reaches 1 recurses until the recursive call cannot be entered: its
  // wrapper's frame, or the frame of power inside it (whose handler then has no frame for
  // _get_safe_default either), is past the limit, and the RecursionError reaches this frame,
  // whose wrapper is too near the limit to read the annotation: it gives ().
  if (!py::FrameGuard::fits(2))
    return py::empty_tuple();
  Value inner_args[2] = {function, std::move(less)};
  Value inner = py::call(fn::power, inner_args, 2);
  if (!inner.ok())
    return wrapper_outcome(std::move(inner));
  Value outer_args[2] = {function, std::move(inner)};
  Value composed = py::call(fn::compose, outer_args, 2);
  if (!composed.ok())
    return wrapper_outcome(std::move(composed));
  return composed;
}

// fork(outer: 'Callable', a: 'Callable', b: 'Callable') -> 'Callable'
Value fork_impl(const Value* args, std::size_t) {
  return py::make_closure(&kForkLambda, {args[0], args[1], args[2]});
}

// combine_t(a: 'Tuple', b: 'Tuple') -> 'Tuple'
Value combine_t_impl(const Value* args, std::size_t) {
  return py::add(args[0], args[1]);
}

// combine_f(a: 'FrozenSet', b: 'FrozenSet') -> 'FrozenSet'
Value combine_f_impl(const Value* args, std::size_t) {
  return py::bit_or(args[0], args[1]);
}

// size_t(container: 'Tuple') -> 'Integer'
Value size_t_impl(const Value* args, std::size_t) {
  PY_TRY(std::int64_t n, py::len(args[0]));
  return Value::integer(n);
}

// size_f(container: 'FrozenSet') -> 'Integer'
Value size_f_impl(const Value* args, std::size_t) {
  PY_TRY(std::int64_t n, py::len(args[0]));
  return Value::integer(n);
}

/// `compfunc(max(container, key=compfunc, default=0))` (or min).
Value val_extreme(const Value* args, py::CompareOp op) {
  const Value zero = Value::integer(0);
  PY_TRY(Value best, extreme_by_key(args[0], args[1], op, &zero));
  return py::call(args[1], &best, 1);
}

// valmax_t(container: 'Tuple', compfunc: 'Callable') -> 'Integer'
Value valmax_t_impl(const Value* args, std::size_t) {
  return val_extreme(args, py::CompareOp::Gt);
}

// valmax_f(container: 'FrozenSet', compfunc: 'Callable') -> 'Integer'
Value valmax_f_impl(const Value* args, std::size_t) {
  return val_extreme(args, py::CompareOp::Gt);
}

// valmin_t(container: 'Tuple', compfunc: 'Callable') -> 'Integer'
Value valmin_t_impl(const Value* args, std::size_t) {
  return val_extreme(args, py::CompareOp::Lt);
}

// valmin_f(container: 'FrozenSet', compfunc: 'Callable') -> 'Integer'
Value valmin_f_impl(const Value* args, std::size_t) {
  return val_extreme(args, py::CompareOp::Lt);
}

// argmax_t(container: 'Tuple', compfunc: 'Callable') -> 'Any'
Value argmax_t_impl(const Value* args, std::size_t) {
  return extreme_by_key(args[0], args[1], py::CompareOp::Gt, nullptr);
}

// argmax_f(container: 'FrozenSet', compfunc: 'Callable') -> 'Any'
Value argmax_f_impl(const Value* args, std::size_t) {
  return extreme_by_key(args[0], args[1], py::CompareOp::Gt, nullptr);
}

// argmin_t(container: 'Tuple', compfunc: 'Callable') -> 'Any'
Value argmin_t_impl(const Value* args, std::size_t) {
  return extreme_by_key(args[0], args[1], py::CompareOp::Lt, nullptr);
}

// argmin_f(container: 'FrozenSet', compfunc: 'Callable') -> 'Any'
Value argmin_f_impl(const Value* args, std::size_t) {
  return extreme_by_key(args[0], args[1], py::CompareOp::Lt, nullptr);
}

/// `max(set(container), key=container.count)` (or min): set() first, then the attribute,
/// which a frozenset lacks.
Value common_t(const Value& container, bool most) {
  if (container.kind() == Kind::FrozenSet)
    return py::Error{py::Exc::AttributeError, "'frozenset' object has no attribute 'count'"};
  return by_count(container, most);
}

// mostcommon_t(container: 'Tuple') -> 'Any'
Value mostcommon_t_impl(const Value* args, std::size_t) {
  return common_t(args[0], true);
}

// mostcommon_f(container: 'FrozenSet') -> 'Any'
Value mostcommon_f_impl(const Value* args, std::size_t) {
  // Through list(container): every iterable has a count then.
  return by_count(args[0], true);
}

// leastcommon_t(container: 'Tuple') -> 'Any'
Value leastcommon_t_impl(const Value* args, std::size_t) {
  return common_t(args[0], false);
}

// leastcommon_f(container: 'FrozenSet') -> 'Any'
Value leastcommon_f_impl(const Value* args, std::size_t) {
  return by_count(args[0], false);
}

/// `<into>(e for e in container if condition(e))`.
Value filter_by(const Value& container, const Value& condition, Into into) {
  return generate_filter(container, into, [&](const Value& e) { return call_truth(condition, e); });
}

// sfilter(container: 'Container', condition: 'Callable') -> 'Container'
Value sfilter_impl(const Value* args, std::size_t) {
  return filter_by(args[0], args[1], Into::Like);
}

// sfilter_t(container: 'Tuple', condition: 'Callable') -> 'Tuple'
Value sfilter_t_impl(const Value* args, std::size_t) {
  return filter_by(args[0], args[1], Into::Tuple);
}

// sfilter_f(container: 'FrozenSet', condition: 'Callable') -> 'FrozenSet'
Value sfilter_f_impl(const Value* args, std::size_t) {
  return filter_by(args[0], args[1], Into::FrozenSet);
}

/// `merge_f(sfilter(container, function))`, both through the module's wrapped functions.
Value merged_filter(const Value* args) {
  PY_TRY(Value kept, py::call(fn::sfilter, args, 2));
  return py::call(fn::merge_f, &kept, 1);
}

// mfilter(container: 'Container', function: 'Callable') -> 'FrozenSet'
Value mfilter_impl(const Value* args, std::size_t) {
  return merged_filter(args);
}

// mfilter_t(container: 'Tuple', function: 'Callable') -> 'FrozenSet'
Value mfilter_t_impl(const Value* args, std::size_t) {
  // No merge here: the kept elements themselves.
  return filter_by(args[0], args[1], Into::FrozenSet);
}

// mfilter_f(container: 'FrozenSet', function: 'Callable') -> 'FrozenSet'
Value mfilter_f_impl(const Value* args, std::size_t) {
  return merged_filter(args);
}

// first_t(container: 'Tuple') -> 'Any'
Value first_t_impl(const Value* args, std::size_t) {
  if (!py::truthy(args[0]))
    return py::empty_tuple();
  return py::getitem(args[0], 0);
}

// first_f(container: 'FrozenSet') -> 'Any'
Value first_f_impl(const Value* args, std::size_t) {
  if (!py::truthy(args[0]))
    return py::empty_frozenset();
  PY_TRY(py::Iter it, py::iter(args[0]));
  const Value* e = it.next();
  return e != nullptr ? *e : Value::none();
}

// last(container: 'Container') -> 'Any'
Value last_impl(const Value* args, std::size_t) {
  return last_of(args[0], py::empty_tuple());
}

// last_t(container: 'Tuple') -> 'Any'
Value last_t_impl(const Value* args, std::size_t) {
  if (!py::truthy(args[0]))
    return py::empty_tuple();
  return py::getitem(args[0], -1);
}

// last_f(container: 'FrozenSet') -> 'Any'
Value last_f_impl(const Value* args, std::size_t) {
  return last_of(args[0], py::empty_frozenset());
}

/// `<into>(e for e in container if e != value)`.
Value without(const Value& value, const Value& container, Into into) {
  return generate_filter(container, into,
                         [&](const Value& e) -> py::Result<bool> { return py::op_ne(e, value); });
}

// remove(value: 'Any', container: 'Container') -> 'Container'
Value remove_impl(const Value* args, std::size_t) {
  return without(args[0], args[1], Into::Like);
}

// remove_t(value: 'Any', container: 'Tuple') -> 'Tuple'
Value remove_t_impl(const Value* args, std::size_t) {
  return without(args[0], args[1], Into::Tuple);
}

// remove_f(value: 'Any', container: 'FrozenSet') -> 'FrozenSet'
Value remove_f_impl(const Value* args, std::size_t) {
  return without(args[0], args[1], Into::Like);
}

// other_t(container: 'Tuple', value: 'Any') -> 'Any'
Value other_t_impl(const Value* args, std::size_t) {
  // The first element that differs from value: the rest of the filtered tuple is never
  // looked at, and building it could not fail.
  PY_TRY(py::Iter it, py::iter(args[0]));
  py::FrameGuard frame;
  if (!frame.ok())
    return recursion_error();
  while (const Value* e = it.next())
    if (py::op_ne(*e, args[1]))
      return *e;
  return py::empty_tuple();
}

// other_f(container: 'FrozenSet', value: 'Any') -> 'Any'
Value other_f_impl(const Value* args, std::size_t) {
  Value argv[2] = {args[1], args[0]};
  PY_TRY(Value filtered, py::call(fn::remove_f, argv, 2));
  if (!py::truthy(filtered))
    return py::empty_frozenset();
  PY_TRY(py::Iter it, py::iter(filtered));
  const Value* e = it.next();
  if (e == nullptr)
    return py::Error{py::Exc::StopIteration, ""};
  return *e;
}

/// `<into>(function(e) for e in container)`.
Value map_by(const Value& function, const Value& container, Into into) {
  return generate_map(container, into, [&](const Value& e) { return py::call(function, &e, 1); });
}

// apply(function: 'Callable', container: 'Container') -> 'Container'
Value apply_impl(const Value* args, std::size_t) {
  return map_by(args[0], args[1], Into::Like);
}

// apply_t(function: 'Callable', container: 'Tuple') -> 'Tuple'
Value apply_t_impl(const Value* args, std::size_t) {
  return map_by(args[0], args[1], Into::Tuple);
}

// apply_f(function: 'Callable', container: 'FrozenSet') -> 'FrozenSet'
Value apply_f_impl(const Value* args, std::size_t) {
  return map_by(args[0], args[1], Into::Like);
}

/// `<into>(function(value) for function in functions)`.
Value rmap_by(const Value& functions, const Value& value, Into into) {
  return generate_map(functions, into, [&](const Value& f) { return py::call(f, &value, 1); });
}

// rapply(functions: 'Container', value: 'Any') -> 'Container'
Value rapply_impl(const Value* args, std::size_t) {
  return rmap_by(args[0], args[1], Into::Like);
}

// rapply_t(functions: 'Tuple', value: 'Any') -> 'Tuple'
Value rapply_t_impl(const Value* args, std::size_t) {
  return rmap_by(args[0], args[1], Into::Tuple);
}

// rapply_f(functions: 'FrozenSet', value: 'Any') -> 'FrozenSet'
Value rapply_f_impl(const Value* args, std::size_t) {
  return rmap_by(args[0], args[1], Into::Like);
}

/// `merge(apply(function, container))` and its kin, through the module's wrapped functions.
Value merged_map(const Value* args, const py::Builtin& apply_fn, const py::Builtin& merge_fn) {
  PY_TRY(Value mapped, py::call(apply_fn, args, 2));
  return py::call(merge_fn, &mapped, 1);
}

// mapply(function: 'Callable', container: 'ContainerContainer') -> 'FrozenSet'
Value mapply_impl(const Value* args, std::size_t) {
  return merged_map(args, fn::apply, fn::merge);
}

// mapply_t(function: 'Callable', container: 'Tuple') -> 'Tuple'
Value mapply_t_impl(const Value* args, std::size_t) {
  return merged_map(args, fn::apply_t, fn::merge_t);
}

// mapply_f(function: 'Callable', container: 'FrozenSet') -> 'FrozenSet'
Value mapply_f_impl(const Value* args, std::size_t) {
  return merged_map(args, fn::apply_f, fn::merge_f);
}

// papply(function: 'Callable', a: 'Tuple', b: 'Tuple') -> 'Tuple'
Value papply_impl(const Value* args, std::size_t) {
  // zip(a, b) takes both iterators when the generator is made; it stops at the first
  // exhausted one, a's next item fetched before b's.
  PY_TRY(py::Iter ia, py::iter(args[1]));
  PY_TRY(py::Iter ib, py::iter(args[2]));
  py::FrameGuard frame;
  if (!frame.ok())
    return recursion_error();
  std::vector<Value> items;
  while (true) {
    const Value* i = ia.next();
    if (i == nullptr)
      break;
    const Value* j = ib.next();
    if (j == nullptr)
      break;
    Value ij[2] = {*i, *j};
    PY_TRY(Value r, py::in_generator(py::call(args[0], ij, 2)));
    items.push_back(std::move(r));
  }
  return tuple_from(std::move(items));
}

// mpapply(function: 'Callable', a: 'Tuple', b: 'Tuple') -> 'Tuple'
Value mpapply_impl(const Value* args, std::size_t) {
  PY_TRY(Value pairs, py::call(fn::papply, args, 3));
  return py::call(fn::merge_t, &pairs, 1);
}

// prapply(function, a: 'Container', b: 'Container') -> 'FrozenSet'
Value prapply_impl(const Value* args, std::size_t) {
  // b is iterated when the generator is made; a once for each element of b, so an empty b
  // never looks at a.
  PY_TRY(py::Iter outer, py::iter(args[2]));
  py::FrameGuard frame;
  if (!frame.ok())
    return recursion_error();
  py::SetTable table;
  while (const Value* j = outer.next()) {
    PY_TRY(py::Iter inner, py::iter(args[1]));
    while (const Value* i = inner.next()) {
      Value ij[2] = {*i, *j};
      PY_TRY(Value r, py::in_generator(py::call(args[0], ij, 2)));
      table.add(std::move(r));
    }
  }
  return py::make_frozenset(std::move(table));
}

} // namespace

namespace fn {
constinit const py::Builtin compose{"compose",         py::Dialect::Tokpidjin,        2, 2,
                                    &compose_impl,     py::SafeDefault::SafeCallable,
                                    /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin chain{"chain",           py::Dialect::Tokpidjin,        3, 3,
                                  &chain_impl,       py::SafeDefault::SafeCallable,
                                  /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin matcher{"matcher",         py::Dialect::Tokpidjin,        2, 2,
                                    &matcher_impl,     py::SafeDefault::SafeCallable,
                                    /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin rbind{"rbind",           py::Dialect::Tokpidjin,        2, 2,
                                  &rbind_impl,       py::SafeDefault::SafeCallable,
                                  /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin lbind{"lbind",           py::Dialect::Tokpidjin,        2, 2,
                                  &lbind_impl,       py::SafeDefault::SafeCallable,
                                  /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin power{"power",           py::Dialect::Tokpidjin,        2, 2,
                                  &power_impl,       py::SafeDefault::SafeCallable,
                                  /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin fork{"fork",
                                 py::Dialect::Tokpidjin,
                                 3,
                                 3,
                                 &fork_impl,
                                 py::SafeDefault::SafeCallable,
                                 /*memoize=*/false,
                                 /*default_frames=*/6};
constinit const py::Builtin combine_t{"combine_t",     py::Dialect::Tokpidjin,     2, 2,
                                      &combine_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin combine_f{"combine_f",         py::Dialect::Tokpidjin,          2, 2,
                                      &combine_f_impl,     py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/6};
constinit const py::Builtin size_t_{"size_t",          py::Dialect::Tokpidjin, 1, 1,
                                    &size_t_impl,      py::SafeDefault::Zero,
                                    /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin size_f{"size_f",          py::Dialect::Tokpidjin, 1, 1,
                                   &size_f_impl,      py::SafeDefault::Zero,
                                   /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin valmax_t{"valmax_t",        py::Dialect::Tokpidjin, 2, 2,
                                     &valmax_t_impl,    py::SafeDefault::Zero,
                                     /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin valmax_f{"valmax_f",        py::Dialect::Tokpidjin, 2, 2,
                                     &valmax_f_impl,    py::SafeDefault::Zero,
                                     /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin valmin_t{"valmin_t",        py::Dialect::Tokpidjin, 2, 2,
                                     &valmin_t_impl,    py::SafeDefault::Zero,
                                     /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin valmin_f{"valmin_f",        py::Dialect::Tokpidjin, 2, 2,
                                     &valmin_f_impl,    py::SafeDefault::Zero,
                                     /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin argmax_t{"argmax_t",     py::Dialect::Tokpidjin,     2, 2,
                                     &argmax_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin argmax_f{"argmax_f",     py::Dialect::Tokpidjin,     2, 2,
                                     &argmax_f_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin argmin_t{"argmin_t",     py::Dialect::Tokpidjin,     2, 2,
                                     &argmin_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin argmin_f{"argmin_f",     py::Dialect::Tokpidjin,     2, 2,
                                     &argmin_f_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin mostcommon_t{"mostcommon_t",     py::Dialect::Tokpidjin,     1, 1,
                                         &mostcommon_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin mostcommon_f{"mostcommon_f",     py::Dialect::Tokpidjin,     1, 1,
                                         &mostcommon_f_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin leastcommon_t{"leastcommon_t",     py::Dialect::Tokpidjin,     1, 1,
                                          &leastcommon_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin leastcommon_f{"leastcommon_f",     py::Dialect::Tokpidjin,     1, 1,
                                          &leastcommon_f_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin sfilter{"sfilter", py::Dialect::Tokpidjin, 2,
                                    2,         &sfilter_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin sfilter_t{"sfilter_t",     py::Dialect::Tokpidjin,     2, 2,
                                      &sfilter_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin sfilter_f{"sfilter_f",         py::Dialect::Tokpidjin,          2, 2,
                                      &sfilter_f_impl,     py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/6};
constinit const py::Builtin mfilter{
    "mfilter",         py::Dialect::Tokpidjin, 2, 2, &mfilter_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin mfilter_t{"mfilter_t",         py::Dialect::Tokpidjin,          2, 2,
                                      &mfilter_t_impl,     py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/6};
constinit const py::Builtin mfilter_f{"mfilter_f",         py::Dialect::Tokpidjin,          2, 2,
                                      &mfilter_f_impl,     py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/false,
                                      /*default_frames=*/6};
constinit const py::Builtin first_t{"first_t", py::Dialect::Tokpidjin, 1,
                                    1,         &first_t_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin first_f{"first_f", py::Dialect::Tokpidjin, 1,
                                    1,         &first_f_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin last{"last",     py::Dialect::Tokpidjin,     1, 1,
                                 &last_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin last_t{"last_t", py::Dialect::Tokpidjin, 1,
                                   1,        &last_t_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin last_f{"last_f", py::Dialect::Tokpidjin, 1,
                                   1,        &last_f_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin remove{"remove", py::Dialect::Tokpidjin, 2,
                                   2,        &remove_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin remove_t{"remove_t",     py::Dialect::Tokpidjin,     2, 2,
                                     &remove_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin remove_f{"remove_f",          py::Dialect::Tokpidjin,          2, 2,
                                     &remove_f_impl,      py::SafeDefault::EmptyFrozenSet,
                                     /*memoize=*/false,
                                     /*default_frames=*/6};
constinit const py::Builtin other_t{"other_t", py::Dialect::Tokpidjin, 2,
                                    2,         &other_t_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin other_f{"other_f", py::Dialect::Tokpidjin, 2,
                                    2,         &other_f_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin apply{"apply",     py::Dialect::Tokpidjin,     2, 2,
                                  &apply_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin apply_t{"apply_t", py::Dialect::Tokpidjin, 2,
                                    2,         &apply_t_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin apply_f{
    "apply_f",         py::Dialect::Tokpidjin, 2, 2, &apply_f_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/6};
constinit const py::Builtin rapply{"rapply", py::Dialect::Tokpidjin, 2,
                                   2,        &rapply_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin rapply_t{"rapply_t",     py::Dialect::Tokpidjin,     2, 2,
                                     &rapply_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin rapply_f{"rapply_f",          py::Dialect::Tokpidjin,          2, 2,
                                     &rapply_f_impl,      py::SafeDefault::EmptyFrozenSet,
                                     /*memoize=*/false,
                                     /*default_frames=*/6};
constinit const py::Builtin mapply{
    "mapply",          py::Dialect::Tokpidjin, 2, 2, &mapply_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/8};
constinit const py::Builtin mapply_t{"mapply_t",     py::Dialect::Tokpidjin,     2, 2,
                                     &mapply_t_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin mapply_f{"mapply_f",          py::Dialect::Tokpidjin,          2, 2,
                                     &mapply_f_impl,      py::SafeDefault::EmptyFrozenSet,
                                     /*memoize=*/false,
                                     /*default_frames=*/6};
constinit const py::Builtin papply{"papply", py::Dialect::Tokpidjin, 3,
                                   3,        &papply_impl,           py::SafeDefault::EmptyTuple};
constinit const py::Builtin mpapply{"mpapply", py::Dialect::Tokpidjin, 3,
                                    3,         &mpapply_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin prapply{
    "prapply",         py::Dialect::Tokpidjin, 3, 3, &prapply_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/false, /*default_frames=*/6};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::compose,      &fn::chain,         &fn::matcher,       &fn::rbind,     &fn::lbind,
    &fn::power,        &fn::fork,          &fn::combine_t,     &fn::combine_f, &fn::size_t_,
    &fn::size_f,       &fn::valmax_t,      &fn::valmax_f,      &fn::valmin_t,  &fn::valmin_f,
    &fn::argmax_t,     &fn::argmax_f,      &fn::argmin_t,      &fn::argmin_f,  &fn::mostcommon_t,
    &fn::mostcommon_f, &fn::leastcommon_t, &fn::leastcommon_f, &fn::sfilter,   &fn::sfilter_t,
    &fn::sfilter_f,    &fn::mfilter,       &fn::mfilter_t,     &fn::mfilter_f, &fn::first_t,
    &fn::first_f,      &fn::last,          &fn::last_t,        &fn::last_f,    &fn::remove,
    &fn::remove_t,     &fn::remove_f,      &fn::other_t,       &fn::other_f,   &fn::apply,
    &fn::apply_t,      &fn::apply_f,       &fn::rapply,        &fn::rapply_t,  &fn::rapply_f,
    &fn::mapply,       &fn::mapply_t,      &fn::mapply_f,      &fn::papply,    &fn::mpapply,
    &fn::prapply,
};
} // namespace

std::span<const py::Builtin* const> higher_order_family() {
  return kFamily;
}

const py::Value* rbind1_captured(const py::Value& f) {
  if (!f.is(py::Kind::Closure) || py::as_closure(f).type != &kRbind1)
    return nullptr;
  return py::as_closure(f).captured();
}

} // namespace battgpu::dialects::tokpidjin
