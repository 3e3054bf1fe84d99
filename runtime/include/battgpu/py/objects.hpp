// The heap objects behind a Value: str, tuple, frozenset and closures, and the descriptor of a
// DSL function (Builtin). Read them through the accessors at the end (`as_tuple(v)`, ...).
#pragma once

#include "battgpu/py/patch_bounds.hpp"
#include "battgpu/py/pending_table.hpp"
#include "battgpu/py/set_table.hpp"
#include "battgpu/py/value.hpp"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

namespace battgpu::py {

struct StrObject : Object {
  StrObject() : Object(Kind::Str) {}
  std::uint32_t size = 0;
  mutable std::atomic<std::int64_t> hash{-1};
  const char* data() const { return reinterpret_cast<const char*>(this + 1); }
  char* data() { return reinterpret_cast<char*>(this + 1); }
  std::string_view view() const { return {data(), size}; }
};

struct TupleObject : Object {
  TupleObject() : Object(Kind::Tuple) {}
  std::uint32_t size = 0;
  /// Every item is an int (Kind::Int). Set by the makers of grid rows that know it
  /// (mark_ints_only), so that readers of rows need not look at each cell's kind and freeing
  /// one releases no item; false says nothing.
  bool ints_only = false;
  mutable std::atomic<std::int64_t> hash{-1};
  const Value* items() const { return reinterpret_cast<const Value*>(this + 1); }
  Value* items() { return reinterpret_cast<Value*>(this + 1); }
  const Value* begin() const { return items(); }
  const Value* end() const { return items() + size; }
  const Value& operator[](std::size_t i) const { return items()[i]; }
};

inline Value Value::immortal_object(TupleObject* tuple) noexcept {
  return immortal_of(Kind::Tuple, tuple);
}

struct FrozenSetObject : Object {
  explicit FrozenSetObject(SetTable&& t) : Object(Kind::FrozenSet), table(std::move(t)) {}
  /// A pending frozenset (pending_table.hpp): its table is built when first read.
  explicit FrozenSetObject(PendingTable* p)
      : Object(Kind::FrozenSet), pending(p), table(SetTable::SmallTableUnwritten{}) {}
  FrozenSetObject(const FrozenSetObject&) = delete;
  FrozenSetObject& operator=(const FrozenSetObject&) = delete;
  ~FrozenSetObject();
  // What most readers read (pending, hash, and the table's counts and slot pointer) comes
  // first, on the object's first cache line.
  /// Non-null while the table is not built: the members, and how to build it.
  mutable std::atomic<PendingTable*> pending{nullptr};
  mutable std::atomic<std::int64_t> hash{-1};
  /// CPython's table: read it through as_set_table(), which builds a pending one first.
  SetTable table;
  /// The pending table the table was built from, kept until the set dies (its members may
  /// still be read by a thread that saw it pending).
  PendingTable* built_from = nullptr;
  /// patch_bounds() of this set once computed: `bounds` is written by the thread that moves
  /// `bounds_state` from 0 to 1 and readable by all once it is 2.
  mutable std::atomic<std::uint8_t> bounds_state{0};
  // Not written until then: a set's tail is one cache line fewer to write when it is made.
  union {
    mutable PatchBounds bounds;
  };
};

inline Value Value::immortal_object(FrozenSetObject* set) noexcept {
  return immortal_of(Kind::FrozenSet, set);
}

/// What tokpidjin's `_get_safe_default(f)` gives for a function f, read off f's return
/// annotation by safe_dsl.py.
enum class SafeDefault : std::uint8_t { EmptyTuple, EmptyFrozenSet, Zero, False, SafeCallable };

/// A DSL function: what `dsl.<name>` is in the Python module.
struct Builtin {
  using Impl = Value (*)(const Value* args, std::size_t nargs);
  std::string_view name; ///< `__name__` (an alias keeps the name of what it aliases)
  Dialect dialect;
  std::int8_t min_args;     ///< parameters without a default
  std::int8_t max_args;     ///< `__code__.co_argcount`
  Impl impl;                ///< called with min_args <= nargs <= max_args
  SafeDefault safe_default; ///< tokpidjin: the wrapper's value when impl fails
  /// Results are remembered per thread and given again for arguments of the same kinds and
  /// values (call.cpp): for the costly pure functions (object extraction), whose equal
  /// arguments recur within a program (the same grid reached by several statements).
  bool memoize = false;
  /// tokpidjin: the frames safe_dsl's `_get_safe_default` takes below its handler to read the
  /// return annotation (typing.get_type_hints); near the recursion limit, too few of them left
  /// gives `()` instead of the typed default. Measured on the reference for each function.
  std::int8_t default_frames = 0;
};

struct ClosureObject;

/// The code of a kind of closure (rbind's `f` of one argument, compose's lambda, ...).
struct ClosureType {
  using Call = Value (*)(const ClosureObject& self, const Value* args, std::size_t nargs);
  std::string_view name; ///< `__name__`: "f", "g", "<lambda>", "safe_callable"
  std::int8_t argcount;  ///< `__code__.co_argcount`
  bool varargs;          ///< takes any number of arguments (`*args`)
  Call call;             ///< called with nargs == argcount unless varargs
};

struct ClosureObject : Object {
  explicit ClosureObject(const ClosureType* t) : Object(Kind::Closure), type(t) {}
  const ClosureType* type;
  std::uint32_t ncaptured = 0;
  const Value* captured() const { return reinterpret_cast<const Value*>(this + 1); }
  Value* captured() { return reinterpret_cast<Value*>(this + 1); }
};

// ---- accessors (the kind must have been checked) ----
inline const TupleObject& as_tuple(const Value& v) {
  return *static_cast<TupleObject*>(v.object());
}
inline const FrozenSetObject& as_frozenset(const Value& v) {
  return *static_cast<FrozenSetObject*>(v.object());
}
/// Builds the table of a pending frozenset (once, whichever thread asks first).
void build_pending_table(const FrozenSetObject& set);
/// A frozenset's table, in CPython's slot order.
inline const SetTable& as_set_table(const Value& v) {
  const FrozenSetObject& set = as_frozenset(v);
  if (set.pending.load(std::memory_order_acquire) != nullptr) [[unlikely]]
    build_pending_table(set);
  return set.table;
}
/// Whether a frozenset's table is not built yet.
inline bool is_pending(const Value& v) {
  return as_frozenset(v).pending.load(std::memory_order_acquire) != nullptr;
}
/// `len(s)` of a frozenset, without building its table.
inline std::int64_t set_size(const Value& v) {
  const FrozenSetObject& set = as_frozenset(v);
  if (const PendingTable* p = set.pending.load(std::memory_order_acquire)) [[unlikely]]
    return p->size;
  return set.table.size();
}
/// Calls `f(const SetEntry&)` for a frozenset's elements, in no particular order (the table's
/// when it is built), until it returns false; whether it returned true for all. For readers
/// whose result does not depend on the order, so that a pending table stays unbuilt.
template <class F> bool all_members(const Value& v, F&& f) {
  const FrozenSetObject& set = as_frozenset(v);
  if (const PendingTable* p = set.pending.load(std::memory_order_acquire)) [[unlikely]] {
    const SetEntry* members = p->members();
    for (std::int64_t k = 0; k < p->size; ++k)
      if (!f(members[k]))
        return false;
    return true;
  }
  return set.table.all_entries(f);
}
inline std::string_view as_str(const Value& v) {
  return static_cast<StrObject*>(v.object())->view();
}
inline const ClosureObject& as_closure(const Value& v) {
  return *static_cast<ClosureObject*>(v.object());
}

// ---- construction ----
Value make_str(std::string_view s);
/// `()`: one shared object, as in CPython.
Value empty_tuple();
/// A tuple of `items`.
Value tuple_of(std::span<const Value> items);
Value tuple_of(std::initializer_list<Value> items);
/// A tuple of `n` unbound items to fill through `tuple_items(v)` before it is shared.
Value new_tuple(std::size_t n);
inline Value* tuple_items(Value& fresh) {
  return static_cast<TupleObject*>(fresh.object())->items();
}
/// Marks `fresh`, a new tuple whose items are all set, as holding ints only (its maker knows
/// that every item is an int). The empty tuple, shared, is left alone.
inline void mark_ints_only(Value& fresh) noexcept {
  auto* t = static_cast<TupleObject*>(fresh.object());
  if (t->size == 0)
    return;
#ifndef NDEBUG
  for (const Value& v : *t)
    if (!v.is(Kind::Int))
      __builtin_trap(); // a maker marked a row that holds something else
#endif
  t->ints_only = true;
}
/// Copies the items of `row` into `dst`, unbound values (a new tuple's), as `dst[i] = row[i]`
/// would; whether every item is an int.
inline bool copy_row_into_unbound(Value* dst, const TupleObject& row) noexcept {
  if (row.ints_only) {
    std::memcpy(static_cast<void*>(dst), static_cast<const void*>(row.items()),
                row.size * sizeof(Value));
    return true;
  }
  return copy_into_unbound(dst, row.items(), row.size);
}

/// A frozenset adopting `table` (as `frozenset(<generator>)` makes one: the table as built).
Value make_frozenset(SetTable&& table);
/// A pending frozenset adopting `pending` (pending_table.hpp); `hash` is its frozenset hash
/// when the maker knows it, else -1.
Value make_pending_frozenset(PendingTable* pending, std::int64_t hash = -1);
/// `frozenset({a, b, ...})`: `items` added in order, as a set display adds them.
Value frozenset_of(std::initializer_list<Value> items);
/// `frozenset()`: one shared immortal set (shared_values.cpp).
Value empty_frozenset();
/// A closure of `type` capturing `captured`.
Value make_closure(const ClosureType* type, std::initializer_list<Value> captured);

/// Builds a tuple of unknown length, as `tuple(<generator>)` does.
class TupleBuilder {
public:
  TupleBuilder() = default;
  explicit TupleBuilder(std::size_t expected) { items_.reserve(expected); }
  void push(Value v) { items_.push_back(std::move(v)); }
  std::size_t size() const { return items_.size(); }
  Value finish();

private:
  std::vector<Value> items_;
};

} // namespace battgpu::py

namespace battgpu::py {

/// `(i, j)`: for small coordinates a shared tuple made once (its hash computed once), else a
/// new one. Grids, patches and objects are made of such pairs and cells, so sharing them
/// saves most of the allocation and hashing of grid functions; tuples are immutable, so no
/// program can tell a shared tuple from a new one.
Value pair_of(std::int64_t i, std::int64_t j);
/// tokpidjin's cell `(i, j, c)`, shared for small coordinates and colours.
Value cell_of(std::int64_t i, std::int64_t j, std::int64_t c);
/// arc-dsl's cell `(c, (i, j))`, shared for small coordinates and colours.
Value arc_cell_of(std::int64_t c, std::int64_t i, std::int64_t j);

/// `frozenset({cell})` of `dialect`'s cell at (i, j) of colour c: shared, like the cell, for
/// small coordinates and colours (an object of one cell, as `objects` finds by the hundred).
Value one_cell_frozenset(Dialect dialect, std::int64_t i, std::int64_t j, std::int64_t c);
/// The row `(value,) * width`, shared, for values -1 to 9 and widths up to 64 (the background
/// rows of grids); an unbound Value for any other.
Value uniform_int_row(std::int64_t value, std::int64_t width);

} // namespace battgpu::py
