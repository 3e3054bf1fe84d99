// Tuple and FrozenSet: the DSL's two container kinds, immutable and cheap to copy.
#pragma once

#include "battgpu/dsl/set_order.hpp"
#include "battgpu/dsl/shared_array.hpp"

#include <algorithm>
#include <compare>
#include <initializer_list>
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

/// Python's frozenset. Elements are distinct and stored in the DSL's fixed iteration order
/// (set_order.hpp): ascending for every element type but small integers, which keep
/// CPython's order and so depend on the order in which they were first seen.
template <class T> class FrozenSet {
public:
  using value_type = T;
  using const_iterator = const T*;
  using iterator = const T*;

  FrozenSet() = default;
  FrozenSet(std::initializer_list<T> items) : FrozenSet(std::vector<T>(items)) {}

  /// Builds the set of `items`, given in the order Python would have seen them.
  explicit FrozenSet(std::vector<T>&& items) : items_(canonicalize(std::move(items))) {}

  /// Adopts storage already distinct and in iteration order (no check).
  static FrozenSet from_canonical(SharedArray<T> items) {
    FrozenSet set;
    set.items_ = std::move(items);
    return set;
  }
  static FrozenSet from_canonical(std::vector<T>&& items) {
    return from_canonical(SharedArray<T>(std::move(items)));
  }

  const T* begin() const { return items_.begin(); }
  const T* end() const { return items_.end(); }
  std::size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  const T& operator[](std::size_t i) const { return items_[i]; }
  const SharedArray<T>& storage() const { return items_; }

  bool contains(const T& value) const {
    if constexpr (SmallIntegerElement<T>)
      return std::find(begin(), end(), value) != end();
    else
      return std::binary_search(begin(), end(), value);
  }

  /// Elements in ascending order (the iteration order, except for small integers).
  std::vector<T> sorted() const {
    std::vector<T> out(begin(), end());
    if constexpr (SmallIntegerElement<T>)
      std::sort(out.begin(), out.end());
    return out;
  }

  friend bool operator==(const FrozenSet& a, const FrozenSet& b) {
    if (a.size() != b.size())
      return false;
    if (a.items_.same_storage(b.items_))
      return true;
    if constexpr (SmallIntegerElement<T>)
      return std::all_of(a.begin(), a.end(), [&](const T& v) { return b.contains(v); });
    else
      return std::equal(a.begin(), a.end(), b.begin());
  }
  /// Sets order lexicographically by their ascending elements (SPEC section 2).
  friend auto operator<=>(const FrozenSet& a, const FrozenSet& b) {
    if constexpr (SmallIntegerElement<T>) {
      auto x = a.sorted(), y = b.sorted();
      return std::lexicographical_compare_three_way(x.begin(), x.end(), y.begin(), y.end());
    } else {
      return std::lexicographical_compare_three_way(a.begin(), a.end(), b.begin(), b.end());
    }
  }

private:
  static SharedArray<T> canonicalize(std::vector<T>&& items) {
    if constexpr (SmallIntegerElement<T>) {
      std::vector<T> distinct;
      distinct.reserve(items.size());
      for (const T& v : items)
        if (std::find(distinct.begin(), distinct.end(), v) == distinct.end())
          distinct.push_back(v);
      to_cpython_set_order(std::span<T>(distinct));
      return SharedArray<T>(std::move(distinct));
    } else {
      std::sort(items.begin(), items.end());
      items.erase(std::unique(items.begin(), items.end()), items.end());
      return SharedArray<T>(std::move(items));
    }
  }

  SharedArray<T> items_;
};

} // namespace battgpu::dsl
