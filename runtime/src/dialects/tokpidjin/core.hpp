// tokpidjin dialect: the "core" functions (declared for calls from other families).
#pragma once

#include "battgpu/py/objects.hpp"

#include <span>

namespace battgpu::dialects::tokpidjin {

namespace fn {
extern const py::Builtin identity;
extern const py::Builtin first;
extern const py::Builtin second;
extern const py::Builtin difference_t;
extern const py::Builtin difference_tuple;
extern const py::Builtin p_f;
extern const py::Builtin p_g;
extern const py::Builtin p_o;
extern const py::Builtin dedupe_pair_tuple;
extern const py::Builtin c_iz;
extern const py::Builtin c_iz_n;
extern const py::Builtin c_zo;
extern const py::Builtin c_zo_n;
extern const py::Builtin a_mr;
extern const py::Builtin get_nth_t;
extern const py::Builtin get_nth_f;
extern const py::Builtin get_nth_by_key_t;
extern const py::Builtin get_nth_by_key_f;
extern const py::Builtin o_g;
extern const py::Builtin o_g_t;
extern const py::Builtin o_g_tuple;
extern const py::Builtin mir_rot_t;
extern const py::Builtin mir_rot_f;
extern const py::Builtin get_color_rank_t;
extern const py::Builtin get_color_rank_f;
extern const py::Builtin get_rank;
extern const py::Builtin get_arg_rank;
extern const py::Builtin get_arg_rank_t;
extern const py::Builtin get_arg_rank_f;
extern const py::Builtin get_val_rank;
extern const py::Builtin get_val_rank_t;
extern const py::Builtin get_val_rank_f;
extern const py::Builtin get_common_rank;
extern const py::Builtin get_common_rank_t;
extern const py::Builtin get_common_rank_f;
} // namespace fn

/// Every function of this family, for the module table.
std::span<const py::Builtin* const> core_family();

} // namespace battgpu::dialects::tokpidjin
