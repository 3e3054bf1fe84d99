// tokpidjin dialect: the "patches" functions.
#include "patches.hpp"

#include "battgpu/py/py.hpp"
#include "unimplemented.hpp"

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Value;

// toindices(patch: 'Patch') -> 'Indices'
Value toindices_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// toindices_i(indices: 'Indices') -> 'Indices'
Value toindices_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// toindices_o(obj: 'Object') -> 'Indices'
Value toindices_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// shape_t(grid: 'Grid') -> 'IJ'
Value shape_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// shape_f(patch: 'Patch') -> 'IJ'
Value shape_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// portrait_t(grid: 'Grid') -> 'Boolean'
Value portrait_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// portrait_f(patch: 'Patch') -> 'Boolean'
Value portrait_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// colorcount_t(grid: 'Grid', color: 'C_') -> 'Integer'
Value colorcount_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// colorcount_f(obj: 'Object', color: 'C_') -> 'Integer'
Value colorcount_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// colorfilter(objs: 'Objects', color: 'C_') -> 'Objects'
Value colorfilter_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// colorfilter_t(objs: 'TTT_iii', color: 'Integer') -> 'TTT_iii'
Value colorfilter_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// sizefilter(container: 'Container', n: 'Integer') -> 'Object'
Value sizefilter_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// sizefilter_t(container: 'Tuple', n: 'Integer') -> 'Tuple'
Value sizefilter_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// asindices(grid: 'Grid') -> 'Indices'
Value asindices_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// f_ofcolor(grid: 'Grid', color: 'C_') -> 'Indices'
Value f_ofcolor_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// corner(patch: 'Patch', type: 'R4') -> 'IJ'
Value corner_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// ulcorner(patch: 'Patch') -> 'IJ'
Value ulcorner_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// ulcorner_i(indices: 'Indices') -> 'IJ'
Value ulcorner_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// ulcorner_o(obj: 'Object') -> 'IJ'
Value ulcorner_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// urcorner(patch: 'Patch') -> 'IJ'
Value urcorner_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// urcorner_i(indices: 'Indices') -> 'IJ'
Value urcorner_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// urcorner_o(obj: 'Object') -> 'IJ'
Value urcorner_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// llcorner(patch: 'Patch') -> 'IJ'
Value llcorner_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// llcorner_i(indices: 'Indices') -> 'IJ'
Value llcorner_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// llcorner_o(obj: 'Object') -> 'IJ'
Value llcorner_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// lrcorner(patch: 'Patch') -> 'IJ'
Value lrcorner_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// lrcorner_i(indices: 'Indices') -> 'IJ'
Value lrcorner_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// lrcorner_o(obj: 'Object') -> 'IJ'
Value lrcorner_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// crop(grid: 'Grid', start: 'IJ', dims: 'IJ') -> 'Grid'
Value crop_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// recolor_i(color: 'C_', indices: 'Indices') -> 'Object'
Value recolor_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// recolor_o(color: 'C_', obj: 'Object') -> 'Object'
Value recolor_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// shift(patch: 'Patch', directions: 'IJ') -> 'Patch'
Value shift_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// normalize_i(indices: 'Indices') -> 'Indices'
Value normalize_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// normalize_o(obj: 'Object') -> 'Object'
Value normalize_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// dneighbors(loc: 'IJ') -> 'Indices'
Value dneighbors_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// ineighbors(loc: 'IJ') -> 'Indices'
Value ineighbors_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// neighbors(loc: 'IJ') -> 'Indices'
Value neighbors_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

} // namespace

