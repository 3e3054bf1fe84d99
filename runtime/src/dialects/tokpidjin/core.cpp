// tokpidjin dialect: the "core" functions.
#include "core.hpp"

#include "battgpu/py/py.hpp"
#include "unimplemented.hpp"

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Value;

// identity(x: 'Any') -> 'Any'
Value identity_impl(const Value* args, std::size_t) { return args[0]; }

// first(container: 'Container') -> 'Any'
Value first_impl(const Value* args, std::size_t) {
  // The first element in iteration order; None for an empty container.
  PY_TRY(py::Iter it, py::iter(args[0]));
  const Value* e = it.next();
  return e != nullptr ? *e : Value::none();
}

// second(container: 'Container') -> 'Any'
Value second_impl(const Value* args, std::size_t) {
  // Skips one element (StopIteration when there is none), then as first.
  PY_TRY(py::Iter it, py::iter(args[0]));
  if (it.next() == nullptr)
    return py::Error{py::Exc::StopIteration, "second of an empty container"};
  const Value* e = it.next();
  return e != nullptr ? *e : Value::none();
}

// difference_tuple(a: 'Tuple', b: 'Tuple') -> 'Tuple'
Value difference_tuple_impl(const Value* args, std::size_t) {
  // A container of a's kind with the elements of a not in b: iter(a) is taken when the
  // generator is made, then each element is tested against b in turn.
  const Value& a = args[0];
  const Value& b = args[1];
  PY_TRY(py::Iter it, py::iter(a));
  std::vector<Value> kept;
  while (const Value* e = it.next()) {
    PY_TRY(bool in_b, py::contains(b, *e));
    if (!in_b)
      kept.push_back(*e);
  }
  return py::construct_like(a, std::move(kept));
}

// p_f(element: 'FrozenSet') -> 'IntegerSet'
Value p_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// p_g(grid: 'Grid') -> 'IntegerSet'
Value p_g_impl(const Value* args, std::size_t) {
  // The grid's colours as a tuple, in the order of a set built row by row.
  PY_TRY(py::Iter rows, py::iter(args[0]));
  py::SetTable colours;
  while (const Value* row = rows.next()) {
    PY_TRY(py::Iter cells, py::iter(*row));
    while (const Value* cell = cells.next())
      colours.add(*cell);
  }
  return py::tuple_of_set(colours);
}

// p_o(obj: 'Object') -> 'IntegerSet'
Value p_o_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// dedupe_pair_tuple(S: 'Samples') -> 'Samples'
Value dedupe_pair_tuple_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// c_iz(S: 'Samples', function: 'Callable') -> 'Any'
Value c_iz_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// c_iz_n(S: 'Samples', function: 'Callable', pick: 'Callable') -> 'C_'
Value c_iz_n_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// c_zo(S: 'Samples', function: 'Callable') -> 'Any'
Value c_zo_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// c_zo_n(S: 'Samples', function: 'Callable', pick: 'Callable') -> 'C_'
Value c_zo_n_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// a_mr(S: 'Samples') -> 'A8'
Value a_mr_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_nth_t(container: 'Tuple', rank: 'FL') -> 'Any'
Value get_nth_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_nth_f(container: 'FrozenSet', rank: 'FL') -> 'Any'
Value get_nth_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_nth_by_key_t(container: 'Tuple', rank: 'FL', key=identity) -> 'Any'
Value get_nth_by_key_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_nth_by_key_f(container: 'FrozenSet', rank: 'F_', key=identity) -> 'Any'
Value get_nth_by_key_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// o_g(grid: 'Grid', type: 'R8') -> 'Objects'
Value o_g_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// o_g_t(grid: 'Grid', type: 'R8') -> 'TTT_iii'
Value o_g_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mir_rot_t(grid: 'Grid', type: 'A8') -> 'Grid'
Value mir_rot_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// mir_rot_f(patch: 'Patch', type: 'A4') -> 'Patch'
Value mir_rot_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_color_rank_t(grid: 'Grid', rank: 'FL') -> 'C_'
Value get_color_rank_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_color_rank_f(obj: 'Object', rank: 'FL') -> 'C_'
Value get_color_rank_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_rank(container: 'IntegerSet', rank: 'FL') -> 'Integer'
Value get_rank_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_arg_rank(container: 'Container', compfunc: 'Callable', rank: 'FL') -> 'Any'
Value get_arg_rank_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_arg_rank_t(container: 'Tuple', compfunc: 'Callable', rank: 'FL') -> 'Any'
Value get_arg_rank_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_arg_rank_f(container: 'FrozenSet', compfunc: 'Callable', rank: 'FL') -> 'Any'
Value get_arg_rank_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_val_rank(container: 'Container', compfunc: 'Callable', rank: 'FL') -> 'Any'
Value get_val_rank_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_val_rank_t(container: 'Tuple', compfunc: 'Callable', rank: 'FL') -> 'Any'
Value get_val_rank_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_val_rank_f(container: 'FrozenSet', compfunc: 'Callable', rank: 'FL') -> 'Any'
Value get_val_rank_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_common_rank(container: 'Container', rank: 'FL') -> 'Any'
Value get_common_rank_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_common_rank_t(container: 'Tuple', rank: 'FL') -> 'Any'
Value get_common_rank_t_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

// get_common_rank_f(container: 'FrozenSet', rank: 'FL') -> 'Any'
Value get_common_rank_f_impl(const Value* args, std::size_t nargs) { return unimplemented(args, nargs); }

} // namespace

