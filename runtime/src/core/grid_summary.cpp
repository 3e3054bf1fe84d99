#include "core/grid_summary.hpp"

#include "battgpu/dsl/set_order.hpp"

#include <unordered_map>
#include <utility>
#include <vector>

namespace battgpu::runtime::detail {
namespace {

/// The first of `colours` (distinct, in first-seen order) with the highest count, iterating
/// them as CPython iterates the set built from them: max(set(values), key=values.count).
template <class CountOf> int most_common(std::span<int> colours, CountOf count_of) {
  dsl::to_cpython_set_order(colours);
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
  for (const auto& [colour, n] : counts)
    if (colour < s.background)
      s.below_background += n;
  return s;
}

template <bool Pack> GridSummary summarise(const dsl::Grid& grid, std::uint8_t* packed) {
  GridSummary s;
  s.cells = static_cast<std::uint32_t>(grid.cell_count());
  if (s.cells == 0)
    return s;
  // Four interleaved count tables keep the increments independent; colours are masked into
  // range so a stray value cannot write out of bounds before the check below sees it.
  std::uint32_t table[4][16] = {};
  const int* cells = grid.cells();
  unsigned bad = 0;
  std::uint32_t i = 0;
  for (; i + 4 <= s.cells; i += 4) {
    const unsigned c0 = static_cast<unsigned>(cells[i]), c1 = static_cast<unsigned>(cells[i + 1]);
    const unsigned c2 = static_cast<unsigned>(cells[i + 2]),
                   c3 = static_cast<unsigned>(cells[i + 3]);
    bad |= (c0 > 9) | (c1 > 9) | (c2 > 9) | (c3 > 9);
    ++table[0][c0 & 15];
    ++table[1][c1 & 15];
    ++table[2][c2 & 15];
    ++table[3][c3 & 15];
    if constexpr (Pack) {
      packed[i] = static_cast<std::uint8_t>(c0);
      packed[i + 1] = static_cast<std::uint8_t>(c1);
      packed[i + 2] = static_cast<std::uint8_t>(c2);
      packed[i + 3] = static_cast<std::uint8_t>(c3);
    }
  }
  for (; i < s.cells; ++i) {
    const unsigned c = static_cast<unsigned>(cells[i]);
    bad |= c > 9;
    ++table[0][c & 15];
    if constexpr (Pack)
      packed[i] = static_cast<std::uint8_t>(c);
  }
  if (bad)
    return summarise_general(grid);
  std::uint32_t counts[10];
  for (int c = 0; c < 10; ++c)
    counts[c] = table[0][c] + table[1][c] + table[2][c] + table[3][c];
  // First-seen order matters only for four or fewer colours (CPython's small table).
  int seen[10];
  int distinct = 0;
  for (int c = 0; c < 10; ++c)
    distinct += counts[c] != 0;
  int found = 0;
  if (distinct <= 4) {
    bool in_seen[10] = {};
    for (std::uint32_t k = 0; k < s.cells && found < distinct; ++k) {
      int c = cells[k];
      if (!in_seen[c]) {
        in_seen[c] = true;
        seen[found++] = c;
      }
    }
  } else {
    for (int c = 0; c < 10; ++c)
      if (counts[c] != 0)
        seen[found++] = c;
  }
  s.background = most_common(std::span<int>(seen, static_cast<std::size_t>(found)),
                             [&](int c) { return counts[c]; });
  s.foreground = s.cells - counts[s.background];
  for (int c = 0; c < s.background; ++c)
    s.below_background += counts[c];
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
