// tokpidjin dialect: the "objects" functions (declared for calls from other families).
#pragma once

#include "battgpu/py/objects.hpp"

#include <span>

namespace battgpu::dialects::tokpidjin {

namespace fn {
extern const py::Builtin objects;
extern const py::Builtin objects_g;
extern const py::Builtin objects_t;
extern const py::Builtin partition;
extern const py::Builtin fgpartition;
extern const py::Builtin square_t;
extern const py::Builtin square_f;
extern const py::Builtin vline_i;
extern const py::Builtin vline_o;
extern const py::Builtin hline_i;
extern const py::Builtin hline_o;
extern const py::Builtin hmatching;
extern const py::Builtin vmatching;
extern const py::Builtin manhattan;
extern const py::Builtin adjacent;
extern const py::Builtin bordering;
extern const py::Builtin centerofmass;
extern const py::Builtin numcolors_t;
extern const py::Builtin numcolors_f;
extern const py::Builtin color;
extern const py::Builtin toobject;
extern const py::Builtin is_no_grid;
extern const py::Builtin asobject;
} // namespace fn

/// Every function of this family, for the module table.
std::span<const py::Builtin* const> objects_family();

} // namespace battgpu::dialects::tokpidjin