namespace fn {
constinit const py::Builtin toindices{"toindices", py::Dialect::Tokpidjin, 1, 1, &toindices_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin toindices_i{"toindices_i", py::Dialect::Tokpidjin, 1, 1, &toindices_i_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin toindices_o{"toindices_o", py::Dialect::Tokpidjin, 1, 1, &toindices_o_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin shape_t{"shape_t", py::Dialect::Tokpidjin, 1, 1, &shape_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin shape_f{"shape_f", py::Dialect::Tokpidjin, 1, 1, &shape_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin portrait_t{"portrait_t", py::Dialect::Tokpidjin, 1, 1, &portrait_t_impl,
    py::SafeDefault::False};
constinit const py::Builtin portrait_f{"portrait_f", py::Dialect::Tokpidjin, 1, 1, &portrait_f_impl,
    py::SafeDefault::False};
constinit const py::Builtin colorcount_t{"colorcount_t", py::Dialect::Tokpidjin, 2, 2, &colorcount_t_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin colorcount_f{"colorcount_f", py::Dialect::Tokpidjin, 2, 2, &colorcount_f_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin colorfilter{"colorfilter", py::Dialect::Tokpidjin, 2, 2, &colorfilter_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin colorfilter_t{"colorfilter_t", py::Dialect::Tokpidjin, 2, 2, &colorfilter_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin sizefilter{"sizefilter", py::Dialect::Tokpidjin, 2, 2, &sizefilter_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin sizefilter_t{"sizefilter_t", py::Dialect::Tokpidjin, 2, 2, &sizefilter_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin asindices{"asindices", py::Dialect::Tokpidjin, 1, 1, &asindices_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin f_ofcolor{"f_ofcolor", py::Dialect::Tokpidjin, 2, 2, &f_ofcolor_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin corner{"corner", py::Dialect::Tokpidjin, 2, 2, &corner_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin ulcorner{"ulcorner", py::Dialect::Tokpidjin, 1, 1, &ulcorner_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin ulcorner_i{"ulcorner_i", py::Dialect::Tokpidjin, 1, 1, &ulcorner_i_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin ulcorner_o{"ulcorner_o", py::Dialect::Tokpidjin, 1, 1, &ulcorner_o_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin urcorner{"urcorner", py::Dialect::Tokpidjin, 1, 1, &urcorner_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin urcorner_i{"urcorner_i", py::Dialect::Tokpidjin, 1, 1, &urcorner_i_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin urcorner_o{"urcorner_o", py::Dialect::Tokpidjin, 1, 1, &urcorner_o_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin llcorner{"llcorner", py::Dialect::Tokpidjin, 1, 1, &llcorner_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin llcorner_i{"llcorner_i", py::Dialect::Tokpidjin, 1, 1, &llcorner_i_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin llcorner_o{"llcorner_o", py::Dialect::Tokpidjin, 1, 1, &llcorner_o_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin lrcorner{"lrcorner", py::Dialect::Tokpidjin, 1, 1, &lrcorner_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin lrcorner_i{"lrcorner_i", py::Dialect::Tokpidjin, 1, 1, &lrcorner_i_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin lrcorner_o{"lrcorner_o", py::Dialect::Tokpidjin, 1, 1, &lrcorner_o_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin crop{"crop", py::Dialect::Tokpidjin, 3, 3, &crop_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin recolor_i{"recolor_i", py::Dialect::Tokpidjin, 2, 2, &recolor_i_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin recolor_o{"recolor_o", py::Dialect::Tokpidjin, 2, 2, &recolor_o_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin shift{"shift", py::Dialect::Tokpidjin, 2, 2, &shift_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin normalize_i{"normalize_i", py::Dialect::Tokpidjin, 1, 1, &normalize_i_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin normalize_o{"normalize_o", py::Dialect::Tokpidjin, 1, 1, &normalize_o_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin dneighbors{"dneighbors", py::Dialect::Tokpidjin, 1, 1, &dneighbors_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin ineighbors{"ineighbors", py::Dialect::Tokpidjin, 1, 1, &ineighbors_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin neighbors{"neighbors", py::Dialect::Tokpidjin, 1, 1, &neighbors_impl,
    py::SafeDefault::EmptyFrozenSet};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::toindices,
    &fn::toindices_i,
    &fn::toindices_o,
    &fn::shape_t,
    &fn::shape_f,
    &fn::portrait_t,
    &fn::portrait_f,
    &fn::colorcount_t,
    &fn::colorcount_f,
    &fn::colorfilter,
    &fn::colorfilter_t,
    &fn::sizefilter,
    &fn::sizefilter_t,
    &fn::asindices,
    &fn::f_ofcolor,
    &fn::corner,
    &fn::ulcorner,
    &fn::ulcorner_i,
    &fn::ulcorner_o,
    &fn::urcorner,
    &fn::urcorner_i,
    &fn::urcorner_o,
    &fn::llcorner,
    &fn::llcorner_i,
    &fn::llcorner_o,
    &fn::lrcorner,
    &fn::lrcorner_i,
    &fn::lrcorner_o,
    &fn::crop,
    &fn::recolor_i,
    &fn::recolor_o,
    &fn::shift,
    &fn::normalize_i,
    &fn::normalize_o,
    &fn::dneighbors,
    &fn::ineighbors,
    &fn::neighbors,
};
} // namespace

std::span<const py::Builtin* const> patches_family() { return kFamily; }

} // namespace battgpu::dialects::tokpidjin
