// The memory of large set tables (large_tables.hpp): a freed table is kept by its thread and
// given again, zeroed, for the next table of its size; what the threads keep stays within the
// process-wide limit; a table may be freed by another thread than the one that made it, and by
// thread-local objects destroyed after the thread's kept tables.
#include "battgpu/py/large_tables.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <thread>
#include <vector>

namespace py = battgpu::py;

namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

bool all_zero(const void* p, std::size_t bytes) {
  const auto* b = static_cast<const unsigned char*>(p);
  return std::all_of(b, b + bytes, [](unsigned char c) { return c == 0; });
}

TEST(LargeTables, AFreedTableIsGivenAgainZeroed) {
  std::thread([] {
    const std::size_t bytes = 8 * kMiB;
    void* a = py::allocate_large_table(bytes);
    ASSERT_TRUE(all_zero(a, bytes));
    std::memset(a, 0xAB, bytes);
    const std::size_t kept_before = py::large_tables_kept();
    py::free_large_table(a, bytes);
    EXPECT_EQ(py::large_tables_kept(), kept_before + bytes);
    void* b = py::allocate_large_table(bytes);
    EXPECT_EQ(b, a); // the kept mapping
    EXPECT_EQ(py::large_tables_kept(), kept_before);
    EXPECT_TRUE(all_zero(b, bytes));
    py::free_large_table(b, bytes);
  }).join();
}

TEST(LargeTables, OnlyATableOfTheSameSizeTakesAKeptOne) {
  std::thread([] {
    void* big = py::allocate_large_table(16 * kMiB);
    std::memset(big, 0xCD, 16 * kMiB);
    py::free_large_table(big, 16 * kMiB);
    void* half = py::allocate_large_table(8 * kMiB);
    EXPECT_NE(half, big);
    EXPECT_TRUE(all_zero(half, 8 * kMiB));
    void* again = py::allocate_large_table(16 * kMiB);
    EXPECT_EQ(again, big);
    EXPECT_TRUE(all_zero(again, 16 * kMiB));
    py::free_large_table(half, 8 * kMiB);
    py::free_large_table(again, 16 * kMiB);
  }).join();
}

TEST(LargeTables, WhatThreadsKeepStaysWithinTheLimit) {
  const std::size_t bytes = 8 * kMiB;
  const std::size_t count = py::kLargeTablesKeptLimit / bytes + 24;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      std::vector<void*> tables;
      for (std::size_t k = 0; k < count / 4; ++k)
        tables.push_back(py::allocate_large_table(bytes));
      for (void* p : tables)
        py::free_large_table(p, bytes);
      EXPECT_LE(py::large_tables_kept(), py::kLargeTablesKeptLimit);
    });
  for (std::thread& t : threads)
    t.join();
  // The threads have ended: what they kept is unmapped.
  EXPECT_LE(py::large_tables_kept(), py::kLargeTablesKeptLimit);
}

TEST(LargeTables, FreedOnAnotherThread) {
  void* table = nullptr;
  std::thread([&] {
    table = py::allocate_large_table(8 * kMiB);
    std::memset(table, 0x11, 8 * kMiB);
  }).join();
  std::thread([&] {
    py::free_large_table(table, 8 * kMiB); // kept by this thread
    void* again = py::allocate_large_table(8 * kMiB);
    EXPECT_EQ(again, table);
    EXPECT_TRUE(all_zero(again, 8 * kMiB));
    py::free_large_table(again, 8 * kMiB);
  }).join();
}

/// A thread-local object that frees a large table when the thread ends.
struct HeldTable {
  void* table = nullptr;
  ~HeldTable() {
    if (table != nullptr)
      py::free_large_table(table, 8 * kMiB);
  }
};

TEST(LargeTables, TablesFreedAfterTheThreadsKeptTablesAreGone) {
  // The holder is made before the thread's kept tables, so it is destroyed after them.
  const std::size_t kept_before = py::large_tables_kept();
  std::thread([] {
    thread_local HeldTable held;
    held.table = py::allocate_large_table(8 * kMiB);
    py::free_large_table(py::allocate_large_table(16 * kMiB), 16 * kMiB); // something kept
  }).join();
  EXPECT_EQ(py::large_tables_kept(), kept_before);
}

} // namespace
