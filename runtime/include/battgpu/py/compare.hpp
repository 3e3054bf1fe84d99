// Python's comparisons between values (SPEC section 2: `True == 1`, a tuple never equals a
// frozenset, comparing a tuple with an int fails).
#pragma once

#include "battgpu/py/value.hpp"

namespace battgpu::py {

/// `a == b` as containers and `in` see it (PyObject_RichCompareBool): the same object is
/// equal to itself first, so a NaN equals itself there. Each nested comparison of items
/// enters a recursion level, as in CPython: past the recursion limit the comparison stops,
/// gives false and leaves take_comparison_too_deep() set (CPython's RecursionError "in
/// comparison", which the function comparing raises: py::call turns it into that error).
bool eq(const Value& a, const Value& b);
namespace detail {
/// Set when a comparison of this thread went past the recursion limit. Defined here, with a
/// constant initial value, so that every call of a DSL function (which takes it around its
/// body) reads it inline.
constinit inline thread_local bool comparison_too_deep = false;
} // namespace detail
/// Whether a comparison of this thread went past the recursion limit since the last call;
/// clears it.
inline bool take_comparison_too_deep() noexcept {
  const bool was = detail::comparison_too_deep;
  detail::comparison_too_deep = false;
  return was;
}
inline void mark_comparison_too_deep() noexcept {
  detail::comparison_too_deep = true;
}
/// The RecursionError of such a comparison.
Error comparison_recursion_error();
/// Python's `a is b` as far as it can be told: what PyObject_RichCompareBool takes for equal
/// without calling PyObject_RichCompare (and so without a recursion level). The same object,
/// except the small pairs and cells, which battgpu shares and CPython builds apart; values
/// CPython keeps one object of (small ints, bools, None); equal strings (the DSL's are
/// literals, interned).
bool python_is(const Value& a, const Value& b);
/// The `==` operator itself: a NaN is not equal to itself.
bool op_eq(const Value& a, const Value& b);
inline bool op_ne(const Value& a, const Value& b) {
  return !op_eq(a, b);
}

/// Whether `a` and `b` are interchangeable as arguments: equal, of the same kinds all the way
/// down (True is not 1 here, nor 1.0), and frozensets with the same table slot for slot (their
/// iteration order shows in what a function computes from them). Functions and closures, and
/// NaNs, by identity. Values nested deeper than 10 000 levels are not (the memos that ask
/// compute them again rather than recurse through every level).
bool interchangeable(const Value& a, const Value& b);

/// `a < b`, `a <= b`, `a > b`, `a >= b`: numbers with numbers, strings with strings, tuples
/// lexicographically, frozensets as subsets; anything else raises TypeError.
Result<bool> lt(const Value& a, const Value& b);
Result<bool> le(const Value& a, const Value& b);
Result<bool> gt(const Value& a, const Value& b);
Result<bool> ge(const Value& a, const Value& b);

/// Python's rich comparison operators, for the sort and min/max machinery.
enum class CompareOp { Lt, Le, Gt, Ge };
Result<bool> compare(const Value& a, const Value& b, CompareOp op);

} // namespace battgpu::py
