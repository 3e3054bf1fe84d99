// Pending frozensets (pending_table.hpp): the table built on first read, and the kind whose
// members are in insertion order.
#include "battgpu/py/pending_table.hpp"

#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string_view>
#include <utility>

namespace battgpu::py {

namespace {

/// The lock that publishes a built table: held only while the table is moved in, never while
/// building (which may read other pending sets), so no two are ever nested.
std::mutex& publish_lock(const void* set) {
  static std::mutex locks[64];
  return locks[(reinterpret_cast<std::uintptr_t>(set) >> 6) % 64];
}

/// The lock under which a pending table's members are made: never held with another.
std::mutex& members_lock(const void* pending) {
  static std::mutex locks[64];
  return locks[(reinterpret_cast<std::uintptr_t>(pending) >> 6) % 64];
}

SetTable build_in_insertion_order(const PendingTable& self) {
  SetTable table;
  SetInserter inserter(table);
  const SetEntry* members = self.members();
  for (std::int64_t k = 0; k < self.size; ++k)
    inserter.add(members[k].key, members[k].hash);
  inserter.finish();
  return table;
}

struct IntPairsInOrder : PendingTable {
  std::vector<std::int32_t> coordinates;
  mutable std::vector<SetEntry> entries; ///< made by make_members
};

const SetEntry* make_int_pairs(const PendingTable& self) {
  const auto& p = static_cast<const IntPairsInOrder&>(self);
  p.entries.reserve(static_cast<std::size_t>(p.size));
  for (std::size_t k = 0; k < p.coordinates.size(); k += 2) {
    Value pair = pair_of(p.coordinates[k], p.coordinates[k + 1]);
    const std::int64_t h = hash(pair); // a shared pair's hash is kept in it
    p.entries.push_back(SetEntry{h, std::move(pair)});
  }
  return p.entries.data();
}

const std::vector<std::int32_t>* int_pairs_of(const PendingTable& self) {
  return &static_cast<const IntPairsInOrder&>(self).coordinates;
}

void destroy_int_pairs(PendingTable* self) noexcept {
  delete static_cast<IntPairsInOrder*>(self);
}

} // namespace

std::atomic<bool>& pending_tables_enabled() {
  static std::atomic<bool> enabled{[] {
    const char* eager = std::getenv("BATTGPU_EAGER_TABLES");
    return eager == nullptr || std::string_view(eager).empty() || std::string_view(eager) == "0";
  }()};
  return enabled;
}

PendingTable* pending_int_pairs_in_insertion_order(std::vector<std::int32_t>&& coordinates) {
  auto* p = new IntPairsInOrder;
  p->coordinates = std::move(coordinates);
  p->size = static_cast<std::int64_t>(p->coordinates.size() / 2);
  p->build = &build_in_insertion_order;
  p->make_members = &make_int_pairs;
  p->int_pairs = &int_pairs_of;
  p->destroy = &destroy_int_pairs;
  return p;
}

const SetEntry* PendingTable::make_members_once() const {
  std::lock_guard lock(members_lock(this));
  const SetEntry* m = members_.load(std::memory_order_acquire);
  if (m == nullptr) {
    m = make_members(*this);
    members_.store(m, std::memory_order_release);
  }
  return m;
}

void build_pending_table(const FrozenSetObject& set) {
  PendingTable* const p = set.pending.load(std::memory_order_acquire);
  if (p == nullptr)
    return;
  // Threads that get here together each build the same table; the first to publish wins.
  // The members stay until the set dies: a reader that loaded `pending` before it was cleared
  // may still be reading them.
  SetTable built = p->build(*p);
  std::lock_guard lock(publish_lock(&set));
  if (set.pending.load(std::memory_order_relaxed) != p)
    return;
  auto& writable = const_cast<FrozenSetObject&>(set); // the object is never const itself
  writable.table = std::move(built);
  writable.built_from = p;
  set.pending.store(nullptr, std::memory_order_release);
}

} // namespace battgpu::py
