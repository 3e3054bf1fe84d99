// Object extraction with the objects' tables left pending (py/pending_table.hpp).
//
// Which cells make each object does not depend on any set's order: the objects are the
// connected components of the grid under the loop's test, found in the order of their first
// cell in asindices' order, and each object's frozenset hash depends only on its cells. So the
// result's own table (frozenset(objs), objects added in the order found) can be built from a
// plain flood fill. Only where each cell sits in its object's table needs the flood's sets
// replayed (objects_sim.hpp); that is left pending, and the replay runs, once for the whole
// grid, the first time a program reads one of the grid's objects in order.
#include "objects_pending.hpp"

#include "battgpu/py/py.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <mutex>
#include <new>
#include <optional>
#include <vector>

namespace battgpu::dialects {
namespace {

using py::Value;

/// A grid's colours as an extraction keeps them: a byte each where every colour fits in one
/// (nearly always), as read otherwise. Every objects call that finds an object of two cells or
/// more keeps one, and eight bytes a cell were most of the memory that call wrote.
class KeptColours {
public:
  KeptColours(const std::int64_t* grid, std::int64_t n) {
    const bool bytes = std::all_of(grid, grid + n, [](std::int64_t c) {
      return c >= std::numeric_limits<std::int8_t>::min() &&
             c <= std::numeric_limits<std::int8_t>::max();
    });
    if (bytes)
      small_.assign(grid, grid + n); // each converts exactly
    else
      wide_.assign(grid, grid + n);
  }
  std::int64_t operator[](std::size_t c) const { return wide_.empty() ? small_[c] : wide_[c]; }
  /// All of them as int64, for the simulation.
  std::vector<std::int64_t> widened() const {
    return wide_.empty() ? std::vector<std::int64_t>(small_.begin(), small_.end()) : wide_;
  }

private:
  std::vector<std::int8_t> small_;
  std::vector<std::int64_t> wide_;
};

/// The cell at (i, j) of colour `colour`, with its hash.
py::SetEntry cell_entry(py::Dialect dialect, std::int64_t i, std::int64_t j, std::int64_t colour) {
  return py::SetEntry{sim::cell_hash(cell_form(dialect), i, j, colour),
                      cell_value(dialect, i, j, colour)};
}

/// What a pending object of one extraction needs to build its table: the grid and the
/// simulation's parameters, and the simulation's layout once one of them asked.
struct Extraction {
  Extraction(py::Dialect d, const sim::Params& p, const std::int64_t* grid,
             const std::vector<std::uint16_t>& rows, const std::vector<std::uint16_t>& cols)
      : dialect(d), params(p), cells(grid, p.h * p.w), row(rows), col(cols) {
    params.sets = true;
  }

  py::Dialect dialect;
  sim::Params params;
  KeptColours cells;
  /// The objects' cells in the order the flood found them (Components).
  std::vector<std::uint16_t> row, col;
  std::atomic<std::int64_t> references{0};
  std::once_flag simulated;
  std::vector<std::uint32_t> layout_memory;
  sim::Layout<std::uint32_t> layout;
  std::vector<std::uint32_t> first_cell; ///< each object's first entry in layout.cell

  void release() noexcept {
    if (references.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete this;
  }

  const sim::Layout<std::uint32_t>& simulate() {
    std::call_once(simulated, [&] {
      const std::int64_t n = params.h * params.w;
      layout_memory.resize((sim::layout_bytes(n, sizeof(std::uint32_t)) + 3) / 4);
      layout = sim::layout_at<std::uint32_t>(layout_memory.data(), n);
      // The workspace simulate_on_host takes last is the bound no table can outgrow.
      [[maybe_unused]] const std::uint32_t status =
          simulate_on_host(cells.widened().data(), params, layout);
      first_cell.resize(layout.header->objects);
      std::uint32_t at = 0;
      for (std::uint32_t k = 0; k < layout.header->objects; ++k) {
        first_cell[k] = at;
        at += layout.obj_cells[k];
      }
    });
    return layout;
  }
};

/// One object of an extraction: its cells are the extraction's from `first` on, in the order
/// the flood found them, made Values only when a reader asks for the members.
struct PendingObject : py::PendingTable {
  Extraction* extraction = nullptr;
  std::uint32_t object = 0;                  ///< its number in the order found (the simulation's)
  std::uint32_t first = 0;                   ///< its first cell in the extraction's row and col
  mutable std::vector<py::SetEntry> entries; ///< made by make_entries

