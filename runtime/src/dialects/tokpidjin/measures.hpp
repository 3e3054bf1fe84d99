// tokpidjin dialect: the "measures" functions (declared for calls from other families).
#pragma once

#include "battgpu/py/objects.hpp"

#include <span>

namespace battgpu::dialects::tokpidjin {

namespace fn {
extern const py::Builtin mostcolor_t;
extern const py::Builtin mostcolor_f;
extern const py::Builtin leastcolor_t;
extern const py::Builtin leastcolor_f;
extern const py::Builtin height_t;
extern const py::Builtin height_f;
extern const py::Builtin height_i;
extern const py::Builtin height_o;
extern const py::Builtin width_t;
extern const py::Builtin width_f;
extern const py::Builtin width_i;
extern const py::Builtin width_o;
extern const py::Builtin col_row;
extern const py::Builtin lowermost;
extern const py::Builtin lowermost_i;
extern const py::Builtin lowermost_o;
extern const py::Builtin uppermost;
extern const py::Builtin uppermost_i;
extern const py::Builtin uppermost_o;
extern const py::Builtin leftmost;
extern const py::Builtin leftmost_i;
extern const py::Builtin leftmost_o;
extern const py::Builtin rightmost;
extern const py::Builtin rightmost_i;
extern const py::Builtin rightmost_o;
extern const py::Builtin palette_t;
extern const py::Builtin palette_f;
extern const py::Builtin normalize_t;
extern const py::Builtin normalize;
} // namespace fn

/// Every function of this family, for the module table.
std::span<const py::Builtin* const> measures_family();

} // namespace battgpu::dialects::tokpidjin
