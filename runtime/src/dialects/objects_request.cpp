// Object extraction for the batch runtime and the dialects' fast paths: the calls that are
// one, the host's caches and workspace of the simulation, and the values placed into layouts.
#include "battgpu/dialects/objects_request.hpp"

#include "objects_pending.hpp"

#include "arc_dsl/batt_extensions.hpp"
#include "arc_dsl/higher_order.hpp"
#include "arc_dsl/patches.hpp"
#include "battgpu/py/py.hpp"
#include "tokpidjin/core.hpp"
#include "tokpidjin/higher_order.hpp"
#include "tokpidjin/objects.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <new>
#include <unordered_map>

namespace battgpu::dialects {
namespace {

using py::Value;

/// Frames below the recursion limit that every nested call of an extraction fits in (the
/// deepest is tokpidjin's closure -> o_g -> objects -> neighbors -> dneighbors, each wrapped,
/// or arc-dsl's mostcolor with max's levels): with this much room none of them can fail.
constexpr int kFramesNeeded = 64;

/// tokpidjin's match_code(type, 8) for the values the batch path takes: an int or bool equal
/// to one of 0..7.
std::optional<std::uint8_t> tokpidjin_mode(const Value& type) {
  if (!type.is_int_like() || type.as_int() < 0 || type.as_int() > 7)
    return std::nullopt;
  return static_cast<std::uint8_t>(type.as_int());
}

/// arc-dsl's o_g: objects(grid, R & 4, R & 2, R & 1) for an int or bool R (a bool's `&` with
/// an int is the int's).
std::optional<std::uint8_t> arc_mode(const Value& type) {
  if (!type.is_int_like())
    return std::nullopt;
  return static_cast<std::uint8_t>(type.as_int() & 7);
}

/// `objects(grid, univalued, diagonal, without_bg)`: the flags are tested for truth.
std::uint8_t flags_mode(const Value* flags) {
  return static_cast<std::uint8_t>((py::truthy(flags[0]) ? 4 : 0) | (py::truthy(flags[1]) ? 2 : 0) |
                                   (py::truthy(flags[2]) ? 1 : 0));
}

/// The request of DSL function `f` called with `args`, if it is an extraction.
std::optional<ObjectsRequest> function_request(const py::Builtin& f, const Value* args,
                                               std::size_t nargs) {
  ObjectsRequest r;
  r.grid = &args[0];
  r.dialect = f.dialect;
  if (nargs == 4 && (&f == &tokpidjin::fn::objects || &f == &tokpidjin::fn::objects_t ||
                     &f == &tokpidjin::fn::objects_g || &f == &arc_dsl::fn::objects)) {
    r.mode = flags_mode(args + 1);
    r.shape = &f == &tokpidjin::fn::objects || &f == &arc_dsl::fn::objects
                  ? ObjectsShape::FrozenSet
                  : ObjectsShape::TupleOfTuples;
    return r;
  }
  if (nargs != 2)
    return std::nullopt;
  std::optional<std::uint8_t> mode;
  if (&f == &tokpidjin::fn::o_g || &f == &tokpidjin::fn::o_g_t || &f == &tokpidjin::fn::o_g_tuple) {
    mode = tokpidjin_mode(args[1]);
    r.shape = &f == &tokpidjin::fn::o_g ? ObjectsShape::FrozenSet : ObjectsShape::TupleOfTuples;
  } else if (&f == &arc_dsl::fn::o_g || &f == &arc_dsl::fn::o_g_t) {
    mode = arc_mode(args[1]);
    r.shape = &f == &arc_dsl::fn::o_g ? ObjectsShape::FrozenSet : ObjectsShape::TupleOfFrozenSets;
  }
  if (!mode)
    return std::nullopt;
  r.mode = *mode;
  return r;
}

// ---------------------------------------------------------------------------------------------
// The host's caches: asindices' order per grid shape and the neighbour tables per cell, each
// made the first time a grid needs it and shared by every thread.

constexpr std::int64_t kOrderSpan = 64;
constexpr std::int64_t kNeighbourSpan = 128;

/// What the simulation needs of a grid's shape alone: hash((i, j)) of every cell and
/// asindices' order, and that order's cells in the grid padded by one cell all round (the
/// pending extraction's flood).
struct ShapeTables {
  std::vector<std::int64_t> pair_hashes;
  std::vector<std::int32_t> order;
  std::vector<std::int32_t> padded_order;
};

const ShapeTables& cached_shape(std::int64_t h, std::int64_t w) {
  static std::atomic<const ShapeTables*> cache[kOrderSpan + 1][kOrderSpan + 1];
  std::atomic<const ShapeTables*>& slot = cache[h][w];
  const ShapeTables* known = slot.load(std::memory_order_acquire);
  if (known != nullptr)
    return *known;
  const std::int64_t n = h * w;
  const std::int64_t slots = sim::table_bound(n);
  auto* fresh = new ShapeTables;
  fresh->pair_hashes.resize(static_cast<std::size_t>(n));
  for (std::int64_t i = 0, c = 0; i < h; ++i)
    for (std::int64_t j = 0; j < w; ++j, ++c)
      fresh->pair_hashes[static_cast<std::size_t>(c)] = sim::pair_hash(i, j);
  // Left unwritten: a KeySet writes every slot it reads (clear() and resize() fill its table).
  const auto table =
      std::make_unique_for_overwrite<std::int32_t[]>(static_cast<std::size_t>(slots));
  const auto scratch =
      std::make_unique_for_overwrite<std::int32_t[]>(static_cast<std::size_t>(slots));
  fresh->order.resize(static_cast<std::size_t>(n));
  sim::asindices_order(h, w, fresh->pair_hashes.data(), table.get(), slots, scratch.get(), slots,
                       fresh->order.data());
  fresh->padded_order.resize(static_cast<std::size_t>(n));
  for (std::int64_t k = 0; k < n; ++k) {
    const std::int32_t loc = fresh->order[static_cast<std::size_t>(k)];
    fresh->padded_order[static_cast<std::size_t>(k)] =
        static_cast<std::int32_t>((loc / w + 1) * (w + 2) + loc % w + 1);
  }
  if (slot.compare_exchange_strong(known, fresh, std::memory_order_acq_rel))
    return *fresh;
  delete fresh; // another thread stored the same tables first
  return *known;
}

struct NeighbourTable {
  std::atomic<bool> ready[kNeighbourSpan][kNeighbourSpan] = {};
  /// Each cell's tables, made where ready says so. The storage is left unwritten until then,
  /// so that its pages are only touched for the cells that grids reach.
  sim::CellNeighbours* cell = static_cast<sim::CellNeighbours*>(
      ::operator new(sizeof(sim::CellNeighbours) * kNeighbourSpan * kNeighbourSpan));
  std::mutex mutex;
  sim::CellNeighbours& at(std::int64_t i, std::int64_t j) { return cell[i * kNeighbourSpan + j]; }
};

NeighbourTable& neighbour_table() {
  static NeighbourTable* const table = new NeighbourTable;
  return *table;
}

/// sim's neighbour tables, cached for the cells of grids up to 128 x 128.
struct CachedNeighbours {
  NeighbourTable& table = neighbour_table();
  const sim::DirLayout& operator()(std::int64_t i, std::int64_t j, int kind, int variant,
                                   sim::DirLayout& scratch) const {
    if (i >= kNeighbourSpan || j >= kNeighbourSpan) {
      scratch = sim::neighbour_layout(i, j, kind, variant);
      return scratch;
    }
    if (!table.ready[i][j].load(std::memory_order_acquire)) {
      std::lock_guard lock(table.mutex);
      if (!table.ready[i][j].load(std::memory_order_relaxed)) {
        new (&table.at(i, j)) sim::CellNeighbours(sim::cell_neighbours(i, j));
        table.ready[i][j].store(true, std::memory_order_release);
      }
    }
    return table.at(i, j).comp[kind][variant];
  }
};

/// Workspaces up to this size stay with their thread for the next grid; larger ones are freed
/// after use.
constexpr std::size_t kKeptWorkspaceBytes = std::size_t{32} << 20;
/// Grids up to this many cells get tables of the bound that cannot overflow; larger ones first
/// try tables an eighth of that (the sets of real grids stay far below the bound) and take the
/// bound only when one overflowed.
constexpr std::int64_t kFullTablesCells = 65536;

/// A workspace for an n-cell grid with tables of `slots` slots: this thread's, grown to the
/// largest such grid it has simulated, or (beyond kKeptWorkspaceBytes) one of its own.
class HostWorkspace {
public:
  HostWorkspace(std::int64_t n, std::int64_t slots) {
    thread_local std::vector<std::int64_t> kept;
    const std::size_t bytes = sim::workspace_bytes(n, slots);
    std::vector<std::int64_t>& memory = bytes <= kKeptWorkspaceBytes ? kept : own_;
    if (memory.size() * sizeof(std::int64_t) < bytes)
      memory.resize((bytes + sizeof(std::int64_t) - 1) / sizeof(std::int64_t));
    ws_ = sim::workspace_at(memory.data(), n, slots);
  }
  const sim::Workspace& get() const { return ws_; }

private:
  std::vector<std::int64_t> own_;
  sim::Workspace ws_;
};

} // namespace

std::optional<ObjectsRequest> objects_request(const Value& callee, const Value* args,
                                              std::size_t nargs) {
  std::optional<ObjectsRequest> r;
  if (callee.is(py::Kind::Function)) {
    if (nargs == 0)
      return std::nullopt;
    r = function_request(*callee.as_builtin(), args, nargs);
  } else if (callee.is(py::Kind::Closure) && nargs == 1) {
    // rbind(function, fixed)(x) is function(x, fixed).
    const Value* captured = tokpidjin::rbind1_captured(callee);
    if (captured == nullptr)
      captured = arc_dsl::rbind1_captured(callee);
    if (captured == nullptr || !captured[0].is(py::Kind::Function))
      return std::nullopt;
    const Value full[2] = {Value::borrow(args[0]), Value::borrow(captured[1])};
    r = function_request(*captured[0].as_builtin(), full, 2);
    if (r)
      r->grid = &args[0];
  }
  if (!r || !py::FrameGuard::fits(kFramesNeeded) || py::cancel_requested())
    return std::nullopt;
  return r;
}

bool may_extract_objects(const Value& callee) {
  const Value* f = &callee;
  if (callee.is(py::Kind::Closure)) {
    f = tokpidjin::rbind1_captured(callee);
    if (f == nullptr)
      f = arc_dsl::rbind1_captured(callee);
    if (f == nullptr)
      return false;
  }
  if (!f->is(py::Kind::Function))
    return false;
  const py::Builtin* b = f->as_builtin();
  return b == &tokpidjin::fn::objects || b == &tokpidjin::fn::objects_t ||
         b == &tokpidjin::fn::objects_g || b == &tokpidjin::fn::o_g || b == &tokpidjin::fn::o_g_t ||
         b == &tokpidjin::fn::o_g_tuple || b == &arc_dsl::fn::objects || b == &arc_dsl::fn::o_g ||
         b == &arc_dsl::fn::o_g_t;
}

bool read_small_grid(const Value& grid, std::vector<std::int8_t>& cells, std::uint32_t& h,
                     std::uint32_t& w) {
  if (!grid.is_tuple())
    return false;
  const py::TupleObject& rows = py::as_tuple(grid);
  if (rows.size == 0 || !rows[0].is_tuple())
    return false;
  const std::uint32_t width = py::as_tuple(rows[0]).size;
  if (width == 0 || std::int64_t{rows.size} * width > kBatchMaxCells)
    return false;
  const std::size_t start = cells.size();
  cells.resize(start + std::size_t{rows.size} * width);
  std::int8_t* out = cells.data() + start;
  for (const Value& row : rows) {
    if (!row.is_tuple() || py::as_tuple(row).size != width) {
      cells.resize(start);
      return false;
    }
    for (const Value& cell : py::as_tuple(row)) {
      if (!cell.is(py::Kind::Int) || cell.as_int() < -128 || cell.as_int() > 127) {
        cells.resize(start);
        return false;
      }
      *out++ = static_cast<std::int8_t>(cell.as_int());
    }
  }
  h = rows.size;
  w = width;
  return true;
}

sim::Params small_grid_params(py::Dialect dialect, ObjectsShape shape, std::uint8_t mode,
                              const std::int8_t* cells, std::uint32_t h, std::uint32_t w) {
  sim::Params p;
  p.h = h;
  p.w = w;
  p.univalued = (mode & 4) != 0;
  p.diagonal = (mode & 2) != 0;
  p.has_bg = (mode & 1) != 0;
  p.form = cell_form(dialect);
  p.sets = shape != ObjectsShape::TupleOfTuples;
  if (p.has_bg) {
    const std::int64_t n = std::int64_t{h} * w;
    const HostWorkspace ws(n, sim::table_bound(n < 256 ? n : 256));
    sim::small_grid_mostcolor(cells, n, ws.get(), p.bg);
  }
  return p;
}

template <class Cell, class Index>
std::uint32_t simulate_on_host(const Cell* cells, const sim::Params& params,
                               const sim::Layout<Index>& out) {
  const std::int64_t n = params.h * params.w;
  const std::int32_t* order = nullptr;
  const std::int64_t* pair_hashes = nullptr;
  if (params.h <= kOrderSpan && params.w <= kOrderSpan) {
    const ShapeTables& shape = cached_shape(params.h, params.w);
    order = shape.order.data();
    pair_hashes = shape.pair_hashes.data();
  }
  const std::int64_t bound = sim::table_bound(n);
  if (n > kFullTablesCells) {
    const HostWorkspace ws(n, bound / 8);
    if (sim::simulate_objects(cells, params, ws.get(), order, CachedNeighbours{}, out,
                              pair_hashes) == sim::kLayoutOk)
      return sim::kLayoutOk;
  }
  const HostWorkspace ws(n, bound);
  return sim::simulate_objects(cells, params, ws.get(), order, CachedNeighbours{}, out,
                               pair_hashes);
}

namespace {

/// Places the cells of a computed layout into the result's tables: `cells.value(c)` and
/// `cells.hash(c)` give the Python cell of cell number c and its hash.
template <class Cells, class Index>
Value place_objects(ObjectsShape shape, const Cells& cells, const sim::Layout<Index>& layout) {
  const std::uint32_t nobj = layout.header->objects;
  if (shape == ObjectsShape::TupleOfTuples) {
    if (nobj == 0)
      return py::empty_tuple();
    Value result = py::new_tuple(nobj);
    Value* items = py::tuple_items(result);
    std::size_t at = 0;
    for (std::uint32_t k = 0; k < nobj; ++k) {
      const std::size_t count = layout.obj_cells[k];
      Value obj = py::new_tuple(count);
      Value* cells_out = py::tuple_items(obj);
      for (std::size_t q = 0; q < count; ++q)
        cells_out[q] = cells.value(layout.cell[at + q]);
      at += count;
      items[k] = std::move(obj);
    }
    return result;
  }
  if (nobj == 0)
    return shape == ObjectsShape::FrozenSet ? py::empty_frozenset() : py::empty_tuple();
  thread_local std::vector<std::int64_t> slots, hashes, obj_hash;
  thread_local std::vector<Value> keys, objs;
  objs.resize(nobj);
  obj_hash.resize(nobj);
  std::size_t at = 0;
  for (std::uint32_t k = 0; k < nobj; ++k) {
    const std::size_t count = layout.obj_cells[k];
    slots.resize(count);
    hashes.resize(count);
    keys.resize(count);
    sim::FrozenSetHash fh;
    for (std::size_t q = 0; q < count; ++q) {
      const std::uint32_t c = layout.cell[at + q];
      slots[q] = layout.slot[at + q];
      hashes[q] = cells.hash(c);
      keys[q] = cells.value(c);
      fh.add(hashes[q]);
    }
    at += count;
    const std::int64_t mask = (std::int64_t{1} << layout.obj_log2[k]) - 1;
    Value obj = py::make_frozenset(
        py::SetTable::from_layout(mask, count, slots.data(), hashes.data(), keys.data()));
    obj_hash[k] = fh.finish(count);
    // frozenset_hash of the table just made (tables without deleted slots hash alike).
    py::as_frozenset(obj).hash.store(obj_hash[k], std::memory_order_relaxed);
    objs[k] = std::move(obj);
  }
  if (shape == ObjectsShape::TupleOfFrozenSets) {
    Value result = py::new_tuple(nobj);
    Value* items = py::tuple_items(result);
    for (std::uint32_t p = 0; p < nobj; ++p)
      items[p] = std::move(objs[layout.outer[p]]);
    return result;
  }
  slots.resize(nobj);
  hashes.resize(nobj);
  keys.resize(nobj);
  for (std::uint32_t p = 0; p < nobj; ++p) {
    const std::uint32_t k = layout.outer[p];
    slots[p] = layout.outer_slot[p];
    hashes[p] = obj_hash[k];
    keys[p] = std::move(objs[k]);
  }
  const std::int64_t mask = (std::int64_t{1} << layout.header->outer_log2) - 1;
  return py::make_frozenset(
      py::SetTable::from_layout(mask, nobj, slots.data(), hashes.data(), keys.data()));
}

/// The cells of a grid of ints: `dialect`'s cell of each colour.
template <class Cell> struct IntCells {
  py::Dialect dialect;
  sim::CellForm form;
  std::uint32_t w;
  const Cell* colours;
  Value value(std::uint32_t c) const {
    const std::uint32_t i = c / w;
    return cell_value(dialect, i, c - i * w, static_cast<std::int64_t>(colours[c]));
  }
  std::int64_t hash(std::uint32_t c) const {
    const std::uint32_t i = c / w;
    return sim::cell_hash(form, i, c - i * w, static_cast<std::int64_t>(colours[c]));
  }
};

} // namespace

template <class Cell, class Index>
Value materialise_objects(py::Dialect dialect, ObjectsShape shape, std::int64_t w,
                          const Cell* cells, const sim::Layout<Index>& layout) {
  const IntCells<Cell> source{dialect, cell_form(dialect), static_cast<std::uint32_t>(w), cells};
  return place_objects(shape, source, layout);
}

namespace {

/// The parameters of objects(grid, univalued, diagonal, without_bg) on an h x w grid.
sim::Params objects_params(py::Dialect dialect, ObjectsShape shape, std::int64_t h, std::int64_t w,
                           bool univalued, bool diagonal, bool has_bg, std::int64_t bg) {
  sim::Params p;
  p.h = h;
  p.w = w;
  p.univalued = univalued;
  p.diagonal = diagonal;
  p.has_bg = has_bg;
  p.bg = bg;
  p.form = cell_form(dialect);
  p.sets = shape != ObjectsShape::TupleOfTuples;
  return p;
}

/// This thread's memory for the layout of an n-cell grid's simulation, kept for the next.
sim::Layout<std::uint32_t> thread_layout(std::int64_t n) {
  thread_local std::vector<std::int64_t> memory;
  const std::size_t bytes = sim::layout_bytes(n, sizeof(std::uint32_t));
  if (memory.size() * sizeof(std::int64_t) < bytes)
    memory.resize((bytes + sizeof(std::int64_t) - 1) / sizeof(std::int64_t));
  return sim::layout_at<std::uint32_t>(memory.data(), n);
}

} // namespace

Value objects_of_int_grid(py::Dialect dialect, ObjectsShape shape, const std::int64_t* cells,
                          std::int64_t h, std::int64_t w, bool univalued, bool diagonal,
                          bool has_bg, std::int64_t bg) {
  const sim::Params p = objects_params(dialect, shape, h, w, univalued, diagonal, has_bg, bg);
  if (p.sets && h <= kOrderSpan && w <= kOrderSpan &&
      py::pending_tables_enabled().load(std::memory_order_relaxed)) {
    const ShapeTables& tables = cached_shape(h, w);
    return objects_with_pending_cells(dialect, shape, cells, p, tables.order.data(),
                                      tables.padded_order.data());
  }
  const auto layout = thread_layout(h * w);
  if (simulate_on_host(cells, p, layout) != sim::kLayoutOk)
    return Value();
  return materialise_objects(dialect, shape, w, cells, layout);
}

namespace {

/// Numbers the values of a grid by their equality classes under `==` (py::op_eq), which is an
/// equivalence on every value equal to itself. Values are looked up by hash (equal values
/// hash alike), ints of a colour's range through a table first.
class ValueClasses {
public:
  ValueClasses() { std::fill_n(small_, 256, -1); }

