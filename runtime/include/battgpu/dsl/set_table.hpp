// CPython's set table for the typed DSL's frozensets (SPEC section 2, "Set order is CPython's").
//
// A frozenset iterates in the order of its table's slots, and where an element lands depends
// on its hash, the table's size and what was inserted before it. SetBuilder performs CPython
// 3.11's algorithms (Objects/setobject.c: set_add_entry with its linear probes and perturbed
// jumps, set_insert_clean, set_table_resize, set_merge, set_discard_entry) on typed elements;
// a frozen set keeps the resulting layout (SetLayout), so that a set built from it later (a
// copy, a union, a difference) is laid out as CPython lays it out too. Each primitive then only
// has to perform the set operations its Python source performs, in the same order.
#pragma once

#include <cstdint>
#include <vector>

namespace battgpu::dsl {

/// The table of a frozen set: which element (by its position in iteration order) sits in which
/// slot, as CPython placed it.
struct SetLayout {
  static constexpr std::int32_t kFree = -1;
  static constexpr std::int32_t kDummy = -2; ///< a deleted slot (left by a discard)
  std::int64_t mask = 7;
  std::int64_t fill = 0;            ///< slots in use or deleted
  std::int64_t hash = 0;            ///< the frozenset's own hash (frozenset_hash)
  std::vector<std::int64_t> hashes; ///< each element's hash, in iteration order
  std::vector<std::int32_t> slots;  ///< mask + 1 entries: element position, kFree or kDummy
};

namespace set_table_detail {
inline constexpr std::uint64_t kLinearProbes = 9;
inline constexpr int kPerturbShift = 5;

/// Visits the slots a search for `hash` visits in a table of `mask`, in CPython's order (runs
/// of kLinearProbes + 1 slots where they fit, perturbed jumps between), until `visit` returns
/// true.
template <class Visit> void probe(std::int64_t hash, std::int64_t mask, Visit&& visit) {
  const auto m = static_cast<std::uint64_t>(mask);
  auto perturb = static_cast<std::uint64_t>(hash);
  std::uint64_t i = static_cast<std::uint64_t>(hash) & m;
  while (true) {
    const std::uint64_t run = (i + kLinearProbes <= m) ? kLinearProbes : 0;
    for (std::uint64_t k = 0; k <= run; ++k)
      if (visit(static_cast<std::int64_t>(i + k)))
        return;
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & m;
  }
}
} // namespace set_table_detail

} // namespace battgpu::dsl
