// tokpidjin dialect: the "higher_order" functions.
#include "higher_order.hpp"

#include "battgpu/py/py.hpp"
#include "unimplemented.hpp"

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Value;

// compose(outer: 'Callable', inner: 'Callable') -> 'Callable'
Value compose_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// chain(h: 'Callable', g: 'Callable', f: 'Callable') -> 'Callable'
Value chain_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// matcher(function: 'Callable', target: 'Any') -> 'Callable'
Value matcher_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rbind(function: 'Callable', fixed: 'Any') -> 'Callable'
Value rbind_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// lbind(function: 'Callable', fixed: 'Any') -> 'Callable'
Value lbind_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// power(function: 'Callable', n: 'Integer') -> 'Callable'
Value power_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// fork(outer: 'Callable', a: 'Callable', b: 'Callable') -> 'Callable'
Value fork_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// combine_t(a: 'Tuple', b: 'Tuple') -> 'Tuple'
Value combine_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// combine_f(a: 'FrozenSet', b: 'FrozenSet') -> 'FrozenSet'
Value combine_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// size_t(container: 'Tuple') -> 'Integer'
Value size_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// size_f(container: 'FrozenSet') -> 'Integer'
Value size_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// valmax_t(container: 'Tuple', compfunc: 'Callable') -> 'Integer'
Value valmax_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// valmax_f(container: 'FrozenSet', compfunc: 'Callable') -> 'Integer'
Value valmax_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// valmin_t(container: 'Tuple', compfunc: 'Callable') -> 'Integer'
Value valmin_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// valmin_f(container: 'FrozenSet', compfunc: 'Callable') -> 'Integer'
Value valmin_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// argmax_t(container: 'Tuple', compfunc: 'Callable') -> 'Any'
Value argmax_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// argmax_f(container: 'FrozenSet', compfunc: 'Callable') -> 'Any'
Value argmax_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// argmin_t(container: 'Tuple', compfunc: 'Callable') -> 'Any'
Value argmin_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// argmin_f(container: 'FrozenSet', compfunc: 'Callable') -> 'Any'
Value argmin_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mostcommon_t(container: 'Tuple') -> 'Any'
Value mostcommon_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mostcommon_f(container: 'FrozenSet') -> 'Any'
Value mostcommon_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// leastcommon_t(container: 'Tuple') -> 'Any'
Value leastcommon_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// leastcommon_f(container: 'FrozenSet') -> 'Any'
Value leastcommon_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// sfilter(container: 'Container', condition: 'Callable') -> 'Container'
Value sfilter_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// sfilter_t(container: 'Tuple', condition: 'Callable') -> 'Tuple'
Value sfilter_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// sfilter_f(container: 'FrozenSet', condition: 'Callable') -> 'FrozenSet'
Value sfilter_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mfilter(container: 'Container', function: 'Callable') -> 'FrozenSet'
Value mfilter_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mfilter_t(container: 'Tuple', function: 'Callable') -> 'FrozenSet'
Value mfilter_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mfilter_f(container: 'FrozenSet', function: 'Callable') -> 'FrozenSet'
Value mfilter_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// first_t(container: 'Tuple') -> 'Any'
Value first_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// first_f(container: 'FrozenSet') -> 'Any'
Value first_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// last(container: 'Container') -> 'Any'
Value last_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// last_t(container: 'Tuple') -> 'Any'
Value last_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// last_f(container: 'FrozenSet') -> 'Any'
Value last_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// remove(value: 'Any', container: 'Container') -> 'Container'
Value remove_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// remove_t(value: 'Any', container: 'Tuple') -> 'Tuple'
Value remove_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// remove_f(value: 'Any', container: 'FrozenSet') -> 'FrozenSet'
Value remove_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// other_t(container: 'Tuple', value: 'Any') -> 'Any'
Value other_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// other_f(container: 'FrozenSet', value: 'Any') -> 'Any'
Value other_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// apply(function: 'Callable', container: 'Container') -> 'Container'
Value apply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// apply_t(function: 'Callable', container: 'Tuple') -> 'Tuple'
Value apply_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// apply_f(function: 'Callable', container: 'FrozenSet') -> 'FrozenSet'
Value apply_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rapply(functions: 'Container', value: 'Any') -> 'Container'
Value rapply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rapply_t(functions: 'Tuple', value: 'Any') -> 'Tuple'
Value rapply_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rapply_f(functions: 'FrozenSet', value: 'Any') -> 'FrozenSet'
Value rapply_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mapply(function: 'Callable', container: 'ContainerContainer') -> 'FrozenSet'
Value mapply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mapply_t(function: 'Callable', container: 'Tuple') -> 'Tuple'
Value mapply_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mapply_f(function: 'Callable', container: 'FrozenSet') -> 'FrozenSet'
Value mapply_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// papply(function: 'Callable', a: 'Tuple', b: 'Tuple') -> 'Tuple'
Value papply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mpapply(function: 'Callable', a: 'Tuple', b: 'Tuple') -> 'Tuple'
Value mpapply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// prapply(function, a: 'Container', b: 'Container') -> 'FrozenSet'
Value prapply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

} // namespace

