// Functions of functions: branch, compose, chain, matcher, rbind, lbind, power, fork and
// the apply family. The combinators return callables, so they compose as values.
#pragma once

#include "battgpu/dsl/primitives/collections.hpp"

#include <type_traits>

namespace battgpu::dsl {

/// `a if condition else b`. Values of one type give that value. Two functions of different
/// types (`branch(c, identity, dmirror)`) give a function that calls the chosen one; its two
/// calls must then return one type.
struct branch_fn {
  template <class A, class B>
  std::common_type_t<A, B> operator()(Boolean condition, const A& a, const B& b) const {
    if (condition)
      return a;
    return b;
  }
  template <class A, class B>
    requires(!requires { typename std::common_type_t<A, B>; })
  auto operator()(Boolean condition, A a, B b) const {
    return [condition, a, b](const auto&... args) { return condition ? a(args...) : b(args...); };
  }
};
inline constexpr branch_fn branch{};

struct compose_fn {
  template <class Outer, class Inner> auto operator()(Outer outer, Inner inner) const {
    return [outer, inner](const auto& x) { return outer(inner(x)); };
  }
};
inline constexpr compose_fn compose{};

struct chain_fn {
  template <class H, class G, class F> auto operator()(H h, G g, F f) const {
    return [h, g, f](const auto& x) { return h(g(f(x))); };
  }
};
inline constexpr chain_fn chain{};

struct matcher_fn {
  template <class F, class Target> auto operator()(F function, Target target) const {
    return
        [function, target](const auto& x) -> Boolean { return python_equal(function(x), target); };
  }
};
inline constexpr matcher_fn matcher{};

/// Fixes the rightmost argument, whatever the function's arity.
struct rbind_fn {
  template <class F, class Fixed> auto operator()(F function, Fixed fixed) const {
    return [function, fixed](const auto&... args) { return function(args..., fixed); };
  }
};
inline constexpr rbind_fn rbind{};

/// Fixes the leftmost argument, whatever the function's arity.
struct lbind_fn {
  template <class F, class Fixed> auto operator()(F function, Fixed fixed) const {
    return [function, fixed](const auto&... args) { return function(fixed, args...); };
  }
};
inline constexpr lbind_fn lbind{};

/// `function` applied `n` times. Python recurses forever for n < 1 and so raises; the
/// callable then applies the function once, as for n = 1.
struct power_fn {
  template <class F> auto operator()(F function, Integer n) const {
    return [function, n](const auto& x) {
      auto value = function(x);
      for (Integer k = 1; k < n; ++k)
        value = function(value);
      return value;
    };
  }
};
inline constexpr power_fn power{};

struct fork_fn {
  template <class Outer, class A, class B> auto operator()(Outer outer, A a, B b) const {
    return [outer, a, b](const auto& x) { return outer(a(x), b(x)); };
  }
};
inline constexpr fork_fn fork{};

/// `type(container)(function(e) for e in container)`.
struct apply_fn {
  template <class F, Container C> auto operator()(const F& function, const C& container) const {
    using R = std::remove_cvref_t<decltype(function(std::declval<const element_t<C>&>()))>;
    std::vector<R> results;
    results.reserve(container.size());
    for (const auto& e : elements(container))
      results.push_back(function(e));
    return make_like<C>(std::move(results));
  }
};
inline constexpr apply_fn apply{};

/// `type(functions)(function(value) for function in functions)`.
struct rapply_fn {
  template <Collection Fs, class V> auto operator()(const Fs& functions, const V& value) const {
    using R = std::remove_cvref_t<decltype(std::declval<const element_t<Fs>&>()(value))>;
    std::vector<R> results;
    for (const auto& function : functions)
      results.push_back(function(value));
    return make_like<Fs>(std::move(results));
  }
};
inline constexpr rapply_fn rapply{};

struct mapply_fn {
  template <class F, Container C> auto operator()(const F& function, const C& container) const {
    return merge(apply(function, container));
  }
};
inline constexpr mapply_fn mapply{};

/// `tuple(function(i, j) for i, j in zip(a, b))`.
struct papply_fn {
  template <class F, Container A, Container B>
  auto operator()(const F& function, const A& a, const B& b) const {
    using R = std::remove_cvref_t<decltype(function(std::declval<const element_t<A>&>(),
                                                    std::declval<const element_t<B>&>()))>;
    auto xs = detail::to_vector(a);
    auto ys = detail::to_vector(b);
    std::vector<R> results;
    for (std::size_t k = 0; k < std::min(xs.size(), ys.size()); ++k)
      results.push_back(function(xs[k], ys[k]));
    return Tuple<R>(std::move(results));
  }
};
inline constexpr papply_fn papply{};

struct mpapply_fn {
  template <class F, Container A, Container B>
  auto operator()(const F& function, const A& a, const B& b) const {
    return merge(papply(function, a, b));
  }
};
inline constexpr mpapply_fn mpapply{};

/// `frozenset(function(i, j) for j in b for i in a)`.
struct prapply_fn {
  template <class F, Container A, Container B>
  auto operator()(const F& function, const A& a, const B& b) const {
    using R = std::remove_cvref_t<decltype(function(std::declval<const element_t<A>&>(),
                                                    std::declval<const element_t<B>&>()))>;
    std::vector<R> results;
    for (const auto& j : elements(b))
      for (const auto& i : elements(a))
        results.push_back(function(i, j));
    return FrozenSet<R>(std::move(results));
  }
};
inline constexpr prapply_fn prapply{};

} // namespace battgpu::dsl
