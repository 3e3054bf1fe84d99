// arc-dsl dialect: the batt extensions. o_g and o_g_t are arc-dsl's objects with the mode
// spelled as one number, R = 4·univalued + 2·diagonal + without_bg; the others have
// tokpidjin's meaning (shared implementations), without tokpidjin's safe_dsl wrapper.
#include "batt_extensions.hpp"

#include "../batt_extensions.hpp"
#include "patches.hpp"

namespace battgpu::dialects::arc_dsl {
namespace {

using py::Value;

/// objects(grid, R & 4, R & 2, R & 1): the flags are the masked ints, which objects tests for
/// truth.
Value objects_of_mode(const Value& grid, const Value& mode) {
  PY_TRY(Value univalued, py::bit_and(mode, Value::integer(4)));
  PY_TRY(Value diagonal, py::bit_and(mode, Value::integer(2)));
  PY_TRY(Value without_bg, py::bit_and(mode, Value::integer(1)));
  return py::call(fn::objects, {grid, univalued, diagonal, without_bg});
}

Value o_g_impl(const Value* args, std::size_t) {
  return objects_of_mode(args[0], args[1]);
}

Value o_g_t_impl(const Value* args, std::size_t) {
  PY_TRY(Value objs, objects_of_mode(args[0], args[1]));
  return py::to_tuple(objs);
}

} // namespace

namespace fn {
constinit const py::Builtin o_g{"o_g", py::Dialect::ArcDsl, 2,
                                2,     &o_g_impl,           py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin o_g_t{"o_g_t", py::Dialect::ArcDsl, 2,
                                  2,       &o_g_t_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin p_g{"p_g", py::Dialect::ArcDsl,   1,
                                1,     &batt_extensions::p_g, py::SafeDefault::EmptyFrozenSet};
constinit const py::Builtin get_nth_t{
    "get_nth_t", py::Dialect::ArcDsl,         2,
    2,           &batt_extensions::get_nth_t, py::SafeDefault::EmptyTuple};
constinit const py::Builtin get_nth_f{
    "get_nth_f", py::Dialect::ArcDsl,         2,
    2,           &batt_extensions::get_nth_f, py::SafeDefault::EmptyTuple};
constinit const py::Builtin difference_tuple{
    "difference_tuple",         py::Dialect::ArcDsl, 2, 2, &batt_extensions::difference_tuple,
    py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {&fn::o_g,       &fn::o_g_t,     &fn::p_g,
                                      &fn::get_nth_t, &fn::get_nth_f, &fn::difference_tuple};
} // namespace

std::span<const py::Builtin* const> batt_extensions_family() {
  return kFamily;
}

} // namespace battgpu::dialects::arc_dsl
