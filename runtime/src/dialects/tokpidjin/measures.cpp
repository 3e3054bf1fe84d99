// tokpidjin dialect: the "measures" functions.
#include "measures.hpp"

#include "battgpu/py/py.hpp"
#include "unimplemented.hpp"

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Value;

// mostcolor_t(grid: 'Grid') -> 'Integer'
Value mostcolor_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mostcolor_f(obj: 'Object') -> 'Integer'
Value mostcolor_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// leastcolor_t(grid: 'Grid') -> 'Integer'
Value leastcolor_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// leastcolor_f(obj: 'Object') -> 'Integer'
Value leastcolor_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// height_t(piece: 'Tuple') -> 'Integer'
Value height_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// height_f(piece: 'Indices') -> 'Integer'
Value height_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// height_i(piece: 'Indices') -> 'Integer'
Value height_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// height_o(piece: 'Object') -> 'Integer'
Value height_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// width_t(piece: 'Tuple') -> 'Integer'
Value width_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// width_f(piece: 'Indices') -> 'Integer'
Value width_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// width_i(piece: 'Indices') -> 'Integer'
Value width_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// width_o(piece: 'Object') -> 'Integer'
Value width_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// col_row(patch: 'Patch', type: 'R4') -> 'Integer'
Value col_row_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// lowermost(patch: 'Patch') -> 'Integer'
Value lowermost_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// lowermost_i(indices: 'Indices') -> 'Integer'
Value lowermost_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// lowermost_o(obj: 'Object') -> 'Integer'
Value lowermost_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// uppermost(patch: 'Patch') -> 'Integer'
Value uppermost_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// uppermost_i(indices: 'Indices') -> 'Integer'
Value uppermost_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// uppermost_o(obj: 'Object') -> 'Integer'
Value uppermost_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// leftmost(patch: 'Patch') -> 'Integer'
Value leftmost_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// leftmost_i(indices: 'Indices') -> 'Integer'
Value leftmost_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// leftmost_o(obj: 'Object') -> 'Integer'
Value leftmost_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rightmost(patch: 'Patch') -> 'Integer'
Value rightmost_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rightmost_i(indices: 'Indices') -> 'Integer'
Value rightmost_i_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// rightmost_o(obj: 'Object') -> 'Integer'
Value rightmost_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// palette_t(element: 'Tuple') -> 'IntegerSet'
Value palette_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// palette_f(element: 'FrozenSet') -> 'IntegerSet'
Value palette_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// normalize_t(piece: 'Tuple') -> 'Tuple'
Value normalize_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// normalize(indices: 'Indices') -> 'Indices'
Value normalize_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

} // namespace

namespace fn {
constinit const py::Builtin mostcolor_t{"mostcolor_t", py::Dialect::Tokpidjin, 1, 1, &mostcolor_t_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin mostcolor_f{"mostcolor_f", py::Dialect::Tokpidjin, 1, 1, &mostcolor_f_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin leastcolor_t{"leastcolor_t", py::Dialect::Tokpidjin, 1, 1, &leastcolor_t_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin leastcolor_f{"leastcolor_f", py::Dialect::Tokpidjin, 1, 1, &leastcolor_f_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin height_t{"height_t", py::Dialect::Tokpidjin, 1, 1, &height_t_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin height_f{"height_f", py::Dialect::Tokpidjin, 1, 1, &height_f_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin height_i{"height_i", py::Dialect::Tokpidjin, 1, 1, &height_i_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin height_o{"height_o", py::Dialect::Tokpidjin, 1, 1, &height_o_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin width_t{"width_t", py::Dialect::Tokpidjin, 1, 1, &width_t_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin width_f{"width_f", py::Dialect::Tokpidjin, 1, 1, &width_f_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin width_i{"width_i", py::Dialect::Tokpidjin, 1, 1, &width_i_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin width_o{"width_o", py::Dialect::Tokpidjin, 1, 1, &width_o_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin col_row{"col_row", py::Dialect::Tokpidjin, 2, 2, &col_row_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin lowermost{"lowermost", py::Dialect::Tokpidjin, 1, 1, &lowermost_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin lowermost_i{"lowermost_i", py::Dialect::Tokpidjin, 1, 1, &lowermost_i_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin lowermost_o{"lowermost_o", py::Dialect::Tokpidjin, 1, 1, &lowermost_o_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin uppermost{"uppermost", py::Dialect::Tokpidjin, 1, 1, &uppermost_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin uppermost_i{"uppermost_i", py::Dialect::Tokpidjin, 1, 1, &uppermost_i_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin uppermost_o{"uppermost_o", py::Dialect::Tokpidjin, 1, 1, &uppermost_o_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin leftmost{"leftmost", py::Dialect::Tokpidjin, 1, 1, &leftmost_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin leftmost_i{"leftmost_i", py::Dialect::Tokpidjin, 1, 1, &leftmost_i_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin leftmost_o{"leftmost_o", py::Dialect::Tokpidjin, 1, 1, &leftmost_o_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin rightmost{"rightmost", py::Dialect::Tokpidjin, 1, 1, &rightmost_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin rightmost_i{"rightmost_i", py::Dialect::Tokpidjin, 1, 1, &rightmost_i_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin rightmost_o{"rightmost_o", py::Dialect::Tokpidjin, 1, 1, &rightmost_o_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin palette_t{"palette_t", py::Dialect::Tokpidjin, 1, 1, &palette_t_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin palette_f{"palette_f", py::Dialect::Tokpidjin, 1, 1, &palette_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin normalize_t{"normalize_t", py::Dialect::Tokpidjin, 1, 1, &normalize_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin normalize{"normalize", py::Dialect::Tokpidjin, 1, 1, &normalize_impl,
    py::SafeDefault::EmptyFrozenSet};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::mostcolor_t,
    &fn::mostcolor_f,
    &fn::leastcolor_t,
    &fn::leastcolor_f,
    &fn::height_t,
    &fn::height_f,
    &fn::height_i,
    &fn::height_o,
    &fn::width_t,
    &fn::width_f,
    &fn::width_i,
    &fn::width_o,
    &fn::col_row,
    &fn::lowermost,
    &fn::lowermost_i,
    &fn::lowermost_o,
    &fn::uppermost,
    &fn::uppermost_i,
    &fn::uppermost_o,
    &fn::leftmost,
    &fn::leftmost_i,
    &fn::leftmost_o,
    &fn::rightmost,
    &fn::rightmost_i,
    &fn::rightmost_o,
    &fn::palette_t,
    &fn::palette_f,
    &fn::normalize_t,
    &fn::normalize,
};
} // namespace

std::span<const py::Builtin* const> measures_family() { return kFamily; }

} // namespace battgpu::dialects::tokpidjin
