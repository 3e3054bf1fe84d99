// arc_dsl dialect: the "patches" functions.
#include "patches.hpp"

#include "battgpu/py/py.hpp"
#include "unimplemented.hpp"

namespace battgpu::dialects::arc_dsl {
namespace {

using py::Value;

// mostcolor(element: Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]]) -> int
Value mostcolor_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// leastcolor(element: Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]]) -> int
Value leastcolor_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// height(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> int
Value height_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// width(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> int
Value width_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// shape(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[int, int]
Value shape_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// portrait(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> bool
Value portrait_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// colorcount(element: Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]], value: int) -> int
Value colorcount_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// colorfilter(objs: FrozenSet[FrozenSet[Tuple[int, Tuple[int, int]]]], value: int) -> FrozenSet[FrozenSet[Tuple[int, Tuple[int, int]]]]
Value colorfilter_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// sizefilter(container: Container, n: int) -> FrozenSet
Value sizefilter_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// asindices(grid: Tuple[Tuple[int]]) -> FrozenSet[Tuple[int, int]]
Value asindices_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// ofcolor(grid: Tuple[Tuple[int]], value: int) -> FrozenSet[Tuple[int, int]]
Value ofcolor_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// ulcorner(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[int, int]
Value ulcorner_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// urcorner(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[int, int]
Value urcorner_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// llcorner(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[int, int]
Value llcorner_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// lrcorner(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[int, int]
Value lrcorner_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// crop(grid: Tuple[Tuple[int]], start: Tuple[int, int], dims: Tuple[int, int]) -> Tuple[Tuple[int]]
Value crop_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// toindices(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> FrozenSet[Tuple[int, int]]
Value toindices_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// recolor(value: int, patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> FrozenSet[Tuple[int, Tuple[int, int]]]
Value recolor_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// shift(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], directions: Tuple[int, int]) -> Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]
Value shift_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// normalize(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]
Value normalize_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// dneighbors(loc: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value dneighbors_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// ineighbors(loc: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value ineighbors_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// neighbors(loc: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value neighbors_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// objects(grid: Tuple[Tuple[int]], univalued: bool, diagonal: bool, without_bg: bool) -> FrozenSet[FrozenSet[Tuple[int, Tuple[int, int]]]]
Value objects_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// partition(grid: Tuple[Tuple[int]]) -> FrozenSet[FrozenSet[Tuple[int, Tuple[int, int]]]]
Value partition_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// fgpartition(grid: Tuple[Tuple[int]]) -> FrozenSet[FrozenSet[Tuple[int, Tuple[int, int]]]]
Value fgpartition_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// uppermost(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> int
Value uppermost_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// lowermost(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> int
Value lowermost_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// leftmost(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> int
Value leftmost_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rightmost(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> int
Value rightmost_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// square(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> bool
Value square_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vline(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> bool
Value vline_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hline(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> bool
Value hline_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hmatching(a: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], b: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> bool
Value hmatching_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vmatching(a: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], b: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> bool
Value vmatching_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// manhattan(a: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], b: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> int
Value manhattan_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// adjacent(a: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], b: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> bool
Value adjacent_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// bordering(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], grid: Tuple[Tuple[int]]) -> bool
Value bordering_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// centerofmass(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> Tuple[int, int]
Value centerofmass_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// palette(element: Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]]) -> FrozenSet[int]
Value palette_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// numcolors(element: Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]]) -> FrozenSet[int]
Value numcolors_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// color(obj: FrozenSet[Tuple[int, Tuple[int, int]]]) -> int
Value color_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// toobject(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], grid: Tuple[Tuple[int]]) -> FrozenSet[Tuple[int, Tuple[int, int]]]
Value toobject_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// asobject(grid: Tuple[Tuple[int]]) -> FrozenSet[Tuple[int, Tuple[int, int]]]
Value asobject_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

} // namespace

namespace fn {
constinit const py::Builtin mostcolor{"mostcolor", py::Dialect::ArcDsl, 1, 1, &mostcolor_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin leastcolor{"leastcolor", py::Dialect::ArcDsl, 1, 1, &leastcolor_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin height{"height", py::Dialect::ArcDsl, 1, 1, &height_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin width{"width", py::Dialect::ArcDsl, 1, 1, &width_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin shape{"shape", py::Dialect::ArcDsl, 1, 1, &shape_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin portrait{"portrait", py::Dialect::ArcDsl, 1, 1, &portrait_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin colorcount{"colorcount", py::Dialect::ArcDsl, 2, 2, &colorcount_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin colorfilter{"colorfilter", py::Dialect::ArcDsl, 2, 2, &colorfilter_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin sizefilter{"sizefilter", py::Dialect::ArcDsl, 2, 2, &sizefilter_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin asindices{"asindices", py::Dialect::ArcDsl, 1, 1, &asindices_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin ofcolor{"ofcolor", py::Dialect::ArcDsl, 2, 2, &ofcolor_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin ulcorner{"ulcorner", py::Dialect::ArcDsl, 1, 1, &ulcorner_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin urcorner{"urcorner", py::Dialect::ArcDsl, 1, 1, &urcorner_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin llcorner{"llcorner", py::Dialect::ArcDsl, 1, 1, &llcorner_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin lrcorner{"lrcorner", py::Dialect::ArcDsl, 1, 1, &lrcorner_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin crop{"crop", py::Dialect::ArcDsl, 3, 3, &crop_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin toindices{"toindices", py::Dialect::ArcDsl, 1, 1, &toindices_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin recolor{"recolor", py::Dialect::ArcDsl, 2, 2, &recolor_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin shift{"shift", py::Dialect::ArcDsl, 2, 2, &shift_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin normalize{"normalize", py::Dialect::ArcDsl, 1, 1, &normalize_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin dneighbors{"dneighbors", py::Dialect::ArcDsl, 1, 1, &dneighbors_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin ineighbors{"ineighbors", py::Dialect::ArcDsl, 1, 1, &ineighbors_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin neighbors{"neighbors", py::Dialect::ArcDsl, 1, 1, &neighbors_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin objects{"objects", py::Dialect::ArcDsl, 4, 4, &objects_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin partition{"partition", py::Dialect::ArcDsl, 1, 1, &partition_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin fgpartition{"fgpartition", py::Dialect::ArcDsl, 1, 1, &fgpartition_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin uppermost{"uppermost", py::Dialect::ArcDsl, 1, 1, &uppermost_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin lowermost{"lowermost", py::Dialect::ArcDsl, 1, 1, &lowermost_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin leftmost{"leftmost", py::Dialect::ArcDsl, 1, 1, &leftmost_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin rightmost{"rightmost", py::Dialect::ArcDsl, 1, 1, &rightmost_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin square{"square", py::Dialect::ArcDsl, 1, 1, &square_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vline{"vline", py::Dialect::ArcDsl, 1, 1, &vline_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hline{"hline", py::Dialect::ArcDsl, 1, 1, &hline_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hmatching{"hmatching", py::Dialect::ArcDsl, 2, 2, &hmatching_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vmatching{"vmatching", py::Dialect::ArcDsl, 2, 2, &vmatching_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin manhattan{"manhattan", py::Dialect::ArcDsl, 2, 2, &manhattan_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin adjacent{"adjacent", py::Dialect::ArcDsl, 2, 2, &adjacent_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin bordering{"bordering", py::Dialect::ArcDsl, 2, 2, &bordering_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin centerofmass{"centerofmass", py::Dialect::ArcDsl, 1, 1, &centerofmass_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin palette{"palette", py::Dialect::ArcDsl, 1, 1, &palette_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin numcolors{"numcolors", py::Dialect::ArcDsl, 1, 1, &numcolors_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin color{"color", py::Dialect::ArcDsl, 1, 1, &color_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin toobject{"toobject", py::Dialect::ArcDsl, 2, 2, &toobject_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin asobject{"asobject", py::Dialect::ArcDsl, 1, 1, &asobject_impl,
    py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::mostcolor,
    &fn::leastcolor,
    &fn::height,
    &fn::width,
    &fn::shape,
    &fn::portrait,
    &fn::colorcount,
    &fn::colorfilter,
    &fn::sizefilter,
    &fn::asindices,
    &fn::ofcolor,
    &fn::ulcorner,
    &fn::urcorner,
    &fn::llcorner,
    &fn::lrcorner,
    &fn::crop,
    &fn::toindices,
    &fn::recolor,
    &fn::shift,
    &fn::normalize,
    &fn::dneighbors,
    &fn::ineighbors,
    &fn::neighbors,
    &fn::objects,
    &fn::partition,
    &fn::fgpartition,
    &fn::uppermost,
    &fn::lowermost,
    &fn::leftmost,
    &fn::rightmost,
    &fn::square,
    &fn::vline,
    &fn::hline,
    &fn::hmatching,
    &fn::vmatching,
    &fn::manhattan,
    &fn::adjacent,
    &fn::bordering,
    &fn::centerofmass,
    &fn::palette,
    &fn::numcolors,
    &fn::color,
    &fn::toobject,
    &fn::asobject,
};
} // namespace

std::span<const py::Builtin* const> patches_family() { return kFamily; }

} // namespace battgpu::dialects::arc_dsl