  /// The class of `v` (hash `hash`), numbered on first sight; -1 for a value unequal to
  /// itself (a NaN), which is in no class.
  std::int64_t classify(const Value& v, std::int64_t hash) {
    const bool small = v.is(py::Kind::Int) && v.as_int() >= -128 && v.as_int() < 128;
    if (small && small_[v.as_int() + 128] >= 0)
      return small_[v.as_int() + 128];
    std::int64_t id = find(v, hash);
    if (id < 0) {
      if (!py::op_eq(v, v))
        return -1;
      id = next_id();
      by_hash_.emplace(hash, Entry{&v, id});
    }
    if (small)
      small_[v.as_int() + 128] = static_cast<std::int32_t>(id);
    return id;
  }
  /// The class of a value equal to `v`, or -1 when none has been seen.
  std::int64_t find(const Value& v, std::int64_t hash) const {
    auto [first, last] = by_hash_.equal_range(hash);
    for (auto it = first; it != last; ++it)
      if (py::op_eq(*it->second.value, v))
        return it->second.id;
    return -1;
  }
  /// A number of no class, for a value equal to nothing.
  std::int64_t next_id() { return ids_++; }

private:
  struct Entry {
    const Value* value; // the grid's: it outlives the classes
    std::int64_t id;
  };
  std::int32_t small_[256]; // the class of each int of -128..127 seen, or -1
  std::unordered_multimap<std::int64_t, Entry> by_hash_;
  std::int64_t ids_ = 0;
};

/// The cells of a grid of any values: each cell's own value, in `form`, with its hash.
struct ValueCells {
  py::Dialect dialect;
  sim::CellForm form;
  std::uint32_t w;
  const Value* const* values;
  const std::int64_t* value_hashes;
  Value value(std::uint32_t c) const {
    const std::uint32_t i = c / w, j = c - i * w;
    const Value& v = *values[c];
    if (v.is(py::Kind::Int))
      return cell_value(dialect, i, j, v.as_int());
    if (form == sim::CellForm::Tokpidjin)
      return py::tuple_of({Value::integer(i), Value::integer(j), v});
    return py::tuple_of({v, py::pair_of(i, j)});
  }
  std::int64_t hash(std::uint32_t c) const {
    const std::uint32_t i = c / w;
    return sim::cell_hash_of_value(form, i, c - i * w, value_hashes[c]);
  }
};

} // namespace

Value objects_of_value_grid(py::Dialect dialect, ObjectsShape shape, const Value& grid,
                            std::int64_t w, bool univalued, bool diagonal, const Value& bg) {
  const py::TupleObject& rows = py::as_tuple(grid);
  const std::int64_t h = rows.size, n = h * w;
  thread_local std::vector<std::int64_t> ids, hashes;
  thread_local std::vector<const Value*> values;
  ids.resize(static_cast<std::size_t>(n));
  hashes.resize(static_cast<std::size_t>(n));
  values.resize(static_cast<std::size_t>(n));
  ValueClasses classes;
  std::size_t c = 0;
  for (const Value& row : rows) {
    const py::TupleObject& r = py::as_tuple(row);
    for (std::int64_t j = 0; j < w; ++j, ++c) {
      const Value& v = r[static_cast<std::uint32_t>(j)];
      values[c] = &v;
      hashes[c] = py::hash(v);
      std::int64_t id = classes.classify(v, hashes[c]);
      if (id < 0) {
        // Unequal to itself: it never joins the object of its start cell, which the
        // simulation does not model; elsewhere (`v != bg`) it is a value equal to nothing.
        if (univalued)
          return Value();
        id = classes.next_id();
      }
      ids[c] = id;
    }
  }
  // Python compares with bg even without one (bg is then None): the background is bg's class,
  // or no cell at all.
  constexpr std::int64_t kNoCell = -1; // no class: every cell is numbered from 0
  const std::int64_t bg_class = py::op_eq(bg, bg) ? classes.find(bg, py::hash(bg)) : kNoCell;
  sim::Params p = objects_params(dialect, shape, h, w, univalued, diagonal, true, bg_class);
  p.value_hashes = hashes.data();
  const auto layout = thread_layout(n);
  if (simulate_on_host(ids.data(), p, layout) != sim::kLayoutOk)
    return Value();
  const ValueCells cells{dialect, p.form, static_cast<std::uint32_t>(w), values.data(),
                         hashes.data()};
  return place_objects(shape, cells, layout);
}

std::int64_t most_common_of_ints(const std::vector<std::int64_t>& values,
                                 const std::vector<std::int64_t>& counts) {
  const auto k = static_cast<std::int64_t>(values.size());
  const std::int64_t slots = sim::table_bound(k);
  thread_local std::vector<std::int64_t> hashes;
  thread_local std::vector<std::int32_t> tables;
  hashes.resize(values.size());
  tables.resize(static_cast<std::size_t>(2 * slots));
  const std::int64_t best =
      sim::most_common_index(values.data(), counts.data(), k, hashes.data(), tables.data(), slots,
                             tables.data() + slots, slots);
  return best < 0 ? 0 : values[static_cast<std::size_t>(best)];
}

template std::uint32_t simulate_on_host(const std::int64_t*, const sim::Params&,
                                        const sim::Layout<std::uint32_t>&);
template std::uint32_t simulate_on_host(const int*, const sim::Params&,
                                        const sim::Layout<std::uint32_t>&);
template std::uint32_t simulate_on_host(const std::int8_t*, const sim::Params&,
                                        const sim::Layout<std::uint16_t>&);
template std::uint32_t simulate_on_host(const std::int8_t*, const sim::Params&,
                                        const sim::Layout<std::uint32_t>&);
template Value materialise_objects(py::Dialect, ObjectsShape, std::int64_t, const std::int64_t*,
                                   const sim::Layout<std::uint32_t>&);
template Value materialise_objects(py::Dialect, ObjectsShape, std::int64_t, const std::int8_t*,
                                   const sim::Layout<std::uint16_t>&);
template Value materialise_objects(py::Dialect, ObjectsShape, std::int64_t, const std::int8_t*,
                                   const sim::Layout<std::uint32_t>&);

} // namespace battgpu::dialects
