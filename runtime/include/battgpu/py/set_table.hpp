// CPython's set table, slot for slot (SPEC section 2, "Set order is CPython's").
//
// A frozenset iterates in the order of its hash table's slots, and where each element lands
// depends on its hash, the table size, and what was inserted before it. CPython's algorithms
// for these (Objects/setobject.c: linear probing in runs of LINEAR_PROBES slots, then
// perturbed jumps; the resize thresholds; merge of one set into another; the two ways of
// computing a difference) are fixed, so reproducing them gives CPython's order exactly. Every
// DSL primitive must then insert in the order its Python source does.
#pragma once

#include "battgpu/py/value.hpp"

#include <cstdint>
#include <cstring>

namespace battgpu::py {

struct SetEntry {
  std::int64_t hash = 0;
  Value key; ///< Kind::Unbound: never used; Kind::Dummy: deleted
};

/// The table of a set or frozenset: CPython's PySetObject less the object header.
class SetTable {
public:
  static constexpr std::int64_t kMinSize = 8;

  SetTable() noexcept : t_(small()) { std::memset(small_bytes_, 0, sizeof small_bytes_); }
  /// An empty table whose small table is left unwritten: for a table that is assigned before
  /// it is ever read (a pending frozenset's). Its 192 bytes would be three cache lines written
  /// for nothing.
  struct SmallTableUnwritten {};
  explicit SetTable(SmallTableUnwritten) noexcept : t_(small()) {}
  SetTable(SetTable&& other) noexcept;
  SetTable& operator=(SetTable&& other) noexcept;
  SetTable(const SetTable&) = delete;
  SetTable& operator=(const SetTable&) = delete;
  ~SetTable();

  /// Number of elements (`len(s)`).
  std::int64_t size() const { return used_; }
  bool empty() const { return used_ == 0; }
  std::int64_t mask() const { return mask_; }
  std::int64_t fill() const { return fill_; }
  /// Slot `i` (0 <= i <= mask()), for iteration in CPython's order.
  const SetEntry& slot(std::int64_t i) const { return table()[i]; }

  /// `s.add(key)`.
  void add(Value key);
  /// `s.add(key)` with the key's hash already known.
  void add_entry(Value key, std::int64_t hash);
  /// Asks the memory system for the slot where the search for a key of this hash starts
  /// (SetInserter's window).
  void prefetch_slot(std::int64_t hash) const {
    __builtin_prefetch(&t_[static_cast<std::uint64_t>(hash) & static_cast<std::uint64_t>(mask_)],
                       1);
  }
  /// `key in s`.
  bool contains(const Value& key) const;
  /// The slot holding an element equal to `key` (index into slot()), or -1.
  std::int64_t find(const Value& key) const;
  bool contains_entry(const Value& key, std::int64_t hash) const;
  /// `s.discard(key)`: true when it was there.
  bool discard(const Value& key);
  bool discard_entry(const Value& key, std::int64_t hash);
  /// `s.update(other)` where other is a set or frozenset (set_merge).
  void merge(const SetTable& other);
  /// `s -= other` with other a set (set_difference_update_internal).
  void difference_update(const SetTable& other);

  /// `set(other)` / `frozenset(other)` for a set `other`: a new table merged from it.
  static SetTable copy_of(const SetTable& other);
  /// `a - b` (set_difference), `a & b` (set_intersection), `a | b` (set_or), `a ^ b`.
  static SetTable difference(const SetTable& a, const SetTable& b);
  static SetTable intersection(const SetTable& a, const SetTable& b);
  static SetTable union_of(const SetTable& a, const SetTable& b);
  static SetTable symmetric_difference(const SetTable& a, const SetTable& b);
  /// `a <= b`.
  static bool is_subset(const SetTable& a, const SetTable& b);
  /// Whether `a | b` would be `a`'s table slot for slot: b adds nothing to a, and neither
  /// the copy of a nor the merge of b resizes (set_or copies a, then merges b). Then `a | b`
  /// may be a itself, a frozenset's identity being unobservable to a DSL program.
  static bool union_is_left(const SetTable& a, const SetTable& b);

  /// A table of `mask + 1` slots holding `keys[k]`, whose hash is `hashes[k]`, in slot
  /// `slots[k]` for each k < n, and no deleted slots: the layout a simulation of CPython's
  /// algorithms over stand-in keys computed (the keys are moved in).
  static SetTable from_layout(std::int64_t mask, std::size_t n, const std::int64_t* slots,
                              const std::int64_t* hashes, Value* keys);

