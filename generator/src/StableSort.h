// A stable sort through std::sort: libstdc++'s std::stable_sort uses the deprecated
// std::get_temporary_buffer, which clang warns about.
#pragma once

#include <algorithm>
#include <numeric>
#include <vector>

namespace battgpu::rewrite {

/// Sorts `items` by `less`, keeping the order of equal items.
template <class T, class Less> void stableSort(std::vector<T>& items, Less less) {
  std::vector<size_t> order(items.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (less(items[a], items[b]))
      return true;
    if (less(items[b], items[a]))
      return false;
    return a < b;
  });
  std::vector<T> sorted;
  sorted.reserve(items.size());
  for (size_t i : order)
    sorted.push_back(std::move(items[i]));
  items = std::move(sorted);
}

} // namespace battgpu::rewrite
