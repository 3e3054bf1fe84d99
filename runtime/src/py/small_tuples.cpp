// Shared tuples for the pairs and cells of ARC grids (objects.hpp: pair_of, cell_of,
// arc_cell_of). The small ones are made on first use, all at once; the pairs of a wider range
// (the positions of upscaled grids, of boxes and of far shifts, which programs build by the
// hundred thousand) in tiles, each on first use. None is ever freed.
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace battgpu::py {
namespace {

// Pairs cover coordinates and offsets of 30 x 30 grids and their shifts and mirrors.
constexpr std::int64_t kPairMin = -64, kPairMax = 96;
constexpr std::int64_t kPairSpan = kPairMax - kPairMin;
// Cells cover grids of up to 32 x 32 with colours 0-9.
constexpr std::int64_t kCellSide = 32, kColours = 10;

Value immortal(std::initializer_list<Value> items) {
  Value v = tuple_of(items);
  v.make_immortal();
  hash(v); // computed once, cached in the tuple
  return v;
}

struct Tables {
  std::vector<Value> pairs, cells, arc_cells;
  Tables() {
    pairs.reserve(static_cast<std::size_t>(kPairSpan * kPairSpan));
    for (std::int64_t i = kPairMin; i < kPairMax; ++i)
      for (std::int64_t j = kPairMin; j < kPairMax; ++j)
        pairs.push_back(immortal({Value::integer(i), Value::integer(j)}));
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
    return pairs[static_cast<std::size_t>((i - kPairMin) * kPairSpan + (j - kPairMin))];
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

// The wider range of shared pairs, in tiles of kTile x kTile pairs made on first use, so that
// only the parts of the range that programs reach take memory: about 80 bytes a pair (the
// tuple and its handle), 720 MiB were a program to reach the whole range. A program that
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
    std::atomic<const Value*>& slot =
        tiles_[static_cast<std::size_t>((ri / kTile) * kTilesPerSide + rj / kTile)];
    const Value* tile = slot.load(std::memory_order_acquire);
    if (tile == nullptr)
      tile = make(slot, i - ri % kTile, j - rj % kTile);
    return tile[static_cast<std::size_t>((ri % kTile) * kTile + rj % kTile)];
  }

private:
  const Value* make(std::atomic<const Value*>& slot, std::int64_t i0, std::int64_t j0) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (const Value* made = slot.load(std::memory_order_acquire))
      return made;
    auto tile = std::make_unique<Value[]>(static_cast<std::size_t>(kTile * kTile));
    for (std::int64_t a = 0; a < kTile; ++a)
      for (std::int64_t b = 0; b < kTile; ++b)
        tile[static_cast<std::size_t>(a * kTile + b)] =
            immortal({Value::integer(i0 + a), Value::integer(j0 + b)});
    const Value* made = tile.get();
    made_.push_back(std::move(tile));
    slot.store(made, std::memory_order_release);
    return made;
  }

  std::array<std::atomic<const Value*>, kTilesPerSide * kTilesPerSide> tiles_{};
  std::mutex mutex_;
  std::vector<std::unique_ptr<Value[]>> made_;
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
