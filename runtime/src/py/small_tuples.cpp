// Shared tuples for the pairs and cells of ARC grids (objects.hpp: pair_of, cell_of,
// arc_cell_of). The small ones are made on first use, all at once; the pairs of a wider range
// (the positions of upscaled grids, of boxes and of far shifts, which programs build by the
// hundred thousand) in tiles, each on first use. None is ever freed.
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"

#include <array>
#include <atomic>
#include <mutex>
#include <new>
#include <vector>

namespace battgpu::py {
namespace {

// Pairs cover coordinates and offsets of 30 x 30 grids and their shifts and mirrors.
constexpr std::int64_t kPairMin = -64, kPairMax = 96;
constexpr std::int64_t kPairSpan = kPairMax - kPairMin;
constexpr auto kPairCount = static_cast<std::size_t>(kPairSpan * kPairSpan);
// Cells cover grids of up to 32 x 32 with colours 0-9.
constexpr std::int64_t kCellSide = 32, kColours = 10;

Value immortal(std::initializer_list<Value> items) {
  Value v = tuple_of(items);
  v.make_immortal();
  hash(v); // computed once, cached in the tuple
  return v;
}

/// Shared pairs laid out one after another, pair k at a computed address: handing one out
/// reads neither a table of handles nor the tuple (the pairs of a large patch are asked for
/// in no useful order, and each such read was a cache miss).
class PairArena {
public:
  static constexpr std::size_t kStride = sizeof(TupleObject) + 2 * sizeof(Value);

  /// Pairs (i0 + k / width, j0 + k % width) for k < count.
  PairArena(std::int64_t i0, std::int64_t j0, std::int64_t width, std::size_t count)
      : memory_(static_cast<unsigned char*>(::operator new(count * kStride))) {
    for (std::size_t k = 0; k < count; ++k) {
      const std::int64_t i = i0 + static_cast<std::int64_t>(k) / width;
      const std::int64_t j = j0 + static_cast<std::int64_t>(k) % width;
      auto* t = new (memory_ + k * kStride) TupleObject();
      t->size = 2;
      new (&t->items()[0]) Value(Value::integer(i));
      new (&t->items()[1]) Value(Value::integer(j));
      t->hash.store(hash_int_pair(i, j), std::memory_order_relaxed);
      t->immortal = true;
    }
  }
  PairArena(const PairArena&) = delete;
  PairArena& operator=(const PairArena&) = delete;
  // Never destroyed: the pairs are immortal.

  Value get(std::size_t k) const {
    return Value::immortal_object(reinterpret_cast<TupleObject*>(memory_ + k * kStride));
  }

private:
  unsigned char* memory_;
};

struct Tables {
  PairArena pairs{kPairMin, kPairMin, kPairSpan, kPairCount};
  std::vector<Value> cells, arc_cells;
  Tables() {
    cells.reserve(static_cast<std::size_t>(kCellSide * kCellSide * kColours));
    arc_cells.reserve(cells.capacity());
    for (std::int64_t i = 0; i < kCellSide; ++i)
      for (std::int64_t j = 0; j < kCellSide; ++j)
        for (std::int64_t c = 0; c < kColours; ++c) {
          cells.push_back(immortal({Value::integer(i), Value::integer(j), Value::integer(c)}));
          arc_cells.push_back(immortal({Value::integer(c), pair_value(i, j)}));
        }
  }
  Value pair_value(std::int64_t i, std::int64_t j) const {
    return pairs.get(static_cast<std::size_t>((i - kPairMin) * kPairSpan + (j - kPairMin)));
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

// The wider range of shared pairs, in tiles of kTile x kTile pairs made on first use, so that
// only the parts of the range that programs reach take memory: 56 bytes a pair, 500 MiB were
// a program to reach the whole range. A program that
// reaches that far builds sets of millions of such pairs again and again (boxes and shifts of
// upscaled grids), each of which would otherwise hold a fresh tuple per element while it lives.
constexpr std::int64_t kWideMin = -512, kWideMax = 2560;
constexpr std::int64_t kTile = 32;
constexpr std::int64_t kTilesPerSide = (kWideMax - kWideMin) / kTile;

class WidePairs {
public:
  /// The shared pair (i, j) for i and j in [kWideMin, kWideMax).
  Value get(std::int64_t i, std::int64_t j) {
    const std::int64_t ri = i - kWideMin, rj = j - kWideMin;
    std::atomic<const PairArena*>& slot =
        tiles_[static_cast<std::size_t>((ri / kTile) * kTilesPerSide + rj / kTile)];
    const PairArena* tile = slot.load(std::memory_order_acquire);
    if (tile == nullptr)
      tile = make(slot, i - ri % kTile, j - rj % kTile);
    return tile->get(static_cast<std::size_t>((ri % kTile) * kTile + rj % kTile));
  }

private:
  const PairArena* make(std::atomic<const PairArena*>& slot, std::int64_t i0, std::int64_t j0) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (const PairArena* made = slot.load(std::memory_order_acquire))
      return made;
    const auto* made = new PairArena(i0, j0, kTile, static_cast<std::size_t>(kTile * kTile));
    slot.store(made, std::memory_order_release);
    return made;
  }

  std::array<std::atomic<const PairArena*>, kTilesPerSide * kTilesPerSide> tiles_{};
  std::mutex mutex_;
};

WidePairs& wide_pairs() {
  static WidePairs* w = new WidePairs; // never destroyed: its tuples may outlive main's values
  return *w;
}

bool wide_pair(std::int64_t i, std::int64_t j) {
  return i >= kWideMin && i < kWideMax && j >= kWideMin && j < kWideMax;
}

bool small_pair(std::int64_t i, std::int64_t j) {
  return i >= kPairMin && i < kPairMax && j >= kPairMin && j < kPairMax;
}
bool small_cell(std::int64_t i, std::int64_t j, std::int64_t c) {
  return i >= 0 && i < kCellSide && j >= 0 && j < kCellSide && c >= 0 && c < kColours;
}
std::size_t cell_index(std::int64_t i, std::int64_t j, std::int64_t c) {
  return static_cast<std::size_t>((i * kCellSide + j) * kColours + c);
}

} // namespace

Value pair_of(std::int64_t i, std::int64_t j) {
  if (small_pair(i, j))
    return tables().pair_value(i, j);
  if (wide_pair(i, j))
    return wide_pairs().get(i, j);
  return tuple_of({Value::integer(i), Value::integer(j)});
}

Value cell_of(std::int64_t i, std::int64_t j, std::int64_t c) {
  if (small_cell(i, j, c))
    return tables().cells[cell_index(i, j, c)];
  return tuple_of({Value::integer(i), Value::integer(j), Value::integer(c)});
}

Value arc_cell_of(std::int64_t c, std::int64_t i, std::int64_t j) {
  if (small_cell(i, j, c))
    return tables().arc_cells[cell_index(i, j, c)];
  return tuple_of({Value::integer(c), pair_of(i, j)});
}

} // namespace battgpu::py
