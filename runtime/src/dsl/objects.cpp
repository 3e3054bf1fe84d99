// `objects` / `o_g` for the typed DSL: the Python loop of arc-dsl's `objects`, simulated on
// CPython's set algorithms (battgpu/dialects/objects_sim.hpp, the same simulation the Python
// dialects and the batch runtime run), so that every object and the result iterate as in
// CPython. The layout the simulation gives places each cell and each object in its slot.
#include "battgpu/dsl/primitives/objects.hpp"

#include "battgpu/dialects/objects_request.hpp"
#include "battgpu/dialects/objects_sim.hpp"
#include "battgpu/dsl/primitives/patches.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

namespace battgpu::dsl {
namespace {

namespace sim = dialects::sim;

/// Per-thread memory for the layout of one grid's result, at least `bytes` long.
std::int64_t* layout_memory(std::size_t bytes) {
  thread_local std::vector<std::int64_t> memory;
  const std::size_t words = (bytes + sizeof(std::int64_t) - 1) / sizeof(std::int64_t);
  if (memory.size() < words)
    memory.resize(words);
  return memory.data();
}

/// The frozenset laid out as the simulation placed it: `items` in slot order, `slots` their
/// slots in a table of `mask`, `hashes` theirs.
template <class T>
FrozenSet<T> laid_out(std::vector<T>&& items, const std::vector<std::int64_t>& slots,
                      const std::vector<std::int64_t>& hashes, std::int64_t mask) {
  const std::size_t n = items.size();
  SetLayout layout = SetLayout::make(mask, static_cast<std::int64_t>(n), n);
  cpython::FrozenSetHash set_hash;
  for (std::size_t q = 0; q < n; ++q) {
    layout.slots()[slots[q]] = static_cast<std::int32_t>(q);
    layout.hashes()[q] = hashes[q];
    set_hash.add(hashes[q]);
  }
  layout.set_hash(set_hash.finish(n));
  return FrozenSet<T>::adopt(SharedArray<T>(std::move(items)), std::move(layout));
}

/// The objects this thread extracted last, by grid and mode: programs extract the objects of
/// equal grids again and again (every solver of a batt file sees the same samples, and many
/// compute the same grids from them). A grid is found by a hash of its cells, then compared.
class ObjectsMemo {
public:
  const Objects* find(const Grid& grid, ObjectMode mode, std::uint64_t key) const {
    const Entry& e = entries_[key % kEntries];
    return e.key == key && e.mode == mode.index() && e.grid == grid ? &e.objects : nullptr;
  }
  void put(const Grid& grid, ObjectMode mode, std::uint64_t key, const Objects& objects) {
    Entry& e = entries_[key % kEntries];
    e.key = key;
    e.grid = grid;
    e.mode = mode.index();
    e.objects = objects;
  }
  /// A hash of the grid's shape, cells and the mode.
  static std::uint64_t key_of(const Grid& grid, ObjectMode mode) {
    std::uint64_t h = (static_cast<std::uint64_t>(grid.height()) << 40) ^
                      (static_cast<std::uint64_t>(grid.width()) << 20) ^
                      static_cast<std::uint64_t>(mode.index());
    for (const Integer* c = grid.cells(); c != grid.cells() + grid.cell_count(); ++c)
      h = (h ^ static_cast<std::uint32_t>(*c)) * 0x100000001B3ULL;
    return h ^ (h >> 29);
  }

private:
  static constexpr std::size_t kEntries = 61;
  struct Entry {
    std::uint64_t key = 0;
    Grid grid;
    int mode = -1;
    Objects objects;
  };
  Entry entries_[kEntries];
};
thread_local ObjectsMemo objects_memo;

/// The simulation run for this call (extract_objects without the memo).
Objects simulate_extraction(const Grid& grid, ObjectMode mode) {
  const std::int64_t h = grid.height(), w = grid.width();
  sim::Params p;
  p.h = h;
  p.w = w;
  p.univalued = mode.univalued;
  p.diagonal = mode.diagonal;
  p.has_bg = mode.without_bg;
  p.bg = p.has_bg ? mostcolor(grid) : 0;
  p.form = sim::CellForm::ArcDsl;
  p.sets = true;
  const std::int64_t n = h * w;
  const auto layout =
      sim::layout_at<std::uint32_t>(layout_memory(sim::layout_bytes(n, sizeof(std::uint32_t))), n);
  // The host's run of the simulation: workspace sized never to overflow, cached asindices
  // orders, pair hashes and neighbour tables.
  if (dialects::simulate_on_host(grid.cells(), p, layout) != sim::kLayoutOk)
    throw std::logic_error("objects: the set simulation overflowed tables of its bound");
  return objects_from_layout(grid, layout);
}

} // namespace

Objects extract_objects(const Grid& grid, ObjectMode mode) {
  const std::int64_t h = grid.height(), w = grid.width();
  if (h == 0 || w == 0)
    return {};
  const std::uint64_t key = ObjectsMemo::key_of(grid, mode);
  if (const Objects* known = objects_memo.find(grid, mode, key))
    return *known;
  Objects result = simulate_extraction(grid, mode);
  objects_memo.put(grid, mode, key, result);
  return result;
}

template <class Index>
Objects objects_from_layout(const Grid& grid, const dialects::sim::Layout<Index>& layout) {
  // Three allocations for the whole result: every object's cells in one buffer, every
  // object's table in one block, and the objects (each a view into both).
  const auto uw = static_cast<std::uint32_t>(grid.width());
  const std::uint32_t count = layout.header->objects;
  const std::size_t total = layout.header->cells;
  std::size_t words = 0;
  for (std::uint32_t k = 0; k < count; ++k)
    words += SetLayout::words((std::int64_t{1} << layout.obj_log2[k]) - 1, layout.obj_cells[k]);
  auto cells = std::make_shared_for_overwrite<Cell[]>(std::max<std::size_t>(total, 1));
  auto tables = std::make_shared_for_overwrite<std::int64_t[]>(std::max<std::size_t>(words, 1));
  std::vector<Object> found(count); // in the order the loop found them
  std::vector<std::int64_t> found_hash(count);
  std::size_t at = 0, word = 0;
  for (std::uint32_t k = 0; k < count; ++k) {
    const std::size_t n = layout.obj_cells[k];
    const std::int64_t mask = (std::int64_t{1} << layout.obj_log2[k]) - 1;
    SetLayout table =
        SetLayout::in_block(tables, tables.get() + word, mask, static_cast<std::int64_t>(n), n);
    word += SetLayout::words(mask, n);
    cpython::FrozenSetHash set_hash;
    for (std::size_t q = 0; q < n; ++q) {
      const std::uint32_t c = layout.cell[at + q];
      const Integer i = static_cast<Integer>(c / uw), j = static_cast<Integer>(c % uw);
      const Cell cell{grid.at(i, j), {i, j}};
      cells[at + q] = cell;
      const std::int64_t h = python_hash(cell);
      table.hashes()[q] = h;
      table.slots()[layout.slot[at + q]] = static_cast<std::int32_t>(q);
      set_hash.add(h);
    }
    found_hash[k] = set_hash.finish(n);
    table.set_hash(found_hash[k]);
    found[k] = Object::adopt(SharedArray<Cell>(cells, cells.get() + at, n), std::move(table));
    at += n;
  }
  std::vector<Object> objects(count);
  std::vector<std::int64_t> hashes(count), slot_of(count);
  for (std::uint32_t q = 0; q < count; ++q) {
    const std::uint32_t k = layout.outer[q];
    objects[q] = std::move(found[k]);
    hashes[q] = found_hash[k];
    slot_of[q] = layout.outer_slot[q];
  }
  return laid_out(std::move(objects), slot_of, hashes,
                  (std::int64_t{1} << layout.header->outer_log2) - 1);
}

template Objects objects_from_layout(const Grid&, const dialects::sim::Layout<std::uint16_t>&);
template Objects objects_from_layout(const Grid&, const dialects::sim::Layout<std::uint32_t>&);

} // namespace battgpu::dsl