  static PendingObject* make(Extraction* e, std::uint32_t object, std::uint32_t first,
                             std::size_t cells) {
    auto* p = new PendingObject;
    p->size = static_cast<std::int64_t>(cells);
    p->build = &build_table;
    p->make_members = &make_entries;
    p->destroy = &destroy_table;
    p->uniform_int = &uniform_colour;
    p->extraction = e;
    p->object = object;
    p->first = first;
    e->references.fetch_add(1, std::memory_order_relaxed);
    return p;
  }

  static const py::SetEntry* make_entries(const py::PendingTable& self) {
    const auto& p = static_cast<const PendingObject&>(self);
    const Extraction& e = *p.extraction;
    p.entries.reserve(static_cast<std::size_t>(p.size));
    for (std::uint32_t q = p.first; q < p.first + p.size; ++q) {
      const std::int64_t i = e.row[q], j = e.col[q];
      p.entries.push_back(
          cell_entry(e.dialect, i, j, e.cells[static_cast<std::size_t>(i * e.params.w + j)]));
    }
    return p.entries.data();
  }

  static py::SetTable build_table(const py::PendingTable& self) {
    const auto& p = static_cast<const PendingObject&>(self);
    Extraction& e = *p.extraction;
    const sim::Layout<std::uint32_t>& layout = e.simulate();
    const std::uint32_t first = e.first_cell[p.object];
    const auto count = static_cast<std::size_t>(p.size);
    const auto w = static_cast<std::uint32_t>(e.params.w);
    thread_local std::vector<std::int64_t> slots, hashes;
    thread_local std::vector<Value> keys;
    slots.resize(count);
    hashes.resize(count);
    keys.resize(count);
    for (std::size_t q = 0; q < count; ++q) {
      const std::uint32_t c = layout.cell[first + q];
      const std::uint32_t i = c / w, j = c - i * w;
      const std::int64_t colour = e.cells[c];
      slots[q] = layout.slot[first + q];
      hashes[q] = sim::cell_hash(e.params.form, i, j, colour);
      keys[q] = cell_value(e.dialect, i, j, colour);
    }
    const std::int64_t mask = (std::int64_t{1} << layout.obj_log2[p.object]) - 1;
    return py::SetTable::from_layout(mask, count, slots.data(), hashes.data(), keys.data());
  }

  /// The cells' one colour, when they have one, for item 2 of tokpidjin's (i, j, c) or item
  /// 0 of arc-dsl's (c, (i, j)).
  static std::optional<std::int64_t> uniform_colour(const py::PendingTable& self,
                                                    std::size_t index) {
    const auto& p = static_cast<const PendingObject&>(self);
    const Extraction& e = *p.extraction;
    if (index != (e.dialect == py::Dialect::Tokpidjin ? 2u : 0u))
      return std::nullopt;
    auto colour_of = [&](std::uint32_t q) {
      return e.cells[static_cast<std::size_t>(e.row[q] * e.params.w + e.col[q])];
    };
    const std::int64_t colour = colour_of(p.first);
    if (!e.params.univalued)
      for (std::uint32_t q = p.first + 1; q < p.first + p.size; ++q)
        if (colour_of(q) != colour)
          return std::nullopt;
    return colour;
  }

