// Connected-component labelling of one grid by one warp, in shared memory, for every family
// of core/layout.hpp, with the results written in canonical order.
//
// The grid (at most MaxCells cells) sits in the warp's own shared-memory slab; the warp's 32
// lanes walk it in row-major chunks of 32 cells, so no block-wide barrier is ever needed and
// small grids do not leave a whole block idle.
//
// Per grid:
//  1. colours are loaded and counting-sorted by colour (stable): `perm` lists the cells by
//     (colour, row, col), which is both the whole-grid object and the order every family's
//     objects and cells are emitted in;
//  2. per family, a union-find labelling: parents start at the first cell of each horizontal
//     run of joined cells, vertical (and diagonal) neighbours are united with atomicMin
//     hooking (a root always hooks under the smaller root, so a component's root is its first
//     cell), skipping pairs already implied by the neighbouring column; the foreground
//     families coarsen the same-colour labelling by uniting differently coloured foreground
//     neighbours only;
//  3. emission: walking `perm`, each cell's rank inside its object comes from __match_any_sync
//     on the root plus a per-root counter, and an object's first cell in `perm` order fixes
//     its place among the objects (objects sort by their smallest cell); a warp scan of the
//     object sizes gives each object's first position, the cells are scattered to an inverse
//     permutation in shared memory, and written out coalesced together with the bit mask of
//     object starts: as dsl::Cell words (the cells result layout; staged in shared memory and
//     stored as 16-byte words) or as 16-bit cell indices (the compact layout: 2 bytes a cell
//     instead of 12, the host expands them).
#pragma once

#include "core/layout.hpp"

#include <cub/warp/warp_scan.cuh>

#include <cstdint>
#include <type_traits>

