#include "battgpu/runtime/prefetch.hpp"

#include <array>
#include <atomic>
#include <functional>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace battgpu::runtime {
namespace {

/// A grid is recognised by its storage: values are immutable and the memo keeps a copy of the
/// grid, so the storage cannot be reused for other cells while its entry exists.
struct Key {
  const int* cells;
  int height;
  int width;
  friend bool operator==(const Key&, const Key&) = default;
};

struct KeyHash {
  std::size_t operator()(const Key& k) const noexcept {
    std::size_t h = std::hash<const void*>()(k.cells);
    return h ^ (static_cast<std::size_t>(k.height) * 0x9E3779B97F4A7C15ull) ^
           (static_cast<std::size_t>(k.width) << 17);
  }
};

struct Entry {
  dsl::Grid grid;
  ModeMask modes = 0;
  std::array<dsl::Objects, 8> objects;
  std::optional<GridColours> colours;
};

struct Memo {
  std::shared_mutex mutex;
  std::unordered_map<Key, Entry, KeyHash> entries;
  std::atomic<bool> any{false};
  /// Some objects were kept: batch points look them up only then (a run that prefetches the
  /// colours alone would otherwise pay a locked lookup at every object batch point).
  std::atomic<bool> any_objects{false};
};

Memo& memo() {
  static Memo* m = new Memo;
  return *m;
}

Key key_of(const dsl::Grid& g) {
  return Key{g.cells(), g.height(), g.width()};
}

} // namespace

std::size_t prefetch_objects(std::span<const dsl::Grid> grids, ModeMask modes,
                             const BatchOptions& options) {
  ObjectsBatch batch = batch_objects_many(grids, modes, options);
  std::size_t kept = 0;
  Memo& m = memo();
  std::unique_lock lock(m.mutex);
  for (std::size_t i = 0; i < grids.size(); ++i) {
    if (!batch.computed_on_gpu(i) || grids[i].cell_count() == 0)
      continue;
    Entry& e = m.entries[key_of(grids[i])];
    e.grid = grids[i];
    for (int mode = 0; mode < 8; ++mode)
      if (modes & mode_bit(mode))
        e.objects[static_cast<std::size_t>(mode)] = batch(i, mode);
    e.modes |= modes;
    ++kept;
  }
  if (kept != 0) {
    m.any = true;
    m.any_objects = true;
  }
  return kept;
}

std::size_t prefetch_grid_values(std::span<const dsl::Grid> grids, const BatchOptions& options) {
  GridValuesBatch batch = batch_grid_values(grids, options);
  std::size_t kept = 0;
  Memo& m = memo();
  std::unique_lock lock(m.mutex);
  for (std::size_t i = 0; i < grids.size(); ++i) {
    if (!batch.computed_on_gpu(i) || grids[i].cell_count() == 0)
      continue;
    Entry& e = m.entries[key_of(grids[i])];
    e.grid = grids[i];
    e.colours = batch[i];
    ++kept;
  }
  if (kept != 0)
    m.any = true;
  return kept;
}

void clear_prefetched() {
  Memo& m = memo();
  std::unique_lock lock(m.mutex);
  m.entries.clear();
  m.any = false;
  m.any_objects = false;
}

std::size_t prefetched_grids() {
  Memo& m = memo();
  std::shared_lock lock(m.mutex);
  return m.entries.size();
}

namespace detail {

bool has_prefetched() noexcept {
  return memo().any.load(std::memory_order_relaxed);
}

std::optional<dsl::Objects> prefetched_objects(const dsl::Grid& grid, int mode) {
  Memo& m = memo();
  if (mode < 0 || mode > 7 || grid.cell_count() == 0 ||
      !m.any_objects.load(std::memory_order_relaxed))
    return std::nullopt;
  std::shared_lock lock(m.mutex);
  auto it = m.entries.find(key_of(grid));
  if (it == m.entries.end() || !(it->second.modes & mode_bit(mode)))
    return std::nullopt;
  return it->second.objects[static_cast<std::size_t>(mode)];
}

std::optional<GridColours> prefetched_grid_values(const dsl::Grid& grid) {
  if (grid.cell_count() == 0)
    return std::nullopt;
  Memo& m = memo();
  std::shared_lock lock(m.mutex);
  auto it = m.entries.find(key_of(grid));
  if (it == m.entries.end() || !it->second.colours)
    return std::nullopt;
  return it->second.colours;
}

} // namespace detail
} // namespace battgpu::runtime
