// Tuple and FrozenSet: the DSL's two container kinds, immutable and cheap to copy. A FrozenSet
// iterates in CPython's order: it is built by CPython's set algorithms (set_builder.hpp), so each
// primitive performs the set operations its Python source performs, in the same order.
#pragma once

#include "battgpu/cpython/hash.hpp"
#include "battgpu/dsl/set_table.hpp"
#include "battgpu/dsl/shared_array.hpp"

#include <algorithm>
#include <compare>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

namespace battgpu::dsl {

/// Python's tuple: ordered, duplicates kept.
template <class T> class Tuple {
public:
  using value_type = T;
  using const_iterator = const T*;
  using iterator = const T*;

  Tuple() = default;
  Tuple(std::initializer_list<T> items) : items_(items) {}
  explicit Tuple(std::vector<T>&& items) : items_(std::move(items)) {}
  explicit Tuple(SharedArray<T> items) : items_(std::move(items)) {}

  const T* begin() const { return items_.begin(); }
  const T* end() const { return items_.end(); }
  std::size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  const T& operator[](std::size_t i) const { return items_[i]; }
  const SharedArray<T>& storage() const { return items_; }

  bool contains(const T& value) const { return std::find(begin(), end(), value) != end(); }

  friend bool operator==(const Tuple& a, const Tuple& b) {
    return a.items_.same_storage(b.items_) || std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  friend auto operator<=>(const Tuple& a, const Tuple& b) {
    return std::lexicographical_compare_three_way(a.begin(), a.end(), b.begin(), b.end());
  }

private:
  SharedArray<T> items_;
};

/// CPython's hash of a DSL value: ints, booleans, pairs and tuples here, frozensets below, Cell
/// and Grid in values.hpp.
inline std::int64_t python_hash(int value) {
  return cpython::hash_int(value);
}
inline std::int64_t python_hash(bool value) {
  return value ? 1 : 0;
}
template <class A, class B> std::int64_t python_hash(const std::pair<A, B>& p);
template <class T> std::int64_t python_hash(const Tuple<T>& tuple);

template <class T> class SetBuilder;

/// Python's frozenset: distinct elements in CPython's iteration order, with the table they sit
/// in (set_table.hpp), so that sets made from this one are laid out as CPython lays them out.
template <class T> class FrozenSet {
public:
  using value_type = T;
  using const_iterator = const T*;
  using iterator = const T*;

  FrozenSet() = default;
  /// `frozenset((a, b, ...))`: the items added in this order.
  FrozenSet(std::initializer_list<T> items);
  /// `frozenset(items)` for a tuple, list or generator giving `items` in this order.
  explicit FrozenSet(std::vector<T>&& items);

  /// A set whose table is `layout` (its elements `items` in slot order).
  static FrozenSet adopt(SharedArray<T> items, SetLayout layout) {
    FrozenSet set;
    set.items_ = std::move(items);
    set.layout_ = std::move(layout);
    return set;
  }

  const T* begin() const { return items_.begin(); }
  const T* end() const { return items_.end(); }
  std::size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  const T& operator[](std::size_t i) const { return items_[i]; }
  const SharedArray<T>& storage() const { return items_; }

  /// The table's mask and fill (an empty set has CPython's minimal table).
  std::int64_t mask() const { return layout_.mask(); }
  std::int64_t fill() const { return layout_.fill(); }
  /// The element in slot `s`: its position in iteration order, or SetLayout::kFree / kDummy.
  std::int32_t slot(std::int64_t s) const {
    return layout_ ? layout_.slots()[s] : SetLayout::kFree;
  }
  /// The hash of element `i` (in iteration order).
  std::int64_t hash_at(std::size_t i) const { return layout_.hashes()[i]; }
  /// `hash(self)`.
  std::int64_t set_hash() const {
    if (layout_)
      return layout_.hash();
    return cpython::FrozenSetHash().finish(0);
  }

  /// The position of the element equal to `value` (whose hash is `hash`), or -1.
  std::int64_t find(const T& value, std::int64_t hash) const {
    if (!layout_)
      return -1;
    std::int64_t found = -1;
    const std::int32_t* slots = layout_.slots();
    const std::int64_t* hashes = layout_.hashes();
    set_table_detail::probe(hash, layout_.mask(), [&](std::int64_t s) {
      const std::int32_t at = slots[s];
      if (at == SetLayout::kFree)
        return true;
      if (at >= 0 && hashes[at] == hash && items_[static_cast<std::size_t>(at)] == value) {
        found = at;
        return true;
      }
      return false;
    });
    return found;
  }
  bool contains(const T& value) const;
  bool contains_entry(const T& value, std::int64_t hash) const { return find(value, hash) >= 0; }

  /// Elements in ascending order.
  std::vector<T> sorted() const {
    std::vector<T> out(begin(), end());
    std::sort(out.begin(), out.end());
    return out;
  }

  friend bool operator==(const FrozenSet& a, const FrozenSet& b) {
    if (a.size() != b.size())
      return false;
    if (a.items_.same_storage(b.items_))
      return true;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!b.contains_entry(a[i], a.hash_at(i)))
        return false;
    return true;
  }
  /// A total order for C++ containers (not Python's `<`, which is the subset test): sets
  /// compare lexicographically by their ascending elements.
  friend auto operator<=>(const FrozenSet& a, const FrozenSet& b) {
    auto x = a.sorted(), y = b.sorted();
    return std::lexicographical_compare_three_way(x.begin(), x.end(), y.begin(), y.end());
  }

private:
  SharedArray<T> items_;
  SetLayout layout_; // null for the empty set
};

template <class T> std::int64_t python_hash(const FrozenSet<T>& set) {
  return set.set_hash();
}

} // namespace battgpu::dsl

#include "battgpu/dsl/set_builder.hpp"

namespace battgpu::dsl {

template <class T> FrozenSet<T>::FrozenSet(std::vector<T>&& items) {
  SetBuilder<T> builder;
  builder.reserve(items.size());
  for (const T& v : items)
    builder.add(v);
  *this = builder.freeze();
}
template <class T> FrozenSet<T>::FrozenSet(std::initializer_list<T> items) {
  SetBuilder<T> builder;
  for (const T& v : items)
    builder.add(v);
  *this = builder.freeze();
}
template <class T> bool FrozenSet<T>::contains(const T& value) const {
  return !empty() && find(value, python_hash(value)) >= 0;
}

template <class A, class B> std::int64_t python_hash(const std::pair<A, B>& p) {
  cpython::TupleHash h;
  h.add(python_hash(p.first));
  h.add(python_hash(p.second));
  return h.finish(2);
}
template <class T> std::int64_t python_hash(const Tuple<T>& tuple) {
  cpython::TupleHash h;
  for (const T& v : tuple)
    h.add(python_hash(v));
  return h.finish(tuple.size());
}

} // namespace battgpu::dsl