namespace battgpu::runtime::cuda::kernels {

using detail::FamilyLayout;
using detail::GpuGridDesc;

constexpr unsigned kFullMask = 0xFFFFFFFFu;

template <int MaxCells> struct WarpSlab {
  int parent[MaxCells];          ///< union-find parents; after emission: root | rank << 16
  std::uint16_t perm[MaxCells];  ///< cells by (colour, row, col)
  std::uint16_t count[MaxCells]; ///< per root: cells seen, then the object's first position
  std::uint16_t order[MaxCells]; ///< roots in object order, then position -> cell
  alignas(4) std::uint8_t colour[MaxCells];
  std::uint16_t hist[16];  ///< cells per colour
  std::uint16_t start[16]; ///< first position of each colour in perm
  std::uint16_t run[16];
  typename cub::WarpScan<int>::TempStorage scan;
};

/// The slab of the cells result layout: also a staging area for the dsl::Cell words.
template <int MaxCells> struct ValueSlab : WarpSlab<MaxCells> {
  uint4 stage[24]; ///< 32 cells as dsl::Cell words, on their way out
};

/// The slab and the result cell type of each layout: Values writes dsl::Cell words (3 ints a
/// cell), otherwise uint16 cell indices.
template <int MaxCells, bool Values>
using SlabFor = std::conditional_t<Values, ValueSlab<MaxCells>, WarpSlab<MaxCells>>;
template <bool Values> using CellOut = std::conditional_t<Values, int, std::uint16_t>;
/// Result words of one cell.
template <bool Values> constexpr int kCellWords = Values ? 3 : 1;

/// The grid's geometry with a division-free row of a cell index.
struct Shape {
  int n;
  int w;
  unsigned magic; ///< ceil(2^21 / w): i * magic >> 21 == i / w for i < 2048, w <= 2048
  __device__ int row(int i) const {
    return static_cast<int>(static_cast<unsigned>(i) * magic >> 21);
  }
  __device__ int col(int i) const { return i - row(i) * w; }
};

__device__ inline unsigned lane_id() {
  return threadIdx.x & 31u;
}
__device__ inline unsigned lanes_below() {
  return (1u << lane_id()) - 1u;
}
__device__ inline unsigned highest_lane(unsigned mask) {
  return 31u - static_cast<unsigned>(__clz(mask));
}

__device__ inline int find_root(const volatile int* parent, int x) {
  int p = parent[x];
  while (p != x) {
    x = p;
    p = parent[x];
  }
  return x;
}

/// Unites the components of cells a and b: the larger root hooks under the smaller one.
__device__ inline void unite(int* parent, int a, int b) {
  const volatile int* vp = parent;
  bool done;
  do {
    a = find_root(vp, a);
    b = find_root(vp, b);
    if (a < b) {
      int old = atomicMin(parent + b, a);
      done = old == b;
      b = old;
    } else if (b < a) {
      int old = atomicMin(parent + a, b);
      done = old == a;
      a = old;
    } else {
      done = true;
    }
  } while (!done);
}

/// Parents start at the first cell of each horizontal run of joined cells.
template <int MaxCells, class Joined>
__device__ void init_runs(WarpSlab<MaxCells>& s, const Shape& g, Joined joined) {
  const unsigned lane = lane_id();
  int carry = 0;
  for (int base = 0; base < g.n; base += 32) {
    const int i = base + static_cast<int>(lane);
    const bool valid = i < g.n;
    const bool start = valid && (g.col(i) == 0 || !joined(i, i - 1));
    const unsigned starts = __ballot_sync(kFullMask, start);
    const unsigned upto = starts & ((2u << lane) - 1u);
    const int first = upto != 0 ? base + static_cast<int>(highest_lane(upto)) : carry;
    if (valid)
      s.parent[i] = first;
    carry = __shfl_sync(kFullMask, first, 31);
  }
  __syncwarp();
}

/// Unites vertically (and, with Diagonal, diagonally) joined neighbours, skipping pairs that
/// the neighbouring column already connects.
template <bool Diagonal, int MaxCells, class Joined>
__device__ void unite_rows(WarpSlab<MaxCells>& s, const Shape& g, Joined joined) {
  for (int i = g.w + static_cast<int>(lane_id()); i < g.n; i += 32) {
    const int x = g.col(i);
    const int up = i - g.w;
    const bool left = x > 0 && joined(i, i - 1);
    const bool vertical = joined(i, up);
    if (vertical && !(left && joined(up, up - 1)))
      unite(s.parent, i, up);
    if constexpr (Diagonal) {
      if (x > 0 && !left && !vertical && joined(i, up - 1))
        unite(s.parent, i, up - 1);
      if (x + 1 < g.w && !vertical && !joined(i, i + 1) && joined(i, up + 1))
        unite(s.parent, i, up + 1);
    }
  }
  __syncwarp();
}

/// Coarsens a same-colour labelling into the foreground one: unites neighbouring foreground
/// cells of different colours (same-colour neighbours are united already).
template <bool Diagonal, int MaxCells>
__device__ void unite_foreground(WarpSlab<MaxCells>& s, const Shape& g, int background) {
  for (int i = static_cast<int>(lane_id()); i < g.n; i += 32) {
    const int c = s.colour[i];
    if (c == background)
      continue;
    const int x = g.col(i);
    const bool left = x > 0 && s.colour[i - 1] != background;
    if (left && s.colour[i - 1] != c)
      unite(s.parent, i, i - 1);
    if (i < g.w)
      continue;
    const int up = i - g.w;
    const bool vertical = s.colour[up] != background;
    if (vertical && s.colour[up] != c)
      unite(s.parent, i, up);
    if constexpr (Diagonal) {
      if (!vertical) {
        if (x > 0 && !left && s.colour[up - 1] != background && s.colour[up - 1] != c)
          unite(s.parent, i, up - 1);
        const bool right = x + 1 < g.w && s.colour[i + 1] != background;
        if (x + 1 < g.w && !right && s.colour[up + 1] != background && s.colour[up + 1] != c)
          unite(s.parent, i, up + 1);
      }
    }
  }
  __syncwarp();
}

/// Every parent becomes its root (and ranks of an earlier emission are dropped). Roots are
/// found first (into `count`, free outside emission) and stored after a barrier, so no lane
/// walks a parent another lane is rewriting.
template <int MaxCells> __device__ void flatten(WarpSlab<MaxCells>& s, const Shape& g) {
  for (int i = static_cast<int>(lane_id()); i < g.n; i += 32)
    s.parent[i] &= 0xFFFF;
  __syncwarp();
  for (int i = static_cast<int>(lane_id()); i < g.n; i += 32)
    s.count[i] = static_cast<std::uint16_t>(find_root(s.parent, i));
  __syncwarp();
  for (int i = static_cast<int>(lane_id()); i < g.n; i += 32)
    s.parent[i] = s.count[i];
  __syncwarp();
}

/// Writes `count` cells, the p-th being cell source(p), as dsl::Cell words (colour, row, col),
/// and zeros up to the next multiple of 4 cells (`out` is 16-byte aligned and the layout pads
/// families so): 32 cells at a time are staged in shared memory and stored as 16-byte words.
template <int MaxCells, class Source>
__device__ void write_cells(ValueSlab<MaxCells>& s, const Shape& g, int* out, int count,
                            Source source) {
  const int lane = static_cast<int>(lane_id());
  auto* stage = reinterpret_cast<int*>(s.stage);
  auto* out4 = reinterpret_cast<uint4*>(out);
  const int padded = (count + 3) & ~3;
  for (int base = 0; base < padded; base += 32) {
    const int p = base + lane;
    int colour = 0, r = 0, c = 0;
    if (p < count) {
      const int i = source(p);
      colour = s.colour[i];
      r = g.row(i);
      c = i - r * g.w;
    }
    stage[3 * lane] = colour;
    stage[3 * lane + 1] = r;
    stage[3 * lane + 2] = c;
    __syncwarp();
    const int vectors = (3 * min(32, padded - base)) / 4;
    if (lane < vectors)
      out4[(base / 32) * 24 + lane] = s.stage[lane];
    __syncwarp();
  }
}

/// Writes `count` cells, the p-th being cell source(p), as the cell's row-major index in the
/// grid (uint16; the host recovers colour, row and column from its own copy of the grid), and
/// zeros up to the next multiple of 4 cells (the layout pads families so). Each lane stores one
/// index: a warp writes 64 contiguous bytes.
template <int MaxCells, class Source>
__device__ void write_cells(WarpSlab<MaxCells>&, const Shape&, std::uint16_t* out, int count,
                            Source source) {
  const int lane = static_cast<int>(lane_id());
  const int padded = (count + 3) & ~3;
  for (int p = lane; p < padded; p += 32)
    out[p] = p < count ? static_cast<std::uint16_t>(source(p)) : std::uint16_t{0};
}

/// Emits the labelled family: its objects in canonical order, cells and start mask. With
/// `skip`, the `skip_count` cells at perm positions from `skip_begin` (the background colour)
/// are left out.
template <class Slab, class Out>
__device__ void emit_family(Slab& s, const Shape& g, bool skip, int skip_begin, int skip_count,
                            Out* out, std::uint32_t* mask) {
  using WarpScan = cub::WarpScan<int>;
  const unsigned lane = lane_id();
  const int total = skip ? g.n - skip_count : g.n;
  auto perm_at = [&](int k) {
    return static_cast<int>(s.perm[(skip && k >= skip_begin) ? k + skip_count : k]);
  };

  for (int i = static_cast<int>(lane); i < g.n; i += 32)
    s.count[i] = 0;
  __syncwarp();

  // Ranks inside objects, and the objects in order of their first cell.
  int objects = 0;
  for (int base = 0; base < total; base += 32) {
    const int k = base + static_cast<int>(lane);
    const bool valid = k < total;
    const int i = valid ? perm_at(k) : 0;
    const int root = valid ? s.parent[i] : -1;
    const unsigned same = __match_any_sync(kFullMask, root);
    const int rank = valid ? static_cast<int>(s.count[root]) + __popc(same & lanes_below()) : 1;
    const bool first = valid && rank == 0;
    const unsigned firsts = __ballot_sync(kFullMask, first);
    __syncwarp();
    if (first)
      s.order[objects + __popc(firsts & lanes_below())] = static_cast<std::uint16_t>(root);
    objects += __popc(firsts);
    if (valid) {
      if (lane == highest_lane(same))
        s.count[root] = static_cast<std::uint16_t>(rank + 1);
      s.parent[i] = root | (rank << 16);
    }
    __syncwarp();
  }

  // Each object's first position: an exclusive scan of the sizes in object order.
  int running = 0;
  for (int base = 0; base < objects; base += 32) {
    const int j = base + static_cast<int>(lane);
    const int root = j < objects ? s.order[j] : 0;
    const int size = j < objects ? s.count[root] : 0;
    int inclusive = 0;
    WarpScan(s.scan).InclusiveSum(size, inclusive);
    if (j < objects)
      s.count[root] = static_cast<std::uint16_t>(running + inclusive - size);
    running += __shfl_sync(kFullMask, inclusive, 31);
  }
  __syncwarp();

  // Scatter: output position -> cell.
  for (int k = static_cast<int>(lane); k < total; k += 32) {
    const int i = perm_at(k);
    const int v = s.parent[i];
    s.order[s.count[v & 0xFFFF] + (v >> 16)] = static_cast<std::uint16_t>(i);
  }
  __syncwarp();

  write_cells(s, g, out, total, [&](int p) { return static_cast<int>(s.order[p]); });
  for (int base = 0; base < total; base += 32) {
    const int p = base + static_cast<int>(lane);
    const bool starts = p < total && (s.parent[s.order[p]] >> 16) == 0;
    const unsigned bits = __ballot_sync(kFullMask, starts);
    if (lane == 0)
      mask[base >> 5] = bits;
  }
  __syncwarp();
}

/// All requested families of one grid, written as dsl::Cell words (Values) or cell indices.
template <int MaxCells, bool Values>
__device__ void label_grid(SlabFor<MaxCells, Values>& s, const GpuGridDesc& d,
                           const std::uint8_t* __restrict__ colours,
                           CellOut<Values>* __restrict__ cells, std::uint32_t* __restrict__ masks,
                           std::uint32_t families) {
  constexpr int words = kCellWords<Values>;
  const unsigned lane = lane_id();
  Shape g;
  g.w = d.width;
  g.n = static_cast<int>(d.height) * g.w;
  if (g.n == 0)
    return;
  g.magic = ((1u << 21) + static_cast<unsigned>(g.w) - 1u) / static_cast<unsigned>(g.w);
  const int background = d.background;

  // 1. Colours, their counts, and the cells sorted by colour.
  {
    const auto* src = reinterpret_cast<const std::uint32_t*>(colours + d.colour_offset);
    auto* dst = reinterpret_cast<std::uint32_t*>(s.colour);
    for (int k = static_cast<int>(lane); k < (g.n + 3) / 4; k += 32)
      dst[k] = src[k];
    if (lane < 16)
      s.hist[lane] = 0;
    __syncwarp();
  }
  for (int base = 0; base < g.n; base += 32) {
    const int i = base + static_cast<int>(lane);
    const int c = i < g.n ? s.colour[i] : 15;
    const unsigned same = __match_any_sync(kFullMask, c);
    if (i < g.n && lane == highest_lane(same))
      s.hist[c] = static_cast<std::uint16_t>(s.hist[c] + __popc(same));
    __syncwarp();
  }
  {
    int h = lane < 16 ? s.hist[lane] : 0;
    int inclusive = h;
    for (int delta = 1; delta < 16; delta <<= 1) {
      int v = __shfl_up_sync(kFullMask, inclusive, static_cast<unsigned>(delta));
      if (static_cast<int>(lane) >= delta)
        inclusive += v;
    }
    if (lane < 16) {
      s.start[lane] = static_cast<std::uint16_t>(inclusive - h);
      s.run[lane] = static_cast<std::uint16_t>(inclusive - h);
    }
    __syncwarp();
  }
  for (int base = 0; base < g.n; base += 32) {
    const int i = base + static_cast<int>(lane);
    const int c = i < g.n ? s.colour[i] : 15;
    const unsigned same = __match_any_sync(kFullMask, c);
    const int pos = i < g.n ? s.run[c] + __popc(same & lanes_below()) : 0;
    __syncwarp();
    if (i < g.n) {
      s.perm[pos] = static_cast<std::uint16_t>(i);
      if (lane == highest_lane(same))
        s.run[c] = static_cast<std::uint16_t>(s.run[c] + __popc(same));
    }
    __syncwarp();
  }

  const FamilyLayout layout =
      detail::family_layout(static_cast<std::uint32_t>(g.n), d.foreground, families);
  CellOut<Values>* grid_cells = cells + words * static_cast<std::size_t>(d.cell_base);
  std::uint32_t* grid_masks = masks + d.mask_base;
  const int bg_begin = s.start[background];
  const int bg_count = s.hist[background];

  if (families & detail::family_bit(detail::kWhole))
    write_cells(s, g, grid_cells + words * layout.cell_off[detail::kWhole], g.n,
                [&](int p) { return static_cast<int>(s.perm[p]); });

  auto same_colour = [&](int a, int b) { return s.colour[a] == s.colour[b]; };
  for (int pass = 0; pass < 2; ++pass) {
    const bool diagonal = pass == 1;
    const int lf = diagonal ? detail::kL8 : detail::kL4;
    const int ff = diagonal ? detail::kF8 : detail::kF4;
    const std::uint32_t with_bg = diagonal ? detail::kL8WithBackground : detail::kL4WithBackground;
    if (!(families & (detail::family_bit(lf) | detail::family_bit(ff))))
      continue;
    init_runs(s, g, same_colour);
    if (diagonal)
      unite_rows<true>(s, g, same_colour);
    else
      unite_rows<false>(s, g, same_colour);
    flatten(s, g);
    if (families & detail::family_bit(lf))
      emit_family(s, g, !(families & with_bg), bg_begin, bg_count,
                  grid_cells + words * layout.cell_off[lf], grid_masks + layout.mask_off[lf]);
    if (families & detail::family_bit(ff)) {
      flatten(s, g);
      if (diagonal)
        unite_foreground<true>(s, g, background);
      else
        unite_foreground<false>(s, g, background);
      flatten(s, g);
      emit_family(s, g, true, bg_begin, bg_count, grid_cells + words * layout.cell_off[ff],
                  grid_masks + layout.mask_off[ff]);
    }
  }
}

} // namespace battgpu::runtime::cuda::kernels
