#include "cpu/labeler.hpp"

#include <algorithm>
#include <numeric>

namespace battgpu::runtime::detail {

std::uint32_t CpuLabeler::find(std::uint32_t x) {
  while (parent_[x] != x) {
    parent_[x] = parent_[parent_[x]];
    x = parent_[x];
  }
  return x;
}

void CpuLabeler::unite(std::uint32_t a, std::uint32_t b) {
  a = find(a);
  b = find(b);
  if (a < b)
    parent_[b] = a;
  else if (b < a)
    parent_[a] = b;
}

void CpuLabeler::emit(const dsl::Grid& grid, bool skip_background, dsl::Cell* out,
                      std::uint32_t* mask) {
  const std::uint32_t n = static_cast<std::uint32_t>(grid.cell_count());
  const int w = grid.width();
  const int* colours = grid.cells();
  std::fill(count_.begin(), count_.begin() + n, 0u);
  order_.clear();
  auto visit = [&](auto&& body) {
    for (std::uint32_t k = 0; k < n; ++k) {
      if (skip_background && k == background_begin_) {
        k = background_end_ - 1;
        continue;
      }
      body(perm_[k]);
    }
  };
  visit([&](std::uint32_t i) {
    std::uint32_t r = find(i);
    root_[i] = r;
    rank_[i] = count_[r]++;
    if (rank_[i] == 0)
      order_.push_back(r);
  });
  std::uint32_t total = 0;
  for (std::uint32_t r : order_) {
    std::uint32_t size = count_[r];
    count_[r] = total;
    mask[total >> 5] |= 1u << (total & 31);
    total += size;
  }
  visit([&](std::uint32_t i) {
    dsl::Cell& c = out[count_[root_[i]] + rank_[i]];
    c.color = colours[i];
    c.index = {static_cast<int>(i / w), static_cast<int>(i % w)};
  });
}

void CpuLabeler::label(const dsl::Grid& grid, int background, std::uint32_t families,
                       const FamilyLayout& layout, dsl::Cell* cells, std::uint32_t* masks) {
  const std::uint32_t n = static_cast<std::uint32_t>(grid.cell_count());
  if (n == 0)
    return;
  const std::uint32_t h = static_cast<std::uint32_t>(grid.height());
  const std::uint32_t w = static_cast<std::uint32_t>(grid.width());
  const int* colour = grid.cells();
  if (parent_.size() < n) {
    parent_.resize(n);
    perm_.resize(n);
    count_.resize(n);
    rank_.resize(n);
    root_.resize(n);
  }
  std::fill(masks, masks + layout.words, 0u);

  // Cells ordered by (colour, row, col): a stable counting sort for ARC colours, a stable sort
  // otherwise.
  bool small = std::all_of(colour, colour + n, [](int c) { return c >= 0 && c <= 9; });
  if (small) {
    std::uint32_t start[11] = {};
    for (std::uint32_t i = 0; i < n; ++i)
      ++start[colour[i] + 1];
    for (int c = 0; c < 10; ++c)
      start[c + 1] += start[c];
    background_begin_ = (background >= 0 && background <= 9) ? start[background] : 0;
    background_end_ = (background >= 0 && background <= 9) ? start[background + 1] : 0;
    for (std::uint32_t i = 0; i < n; ++i)
      perm_[start[colour[i]]++] = i;
  } else {
    std::iota(perm_.begin(), perm_.begin() + n, 0u);
    std::stable_sort(perm_.begin(), perm_.begin() + n,
                     [&](std::uint32_t a, std::uint32_t b) { return colour[a] < colour[b]; });
    auto first = std::find_if(perm_.begin(), perm_.begin() + n,
                              [&](std::uint32_t i) { return colour[i] == background; });
    auto last = std::find_if(first, perm_.begin() + n,
                             [&](std::uint32_t i) { return colour[i] != background; });
    background_begin_ = static_cast<std::uint32_t>(first - perm_.begin());
    background_end_ = static_cast<std::uint32_t>(last - perm_.begin());
  }
  if (background_begin_ == background_end_)
    background_begin_ = background_end_ = n + 1; // no background cell: nothing to skip

  if (families & family_bit(kWhole)) {
    dsl::Cell* out = cells + layout.cell_off[kWhole];
    for (std::uint32_t k = 0; k < n; ++k) {
      std::uint32_t i = perm_[k];
      out[k].color = colour[i];
      out[k].index = {static_cast<int>(i / w), static_cast<int>(i % w)};
    }
  }

  auto same = [&](std::uint32_t a, std::uint32_t b) { return colour[a] == colour[b]; };
  auto both_fg = [&](std::uint32_t a, std::uint32_t b) {
    return colour[a] != background && colour[b] != background;
  };
  // Unites every pair of neighbours (4 or 8) that `joined` accepts.
  auto unite_neighbours = [&](bool diagonal, auto joined) {
    for (std::uint32_t r = 0; r < h; ++r)
      for (std::uint32_t c = 0; c < w; ++c) {
        std::uint32_t i = r * w + c;
        if (c > 0 && joined(i, i - 1))
          unite(i, i - 1);
        if (r > 0) {
          std::uint32_t up = i - w;
          if (joined(i, up))
            unite(i, up);
          if (diagonal) {
            if (c > 0 && joined(i, up - 1))
              unite(i, up - 1);
            if (c + 1 < w && joined(i, up + 1))
              unite(i, up + 1);
          }
        }
      }
  };

  for (bool diagonal : {false, true}) {
    const int l_family = diagonal ? kL8 : kL4;
    const int f_family = diagonal ? kF8 : kF4;
    const std::uint32_t with_bg = diagonal ? kL8WithBackground : kL4WithBackground;
    if (!(families & (family_bit(l_family) | family_bit(f_family))))
      continue;
    // Same-colour components, then their coarsening: foreground components (neighbours of
    // different foreground colours joined too).
    std::iota(parent_.begin(), parent_.begin() + n, 0u);
    unite_neighbours(diagonal, same);
    if (families & family_bit(l_family))
      emit(grid, !(families & with_bg), cells + layout.cell_off[l_family],
           masks + layout.mask_off[l_family]);
    if (families & family_bit(f_family)) {
      unite_neighbours(diagonal, both_fg);
      emit(grid, true, cells + layout.cell_off[f_family], masks + layout.mask_off[f_family]);
    }
  }
}

} // namespace battgpu::runtime::detail
