#include "core/grid_summary.hpp"

#include "battgpu/dsl/set_order.hpp"

#include <unordered_map>
#include <utility>
#include <vector>

namespace battgpu::runtime::detail {
namespace {

/// The first of `colours` (distinct, in first-seen order) with the highest count, iterating
/// them as CPython iterates the set built from them: max(set(values), key=values.count).
template <class CountOf> int most_common(std::vector<int>& colours, CountOf count_of) {
  dsl::to_cpython_set_order(std::span<int>(colours));
  int best = colours.front();
  std::uint64_t best_count = count_of(best);
  for (std::size_t k = 1; k < colours.size(); ++k) {
    std::uint64_t c = count_of(colours[k]);
    if (c > best_count) {
      best = colours[k];
      best_count = c;
    }
  }
  return best;
}

GridSummary summarise_general(const dsl::Grid& grid) {
  GridSummary s;
  s.cells = static_cast<std::uint32_t>(grid.cell_count());
  s.small_colours = false;
  if (s.cells == 0)
    return s;
  std::vector<int> seen;
  std::unordered_map<int, std::uint32_t> counts;
  const int* cells = grid.cells();
  for (std::uint32_t i = 0; i < s.cells; ++i) {
    auto [it, inserted] = counts.try_emplace(cells[i], 0);
    if (inserted)
      seen.push_back(cells[i]);
    ++it->second;
  }
  s.small_colours = true;
  for (int c : seen)
    if (c < 0 || c > 9)
      s.small_colours = false;
  s.background = most_common(seen, [&](int c) { return counts[c]; });
  s.foreground = s.cells - counts[s.background];
  return s;
}

template <bool Pack> GridSummary summarise(const dsl::Grid& grid, std::uint8_t* packed) {
  GridSummary s;
  s.cells = static_cast<std::uint32_t>(grid.cell_count());
  if (s.cells == 0)
    return s;
  std::uint32_t counts[10] = {};
  const int* cells = grid.cells();
  for (std::uint32_t i = 0; i < s.cells; ++i) {
    unsigned c = static_cast<unsigned>(cells[i]);
    if (c > 9)
      return summarise_general(grid);
    ++counts[c];
    if constexpr (Pack)
      packed[i] = static_cast<std::uint8_t>(c);
  }
  // First-seen order matters only for four or fewer colours (CPython's small table).
  std::vector<int> seen;
  seen.reserve(10);
  int distinct = 0;
  for (int c = 0; c < 10; ++c)
    distinct += counts[c] != 0;
  if (distinct <= 4) {
    bool in_seen[10] = {};
    for (std::uint32_t i = 0; i < s.cells && static_cast<int>(seen.size()) < distinct; ++i) {
      int c = cells[i];
      if (!in_seen[c]) {
        in_seen[c] = true;
        seen.push_back(c);
      }
    }
  } else {
    for (int c = 0; c < 10; ++c)
      if (counts[c] != 0)
        seen.push_back(c);
  }
  s.background = most_common(seen, [&](int c) { return counts[c]; });
  s.foreground = s.cells - counts[s.background];
  return s;
}

} // namespace

GridSummary summarise_grid(const dsl::Grid& grid) {
  return summarise<false>(grid, nullptr);
}

GridSummary summarise_and_pack(const dsl::Grid& grid, std::uint8_t* packed) {
  return summarise<true>(grid, packed);
}

} // namespace battgpu::runtime::detail
