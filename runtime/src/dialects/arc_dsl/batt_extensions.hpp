// arc-dsl dialect: the batt extensions (SPEC section 2), tokpidjin names that arc-dsl programs
// may use too: o_g, o_g_t, p_g, get_nth_t, get_nth_f, difference_tuple.
#pragma once

#include "battgpu/py/objects.hpp"

#include <span>

namespace battgpu::dialects::arc_dsl {

namespace fn {
extern const py::Builtin o_g;
extern const py::Builtin o_g_t;
extern const py::Builtin p_g;
extern const py::Builtin get_nth_t;
extern const py::Builtin get_nth_f;
extern const py::Builtin difference_tuple;
} // namespace fn

/// Every function of this family, for the module table.
std::span<const py::Builtin* const> batt_extensions_family();

} // namespace battgpu::dialects::arc_dsl
