#include "battgpu/py/large_tables.hpp"

#include <atomic>
#include <cstring>
#include <new>
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

  /// A kept mapping of `length` bytes, or nullptr. (Taking one twice the size for a table of
  /// half of it kept more memory resident and had the kernel zero more, measured.)
  void* take(std::size_t length) {
    for (std::size_t k = 0; k < kept_.size(); ++k)
      if (kept_[k].length == length) {
        void* table = kept_[k].table;
        kept_[k] = kept_.back();
        kept_.pop_back();
        kept_bytes.fetch_sub(length, std::memory_order_relaxed);
        return table;
      }
    return nullptr;
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

KeptTables& kept_tables() {
  thread_local KeptTables kept;
  return kept;
}

} // namespace

void* allocate_large_table(std::size_t bytes) {
  const std::size_t length = mapped_length(bytes);
  if (void* table = kept_tables_gone ? nullptr : kept_tables().take(length)) {
    std::memset(table, 0, bytes);
    return table;
  }
  void* table = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (table == MAP_FAILED)
    throw std::bad_alloc();
  madvise(table, length, MADV_HUGEPAGE); // a hint: without it, 4 KiB pages
  return table;
}

void free_large_table(void* table, std::size_t bytes) noexcept {
  if (kept_tables_gone)
    munmap(table, mapped_length(bytes));
  else
    kept_tables().keep(table, mapped_length(bytes));
}

std::size_t large_tables_kept() noexcept {
  return kept_bytes.load(std::memory_order_relaxed);
}

} // namespace battgpu::py
