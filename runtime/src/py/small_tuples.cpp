// Shared tuples for the pairs and cells of ARC grids (objects.hpp: pair_of, cell_of,
// arc_cell_of). The small ones are made on first use, all at once; the pairs of a wider range
// (the positions of upscaled grids, of boxes and of far shifts, which programs build by the
// hundred thousand) in tiles, each on first use. None is ever freed.
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <functional>
#include <mutex>
#include <new>
#include <vector>

namespace battgpu::py {
namespace {

// Pairs cover coordinates and offsets of 30 x 30 grids and their shifts and mirrors.
constexpr std::int64_t kPairMin = -64, kPairMax = 96;
constexpr std::int64_t kPairSpan = kPairMax - kPairMin;
constexpr auto kPairCount = static_cast<std::size_t>(kPairSpan * kPairSpan);
// Cells cover grids of up to 64 x 64 with colours 0-9 (30 x 30 grids concatenated twice).
constexpr std::int64_t kCellSide = 64, kColours = 10;

/// Shared tuples laid out one after another, tuple k at a computed address: handing one out
/// reads neither a table of handles nor the tuple (the pairs of a large patch are asked for
/// in no useful order, and each such read was a cache miss). The tuples are made in rows of
/// `row`: all at once (`Made::Now`), or each row the first time one of it is asked for
/// (`Made::OnFirstUse`), so that a run touches only the rows its grids reach and no thread
/// waits at start-up for tuples nobody uses.
class TupleArena {
public:
  /// Writes the items of tuple k.
  using Make = std::function<void(std::size_t k, Value* items)>;
  enum class Made { Now, OnFirstUse };

  /// `count` tuples of `arity` items in rows of `row` tuples.
  TupleArena(std::size_t count, std::uint32_t arity, std::size_t row, Made made, Make make)
      : stride_(sizeof(TupleObject) + arity * sizeof(Value)), arity_(arity), row_(row),
        make_(std::move(make)), ready_((count + row - 1) / row),
        memory_(static_cast<unsigned char*>(::operator new(count * stride_))), count_(count) {
    if (made == Made::Now)
      for (std::size_t r = 0; r < ready_.size(); ++r)
        make_row(r);
  }
  TupleArena(const TupleArena&) = delete;
  TupleArena& operator=(const TupleArena&) = delete;
  // Never destroyed: the tuples are immortal.

  /// Tuple k of an arena made now.
  Value get(std::size_t k) const {
    return Value::immortal_object(reinterpret_cast<TupleObject*>(memory_ + k * stride_));
  }
  /// Tuple k, which is in row `r` (the caller knows it without a division), made if need be.
  Value get(std::size_t r, std::size_t k) const {
    if (!ready_[r].load(std::memory_order_acquire))
      make_row(r);
    return get(k);
  }

private:
  void make_row(std::size_t r) const {
    std::lock_guard lock(mutex_);
    if (ready_[r].load(std::memory_order_relaxed))
      return;
    const std::size_t end = std::min(count_, (r + 1) * row_);
    for (std::size_t k = r * row_; k < end; ++k) {
      auto* t = new (memory_ + k * stride_) TupleObject();
      t->size = arity_;
      for (std::uint32_t m = 0; m < arity_; ++m)
        new (&t->items()[m]) Value();
      make_(k, t->items());
      t->ints_only = std::all_of(t->items(), t->items() + arity_,
                                 [](const Value& v) { return v.is(Kind::Int); });
      t->immortal = true;
      t->shared_for_equal_values = true;
      hash(Value::immortal_object(t)); // computed once, kept in the tuple
    }
    ready_[r].store(true, std::memory_order_release);
  }

