// arc_dsl dialect: the "higher_order" functions.
#include "higher_order.hpp"

#include "battgpu/py/py.hpp"
#include "unimplemented.hpp"

namespace battgpu::dialects::arc_dsl {
namespace {

using py::Value;

// compose(outer: Callable, inner: Callable) -> Callable
Value compose_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// chain(h: Callable, g: Callable, f: Callable) -> Callable
Value chain_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// matcher(function: Callable, target: Any) -> Callable
Value matcher_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rbind(function: Callable, fixed: Any) -> Callable
Value rbind_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// lbind(function: Callable, fixed: Any) -> Callable
Value lbind_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// power(function: Callable, n: int) -> Callable
Value power_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// fork(outer: Callable, a: Callable, b: Callable) -> Callable
Value fork_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// apply(function: Callable, container: Container) -> Container
Value apply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rapply(functions: Container, value: Any) -> Container
Value rapply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mapply(function: Callable, container: Container[Container]) -> FrozenSet
Value mapply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// papply(function: Callable, a: Tuple, b: Tuple) -> Tuple
Value papply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mpapply(function: Callable, a: Tuple, b: Tuple) -> Tuple
Value mpapply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// prapply(function, a: Container, b: Container) -> FrozenSet
Value prapply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

} // namespace

namespace fn {
constinit const py::Builtin compose{"compose", py::Dialect::ArcDsl, 2, 2, &compose_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin chain{"chain", py::Dialect::ArcDsl, 3, 3, &chain_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin matcher{"matcher", py::Dialect::ArcDsl, 2, 2, &matcher_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin rbind{"rbind", py::Dialect::ArcDsl, 2, 2, &rbind_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin lbind{"lbind", py::Dialect::ArcDsl, 2, 2, &lbind_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin power{"power", py::Dialect::ArcDsl, 2, 2, &power_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin fork{"fork", py::Dialect::ArcDsl, 3, 3, &fork_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin apply{"apply", py::Dialect::ArcDsl, 2, 2, &apply_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin rapply{"rapply", py::Dialect::ArcDsl, 2, 2, &rapply_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin mapply{"mapply", py::Dialect::ArcDsl, 2, 2, &mapply_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin papply{"papply", py::Dialect::ArcDsl, 3, 3, &papply_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin mpapply{"mpapply", py::Dialect::ArcDsl, 3, 3, &mpapply_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin prapply{"prapply", py::Dialect::ArcDsl, 3, 3, &prapply_impl,
    py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::compose,
    &fn::chain,
    &fn::matcher,
    &fn::rbind,
    &fn::lbind,
    &fn::power,
    &fn::fork,
    &fn::apply,
    &fn::rapply,
    &fn::mapply,
    &fn::papply,
    &fn::mpapply,
    &fn::prapply,
};
} // namespace

std::span<const py::Builtin* const> higher_order_family() { return kFamily; }

} // namespace battgpu::dialects::arc_dsl
