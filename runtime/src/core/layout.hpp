// The result layout shared by the CPU labeller, the CUDA kernels and the host builder.
//
// A grid's objects are written family by family. A family is one base labelling:
//   whole  the grid as one object (modes 0 and 2),
//   L4/L8  same-colour components, 4- or 8-connected (modes 4/5 and 6/7),
//   F4/F8  non-background components, 4- or 8-connected (modes 1 and 3).
// Modes 5 and 7 are modes 4 and 6 without the background's objects, so they share L4/L8.
// A family's cells are written in canonical order: objects in the order of their smallest
// cell, each object's cells ascending by (colour, row, col). The CPU labeller writes them as
// dsl::Cell values, and so does the GPU in the cells result layout (kCellValueBytes); in the
// compact layout the GPU writes each cell as its 16-bit row-major index in the grid
// (kResultCellBytes), leaves out the whole-grid family, and the host expands those into
// dsl::Cell values from its own copy of the grid. Either way the host hands out objects as
// views of one dsl::Cell buffer. A bit mask
// per family marks the first cell of every object (the whole family needs none: it is one
// object).
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__CUDACC__)
#define BATTGPU_HD __host__ __device__
#else
#define BATTGPU_HD
#endif

namespace battgpu::runtime::detail {

enum Family : int { kWhole = 0, kL4 = 1, kF4 = 2, kL8 = 3, kF8 = 4, kFamilyCount = 5 };

BATTGPU_HD constexpr std::uint32_t family_bit(int family) {
  return 1u << family;
}
/// Flag: the L4 family holds the background's objects too (mode 4 asked), not only mode 5's.
constexpr std::uint32_t kL4WithBackground = 1u << 8;
/// Flag: the same for L8 (mode 6).
constexpr std::uint32_t kL8WithBackground = 1u << 9;

/// The families (and flags) that a set of modes needs.
BATTGPU_HD constexpr std::uint32_t families_for_modes(unsigned modes) {
  std::uint32_t f = 0;
  if (modes & 0x05u) // modes 0, 2
    f |= family_bit(kWhole);
  if (modes & 0x30u) // modes 4, 5
    f |= family_bit(kL4);
  if (modes & 0x10u)
    f |= kL4WithBackground;
  if (modes & 0xC0u) // modes 6, 7
    f |= family_bit(kL8);
  if (modes & 0x40u)
    f |= kL8WithBackground;
  if (modes & 0x02u) // mode 1
    f |= family_bit(kF4);
  if (modes & 0x08u) // mode 3
    f |= family_bit(kF8);
  return f;
}

/// Where a grid's families lie inside the grid's share of a chunk's buffers. A grid's share
/// starts at a multiple of 4 cells, and so does every family in it.
struct FamilyLayout {
  std::uint32_t count[kFamilyCount];    ///< cells of each family (0 when absent)
  std::uint32_t cell_off[kFamilyCount]; ///< first cell, relative to the grid's cell base
  std::uint32_t mask_off[kFamilyCount]; ///< first mask word, relative to the grid's mask base
  std::uint32_t cells;                  ///< cells of all families
  std::uint32_t words;                  ///< mask words of all families
};

/// The layout of a grid of `cells` cells of which `foreground` are not background.
BATTGPU_HD inline FamilyLayout family_layout(std::uint32_t cells, std::uint32_t foreground,
                                             std::uint32_t families) {
  FamilyLayout l{};
  for (int f = 0; f < kFamilyCount; ++f) {
    std::uint32_t n = 0;
    if (families & family_bit(f)) {
      if (f == kWhole)
        n = cells;
      else if (f == kL4)
        n = (families & kL4WithBackground) ? cells : foreground;
      else if (f == kL8)
        n = (families & kL8WithBackground) ? cells : foreground;
      else
        n = foreground;
    }
    l.count[f] = n;
    l.cell_off[f] = l.cells;
    l.mask_off[f] = l.words;
    // Families start at multiples of 4 cells, so that every family's cells are 8-byte
    // aligned as uint16 indices and 16-byte aligned as dsl::Cell values.
    l.cells += (n + 3u) & ~3u;
    if (f != kWhole)
      l.words += (n + 31u) / 32u;
  }
  return l;
}

/// The families the GPU writes for `families`: all but the whole grid, whose one object (the
/// cells sorted by colour) the host makes from its own copy of the grid while expanding.
BATTGPU_HD constexpr std::uint32_t device_families(std::uint32_t families) {
  return families & ~family_bit(kWhole);
}

/// Bytes of one result cell as the GPU writes it in the compact layout (a uint16 row-major
/// index in its grid).
constexpr std::size_t kResultCellBytes = 2;
/// Bytes of one result cell in the cells layout: a dsl::Cell (colour, row, col as 3 ints).
constexpr std::size_t kCellValueBytes = 12;

/// Largest grid (in cells) the GPU kernels take; larger grids go to the CPU path.
constexpr std::uint32_t kMaxGpuCells = 1024;
/// Colours the GPU kernels take (0..9, as in ARC); grids with others go to the CPU path.
constexpr int kGpuColours = 10;

/// One grid as the GPU sees it (20 bytes).
struct GpuGridDesc {
  std::uint32_t colour_offset; ///< first colour byte in the chunk's colour area (4-aligned)
  std::uint32_t cell_base;     ///< first cell of the grid's results in the chunk's cell area
  std::uint32_t mask_base;     ///< first mask word of the grid's results
  std::uint16_t height;
  std::uint16_t width;
  std::uint16_t foreground; ///< cells that are not background
  std::uint8_t background;
  std::uint8_t reserved;
};
static_assert(sizeof(GpuGridDesc) == 20);

/// Size classes of the GPU kernels: a warp's shared-memory slab holds a grid of up to
/// kSizeClassCells[c] cells.
constexpr int kSizeClasses = 4;
constexpr std::uint32_t kSizeClassCells[kSizeClasses] = {128, 256, 512, 1024};

constexpr int size_class_of(std::uint32_t cells) {
  for (int c = 0; c < kSizeClasses; ++c)
    if (cells <= kSizeClassCells[c])
      return c;
  return kSizeClasses;
}

} // namespace battgpu::runtime::detail
