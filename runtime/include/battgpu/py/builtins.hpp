// Python's built-in functions and constructors as the DSLs use them: tuple(), frozenset(),
// set(), sorted(), min(), max(), sum(), Counter(...).most_common(), and `type(x)(...)`.
#pragma once

#include "battgpu/py/objects.hpp"
#include "battgpu/py/set_table.hpp"
#include "battgpu/py/value.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace battgpu::py {

/// `list(iterable)`.
Result<std::vector<Value>> to_list(const Value& iterable);
/// `tuple(iterable)` (a tuple is returned as it is).
Value to_tuple(const Value& iterable);
/// `frozenset(iterable)` (a frozenset is returned as it is).
Value to_frozenset(const Value& iterable);
/// `set(iterable)`, as a table.
Result<SetTable> to_set(const Value& iterable);
/// `frozenset(s)` of a mutable set `s`: a new table merged from it.
Value frozenset_of_set(const SetTable& s);
/// `tuple(s)` of a mutable set.
Value tuple_of_set(const SetTable& s);

/// `type(prototype)(items)`: the container kind of `prototype` built from `items` (given in
/// the order Python's generator would yield them): a tuple, or a frozenset inserting in that
/// order. For other kinds, what Python does: `bool(<generator>)` is True, and int(), float(),
/// NoneType() and function() of a generator raise TypeError.
Value construct_like(const Value& prototype, std::vector<Value>&& items);

/// `sorted(items, key=key, reverse=reverse)` in place: CPython 3.11's list.sort, comparison
/// for comparison (keys computed first, in order; its timsort with powersort merging and
/// galloping; reverse by reversing before and after), so that partially ordered keys come out
/// in CPython's order and a failing comparison is the one CPython fails at. Counts the
/// builtin's recursion level. `key` may be null. On failure `items` is left as it was.
Status sort(std::vector<Value>& items, const Value* key = nullptr, bool reverse = false);
/// list.sort's algorithm alone, for tests: sorts the positions 0 .. n-1, `less(i, j)` telling
/// whether the key at position i is less than the key at j, asked in CPython's order; `reverse`
/// as list.sort does it. The sorted positions, or the failure of the first failing `less`.
Result<std::vector<std::size_t>>
sort_positions(std::size_t n, bool reverse,
               const std::function<Result<bool>(std::size_t, std::size_t)>& less);
/// `tuple(sorted(iterable, key=key, reverse=reverse))`.
Value sorted_tuple(const Value& iterable, const Value* key = nullptr, bool reverse = false);

/// `max(iterable, key=key[, default=default])` and `min(...)`: the first of equal extremes;
/// ValueError on an empty iterable without default. `key` may be null. Each counts the
/// builtin's recursion level, and its comparisons one more.
Value max_of(const Value& iterable, const Value* key = nullptr,
             const std::optional<Value>& default_value = std::nullopt);
Value min_of(const Value& iterable, const Value* key = nullptr,
             const std::optional<Value>& default_value = std::nullopt);
/// The same over a list of values.
Value max_of_list(const std::vector<Value>& items, const Value* key = nullptr,
                  const std::optional<Value>& default_value = std::nullopt);
Value min_of_list(const std::vector<Value>& items, const Value* key = nullptr,
                  const std::optional<Value>& default_value = std::nullopt);
/// `max(a, b)` / `min(a, b)`.
Value max2(const Value& a, const Value& b);
Value min2(const Value& a, const Value& b);

/// `sum(iterable)` (start 0).
Value sum(const Value& iterable);

/// `collections.Counter(items).most_common()`: (value, count) pairs by descending count, ties
/// in order of first appearance.
std::vector<std::pair<Value, std::int64_t>> most_common(const std::vector<Value>& items);

/// `range(start, stop, step)` as a tuple of ints (ValueError for step 0).
Value range_tuple(std::int64_t start, std::int64_t stop, std::int64_t step = 1);
/// Python's `int` argument check: the integer of an int or bool, TypeError otherwise
/// ("'float' object cannot be interpreted as an integer").
Result<std::int64_t> as_index(const Value& v);

} // namespace battgpu::py
