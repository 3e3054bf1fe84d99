// The storage behind an ObjectsBatch, and the step that turns result memory into DSL values.
#pragma once

#include "battgpu/runtime/objects_batch.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace battgpu::runtime::detail {

/// `count` Objects, default-constructed (in parallel for large tables) and destroyed in
/// parallel too: a batch of a million grids holds millions of reference-counted values.
struct ObjectsTable {
  explicit ObjectsTable(std::size_t count);
  ~ObjectsTable();
  ObjectsTable(const ObjectsTable&) = delete;
  ObjectsTable& operator=(const ObjectsTable&) = delete;

  dsl::Objects* data = nullptr;
  std::size_t count = 0;
  std::atomic<std::size_t> gpu_grids{0};
  std::vector<std::uint8_t> on_gpu; ///< per grid: computed by a device (set when sized)
};

/// One grid's results inside a result buffer.
struct BuildGrid {
  std::size_t result = 0;      ///< the grid's index in the call
  std::uint64_t cell_base = 0; ///< its first result cell
  std::uint64_t mask_base = 0; ///< its first mask word
  std::uint32_t cells = 0;
  std::uint32_t foreground = 0;
  int background = 0;
  std::uint32_t below_background = 0; ///< cells of colours smaller than the background
  std::uint64_t index_base = 0;       ///< its first cell in BuildSource::indices, when set
};

/// A result buffer: cells and mask words in the layout of core/layout.hpp.
struct BuildSource {
  std::shared_ptr<const void> owner; ///< keeps `cells` alive
  const dsl::Cell* cells = nullptr;
  const std::uint32_t* masks = nullptr;
  std::uint32_t families = 0;
  ModeMask modes = 0;
  /// When set, the cells arrive as the GPU writes them: uint16 row-major indices, laid out for
  /// device_families(families) (no whole-grid family) from each grid's index_base. Then
  /// build_objects first expands each of its grids' cells into `expand_to` (the memory `cells`
  /// points at, laid out for `families`), with the colours and width of `grids[result]`, and
  /// makes the whole-grid family there by a counting sort of the colours.
  const std::uint16_t* indices = nullptr;
  dsl::Cell* expand_to = nullptr;
  const dsl::Grid* grids = nullptr;
};

/// Expands the compact cells (source.indices) of `grid` into source.expand_to.
void expand_cells(const BuildSource& source, const BuildGrid& grid);

/// Stores the Objects of `grids` into `table` (row-major: grid, then mode rank). The objects
/// are views of `source.cells` (after expansion of `source.indices` when set); no object's
/// cells are copied.
void build_objects(const BuildSource& source, std::span<const BuildGrid> grids,
                   dsl::Objects* table);

} // namespace battgpu::runtime::detail
