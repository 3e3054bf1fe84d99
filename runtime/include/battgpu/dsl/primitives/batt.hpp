// The batt extensions beyond the reference DSL (SPEC section 2): p_g, get_nth_t,
// get_nth_f, difference_tuple. (o_g and o_g_t live with object extraction.)
#pragma once

#include "battgpu/dsl/primitives/patches.hpp"

namespace battgpu::dsl {

/// `tuple({cell for row in grid for cell in row})`: the colours in the set's iteration order.
struct p_g_fn {
  Tuple<Integer> operator()(const Grid& grid) const {
    SetBuilder<Integer> colours;
    for (const Integer* c = grid.cells(); c != grid.cells() + grid.cell_count(); ++c)
      colours.add(*c);
    return Tuple<Integer>(colours.freeze().storage());
  }
};
inline constexpr p_g_fn p_g{};

namespace detail {
/// Element n of a container (negative n counts from the end); the empty value when out of range.
template <Collection C> element_t<C> nth(const C& container, Integer n) {
  const auto size = static_cast<long long>(container.size());
  const long long k = n < 0 ? size + n : n;
  if (k < 0 || k >= size)
    return {};
  return container[static_cast<std::size_t>(k)];
}
} // namespace detail

struct get_nth_t_fn {
  template <class T> T operator()(const Tuple<T>& tuple, Integer n) const {
    return detail::nth(tuple, n);
  }
};
inline constexpr get_nth_t_fn get_nth_t{};

struct get_nth_f_fn {
  template <class T> T operator()(const FrozenSet<T>& set, Integer n) const {
    return detail::nth(set, n);
  }
};
inline constexpr get_nth_f_fn get_nth_f{};

/// Elements of tuple `a` that are not in `b`, in a's order (duplicates kept).
struct difference_tuple_fn {
  template <class T, Container B> Tuple<T> operator()(const Tuple<T>& a, const B& b) const {
    std::vector<T> kept;
    for (const T& v : a) {
      bool found = false;
      for (const auto& e : elements(b))
        found = found || python_equal(e, v);
      if (!found)
        kept.push_back(v);
    }
    return Tuple<T>(std::move(kept));
  }
};
inline constexpr difference_tuple_fn difference_tuple{};

} // namespace battgpu::dsl
