// tokpidjin dialect: the "higher_order" functions (declared for calls from other families).
#pragma once

#include "battgpu/py/objects.hpp"

#include <span>

namespace battgpu::dialects::tokpidjin {

namespace fn {
extern const py::Builtin compose;
extern const py::Builtin chain;
extern const py::Builtin matcher;
extern const py::Builtin rbind;
extern const py::Builtin lbind;
extern const py::Builtin power;
extern const py::Builtin fork;
extern const py::Builtin combine_t;
extern const py::Builtin combine_f;
extern const py::Builtin size_t_;
extern const py::Builtin size_f;
extern const py::Builtin valmax_t;
extern const py::Builtin valmax_f;
extern const py::Builtin valmin_t;
extern const py::Builtin valmin_f;
extern const py::Builtin argmax_t;
extern const py::Builtin argmax_f;
extern const py::Builtin argmin_t;
extern const py::Builtin argmin_f;
extern const py::Builtin mostcommon_t;
extern const py::Builtin mostcommon_f;
extern const py::Builtin leastcommon_t;
extern const py::Builtin leastcommon_f;
extern const py::Builtin sfilter;
extern const py::Builtin sfilter_t;
extern const py::Builtin sfilter_f;
extern const py::Builtin mfilter;
extern const py::Builtin mfilter_t;
extern const py::Builtin mfilter_f;
extern const py::Builtin first_t;
extern const py::Builtin first_f;
extern const py::Builtin last;
extern const py::Builtin last_t;
extern const py::Builtin last_f;
extern const py::Builtin remove;
extern const py::Builtin remove_t;
extern const py::Builtin remove_f;
extern const py::Builtin other_t;
extern const py::Builtin other_f;
extern const py::Builtin apply;
extern const py::Builtin apply_t;
extern const py::Builtin apply_f;
extern const py::Builtin rapply;
extern const py::Builtin rapply_t;
extern const py::Builtin rapply_f;
extern const py::Builtin mapply;
extern const py::Builtin mapply_t;
extern const py::Builtin mapply_f;
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

} // namespace battgpu::dialects::tokpidjin
