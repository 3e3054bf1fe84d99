// Immutable, reference-counted contiguous storage shared by the DSL's containers.
#pragma once

#include "battgpu/dsl/cancellation.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace battgpu::dsl {

/// A read-only array whose copies share one buffer. DSL values are immutable, so sharing is
/// safe and copying a value is a reference-count increment. A view may also point into a
/// larger buffer owned by someone else (an aliasing shared_ptr): that is how a batched
/// object extraction hands out thousands of objects without copying their cells.
template <class T> class SharedArray {
public:
  using value_type = T;
  using const_iterator = const T*;
  using iterator = const T*;

  SharedArray() = default;

  explicit SharedArray(std::vector<T>&& items) {
    cancellation_point(); // every primitive that builds a value passes here
    if (items.empty())
      return;
    if constexpr (std::is_same_v<T, bool>) {
      // std::vector<bool> packs bits and has no data(): copy into a plain array.
      std::shared_ptr<bool[]> copy(new bool[items.size()]);
      std::copy(items.begin(), items.end(), copy.get());
      size_ = static_cast<std::uint32_t>(items.size());
      data_ = std::shared_ptr<const T>(copy, copy.get());
    } else {
      // The vector's own buffer becomes the shared storage: no element is copied.
      auto holder = std::make_shared<const std::vector<T>>(std::move(items));
      size_ = static_cast<std::uint32_t>(holder->size());
      data_ = std::shared_ptr<const T>(holder, holder->data());
    }
  }

  explicit SharedArray(std::initializer_list<T> items) {
    if (items.size() == 0)
      return;
    if constexpr (std::is_same_v<T, bool>) {
      *this = SharedArray(std::vector<bool>(items)); // std::vector<bool> has no data()
    } else {
      auto holder = std::make_shared<const std::vector<T>>(items);
      size_ = static_cast<std::uint32_t>(holder->size());
      data_ = std::shared_ptr<const T>(holder, holder->data());
    }
  }

  /// A view of `count` elements at `first`, kept alive by `owner`.
  template <class Owner>
  SharedArray(const std::shared_ptr<Owner>& owner, const T* first, std::size_t count)
      : data_(owner, first), size_(static_cast<std::uint32_t>(count)) {}

  const T* begin() const { return data_.get(); }
  const T* end() const { return data_.get() + size_; }
  const T* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](std::size_t i) const { return data_.get()[i]; }
  std::span<const T> span() const { return {begin(), size_}; }

  /// True when both views show the same memory (a cheap equality shortcut).
  bool same_storage(const SharedArray& other) const {
    return size_ == other.size_ && data_.get() == other.data_.get();
  }

private:
  std::shared_ptr<const T> data_;
  std::uint32_t size_ = 0;
};

} // namespace battgpu::dsl