namespace fn {
constinit const py::Builtin identity{"identity", py::Dialect::Tokpidjin, 1, 1, &identity_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin first{"first", py::Dialect::Tokpidjin, 1, 1, &first_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin second{"second", py::Dialect::Tokpidjin, 1, 1, &second_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin difference_t{"difference_tuple", py::Dialect::Tokpidjin, 2, 2, &difference_tuple_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin difference_tuple{"difference_tuple", py::Dialect::Tokpidjin, 2, 2, &difference_tuple_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin p_f{"p_f", py::Dialect::Tokpidjin, 1, 1, &p_f_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin p_g{"p_g", py::Dialect::Tokpidjin, 1, 1, &p_g_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin p_o{"p_o", py::Dialect::Tokpidjin, 1, 1, &p_o_impl,
    py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin dedupe_pair_tuple{"dedupe_pair_tuple", py::Dialect::Tokpidjin, 1, 1, &dedupe_pair_tuple_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin c_iz{"c_iz", py::Dialect::Tokpidjin, 2, 2, &c_iz_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin c_iz_n{"c_iz_n", py::Dialect::Tokpidjin, 3, 3, &c_iz_n_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin c_zo{"c_zo", py::Dialect::Tokpidjin, 2, 2, &c_zo_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin c_zo_n{"c_zo_n", py::Dialect::Tokpidjin, 3, 3, &c_zo_n_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin a_mr{"a_mr", py::Dialect::Tokpidjin, 1, 1, &a_mr_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_nth_t{"get_nth_t", py::Dialect::Tokpidjin, 2, 2, &get_nth_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_nth_f{"get_nth_f", py::Dialect::Tokpidjin, 2, 2, &get_nth_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_nth_by_key_t{"get_nth_by_key_t", py::Dialect::Tokpidjin, 2, 3, &get_nth_by_key_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_nth_by_key_f{"get_nth_by_key_f", py::Dialect::Tokpidjin, 2, 3, &get_nth_by_key_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin o_g{"o_g", py::Dialect::Tokpidjin, 2, 2, &o_g_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin o_g_t{"o_g_t", py::Dialect::Tokpidjin, 2, 2, &o_g_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin o_g_tuple{"o_g_t", py::Dialect::Tokpidjin, 2, 2, &o_g_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin mir_rot_t{"mir_rot_t", py::Dialect::Tokpidjin, 2, 2, &mir_rot_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin mir_rot_f{"mir_rot_f", py::Dialect::Tokpidjin, 2, 2, &mir_rot_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_color_rank_t{"get_color_rank_t", py::Dialect::Tokpidjin, 2, 2, &get_color_rank_t_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin get_color_rank_f{"get_color_rank_f", py::Dialect::Tokpidjin, 2, 2, &get_color_rank_f_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin get_rank{"get_rank", py::Dialect::Tokpidjin, 2, 2, &get_rank_impl,
    py::SafeDefault::Zero};
constinit const py::Builtin get_arg_rank{"get_arg_rank", py::Dialect::Tokpidjin, 3, 3, &get_arg_rank_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_arg_rank_t{"get_arg_rank_t", py::Dialect::Tokpidjin, 3, 3, &get_arg_rank_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_arg_rank_f{"get_arg_rank_f", py::Dialect::Tokpidjin, 3, 3, &get_arg_rank_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_val_rank{"get_val_rank", py::Dialect::Tokpidjin, 3, 3, &get_val_rank_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_val_rank_t{"get_val_rank_t", py::Dialect::Tokpidjin, 3, 3, &get_val_rank_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_val_rank_f{"get_val_rank_f", py::Dialect::Tokpidjin, 3, 3, &get_val_rank_f_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_common_rank{"get_common_rank", py::Dialect::Tokpidjin, 2, 2, &get_common_rank_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_common_rank_t{"get_common_rank_t", py::Dialect::Tokpidjin, 2, 2, &get_common_rank_t_impl,
    py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_common_rank_f{"get_common_rank_f", py::Dialect::Tokpidjin, 2, 2, &get_common_rank_f_impl,
    py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::identity,
    &fn::first,
    &fn::second,
    &fn::difference_t,
    &fn::difference_tuple,
    &fn::p_f,
    &fn::p_g,
    &fn::p_o,
    &fn::dedupe_pair_tuple,
    &fn::c_iz,
    &fn::c_iz_n,
    &fn::c_zo,
    &fn::c_zo_n,
    &fn::a_mr,
    &fn::get_nth_t,
    &fn::get_nth_f,
    &fn::get_nth_by_key_t,
    &fn::get_nth_by_key_f,
    &fn::o_g,
    &fn::o_g_t,
    &fn::o_g_tuple,
    &fn::mir_rot_t,
    &fn::mir_rot_f,
    &fn::get_color_rank_t,
    &fn::get_color_rank_f,
    &fn::get_rank,
    &fn::get_arg_rank,
    &fn::get_arg_rank_t,
    &fn::get_arg_rank_f,
    &fn::get_val_rank,
    &fn::get_val_rank_t,
    &fn::get_val_rank_f,
    &fn::get_common_rank,
    &fn::get_common_rank_t,
    &fn::get_common_rank_f,
};
} // namespace

std::span<const py::Builtin* const> core_family() { return kFamily; }

} // namespace battgpu::dialects::tokpidjin
