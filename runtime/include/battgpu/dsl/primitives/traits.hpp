// Type-level helpers the primitives share: what is a container, a patch, an object, and how
// to build a result of the same container kind (SPEC section 2, "Container kinds are kept").
#pragma once

#include "battgpu/dsl/values.hpp"

#include <array>
#include <concepts>
#include <type_traits>
#include <utility>
#include <vector>

namespace battgpu::dsl {

template <class T> struct is_tuple : std::false_type {};
template <class T> struct is_tuple<Tuple<T>> : std::true_type {};
template <class T> struct is_frozenset : std::false_type {};
template <class T> struct is_frozenset<FrozenSet<T>> : std::true_type {};
template <class T> struct is_std_pair : std::false_type {};
template <class A, class B> struct is_std_pair<std::pair<A, B>> : std::true_type {};

template <class T>
concept TupleValue = is_tuple<std::remove_cvref_t<T>>::value;
template <class T>
concept FrozenSetValue = is_frozenset<std::remove_cvref_t<T>>::value;
template <class T>
concept GridValue = std::same_as<std::remove_cvref_t<T>, Grid>;
/// Tuple or FrozenSet (not Grid, which is a container of rows handled separately).
template <class T>
concept Collection = TupleValue<T> || FrozenSetValue<T>;
/// Anything Python would iterate: a Tuple, a FrozenSet or a Grid (its rows).
template <class T>
concept Container = Collection<T> || GridValue<T>;
template <class T>
concept IntegerLike =
    std::same_as<std::remove_cvref_t<T>, int> || std::same_as<std::remove_cvref_t<T>, bool>;
template <class T>
concept PairValue = std::same_as<std::remove_cvref_t<T>, IntegerTuple>;
/// Integer or IntegerTuple: the DSL's Numerical.
template <class T>
concept Numerical = IntegerLike<T> || PairValue<T>;

/// The rows of a grid, materialised as Python would see them.
inline std::vector<Tuple<Integer>> grid_rows(const Grid& grid) {
  std::vector<Tuple<Integer>> rows;
  rows.reserve(grid.size());
  for (Integer i = 0; i < grid.height(); ++i)
    rows.push_back(grid.row(i));
  return rows;
}

/// A range over the elements Python would iterate: the container itself, or a grid's rows.
template <Collection C> const C& elements(const C& container) {
  return container;
}
inline std::vector<Tuple<Integer>> elements(const Grid& grid) {
  return grid_rows(grid);
}
/// A pair of one type iterates as Python's 2-tuple.
template <class T> std::array<T, 2> elements(const std::pair<T, T>& p) {
  return {p.first, p.second};
}

template <class C>
using element_t = std::remove_cvref_t<decltype(*std::begin(elements(std::declval<const C&>())))>;

/// `type(container)(items)`: a FrozenSet for a FrozenSet, a Tuple for a Tuple or a Grid.
template <class C, class U> auto make_like(std::vector<U>&& items) {
  if constexpr (FrozenSetValue<C>)
    return FrozenSet<U>(std::move(items));
  else
    return Tuple<U>(std::move(items));
}

template <class T> struct patch_element_traits {
  static constexpr bool is_cell = std::same_as<T, Cell>;
  static constexpr bool is_index = std::same_as<T, IntegerTuple>;
};

/// A patch: an object or indices, as a FrozenSet or a Tuple (SPEC: tuples are accepted).
template <class T>
concept Patch = Collection<T> && (patch_element_traits<element_t<T>>::is_cell ||
                                  patch_element_traits<element_t<T>>::is_index);
/// An object: cells with colours, as a FrozenSet or a Tuple.
template <class T>
concept ObjectLike = Collection<T> && std::same_as<element_t<T>, Cell>;
/// Grid or object: the DSL's Element.
template <class T>
concept Element = GridValue<T> || ObjectLike<T>;
/// Grid or patch: the DSL's Piece.
template <class T>
concept Piece = GridValue<T> || Patch<T>;

inline const IntegerTuple& index_of(const IntegerTuple& index) {
  return index;
}
inline const IntegerTuple& index_of(const Cell& cell) {
  return cell.index;
}

/// Python's `a == b` for values that may be of different types (then False).
template <class A, class B> bool python_equal(const A& a, const B& b) {
  if constexpr (std::equality_comparable_with<A, B>)
    return a == b;
  else
    return false;
}

/// Python's floor division and modulo; division by zero gives 0 (a total function).
inline Integer floor_div(Integer a, Integer b) {
  if (b == 0)
    return 0;
  long long q = static_cast<long long>(a) / b;
  if ((static_cast<long long>(a) % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return static_cast<Integer>(q);
}
inline Integer floor_mod(Integer a, Integer b) {
  if (b == 0)
    return 0;
  Integer r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

} // namespace battgpu::dsl
