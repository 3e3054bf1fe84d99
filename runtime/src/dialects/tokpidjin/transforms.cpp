// tokpidjin dialect: the "transforms" functions.
#include "transforms.hpp"

#include "battgpu/py/py.hpp"
#include "unimplemented.hpp"

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Value;

// rot90(grid: 'Grid') -> 'Grid'
Value rot90_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rot180(grid: 'Grid') -> 'Grid'
Value rot180_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rot270(grid: 'Grid') -> 'Grid'
Value rot270_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hmirror_t(grid: 'Grid') -> 'Grid'
Value hmirror_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hmirror_f(patch: 'Patch') -> 'Patch'
Value hmirror_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hmirror_i(indices: 'Indices') -> 'Indices'
Value hmirror_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hmirror_o(obj: 'Object') -> 'Object'
Value hmirror_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vmirror_t(grid: 'Grid') -> 'Grid'
Value vmirror_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vmirror_f(patch: 'Patch') -> 'Patch'
Value vmirror_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vmirror_i(indices: 'Indices') -> 'Indices'
Value vmirror_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vmirror_o(obj: 'Object') -> 'Object'
Value vmirror_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// dmirror_t(grid: 'Grid') -> 'Grid'
Value dmirror_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// dmirror_f(patch: 'Patch') -> 'Patch'
Value dmirror_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// dmirror_i(indices: 'Indices') -> 'Indices'
Value dmirror_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// dmirror_o(obj: 'Object') -> 'Object'
Value dmirror_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// cmirror_t(grid: 'Grid') -> 'Grid'
Value cmirror_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// cmirror_f(patch: 'Patch') -> 'Patch'
Value cmirror_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// cmirror_i(indices: 'Indices') -> 'Indices'
Value cmirror_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// cmirror_o(obj: 'Object') -> 'Object'
Value cmirror_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// fill(grid: 'Grid', color: 'C_', patch: 'Patch') -> 'Grid'
Value fill_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// paint(grid: 'Grid', obj: 'Object') -> 'Grid'
Value paint_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// underfill(grid: 'Grid', color: 'C_', patch: 'Patch') -> 'Grid'
Value underfill_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// underpaint(grid: 'Grid', obj: 'Object') -> 'Grid'
Value underpaint_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// hupscale(grid: 'Grid', factor: 'Integer') -> 'Grid'
Value hupscale_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// vupscale(grid: 'Grid', factor: 'Integer') -> 'Grid'
Value vupscale_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// upscale_t(grid: 'Grid', factor: 'Integer') -> 'Grid'
Value upscale_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// upscale_f(obj: 'Object', factor: 'Integer') -> 'Object'
Value upscale_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

} // namespace

namespace fn {
constinit const py::Builtin rot90{"rot90", py::Dialect::Tokpidjin, 1, 1, &rot90_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin rot180{"rot180", py::Dialect::Tokpidjin, 1, 1, &rot180_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin rot270{"rot270", py::Dialect::Tokpidjin, 1, 1, &rot270_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hmirror_t{"hmirror_t", py::Dialect::Tokpidjin, 1, 1, &hmirror_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hmirror_f{"hmirror_f", py::Dialect::Tokpidjin, 1, 1, &hmirror_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin hmirror_i{"hmirror_i", py::Dialect::Tokpidjin, 1, 1, &hmirror_i_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin hmirror_o{"hmirror_o", py::Dialect::Tokpidjin, 1, 1, &hmirror_o_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin vmirror_t{"vmirror_t", py::Dialect::Tokpidjin, 1, 1, &vmirror_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vmirror_f{"vmirror_f", py::Dialect::Tokpidjin, 1, 1, &vmirror_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin vmirror_i{"vmirror_i", py::Dialect::Tokpidjin, 1, 1, &vmirror_i_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin vmirror_o{"vmirror_o", py::Dialect::Tokpidjin, 1, 1, &vmirror_o_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin dmirror_t{"dmirror_t", py::Dialect::Tokpidjin, 1, 1, &dmirror_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin dmirror_f{"dmirror_f", py::Dialect::Tokpidjin, 1, 1, &dmirror_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin dmirror_i{"dmirror_i", py::Dialect::Tokpidjin, 1, 1, &dmirror_i_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin dmirror_o{"dmirror_o", py::Dialect::Tokpidjin, 1, 1, &dmirror_o_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin cmirror_t{"cmirror_t", py::Dialect::Tokpidjin, 1, 1, &cmirror_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin cmirror_f{"cmirror_f", py::Dialect::Tokpidjin, 1, 1, &cmirror_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin cmirror_i{"cmirror_i", py::Dialect::Tokpidjin, 1, 1, &cmirror_i_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin cmirror_o{"cmirror_o", py::Dialect::Tokpidjin, 1, 1, &cmirror_o_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin fill{"fill", py::Dialect::Tokpidjin, 3, 3, &fill_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin paint{"paint", py::Dialect::Tokpidjin, 2, 2, &paint_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin underfill{"underfill", py::Dialect::Tokpidjin, 3, 3, &underfill_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin underpaint{"underpaint", py::Dialect::Tokpidjin, 2, 2, &underpaint_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin hupscale{"hupscale", py::Dialect::Tokpidjin, 2, 2, &hupscale_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin vupscale{"vupscale", py::Dialect::Tokpidjin, 2, 2, &vupscale_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin upscale_t{"upscale_t", py::Dialect::Tokpidjin, 2, 2, &upscale_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin upscale_f{"upscale_f", py::Dialect::Tokpidjin, 2, 2, &upscale_f_impl,
    py::SafeDefault::EmptyFrozenSet};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::rot90,
    &fn::rot180,
    &fn::rot270,
    &fn::hmirror_t,
    &fn::hmirror_f,
    &fn::hmirror_i,
    &fn::hmirror_o,
    &fn::vmirror_t,
    &fn::vmirror_f,
    &fn::vmirror_i,
    &fn::vmirror_o,
    &fn::dmirror_t,
    &fn::dmirror_f,
    &fn::dmirror_i,
    &fn::dmirror_o,
    &fn::cmirror_t,
    &fn::cmirror_f,
    &fn::cmirror_i,
    &fn::cmirror_o,
    &fn::fill,
    &fn::paint,
    &fn::underfill,
    &fn::underpaint,
    &fn::hupscale,
    &fn::vupscale,
    &fn::upscale_t,
    &fn::upscale_f,
};
} // namespace

std::span<const py::Builtin* const> transforms_family() { return kFamily; }

} // namespace battgpu::dialects::tokpidjin
