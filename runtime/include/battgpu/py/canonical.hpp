// The canonical JSON of a Python value (SPEC section 7): what records are written in, so that
// two runs, or battgpu and the Python reference, compare by text.
#pragma once

#include "battgpu/py/value.hpp"

#include <stdexcept>
#include <string>

namespace battgpu::py {

/// How a frozenset's elements are listed.
enum class SetListing {
  Sorted,        ///< SPEC section 7: sorted by canonical_less (records)
  IterationOrder ///< in the set's iteration order (tests that check CPython's order)
};

/// How deep values may nest where they are written or compared canonically: a value nested
/// deeper (a chain of statements each making a tuple of the one before) would take the
/// recursion past what a thread's stack holds. CPython's own writer, which recurses in Python,
/// stops far sooner: with RecursionError at about 500 levels.
inline constexpr int kMaxCanonicalDepth = 10000;

/// Thrown by write_canonical, to_canonical and canonical_less for values nested deeper than
/// kMaxCanonicalDepth.
struct NestingTooDeep : std::runtime_error {
  NestingTooDeep() : std::runtime_error("maximum recursion depth exceeded writing a value") {}
};

/// Appends the canonical JSON of `v` to `out`.
void write_canonical(std::string& out, const Value& v, SetListing sets = SetListing::Sorted);
std::string to_canonical(const Value& v, SetListing sets = SetListing::Sorted);

/// The total order SPEC section 7 sorts frozenset elements by: booleans, then numbers
/// (numerically; NaN last), then strings, None, tuples (element-wise, a prefix first),
/// frozensets (by their sorted element lists), functions (by name).
bool canonical_less(const Value& a, const Value& b);

/// The `__name__` of a function or closure ("f", "<lambda>", a DSL function's name).
std::string_view function_name(const Value& f);

/// Python's `repr(float)`: the shortest string that reads back as the same double.
std::string float_repr(double d);

/// Appends `s` as a JSON string the way Python's json.dumps writes it (ASCII only).
void write_json_string(std::string& out, std::string_view s);

} // namespace battgpu::py
