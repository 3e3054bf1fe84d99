// SetBuilder: a Python set being built, by CPython's table algorithms over typed elements, and
// the set operations the DSL's primitives perform with it (SPEC section 2, "Set order is
// CPython's"). Included by containers.hpp, after FrozenSet.
#pragma once

#include "battgpu/dsl/containers.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace battgpu::dsl {

/// A Python set being built: CPython's table algorithms over typed elements. Elements live in
/// a pool in the order they were added; the table holds their pool numbers. A table of up to
/// 8 slots (a set of up to 4 elements) lives inside the builder.
template <class T> class SetBuilder {
public:
  SetBuilder() { std::fill_n(small_, 8, SetLayout::kFree); }

  std::int64_t size() const { return used_; }
  /// Room for `n` elements in the pool (the table still grows as CPython's does).
  void reserve(std::size_t n) {
    pool_.reserve(n);
    hashes_.reserve(n);
  }

  /// `s.add(value)` (set_add_entry).
  void add(const T& value) { add_entry(value, python_hash(value)); }
  void add_entry(const T& value, std::int64_t hash) {
    std::int32_t* slots = table();
    std::int64_t free_slot = -1, deleted_slot = -1;
    bool present = false;
    set_table_detail::probe(hash, mask_, [&](std::int64_t s) {
      const std::int32_t id = slots[s];
      if (id == SetLayout::kFree) {
        free_slot = s;
        return true;
      }
      if (id == SetLayout::kDummy) {
        deleted_slot = s; // CPython keeps the last deleted slot it passed
        return false;
      }
      if (hashes_[static_cast<std::size_t>(id)] == hash &&
          pool_[static_cast<std::size_t>(id)] == value) {
        present = true;
        return true;
      }
      return false;
    });
    if (present)
      return;
    const std::int32_t id = push(value, hash);
    ++used_;
    if (deleted_slot >= 0) {
      slots[deleted_slot] = id;
      return;
    }
    slots[free_slot] = id;
    ++fill_;
    if (fill_ * 5 < mask_ * 3)
      return;
    resize(used_ > 50000 ? used_ * 2 : used_ * 4);
  }

  /// `s.discard(value)` (set_discard_entry): true when it was there.
  bool discard_entry(const T& value, std::int64_t hash) {
    const std::int64_t s = lookup(value, hash);
    if (s < 0)
      return false;
    table()[s] = SetLayout::kDummy;
    --used_;
    return true;
  }
  bool contains_entry(const T& value, std::int64_t hash) const { return lookup(value, hash) >= 0; }

  /// What set_difference_update_internal does after its discards: a resize that purges the
  /// deleted slots when they are more than a quarter of the table.
  void purge_if_sparse() {
    if (fill_ - used_ <= mask_ / 4)
      return;
    resize(used_ > 50000 ? used_ * 2 : used_ * 4);
  }

  /// `s |= other` or `set(other)` into an empty s (set_merge), for a frozenset `other`.
  void merge(const FrozenSet<T>& other) {
    merge_table(
        other.mask(), other.fill(), static_cast<std::int64_t>(other.size()),
        [&](std::int64_t s) { return other.slot(s); },
        [&](std::int32_t at) -> const T& { return other[static_cast<std::size_t>(at)]; },
        [&](std::int32_t at) { return other.hash_at(static_cast<std::size_t>(at)); });
  }
  /// The same for a set being built.
  void merge(const SetBuilder& other) {
    if (&other == this)
      return;
    const std::int32_t* slots = other.table();
    merge_table(
        other.mask_, other.fill_, other.used_, [&](std::int64_t s) { return slots[s]; },
        [&](std::int32_t id) -> const T& { return other.pool_[static_cast<std::size_t>(id)]; },
        [&](std::int32_t id) { return other.hashes_[static_cast<std::size_t>(id)]; });
  }

  /// The frozenset of this table, laid out slot for slot.
  FrozenSet<T> freeze() const {
    if (used_ == 0)
      return {};
    SetLayout layout = SetLayout::make(mask_, fill_, static_cast<std::size_t>(used_));
    std::vector<T> items;
    items.reserve(static_cast<std::size_t>(used_));
    std::int32_t* out_slots = layout.slots();
    std::int64_t* out_hashes = layout.hashes();
    const std::int32_t* slots = table();
    cpython::FrozenSetHash set_hash;
    for (std::int64_t s = 0; s <= mask_; ++s) {
      const std::int32_t id = slots[s];
      if (id < 0) {
        out_slots[s] = id;
        continue;
      }
      const auto at = static_cast<std::int32_t>(items.size());
      out_slots[s] = at;
      items.push_back(pool_[static_cast<std::size_t>(id)]);
      out_hashes[at] = hashes_[static_cast<std::size_t>(id)];
      set_hash.add(out_hashes[at]);
    }
    layout.set_hash(set_hash.finish(static_cast<std::uint64_t>(used_)));
    return FrozenSet<T>::adopt(SharedArray<T>(std::move(items)), std::move(layout));
  }

private:
  std::int32_t* table() { return mask_ == 7 ? small_ : large_.data(); }
  const std::int32_t* table() const { return mask_ == 7 ? small_ : large_.data(); }

  std::int32_t push(const T& value, std::int64_t hash) {
    pool_.push_back(value);
    hashes_.push_back(hash);
    return static_cast<std::int32_t>(pool_.size() - 1);
  }

  std::int64_t lookup(const T& value, std::int64_t hash) const {
    const std::int32_t* slots = table();
    std::int64_t found = -1;
    set_table_detail::probe(hash, mask_, [&](std::int64_t s) {
      const std::int32_t id = slots[s];
      if (id == SetLayout::kFree)
        return true;
      if (id >= 0 && hashes_[static_cast<std::size_t>(id)] == hash &&
          pool_[static_cast<std::size_t>(id)] == value) {
        found = s;
        return true;
      }
      return false;
    });
    return found;
  }

  /// set_insert_clean: the first free slot of the element's probe sequence.
  void insert_clean(std::int32_t id) {
    std::int32_t* slots = table();
    set_table_detail::probe(hashes_[static_cast<std::size_t>(id)], mask_, [&](std::int64_t s) {
      if (slots[s] != SetLayout::kFree)
        return false;
      slots[s] = id;
      return true;
    });
  }

  /// set_table_resize: the smallest power of two above `minused`, the live elements inserted
  /// afresh in slot order. A minimal table without deleted slots is left as it is.
  void resize(std::int64_t minused) {
    std::int64_t size = 8;
    while (size <= minused)
      size <<= 1;
    if (size == 8 && mask_ == 7 && fill_ == used_)
      return;
    const std::int64_t old_mask = mask_;
    std::vector<std::int32_t> old_large;
    std::int32_t old_small[8];
    const std::int32_t* old = nullptr;
    if (old_mask == 7) {
      std::copy_n(small_, 8, old_small);
      old = old_small;
    } else {
      old_large.swap(large_);
      old = old_large.data();
    }
    mask_ = size - 1;
    if (size == 8)
      std::fill_n(small_, 8, SetLayout::kFree);
    else
      large_.assign(static_cast<std::size_t>(size), SetLayout::kFree);
    fill_ = used_;
    for (std::int64_t s = 0; s <= old_mask; ++s)
      if (old[s] >= 0)
        insert_clean(old[s]);
  }

  template <class SlotOf, class ItemOf, class HashOf>
  void merge_table(std::int64_t omask, std::int64_t ofill, std::int64_t oused, SlotOf slot_of,
                   ItemOf item_of, HashOf hash_of) {
    if (oused == 0)
      return;
    if ((fill_ + oused) * 5 >= mask_ * 3)
      resize((used_ + oused) * 2);
    reserve(pool_.size() + static_cast<std::size_t>(oused));
    if (fill_ == 0 && mask_ == omask && ofill == oused) {
      std::int32_t* slots = table();
      for (std::int64_t s = 0; s <= omask; ++s) {
        const std::int32_t at = slot_of(s);
        if (at >= 0)
          slots[s] = push(item_of(at), hash_of(at));
      }
      fill_ = used_ = oused;
      return;
    }
    if (fill_ == 0) {
      fill_ = used_ = oused;
      for (std::int64_t s = 0; s <= omask; ++s) {
        const std::int32_t at = slot_of(s);
        if (at >= 0)
          insert_clean(push(item_of(at), hash_of(at)));
      }
      return;
    }
    for (std::int64_t s = 0; s <= omask; ++s) {
      const std::int32_t at = slot_of(s);
      if (at >= 0)
        add_entry(item_of(at), hash_of(at));
    }
  }

  std::vector<T> pool_;
  std::vector<std::int64_t> hashes_;
  std::int32_t small_[8];
  std::vector<std::int32_t> large_;
  std::int64_t mask_ = 7, fill_ = 0, used_ = 0;
};

