// The extent of a patch (a tuple or frozenset of (i, j) or (i, j, c) tuples), read once per
// frozenset: a DSL program asks for the corners, the box, the shape of one patch many times
// over (`corner(p, R0)` to `R3`, `backdrop(p)`, `delta(p)`, ...), and a patch may hold
// millions of cells. The extent is computed on first use and kept on the frozenset, which is
// immutable.
#pragma once

#include "battgpu/py/value.hpp"

#include <cstdint>

namespace battgpu::py {

/// Rows and columns up to this far from zero leave room for the DSL's arithmetic on them
/// (sums, differences, products by small factors) without leaving 64 bits.
inline constexpr std::int64_t kSmallCoordinate = std::int64_t{1} << 40;

struct PatchBounds {
  /// 2 or 3 when the patch is non-empty and every element is a tuple of that one length whose
  /// first two items are ints (not bools); 0 otherwise, and then nothing below is meaningful.
  std::uint8_t arity = 0;
  /// Every row and column within ±kSmallCoordinate (exclusive).
  bool small = false;
  std::int64_t min_i = 0, max_i = 0, min_j = 0, max_j = 0;
};

/// The PatchBounds of a tuple (computed each time) or a frozenset (computed once, then kept
/// on it); arity 0 for any other value.
PatchBounds patch_bounds(const Value& patch);

/// The PatchBounds of a non-empty patch of `arity`-tuples of ints with that extent.
PatchBounds bounds_of(std::uint8_t arity, std::int64_t min_i, std::int64_t max_i,
                      std::int64_t min_j, std::int64_t max_j);

/// Keeps `bounds` on the frozenset `set` as its patch_bounds(), for a function that has just
/// built the set and knows them without reading it (they must be what a reading gives).
void remember_patch_bounds(const Value& set, const PatchBounds& bounds);

} // namespace battgpu::py
