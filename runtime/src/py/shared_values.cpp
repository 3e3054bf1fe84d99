// Shared immutable values that programs make over and over: the empty frozenset, the
// frozenset of one small cell (every lone cell `objects` finds), and rows of one small colour
// (the background rows of grids). Each is made once, on first use, and never freed. As with
// the shared pairs and cells (small_tuples.cpp), a program cannot tell a shared value from a
// new one, except through `is`, and the shared objects are marked so that `is` stays false
// between them as it would be between CPython's separate objects.
#include "battgpu/cpython/hash.hpp"
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"

#include <array>
#include <atomic>

namespace battgpu::py {
namespace {

// The cells covered: those of small_tuples.cpp's shared cells.
constexpr std::int64_t kSide = 64, kColours = 10;
constexpr auto kCells = static_cast<std::size_t>(kSide * kSide * kColours);

/// Installs the object of `made` (its only reference) in `slot`, immortal, unless another
/// thread was first; returns the installed one. The loser's object is freed with `made`.
template <class T> T* install(std::atomic<T*>& slot, Value made) {
  auto* object = static_cast<T*>(made.object());
  object->immortal = true;
  object->shared_for_equal_values = true;
  T* expected = nullptr;
  if (slot.compare_exchange_strong(expected, object, std::memory_order_acq_rel))
    return object;
  object->immortal = false;
  object->shared_for_equal_values = false;
  return expected;
}

std::array<std::array<std::atomic<FrozenSetObject*>, kCells>, 2> g_cell_sets{};

/// frozenset({cell}), its hash computed.
Value make_one_cell_set(Value cell) {
  std::int64_t h = hash(cell);
  const std::int64_t slot = h & (SetTable::kMinSize - 1);
  Value set = make_frozenset(SetTable::from_layout(SetTable::kMinSize - 1, 1, &slot, &h, &cell));
  cpython::FrozenSetHash fh;
  fh.add(h);
  as_frozenset(set).hash.store(fh.finish(1), std::memory_order_relaxed);
  return set;
}

// Rows of -1 (a batt's NEG_ONE fallback) to 9, of widths 1 to kSide.
constexpr std::int64_t kRowMin = -1, kRowMax = 9;
std::array<std::atomic<TupleObject*>, (kRowMax - kRowMin + 1) * kSide> g_rows{};

} // namespace

Value empty_frozenset() {
  static FrozenSetObject* const empty = [] {
    std::atomic<FrozenSetObject*> slot{nullptr};
    return install<FrozenSetObject>(slot, make_frozenset(SetTable()));
  }();
  return Value::adopt(empty);
}

Value one_cell_frozenset(Dialect dialect, std::int64_t i, std::int64_t j, std::int64_t c) {
  const bool tokpidjin = dialect == Dialect::Tokpidjin;
  if (i < 0 || i >= kSide || j < 0 || j >= kSide || c < 0 || c >= kColours)
    return make_one_cell_set(tokpidjin ? cell_of(i, j, c) : arc_cell_of(c, i, j));
  std::atomic<FrozenSetObject*>& slot =
      g_cell_sets[tokpidjin ? 0 : 1][static_cast<std::size_t>((i * kSide + j) * kColours + c)];
  FrozenSetObject* set = slot.load(std::memory_order_acquire);
  if (set == nullptr)
    set = install<FrozenSetObject>(
        slot, make_one_cell_set(tokpidjin ? cell_of(i, j, c) : arc_cell_of(c, i, j)));
  return Value::immortal_object(set); // not read here: the set may be far off in memory
}

Value uniform_int_row(std::int64_t value, std::int64_t width) {
  if (value < kRowMin || value > kRowMax || width < 1 || width > kSide)
    return Value();
  std::atomic<TupleObject*>& slot =
      g_rows[static_cast<std::size_t>((value - kRowMin) * kSide + width - 1)];
  TupleObject* row = slot.load(std::memory_order_acquire);
  if (row == nullptr) {
    Value made = new_tuple(static_cast<std::size_t>(width));
    Value* items = tuple_items(made);
    for (std::int64_t k = 0; k < width; ++k)
      items[k] = Value::integer(value);
    hash(made); // computed once, kept in the tuple
    row = install<TupleObject>(slot, std::move(made));
  }
  return Value::adopt(row);
}

} // namespace battgpu::py