/// `frozenset(s)` of a set s being built (set_merge into an empty table).
template <class T> FrozenSet<T> frozen_copy(const SetBuilder<T>& set) {
  SetBuilder<T> copy;
  copy.merge(set);
  return copy.freeze();
}

/// `a | b` (set_or: a copy of a, then b merged in).
template <class T> FrozenSet<T> set_union(const FrozenSet<T>& a, const FrozenSet<T>& b) {
  SetBuilder<T> out;
  out.merge(a);
  out.merge(b);
  return out.freeze();
}

/// `a | b` of two sets being built.
template <class T> SetBuilder<T> set_union(const SetBuilder<T>& a, const SetBuilder<T>& b) {
  SetBuilder<T> out;
  out.merge(a);
  out.merge(b);
  return out;
}

/// a's elements not in b, added in a's order: `frozenset(e for e in a if e not in b)`, and
/// what set_difference does when a is not much larger than b.
template <class T> FrozenSet<T> elements_not_in(const FrozenSet<T>& a, const FrozenSet<T>& b) {
  SetBuilder<T> out;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!b.contains_entry(a[i], a.hash_at(i)))
      out.add_entry(a[i], a.hash_at(i));
  return out.freeze();
}

/// `a & b` (set_intersection: `a & a` is a copy of a; otherwise the smaller set is iterated, b
/// on a tie, and probed in the other).
template <class T> FrozenSet<T> set_intersection(const FrozenSet<T>& a, const FrozenSet<T>& b) {
  SetBuilder<T> out;
  if (a.storage().same_storage(b.storage())) {
    out.merge(a);
    return out.freeze();
  }
  const FrozenSet<T>& iterated = b.size() <= a.size() ? b : a;
  const FrozenSet<T>& probed = b.size() <= a.size() ? a : b;
  for (std::size_t i = 0; i < iterated.size(); ++i)
    if (probed.contains_entry(iterated[i], iterated.hash_at(i)))
      out.add_entry(iterated[i], iterated.hash_at(i));
  return out.freeze();
}

/// `a - b` (set_difference): when a is more than four times larger than b, a copy of a with
/// b's elements discarded (the deleted slots purged by a resize when they are over a quarter
/// of the table); otherwise elements_not_in(a, b).
template <class T> FrozenSet<T> set_difference(const FrozenSet<T>& a, const FrozenSet<T>& b) {
  if ((a.size() >> 2) <= b.size())
    return elements_not_in(a, b);
  SetBuilder<T> out;
  out.merge(a);
  for (std::size_t i = 0; i < b.size(); ++i)
    out.discard_entry(b[i], b.hash_at(i));
  out.purge_if_sparse();
  return out.freeze();
}

} // namespace battgpu::dsl
