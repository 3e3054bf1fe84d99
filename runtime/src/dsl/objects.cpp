// `objects` / `o_g` for the typed DSL: the Python loop of arc-dsl's `objects`, simulated on
// CPython's set algorithms (battgpu/dialects/objects_sim.hpp, the same simulation the Python
// dialects and the batch runtime run), so that every object and the result iterate as in
// CPython. The layout the simulation gives places each cell and each object in its slot.
#include "battgpu/dsl/primitives/objects.hpp"

#include "battgpu/dialects/objects_sim.hpp"
#include "battgpu/dsl/primitives/patches.hpp"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

namespace battgpu::dsl {
namespace {

namespace sim = dialects::sim;

/// Per-thread memory for the simulation of one grid.
struct Scratch {
  std::vector<std::int64_t> workspace;
  std::vector<std::int64_t> layout;
};
thread_local Scratch scratch;

std::int64_t* sized(std::vector<std::int64_t>& v, std::size_t bytes) {
  const std::size_t words = (bytes + sizeof(std::int64_t) - 1) / sizeof(std::int64_t);
  if (v.size() < words)
    v.resize(words);
  return v.data();
}

/// The frozenset laid out as the simulation placed it: `items` in slot order, `slots` their
/// slots in a table of `mask`, `hashes` theirs.
template <class T>
FrozenSet<T> laid_out(std::vector<T>&& items, const std::vector<std::int64_t>& slots,
                      std::vector<std::int64_t>&& hashes, std::int64_t mask) {
  auto layout = std::make_shared<SetLayout>();
  layout->mask = mask;
  layout->fill = static_cast<std::int64_t>(items.size());
  layout->slots.assign(static_cast<std::size_t>(mask + 1), SetLayout::kFree);
  cpython::FrozenSetHash set_hash;
  for (std::size_t q = 0; q < items.size(); ++q) {
    layout->slots[static_cast<std::size_t>(slots[q])] = static_cast<std::int32_t>(q);
    set_hash.add(hashes[q]);
  }
  layout->hash = set_hash.finish(items.size());
  layout->hashes = std::move(hashes);
  return FrozenSet<T>::adopt(SharedArray<T>(std::move(items)), std::move(layout));
}

} // namespace

Objects extract_objects(const Grid& grid, ObjectMode mode) {
  const std::int64_t h = grid.height(), w = grid.width();
  if (h == 0 || w == 0)
    return {};
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
  const std::int64_t slots = sim::table_bound(n); // tables this large cannot overflow
  const sim::Workspace ws =
      sim::workspace_at(sized(scratch.workspace, sim::workspace_bytes(n, slots)), n, slots);
  const auto layout = sim::layout_at<std::uint32_t>(
      sized(scratch.layout, sim::layout_bytes(n, sizeof(std::uint32_t))), n);
  if (sim::simulate_objects(grid.cells(), p, ws, nullptr, sim::ComputedNeighbours{}, layout) !=
      sim::kLayoutOk)
    throw std::logic_error("objects: the set simulation overflowed tables of its bound");
  return objects_from_layout(grid, layout);
}

template <class Index>
Objects objects_from_layout(const Grid& grid, const dialects::sim::Layout<Index>& layout) {
  const std::int64_t w = grid.width();
  const std::uint32_t count = layout.header->objects;
  const auto uw = static_cast<std::uint32_t>(w);
  std::vector<Object> found(count); // in the order the loop found them
  std::vector<std::int64_t> found_hash(count);
  std::vector<std::int64_t> slot_of;
  std::size_t at = 0;
  for (std::uint32_t k = 0; k < count; ++k) {
    const std::size_t cells = layout.obj_cells[k];
    std::vector<Cell> items(cells);
    std::vector<std::int64_t> hashes(cells);
    slot_of.resize(cells);
    for (std::size_t q = 0; q < cells; ++q) {
      const std::uint32_t c = layout.cell[at + q];
      const Integer i = static_cast<Integer>(c / uw), j = static_cast<Integer>(c % uw);
      items[q] = Cell{grid.at(i, j), {i, j}};
      hashes[q] = python_hash(items[q]);
      slot_of[q] = layout.slot[at + q];
    }
    at += cells;
    found[k] = laid_out(std::move(items), slot_of, std::move(hashes),
                        (std::int64_t{1} << layout.obj_log2[k]) - 1);
    found_hash[k] = found[k].set_hash();
  }
  std::vector<Object> objects(count);
  std::vector<std::int64_t> hashes(count);
  slot_of.resize(count);
  for (std::uint32_t q = 0; q < count; ++q) {
    const std::uint32_t k = layout.outer[q];
    objects[q] = std::move(found[k]);
    hashes[q] = found_hash[k];
    slot_of[q] = layout.outer_slot[q];
  }
  return laid_out(std::move(objects), slot_of, std::move(hashes),
                  (std::int64_t{1} << layout.header->outer_log2) - 1);
}

template Objects objects_from_layout(const Grid&, const dialects::sim::Layout<std::uint16_t>&);
template Objects objects_from_layout(const Grid&, const dialects::sim::Layout<std::uint32_t>&);

} // namespace battgpu::dsl
