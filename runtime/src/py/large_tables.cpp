#include "battgpu/py/large_tables.hpp"

#include <atomic>
#include <cstring>
#include <mutex>
#include <new>
#include <unordered_map>
#include <vector>

#include <sys/mman.h>

namespace battgpu::py {
namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

std::atomic<std::size_t> kept_bytes{0};

std::size_t mapped_length(std::size_t bytes) {
  return (bytes + kHugePage - 1) & ~(kHugePage - 1);
}

/// Set when this thread's KeptTables is gone: values that other thread-local objects hold
/// are freed after it as the thread ends, and their tables are then unmapped at once.
thread_local bool kept_tables_gone = false;

/// A thread's kept tables, unmapped when the thread ends.
class KeptTables {
public:
  KeptTables() = default;
  KeptTables(const KeptTables&) = delete;
  KeptTables& operator=(const KeptTables&) = delete;
  ~KeptTables() {
    kept_tables_gone = true;
    for (const Mapping& m : kept_)
      release(m);
  }

  /// The smallest kept mapping of `length` bytes up to twice that (a resize asks for twice the
  /// size it frees, so tables come in powers of two), or nullptr. Its length goes to `taken`.
  void* take(std::size_t length, std::size_t& taken) {
    std::size_t best = kept_.size();
    for (std::size_t k = 0; k < kept_.size(); ++k)
      if (kept_[k].length >= length && kept_[k].length <= 2 * length &&
          (best == kept_.size() || kept_[k].length < kept_[best].length))
        best = k;
    if (best == kept_.size())
      return nullptr;
    void* table = kept_[best].table;
    taken = kept_[best].length;
    kept_[best] = kept_.back();
    kept_.pop_back();
    kept_bytes.fetch_sub(taken, std::memory_order_relaxed);
    return table;
  }

  /// Keeps a mapping if the process-wide bound allows (after dropping this thread's mappings of
  /// other sizes, which are less likely to be asked for next); unmaps it otherwise.
  void keep(void* table, std::size_t length) noexcept {
    bool reserved = reserve(length);
    while (!reserved && !kept_.empty()) {
      release(kept_.front());
      kept_.erase(kept_.begin());
      reserved = reserve(length);
    }
    if (!reserved) {
      munmap(table, length);
      return;
    }
    try {
      kept_.push_back({table, length});
    } catch (...) {
      release({table, length});
    }
  }

private:
  struct Mapping {
    void* table;
    std::size_t length;
  };

  /// Reserves `length` of the process-wide bound, if it has that much left.
  static bool reserve(std::size_t length) {
    std::size_t now = kept_bytes.load(std::memory_order_relaxed);
    while (now + length <= kLargeTablesKeptLimit)
      if (kept_bytes.compare_exchange_weak(now, now + length, std::memory_order_relaxed))
        return true;
    return false;
  }
  static void release(const Mapping& m) noexcept {
    kept_bytes.fetch_sub(m.length, std::memory_order_relaxed);
    munmap(m.table, m.length);
  }

  std::vector<Mapping> kept_;
};

/// The length of each large table's mapping, which may exceed the table's bytes (a kept
/// mapping is reused for a table up to half its size). Tables can be freed by another thread
/// than the one that made them (shared calls).
struct MappingLengths {
  std::mutex mutex;
  std::unordered_map<void*, std::size_t> length;
};
MappingLengths& mapping_lengths() {
  static auto* lengths = new MappingLengths; // never destroyed: tables may be freed at exit
  return *lengths;
}

void register_mapping(void* table, std::size_t length) {
  MappingLengths& m = mapping_lengths();
  std::lock_guard lock(m.mutex);
  m.length[table] = length;
}

std::size_t unregister_mapping(void* table) noexcept {
  MappingLengths& m = mapping_lengths();
  std::lock_guard lock(m.mutex);
  const auto it = m.length.find(table);
  const std::size_t length = it->second;
  m.length.erase(it);
  return length;
}

KeptTables& kept_tables() {
  thread_local KeptTables kept;
  return kept;
}

} // namespace

void* allocate_large_table(std::size_t bytes) {
  const std::size_t length = mapped_length(bytes);
  std::size_t taken = 0;
  void* table = kept_tables_gone ? nullptr : kept_tables().take(length, taken);
  if (table != nullptr) {
    std::memset(table, 0, bytes);
  } else {
    table = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (table == MAP_FAILED)
      throw std::bad_alloc();
    madvise(table, length, MADV_HUGEPAGE); // a hint: without it, 4 KiB pages
    taken = length;
  }
  try {
    register_mapping(table, taken);
  } catch (...) {
    munmap(table, taken);
    throw;
  }
  return table;
}

void free_large_table(void* table) noexcept {
  const std::size_t length = unregister_mapping(table);
  if (kept_tables_gone)
    munmap(table, length);
  else
    kept_tables().keep(table, length);
}

std::size_t large_tables_kept() noexcept {
  return kept_bytes.load(std::memory_order_relaxed);
}

} // namespace battgpu::py
