// tokpidjin dialect: the "objects" functions.
#include "objects.hpp"

#include "battgpu/py/py.hpp"
#include "measures.hpp"
#include "patches.hpp"

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace battgpu::dialects::tokpidjin {
namespace {

using py::Value;

// ---------------------------------------------------------------------------------------------
// Shared helpers.

py::Error recursion_error() {
  return py::Error{py::Exc::RecursionError, "maximum recursion depth exceeded"};
}

Value inf_value(bool negative) {
  return Value::floating(negative ? -INFINITY : INFINITY);
}

/// `frozenset(s)` of a set `s` built by additions alone, consuming `s`. The copy is a set_merge
/// into an empty table, which copies the table slot for slot when it has the same size as s's
/// (and s has no deleted slots); then s's own table is the result.
Value freeze(py::SetTable&& s) {
  std::int64_t size = py::SetTable::kMinSize;
  if (s.size() * 5 >= (size - 1) * 3)
    while (size <= s.size() * 2)
      size <<= 1;
  if (s.mask() == size - 1 && s.fill() == s.size())
    return py::make_frozenset(std::move(s));
  return py::frozenset_of_set(s);
}

/// `0 <= x < bound`, evaluated as Python chains it (the second test only when the first holds).
py::Result<bool> in_range(const Value& x, std::int64_t bound) {
  if (x.is_int_like())
    return x.as_int() >= 0 && x.as_int() < bound;
  PY_TRY(bool low, py::le(Value::integer(0), x));
  if (!low)
    return false;
  return py::lt(x, Value::integer(bound));
}

/// A fresh tuple of three values.
Value triple(Value a, Value b, Value c) {
  Value t = py::new_tuple(3);
  Value* items = py::tuple_items(t);
  items[0] = std::move(a);
  items[1] = std::move(b);
  items[2] = std::move(c);
  return t;
}

Value pair(Value a, Value b) {
  Value t = py::new_tuple(2);
  Value* items = py::tuple_items(t);
  items[0] = std::move(a);
  items[1] = std::move(b);
  return t;
}

// CPython's tuple hash (the xxHash-style mix of tuplehash) for a tuple of ints, so that cell
// coordinates can be hashed without building tuple objects.
constexpr std::uint64_t kXXPrime1 = 11400714785074694791ULL;
constexpr std::uint64_t kXXPrime2 = 14029467366897019727ULL;
constexpr std::uint64_t kXXPrime5 = 2870177450012600261ULL;

std::int64_t int_tuple_hash(std::initializer_list<std::int64_t> items) {
  std::uint64_t acc = kXXPrime5;
  for (std::int64_t item : items) {
    acc += static_cast<std::uint64_t>(py::hash_int(item)) * kXXPrime2;
    acc = (acc << 31) | (acc >> 33);
    acc *= kXXPrime1;
  }
  acc += static_cast<std::uint64_t>(items.size()) ^ (kXXPrime5 ^ 3527539ULL);
  if (acc == static_cast<std::uint64_t>(-1))
    return 1546275796;
  return static_cast<std::int64_t>(acc);
}

/// The cell `(a, b, c)`: for three ints, py::cell_of's tuple (shared for the cells of ARC
/// grids, its hash made once); otherwise a new tuple of the values themselves (bools stay bools).
Value make_cell(Value a, Value b, Value c) {
  if (a.is(py::Kind::Int) && b.is(py::Kind::Int) && c.is(py::Kind::Int))
    return py::cell_of(a.as_int(), b.as_int(), c.as_int());
  return triple(std::move(a), std::move(b), std::move(c));
}

/// Numbers the distinct ints of a sequence in order of first appearance (colours are small,
/// so those get an array; other values a hash map).
class ValueIndex {
public:
  /// The number of `v`, or -1 when it has none yet.
  std::int32_t find(std::int64_t v) const {
    if (v >= 0 && v < kSmall)
      return small_[v];
    auto it = others_.find(v);
    return it == others_.end() ? -1 : it->second;
  }
  /// The number of `v`, giving it the next one when it is new.
  std::int32_t intern(std::int64_t v) {
    std::int32_t* slot;
    if (v >= 0 && v < kSmall)
      slot = &small_[v];
    else
      slot = &others_.try_emplace(v, -1).first->second;
    if (*slot < 0) {
      *slot = static_cast<std::int32_t>(values_.size());
      values_.push_back(v);
    }
    return *slot;
  }
  const std::vector<std::int64_t>& values() const { return values_; }

private:
  static constexpr std::int64_t kSmall = 16;
  std::int32_t small_[kSmall] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
  std::unordered_map<std::int64_t, std::int32_t> others_;
  std::vector<std::int64_t> values_;
};

// ---------------------------------------------------------------------------------------------
// KeySet: CPython's set table (set_add_entry, set_insert_clean, set_table_resize, set_merge,
// set_difference: the same probing, thresholds and branches as py::SetTable) over
// small integer keys, each with its hash in an array the caller provides. Two keys are equal
// exactly when their integers are, which holds for the (row, col) tuples that objects()
// stores when each key numbers one cell. It lets that loop reproduce the iteration order of
// its Python sets without building a tuple per neighbour. Slots hold the key alone (the hash
// is looked up when a resize needs it): -1 is a free slot, -2 a deleted one.

constexpr std::int32_t kFreeKey = -1;
constexpr std::int32_t kDummyKey = -2;
constexpr std::uint64_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;

class KeySet {
public:
  explicit KeySet(const std::int64_t* hashes = nullptr) : hashes_(hashes) { clear(); }
  KeySet(const KeySet&) = delete;
  KeySet& operator=(const KeySet&) = delete;

  void set_hashes(const std::int64_t* hashes) { hashes_ = hashes; }
  /// An empty set of the minimal size, as `set()` makes one (large buffers are kept).
  void clear() {
    t_ = small_;
    mask_ = 7;
    fill_ = used_ = 0;
    std::memset(small_, 0xFF, sizeof(small_));
  }
  std::int64_t size() const { return used_; }

  /// set_add_entry.
  void add(std::int32_t key) {
    const std::int64_t hash = hashes_[key];
    const auto mask = static_cast<std::uint64_t>(mask_);
    auto perturb = static_cast<std::uint64_t>(hash);
    std::uint64_t i = static_cast<std::uint64_t>(hash) & mask;
    std::int32_t* freeslot = nullptr;
    std::int32_t* entry;
    while (true) {
      entry = t_ + i;
      std::uint64_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
      while (true) {
        const std::int32_t k = *entry;
        if (k == kFreeKey)
          goto found_unused;
        if (k == key)
          return;
        if (k == kDummyKey)
          freeslot = entry; // CPython keeps the last deleted slot seen
        if (probes-- == 0)
          break;
        ++entry;
      }
      perturb >>= kPerturbShift;
      i = (i * 5 + 1 + perturb) & mask;
    }
  found_unused:
    if (freeslot != nullptr) {
      ++used_;
      *freeslot = key;
      return;
    }
    ++fill_;
    ++used_;
    *entry = key;
    if (static_cast<std::uint64_t>(fill_) * 5 < mask * 3)
      return;
    resize(used_ > 50000 ? used_ * 2 : used_ * 4);
  }

  /// set_add_entry for a key known to be absent from a set without deleted slots: the
  /// search can only end at the first free slot of the key's probe sequence.
  void add_absent(std::int32_t key) {
    const std::int64_t hash = hashes_[key];
    const auto mask = static_cast<std::uint64_t>(mask_);
    auto perturb = static_cast<std::uint64_t>(hash);
    std::uint64_t i = static_cast<std::uint64_t>(hash) & mask;
    std::int32_t* entry;
    while (true) {
      entry = t_ + i;
      if (*entry == kFreeKey)
        break;
      if (i + kLinearProbes <= mask) {
        std::uint64_t j = 0;
        for (; j < kLinearProbes; ++j)
          if (*++entry == kFreeKey)
            break;
        if (j < kLinearProbes)
          break;
      }
      perturb >>= kPerturbShift;
      i = (i * 5 + 1 + perturb) & mask;
    }
    ++fill_;
    ++used_;
    *entry = key;
    if (static_cast<std::uint64_t>(fill_) * 5 < mask * 3)
      return;
    resize(used_ > 50000 ? used_ * 2 : used_ * 4);
  }

  /// set_merge into a set without deleted slots, of a set given by its slot layout: `keys`
  /// in slot order, `pos` their slots, `n` of them, in a table of mask `omask` without
  /// deleted slots. `seen(key)` tells whether a key is already in this set, and records it
  /// as being in it from then on; adding a key already there changes nothing, so those are
  /// skipped without a search.
  template <class Seen>
  void merge_layout(const std::int32_t* keys, const std::uint8_t* pos, std::int64_t n,
                    std::int64_t omask, Seen&& seen) {
    if (n == 0)
      return;
    if ((fill_ + n) * 5 >= mask_ * 3)
      resize((used_ + n) * 2);
    if (fill_ == 0) {
      fill_ = used_ = n;
      if (mask_ == omask) {
        for (std::int64_t k = 0; k < n; ++k) {
          seen(keys[k]);
          t_[pos[k]] = keys[k];
        }
      } else {
        for (std::int64_t k = 0; k < n; ++k) {
          seen(keys[k]);
          insert_clean(keys[k]);
        }
      }
      return;
    }
    for (std::int64_t k = 0; k < n; ++k)
      if (!seen(keys[k]))
        add_absent(keys[k]);
  }

  /// set_merge.
  void merge(const KeySet& other) {
    if (&other == this || other.used_ == 0)
      return;
    if ((fill_ + other.used_) * 5 >= mask_ * 3)
      resize((used_ + other.used_) * 2);
    const std::int32_t* o = other.t_;
    if (fill_ == 0 && mask_ == other.mask_ && other.fill_ == other.used_) {
      std::memcpy(t_, o, static_cast<std::size_t>(mask_ + 1) * sizeof(std::int32_t));
      fill_ = other.fill_;
      used_ = other.used_;
      return;
    }
    if (fill_ == 0) {
      fill_ = used_ = other.used_;
      for (std::int64_t i = 0; i <= other.mask_; ++i)
        if (o[i] >= 0)
          insert_clean(o[i]);
      return;
    }
    for (std::int64_t i = 0; i <= other.mask_; ++i)
      if (o[i] >= 0)
        add(o[i]);
  }

  /// `*this = a - b` (set_difference) for a set b given by membership flags (`in_b[key]`) and
  /// its size. Which elements b holds beyond a's does not change the result, nor does the
  /// order in which the common ones are discarded (a discard only marks its own key's slot), so
  /// b need not be a table.
  void assign_difference(const KeySet& a, const std::uint8_t* in_b, std::int64_t b_size) {
    clear();
    if ((a.used_ >> 2) > b_size) {
      // set_copy_and_difference: a copy of a, then the common elements discarded.
      merge(a);
      for (std::int64_t i = 0; i <= mask_; ++i)
        if (t_[i] >= 0 && in_b[t_[i]]) {
          t_[i] = kDummyKey;
          --used_;
        }
      if (static_cast<std::uint64_t>(fill_ - used_) <= static_cast<std::uint64_t>(mask_) / 4)
        return;
      resize(used_ > 50000 ? used_ * 2 : used_ * 4);
      return;
    }
    // a's keys not in b, in a's order (gathered without branches), then added; they are
    // distinct and the new set has no deleted slots.
    const std::int32_t* t = a.t_;
    gathered_.resize(static_cast<std::size_t>(a.mask_ + 1));
    std::int32_t* keep = gathered_.data();
    std::int64_t m = 0;
    for (std::int64_t i = 0; i <= a.mask_; ++i) {
      const std::int32_t k = t[i];
      keep[m] = k;
      m += static_cast<std::int64_t>((k >= 0) & (in_b[k < 0 ? 0 : k] == 0));
    }
    for (std::int64_t j = 0; j < m; ++j)
      add_absent(keep[j]);
  }

  /// The keys in iteration order, into `out`.
  void collect(std::vector<std::int32_t>& out) const {
    out.resize(static_cast<std::size_t>(mask_ + 1));
    std::int32_t* o = out.data();
    std::int64_t m = 0;
    for (std::int64_t i = 0; i <= mask_; ++i) {
      o[m] = t_[i];
      m += static_cast<std::int64_t>(t_[i] >= 0);
    }
    out.resize(static_cast<std::size_t>(m));
  }

  /// Calls f(key) for every element, in iteration order.
  template <class F> void for_each(F&& f) const {
    for (std::int64_t i = 0; i <= mask_; ++i)
      if (t_[i] >= 0)
        f(t_[i]);
  }
  /// Calls f(key, slot) for every element, in iteration order.
  template <class F> void for_each_slot(F&& f) const {
    for (std::int64_t i = 0; i <= mask_; ++i)
      if (t_[i] >= 0)
        f(t_[i], i);
  }
  std::int64_t mask() const { return mask_; }

private:
  // set_insert_clean.
  void insert_clean(std::int32_t key) {
    const std::int64_t hash = hashes_[key];
    const auto mask = static_cast<std::uint64_t>(mask_);
    auto perturb = static_cast<std::uint64_t>(hash);
    std::uint64_t i = static_cast<std::uint64_t>(hash) & mask;
    while (true) {
      std::int32_t* entry = t_ + i;
      if (*entry == kFreeKey) {
        *entry = key;
        return;
      }
      if (i + kLinearProbes <= mask) {
        for (std::uint64_t j = 0; j < kLinearProbes; ++j) {
          ++entry;
          if (*entry == kFreeKey) {
            *entry = key;
            return;
          }
        }
      }
      perturb >>= kPerturbShift;
      i = (i * 5 + 1 + perturb) & mask;
    }
  }

  // set_table_resize.
  void resize(std::int64_t minused) {
    std::int64_t newsize = 8;
    while (newsize <= minused)
      newsize <<= 1;
    std::int32_t small_copy[8];
    const std::int32_t* old = t_;
    const std::int64_t oldmask = mask_;
    if (t_ == small_) {
      if (newsize == 8 && fill_ == used_)
        return; // no deleted slots to purge
      std::memcpy(small_copy, small_, sizeof(small_));
      old = small_copy;
    }
    if (newsize == 8) {
      t_ = small_;
    } else {
      // The buffer not holding the old table.
      const int next = (t_ == buffers_[current_].data()) ? 1 - current_ : current_;
      if (buffers_[next].size() < static_cast<std::size_t>(newsize))
        buffers_[next].resize(static_cast<std::size_t>(newsize));
      current_ = next;
      t_ = buffers_[next].data();
    }
    std::memset(t_, 0xFF, static_cast<std::size_t>(newsize) * sizeof(std::int32_t));
    mask_ = newsize - 1;
    fill_ = used_;
    for (std::int64_t i = 0; i <= oldmask; ++i)
      if (old[i] >= 0)
        insert_clean(old[i]);
  }

  const std::int64_t* hashes_;
  std::int32_t* t_ = nullptr;
  std::int64_t mask_ = 7;
  std::int64_t fill_ = 0;
  std::int64_t used_ = 0;
  std::int32_t small_[8];
  std::vector<std::int32_t> buffers_[2];
  int current_ = 0;
  std::vector<std::int32_t> gathered_;
};

// ---------------------------------------------------------------------------------------------
// The neighbours of a cell as tokpidjin's dneighbors / neighbors return them, and the set
// `{(i, j) for i, j in diagfun(cand) if ...}` they give for a cell whose neighbours are all
// inside the grid.
//
// Directions, in the order the Python set displays list them: dneighbors up, down, left,
// right; ineighbors up-left, up-right, down-left, down-right.
constexpr std::int64_t kDirRow[8] = {-1, 1, 0, 0, -1, -1, 1, 1};
constexpr std::int64_t kDirCol[8] = {0, 0, -1, 1, -1, 1, -1, 1};

/// A small set of directions as a table: its mask, and its elements in slot order with slots.
struct DirLayout {
  std::uint8_t mask = 7;
  std::uint8_t n = 0;
  std::uint8_t dir[8] = {};
  std::uint8_t pos[8] = {};
};

struct CellNeighbours {
  std::uint8_t order[2][8]; // iteration order of dneighbors ([0], 4) and neighbors ([1], 8)
  // The comprehension's set for dneighbors ([0][.]) and neighbors ([1][.]): the neighbours
  // inside the grid, where the cell's row is the last one (variant & 2) or not, and its column
  // the last one (variant & 1) or not; those above row 0 or left of column 0 are left out too.
  DirLayout comp[2][4];
};

DirLayout layout_of(const KeySet& s) {
  DirLayout out;
  out.mask = static_cast<std::uint8_t>(s.mask());
  s.for_each_slot([&](std::int32_t d, std::int64_t slot) {
    out.dir[out.n] = static_cast<std::uint8_t>(d);
    out.pos[out.n] = static_cast<std::uint8_t>(slot);
    ++out.n;
  });
  return out;
}

CellNeighbours compute_neighbours(std::int64_t i, std::int64_t j) {
  std::int64_t hashes[8];
  for (int d = 0; d < 8; ++d)
    hashes[d] = int_tuple_hash({i + kDirRow[d], j + kDirCol[d]});
  // frozenset({a, b, c, d}): the display's table, which the copy keeps slot for slot (the
  // same size, no deleted slots).
  thread_local KeySet direct, diag, both, comp;
  for (KeySet* s : {&direct, &diag, &both, &comp}) {
    s->set_hashes(hashes);
    s->clear();
  }
  for (int d = 0; d < 4; ++d)
    direct.add(d);
  for (int d = 4; d < 8; ++d)
    diag.add(d);
  // dneighbors(loc) | ineighbors(loc): a copy of the first, updated with the second.
  both.merge(direct);
  both.merge(diag);
  CellNeighbours out{};
  for (int kind = 0; kind < 2; ++kind) {
    const KeySet& source = kind == 0 ? direct : both;
    int k = 0;
    source.for_each([&](std::int32_t d) { out.order[kind][k++] = static_cast<std::uint8_t>(d); });
    for (int variant = 0; variant < 4; ++variant) {
      const bool last_row = (variant & 2) != 0, last_col = (variant & 1) != 0;
      comp.clear();
      for (int m = 0; m < k; ++m) {
        const int d = out.order[kind][m];
        const bool inside = i + kDirRow[d] >= 0 && j + kDirCol[d] >= 0 &&
                            !(last_row && kDirRow[d] > 0) && !(last_col && kDirCol[d] > 0);
        if (inside)
          comp.add_absent(d);
      }
      out.comp[kind][variant] = layout_of(comp);
    }
  }
  return out;
}

// Cells of grids up to this size use precomputed hashes and neighbour sets.
constexpr std::int64_t kCacheDim = 32;

struct NeighbourCache {
  std::int64_t pair_hash[kCacheDim][kCacheDim];
};

const NeighbourCache& neighbour_cache() {
  static const NeighbourCache* const cache = [] {
    auto* c = new NeighbourCache;
    for (std::int64_t i = 0; i < kCacheDim; ++i)
      for (std::int64_t j = 0; j < kCacheDim; ++j)
        c->pair_hash[i][j] = int_tuple_hash({i, j});
    return c;
  }();
  return *cache;
}

// The neighbour sets of cells in grids up to this size (concatenations and upscales of ARC
// grids reach past 32), each computed the first time a grid reaches it, shared by all threads.
constexpr std::int64_t kNeighbourDim = 128;

const CellNeighbours& neighbours_of(std::int64_t i, std::int64_t j, CellNeighbours& scratch) {
  struct Table {
    std::atomic<bool> ready[kNeighbourDim][kNeighbourDim] = {};
    CellNeighbours cell[kNeighbourDim][kNeighbourDim];
    std::mutex mutex;
  };
  if (i >= kNeighbourDim || j >= kNeighbourDim) {
    scratch = compute_neighbours(i, j);
    return scratch;
  }
  static Table* const table = new Table;
  if (!table->ready[i][j].load(std::memory_order_acquire)) {
    std::lock_guard lock(table->mutex);
    if (!table->ready[i][j].load(std::memory_order_relaxed)) {
      table->cell[i][j] = compute_neighbours(i, j);
      table->ready[i][j].store(true, std::memory_order_release);
    }
  }
  return table->cell[i][j];
}

// ---------------------------------------------------------------------------------------------
// A well-formed grid of ints: a non-empty tuple of equally long, non-empty tuples of ints.

struct IntGrid {
  std::int64_t h = 0;
  std::int64_t w = 0;
  std::vector<std::int64_t> cells; // row-major
};

bool read_int_grid(const Value& grid, IntGrid& g) {
  if (!grid.is_tuple())
    return false;
  const py::TupleObject& rows = py::as_tuple(grid);
  if (rows.size == 0 || !rows[0].is_tuple())
    return false;
  const std::uint32_t w = py::as_tuple(rows[0]).size;
  if (w == 0 || std::int64_t{rows.size} * w > (std::int64_t{1} << 30)) // cells are int32 keys
    return false;
  g.h = rows.size;
  g.w = w;
  g.cells.resize(static_cast<std::size_t>(g.h * g.w));
  std::int64_t* out = g.cells.data();
  for (const Value& row : rows) {
    if (!row.is_tuple() || py::as_tuple(row).size != w)
      return false;
    for (const Value& cell : py::as_tuple(row)) {
      if (!cell.is(py::Kind::Int))
        return false;
      *out++ = cell.as_int();
    }
  }
  return true;
}

/// mostcolor_t of a well-formed int grid: `max(set(values), key=values.count)`. Adding a value
/// already present changes nothing, so set(values) is the set of the distinct values added in
/// order of first appearance; max keeps the first of equal counts in that set's order.
std::int64_t int_grid_mostcolor(const IntGrid& g) {
  ValueIndex index;
  std::vector<std::int64_t> counts;
  for (std::int64_t v : g.cells) {
    const auto k = static_cast<std::size_t>(index.intern(v));
    if (k == counts.size())
      counts.push_back(0);
    ++counts[k];
  }
  py::SetTable colours;
  for (std::int64_t v : index.values())
    colours.add(Value::integer(v));
  std::int64_t best = 0, best_count = -1;
  colours.for_each([&](const Value& c) {
    const std::int64_t count = counts[static_cast<std::size_t>(index.find(c.as_int()))];
    if (count > best_count) {
      best = c.as_int();
      best_count = count;
    }
  });
  return best;
}

// ---------------------------------------------------------------------------------------------
// objects / objects_t
//
// The Python loop (for each unvisited cell, a flood fill over sets `cands`, `neighborhood`
// and `occupied`) decides the order of every set it builds, so both paths below perform the
// same set operations in the same order. The fast path does it on KeySets, for well-formed
// grids of ints, where the values of every call it would make (mostcolor_t, asindices,
// dneighbors, neighbors) are known; everything else takes the literal path.

struct FloodScratch {
  IntGrid grid;
  std::vector<std::int64_t> hash;             // hash((i, j)) of every cell
  std::vector<std::int32_t> row, col;         // (i, j) of every cell
  std::vector<std::uint8_t> occupied;         // the `occupied` set, as membership
  std::vector<std::uint32_t> in_neighborhood; // the `neighborhood` set, as its layer's stamp
  std::vector<std::int32_t> seq;              // cells of the current object, in the order added
  std::vector<std::int32_t> cand_keys;        // `cands` in iteration order
  std::vector<std::int32_t> unvisited;        // asindices' iteration order (large grids)
  std::vector<std::vector<std::int32_t>> unvisited_cache; // by (h, w) up to kCacheDim
  KeySet cands, neighborhood, all;
  // The object sets, simulated on cell numbers with the hashes of the cells' tuples.
  std::vector<std::int64_t> cell_hash;
  KeySet obj, frozen;
  std::vector<std::int64_t> slot_of, hash_of;
  std::vector<Value> key_of;
};

FloodScratch& flood_scratch() {
  thread_local FloodScratch s;
  return s;
}

/// The iteration order of asindices(grid) for an h x w grid: the cells (i, j) added in
/// row-major order to an empty set. It depends on the shape only, so small shapes are cached.
const std::vector<std::int32_t>& asindices_order(FloodScratch& s, std::int64_t h, std::int64_t w) {
  std::vector<std::int32_t>* out = &s.unvisited;
  if (h <= kCacheDim && w <= kCacheDim) {
    if (s.unvisited_cache.empty())
      s.unvisited_cache.resize(static_cast<std::size_t>(kCacheDim * kCacheDim));
    out = &s.unvisited_cache[static_cast<std::size_t>((h - 1) * kCacheDim + (w - 1))];
    if (!out->empty())
      return *out;
  }
  s.all.set_hashes(s.hash.data());
  s.all.clear();
  for (std::int64_t c = 0; c < h * w; ++c)
    s.all.add_absent(static_cast<std::int32_t>(c));
  out->clear();
  out->reserve(static_cast<std::size_t>(h * w));
  s.all.for_each([&](std::int32_t c) { out->push_back(c); });
  return *out;
}

template <bool kTuple>
Value flood_objects(FloodScratch& s, bool univalued, bool diagonal, bool has_bg, std::int64_t bg) {
  const IntGrid& g = s.grid;
  const std::int64_t h = g.h, w = g.w, n = h * w;
  const NeighbourCache& cache = neighbour_cache();
  s.hash.resize(static_cast<std::size_t>(n));
  s.row.resize(static_cast<std::size_t>(n));
  s.col.resize(static_cast<std::size_t>(n));
  for (std::int64_t i = 0, c = 0; i < h; ++i)
    for (std::int64_t j = 0; j < w; ++j, ++c) {
      s.hash[static_cast<std::size_t>(c)] =
          i < kCacheDim && j < kCacheDim ? cache.pair_hash[i][j] : int_tuple_hash({i, j});
      s.row[static_cast<std::size_t>(c)] = static_cast<std::int32_t>(i);
      s.col[static_cast<std::size_t>(c)] = static_cast<std::int32_t>(j);
    }
  s.cands.set_hashes(s.hash.data());
  s.neighborhood.set_hashes(s.hash.data());
  const std::vector<std::int32_t>& unvisited = asindices_order(s, h, w);
  s.occupied.assign(static_cast<std::size_t>(n), 0);
  std::int64_t occupied_count = 0;
  const int kind = diagonal ? 1 : 0;
  std::int32_t offset[8];
  for (int d = 0; d < 8; ++d)
    offset[d] = static_cast<std::int32_t>(kDirRow[d] * w + kDirCol[d]);
  const std::int64_t* cells = g.cells.data();
  std::uint8_t* occupied = s.occupied.data();
  const std::int32_t* row_of = s.row.data();
  const std::int32_t* col_of = s.col.data();
  // Membership of the current `neighborhood`: a cell is in it when its stamp is the layer's.
  s.in_neighborhood.assign(static_cast<std::size_t>(n), 0);
  std::uint32_t* stamp = s.in_neighborhood.data();
  std::uint32_t layer = 0;
  auto seen = [&](std::int32_t c) {
    if (stamp[c] == layer)
      return true;
    stamp[c] = layer;
    return false;
  };

  py::SetTable objs;
  py::TupleBuilder objs_t;
  for (const std::int32_t loc : unvisited) {
    if (occupied[loc])
      continue;
    const std::int64_t val = cells[loc];
    if (has_bg && val == bg)
      continue;
    s.seq.clear();
    s.cands.clear();
    s.cands.add(loc);
    while (s.cands.size() != 0) {
      s.neighborhood.clear();
      ++layer;
      s.cands.collect(s.cand_keys);
      for (const std::int32_t cand : s.cand_keys) {
        const std::int64_t v = cells[cand];
        if (univalued ? v != val : (has_bg && v == bg))
          continue;
        s.seq.push_back(cand);
        occupied[cand] = 1;
        ++occupied_count;
        // neighborhood |= {(i, j) for i, j in diagfun(cand) if 0 <= i < h and 0 <= j < w}
        const std::int64_t ci = row_of[cand], cj = col_of[cand];
        CellNeighbours scratch;
        const CellNeighbours* around = &neighbours_of(ci, cj, scratch);
        const DirLayout& inside = around->comp[kind][(ci == h - 1) * 2 + (cj == w - 1)];
        std::int32_t keys[8];
        for (int k = 0; k < inside.n; ++k)
          keys[k] = cand + offset[inside.dir[k]];
        s.neighborhood.merge_layout(keys, inside.pos, inside.n, inside.mask, seen);
      }
      s.cands.assign_difference(s.neighborhood, occupied, occupied_count);
    }
    // The object's cells, added in the order the loop found them (the first is `loc`, which
    // the set display added before the loop added it again).
    if constexpr (kTuple) {
      Value obj = py::new_tuple(s.seq.size());
      Value* items = py::tuple_items(obj);
      for (std::size_t k = 0; k < s.seq.size(); ++k) {
        const std::int32_t c = s.seq[k];
        items[k] = py::cell_of(row_of[c], col_of[c], cells[c]);
      }
      objs_t.push(std::move(obj));
    } else {
      // obj as the loop builds it and frozenset(obj), simulated on the cells' numbers with
      // their tuples' hashes; then the cells go straight into their slots.
      s.cell_hash.resize(static_cast<std::size_t>(n));
      for (const std::int32_t c : s.seq)
        s.cell_hash[static_cast<std::size_t>(c)] = int_tuple_hash({row_of[c], col_of[c], cells[c]});
      s.obj.set_hashes(s.cell_hash.data());
      s.frozen.set_hashes(s.cell_hash.data());
      s.obj.clear();
      for (const std::int32_t c : s.seq)
        s.obj.add(c);
      s.frozen.clear();
      s.frozen.merge(s.obj);
      s.slot_of.clear();
      s.hash_of.clear();
      s.key_of.clear();
      s.frozen.for_each_slot([&](std::int32_t c, std::int64_t slot) {
        s.slot_of.push_back(slot);
        s.hash_of.push_back(s.cell_hash[static_cast<std::size_t>(c)]);
        s.key_of.push_back(py::cell_of(row_of[c], col_of[c], cells[c]));
      });
      objs.add(py::make_frozenset(py::SetTable::from_layout(
          s.frozen.mask(), s.key_of.size(), s.slot_of.data(), s.hash_of.data(), s.key_of.data())));
    }
  }
  if constexpr (kTuple)
    return objs_t.finish();
  else
    return freeze(std::move(objs));
}

/// `a, b = x` for the two-element values the DSL unpacks (a tuple read directly).
py::Status unpack2(const Value& x, Value (&out)[2]) {
  if (x.is_tuple() && py::as_tuple(x).size == 2) {
    out[0] = py::as_tuple(x)[0];
    out[1] = py::as_tuple(x)[1];
    return {};
  }
  return py::unpack(x, out, 2);
}

/// The literal transliteration, for every grid the fast path does not take.
template <bool kTuple>
Value objects_literal(const Value& grid, const Value& univalued, const Value& diagonal,
                      const Value& without_bg) {
  Value bg = Value::none();
  if (py::truthy(without_bg)) {
    PY_TRY(bg, py::call(fn::mostcolor_t, {grid}));
  }
  py::SetTable objs;
  py::TupleBuilder objs_t;
  py::SetTable occupied;
  PY_TRY(const std::int64_t h, py::len(grid));
  PY_TRY(const Value row0, py::getitem(grid, std::int64_t{0}));
  PY_TRY(const std::int64_t w, py::len(row0));
  PY_TRY(const Value unvisited, py::call(fn::asindices, {grid}));
  const py::Builtin& diagfun = py::truthy(diagonal) ? fn::neighbors : fn::dneighbors;
  const bool uni = py::truthy(univalued);
  PY_TRY(py::Iter locs, py::iter(unvisited));
  while (const Value* loc_ptr = locs.next()) {
    const Value loc = *loc_ptr;
    if (occupied.contains(loc))
      continue;
    PY_TRY(const Value li, py::getitem(loc, std::int64_t{0}));
    PY_TRY(const Value lj, py::getitem(loc, std::int64_t{1}));
    PY_TRY(const Value lrow, py::getitem(grid, li));
    PY_TRY(const Value val, py::getitem(lrow, lj));
    if (py::op_eq(val, bg))
      continue;
    py::SetTable obj;
    std::vector<Value> obj_t;
    if constexpr (!kTuple)
      obj.add(make_cell(li, lj, val));
    py::SetTable cands;
    cands.add(loc);
    while (!cands.empty()) {
      py::SetTable neighborhood;
      for (std::int64_t k = 0; k <= cands.mask(); ++k) {
        const py::SetEntry& entry = cands.slot(k);
        if (entry.key.kind() == py::Kind::Unbound || entry.key.kind() == py::Kind::Dummy)
          continue;
        const Value& cand = entry.key;
        PY_TRY(const Value ci, py::getitem(cand, std::int64_t{0}));
        PY_TRY(const Value cj, py::getitem(cand, std::int64_t{1}));
        PY_TRY(const Value crow, py::getitem(grid, ci));
        PY_TRY(const Value v, py::getitem(crow, cj));
        if (!(uni ? py::op_eq(val, v) : py::op_ne(v, bg)))
          continue;
        if constexpr (kTuple)
          obj_t.push_back(make_cell(ci, cj, v));
        else
          obj.add(make_cell(ci, cj, v));
        occupied.add(cand);
        PY_TRY(const Value around, py::call(diagfun, {cand}));
        PY_TRY(py::Iter it, py::iter(around));
        py::FrameGuard frame; // the set comprehension's own frame
        if (!frame.ok())
          return recursion_error();
        py::SetTable comp;
        while (const Value* ij = it.next()) {
          Value parts[2];
          PY_CHECK(unpack2(*ij, parts));
          PY_TRY(const bool ok_i, in_range(parts[0], h));
          if (!ok_i)
            continue;
          PY_TRY(const bool ok_j, in_range(parts[1], w));
          if (!ok_j)
            continue;
          if (parts[0].is(py::Kind::Int) && parts[1].is(py::Kind::Int))
            comp.add(py::pair_of(parts[0].as_int(), parts[1].as_int()));
          else
            comp.add(pair(std::move(parts[0]), std::move(parts[1])));
        }
        neighborhood.merge(comp);
      }
      cands = py::SetTable::difference(neighborhood, occupied);
    }
    if constexpr (kTuple)
      objs_t.push(py::tuple_of(obj_t));
    else
      objs.add(freeze(std::move(obj)));
  }
  if constexpr (kTuple)
    return objs_t.finish();
  else
    return freeze(std::move(objs));
}

template <bool kTuple> Value objects_common(const Value* args) {
  const Value& grid = args[0];
  if (py::op_eq(grid, py::empty_tuple()))
    return kTuple ? py::empty_tuple() : py::empty_frozenset();
  FloodScratch& s = flood_scratch();
  bool fast = read_int_grid(grid, s.grid);
  if (fast) {
    // The deepest call the loop makes is neighbors -> dneighbors (two wrapped functions);
    // with room for them, none of the calls can fail and their values are known.
    py::FrameGuard probe(4);
    fast = probe.ok();
  }
  if (!fast)
    return objects_literal<kTuple>(grid, args[1], args[2], args[3]);
  const bool has_bg = py::truthy(args[3]);
  const std::int64_t bg = has_bg ? int_grid_mostcolor(s.grid) : 0;
  return flood_objects<kTuple>(s, py::truthy(args[1]), py::truthy(args[2]), has_bg, bg);
}

// ---------------------------------------------------------------------------------------------
// partition / fgpartition

/// frozenset(frozenset((i, j, c) for i, r in enumerate(grid) for j, c in enumerate(r)
///                     if c == color) for color in colours)
Value partition_by(const Value& grid, const Value& colours) {
  PY_TRY(py::Iter colour_it, py::iter(colours));
  py::FrameGuard outer; // the outer generator's frame
  if (!outer.ok())
    return recursion_error();
  py::SetTable result;

  // Fast path: a tuple of tuples of ints (ragged rows are fine) and int colours. Each part
  // lists its colour's cells in row-major order, as the scan would find them.
  bool fast = grid.is_tuple() && colours.is_frozenset();
  if (fast) {
    py::as_set_table(colours).for_each([&](const Value& c) { fast = fast && c.is(py::Kind::Int); });
    for (const Value& row : py::as_tuple(grid)) {
      if (!fast || !row.is_tuple()) {
        fast = false;
        break;
      }
      for (const Value& c : py::as_tuple(row))
        if (!c.is(py::Kind::Int)) {
          fast = false;
          break;
        }
    }
  }
  if (fast) {
    if (py::as_set_table(colours).empty())
      return py::make_frozenset(std::move(result));
    py::FrameGuard inner; // each inner generator's frame
    if (!inner.ok())
      return recursion_error();
    // Bucket the cells by value, then emit each colour's cells in row-major order.
    ValueIndex index;
    std::vector<std::vector<std::pair<std::int32_t, std::int32_t>>> buckets;
    std::int32_t i = 0;
    for (const Value& row : py::as_tuple(grid)) {
      std::int32_t j = 0;
      for (const Value& c : py::as_tuple(row)) {
        const auto k = static_cast<std::size_t>(index.intern(c.as_int()));
        if (k == buckets.size())
          buckets.emplace_back();
        buckets[k].emplace_back(i, j++);
      }
      ++i;
    }
    while (const Value* colour = colour_it.next()) {
      py::SetTable part;
      const std::int32_t k = index.find(colour->as_int());
      if (k >= 0)
        for (const auto& [ci, cj] : buckets[static_cast<std::size_t>(k)])
          part.add(py::cell_of(ci, cj, colour->as_int()));
      result.add(py::make_frozenset(std::move(part)));
    }
    return py::make_frozenset(std::move(result));
  }

  while (const Value* colour_ptr = colour_it.next()) {
    const Value colour = *colour_ptr;
    PY_TRY(py::Iter rows, py::iter(grid)); // enumerate(grid), made with the inner generator
    py::FrameGuard inner;
    if (!inner.ok())
      return recursion_error();
    py::SetTable part;
    std::int64_t i = 0;
    while (const Value* row_ptr = rows.next()) {
      const Value row = *row_ptr;
      PY_TRY(py::Iter cells, py::iter(row));
      std::int64_t j = 0;
      while (const Value* c = cells.next()) {
        if (py::op_eq(*c, colour))
          part.add(make_cell(Value::integer(i), Value::integer(j), *c));
        ++j;
      }
      ++i;
    }
    result.add(py::make_frozenset(std::move(part)));
  }
  return py::make_frozenset(std::move(result));
}

// ---------------------------------------------------------------------------------------------
// Patch geometry helpers.

/// `{p[axis] for p in toindices(x)}` with each element unpacked as `i, j`.
py::Result<py::SetTable> coordinate_set(const Value& x, int axis) {
  Value indices = py::call(fn::toindices, {x});
  if (!indices.ok())
    return indices.error();
  auto it_result = py::iter(indices);
  if (!it_result.ok())
    return it_result.error();
  py::Iter it = it_result.take();
  py::FrameGuard frame; // the comprehension's frame
  if (!frame.ok())
    return recursion_error();
  py::SetTable out;
  while (const Value* e = it.next()) {
    Value parts[2];
    if (py::Status st = unpack2(*e, parts); !st.ok())
      return st.error();
    out.add(std::move(parts[axis]));
  }
  return out;
}

Value matching(const Value& a, const Value& b, int axis) {
  PY_TRY(const py::SetTable first, coordinate_set(a, axis));
  PY_TRY(const py::SetTable second, coordinate_set(b, axis));
  return Value::boolean(!py::SetTable::intersection(first, second).empty());
}

/// The (row, col) pairs of an index set whose elements are all 2-tuples of small ints.
bool small_int_pairs(const Value& indices,
                     std::vector<std::pair<std::int64_t, std::int64_t>>& out) {
  constexpr std::int64_t kLimit = std::int64_t{1} << 60;
  auto small = [](const Value& v) {
    return v.is_int_like() && v.as_int() < kLimit && v.as_int() > -kLimit;
  };
  out.clear();
  bool ok = true;
  auto take = [&](const Value& e) {
    if (!ok)
      return;
    if (!e.is_tuple() || py::as_tuple(e).size != 2 || !small(py::as_tuple(e)[0]) ||
        !small(py::as_tuple(e)[1])) {
      ok = false;
      return;
    }
    out.emplace_back(py::as_tuple(e)[0].as_int(), py::as_tuple(e)[1].as_int());
  };
  if (indices.is_frozenset())
    py::as_set_table(indices).for_each(take);
  else if (indices.is_tuple())
    for (const Value& e : py::as_tuple(indices))
      take(e);
  else
    return false;
  return ok;
}

// ---------------------------------------------------------------------------------------------
// The functions.

// objects(grid: 'Grid', univalued: 'Boolean', diagonal: 'Boolean', without_bg: 'Boolean') ->
// 'Objects'
Value objects_impl(const Value* args, std::size_t) {
  return objects_common<false>(args);
}

// objects_t(grid: 'Grid', univalued: 'Boolean', diagonal: 'Boolean', without_bg: 'Boolean') ->
// 'TTT_iii'
Value objects_t_impl(const Value* args, std::size_t) {
  return objects_common<true>(args);
}

// partition(grid: 'Grid') -> 'Objects'
Value partition_impl(const Value* args, std::size_t) {
  PY_TRY(const Value colours, py::call(fn::palette_t, {args[0]}));
  return partition_by(args[0], colours);
}

// fgpartition(grid: 'Grid') -> 'Objects'
Value fgpartition_impl(const Value* args, std::size_t) {
  // Without a GPU, fgpartition calls the plain (unwrapped) _fgpartition_cpu: one more frame.
  py::FrameGuard cpu;
  if (!cpu.ok())
    return recursion_error();
  const Value& grid = args[0];
  PY_TRY(const Value palette, py::call(fn::palette_t, {grid}));
  PY_TRY(Value bg, py::call(fn::mostcolor_t, {grid}));
  py::SetTable just_bg; // the set display {mostcolor_t(grid)}
  just_bg.add(std::move(bg));
  PY_TRY(const Value colours, py::sub(palette, py::make_frozenset(std::move(just_bg))));
  return partition_by(grid, colours);
}

// square_t(grid: 'Grid') -> 'Boolean'
Value square_t_impl(const Value* args, std::size_t) {
  // The later of dsl.py's two definitions: len(grid) == len(grid[0]).
  PY_TRY(const std::int64_t h, py::len(args[0]));
  PY_TRY(const Value row0, py::getitem(args[0], std::int64_t{0}));
  PY_TRY(const std::int64_t w, py::len(row0));
  return Value::boolean(h == w);
}

// square_f(patch: 'Patch') -> 'Boolean'
Value square_f_impl(const Value* args, std::size_t) {
  // height_f * width_f == len(patch) and height_f == width_f; the second pair of calls gives
  // the same values as the first (pure functions of the same argument).
  const Value& patch = args[0];
  PY_TRY(const Value h, py::call(fn::height_f, {patch}));
  PY_TRY(const Value w, py::call(fn::width_f, {patch}));
  PY_TRY(const Value area, py::mul(h, w));
  PY_TRY(const std::int64_t n, py::len(patch));
  if (!py::op_eq(area, Value::integer(n)))
    return Value::boolean(false);
  return Value::boolean(py::op_eq(h, w));
}

/// `extent(patch) == len(patch) and other(patch) == 1` (vline_i, vline_o, hline_i, hline_o).
Value line_test(const Value& patch, const py::Builtin& extent, const py::Builtin& other) {
  PY_TRY(const Value e, py::call(extent, {patch}));
  PY_TRY(const std::int64_t n, py::len(patch));
  if (!py::op_eq(e, Value::integer(n)))
    return Value::boolean(false);
  PY_TRY(const Value o, py::call(other, {patch}));
  return Value::boolean(py::op_eq(o, Value::integer(1)));
}

// vline_i(patch: 'Indices') -> 'Boolean'
Value vline_i_impl(const Value* args, std::size_t) {
  return line_test(args[0], fn::height_i, fn::width_i);
}

// vline_o(patch: 'Object') -> 'Boolean'
Value vline_o_impl(const Value* args, std::size_t) {
  return line_test(args[0], fn::height_o, fn::width_o);
}

// hline_i(patch: 'Indices') -> 'Boolean'
Value hline_i_impl(const Value* args, std::size_t) {
  return line_test(args[0], fn::width_i, fn::height_i);
}

// hline_o(patch: 'Object') -> 'Boolean'
Value hline_o_impl(const Value* args, std::size_t) {
  return line_test(args[0], fn::width_o, fn::height_o);
}

// hmatching(a: 'Patch', b: 'Patch') -> 'Boolean'
Value hmatching_impl(const Value* args, std::size_t) {
  return matching(args[0], args[1], 0);
}

// vmatching(a: 'Patch', b: 'Patch') -> 'Boolean'
Value vmatching_impl(const Value* args, std::size_t) {
  return matching(args[0], args[1], 1);
}

/// The inner loop of manhattan's generator for one element (ai, aj) of a: folds
/// abs(ai - bi) + abs(aj - bj) over toindices(b) into `best` as min() does.
py::Status manhattan_row(const Value (&ap)[2], const Value& tb, Value& best) {
  auto it_result = py::iter(tb);
  if (!it_result.ok())
    return it_result.error();
  py::Iter b_it = it_result.take();
  while (const Value* eb = b_it.next()) {
    Value bp[2];
    PY_CHECK(unpack2(*eb, bp));
    PY_TRY(const Value di, py::sub(ap[0], bp[0]));
    PY_TRY(const Value adi, py::abs(di));
    PY_TRY(const Value dj, py::sub(ap[1], bp[1]));
    PY_TRY(const Value adj, py::abs(dj));
    PY_TRY(Value d, py::add(adi, adj));
    if (!best.is_bound()) {
      best = std::move(d);
      continue;
    }
    PY_TRY(const bool less, py::lt(d, best));
    if (less)
      best = std::move(d);
  }
  return {};
}

// manhattan(a: 'Patch', b: 'Patch') -> 'Integer'
Value manhattan_impl(const Value* args, std::size_t) {
  const Value& a = args[0];
  const Value& b = args[1];
  if (!py::has_len(a) || !py::has_len(b))
    return inf_value(false);
  PY_TRY(const std::int64_t na, py::len(a));
  if (na == 0)
    return inf_value(false);
  PY_TRY(const std::int64_t nb, py::len(b));
  if (nb == 0)
    return inf_value(false);
  // min(abs(ai - bi) + abs(aj - bj) for ai, aj in toindices(a) for bi, bj in toindices(b)):
  // the inner toindices(b) is evaluated anew for each element of a, always to the same value,
  // so it is called once, when the first element of a needs it.
  PY_TRY(const Value ta, py::call(fn::toindices, {a}));
  PY_TRY(py::Iter a_it, py::iter(ta));
  py::FrameGuard frame; // the generator's frame
  if (!frame.ok())
    return recursion_error();
  const py::Error empty{py::Exc::ValueError, "min() arg is an empty sequence"};
  const Value* first = a_it.next();
  if (first == nullptr)
    return empty;
  Value ap[2];
  PY_CHECK(unpack2(*first, ap));
  PY_TRY(const Value tb, py::call(fn::toindices, {b}));

  // Fast path: both sides hold pairs of small ints only, so nothing can fail and the minimum
  // alone matters.
  std::vector<std::pair<std::int64_t, std::int64_t>> pa, pb;
  if (small_int_pairs(ta, pa) && small_int_pairs(tb, pb)) {
    if (pb.empty())
      return empty;
    std::int64_t best = INT64_MAX;
    for (const auto& [ai, aj] : pa) {
      for (const auto& [bi, bj] : pb) {
        const std::int64_t d = (ai > bi ? ai - bi : bi - ai) + (aj > bj ? aj - bj : bj - aj);
        best = d < best ? d : best;
      }
      if (best == 0)
        break;
    }
    return Value::integer(best);
  }

  Value best;
  PY_CHECK(manhattan_row(ap, tb, best));
  while (const Value* ea = a_it.next()) {
    PY_CHECK(unpack2(*ea, ap));
    PY_CHECK(manhattan_row(ap, tb, best));
  }
  if (!best.is_bound())
    return empty;
  return best;
}

// adjacent(a: 'Patch', b: 'Patch') -> 'Boolean'
Value adjacent_impl(const Value* args, std::size_t) {
  PY_TRY(const Value d, py::call(fn::manhattan, {args[0], args[1]}));
  return Value::boolean(py::op_eq(d, Value::integer(1)));
}

// bordering(patch: 'Patch', grid: 'Grid') -> 'Boolean'
Value bordering_impl(const Value* args, std::size_t) {
  // Four tests joined by `or`: each is made only when the earlier ones failed.
  const Value& patch = args[0];
  const Value& grid = args[1];
  PY_TRY(const Value top, py::call(fn::uppermost, {patch}));
  if (py::op_eq(top, Value::integer(0)))
    return Value::boolean(true);
  PY_TRY(const Value left, py::call(fn::leftmost, {patch}));
  if (py::op_eq(left, Value::integer(0)))
    return Value::boolean(true);
  PY_TRY(const Value bottom, py::call(fn::lowermost, {patch}));
  PY_TRY(const std::int64_t h, py::len(grid));
  if (py::op_eq(bottom, Value::integer(h - 1)))
    return Value::boolean(true);
  PY_TRY(const Value right, py::call(fn::rightmost, {patch}));
  PY_TRY(const Value row0, py::getitem(grid, std::int64_t{0}));
  PY_TRY(const std::int64_t w, py::len(row0));
  return Value::boolean(py::op_eq(right, Value::integer(w - 1)));
}

// centerofmass(patch: 'Patch') -> 'IJ'
Value centerofmass_impl(const Value* args, std::size_t) {
  // tuple(map(lambda x: sum(x) // len(patch), zip(*toindices(patch))))
  const Value& patch = args[0];
  PY_TRY(const Value indices, py::call(fn::toindices, {patch}));

  // Fast path: pairs of small ints give two sums (rows, then columns).
  std::vector<std::pair<std::int64_t, std::int64_t>> pairs;
  if (small_int_pairs(indices, pairs)) {
    if (pairs.empty())
      return py::empty_tuple();
    py::FrameGuard frame; // the lambda's frame
    if (!frame.ok())
      return recursion_error();
    std::int64_t si = 0, sj = 0;
    for (const auto& [i, j] : pairs)
      if (__builtin_add_overflow(si, i, &si) || __builtin_add_overflow(sj, j, &sj))
        return py::Error{py::Exc::OverflowError, "int too large"};
    PY_TRY(const std::int64_t n, py::len(patch));
    PY_TRY(Value ci, py::floordiv(Value::integer(si), Value::integer(n)));
    PY_TRY(Value cj, py::floordiv(Value::integer(sj), Value::integer(n)));
    return pair(std::move(ci), std::move(cj));
  }

  // zip(*indices): the elements become zip's arguments, each iterated in step.
  PY_TRY(const std::vector<Value> columns, py::to_list(indices));
  std::vector<py::Iter> iters;
  iters.reserve(columns.size());
  for (const Value& c : columns) {
    PY_TRY(py::Iter it, py::iter(c));
    iters.push_back(std::move(it));
  }
  py::TupleBuilder out;
  if (iters.empty())
    return out.finish();
  bool entered = false;
  while (true) {
    Value total = Value::integer(0);
    std::vector<Value> x;
    x.reserve(iters.size());
    for (py::Iter& it : iters) {
      const Value* e = it.next();
      if (e == nullptr)
        return out.finish();
      x.push_back(*e);
    }
    if (!entered) {
      py::FrameGuard frame; // the lambda's frame (the same depth for every call)
      if (!frame.ok())
        return recursion_error();
      entered = true;
    }
    for (const Value& e : x) {
      PY_TRY(total, py::add(total, e));
    }
    PY_TRY(const std::int64_t n, py::len(patch));
    PY_TRY(Value q, py::floordiv(total, Value::integer(n)));
    out.push(std::move(q));
  }
}

// numcolors_t(grid: 'Grid') -> 'Integer'
Value numcolors_t_impl(const Value* args, std::size_t) {
  PY_TRY(const Value colours, py::call(fn::palette_t, {args[0]}));
  PY_TRY(const std::int64_t n, py::len(colours));
  return Value::integer(n);
}

// numcolors_f(obj: 'Object') -> 'Integer'
Value numcolors_f_impl(const Value* args, std::size_t) {
  PY_TRY(const Value colours, py::call(fn::palette_f, {args[0]}));
  PY_TRY(const std::int64_t n, py::len(colours));
  return Value::integer(n);
}

// color(obj: 'Object') -> 'Integer'
Value color_impl(const Value* args, std::size_t) {
  // The third item of the first element; -inf when the first element is not a tuple (the
  // fallback element of an empty container, (0, 0, -inf), gives -inf as well).
  PY_TRY(py::Iter it, py::iter(args[0]));
  const Value* first = it.next();
  if (first == nullptr)
    return inf_value(true);
  if (!first->is_tuple())
    return inf_value(true);
  return py::getitem(*first, std::int64_t{2});
}

// toobject(patch: 'Patch', grid: 'Grid') -> 'Object'
Value toobject_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  const Value& grid = args[1];
  PY_TRY(const std::int64_t h, py::len(grid));
  PY_TRY(const Value row0, py::getitem(grid, std::int64_t{0}));
  PY_TRY(const std::int64_t w, py::len(row0));
  // frozenset((i, j, grid[i][j]) for i, j in toindices(patch) if 0 <= i < h and 0 <= j < w)
  PY_TRY(const Value indices, py::call(fn::toindices, {patch}));
  PY_TRY(py::Iter it, py::iter(indices));
  py::FrameGuard frame; // the generator's frame
  if (!frame.ok())
    return recursion_error();
  py::SetTable out;
  while (const Value* e = it.next()) {
    Value ij[2];
    PY_CHECK(unpack2(*e, ij));
    PY_TRY(const bool ok_i, in_range(ij[0], h));
    if (!ok_i)
      continue;
    PY_TRY(const bool ok_j, in_range(ij[1], w));
    if (!ok_j)
      continue;
    PY_TRY(const Value row, py::getitem(grid, ij[0]));
    PY_TRY(Value cell, py::getitem(row, ij[1]));
    out.add(make_cell(std::move(ij[0]), std::move(ij[1]), std::move(cell)));
  }
  return py::make_frozenset(std::move(out));
}

// is_no_grid(x)
Value is_no_grid_impl(const Value* args, std::size_t) {
  // True unless x is a tuple of tuples of ints (bools are ints).
  const Value& x = args[0];
  if (!x.is_tuple())
    return Value::boolean(true);
  for (const Value& inner : py::as_tuple(x)) {
    if (!inner.is_tuple())
      return Value::boolean(true);
    py::FrameGuard frame; // all()'s generator frame
    if (!frame.ok())
      return recursion_error();
    for (const Value& i : py::as_tuple(inner))
      if (!i.is_int_like())
        return Value::boolean(true);
  }
  return Value::boolean(false);
}

// asobject(grid: 'Grid') -> 'Object'
Value asobject_impl(const Value* args, std::size_t) {
  const Value& grid = args[0];
  PY_TRY(const Value no_grid, py::call(fn::is_no_grid, {grid}));
  if (py::truthy(no_grid))
    return py::empty_frozenset();
  // frozenset((i, j, c) for i, r in enumerate(grid) for j, c in enumerate(r))
  PY_TRY(py::Iter rows, py::iter(grid));
  py::FrameGuard frame; // the generator's frame
  if (!frame.ok())
    return recursion_error();
  py::SetTable out;
  std::int64_t i = 0;
  while (const Value* row_ptr = rows.next()) {
    const Value row = *row_ptr;
    PY_TRY(py::Iter cells, py::iter(row));
    std::int64_t j = 0;
    while (const Value* c = cells.next())
      out.add(make_cell(Value::integer(i), Value::integer(j++), *c));
    ++i;
  }
  return py::make_frozenset(std::move(out));
}

} // namespace

