// Numbers, pairs and booleans: add ... tojvec, astuple.
#pragma once

#include "battgpu/dsl/primitives/traits.hpp"

namespace battgpu::dsl {

namespace detail {
/// Wrapping arithmetic: Python integers never overflow; ours wrap instead of being undefined.
inline Integer wrap(long long v) {
  return static_cast<Integer>(static_cast<unsigned long long>(v));
}

/// Applies a binary integer operation to Numerical operands the way add/subtract/... do:
/// int op int, pair op pair componentwise, int op pair and pair op int broadcast.
template <class Op, class A, class B> auto numeric(const A& a, const B& b, Op op) {
  if constexpr (IntegerLike<A> && IntegerLike<B>)
    return op(Integer(a), Integer(b));
  else if constexpr (PairValue<A> && PairValue<B>)
    return IntegerTuple{op(a.first, b.first), op(a.second, b.second)};
  else if constexpr (IntegerLike<A>)
    return IntegerTuple{op(Integer(a), b.first), op(Integer(a), b.second)};
  else
    return IntegerTuple{op(a.first, Integer(b)), op(a.second, Integer(b))};
}

template <class Op, class N> auto numeric_unary(const N& n, Op op) {
  if constexpr (IntegerLike<N>)
    return op(Integer(n));
  else
    return IntegerTuple{op(n.first), op(n.second)};
}
} // namespace detail

struct identity_fn {
  template <class X> X operator()(const X& x) const { return x; }
};
inline constexpr identity_fn identity{};

struct add_fn {
  template <Numerical A, Numerical B> auto operator()(const A& a, const B& b) const {
    return detail::numeric(a, b, [](Integer x, Integer y) { return detail::wrap(1LL * x + y); });
  }
};
inline constexpr add_fn add{};

struct subtract_fn {
  template <Numerical A, Numerical B> auto operator()(const A& a, const B& b) const {
    return detail::numeric(a, b, [](Integer x, Integer y) { return detail::wrap(1LL * x - y); });
  }
};
inline constexpr subtract_fn subtract{};

struct multiply_fn {
  template <Numerical A, Numerical B> auto operator()(const A& a, const B& b) const {
    return detail::numeric(a, b, [](Integer x, Integer y) { return detail::wrap(1LL * x * y); });
  }
};
inline constexpr multiply_fn multiply{};

/// Floor division; where Python raises ZeroDivisionError the result is 0 or (0, 0).
struct divide_fn {
  template <Numerical A, Numerical B> auto operator()(const A& a, const B& b) const {
    using Result = decltype(detail::numeric(a, b, floor_div));
    bool divides_by_zero = false;
    if constexpr (IntegerLike<B>)
      divides_by_zero = Integer(b) == 0;
    else
      divides_by_zero = b.first == 0 || b.second == 0;
    if (divides_by_zero)
      return Result{};
    return detail::numeric(a, b, floor_div);
  }
};
inline constexpr divide_fn divide{};

struct invert_fn {
  template <Numerical N> auto operator()(const N& n) const {
    return detail::numeric_unary(n, [](Integer x) { return detail::wrap(-1LL * x); });
  }
};
inline constexpr invert_fn invert{};

struct even_fn {
  Boolean operator()(Integer n) const { return floor_mod(n, 2) == 0; }
};
inline constexpr even_fn even{};

/// Python's `double` (a C++ keyword, hence the trailing underscore).
struct double_fn {
  template <Numerical N> auto operator()(const N& n) const {
    return detail::numeric_unary(n, [](Integer x) { return detail::wrap(2LL * x); });
  }
};
inline constexpr double_fn double_{};

struct halve_fn {
  template <Numerical N> auto operator()(const N& n) const {
    return detail::numeric_unary(n, [](Integer x) { return floor_div(x, 2); });
  }
};
inline constexpr halve_fn halve{};

struct flip_fn {
  Boolean operator()(Boolean b) const { return !b; }
};
inline constexpr flip_fn flip{};

struct equality_fn {
  template <class A, class B> Boolean operator()(const A& a, const B& b) const {
    return python_equal(a, b);
  }
};
inline constexpr equality_fn equality{};

struct greater_fn {
  Boolean operator()(Integer a, Integer b) const { return a > b; }
};
inline constexpr greater_fn greater{};

struct both_fn {
  Boolean operator()(Boolean a, Boolean b) const { return a && b; }
};
inline constexpr both_fn both{};

struct either_fn {
  Boolean operator()(Boolean a, Boolean b) const { return a || b; }
};
inline constexpr either_fn either{};

struct increment_fn {
  template <Numerical N> auto operator()(const N& n) const {
    return detail::numeric_unary(n, [](Integer x) { return detail::wrap(1LL * x + 1); });
  }
};
inline constexpr increment_fn increment{};

struct decrement_fn {
  template <Numerical N> auto operator()(const N& n) const {
    return detail::numeric_unary(n, [](Integer x) { return detail::wrap(1LL * x - 1); });
  }
};
inline constexpr decrement_fn decrement{};

/// Increments positive and decrements negative values; 0 stays 0.
struct crement_fn {
  template <Numerical N> auto operator()(const N& n) const {
    return detail::numeric_unary(n, [](Integer x) {
      return x == 0 ? 0 : (x > 0 ? detail::wrap(1LL * x + 1) : detail::wrap(1LL * x - 1));
    });
  }
};
inline constexpr crement_fn crement{};

struct sign_fn {
  template <Numerical N> auto operator()(const N& n) const {
    return detail::numeric_unary(n, [](Integer x) { return x == 0 ? 0 : (x > 0 ? 1 : -1); });
  }
};
inline constexpr sign_fn sign{};

struct positive_fn {
  Boolean operator()(Integer x) const { return x > 0; }
};
inline constexpr positive_fn positive{};

struct toivec_fn {
  IntegerTuple operator()(Integer i) const { return {i, 0}; }
};
inline constexpr toivec_fn toivec{};

struct tojvec_fn {
  IntegerTuple operator()(Integer j) const { return {0, j}; }
};
inline constexpr tojvec_fn tojvec{};

struct astuple_fn {
  IntegerTuple operator()(Integer a, Integer b) const { return {a, b}; }
};
inline constexpr astuple_fn astuple{};

} // namespace battgpu::dsl