namespace fn {
constinit const py::Builtin compose{"compose", py::Dialect::Tokpidjin, 2, 2, &compose_impl,
    py::SafeDefault::SafeCallable};
constinit const py::Builtin chain{"chain", py::Dialect::Tokpidjin, 3, 3, &chain_impl,
    py::SafeDefault::SafeCallable};
constinit const py::Builtin matcher{"matcher", py::Dialect::Tokpidjin, 2, 2, &matcher_impl,
    py::SafeDefault::SafeCallable};
constinit const py::Builtin rbind{"rbind", py::Dialect::Tokpidjin, 2, 2, &rbind_impl,
    py::SafeDefault::SafeCallable};
constinit const py::Builtin lbind{"lbind", py::Dialect::Tokpidjin, 2, 2, &lbind_impl,
    py::SafeDefault::SafeCallable};
constinit const py::Builtin power{"power", py::Dialect::Tokpidjin, 2, 2, &power_impl,
    py::SafeDefault::SafeCallable};
constinit const py::Builtin fork{"fork", py::Dialect::Tokpidjin, 3, 3, &fork_impl,
    py::SafeDefault::SafeCallable};
constinit const py::Builtin combine_t{"combine_t", py::Dialect::Tokpidjin, 2, 2, &combine_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin combine_f{"combine_f", py::Dialect::Tokpidjin, 2, 2, &combine_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin size_t_{"size_t", py::Dialect::Tokpidjin, 1, 1, &size_t_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin size_f{"size_f", py::Dialect::Tokpidjin, 1, 1, &size_f_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin valmax_t{"valmax_t", py::Dialect::Tokpidjin, 2, 2, &valmax_t_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin valmax_f{"valmax_f", py::Dialect::Tokpidjin, 2, 2, &valmax_f_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin valmin_t{"valmin_t", py::Dialect::Tokpidjin, 2, 2, &valmin_t_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin valmin_f{"valmin_f", py::Dialect::Tokpidjin, 2, 2, &valmin_f_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin argmax_t{"argmax_t", py::Dialect::Tokpidjin, 2, 2, &argmax_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin argmax_f{"argmax_f", py::Dialect::Tokpidjin, 2, 2, &argmax_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin argmin_t{"argmin_t", py::Dialect::Tokpidjin, 2, 2, &argmin_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin argmin_f{"argmin_f", py::Dialect::Tokpidjin, 2, 2, &argmin_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin mostcommon_t{"mostcommon_t", py::Dialect::Tokpidjin, 1, 1, &mostcommon_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin mostcommon_f{"mostcommon_f", py::Dialect::Tokpidjin, 1, 1, &mostcommon_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin leastcommon_t{"leastcommon_t", py::Dialect::Tokpidjin, 1, 1, &leastcommon_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin leastcommon_f{"leastcommon_f", py::Dialect::Tokpidjin, 1, 1, &leastcommon_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin sfilter{"sfilter", py::Dialect::Tokpidjin, 2, 2, &sfilter_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin sfilter_t{"sfilter_t", py::Dialect::Tokpidjin, 2, 2, &sfilter_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin sfilter_f{"sfilter_f", py::Dialect::Tokpidjin, 2, 2, &sfilter_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin mfilter{"mfilter", py::Dialect::Tokpidjin, 2, 2, &mfilter_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin mfilter_t{"mfilter_t", py::Dialect::Tokpidjin, 2, 2, &mfilter_t_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin mfilter_f{"mfilter_f", py::Dialect::Tokpidjin, 2, 2, &mfilter_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin first_t{"first_t", py::Dialect::Tokpidjin, 1, 1, &first_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin first_f{"first_f", py::Dialect::Tokpidjin, 1, 1, &first_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin last{"last", py::Dialect::Tokpidjin, 1, 1, &last_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin last_t{"last_t", py::Dialect::Tokpidjin, 1, 1, &last_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin last_f{"last_f", py::Dialect::Tokpidjin, 1, 1, &last_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin remove{"remove", py::Dialect::Tokpidjin, 2, 2, &remove_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin remove_t{"remove_t", py::Dialect::Tokpidjin, 2, 2, &remove_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin remove_f{"remove_f", py::Dialect::Tokpidjin, 2, 2, &remove_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin other_t{"other_t", py::Dialect::Tokpidjin, 2, 2, &other_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin other_f{"other_f", py::Dialect::Tokpidjin, 2, 2, &other_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin apply{"apply", py::Dialect::Tokpidjin, 2, 2, &apply_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin apply_t{"apply_t", py::Dialect::Tokpidjin, 2, 2, &apply_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin apply_f{"apply_f", py::Dialect::Tokpidjin, 2, 2, &apply_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin rapply{"rapply", py::Dialect::Tokpidjin, 2, 2, &rapply_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin rapply_t{"rapply_t", py::Dialect::Tokpidjin, 2, 2, &rapply_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin rapply_f{"rapply_f", py::Dialect::Tokpidjin, 2, 2, &rapply_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin mapply{"mapply", py::Dialect::Tokpidjin, 2, 2, &mapply_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin mapply_t{"mapply_t", py::Dialect::Tokpidjin, 2, 2, &mapply_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin mapply_f{"mapply_f", py::Dialect::Tokpidjin, 2, 2, &mapply_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin papply{"papply", py::Dialect::Tokpidjin, 3, 3, &papply_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin mpapply{"mpapply", py::Dialect::Tokpidjin, 3, 3, &mpapply_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin prapply{"prapply", py::Dialect::Tokpidjin, 3, 3, &prapply_impl,
    py::SafeDefault::EmptyFrozenSet};
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
    &fn::combine_t,
    &fn::combine_f,
    &fn::size_t_,
    &fn::size_f,
    &fn::valmax_t,
    &fn::valmax_f,
    &fn::valmin_t,
    &fn::valmin_f,
    &fn::argmax_t,
    &fn::argmax_f,
    &fn::argmin_t,
    &fn::argmin_f,
    &fn::mostcommon_t,
    &fn::mostcommon_f,
    &fn::leastcommon_t,
    &fn::leastcommon_f,
    &fn::sfilter,
    &fn::sfilter_t,
    &fn::sfilter_f,
    &fn::mfilter,
    &fn::mfilter_t,
    &fn::mfilter_f,
    &fn::first_t,
    &fn::first_f,
    &fn::last,
    &fn::last_t,
    &fn::last_f,
    &fn::remove,
    &fn::remove_t,
    &fn::remove_f,
    &fn::other_t,
    &fn::other_f,
    &fn::apply,
    &fn::apply_t,
    &fn::apply_f,
    &fn::rapply,
    &fn::rapply_t,
    &fn::rapply_f,
    &fn::mapply,
    &fn::mapply_t,
    &fn::mapply_f,
    &fn::papply,
    &fn::mpapply,
    &fn::prapply,
};
} // namespace

std::span<const py::Builtin* const> higher_order_family() { return kFamily; }

} // namespace battgpu::dialects::tokpidjin