namespace fn {
constinit const py::Builtin objects{
    "objects",        py::Dialect::Tokpidjin, 4, 4, &objects_impl, py::SafeDefault::EmptyFrozenSet,
    /*memoize=*/true, /*default_frames=*/14};
constinit const py::Builtin objects_g{"objects_t",     py::Dialect::Tokpidjin,      4, 4,
                                      &objects_t_impl, py::SafeDefault::EmptyTuple,
                                      /*memoize=*/true};
constinit const py::Builtin objects_t{"objects_t",     py::Dialect::Tokpidjin,      4, 4,
                                      &objects_t_impl, py::SafeDefault::EmptyTuple,
                                      /*memoize=*/true};
constinit const py::Builtin partition{"partition",
                                      py::Dialect::Tokpidjin,
                                      1,
                                      1,
                                      &partition_impl,
                                      py::SafeDefault::EmptyFrozenSet,
                                      /*memoize=*/true,
                                      /*default_frames=*/14};
constinit const py::Builtin fgpartition{"fgpartition",
                                        py::Dialect::Tokpidjin,
                                        1,
                                        1,
                                        &fgpartition_impl,
                                        py::SafeDefault::EmptyFrozenSet,
                                        /*memoize=*/true,
                                        /*default_frames=*/14};
constinit const py::Builtin square_t{
    "square_t",        py::Dialect::Tokpidjin, 1, 1, &square_t_impl, py::SafeDefault::False,
    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin square_f{
    "square_f",        py::Dialect::Tokpidjin, 1, 1, &square_f_impl, py::SafeDefault::False,
    /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin vline_i{
    "vline_i",         py::Dialect::Tokpidjin, 1, 1, &vline_i_impl, py::SafeDefault::False,
    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin vline_o{
    "vline_o",         py::Dialect::Tokpidjin, 1, 1, &vline_o_impl, py::SafeDefault::False,
    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin hline_i{
    "hline_i",         py::Dialect::Tokpidjin, 1, 1, &hline_i_impl, py::SafeDefault::False,
    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin hline_o{
    "hline_o",         py::Dialect::Tokpidjin, 1, 1, &hline_o_impl, py::SafeDefault::False,
    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin hmatching{
    "hmatching",       py::Dialect::Tokpidjin, 2, 2, &hmatching_impl, py::SafeDefault::False,
    /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin vmatching{
    "vmatching",       py::Dialect::Tokpidjin, 2, 2, &vmatching_impl, py::SafeDefault::False,
    /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin manhattan{
    "manhattan",       py::Dialect::Tokpidjin, 2, 2, &manhattan_impl, py::SafeDefault::Zero,
    /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin adjacent{
    "adjacent",        py::Dialect::Tokpidjin, 2, 2, &adjacent_impl, py::SafeDefault::False,
    /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin bordering{
    "bordering",       py::Dialect::Tokpidjin, 2, 2, &bordering_impl, py::SafeDefault::False,
    /*memoize=*/false, /*default_frames=*/12};
constinit const py::Builtin centerofmass{"centerofmass",     py::Dialect::Tokpidjin,     1, 1,
                                         &centerofmass_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin numcolors_t{
    "numcolors_t",     py::Dialect::Tokpidjin, 1, 1, &numcolors_t_impl, py::SafeDefault::Zero,
    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin numcolors_f{
    "numcolors_f",     py::Dialect::Tokpidjin, 1, 1, &numcolors_f_impl, py::SafeDefault::Zero,
    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin color{
    "color",           py::Dialect::Tokpidjin, 1, 1, &color_impl, py::SafeDefault::Zero,
    /*memoize=*/false, /*default_frames=*/10};
constinit const py::Builtin toobject{"toobject",
                                     py::Dialect::Tokpidjin,
                                     2,
                                     2,
                                     &toobject_impl,
                                     py::SafeDefault::EmptyFrozenSet,
                                     /*memoize=*/false,
                                     /*default_frames=*/12};
constinit const py::Builtin is_no_grid{"is_no_grid",     py::Dialect::Tokpidjin,     1, 1,
                                       &is_no_grid_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin asobject{"asobject",
                                     py::Dialect::Tokpidjin,
                                     1,
                                     1,
                                     &asobject_impl,
                                     py::SafeDefault::EmptyFrozenSet,
                                     /*memoize=*/false,
                                     /*default_frames=*/10};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::objects,   &fn::objects_g,    &fn::objects_t,   &fn::partition,   &fn::fgpartition,
    &fn::square_t,  &fn::square_f,     &fn::vline_i,     &fn::vline_o,     &fn::hline_i,
    &fn::hline_o,   &fn::hmatching,    &fn::vmatching,   &fn::manhattan,   &fn::adjacent,
    &fn::bordering, &fn::centerofmass, &fn::numcolors_t, &fn::numcolors_f, &fn::color,
    &fn::toobject,  &fn::is_no_grid,   &fn::asobject,
};
} // namespace

std::span<const py::Builtin* const> objects_family() {
  return kFamily;
}

} // namespace battgpu::dialects::tokpidjin