  static void destroy_table(py::PendingTable* self) noexcept {
    auto* p = static_cast<PendingObject*>(self);
    p->extraction->release();
    delete p;
  }
};

/// The objects of a grid as the loop finds them: each object's cells (row, column) from
/// `start[k]` to `start[k + 1]`, objects in the order the loop reaches their first cell in
/// asindices' order.
struct Components {
  std::vector<std::uint16_t> row, col;
  std::vector<std::uint32_t> start;
};

/// Finds the objects: from each cell in asindices' order not yet taken (nor of the background
/// colour), a flood over the neighbours that join it. The taken flags sit in a grid with a
/// border of taken cells all round, so that the flood needs no bounds checks; `padded[k]` is
/// the cell `order[k]` in that grid, and the flood carries each cell's row and column, so that
/// no position is divided out.
template <bool Univalued, bool HasBg, bool Diagonal>
void find_components(const std::int64_t* cells, std::int64_t h, std::int64_t w, std::int64_t bg,
                     const std::int32_t* order, const std::int32_t* padded, Components& out) {
  const std::int64_t pw = w + 2; // the padded grid's width
  struct Cell {
    std::int32_t padded, i, j;
  };
  thread_local std::vector<std::uint8_t> taken;
  thread_local std::vector<Cell> stack;
  taken.assign(static_cast<std::size_t>((h + 2) * pw), 1);
  for (std::int64_t i = 0; i < h; ++i)
    std::fill_n(taken.begin() + (i + 1) * pw + 1, w, std::uint8_t{0});
  std::int32_t offset[8];
  for (int d = 0; d < 8; ++d)
    offset[d] = static_cast<std::int32_t>(sim::dir_row(d) * pw + sim::dir_col(d));
  constexpr int kDirections = Diagonal ? 8 : 4;
  out.row.clear();
  out.col.clear();
  out.start.assign(1, 0);
  const std::int64_t n = h * w;
  for (std::int64_t k = 0; k < n; ++k) {
    const std::int32_t lp = padded[k];
    if (taken[static_cast<std::size_t>(lp)])
      continue;
    const std::int32_t loc = order[k];
    const std::int64_t val = cells[loc];
    if (HasBg && val == bg)
      continue;
    taken[static_cast<std::size_t>(lp)] = 1;
    const std::int32_t li = lp / static_cast<std::int32_t>(pw) - 1; // once an object
    stack.assign(1, Cell{lp, li, loc - li * static_cast<std::int32_t>(w)});
    while (!stack.empty()) {
      const Cell c = stack.back();
      stack.pop_back();
      out.row.push_back(static_cast<std::uint16_t>(c.i));
      out.col.push_back(static_cast<std::uint16_t>(c.j));
      const std::int64_t* grid_cell = cells + c.i * w + c.j;
      for (int d = 0; d < kDirections; ++d) {
        const std::int32_t nb = c.padded + offset[d];
        if (taken[static_cast<std::size_t>(nb)])
          continue;
        const std::int64_t v = grid_cell[sim::dir_row(d) * w + sim::dir_col(d)];
        if (Univalued ? v != val : (HasBg && v == bg))
          continue;
        taken[static_cast<std::size_t>(nb)] = 1;
        stack.push_back(Cell{nb, c.i + sim::dir_row(d), c.j + sim::dir_col(d)});
      }
    }
    out.start.push_back(static_cast<std::uint32_t>(out.row.size()));
  }
}

using FindComponents = void (*)(const std::int64_t*, std::int64_t, std::int64_t, std::int64_t,
                                const std::int32_t*, const std::int32_t*, Components&);

template <int Mode> constexpr FindComponents finder() {
  return &find_components < (Mode & 4) != 0, (Mode & 1) != 0, (Mode & 2) != 0 > ;
}

} // namespace

Value objects_with_pending_cells(py::Dialect dialect, ObjectsShape shape, const std::int64_t* cells,
                                 const sim::Params& p, const std::int32_t* order,
                                 const std::int32_t* padded_order) {
  const std::int64_t h = p.h, w = p.w;
  static constexpr FindComponents kFinders[8] = {finder<0>(), finder<1>(), finder<2>(),
                                                 finder<3>(), finder<4>(), finder<5>(),
                                                 finder<6>(), finder<7>()};
  thread_local Components found;
  kFinders[(p.univalued ? 4 : 0) + (p.diagonal ? 2 : 0) + (p.has_bg ? 1 : 0)](
      cells, h, w, p.bg, order, padded_order, found);
  const std::size_t count = found.start.size() - 1;
  thread_local std::vector<std::int64_t> obj_hash;
  thread_local std::vector<std::int32_t> tables;
  thread_local std::vector<Value> objs;
  obj_hash.resize(count);
  const std::int64_t slots = sim::table_bound(static_cast<std::int64_t>(count));
  tables.resize(static_cast<std::size_t>(3 * slots));
  objs.clear();
  bool failed = false;
  sim::KeySet set(tables.data(), slots, tables.data() + 2 * slots, slots, obj_hash.data(), &failed);
  Extraction* extraction = nullptr;
  for (std::size_t number = 0; number < count; ++number) {
    const std::uint32_t first = found.start[number], end = found.start[number + 1];
    Value obj;
    if (end - first == 1) {
      // One cell: the shared frozenset of it, its hash computed here, not read off the set.
      const std::int64_t i = found.row[first], j = found.col[first];
      obj = py::one_cell_frozenset(dialect, i, j, cells[i * w + j]);
      cpython::FrozenSetHash fh;
      fh.add(sim::cell_hash(p.form, i, j, cells[i * w + j]));
      obj_hash[number] = fh.finish(1);
    } else {
      if (extraction == nullptr)
        extraction = new Extraction(dialect, p, cells, found.row, found.col);
      PendingObject* pending =
          PendingObject::make(extraction, static_cast<std::uint32_t>(number), first, end - first);
      cpython::FrozenSetHash fh;
      for (std::uint32_t q = first; q < end; ++q) {
        const std::int64_t i = found.row[q], j = found.col[q];
        fh.add(sim::cell_hash(p.form, i, j, cells[i * w + j]));
      }
      obj_hash[number] = fh.finish(end - first);
      obj = py::make_pending_frozenset(pending, obj_hash[number]);
    }
    objs.push_back(std::move(obj));
    set.add_absent(static_cast<std::int32_t>(number));
  }
  const auto nobj = static_cast<std::uint32_t>(objs.size());
  if (nobj == 0)
    return shape == ObjectsShape::FrozenSet ? py::empty_frozenset() : py::empty_tuple();
  // frozenset(objs): objs copied into a new table.
  sim::KeySet result(tables.data() + slots, slots, tables.data() + 2 * slots, slots,
                     obj_hash.data(), &failed);
  result.merge(set);
  if (shape == ObjectsShape::TupleOfFrozenSets) {
    Value out = py::new_tuple(nobj);
    Value* items = py::tuple_items(out);
    result.for_each_slot([&](std::int32_t k, std::int64_t) {
      *items++ = std::move(objs[static_cast<std::size_t>(k)]);
    });
    return out;
  }
  thread_local std::vector<std::int64_t> outer_slots, outer_hashes;
  thread_local std::vector<Value> outer_keys;
  outer_slots.clear();
  outer_hashes.clear();
  outer_keys.clear();
  result.for_each_slot([&](std::int32_t k, std::int64_t slot) {
    outer_slots.push_back(slot);
    outer_hashes.push_back(obj_hash[static_cast<std::size_t>(k)]);
    outer_keys.push_back(std::move(objs[static_cast<std::size_t>(k)]));
  });
  return py::make_frozenset(py::SetTable::from_layout(result.mask(), nobj, outer_slots.data(),
                                                      outer_hashes.data(), outer_keys.data()));
}

} // namespace battgpu::dialects
