// Object extraction (`objects` of both dialects) simulated on integers: the one place where the
// set operations of the Python loop are reproduced, shared by the CPU fast paths of tokpidjin
// and arc-dsl, the batch runtime's CPU path and its CUDA kernel (every function here is
// __host__ __device__ under nvcc, plain C++ otherwise, and uses no library beyond <cstdint>).
//
// The Python loop (both dialects run the same one) visits the cells in the iteration order of
// `asindices(grid)`; from each cell not yet occupied (and not of the background colour) it
// floods over sets `cands` and `neighborhood` of (i, j) tuples, collects the object's cells in
// a set `obj`, adds `frozenset(obj)` to the set `objs` and returns `frozenset(objs)`. Every
// iteration order it shows depends on how those sets were built, so the simulation performs
// the same set operations in the same order on CPython's table algorithms (set_add_entry,
// set_insert_clean, set_table_resize, set_merge, set_difference: linear probes, perturbed
// jumps, the resize thresholds), with each (i, j) tuple stood for by its cell number and each
// cell or object by its number, each with the hash CPython gives the tuple or frozenset. The
// result is a layout: for every object its cells in the slots of its frozenset's table, and
// the objects in the slots of the result's table. The host then places the Python values in
// those slots (py::SetTable::from_layout) without building a set twice.
#pragma once

#include <cstddef>
#include <cstdint>

#include "battgpu/cpython/hash.hpp"

namespace battgpu::dialects::sim {

// ---------------------------------------------------------------------------------------------
// CPython's hashes of the values involved.

using cpython::FrozenSetHash;
using cpython::hash_int;
using cpython::pair_hash;
using cpython::TupleHash;

/// Which DSL's cells: tokpidjin's `(i, j, c)` or arc-dsl's `(c, (i, j))`.
enum class CellForm : std::uint8_t { Tokpidjin, ArcDsl };

/// hash of the cell at (i, j) of a value whose hash is `value_hash`.
BATTGPU_SIM_HD inline std::int64_t cell_hash_of_value(CellForm form, std::int64_t i, std::int64_t j,
                                                      std::int64_t value_hash) {
  TupleHash t;
  if (form == CellForm::Tokpidjin) {
    t.add(hash_int(i));
    t.add(hash_int(j));
    t.add(value_hash);
    return t.finish(3);
  }
  t.add(value_hash);
  t.add(pair_hash(i, j));
  return t.finish(2);
}

/// hash of the cell of colour c at (i, j).
BATTGPU_SIM_HD inline std::int64_t cell_hash(CellForm form, std::int64_t i, std::int64_t j,
                                             std::int64_t c) {
  return cell_hash_of_value(form, i, j, hash_int(c));
}

// ---------------------------------------------------------------------------------------------
// KeySet: CPython's set table over small non-negative integer keys, each with its hash in an
// array (`hashes[key]`). Two keys are equal exactly when their numbers are, which holds when a
// number stands for one tuple or one frozenset. Slots hold the key alone: kFreeKey is a free
// slot, kDummyKey a deleted one. The table lives in memory the caller provides (`capacity`
// slots); a resize copies the old table into a scratch area shared by the sets of one
// simulation and rebuilds in place. A table that would outgrow its memory sets the
// simulation's failure flag and empties itself, so that every loop still ends.

inline constexpr std::int32_t kFreeKey = -1;
inline constexpr std::int32_t kDummyKey = -2;

/// Slots the table of a set that never holds more than `keys` keys can reach: a resize asks
/// for more than 4·used (set_add_entry), 2·(used + other's used) (set_merge) or 4·used (the
/// difference's purge of deleted slots), each at most 4·keys.
BATTGPU_SIM_HD inline std::int64_t table_bound(std::int64_t keys) {
  std::int64_t size = 8;
  while (size <= 4 * keys)
    size <<= 1;
  return size;
}

/// Slots gathered at a time by the loops over a table: they copy the keys of a block of slots
/// without branches first, because which slots are free (or hold a key the loop skips) follows
/// no pattern the branch predictor could learn.
inline constexpr int kBlock = 64;

/// Calls f(key, slot) for every key of the table `t` of `size` slots, in slot order.
template <class F>
BATTGPU_SIM_HD inline void for_each_key(const std::int32_t* t, std::int64_t size, F&& f) {
#if defined(__CUDA_ARCH__)
  // A GPU thread has no branch predictor to miss, and the blocks would live in local memory.
  for (std::int64_t i = 0; i < size; ++i)
    if (t[i] >= 0)
      f(t[i], i);
#else
  for (std::int64_t base = 0; base < size; base += kBlock) {
    const std::int64_t end = base + kBlock <= size ? base + kBlock : size;
    std::int32_t key[kBlock], slot[kBlock];
    int n = 0;
    for (std::int64_t i = base; i < end; ++i) {
      key[n] = t[i];
      slot[n] = static_cast<std::int32_t>(i);
      n += t[i] >= 0;
    }
    for (int q = 0; q < n; ++q)
      f(key[q], static_cast<std::int64_t>(slot[q]));
  }
#endif
}

class KeySet {
public:
  KeySet() = default;
  BATTGPU_SIM_HD KeySet(std::int32_t* slots, std::int64_t capacity, std::int32_t* scratch,
                        std::int64_t scratch_capacity, const std::int64_t* hashes, bool* failed)
      : t_(slots), capacity_(capacity), scratch_(scratch), scratch_capacity_(scratch_capacity),
        hashes_(hashes), failed_(failed) {
    clear();
  }

