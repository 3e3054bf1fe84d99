// arc_dsl dialect: the "patches" functions (declared for calls from other families).
#pragma once

#include "battgpu/py/objects.hpp"

#include <span>

namespace battgpu::dialects::arc_dsl {

namespace fn {
extern const py::Builtin mostcolor;
extern const py::Builtin leastcolor;
extern const py::Builtin height;
extern const py::Builtin width;
extern const py::Builtin shape;
extern const py::Builtin portrait;
extern const py::Builtin colorcount;
extern const py::Builtin colorfilter;
extern const py::Builtin sizefilter;
extern const py::Builtin asindices;
extern const py::Builtin ofcolor;
extern const py::Builtin ulcorner;
extern const py::Builtin urcorner;
extern const py::Builtin llcorner;
extern const py::Builtin lrcorner;
extern const py::Builtin crop;
extern const py::Builtin toindices;
extern const py::Builtin recolor;
extern const py::Builtin shift;
extern const py::Builtin normalize;
extern const py::Builtin dneighbors;
extern const py::Builtin ineighbors;
extern const py::Builtin neighbors;
extern const py::Builtin objects;
extern const py::Builtin partition;
extern const py::Builtin fgpartition;
extern const py::Builtin uppermost;
extern const py::Builtin lowermost;
extern const py::Builtin leftmost;
extern const py::Builtin rightmost;
extern const py::Builtin square;
extern const py::Builtin vline;
extern const py::Builtin hline;
extern const py::Builtin hmatching;
extern const py::Builtin vmatching;
extern const py::Builtin manhattan;
extern const py::Builtin adjacent;
extern const py::Builtin bordering;
extern const py::Builtin centerofmass;
extern const py::Builtin palette;
extern const py::Builtin numcolors;
extern const py::Builtin color;
extern const py::Builtin toobject;
extern const py::Builtin asobject;
} // namespace fn

/// Every function of this family, for the module table.
std::span<const py::Builtin* const> patches_family();

} // namespace battgpu::dialects::arc_dsl
