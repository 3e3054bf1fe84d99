#include "battgpu/py/patch_bounds.hpp"

#include "battgpu/py/objects.hpp"

#include <algorithm>
#include <memory>

namespace battgpu::py {

namespace {

/// Scans the elements `for_each` visits (until it is told to stop).
template <class ForEach> PatchBounds scan(ForEach&& for_each) {
  PatchBounds b;
  std::uint32_t arity = 0;
  bool first = true, small = true;
  const bool all = for_each([&](const Value& e) {
    if (!e.is_tuple())
      return false;
    const TupleObject& t = as_tuple(e);
    if (first ? (t.size != 2 && t.size != 3) : t.size != arity)
      return false;
    if (!t[0].is(Kind::Int) || !t[1].is(Kind::Int))
      return false;
    const std::int64_t i = t[0].as_int(), j = t[1].as_int();
    small = small && i > -kSmallCoordinate && i < kSmallCoordinate && j > -kSmallCoordinate &&
            j < kSmallCoordinate;
    if (first) {
      arity = t.size;
      b.min_i = b.max_i = i;
      b.min_j = b.max_j = j;
      first = false;
    } else {
      b.min_i = std::min(b.min_i, i);
      b.max_i = std::max(b.max_i, i);
      b.min_j = std::min(b.min_j, j);
      b.max_j = std::max(b.max_j, j);
    }
    return true;
  });
  if (all && !first) {
    b.arity = static_cast<std::uint8_t>(arity);
    b.small = small;
  }
  return b;
}

} // namespace

PatchBounds bounds_of(std::uint8_t arity, std::int64_t min_i, std::int64_t max_i,
                      std::int64_t min_j, std::int64_t max_j) {
  PatchBounds b;
  b.arity = arity;
  b.min_i = min_i;
  b.max_i = max_i;
  b.min_j = min_j;
  b.max_j = max_j;
  b.small = min_i > -kSmallCoordinate && max_i < kSmallCoordinate && min_j > -kSmallCoordinate &&
            max_j < kSmallCoordinate;
  return b;
}

namespace {

void keep(const FrozenSetObject& set, const PatchBounds& b) {
  // The first thread to get here keeps its bounds; any other computed the same.
  std::uint8_t unknown = 0;
  if (set.bounds_state.compare_exchange_strong(unknown, 1, std::memory_order_acq_rel)) {
    std::construct_at(&set.bounds, b); // the union member begins its life here
    set.bounds_state.store(2, std::memory_order_release);
  }
}

} // namespace

void remember_patch_bounds(const Value& set, const PatchBounds& bounds) {
  if (set.is_frozenset())
    keep(as_frozenset(set), bounds);
}

PatchBounds patch_bounds(const Value& patch) {
  if (patch.is_tuple())
    return scan([&](auto&& f) {
      for (const Value& e : as_tuple(patch))
        if (!f(e))
          return false;
      return true;
    });
  if (!patch.is_frozenset())
    return {};
  const FrozenSetObject& set = as_frozenset(patch);
  if (set.bounds_state.load(std::memory_order_acquire) == 2)
    return set.bounds;
  const PatchBounds b = scan(
      [&](auto&& f) { return all_members(patch, [&](const SetEntry& e) { return f(e.key); }); });
  keep(set, b);
  return b;
}

} // namespace battgpu::py
