// CPython 3.11's set algorithms (Objects/setobject.c), re-expressed over Values. The probing
// sequence, thresholds and the choice between algorithms are what make the iteration order,
// so each function below names the CPython routine whose behaviour it reproduces.
#include "battgpu/py/set_table.hpp"

#include "battgpu/py/compare.hpp"
#include "battgpu/py/hash.hpp"
#include "battgpu/py/large_tables.hpp"

#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

namespace battgpu::py {
namespace {

constexpr std::int64_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;

bool is_active(const SetEntry& e) {
  return e.key.kind() != Kind::Unbound && e.key.kind() != Kind::Dummy;
}
bool is_unused(const SetEntry& e) {
  return e.key.kind() == Kind::Unbound;
}

} // namespace

namespace {

/// An unused slot is all-zero bytes (hash 0 and an unbound Value), so zeroed memory is an
/// empty table. Large tables (large_tables.hpp) have memory of their own.
SetEntry* allocate_slots(std::int64_t n) {
  const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(SetEntry);
  if (bytes >= kLargeTableBytes)
    return static_cast<SetEntry*>(allocate_large_table(bytes));
  void* p = std::calloc(static_cast<std::size_t>(n), sizeof(SetEntry));
  if (p == nullptr)
    throw std::bad_alloc();
  return static_cast<SetEntry*>(p);
}

/// Frees what allocate_slots(n) returned.
void free_slots(SetEntry* slots, std::int64_t n) {
  const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(SetEntry);
  if (bytes >= kLargeTableBytes)
    free_large_table(slots, bytes);
  else
    std::free(slots);
}

// Loops over a large table's slots touch keys and slots of other tables at random places;
// they ask for those of the entry kAhead slots on while they work on the current one.
constexpr std::int64_t kAhead = 32;

/// The object of an entry's key, which copying the key will write (its reference count).
void prefetch_key(const SetEntry& e) {
  if (e.key.has_object())
    __builtin_prefetch(e.key.object(), 1);
}

/// The key of an entry and the slot of `into` where its insertion will search first.
void prefetch_entry(const SetTable& into, const SetEntry& e) {
  prefetch_key(e);
  into.prefetch_slot(e.hash);
}

} // namespace

void SetTable::release() noexcept {
  if (owns_objects_) {
    // The slots are in hash order and the keys' objects wherever they were allocated, so each
    // release would wait on a cache miss: the objects a few slots ahead are fetched meanwhile.
    for (std::int64_t i = 0; i <= mask_; ++i) {
      if (i + kAhead <= mask_)
        prefetch_key(t_[i + kAhead]);
      if (t_[i].key.has_object())
        t_[i].key.~Value();
    }
  }
  if (!is_small())
    free_slots(t_, mask_ + 1);
}

SetTable::~SetTable() {
  release();
}

SetTable::SetTable(SetTable&& other) noexcept : t_(small()) {
  *this = std::move(other);
}

SetTable& SetTable::operator=(SetTable&& other) noexcept {
  if (this == &other)
    return *this;
  release();
  fill_ = other.fill_;
  used_ = other.used_;
  mask_ = other.mask_;
  owns_objects_ = other.owns_objects_;
  other.owns_objects_ = false;
  if (other.is_small()) {
    std::memcpy(small_bytes_, other.small_bytes_, sizeof small_bytes_);
    t_ = small();
  } else {
    t_ = other.t_;
  }
  // The entries now belong here: leave `other` an empty small table without releasing them.
  std::memset(other.small_bytes_, 0, sizeof other.small_bytes_);
  other.t_ = other.small();
  other.fill_ = other.used_ = 0;
  other.mask_ = kMinSize - 1;
  return *this;
}

// set_lookkey: the slot holding `key`, or the unused slot where a search for it ends.
const SetEntry* SetTable::lookup(const Value& key, std::int64_t hash) const {
  const SetEntry* t = table();
  const auto mask = static_cast<std::uint64_t>(mask_);
  auto perturb = static_cast<std::uint64_t>(hash);
  std::uint64_t i = static_cast<std::uint64_t>(hash) & mask;
  while (true) {
    const SetEntry* entry = &t[i];
    std::int64_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
    do {
      if (entry->hash == 0 && is_unused(*entry))
        return entry;
      if (entry->hash == hash && entry->key.kind() != Kind::Dummy && eq(entry->key, key))
        return entry;
      ++entry;
    } while (probes--);
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

bool SetTable::contains_entry(const Value& key, std::int64_t hash) const {
  return is_active(*lookup(key, hash));
}
bool SetTable::contains(const Value& key) const {
  return contains_entry(key, py::hash(key));
}

std::int64_t SetTable::find(const Value& key) const {
  const SetEntry* e = lookup(key, py::hash(key));
  return is_active(*e) ? e - table() : -1;
}

// set_add_entry.
void SetTable::add_entry(Value key, std::int64_t hash) {
  owns_objects_ |= key.counted();
  SetEntry* t = table();
  const auto mask = static_cast<std::uint64_t>(mask_);
  auto perturb = static_cast<std::uint64_t>(hash);
  std::uint64_t i = static_cast<std::uint64_t>(hash) & mask;
  SetEntry* freeslot = nullptr;
  SetEntry* entry = nullptr;
  while (true) {
    entry = &t[i];
    std::int64_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
    do {
      if (entry->hash == 0 && is_unused(*entry))
        goto found_unused_or_dummy;
      if (entry->hash == hash && entry->key.kind() != Kind::Dummy) {
        if (eq(entry->key, key))
          return; // found active
      } else if (entry->hash == -1 && entry->key.kind() == Kind::Dummy) {
        freeslot = entry;
      }
      ++entry;
    } while (probes--);
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
found_unused_or_dummy:
  if (freeslot != nullptr) {
    ++used_;
    freeslot->key = std::move(key);
    freeslot->hash = hash;
    return;
  }
  ++fill_;
  ++used_;
  entry->key = std::move(key);
  entry->hash = hash;
  if (static_cast<std::uint64_t>(fill_) * 5 < mask * 3)
    return;
  resize(used_ > 50000 ? used_ * 2 : used_ * 4);
}

void SetTable::add(Value key) {
  const std::int64_t h = py::hash(key);
  add_entry(std::move(key), h);
}

// set_insert_clean: place a key known to be absent into a table without dummies.
void SetTable::insert_clean(SetEntry* t, std::int64_t mask_signed, Value key, std::int64_t hash) {
  const auto mask = static_cast<std::uint64_t>(mask_signed);
  auto perturb = static_cast<std::uint64_t>(hash);
  std::uint64_t i = static_cast<std::uint64_t>(hash) & mask;
  while (true) {
    SetEntry* entry = &t[i];
    if (is_unused(*entry)) {
      entry->key = std::move(key);
      entry->hash = hash;
      return;
    }
    if (i + kLinearProbes <= mask) {
      for (std::int64_t j = 0; j < kLinearProbes; ++j) {
        ++entry;
        if (is_unused(*entry)) {
          entry->key = std::move(key);
          entry->hash = hash;
          return;
        }
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

// set_insert_clean, moving an entry bytewise into the first free slot of its probe sequence.
void SetTable::relocate_clean(SetEntry* t, std::int64_t mask_signed, SetEntry& entry) {
  const auto mask = static_cast<std::uint64_t>(mask_signed);
  const std::int64_t hash = entry.hash;
  auto perturb = static_cast<std::uint64_t>(hash);
  std::uint64_t i = static_cast<std::uint64_t>(hash) & mask;
  while (true) {
    SetEntry* e = &t[i];
    if (is_unused(*e)) {
      std::memcpy(static_cast<void*>(e), &entry, sizeof(SetEntry));
      return;
    }
    if (i + kLinearProbes <= mask) {
      for (std::int64_t j = 0; j < kLinearProbes; ++j) {
        ++e;
        if (is_unused(*e)) {
          std::memcpy(static_cast<void*>(e), &entry, sizeof(SetEntry));
          return;
        }
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

// set_table_resize. The active entries move bytewise into the new table in slot order; dummy
// entries are dropped (they own nothing).
void SetTable::resize(std::int64_t minused) {
  std::int64_t newsize = kMinSize;
  while (newsize <= minused)
    newsize <<= 1;
  if (newsize == kMinSize && is_small() && fill_ == used_)
    return; // no dummies to purge: nothing to do
  const std::int64_t oldmask = mask_;
  SetEntry* old = t_;
  alignas(SetEntry) unsigned char small_copy[sizeof small_bytes_];
  if (is_small()) {
    std::memcpy(small_copy, small_bytes_, sizeof small_bytes_);
    old = reinterpret_cast<SetEntry*>(small_copy);
  }
  SetEntry* fresh;
  if (newsize == kMinSize) {
    std::memset(small_bytes_, 0, sizeof small_bytes_);
    fresh = small();
  } else {
    fresh = allocate_slots(newsize);
  }
  const bool old_was_large = t_ != small();
  mask_ = newsize - 1;
  fill_ = used_;
  for (std::int64_t i = 0; i <= oldmask; ++i)
    if (is_active(old[i]))
      relocate_clean(fresh, mask_, old[i]);
  if (old_was_large)
    free_slots(t_, oldmask + 1);
  t_ = fresh;
}

// set_discard_entry.
bool SetTable::discard_entry(const Value& key, std::int64_t hash) {
  auto* entry = const_cast<SetEntry*>(lookup(key, hash));
  if (!is_active(*entry))
    return false;
  entry->key = Value::dummy_marker();
  entry->hash = -1;
  --used_;
  return true;
}
bool SetTable::discard(const Value& key) {
  return discard_entry(key, py::hash(key));
}

// set_merge.
void SetTable::merge(const SetTable& other) {
  if (&other == this || other.used_ == 0)
    return;
  owns_objects_ |= other.owns_objects_;
  if ((fill_ + other.used_) * 5 >= mask_ * 3)
    resize((used_ + other.used_) * 2);
  SetEntry* t = table();
  const SetEntry* o = other.table();
  if (fill_ == 0 && mask_ == other.mask_ && other.fill_ == other.used_) {
    for (std::int64_t i = 0; i <= other.mask_; ++i) {
      if (i + kAhead <= other.mask_)
        prefetch_key(o[i + kAhead]);
      if (is_active(o[i])) {
        t[i].key = o[i].key;
        t[i].hash = o[i].hash;
      }
    }
    fill_ = other.fill_;
    used_ = other.used_;
    return;
  }
  if (fill_ == 0) {
    fill_ = other.used_;
    used_ = other.used_;
    for (std::int64_t i = 0; i <= other.mask_; ++i) {
      if (i + kAhead <= other.mask_)
        prefetch_entry(*this, o[i + kAhead]);
      if (is_active(o[i]))
        insert_clean(t, mask_, o[i].key, o[i].hash);
    }
    return;
  }
  for (std::int64_t i = 0; i <= other.mask_; ++i) {
    if (i + kAhead <= other.mask_)
      prefetch_entry(*this, o[i + kAhead]);
    if (is_active(o[i]))
      add_entry(o[i].key, o[i].hash);
  }
}

SetTable SetTable::from_layout(std::int64_t mask, std::size_t n, const std::int64_t* slots,
                               const std::int64_t* hashes, Value* keys) {
  SetTable t{SmallTableUnwritten{}};
  if (mask != kMinSize - 1)
    t.t_ = allocate_slots(mask + 1);
  else
    std::memset(t.small_bytes_, 0, sizeof t.small_bytes_);
  t.mask_ = mask;
  t.fill_ = t.used_ = static_cast<std::int64_t>(n);
  for (std::size_t k = 0; k < n; ++k) {
    SetEntry& e = t.t_[slots[k]];
    e.hash = hashes[k];
    t.owns_objects_ |= keys[k].counted();
    e.key = std::move(keys[k]);
  }
  return t;
}

SetTable SetTable::copy_of(const SetTable& other) {
  SetTable t;
  t.merge(other);
  return t;
}

// set_difference_update_internal, for a set argument.
void SetTable::difference_update(const SetTable& other) {
  if (&other == this) {
    release();
    std::memset(small_bytes_, 0, sizeof small_bytes_);
    t_ = small();
    fill_ = used_ = 0;
    mask_ = kMinSize - 1;
    return;
  }
  auto discard_all = [this](const SetTable& from) {
    const SetEntry* o = from.table();
    for (std::int64_t i = 0; i <= from.mask_; ++i)
      if (is_active(o[i]))
        discard_entry(o[i].key, o[i].hash);
  };
  if ((other.used_ >> 3) > used_) {
    SetTable common = intersection(*this, other);
    discard_all(common);
  } else {
    discard_all(other);
  }
  if (fill_ - used_ <= mask_ / 4)
    return;
  resize(used_ > 50000 ? used_ * 2 : used_ * 4);
}

// set_difference, for a set argument.
SetTable SetTable::difference(const SetTable& a, const SetTable& b) {
  if ((a.used_ >> 2) > b.used_) {
    SetTable result = copy_of(a);
    result.difference_update(b);
    return result;
  }
  SetTable result;
  const SetEntry* t = a.table();
  for (std::int64_t i = 0; i <= a.mask_; ++i) {
    if (i + kAhead <= a.mask_)
      b.prefetch_slot(t[i + kAhead].hash);
    if (is_active(t[i]) && !b.contains_entry(t[i].key, t[i].hash))
      result.add_entry(t[i].key, t[i].hash);
  }
  return result;
}

// set_intersection, for a set argument: iterate the smaller, look up in the larger.
SetTable SetTable::intersection(const SetTable& a, const SetTable& b) {
  if (&a == &b)
    return copy_of(a);
  const SetTable* so = &a;
  const SetTable* other = &b;
  if (other->used_ > so->used_)
    std::swap(so, other);
  SetTable result;
  const SetEntry* t = other->table();
  for (std::int64_t i = 0; i <= other->mask_; ++i) {
    if (i + kAhead <= other->mask_)
      so->prefetch_slot(t[i + kAhead].hash);
    if (is_active(t[i]) && so->contains_entry(t[i].key, t[i].hash))
      result.add_entry(t[i].key, t[i].hash);
  }
  return result;
}

// set_or: a copy of a, updated with b.
SetTable SetTable::union_of(const SetTable& a, const SetTable& b) {
  SetTable result = copy_of(a);
  if (&a != &b)
    result.merge(b);
  return result;
}

// set_symmetric_difference: a copy of b, then set_symmetric_difference_update with a.
SetTable SetTable::symmetric_difference(const SetTable& a, const SetTable& b) {
  SetTable result = copy_of(b);
  if (&a == &b)
    return SetTable();
  const SetEntry* t = a.table();
  for (std::int64_t i = 0; i <= a.mask_; ++i) {
    if (!is_active(t[i]))
      continue;
    if (!result.discard_entry(t[i].key, t[i].hash))
      result.add_entry(t[i].key, t[i].hash);
  }
  return result;
}

bool SetTable::union_is_left(const SetTable& a, const SetTable& b) {
  if (a.used_ == 0 || a.fill_ != a.used_)
    return false;
  // copy_of(a) merges a into an empty table of kMinSize slots: resized to the smallest power
  // of two above 2 * used where it would fill more than 3/5 of those.
  std::int64_t copy_size = kMinSize;
  if (a.used_ * 5 >= (kMinSize - 1) * 3)
    while (copy_size <= a.used_ * 2)
      copy_size <<= 1;
  if (copy_size != a.mask_ + 1)
    return false;
  if (&a == &b || b.used_ == 0)
    return true;
  if ((a.used_ + b.used_) * 5 >= a.mask_ * 3)
    return false; // merging b resizes first
  const SetEntry* t = b.table();
  for (std::int64_t i = 0; i <= b.mask_; ++i)
    if (is_active(t[i]) && !a.contains_entry(t[i].key, t[i].hash))
      return false;
  return true;
}

bool SetTable::is_subset(const SetTable& a, const SetTable& b) {
  if (a.used_ > b.used_)
    return false;
  const SetEntry* t = a.table();
  for (std::int64_t i = 0; i <= a.mask_; ++i)
    if (is_active(t[i]) && !b.contains_entry(t[i].key, t[i].hash))
      return false;
  return true;
}

// frozenset_hash.
std::int64_t SetTable::frozenset_hash() const {
  auto shuffle = [](std::uint64_t h) { return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL; };
  std::uint64_t h = 0;
  const SetEntry* t = table();
  for (std::int64_t i = 0; i <= mask_; ++i)
    h ^= shuffle(static_cast<std::uint64_t>(t[i].hash));
  if ((mask_ + 1 - fill_) & 1)
    h ^= shuffle(0);
  if ((fill_ - used_) & 1)
    h ^= shuffle(static_cast<std::uint64_t>(-1));
  h ^= (static_cast<std::uint64_t>(used_) + 1) * 1927868237ULL;
  h ^= (h >> 11) ^ (h >> 25);
  h = h * 69069U + 907133923ULL;
  if (h == static_cast<std::uint64_t>(-1))
    h = 590923713ULL;
  return static_cast<std::int64_t>(h);
}

} // namespace battgpu::py
