// tokpidjin dialect: the "arithmetic" functions.
#include "arithmetic.hpp"

#include "battgpu/py/py.hpp"
#include "unimplemented.hpp"

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Value;

// add(a: 'Numerical', b: 'Numerical') -> 'Numerical'
Value add_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// subtract(a: 'Numerical', b: 'Numerical') -> 'Numerical'
Value subtract_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// multiply(a: 'Numerical', b: 'Numerical') -> 'Numerical'
Value multiply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// divide(a: 'Numerical', b: 'Numerical') -> 'Numerical'
Value divide_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// invert(n: 'Numerical') -> 'Numerical'
Value invert_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// even(n: 'Integer') -> 'Boolean'
Value even_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// double(n: 'Numerical') -> 'Numerical'
Value double_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// halve(n: 'Numerical') -> 'Numerical'
Value halve_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// flip(b: 'Boolean') -> 'Boolean'
Value flip_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// equality(a: 'Any', b: 'Any') -> 'Boolean'
Value equality_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// contained(value: 'Any', container: 'Container') -> 'Boolean'
Value contained_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// combine(a: 'Container', b: 'Container') -> 'Container'
Value combine_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// intersection(a: 'FrozenSet', b: 'FrozenSet') -> 'FrozenSet'
Value intersection_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// difference(a: 'FrozenSet', b: 'FrozenSet') -> 'FrozenSet'
Value difference_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// dedupe(tup: 'Tuple') -> 'Tuple'
Value dedupe_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// order(container: 'Container', compfunc: 'Callable') -> 'Tuple'
Value order_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// repeat(item: 'Any', num: 'C_') -> 'Tuple'
Value repeat_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// greater(a: 'Integer', b: 'Integer') -> 'Boolean'
Value greater_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// size(container: 'Container') -> 'Integer'
Value size_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// merge(containers: 'ContainerContainer') -> 'Container'
Value merge_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// merge_f(containers: 'ContainerContainer') -> 'Container'
Value merge_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// merge_t(containers: 'ContainerContainer') -> 'Container'
Value merge_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// maximum(container: 'IntegerSet') -> 'Integer'
Value maximum_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// minimum(container: 'IntegerSet') -> 'Integer'
Value minimum_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// valmax(container: 'Container', compfunc: 'Callable') -> 'Integer'
Value valmax_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// valmin(container: 'Container', compfunc: 'Callable') -> 'Integer'
Value valmin_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// argmax(container: 'Container', compfunc: 'Callable') -> 'Any'
Value argmax_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// argmin(container: 'Container', compfunc: 'Callable') -> 'Any'
Value argmin_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mostcommon(container: 'Container') -> 'Any'
Value mostcommon_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// leastcommon(container: 'Container') -> 'Any'
Value leastcommon_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// initset(value: 'Any') -> 'FrozenSet'
Value initset_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// both(a: 'Boolean', b: 'Boolean') -> 'Boolean'
Value both_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// either(a: 'Boolean', b: 'Boolean') -> 'Boolean'
Value either_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// increment(x: 'Numerical') -> 'Numerical'
Value increment_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// decrement(x: 'Numerical') -> 'Numerical'
Value decrement_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// crement(x: 'Numerical') -> 'Numerical'
Value crement_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// sign(x: 'Numerical') -> 'Numerical'
Value sign_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// positive(x: 'Integer') -> 'Boolean'
Value positive_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// toivec(i: 'Integer') -> 'IJ'
Value toivec_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// tojvec(j: 'Integer') -> 'IJ'
Value tojvec_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// extract(container: 'Container', condition: 'Callable') -> 'Any'
Value extract_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// totuple(container: 'FrozenSet') -> 'Tuple'
Value totuple_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// insert(value: 'Any', container: 'FrozenSet') -> 'FrozenSet'
Value insert_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// other(container: 'Container', value: 'Any') -> 'Any'
Value other_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// interval(start: 'Integer', stop: 'Integer', step: 'Integer') -> 'Tuple'
Value interval_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// astuple(a: 'Any', b: 'Any') -> 'Tuple'
Value astuple_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// ascell(ij: 'IJ', c: 'C_') -> 'Tuple'
Value ascell_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// toij(c: 'Cell') -> 'IJ'
Value toij_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// astriple(i: 'I_', j: 'J_', c: 'C_') -> 'Tuple'
Value astriple_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// product(a: 'Container', b: 'Container') -> 'FrozenSet'
Value product_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// pair(a: 'Tuple', b: 'Tuple') -> 'TupleTuple'
Value pair_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// celltuple(a: 'Tuple', b: 'Tuple') -> 'TupleTuple'
Value celltuple_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// branch(condition: 'Boolean', a: 'Any', b: 'Any') -> 'Any'
Value branch_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// c_branch(condition: 'Boolean', a: 'C_', b: 'C_') -> 'Any'
Value c_branch_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

} // namespace

