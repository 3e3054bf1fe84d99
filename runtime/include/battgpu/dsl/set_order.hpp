// The iteration order of a Python set of integers built from a sequence (SPEC section 2, "Set
// order is CPython's"): the order `set(values)` iterates in.
#pragma once

#include "battgpu/dsl/containers.hpp"

#include <algorithm>
#include <cstdint>
#include <span>

namespace battgpu::dsl {

/// Reorders distinct integers, given in the order they were first seen, into the order in
/// which CPython iterates a set built from them. Two cases are cheap: up to four non-negative
/// values (each its own hash) stay in CPython's initial 8-slot table, placed along their probe
/// sequences and read from slot 0; and five to eighteen values below 32 sit at their own slots
/// of the 32-slot table the fifth one resizes to, so they iterate ascending. Every other case
/// builds the set (SetBuilder).
template <class T> void to_cpython_set_order(std::span<T> values) {
  const bool non_negative = std::all_of(values.begin(), values.end(), [](T v) { return v >= 0; });
  if (non_negative && values.size() <= 4) {
    T slots[8] = {};
    bool used[8] = {};
    for (T value : values)
      set_table_detail::probe(static_cast<std::int64_t>(value), 7, [&](std::int64_t s) {
        if (used[s])
          return false;
        used[s] = true;
        slots[s] = value;
        return true;
      });
    std::size_t out = 0;
    for (int s = 0; s < 8; ++s)
      if (used[s])
        values[out++] = slots[s];
    return;
  }
  if (non_negative && values.size() <= 18 &&
      std::all_of(values.begin(), values.end(), [](T v) { return v < 32; })) {
    std::sort(values.begin(), values.end());
    return;
  }
  SetBuilder<T> set;
  for (T value : values)
    set.add(value);
  const FrozenSet<T> frozen = set.freeze();
  std::copy(frozen.begin(), frozen.end(), values.begin());
}

} // namespace battgpu::dsl