  std::size_t stride_;
  std::uint32_t arity_;
  std::size_t row_;
  Make make_;
  mutable std::vector<std::atomic<bool>> ready_;
  mutable std::mutex mutex_;
  unsigned char* memory_;
  std::size_t count_;
};

/// The pairs (i0 + k / width, j0 + k % width) for k < count, in rows of `width`.
TupleArena pair_arena(std::int64_t i0, std::int64_t j0, std::int64_t width, std::size_t count,
                      TupleArena::Made made) {
  return TupleArena(count, 2, static_cast<std::size_t>(width), made,
                    [i0, j0, width](std::size_t k, Value* items) {
                      items[0] = Value::integer(i0 + static_cast<std::int64_t>(k) / width);
                      items[1] = Value::integer(j0 + static_cast<std::int64_t>(k) % width);
                    });
}

constexpr auto kCellCount = static_cast<std::size_t>(kCellSide * kCellSide * kColours);
std::int64_t cell_row(std::size_t k) {
  return static_cast<std::int64_t>(k) / (kCellSide * kColours);
}
std::int64_t cell_column(std::size_t k) {
  return static_cast<std::int64_t>(k) / kColours % kCellSide;
}
std::int64_t cell_colour(std::size_t k) {
  return static_cast<std::int64_t>(k) % kColours;
}

/// The small pairs and cells, each row (a first coordinate) made on first use.
struct Tables {
  static constexpr auto kOnFirstUse = TupleArena::Made::OnFirstUse;
  TupleArena pairs = pair_arena(kPairMin, kPairMin, kPairSpan, kPairCount, kOnFirstUse);
  TupleArena cells{kCellCount, 3, kCellSide* kColours, kOnFirstUse,
                   [](std::size_t k, Value* items) {
                     items[0] = Value::integer(cell_row(k));
                     items[1] = Value::integer(cell_column(k));
                     items[2] = Value::integer(cell_colour(k));
                   }};
  TupleArena arc_cells{kCellCount, 2, kCellSide* kColours, kOnFirstUse,
                       [this](std::size_t k, Value* items) {
                         items[0] = Value::integer(cell_colour(k));
                         items[1] = pair_value(cell_row(k), cell_column(k));
                       }};
  Value pair_value(std::int64_t i, std::int64_t j) const {
    return pairs.get(static_cast<std::size_t>(i - kPairMin),
                     static_cast<std::size_t>((i - kPairMin) * kPairSpan + (j - kPairMin)));
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
constexpr auto kTileCount = static_cast<std::size_t>(kTile * kTile);

class WidePairs {
public:
  /// The shared pair (i, j) for i and j in [kWideMin, kWideMax).
  Value get(std::int64_t i, std::int64_t j) {
    const std::int64_t ri = i - kWideMin, rj = j - kWideMin;
    std::atomic<const TupleArena*>& slot =
        tiles_[static_cast<std::size_t>((ri / kTile) * kTilesPerSide + rj / kTile)];
    const TupleArena* tile = slot.load(std::memory_order_acquire);
    if (tile == nullptr)
      tile = make(slot, i - ri % kTile, j - rj % kTile);
    return tile->get(static_cast<std::size_t>((ri % kTile) * kTile + rj % kTile));
  }

private:
  const TupleArena* make(std::atomic<const TupleArena*>& slot, std::int64_t i0, std::int64_t j0) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (const TupleArena* made = slot.load(std::memory_order_acquire))
      return made;
    const auto* made = new TupleArena(pair_arena(i0, j0, kTile, kTileCount, TupleArena::Made::Now));
    slot.store(made, std::memory_order_release);
    return made;
  }

  std::array<std::atomic<const TupleArena*>, kTilesPerSide * kTilesPerSide> tiles_{};
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
    return tables().cells.get(static_cast<std::size_t>(i), cell_index(i, j, c));
  return tuple_of({Value::integer(i), Value::integer(j), Value::integer(c)});
}

Value arc_cell_of(std::int64_t c, std::int64_t i, std::int64_t j) {
  if (small_cell(i, j, c))
    return tables().arc_cells.get(static_cast<std::size_t>(i), cell_index(i, j, c));
  return tuple_of({Value::integer(c), pair_of(i, j)});
}

} // namespace battgpu::py