namespace fn {
constinit const py::Builtin add{"add", py::Dialect::Tokpidjin, 2, 2, &add_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin subtract{"subtract", py::Dialect::Tokpidjin, 2, 2, &subtract_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin multiply{"multiply", py::Dialect::Tokpidjin, 2, 2, &multiply_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin divide{"divide", py::Dialect::Tokpidjin, 2, 2, &divide_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin invert{"invert", py::Dialect::Tokpidjin, 1, 1, &invert_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin even{"even", py::Dialect::Tokpidjin, 1, 1, &even_impl,
    py::SafeDefault::False};
constinit const py::Builtin double_{"double", py::Dialect::Tokpidjin, 1, 1, &double_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin halve{"halve", py::Dialect::Tokpidjin, 1, 1, &halve_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin flip{"flip", py::Dialect::Tokpidjin, 1, 1, &flip_impl,
    py::SafeDefault::False};
constinit const py::Builtin equality{"equality", py::Dialect::Tokpidjin, 2, 2, &equality_impl,
    py::SafeDefault::False};
constinit const py::Builtin contained{"contained", py::Dialect::Tokpidjin, 2, 2, &contained_impl,
    py::SafeDefault::False};
constinit const py::Builtin combine{"combine", py::Dialect::Tokpidjin, 2, 2, &combine_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin intersection{"intersection", py::Dialect::Tokpidjin, 2, 2, &intersection_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin difference{"difference", py::Dialect::Tokpidjin, 2, 2, &difference_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin dedupe{"dedupe", py::Dialect::Tokpidjin, 1, 1, &dedupe_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin order{"order", py::Dialect::Tokpidjin, 2, 2, &order_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin repeat{"repeat", py::Dialect::Tokpidjin, 2, 2, &repeat_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin greater{"greater", py::Dialect::Tokpidjin, 2, 2, &greater_impl,
    py::SafeDefault::False};
constinit const py::Builtin size{"size", py::Dialect::Tokpidjin, 1, 1, &size_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin merge{"merge", py::Dialect::Tokpidjin, 1, 1, &merge_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin merge_f{"merge_f", py::Dialect::Tokpidjin, 1, 1, &merge_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin merge_t{"merge_t", py::Dialect::Tokpidjin, 1, 1, &merge_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin maximum{"maximum", py::Dialect::Tokpidjin, 1, 1, &maximum_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin minimum{"minimum", py::Dialect::Tokpidjin, 1, 1, &minimum_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin valmax{"valmax", py::Dialect::Tokpidjin, 2, 2, &valmax_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin valmin{"valmin", py::Dialect::Tokpidjin, 2, 2, &valmin_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin argmax{"argmax", py::Dialect::Tokpidjin, 2, 2, &argmax_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin argmin{"argmin", py::Dialect::Tokpidjin, 2, 2, &argmin_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin mostcommon{"mostcommon", py::Dialect::Tokpidjin, 1, 1, &mostcommon_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin leastcommon{"leastcommon", py::Dialect::Tokpidjin, 1, 1, &leastcommon_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin initset{"initset", py::Dialect::Tokpidjin, 1, 1, &initset_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin both{"both", py::Dialect::Tokpidjin, 2, 2, &both_impl,
    py::SafeDefault::False};
constinit const py::Builtin either{"either", py::Dialect::Tokpidjin, 2, 2, &either_impl,
    py::SafeDefault::False};
constinit const py::Builtin increment{"increment", py::Dialect::Tokpidjin, 1, 1, &increment_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin decrement{"decrement", py::Dialect::Tokpidjin, 1, 1, &decrement_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin crement{"crement", py::Dialect::Tokpidjin, 1, 1, &crement_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin sign{"sign", py::Dialect::Tokpidjin, 1, 1, &sign_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin positive{"positive", py::Dialect::Tokpidjin, 1, 1, &positive_impl,
    py::SafeDefault::False};
constinit const py::Builtin toivec{"toivec", py::Dialect::Tokpidjin, 1, 1, &toivec_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin tojvec{"tojvec", py::Dialect::Tokpidjin, 1, 1, &tojvec_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin extract{"extract", py::Dialect::Tokpidjin, 2, 2, &extract_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin totuple{"totuple", py::Dialect::Tokpidjin, 1, 1, &totuple_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin insert{"insert", py::Dialect::Tokpidjin, 2, 2, &insert_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin other{"other", py::Dialect::Tokpidjin, 2, 2, &other_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin interval{"interval", py::Dialect::Tokpidjin, 3, 3, &interval_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin astuple{"astuple", py::Dialect::Tokpidjin, 2, 2, &astuple_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin ascell{"ascell", py::Dialect::Tokpidjin, 2, 2, &ascell_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin toij{"toij", py::Dialect::Tokpidjin, 1, 1, &toij_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin astriple{"astriple", py::Dialect::Tokpidjin, 3, 3, &astriple_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin product{"product", py::Dialect::Tokpidjin, 2, 2, &product_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin pair{"pair", py::Dialect::Tokpidjin, 2, 2, &pair_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin celltuple{"celltuple", py::Dialect::Tokpidjin, 2, 2, &celltuple_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin branch{"branch", py::Dialect::Tokpidjin, 3, 3, &branch_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin c_branch{"c_branch", py::Dialect::Tokpidjin, 3, 3, &c_branch_impl,
    py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::add,
    &fn::subtract,
    &fn::multiply,
    &fn::divide,
    &fn::invert,
    &fn::even,
    &fn::double_,
    &fn::halve,
    &fn::flip,
    &fn::equality,
    &fn::contained,
    &fn::combine,
    &fn::intersection,
    &fn::difference,
    &fn::dedupe,
    &fn::order,
    &fn::repeat,
    &fn::greater,
    &fn::size,
    &fn::merge,
    &fn::merge_f,
    &fn::merge_t,
    &fn::maximum,
    &fn::minimum,
    &fn::valmax,
    &fn::valmin,
    &fn::argmax,
    &fn::argmin,
    &fn::mostcommon,
    &fn::leastcommon,
    &fn::initset,
    &fn::both,
    &fn::either,
    &fn::increment,
    &fn::decrement,
    &fn::crement,
    &fn::sign,
    &fn::positive,
    &fn::toivec,
    &fn::tojvec,
    &fn::extract,
    &fn::totuple,
    &fn::insert,
    &fn::other,
    &fn::interval,
    &fn::astuple,
    &fn::ascell,
    &fn::toij,
    &fn::astriple,
    &fn::product,
    &fn::pair,
    &fn::celltuple,
    &fn::branch,
    &fn::c_branch,
};
} // namespace

std::span<const py::Builtin* const> arithmetic_family() { return kFamily; }

} // namespace battgpu::dialects::tokpidjin
