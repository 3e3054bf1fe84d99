// tokpidjin dialect: the "objects" functions.
#include "objects.hpp"

#include "battgpu/py/py.hpp"
#include "unimplemented.hpp"

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Value;

// objects(grid: 'Grid', univalued: 'Boolean', diagonal: 'Boolean', without_bg: 'Boolean') -> 'Objects'
Value objects_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// objects_t(grid: 'Grid', univalued: 'Boolean', diagonal: 'Boolean', without_bg: 'Boolean') -> 'TTT_iii'
Value objects_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// partition(grid: 'Grid') -> 'Objects'
Value partition_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// fgpartition(grid: 'Grid') -> 'Objects'
Value fgpartition_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// square_t(grid: 'Grid') -> 'Boolean'
Value square_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// square_f(patch: 'Patch') -> 'Boolean'
Value square_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vline_i(patch: 'Indices') -> 'Boolean'
Value vline_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vline_o(patch: 'Object') -> 'Boolean'
Value vline_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hline_i(patch: 'Indices') -> 'Boolean'
Value hline_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hline_o(patch: 'Object') -> 'Boolean'
Value hline_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hmatching(a: 'Patch', b: 'Patch') -> 'Boolean'
Value hmatching_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vmatching(a: 'Patch', b: 'Patch') -> 'Boolean'
Value vmatching_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// manhattan(a: 'Patch', b: 'Patch') -> 'Integer'
Value manhattan_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// adjacent(a: 'Patch', b: 'Patch') -> 'Boolean'
Value adjacent_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// bordering(patch: 'Patch', grid: 'Grid') -> 'Boolean'
Value bordering_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// centerofmass(patch: 'Patch') -> 'IJ'
Value centerofmass_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// numcolors_t(grid: 'Grid') -> 'Integer'
Value numcolors_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// numcolors_f(obj: 'Object') -> 'Integer'
Value numcolors_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// color(obj: 'Object') -> 'Integer'
Value color_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// toobject(patch: 'Patch', grid: 'Grid') -> 'Object'
Value toobject_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// is_no_grid(x)
Value is_no_grid_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// asobject(grid: 'Grid') -> 'Object'
Value asobject_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

} // namespace

namespace fn {
constinit const py::Builtin objects{"objects", py::Dialect::Tokpidjin, 4, 4, &objects_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin objects_g{"objects_t", py::Dialect::Tokpidjin, 4, 4, &objects_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin objects_t{"objects_t", py::Dialect::Tokpidjin, 4, 4, &objects_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin partition{"partition", py::Dialect::Tokpidjin, 1, 1, &partition_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin fgpartition{"fgpartition", py::Dialect::Tokpidjin, 1, 1, &fgpartition_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin square_t{"square_t", py::Dialect::Tokpidjin, 1, 1, &square_t_impl,
    py::SafeDefault::False};
constinit const py::Builtin square_f{"square_f", py::Dialect::Tokpidjin, 1, 1, &square_f_impl,
    py::SafeDefault::False};
constinit const py::Builtin vline_i{"vline_i", py::Dialect::Tokpidjin, 1, 1, &vline_i_impl,
    py::SafeDefault::False};
constinit const py::Builtin vline_o{"vline_o", py::Dialect::Tokpidjin, 1, 1, &vline_o_impl,
    py::SafeDefault::False};
constinit const py::Builtin hline_i{"hline_i", py::Dialect::Tokpidjin, 1, 1, &hline_i_impl,
    py::SafeDefault::False};
constinit const py::Builtin hline_o{"hline_o", py::Dialect::Tokpidjin, 1, 1, &hline_o_impl,
    py::SafeDefault::False};
constinit const py::Builtin hmatching{"hmatching", py::Dialect::Tokpidjin, 2, 2, &hmatching_impl,
    py::SafeDefault::False};
constinit const py::Builtin vmatching{"vmatching", py::Dialect::Tokpidjin, 2, 2, &vmatching_impl,
    py::SafeDefault::False};
constinit const py::Builtin manhattan{"manhattan", py::Dialect::Tokpidjin, 2, 2, &manhattan_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin adjacent{"adjacent", py::Dialect::Tokpidjin, 2, 2, &adjacent_impl,
    py::SafeDefault::False};
constinit const py::Builtin bordering{"bordering", py::Dialect::Tokpidjin, 2, 2, &bordering_impl,
    py::SafeDefault::False};
constinit const py::Builtin centerofmass{"centerofmass", py::Dialect::Tokpidjin, 1, 1, &centerofmass_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin numcolors_t{"numcolors_t", py::Dialect::Tokpidjin, 1, 1, &numcolors_t_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin numcolors_f{"numcolors_f", py::Dialect::Tokpidjin, 1, 1, &numcolors_f_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin color{"color", py::Dialect::Tokpidjin, 1, 1, &color_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin toobject{"toobject", py::Dialect::Tokpidjin, 2, 2, &toobject_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin is_no_grid{"is_no_grid", py::Dialect::Tokpidjin, 1, 1, &is_no_grid_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin asobject{"asobject", py::Dialect::Tokpidjin, 1, 1, &asobject_impl,
    py::SafeDefault::EmptyFrozenSet};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::objects,
    &fn::objects_g,
    &fn::objects_t,
    &fn::partition,
    &fn::fgpartition,
    &fn::square_t,
    &fn::square_f,
    &fn::vline_i,
    &fn::vline_o,
    &fn::hline_i,
    &fn::hline_o,
    &fn::hmatching,
    &fn::vmatching,
    &fn::manhattan,
    &fn::adjacent,
    &fn::bordering,
    &fn::centerofmass,
    &fn::numcolors_t,
    &fn::numcolors_f,
    &fn::color,
    &fn::toobject,
    &fn::is_no_grid,
    &fn::asobject,
};
} // namespace

std::span<const py::Builtin* const> objects_family() { return kFamily; }

} // namespace battgpu::dialects::tokpidjin
