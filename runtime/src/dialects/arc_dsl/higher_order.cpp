// arc_dsl dialect: the "higher_order" functions.
#include "higher_order.hpp"
#include "value_building.hpp"

#include "battgpu/py/py.hpp"
#include "core.hpp"

#include <algorithm>
#include <cstdint>

namespace battgpu::dialects::arc_dsl {
namespace {

using py::Kind;
using py::SetTable;
using py::Value;

// ---- helpers ----

// ---- the closures (arc-dsl's lambdas: `__name__` "<lambda>") ----

// compose: lambda x: outer(inner(x)); captured (outer, inner).
Value compose_call(const py::ClosureObject& self, const Value* args, std::size_t) {
  const Value* c = self.captured();
  PY_TRY(Value r, py::call(c[1], args, 1));
  return py::call(c[0], &r, 1);
}
constexpr py::ClosureType kCompose{"<lambda>", 1, false, &compose_call};

// chain: lambda x: h(g(f(x))); captured (h, g, f).
Value chain_call(const py::ClosureObject& self, const Value* args, std::size_t) {
  const Value* c = self.captured();
  PY_TRY(Value r1, py::call(c[2], args, 1));
  PY_TRY(Value r2, py::call(c[1], &r1, 1));
  return py::call(c[0], &r2, 1);
}
constexpr py::ClosureType kChain{"<lambda>", 1, false, &chain_call};

// matcher: lambda x: function(x) == target; captured (function, target).
Value matcher_call(const py::ClosureObject& self, const Value* args, std::size_t) {
  const Value* c = self.captured();
  PY_TRY(Value r, py::call(c[0], args, 1));
  return Value::boolean(py::op_eq(r, c[1]));
}
constexpr py::ClosureType kMatcher{"<lambda>", 1, false, &matcher_call};

// rbind: the lambda's arguments, then the fixed one; captured (function, fixed).
template <std::size_t N>
Value rbind_call(const py::ClosureObject& self, const Value* args, std::size_t) {
  const Value* c = self.captured();
  Value full[N + 1];
  for (std::size_t i = 0; i < N; ++i)
    full[i] = args[i];
  full[N] = c[1];
  return py::call(c[0], full, N + 1);
}
constexpr py::ClosureType kRbind1{"<lambda>", 1, false, &rbind_call<1>};
constexpr py::ClosureType kRbind2{"<lambda>", 2, false, &rbind_call<2>};
constexpr py::ClosureType kRbind3{"<lambda>", 3, false, &rbind_call<3>};

// lbind: the fixed argument, then the lambda's; captured (function, fixed).
template <std::size_t N>
Value lbind_call(const py::ClosureObject& self, const Value* args, std::size_t) {
  const Value* c = self.captured();
  Value full[N + 1];
  full[0] = c[1];
  for (std::size_t i = 0; i < N; ++i)
    full[i + 1] = args[i];
  return py::call(c[0], full, N + 1);
}
constexpr py::ClosureType kLbind1{"<lambda>", 1, false, &lbind_call<1>};
constexpr py::ClosureType kLbind2{"<lambda>", 2, false, &lbind_call<2>};
constexpr py::ClosureType kLbind3{"<lambda>", 3, false, &lbind_call<3>};

// fork: lambda x: outer(a(x), b(x)); captured (outer, a, b).
Value fork_call(const py::ClosureObject& self, const Value* args, std::size_t) {
  const Value* c = self.captured();
  Value inner[2];
  PY_TRY(inner[0], py::call(c[1], args, 1));
  PY_TRY(inner[1], py::call(c[2], args, 1));
  return py::call(c[0], inner, 2);
}
constexpr py::ClosureType kFork{"<lambda>", 1, false, &fork_call};

// ---- the functions ----

// compose(outer: Callable, inner: Callable) -> Callable
Value compose_impl(const Value* args, std::size_t) {
  return py::make_closure(&kCompose, {args[0], args[1]});
}

// chain(h: Callable, g: Callable, f: Callable) -> Callable
Value chain_impl(const Value* args, std::size_t) {
  return py::make_closure(&kChain, {args[0], args[1], args[2]});
}

// matcher(function: Callable, target: Any) -> Callable
Value matcher_impl(const Value* args, std::size_t) {
  return py::make_closure(&kMatcher, {args[0], args[1]});
}

// rbind(function: Callable, fixed: Any) -> Callable
Value rbind_impl(const Value* args, std::size_t) {
  // The lambda's arity follows the function's co_argcount: 2 and 3 as such, anything else 4.
  PY_TRY(std::int64_t n, py::code_argcount(args[0]));
  const py::ClosureType* type = n == 2 ? &kRbind1 : n == 3 ? &kRbind2 : &kRbind3;
  return py::make_closure(type, {args[0], args[1]});
}

// lbind(function: Callable, fixed: Any) -> Callable
Value lbind_impl(const Value* args, std::size_t) {
  PY_TRY(std::int64_t n, py::code_argcount(args[0]));
  const py::ClosureType* type = n == 2 ? &kLbind1 : n == 3 ? &kLbind2 : &kLbind3;
  return py::make_closure(type, {args[0], args[1]});
}

// power(function: Callable, n: int) -> Callable
Value power_impl(const Value* args, std::size_t) {
  // Recursive as in Python: n - 1 levels of power, each composed on the way back; an n that
  // never reaches 1 recurses until RecursionError.
  const Value& function = args[0];
  if (py::op_eq(args[1], Value::integer(1)))
    return function;
  PY_TRY(Value n1, py::sub(args[1], Value::integer(1)));
  const Value inner_args[2] = {function, std::move(n1)};
  PY_TRY(Value inner, py::call(fn::power, inner_args, 2));
  const Value outer_args[2] = {function, std::move(inner)};
  return py::call(fn::compose, outer_args, 2);
}

// fork(outer: Callable, a: Callable, b: Callable) -> Callable
Value fork_impl(const Value* args, std::size_t) {
  return py::make_closure(&kFork, {args[0], args[1], args[2]});
}

// `type(c)(f(x) for x in c)` (apply) and `type(c)(x(value) for x in c)` (rapply): `call`
// applies the per-item call.
template <class Call> Value map_like(const Value& c, Call&& call) {
  PY_TRY(py::Iter it, py::iter(c));
  if (c.is(Kind::Str))
    return py::construct_like(c, {}); // str() of the generator: never run
  py::FrameGuard gen;
  if (!gen.ok())
    return recursion_error();
  if (c.is_frozenset()) {
    SetTable out;
    while (const Value* e = it.next()) {
      PY_TRY(Value r, py::in_generator(call(*e)));
      out.add(std::move(r));
    }
    return py::make_frozenset(std::move(out));
  }
  const std::int64_t n = it.remaining();
  if (n == 0)
    return py::empty_tuple();
  Value out = py::new_tuple(static_cast<std::size_t>(n));
  Value* items = py::tuple_items(out);
  for (std::int64_t i = 0; i < n; ++i) {
    PY_TRY(items[i], py::in_generator(call(*it.next())));
  }
  return out;
}

// apply(function: Callable, container: Container) -> Container
Value apply_impl(const Value* args, std::size_t) {
  const Value& f = args[0];
  return map_like(args[1], [&](const Value& e) { return py::call(f, &e, 1); });
}

// rapply(functions: Container, value: Any) -> Container
Value rapply_impl(const Value* args, std::size_t) {
  const Value& value = args[1];
  return map_like(args[0], [&](const Value& f) { return py::call(f, &value, 1); });
}

// mapply(function: Callable, container: Container[Container]) -> FrozenSet
Value mapply_impl(const Value* args, std::size_t) {
  PY_TRY(Value applied, py::call(fn::apply, args, 2));
  return py::call(fn::merge, &applied, 1);
}

// papply(function: Callable, a: Tuple, b: Tuple) -> Tuple
Value papply_impl(const Value* args, std::size_t) {
  // zip(a, b) is made before the generator runs.
  PY_TRY(py::Iter ia, py::iter(args[1]));
  PY_TRY(py::Iter ib, py::iter(args[2]));
  py::FrameGuard gen;
  if (!gen.ok())
    return recursion_error();
  // zip stops at the shorter; the lengths of these iterables are known.
  const std::int64_t n = std::min(ia.remaining(), ib.remaining());
  if (n == 0)
    return py::empty_tuple();
  Value out = py::new_tuple(static_cast<std::size_t>(n));
  Value* items = py::tuple_items(out);
  Value ij[2];
  for (std::int64_t k = 0; k < n; ++k) {
    ij[0] = *ia.next();
    ij[1] = *ib.next();
    PY_TRY(items[k], py::in_generator(py::call(args[0], ij, 2)));
  }
  return out;
}

// mpapply(function: Callable, a: Tuple, b: Tuple) -> Tuple
Value mpapply_impl(const Value* args, std::size_t) {
  PY_TRY(Value applied, py::call(fn::papply, args, 3));
  return py::call(fn::merge, &applied, 1);
}

// prapply(function, a: Container, b: Container) -> FrozenSet
Value prapply_impl(const Value* args, std::size_t) {
  const Value& a = args[1];
  const Value& b = args[2];
  // The generator iterates b eagerly, and a anew for each item of b.
  PY_TRY(py::Iter jt, py::iter(b));
  py::FrameGuard gen;
  if (!gen.ok())
    return recursion_error();
  SetTable out;
  Value ij[2];
  while (const Value* j = jt.next()) {
    PY_TRY(py::Iter it, py::iter(a));
    while (const Value* i = it.next()) {
      ij[0] = *i;
      ij[1] = *j;
      PY_TRY(Value r, py::in_generator(py::call(args[0], ij, 2)));
      out.add(std::move(r));
    }
  }
  return py::make_frozenset(std::move(out));
}

} // namespace

namespace fn {
constinit const py::Builtin compose{"compose", py::Dialect::ArcDsl, 2,
                                    2,         &compose_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin chain{"chain", py::Dialect::ArcDsl, 3,
                                  3,       &chain_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin matcher{"matcher", py::Dialect::ArcDsl, 2,
                                    2,         &matcher_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin rbind{"rbind", py::Dialect::ArcDsl, 2,
                                  2,       &rbind_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin lbind{"lbind", py::Dialect::ArcDsl, 2,
                                  2,       &lbind_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin power{"power", py::Dialect::ArcDsl, 2,
                                  2,       &power_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin fork{"fork", py::Dialect::ArcDsl, 3,
                                 3,      &fork_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin apply{"apply", py::Dialect::ArcDsl, 2,
                                  2,       &apply_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin rapply{"rapply", py::Dialect::ArcDsl, 2,
                                   2,        &rapply_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin mapply{"mapply", py::Dialect::ArcDsl, 2,
                                   2,        &mapply_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin papply{"papply", py::Dialect::ArcDsl, 3,
                                   3,        &papply_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin mpapply{"mpapply", py::Dialect::ArcDsl, 3,
                                    3,         &mpapply_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin prapply{"prapply", py::Dialect::ArcDsl, 3,
                                    3,         &prapply_impl,       py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::compose, &fn::chain,  &fn::matcher, &fn::rbind,  &fn::lbind,   &fn::power,   &fn::fork,
    &fn::apply,   &fn::rapply, &fn::mapply,  &fn::papply, &fn::mpapply, &fn::prapply,
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

} // namespace battgpu::dialects::arc_dsl
