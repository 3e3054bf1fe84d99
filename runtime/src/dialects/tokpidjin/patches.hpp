// tokpidjin dialect: the "patches" functions (declared for calls from other families).
#pragma once

#include "battgpu/py/objects.hpp"

#include <span>

namespace battgpu::dialects::tokpidjin {

namespace fn {
extern const py::Builtin toindices;
extern const py::Builtin toindices_i;
extern const py::Builtin toindices_o;
extern const py::Builtin shape_t;
extern const py::Builtin shape_f;
extern const py::Builtin portrait_t;
extern const py::Builtin portrait_f;
extern const py::Builtin colorcount_t;
extern const py::Builtin colorcount_f;
extern const py::Builtin colorfilter;
extern const py::Builtin colorfilter_t;
extern const py::Builtin sizefilter;
extern const py::Builtin sizefilter_t;
extern const py::Builtin asindices;
extern const py::Builtin f_ofcolor;
extern const py::Builtin corner;
extern const py::Builtin ulcorner;
extern const py::Builtin ulcorner_i;
extern const py::Builtin ulcorner_o;
extern const py::Builtin urcorner;
extern const py::Builtin urcorner_i;
extern const py::Builtin urcorner_o;
extern const py::Builtin llcorner;
extern const py::Builtin llcorner_i;
extern const py::Builtin llcorner_o;
extern const py::Builtin lrcorner;
extern const py::Builtin lrcorner_i;
extern const py::Builtin lrcorner_o;
extern const py::Builtin crop;
extern const py::Builtin recolor_i;
extern const py::Builtin recolor_o;
extern const py::Builtin shift;
extern const py::Builtin normalize_i;
extern const py::Builtin normalize_o;
extern const py::Builtin dneighbors;
extern const py::Builtin ineighbors;
extern const py::Builtin neighbors;
} // namespace fn

/// Every function of this family, for the module table.
std::span<const py::Builtin* const> patches_family();

} // namespace battgpu::dialects::tokpidjin