  /// frozenset's hash of this table (frozenset_hash): depends on the slots as well as the keys.
  std::int64_t frozenset_hash() const;

  /// Calls `f(const Value&)` for every element in iteration order.
  template <class F> void for_each(F&& f) const {
    all_of([&](const Value& key) {
      f(key);
      return true;
    });
  }

  /// Calls `f(const Value&)` for the elements in iteration order until it returns false;
  /// whether it returned true for all.
  template <class F> bool all_of(F&& f) const {
    return all_entries([&](const SetEntry& e) { return f(e.key); });
  }

  /// Calls `f(const SetEntry&)` for the elements' entries (key and hash) in iteration order
  /// until it returns false; whether it returned true for all. The elements' objects lie
  /// anywhere in memory while the slots are in hash order, so those of the slots a few ahead
  /// are fetched meanwhile.
  template <class F> bool all_entries(F&& f) const {
    constexpr std::int64_t kAhead = 32;
    const SetEntry* t = table();
    for (std::int64_t i = 0; i <= mask_; ++i) {
      if (i + kAhead <= mask_ && t[i + kAhead].key.has_object())
        __builtin_prefetch(t[i + kAhead].key.object());
      if (t[i].key.kind() != Kind::Unbound && t[i].key.kind() != Kind::Dummy && !f(t[i]))
        return false;
    }
    return true;
  }

private:
  // The slots are raw memory: all-zero bytes are an unused slot (hash 0, an unbound key), so a
  // new table is one calloc, and a resize moves the entries bytewise (a Value holds no pointer
  // to itself) without touching reference counts.
  SetEntry* small() noexcept { return reinterpret_cast<SetEntry*>(small_bytes_); }
  bool is_small() const noexcept { return t_ == reinterpret_cast<const SetEntry*>(small_bytes_); }
  SetEntry* table() { return t_; }
  const SetEntry* table() const { return t_; }
  const SetEntry* lookup(const Value& key, std::int64_t hash) const;
  void resize(std::int64_t minused);
  void release() noexcept;
  static void insert_clean(SetEntry* table, std::int64_t mask, Value key, std::int64_t hash);
  static void relocate_clean(SetEntry* table, std::int64_t mask, SetEntry& entry);

  std::int64_t fill_ = 0; ///< active + dummy slots
  std::int64_t used_ = 0; ///< active slots
  std::int64_t mask_ = kMinSize - 1;
  /// Some key may own a reference (Value::counted): release() then drops every key. Tables of
  /// the shared immortal cells and pairs, and of numbers, skip that scan.
  bool owns_objects_ = false;
  SetEntry* t_;
  /// CPython's smalltable: meaningful only while t_ points to it (every path that points t_
  /// here writes it first).
  alignas(SetEntry) unsigned char small_bytes_[kMinSize * sizeof(SetEntry)];
};

/// Adds many keys to a table, in the order given, with the result of add_entry one by one:
/// each key waits in a small window while the slot where its search starts is fetched, so that
/// the cache misses of a large table overlap instead of following one another. finish() adds
/// the keys still waiting; the table is complete only after it. (The destructor does not add
/// them: adding may allocate, and a table left by an exception is not used.)
class SetInserter {
public:
  explicit SetInserter(SetTable& table) noexcept : table_(table) {}
  SetInserter(const SetInserter&) = delete;
  SetInserter& operator=(const SetInserter&) = delete;

  void add(Value key, std::int64_t hash) {
    if (waiting_ == 0 && table_.mask() < kDirectMask) {
      table_.add_entry(std::move(key), hash); // a small table is in the cache already
      return;
    }
    table_.prefetch_slot(hash);
    Waiting& w = window_[next_];
    if (waiting_ == kWindow)
      table_.add_entry(std::move(w.key), w.hash);
    else
      ++waiting_;
    w.key = std::move(key);
    w.hash = hash;
    next_ = (next_ + 1) % kWindow;
  }

  void finish() {
    std::size_t k = (next_ + kWindow - waiting_) % kWindow;
    for (; waiting_ > 0; --waiting_, k = (k + 1) % kWindow)
      table_.add_entry(std::move(window_[k].key), window_[k].hash);
  }

private:
  static constexpr std::size_t kWindow = 16;
  static constexpr std::int64_t kDirectMask = 1023;
  struct Waiting {
    Value key;
    std::int64_t hash = 0;
  };
  SetTable& table_;
  Waiting window_[kWindow];
  std::size_t next_ = 0;
  std::size_t waiting_ = 0;
};

} // namespace battgpu::py
