// arc_dsl dialect: the "core" functions.
#include "core.hpp"

#include "battgpu/py/py.hpp"
#include "unimplemented.hpp"

namespace battgpu::dialects::arc_dsl {
namespace {

using py::Value;

// identity(x: Any) -> Any
Value identity_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// add(a: Union[int, Tuple[int, int]], b: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value add_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// subtract(a: Union[int, Tuple[int, int]], b: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value subtract_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// multiply(a: Union[int, Tuple[int, int]], b: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value multiply_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// divide(a: Union[int, Tuple[int, int]], b: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value divide_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// invert(n: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value invert_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// even(n: int) -> bool
Value even_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// double(n: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value double_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// halve(n: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value halve_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// flip(b: bool) -> bool
Value flip_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// equality(a: Any, b: Any) -> bool
Value equality_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// contained(value: Any, container: Container) -> bool
Value contained_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// combine(a: Container, b: Container) -> Container
Value combine_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// intersection(a: FrozenSet, b: FrozenSet) -> FrozenSet
Value intersection_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// difference(a: FrozenSet, b: FrozenSet) -> FrozenSet
Value difference_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// dedupe(tup: Tuple) -> Tuple
Value dedupe_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// order(container: Container, compfunc: Callable) -> Tuple
Value order_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// repeat(item: Any, num: int) -> Tuple
Value repeat_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// greater(a: int, b: int) -> bool
Value greater_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// size(container: Container) -> int
Value size_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// merge(containers: Container[Container]) -> Container
Value merge_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// maximum(container: FrozenSet[int]) -> int
Value maximum_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// minimum(container: FrozenSet[int]) -> int
Value minimum_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// valmax(container: Container, compfunc: Callable) -> int
Value valmax_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// valmin(container: Container, compfunc: Callable) -> int
Value valmin_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// argmax(container: Container, compfunc: Callable) -> Any
Value argmax_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// argmin(container: Container, compfunc: Callable) -> Any
Value argmin_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mostcommon(container: Container) -> Any
Value mostcommon_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// leastcommon(container: Container) -> Any
Value leastcommon_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// initset(value: Any) -> FrozenSet
Value initset_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// both(a: bool, b: bool) -> bool
Value both_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// either(a: bool, b: bool) -> bool
Value either_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// increment(x: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value increment_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// decrement(x: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value decrement_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// crement(x: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value crement_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// sign(x: Union[int, Tuple[int, int]]) -> Union[int, Tuple[int, int]]
Value sign_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// positive(x: int) -> bool
Value positive_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// toivec(i: int) -> Tuple[int, int]
Value toivec_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// tojvec(j: int) -> Tuple[int, int]
Value tojvec_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// sfilter(container: Container, condition: Callable) -> Container
Value sfilter_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mfilter(container: Container, function: Callable) -> FrozenSet
Value mfilter_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// extract(container: Container, condition: Callable) -> Any
Value extract_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// totuple(container: FrozenSet) -> Tuple
Value totuple_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// first(container: Container) -> Any
Value first_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// last(container: Container) -> Any
Value last_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// insert(value: Any, container: FrozenSet) -> FrozenSet
Value insert_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// remove(value: Any, container: Container) -> Container
Value remove_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// other(container: Container, value: Any) -> Any
Value other_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// interval(start: int, stop: int, step: int) -> Tuple
Value interval_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// astuple(a: int, b: int) -> Tuple[int, int]
Value astuple_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// product(a: Container, b: Container) -> FrozenSet
Value product_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// pair(a: Tuple, b: Tuple) -> Tuple[Tuple]
Value pair_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// branch(condition: bool, a: Any, b: Any) -> Any
Value branch_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

} // namespace

namespace fn {
constinit const py::Builtin identity{"identity", py::Dialect::ArcDsl, 1, 1, &identity_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin add{"add", py::Dialect::ArcDsl, 2, 2, &add_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin subtract{"subtract", py::Dialect::ArcDsl, 2, 2, &subtract_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin multiply{"multiply", py::Dialect::ArcDsl, 2, 2, &multiply_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin divide{"divide", py::Dialect::ArcDsl, 2, 2, &divide_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin invert{"invert", py::Dialect::ArcDsl, 1, 1, &invert_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin even{"even", py::Dialect::ArcDsl, 1, 1, &even_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin double_{"double", py::Dialect::ArcDsl, 1, 1, &double_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin halve{"halve", py::Dialect::ArcDsl, 1, 1, &halve_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin flip{"flip", py::Dialect::ArcDsl, 1, 1, &flip_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin equality{"equality", py::Dialect::ArcDsl, 2, 2, &equality_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin contained{"contained", py::Dialect::ArcDsl, 2, 2, &contained_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin combine{"combine", py::Dialect::ArcDsl, 2, 2, &combine_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin intersection{"intersection", py::Dialect::ArcDsl, 2, 2, &intersection_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin difference{"difference", py::Dialect::ArcDsl, 2, 2, &difference_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin dedupe{"dedupe", py::Dialect::ArcDsl, 1, 1, &dedupe_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin order{"order", py::Dialect::ArcDsl, 2, 2, &order_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin repeat{"repeat", py::Dialect::ArcDsl, 2, 2, &repeat_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin greater{"greater", py::Dialect::ArcDsl, 2, 2, &greater_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin size{"size", py::Dialect::ArcDsl, 1, 1, &size_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin merge{"merge", py::Dialect::ArcDsl, 1, 1, &merge_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin maximum{"maximum", py::Dialect::ArcDsl, 1, 1, &maximum_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin minimum{"minimum", py::Dialect::ArcDsl, 1, 1, &minimum_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin valmax{"valmax", py::Dialect::ArcDsl, 2, 2, &valmax_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin valmin{"valmin", py::Dialect::ArcDsl, 2, 2, &valmin_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin argmax{"argmax", py::Dialect::ArcDsl, 2, 2, &argmax_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin argmin{"argmin", py::Dialect::ArcDsl, 2, 2, &argmin_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin mostcommon{"mostcommon", py::Dialect::ArcDsl, 1, 1, &mostcommon_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin leastcommon{"leastcommon", py::Dialect::ArcDsl, 1, 1, &leastcommon_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin initset{"initset", py::Dialect::ArcDsl, 1, 1, &initset_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin both{"both", py::Dialect::ArcDsl, 2, 2, &both_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin either{"either", py::Dialect::ArcDsl, 2, 2, &either_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin increment{"increment", py::Dialect::ArcDsl, 1, 1, &increment_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin decrement{"decrement", py::Dialect::ArcDsl, 1, 1, &decrement_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin crement{"crement", py::Dialect::ArcDsl, 1, 1, &crement_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin sign{"sign", py::Dialect::ArcDsl, 1, 1, &sign_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin positive{"positive", py::Dialect::ArcDsl, 1, 1, &positive_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin toivec{"toivec", py::Dialect::ArcDsl, 1, 1, &toivec_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin tojvec{"tojvec", py::Dialect::ArcDsl, 1, 1, &tojvec_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin sfilter{"sfilter", py::Dialect::ArcDsl, 2, 2, &sfilter_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin mfilter{"mfilter", py::Dialect::ArcDsl, 2, 2, &mfilter_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin extract{"extract", py::Dialect::ArcDsl, 2, 2, &extract_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin totuple{"totuple", py::Dialect::ArcDsl, 1, 1, &totuple_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin first{"first", py::Dialect::ArcDsl, 1, 1, &first_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin last{"last", py::Dialect::ArcDsl, 1, 1, &last_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin insert{"insert", py::Dialect::ArcDsl, 2, 2, &insert_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin remove{"remove", py::Dialect::ArcDsl, 2, 2, &remove_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin other{"other", py::Dialect::ArcDsl, 2, 2, &other_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin interval{"interval", py::Dialect::ArcDsl, 3, 3, &interval_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin astuple{"astuple", py::Dialect::ArcDsl, 2, 2, &astuple_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin product{"product", py::Dialect::ArcDsl, 2, 2, &product_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin pair{"pair", py::Dialect::ArcDsl, 2, 2, &pair_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin branch{"branch", py::Dialect::ArcDsl, 3, 3, &branch_impl,
    py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::identity,
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
    &fn::sfilter,
    &fn::mfilter,
    &fn::extract,
    &fn::totuple,
    &fn::first,
    &fn::last,
    &fn::insert,
    &fn::remove,
    &fn::other,
    &fn::interval,
    &fn::astuple,
    &fn::product,
    &fn::pair,
    &fn::branch,
};
} // namespace

std::span<const py::Builtin* const> core_family() { return kFamily; }

} // namespace battgpu::dialects::arc_dsl
