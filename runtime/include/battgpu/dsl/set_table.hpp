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

#include <algorithm>
#include <cstdint>
#include <memory>

namespace battgpu::dsl {

/// The table of a frozen set: which element (by its position in iteration order) sits in which
/// slot, as CPython placed it, and each element's hash. One block holds it all: the header
/// (mask, fill, the set's own hash), the hashes in iteration order, then the slots. A null
/// layout is the empty set's minimal table.
class SetLayout {
public:
  static constexpr std::int32_t kFree = -1;
  static constexpr std::int32_t kDummy = -2; ///< a deleted slot (left by a discard)

  SetLayout() = default;
  /// A layout of `size` elements in a table of `mask + 1` slots, every slot free; the hashes
  /// and the set's hash are the caller's to write.
  static SetLayout make(std::int64_t mask, std::int64_t fill, std::size_t size) {
    auto block = std::make_shared_for_overwrite<std::int64_t[]>(words(mask, size));
    std::int64_t* at = block.get();
    return in_block(std::move(block), at, mask, fill, size);
  }
  /// The words of a layout of `size` elements in a table of `mask + 1` slots.
  static std::size_t words(std::int64_t mask, std::size_t size) {
    return kHeader + size + (static_cast<std::size_t>(mask + 1) + 1) / 2;
  }
  /// The same inside a larger block `owner` (words(mask, size) words at `at`), which it keeps
  /// alive: the layouts of many sets made together (an extraction's objects) in one block.
  static SetLayout in_block(std::shared_ptr<std::int64_t[]> owner, std::int64_t* at,
                            std::int64_t mask, std::int64_t fill, std::size_t size) {
    SetLayout l;
    l.block_ = std::shared_ptr<std::int64_t[]>(std::move(owner), at);
    l.block_[0] = mask;
    l.block_[1] = fill;
    l.block_[2] = 0;
    l.size_ = size;
    std::fill_n(l.slots(), static_cast<std::size_t>(mask + 1), kFree);
    return l;
  }

  explicit operator bool() const { return block_ != nullptr; }
  std::int64_t mask() const { return block_ ? block_[0] : 7; }
  std::int64_t fill() const { return block_ ? block_[1] : 0; }
  /// The frozenset's hash (frozenset_hash).
  std::int64_t hash() const { return block_[2]; }
  void set_hash(std::int64_t h) { block_[2] = h; }
  std::int64_t* hashes() { return block_.get() + kHeader; }
  const std::int64_t* hashes() const { return block_.get() + kHeader; }
  std::int32_t* slots() { return reinterpret_cast<std::int32_t*>(hashes() + size_); }
  const std::int32_t* slots() const {
    return reinterpret_cast<const std::int32_t*>(hashes() + size_);
  }

private:
  static constexpr std::size_t kHeader = 3;
  std::shared_ptr<std::int64_t[]> block_;
  std::size_t size_ = 0;
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