  /// An empty set of the minimal size, as `set()` makes one.
  BATTGPU_SIM_HD void clear() {
    mask_ = 7;
    fill_ = used_ = 0;
    for (int k = 0; k < 8; ++k)
      t_[k] = kFreeKey;
  }
  BATTGPU_SIM_HD std::int64_t size() const { return used_; }
  BATTGPU_SIM_HD std::int64_t mask() const { return mask_; }
  /// The key in slot `i` (kFreeKey or kDummyKey when it holds none).
  BATTGPU_SIM_HD std::int32_t slot(std::int64_t i) const { return t_[i]; }

  /// set_add_entry.
  BATTGPU_SIM_HD void add(std::int32_t key) {
    const std::int64_t hash = hashes_[key];
    const auto mask = static_cast<std::uint64_t>(mask_);
    auto perturb = static_cast<std::uint64_t>(hash);
    std::uint64_t i = static_cast<std::uint64_t>(hash) & mask;
    std::int32_t* freeslot = nullptr;
    std::int32_t* entry;
    while (true) {
      entry = t_ + i;
      std::uint64_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
      bool unused = false;
      while (true) {
        const std::int32_t k = *entry;
        if (k == kFreeKey) {
          unused = true;
          break;
        }
        if (k == key)
          return;
        if (k == kDummyKey)
          freeslot = entry; // CPython keeps the last deleted slot seen
        if (probes-- == 0)
          break;
        ++entry;
      }
      if (unused)
        break;
      perturb >>= kPerturbShift;
      i = (i * 5 + 1 + perturb) & mask;
    }
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

  /// set_add_entry for a key known to be absent from a set without deleted slots: the search
  /// can only end at the first free slot of the key's probe sequence.
  BATTGPU_SIM_HD void add_absent(std::int32_t key) {
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

  /// set_merge into a set without deleted slots, of a set given by its layout: `keys` in slot
  /// order, `pos` their slots, `n` of them, in a table of mask `omask` without deleted slots.
  /// `seen(key)` tells whether a key is already in this set and records it as being in it from
  /// then on; adding a key already there changes nothing, so those are skipped unsearched.
  template <class Seen>
  BATTGPU_SIM_HD void merge_layout(const std::int32_t* keys, const std::uint8_t* pos,
                                   std::int64_t n, std::int64_t omask, Seen&& seen) {
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

  /// set_merge (`self |= other`, `set(other)` into an empty set).
  BATTGPU_SIM_HD void merge(const KeySet& other) {
    if (&other == this || other.used_ == 0)
      return;
    if ((fill_ + other.used_) * 5 >= mask_ * 3)
      resize((used_ + other.used_) * 2);
    const std::int32_t* o = other.t_;
    if (fill_ == 0 && mask_ == other.mask_ && other.fill_ == other.used_) {
      for (std::int64_t i = 0; i <= mask_; ++i)
        t_[i] = o[i];
      fill_ = other.fill_;
      used_ = other.used_;
      return;
    }
    if (fill_ == 0) {
      fill_ = used_ = other.used_;
      for_each_key(o, other.mask_ + 1, [&](std::int32_t k, std::int64_t) { insert_clean(k); });
      return;
    }
    for_each_key(o, other.mask_ + 1, [&](std::int32_t k, std::int64_t) { add(k); });
  }

  /// `*this = a - b` (set_difference) for a set b given by membership flags (`in_b[key]`) and
  /// its size. Which elements b holds beyond a's does not change the result, nor does the
  /// order in which the common ones are discarded (a discard only marks its own key's slot),
  /// so b need not be a table.
  BATTGPU_SIM_HD void assign_difference(const KeySet& a, const std::uint8_t* in_b,
                                        std::int64_t b_size) {
    clear();
    if ((a.used_ >> 2) > b_size) {
      // set_copy_and_difference: a copy of a, then the common elements discarded, then the
      // deleted slots resized away when they are more than a quarter of the table.
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
    // a's keys not in b, in a's order; they are distinct and the new set has no deleted slots.
#if defined(__CUDA_ARCH__)
    for (std::int64_t i = 0; i <= a.mask_; ++i)
      if (a.t_[i] >= 0 && in_b[a.t_[i]] == 0)
        add_absent(a.t_[i]);
#else
    for (std::int64_t base = 0; base <= a.mask_; base += kBlock) {
      std::int32_t kept[kBlock];
      const int n = a.gather_block(base, kept, in_b);
      for (int q = 0; q < n; ++q)
        add_absent(kept[q]);
    }
#endif
  }

  /// The keys k of slots [base, base + kBlock) with absent[k] == 0, in slot order, into `out`.
  /// Returns how many.
  BATTGPU_SIM_HD int gather_block(std::int64_t base, std::int32_t* out,
                                  const std::uint8_t* absent) const {
    const std::int64_t end = base + kBlock <= mask_ + 1 ? base + kBlock : mask_ + 1;
    int n = 0;
    for (std::int64_t i = base; i < end; ++i) {
      const std::int32_t k = t_[i];
      out[n] = k;
      n += (k >= 0) & (absent[k >= 0 ? k : 0] == 0);
    }
    return n;
  }

  /// Calls f(key, slot) for every element, in iteration order.
  template <class F> BATTGPU_SIM_HD void for_each_slot(F&& f) const {
    for_each_key(t_, mask_ + 1, f);
  }

private:
  static constexpr std::uint64_t kLinearProbes = 9;
  static constexpr int kPerturbShift = 5;

  // set_insert_clean.
  BATTGPU_SIM_HD void insert_clean(std::int32_t key) {
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
  BATTGPU_SIM_HD void resize(std::int64_t minused) {
    std::int64_t newsize = 8;
    while (newsize <= minused)
      newsize <<= 1;
    if (newsize == 8 && mask_ == 7 && fill_ == used_)
      return; // the small table without deleted slots: nothing to do
    const std::int64_t oldsize = mask_ + 1;
    if (newsize > capacity_ || oldsize > scratch_capacity_) {
      *failed_ = true;
      clear();
      return;
    }
    for (std::int64_t i = 0; i < oldsize; ++i)
      scratch_[i] = t_[i];
    for (std::int64_t i = 0; i < newsize; ++i)
      t_[i] = kFreeKey;
    mask_ = newsize - 1;
    fill_ = used_;
    for_each_key(scratch_, oldsize, [&](std::int32_t k, std::int64_t) { insert_clean(k); });
  }

  std::int32_t* t_ = nullptr;
  std::int64_t capacity_ = 0;
  std::int32_t* scratch_ = nullptr;
  std::int64_t scratch_capacity_ = 0;
  const std::int64_t* hashes_ = nullptr;
  bool* failed_ = nullptr;
  std::int64_t mask_ = 7;
  std::int64_t fill_ = 0;
  std::int64_t used_ = 0;
};

// ---------------------------------------------------------------------------------------------
// The neighbours of a cell: `dneighbors(cand)` (kind 0) or `neighbors(cand)` (kind 1) iterated
// in their frozensets' order, and the set `{(i, j) for i, j in diagfun(cand) if 0 <= i < h and
// 0 <= j < w}` they give, as a small table of directions.
//
// Directions, in the order the Python set displays list them: dneighbors up, down, left,
// right; ineighbors up-left, up-right, down-left, down-right.
BATTGPU_SIM_HD inline int dir_row(int d) {
  constexpr std::int8_t rows[8] = {-1, 1, 0, 0, -1, -1, 1, 1};
  return rows[d];
}
BATTGPU_SIM_HD inline int dir_col(int d) {
  constexpr std::int8_t cols[8] = {0, 0, -1, 1, -1, 1, -1, 1};
  return cols[d];
}

/// A small set of directions as a table: its mask, and its elements in slot order with slots.
struct DirLayout {
  std::uint8_t mask = 7;
  std::uint8_t n = 0;
  std::uint8_t dir[8] = {};
  std::uint8_t pos[8] = {};
};

/// The comprehension's set for cell (i, j), neighbours of `kind`, where the cell's row is the
/// grid's last one (variant & 2) or not and its column the last one (variant & 1) or not
/// (neighbours above row 0 or left of column 0 are left out too).
struct CellNeighbours {
  DirLayout comp[2][4]; // [kind][variant]
};

namespace detail {

/// The iteration order of dneighbors((i, j)) (kind 0) or neighbors((i, j)) (kind 1) as
/// directions, with the hashes of the neighbouring pairs; returns how many (4 or 8).
BATTGPU_SIM_HD inline int neighbour_order(int kind, const std::int64_t (&hashes)[8],
                                          std::uint8_t (&out)[8]) {
  std::int32_t a[32], b[32], scratch[32];
  bool failed = false;
  // frozenset({a, b, c, d}): the display's table, which the copy keeps slot for slot (the
  // same size, no deleted slots).
  KeySet direct(a, 32, scratch, 32, hashes, &failed);
  for (int d = 0; d < 4; ++d)
    direct.add(d);
  int k = 0;
  if (kind == 0) {
    direct.for_each_slot(
        [&](std::int32_t d, std::int64_t) { out[k++] = static_cast<std::uint8_t>(d); });
    return k;
  }
  KeySet diag(b, 32, scratch, 32, hashes, &failed);
  for (int d = 4; d < 8; ++d)
    diag.add(d);
  // dneighbors(loc) | ineighbors(loc): a copy of the first, updated with the second.
  std::int32_t c[32];
  KeySet both(c, 32, scratch, 32, hashes, &failed);
  both.merge(direct);
  both.merge(diag);
  both.for_each_slot(
      [&](std::int32_t d, std::int64_t) { out[k++] = static_cast<std::uint8_t>(d); });
  return k;
}

} // namespace detail

/// The comprehension's table of cell (i, j) for one kind and variant (CellNeighbours).
BATTGPU_SIM_HD inline DirLayout neighbour_layout(std::int64_t i, std::int64_t j, int kind,
                                                 int variant) {
  std::int64_t hashes[8];
  for (int d = 0; d < 8; ++d)
    hashes[d] = pair_hash(i + dir_row(d), j + dir_col(d));
  std::uint8_t order[8];
  const int k = detail::neighbour_order(kind, hashes, order);
  const bool last_row = (variant & 2) != 0, last_col = (variant & 1) != 0;
  std::int32_t t[32], scratch[32];
  bool failed = false;
  KeySet comp(t, 32, scratch, 32, hashes, &failed);
  for (int m = 0; m < k; ++m) {
    const int d = order[m];
    const bool inside = i + dir_row(d) >= 0 && j + dir_col(d) >= 0 &&
                        !(last_row && dir_row(d) > 0) && !(last_col && dir_col(d) > 0);
    if (inside)
      comp.add_absent(d);
  }
  DirLayout out;
  out.mask = static_cast<std::uint8_t>(comp.mask());
  comp.for_each_slot([&](std::int32_t d, std::int64_t slot) {
    out.dir[out.n] = static_cast<std::uint8_t>(d);
    out.pos[out.n] = static_cast<std::uint8_t>(slot);
    ++out.n;
  });
  return out;
}

/// Every kind and variant of cell (i, j) (for the hosts' caches).
BATTGPU_SIM_HD inline CellNeighbours cell_neighbours(std::int64_t i, std::int64_t j) {
  CellNeighbours out;
  for (int kind = 0; kind < 2; ++kind)
    for (int variant = 0; variant < 4; ++variant)
      out.comp[kind][variant] = neighbour_layout(i, j, kind, variant);
  return out;
}

/// Computes each layout when asked (the device's choice; the hosts cache them).
struct ComputedNeighbours {
  BATTGPU_SIM_HD const DirLayout& operator()(std::int64_t i, std::int64_t j, int kind, int variant,
                                             DirLayout& scratch) const {
    scratch = neighbour_layout(i, j, kind, variant);
    return scratch;
  }
};

// ---------------------------------------------------------------------------------------------
// The other sets: asindices' order and the background colour.

/// The iteration order of asindices(grid) for an h x w grid, into `order` (h·w cell numbers):
/// the pairs (i, j) added in row-major order to an empty set. `pair_hashes` holds the hash of
/// every cell's pair; `table` and `scratch` hold table_bound(h·w) slots each.
BATTGPU_SIM_HD inline bool asindices_order(std::int64_t h, std::int64_t w,
                                           const std::int64_t* pair_hashes, std::int32_t* table,
                                           std::int64_t table_slots, std::int32_t* scratch,
                                           std::int64_t scratch_slots, std::int32_t* order) {
  bool failed = false;
  KeySet all(table, table_slots, scratch, scratch_slots, pair_hashes, &failed);
  const std::int64_t n = h * w;
  for (std::int64_t c = 0; c < n; ++c)
    all.add_absent(static_cast<std::int32_t>(c));
  std::int64_t k = 0;
  all.for_each_slot([&](std::int32_t c, std::int64_t) { order[k++] = c; });
  return !failed;
}

/// `max(set(values), key=values.count)` for int values given as their distinct values in order
/// of first appearance (`values`, `k` of them, with their counts): set(values) adds them in that
/// order, and max keeps the first of equal counts in the set's iteration order. Returns the
/// index of the value (-1 when k is 0). `hashes` holds k entries of scratch; `table` and
/// `scratch` table_bound(k) slots each.
BATTGPU_SIM_HD inline std::int64_t
most_common_index(const std::int64_t* values, const std::int64_t* counts, std::int64_t k,
                  std::int64_t* hashes, std::int32_t* table, std::int64_t table_slots,
                  std::int32_t* scratch, std::int64_t scratch_slots) {
  bool failed = false;
  for (std::int64_t t = 0; t < k; ++t)
    hashes[t] = hash_int(values[t]);
  KeySet s(table, table_slots, scratch, scratch_slots, hashes, &failed);
  for (std::int64_t t = 0; t < k; ++t)
    s.add_absent(static_cast<std::int32_t>(t));
  std::int64_t best = -1, best_count = -1;
  s.for_each_slot([&](std::int32_t t, std::int64_t) {
    if (counts[t] > best_count) {
      best = t;
      best_count = counts[t];
    }
  });
  return failed ? -1 : best;
}

// ---------------------------------------------------------------------------------------------
// The layout of a result, written into caller memory of layout_bytes(n, sizeof(Index)) bytes
// for an n-cell grid (every array has room for n entries: a grid has at most n objects and
// they hold at most n cells). `Index` is std::uint16_t for grids of up to kMaxCells16 cells
// (every number and slot then fits), std::uint32_t otherwise.

inline constexpr std::int64_t kMaxCells16 = 16384;

struct LayoutHeader {
  std::uint32_t status = 0;     ///< LayoutStatus
  std::uint32_t objects = 0;    ///< objects in the result
  std::uint32_t cells = 0;      ///< cells over all objects
  std::uint32_t outer_log2 = 0; ///< the result frozenset's table has 2**outer_log2 slots
};

enum LayoutStatus : std::uint32_t {
  kLayoutOk = 0,
  kLayoutOverflow = 1, ///< a table outgrew the memory given: compute it elsewhere
  kLayoutPending = 2,  ///< not computed
};

template <class Index> struct Layout {
  LayoutHeader* header = nullptr;
  /// The objects' cells, object after object in the order the loop found the objects: for
  /// frozensets in the slot order of the object's table, for tuples in the order found.
  Index* cell = nullptr;
  Index* slot = nullptr;      ///< the slot of each such cell in its object's table (frozensets)
  Index* obj_cells = nullptr; ///< cells of each object, objects in the order found
  /// The objects (numbers in the order found) in the result's order: the slot order of the
  /// result frozenset's table, or the order found for a tuple result.
  Index* outer = nullptr;
  Index* outer_slot = nullptr;      ///< their slots in the result's table (frozensets)
  std::uint8_t* obj_log2 = nullptr; ///< each object's table has 2**obj_log2 slots (frozensets)
};

BATTGPU_SIM_HD inline std::size_t layout_bytes(std::int64_t n, std::size_t index_bytes) {
  const std::size_t bytes =
      sizeof(LayoutHeader) + static_cast<std::size_t>(n) * (5 * index_bytes + 1);
  return (bytes + 15) & ~std::size_t{15};
}

template <class Index> BATTGPU_SIM_HD inline Layout<Index> layout_at(void* base, std::int64_t n) {
  Layout<Index> l;
  auto* p = static_cast<unsigned char*>(base);
  l.header = reinterpret_cast<LayoutHeader*>(p);
  p += sizeof(LayoutHeader);
  const auto count = static_cast<std::size_t>(n);
  l.cell = reinterpret_cast<Index*>(p);
  l.slot = l.cell + count;
  l.obj_cells = l.slot + count;
  l.outer = l.obj_cells + count;
  l.outer_slot = l.outer + count;
  l.obj_log2 = reinterpret_cast<std::uint8_t*>(l.outer_slot + count);
  return l;
}

// ---------------------------------------------------------------------------------------------
// The simulation.

/// What to compute: `objects(grid, univalued, diagonal, without_bg)` of an h x w grid, the
/// background (`mostcolor(grid)`, when `has_bg`) already known.
struct Params {
  std::int64_t h = 0, w = 0;
  bool univalued = false, diagonal = false, has_bg = false;
  std::int64_t bg = 0;
  CellForm form = CellForm::Tokpidjin;
  /// True: the result is frozenset(frozenset(cells) per object); false: tokpidjin's
  /// objects_t, a tuple of tuples of cells in the order found.
  bool sets = true;
  /// For a grid of values other than ints (the host's): the hash of each cell's value, by cell
  /// number, the cells then being numbers of their values' equality classes. nullptr: the
  /// cells are the ints themselves.
  const std::int64_t* value_hashes = nullptr;
};

/// hash of the cell `c` (number `at`) of a simulation's grid.
template <class Cell>
BATTGPU_SIM_HD inline std::int64_t grid_cell_hash(const Params& p, std::int64_t i, std::int64_t j,
                                                  std::int64_t at, Cell c) {
  if (p.value_hashes != nullptr)
    return cell_hash_of_value(p.form, i, j, p.value_hashes[at]);
  return cell_hash(p.form, i, j, static_cast<std::int64_t>(c));
}

/// The scratch memory of one simulation of an n-cell grid: arrays of n entries and four
/// tables (`cands`, `neighborhood`, `objs` and the resize scratch) of `table_slots` slots each.
/// table_bound(n) slots can never overflow; fewer may, which the status then reports.
struct Workspace {
  std::int64_t* pair_hash = nullptr; ///< hash((i, j)) per cell
  std::int64_t* cell_hash = nullptr; ///< hash of the cell's tuple, for the cells of objects
  std::int64_t* obj_hash = nullptr;  ///< hash of each object's frozenset
  std::uint32_t* stamp = nullptr;    ///< the layer whose `neighborhood` holds the cell
  std::uint8_t* occupied = nullptr;  ///< the `occupied` set, as membership
  std::int32_t* order = nullptr;     ///< asindices' order (unless given)
  std::int32_t* table[4] = {};
  std::int64_t table_slots = 0;
};

BATTGPU_SIM_HD inline std::size_t workspace_bytes(std::int64_t n, std::int64_t table_slots) {
  const auto count = static_cast<std::size_t>(n);
  std::size_t bytes = count * (3 * 8 + 4 + 4) + static_cast<std::size_t>(table_slots) * 4 * 4;
  bytes += (count + 7) & ~std::size_t{7};
  return (bytes + 15) & ~std::size_t{15};
}

/// Carves a Workspace out of workspace_bytes(n, table_slots) bytes at `base` (8-aligned).
BATTGPU_SIM_HD inline Workspace workspace_at(void* base, std::int64_t n, std::int64_t table_slots) {
  Workspace ws;
  const auto count = static_cast<std::size_t>(n);
  auto* p = static_cast<unsigned char*>(base);
  ws.pair_hash = reinterpret_cast<std::int64_t*>(p);
  ws.cell_hash = ws.pair_hash + count;
  ws.obj_hash = ws.cell_hash + count;
  p = reinterpret_cast<unsigned char*>(ws.obj_hash + count);
  ws.stamp = reinterpret_cast<std::uint32_t*>(p);
  ws.order = reinterpret_cast<std::int32_t*>(ws.stamp + count);
  std::int32_t* t = ws.order + count;
  for (int k = 0; k < 4; ++k) {
    ws.table[k] = t;
    t += table_slots;
  }
  ws.table_slots = table_slots;
  ws.occupied = reinterpret_cast<std::uint8_t*>(t);
  return ws;
}

/// Whether the cell (i, j) of colour `val` makes an object alone: none of the neighbours the
/// flood would look at (`diagfun(cand)` inside the grid) would join it.
template <class Cell>
BATTGPU_SIM_HD bool is_lone_cell(const Cell* cells, const Params& p, std::int64_t i, std::int64_t j,
                                 Cell val) {
  const int directions = p.diagonal ? 8 : 4;
  for (int d = 0; d < directions; ++d) {
    const std::int64_t ni = i + dir_row(d), nj = j + dir_col(d);
    if (ni < 0 || nj < 0 || ni >= p.h || nj >= p.w)
      continue;
    const Cell v = cells[ni * p.w + nj];
    if (p.univalued ? v == val : !(p.has_bg && v == p.bg))
      return false;
  }
  return true;
}

/// Runs the Python loop of `objects` on `cells` (h·w colours, row-major) and writes the
/// result's layout to `out`. `order` is asindices' order for the grid's shape, or nullptr to
/// compute it into the workspace; `pair_hashes` hash((i, j)) of every cell of the shape, or
/// nullptr to compute them into the workspace. `near(i, j, kind, variant, scratch)` gives a
/// cell's neighbour table (ComputedNeighbours, or a cache). Returns the status it wrote.
template <class Cell, class Index, class Near>
BATTGPU_SIM_HD std::uint32_t simulate_objects(const Cell* cells, const Params& p,
                                              const Workspace& ws, const std::int32_t* order,
                                              const Near& near, const Layout<Index>& out,
                                              const std::int64_t* pair_hashes = nullptr) {
  const std::int64_t h = p.h, w = p.w, n = h * w;
  const auto uw = static_cast<std::uint32_t>(w);
  bool failed = false;
  const std::int64_t slots = ws.table_slots;
  if (pair_hashes == nullptr) {
    for (std::int64_t i = 0, c = 0; i < h; ++i)
      for (std::int64_t j = 0; j < w; ++j, ++c)
        ws.pair_hash[c] = pair_hash(i, j);
    pair_hashes = ws.pair_hash;
  }
  if (order == nullptr) {
    if (!asindices_order(h, w, pair_hashes, ws.table[0], slots, ws.table[3], slots, ws.order)) {
      out.header->status = kLayoutOverflow;
      return kLayoutOverflow;
    }
    order = ws.order;
  }
  for (std::int64_t c = 0; c < n; ++c) {
    ws.stamp[c] = 0;
    ws.occupied[c] = 0;
  }
  KeySet cands(ws.table[0], slots, ws.table[3], slots, pair_hashes, &failed);
  KeySet neighborhood(ws.table[1], slots, ws.table[3], slots, pair_hashes, &failed);
  KeySet objs(ws.table[2], slots, ws.table[3], slots, ws.obj_hash, &failed);
  std::uint8_t* occupied = ws.occupied;
  std::uint32_t* stamp = ws.stamp;
  std::int64_t occupied_count = 0;
  std::uint32_t layer = 0;
  auto seen = [&](std::int32_t c) {
    if (stamp[c] == layer)
      return true;
    stamp[c] = layer;
    return false;
  };
  const int kind = p.diagonal ? 1 : 0;
  std::int32_t offset[8];
  for (int d = 0; d < 8; ++d)
    offset[d] = static_cast<std::int32_t>(dir_row(d) * w + dir_col(d));

  std::uint32_t nobj = 0;
  std::int64_t ncells = 0; // cells of the objects so far; the current one's follow
  for (std::int64_t k = 0; k < n; ++k) {
    const std::int32_t loc = order[k];
    if (occupied[loc])
      continue;
    const Cell val = cells[loc];
    if (p.has_bg && val == p.bg)
      continue;
    const std::uint32_t li = static_cast<std::uint32_t>(loc) / uw;
    const std::uint32_t lj = static_cast<std::uint32_t>(loc) - li * uw;
    if (is_lone_cell(cells, p, li, lj, val)) {
      // No neighbour joins it: the flood adds `loc` alone, and obj and its frozenset are the
      // one-element table, the cell in its hash's home slot of 8.
      occupied[loc] = 1;
      ++occupied_count;
      out.cell[ncells] = static_cast<Index>(loc);
      out.obj_cells[nobj] = 1;
      if (p.sets) {
        const std::int64_t hc = grid_cell_hash(p, li, lj, loc, val);
        ws.cell_hash[loc] = hc;
        out.slot[ncells] = static_cast<Index>(static_cast<std::uint64_t>(hc) & 7);
        out.obj_log2[nobj] = 3;
        FrozenSetHash fh;
        fh.add(hc);
        ws.obj_hash[nobj] = fh.finish(1);
        objs.add_absent(static_cast<std::int32_t>(nobj));
      }
      ++ncells;
      ++nobj;
      continue;
    }
    // The flood: the object's cells go to out.cell in the order found.
    const std::int64_t first = ncells;
    cands.clear();
    cands.add(loc);
    while (cands.size() != 0) {
      neighborhood.clear();
      ++layer;
      cands.for_each_slot([&](std::int32_t cand, std::int64_t) {
        const Cell v = cells[cand];
        if (p.univalued ? v != val : (p.has_bg && v == p.bg))
          return;
        out.cell[ncells++] = static_cast<Index>(cand);
        occupied[cand] = 1;
        ++occupied_count;
        // neighborhood |= {(i, j) for i, j in diagfun(cand) if 0 <= i < h and 0 <= j < w}
        const std::uint32_t ci = static_cast<std::uint32_t>(cand) / uw;
        const std::uint32_t cj = static_cast<std::uint32_t>(cand) - ci * uw;
        DirLayout scratch;
        const DirLayout& inside = near(ci, cj, kind, (ci == h - 1) * 2 + (cj == w - 1), scratch);
        std::int32_t keys[8];
        for (int m = 0; m < inside.n; ++m)
          keys[m] = cand + offset[inside.dir[m]];
        neighborhood.merge_layout(keys, inside.pos, inside.n, inside.mask, seen);
      });
      cands.assign_difference(neighborhood, occupied, occupied_count);
    }
    if (failed)
      break;
    const std::int64_t count = ncells - first;
    out.obj_cells[nobj] = static_cast<Index>(count);
    if (p.sets) {
      // obj as the loop builds it (the first cell is `loc`, which the set display added before
      // the loop added it again) and frozenset(obj), on the cells' numbers with their tuples'
      // hashes; the frozenset's cells then go to out.cell in slot order.
      FrozenSetHash fh;
      for (std::int64_t q = first; q < ncells; ++q) {
        const std::uint32_t c = out.cell[q];
        const std::uint32_t ci = c / uw;
        const std::int64_t hc = grid_cell_hash(p, ci, c - ci * uw, c, cells[c]);
        ws.cell_hash[c] = hc;
        fh.add(hc);
      }
      KeySet obj(ws.table[0], slots, ws.table[3], slots, ws.cell_hash, &failed); // cells distinct
      for (std::int64_t q = first; q < ncells; ++q)
        obj.add_absent(static_cast<std::int32_t>(out.cell[q]));
      KeySet frozen(ws.table[1], slots, ws.table[3], slots, ws.cell_hash, &failed);
      frozen.merge(obj);
      if (failed)
        break;
      std::int64_t q = first;
      frozen.for_each_slot([&](std::int32_t c, std::int64_t slot) {
        out.cell[q] = static_cast<Index>(c);
        out.slot[q] = static_cast<Index>(slot);
        ++q;
      });
      std::uint8_t log2 = 0;
      while ((std::int64_t{1} << log2) <= frozen.mask())
        ++log2;
      out.obj_log2[nobj] = log2;
      ws.obj_hash[nobj] = fh.finish(static_cast<std::uint64_t>(count));
      objs.add_absent(static_cast<std::int32_t>(nobj));
    }
    ++nobj;
  }
  if (!failed && p.sets) {
    // frozenset(objs).
    KeySet result(ws.table[0], slots, ws.table[3], slots, ws.obj_hash, &failed);
    result.merge(objs);
    std::int64_t q = 0;
    result.for_each_slot([&](std::int32_t k, std::int64_t slot) {
      out.outer[q] = static_cast<Index>(k);
      out.outer_slot[q] = static_cast<Index>(slot);
      ++q;
    });
    std::uint32_t log2 = 0;
    while ((std::int64_t{1} << log2) <= result.mask())
      ++log2;
    out.header->outer_log2 = log2;
  } else if (!failed) {
    for (std::uint32_t k = 0; k < nobj; ++k)
      out.outer[k] = static_cast<Index>(k);
    out.header->outer_log2 = 0;
  }
  out.header->objects = nobj;
  out.header->cells = static_cast<std::uint32_t>(ncells);
  out.header->status = failed ? kLayoutOverflow : kLayoutOk;
  return out.header->status;
}

/// mostcolor of a grid of small colours (-128..127), by the shared set simulation: the
/// distinct colours in order of first appearance with their counts, then most_common_index.
/// Runs in the workspace of the grid's simulation, before it (the simulation overwrites what
/// this leaves there). False when the workspace's tables are too small.
template <class Cell>
BATTGPU_SIM_HD bool small_grid_mostcolor(const Cell* cells, std::int64_t n, const Workspace& ws,
                                         std::int64_t& colour) {
  std::int16_t index[256];
  for (int c = 0; c < 256; ++c)
    index[c] = -1;
  std::int64_t* values = ws.pair_hash;
  std::int64_t* counts = ws.cell_hash;
  std::int64_t k = 0;
  for (std::int64_t c = 0; c < n; ++c) {
    const int v = static_cast<int>(cells[c]) + 128;
    if (index[v] < 0) {
      index[v] = static_cast<std::int16_t>(k);
      values[k] = static_cast<std::int64_t>(cells[c]);
      counts[k] = 0;
      ++k;
    }
    ++counts[index[v]];
  }
  const std::int64_t best = most_common_index(values, counts, k, ws.obj_hash, ws.table[0],
                                              ws.table_slots, ws.table[3], ws.table_slots);
  if (best < 0)
    return false;
  colour = values[best];
  return true;
}

} // namespace battgpu::dialects::sim
