// arc_dsl dialect: the "higher_order" functions (declared for calls from other families).
#pragma once

#include "battgpu/py/objects.hpp"

#include <span>

namespace battgpu::dialects::arc_dsl {

namespace fn {
extern const py::Builtin compose;
extern const py::Builtin chain;
extern const py::Builtin matcher;
extern const py::Builtin rbind;
extern const py::Builtin lbind;
extern const py::Builtin power;
extern const py::Builtin fork;
extern const py::Builtin apply;
extern const py::Builtin rapply;
extern const py::Builtin mapply;
extern const py::Builtin papply;
extern const py::Builtin mpapply;
extern const py::Builtin prapply;
} // namespace fn

/// Every function of this family, for the module table.
std::span<const py::Builtin* const> higher_order_family();

/// The captured (function, fixed) of `f` when it is rbind's closure of one argument (what
/// rbind makes for a function of two parameters: `f(x)` is `function(x, fixed)`); nullptr for
/// any other value.
const py::Value* rbind1_captured(const py::Value& f);

} // namespace battgpu::dialects::arc_dsl
