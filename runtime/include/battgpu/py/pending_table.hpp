// A frozenset whose members are known before its table is built.
//
// A frozenset's iteration order is its CPython table's slot order, and for some results that
// table costs more than everything else the function does: an object of `objects` needs the
// flood's sets replayed to know where each cell lands (dialects/objects_sim.hpp), and
// `f_ofcolor` probes a table per cell. Many programs never look at that order: they take the
// set's size, hash it, compare it, test membership of it in another set, take its bounding
// box or write it sorted into a record. So such a frozenset may be made *pending*: it holds its
// members (key and hash) in an order of the maker's choosing and a way to build the table, and
// builds it the first time anything reads the table (as_set_table), exactly as it would have
// been built at once. Readers that do not depend on the order read the members instead
// (set_size, all_members, and the comparisons, hash, bounds and canonical writing built on
// them), so the table of a set only they read is never built.
#pragma once

#include "battgpu/py/set_table.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace battgpu::py {

/// A pending frozenset's members and how to build its table. Made by the function that makes
/// the set and owned by its FrozenSetObject for the set's life.
struct PendingTable {
  /// CPython's table of these members (the table the function would have built).
  using Build = SetTable (*)(const PendingTable& self);
  /// Makes the members as Values, in storage of the pending table's own, and returns them:
  /// for makers that keep them in a smaller form until a reader asks (null: given at once).
  using MakeMembers = const SetEntry* (*)(const PendingTable& self);
  using Destroy = void (*)(PendingTable* self) noexcept;
  /// Optional: when every member is a tuple whose item `index` is one and the same int, that
  /// int (without making the members); nullopt otherwise or when the maker cannot tell.
  using UniformInt = std::optional<std::int64_t> (*)(const PendingTable& self, std::size_t index);
  /// Optional: where every member is a pair of ints and the maker keeps them as numbers, the
  /// numbers i, j, i, j, ... (for readers that need no Values, such as canonical writing).
  using IntPairs = const std::vector<std::int32_t>* (*)(const PendingTable& self);

  PendingTable() = default;
  PendingTable(const PendingTable&) = delete;
  PendingTable& operator=(const PendingTable&) = delete;

  std::int64_t size = 0;
  Build build = nullptr;
  MakeMembers make_members = nullptr;
  Destroy destroy = nullptr;
  UniformInt uniform_int = nullptr;
  IntPairs int_pairs = nullptr;

  /// The `size` members, distinct, in an order that is not the set's (the maker's own); made
  /// on the first call where the maker keeps them in another form (once, whichever thread).
  const SetEntry* members() const {
    const SetEntry* m = members_.load(std::memory_order_acquire);
    return m != nullptr ? m : make_members_once();
  }
  /// For makers that have the members at once.
  void set_members(const SetEntry* m) { members_.store(m, std::memory_order_release); }

private:
  const SetEntry* make_members_once() const;
  mutable std::atomic<const SetEntry*> members_{nullptr};
};

/// Whether the functions that can leave a table pending do (on unless the environment sets
/// BATTGPU_EAGER_TABLES to anything but 0; the tests turn it off to compare both ways).
std::atomic<bool>& pending_tables_enabled();

/// A pending table of pairs (i, j) of ints, given as i, j, i, j, ... in the order a loop would
/// add them to an empty set (`frozenset(<generator>)`): its table is that of adding them one by
/// one. The pairs' Values are made only when a reader asks for the members.
PendingTable* pending_int_pairs_in_insertion_order(std::vector<std::int32_t>&& coordinates);

} // namespace battgpu::py
