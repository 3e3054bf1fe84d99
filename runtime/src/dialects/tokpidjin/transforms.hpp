// tokpidjin dialect: the "transforms" functions (declared for calls from other families).
#pragma once

#include "battgpu/py/objects.hpp"

#include <span>

namespace battgpu::dialects::tokpidjin {

namespace fn {
extern const py::Builtin rot90;
extern const py::Builtin rot180;
extern const py::Builtin rot270;
extern const py::Builtin hmirror_t;
extern const py::Builtin hmirror_f;
extern const py::Builtin hmirror_i;
extern const py::Builtin hmirror_o;
extern const py::Builtin vmirror_t;
extern const py::Builtin vmirror_f;
extern const py::Builtin vmirror_i;
extern const py::Builtin vmirror_o;
extern const py::Builtin dmirror_t;
extern const py::Builtin dmirror_f;
extern const py::Builtin dmirror_i;
extern const py::Builtin dmirror_o;
extern const py::Builtin cmirror_t;
extern const py::Builtin cmirror_f;
extern const py::Builtin cmirror_i;
extern const py::Builtin cmirror_o;
extern const py::Builtin fill;
extern const py::Builtin paint;
extern const py::Builtin underfill;
extern const py::Builtin underpaint;
extern const py::Builtin hupscale;
extern const py::Builtin vupscale;
extern const py::Builtin upscale_t;
extern const py::Builtin upscale_f;
} // namespace fn

/// Every function of this family, for the module table.
std::span<const py::Builtin* const> transforms_family();

} // namespace battgpu::dialects::tokpidjin
