// The iteration order of a Python set of integers built from a sequence (SPEC section 2, "Set
// order is CPython's"): the order `set(values)` iterates in.
#pragma once

#include "battgpu/dsl/containers.hpp"

#include <algorithm>
#include <cstdint>
#include <span>

namespace battgpu::dsl {

/// Reorders distinct integers, given in the order they were first seen, into the order in
/// which CPython iterates a set built from them. Two cases need no table: up to four
/// non-negative values stay in CPython's initial 8-slot table, each at slot `value & 7` or
/// further along its probe sequence `i = 5i + 1 + (perturb >>= 5)` (runs of linear probes do
/// not fit in 8 slots), read from slot 0; and five to eighteen values below 32 sit at their own
/// slots of the 32-slot table the fifth one resizes to, so they iterate ascending. Every other
/// case builds the table (SetBuilder).
template <class T> void to_cpython_set_order(std::span<T> values) {
  const bool non_negative = std::all_of(values.begin(), values.end(), [](T v) { return v >= 0; });
  if (non_negative && values.size() <= 4) {
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
