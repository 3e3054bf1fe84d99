// tokpidjin dialect: reading the positions of a patch or an object, for fill and paint (and
// for the batch runtime's grid statements, which take the same patches those fast paths take).
#pragma once

#include "battgpu/py/py.hpp"

#include <cstdint>

namespace battgpu::dialects::tokpidjin {

/// A patch whose elements are all tuples of `arity` (2, or 3 when painting) with int-like
/// row and column, iterated in order; false when some element is not of that shape.
template <class F> bool for_each_position(const py::Value& patch, std::uint32_t arity, F&& f) {
  auto check = [&](const py::Value& e) {
    if (!e.is_tuple())
      return false;
    const py::TupleObject& c = py::as_tuple(e);
    return c.size == arity && c[0].is_int_like() && c[1].is_int_like();
  };
  if (patch.is_frozenset()) {
    const py::SetTable& t = py::as_set_table(patch);
    bool ok = true;
    t.for_each([&](const py::Value& e) { ok = ok && check(e); });
    if (!ok)
      return false;
    t.for_each([&](const py::Value& e) { f(py::as_tuple(e)); });
    return true;
  }
  if (patch.is_tuple()) {
    for (const py::Value& e : py::as_tuple(patch))
      if (!check(e))
        return false;
    for (const py::Value& e : py::as_tuple(patch))
      f(py::as_tuple(e));
    return true;
  }
  return false;
}

/// The arity of the elements of a non-empty frozenset or tuple when they are all tuples of
/// one size, else 0.
inline std::uint32_t uniform_arity(const py::Value& patch) {
  std::uint32_t arity = 0;
  bool ok = true;
  auto visit = [&](const py::Value& e) {
    if (!ok)
      return;
    if (!e.is_tuple()) {
      ok = false;
      return;
    }
    const std::uint32_t n = py::as_tuple(e).size;
    if (arity == 0)
      arity = n;
    else if (n != arity)
      ok = false;
  };
  if (patch.is_frozenset())
    py::as_set_table(patch).for_each(visit);
  else if (patch.is_tuple())
    for (const py::Value& e : py::as_tuple(patch))
      visit(e);
  else
    return 0;
  return ok ? arity : 0;
}

} // namespace battgpu::dialects::tokpidjin
