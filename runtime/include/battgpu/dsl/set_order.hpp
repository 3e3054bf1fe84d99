// The one fixed iteration order of the DSL's frozensets (SPEC section 2, "Set order").
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <span>
#include <type_traits>

namespace battgpu::dsl {

/// Element types whose sets iterate as CPython iterates a set of small integers. (A set of
/// booleans always iterates False, True, CPython's slots 0 and 1: the ascending order.)
template <class T>
concept SmallIntegerElement = std::same_as<T, int>;

/// Reorders distinct integers, given in the order they were first seen, into the order in
/// which CPython iterates a set built from them. Up to four non-negative values stay in
/// CPython's initial 8-slot table: each goes to slot `hash & 7` and probes with
/// `i = 5i + 1 + (perturb >>= 5)` while the slot is taken; the table is read from slot 0.
/// With five or more values CPython has resized to a table where small integers sit at
/// their own slots, so the order is ascending; values CPython would hash differently
/// (negatives) are also given in ascending order.
template <class T> void to_cpython_set_order(std::span<T> values) {
  const bool fits_small_table =
      values.size() <= 4 && std::all_of(values.begin(), values.end(), [](T v) { return v >= 0; });
  if (!fits_small_table) {
    std::sort(values.begin(), values.end());
    return;
  }
  T slots[8] = {};
  bool used[8] = {};
  for (T value : values) {
    auto hash = static_cast<std::uint64_t>(value);
    std::uint64_t perturb = hash;
    std::uint64_t slot = hash & 7;
    while (used[slot]) {
      perturb >>= 5;
      slot = (slot * 5 + 1 + perturb) & 7;
    }
    used[slot] = true;
    slots[slot] = value;
  }
  std::size_t out = 0;
  for (int s = 0; s < 8; ++s)
    if (used[s])
      values[out++] = slots[s];
}

} // namespace battgpu::dsl
