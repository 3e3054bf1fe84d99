// Shared immutable values that programs make over and over: the empty frozenset, the
// frozenset of one small cell (every lone cell `objects` finds), and rows of one small colour
// (the background rows of grids). Each is made once, on first use, and never freed. As with
// the shared pairs and cells (small_tuples.cpp), a program cannot tell a shared value from a
// new one, except through `is`, and the shared objects are marked so that `is` stays false
// between them as it would be between CPython's separate objects.
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"

#include <array>
#include <atomic>

namespace battgpu::py {
namespace {

// The cells covered: those of small_tuples.cpp's shared cells.
constexpr std::int64_t kSide = 64, kColours = 10;
constexpr auto kCells = static_cast<std::size_t>(kSide * kSide * kColours);

/// Marks `object` shared: never freed, and Python's `is` false between its uses.
void mark_shared(Object* object, bool shared) {
  object->immortal = shared;
  object->shared_for_equal_values = shared;
}

/// Installs the object of `made` (its only reference) in `slot`, shared, unless another thread
/// was first; returns the installed one. The loser's object is freed with `made`.
template <class T> T* install(std::atomic<T*>& slot, Value made) {
  auto* object = static_cast<T*>(made.object());
  mark_shared(object, true);
  T* expected = nullptr;
  if (slot.compare_exchange_strong(expected, object, std::memory_order_acq_rel))
    return object;
  mark_shared(object, false);
  return expected;
}

std::array<std::array<std::atomic<FrozenSetObject*>, kCells>, 2> g_cell_sets{};

// Rows of -1 (a batt's NEG_ONE fallback) to 9, of widths 1 to kSide.
constexpr std::int64_t kRowMin = -1, kRowMax = 9;
std::array<std::atomic<TupleObject*>, (kRowMax - kRowMin + 1) * kSide> g_rows{};

} // namespace

Value empty_frozenset() {
  static const Value empty = [] {
    Value made = make_frozenset(SetTable());
    mark_shared(made.object(), true);
    return made;
  }();
  return empty;
}

Value one_cell_frozenset(Dialect dialect, std::int64_t i, std::int64_t j, std::int64_t c) {
  const bool tokpidjin = dialect == Dialect::Tokpidjin;
  auto make = [&] {
    // frozenset({cell}): one key in the table of 8, at the slot its hash starts from.
    Value cell = tokpidjin ? cell_of(i, j, c) : arc_cell_of(c, i, j);
    const std::int64_t h = hash(cell), slot = h & (SetTable::kMinSize - 1);
    return make_frozenset(SetTable::from_layout(SetTable::kMinSize - 1, 1, &slot, &h, &cell));
  };
  if (i < 0 || i >= kSide || j < 0 || j >= kSide || c < 0 || c >= kColours)
    return make();
  std::atomic<FrozenSetObject*>& slot =
      g_cell_sets[tokpidjin ? 0 : 1][static_cast<std::size_t>((i * kSide + j) * kColours + c)];
  FrozenSetObject* set = slot.load(std::memory_order_acquire);
  if (set == nullptr)
    set = install<FrozenSetObject>(slot, make());
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
    mark_ints_only(made);
    hash(made); // computed once, kept in the tuple
    row = install<TupleObject>(slot, std::move(made));
  }
  return Value::immortal_object(row);
}

} // namespace battgpu::py
