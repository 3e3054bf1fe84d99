// tokpidjin dialect: the "arithmetic" functions (declared for calls from other families).
#pragma once

#include "battgpu/py/objects.hpp"

#include <span>

namespace battgpu::dialects::tokpidjin {

namespace fn {
extern const py::Builtin add;
extern const py::Builtin subtract;
extern const py::Builtin multiply;
extern const py::Builtin divide;
extern const py::Builtin invert;
extern const py::Builtin even;
extern const py::Builtin double_;
extern const py::Builtin halve;
extern const py::Builtin flip;
extern const py::Builtin equality;
extern const py::Builtin contained;
extern const py::Builtin combine;
extern const py::Builtin intersection;
extern const py::Builtin difference;
extern const py::Builtin dedupe;
extern const py::Builtin order;
extern const py::Builtin repeat;
extern const py::Builtin greater;
extern const py::Builtin size;
extern const py::Builtin merge;
extern const py::Builtin merge_f;
extern const py::Builtin merge_t;
extern const py::Builtin maximum;
extern const py::Builtin minimum;
extern const py::Builtin valmax;
extern const py::Builtin valmin;
extern const py::Builtin argmax;
extern const py::Builtin argmin;
extern const py::Builtin mostcommon;
extern const py::Builtin leastcommon;
extern const py::Builtin initset;
extern const py::Builtin both;
extern const py::Builtin either;
extern const py::Builtin increment;
extern const py::Builtin decrement;
extern const py::Builtin crement;
extern const py::Builtin sign;
extern const py::Builtin positive;
extern const py::Builtin toivec;
extern const py::Builtin tojvec;
extern const py::Builtin extract;
extern const py::Builtin totuple;
extern const py::Builtin insert;
extern const py::Builtin other;
extern const py::Builtin interval;
extern const py::Builtin astuple;
extern const py::Builtin ascell;
extern const py::Builtin toij;
extern const py::Builtin astriple;
extern const py::Builtin product;
extern const py::Builtin pair;
extern const py::Builtin celltuple;
extern const py::Builtin branch;
extern const py::Builtin c_branch;
} // namespace fn

/// Every function of this family, for the module table.
std::span<const py::Builtin* const> arithmetic_family();

} // namespace battgpu::dialects::tokpidjin
