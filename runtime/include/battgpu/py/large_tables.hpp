// Memory for the tables of large sets (millions of elements: the patches of upscaled grids).
// Such a table is mapped directly with a huge-page hint, and when freed it is kept by its
// thread for the next table of its size, which is zeroed in place: mapping a table, faulting
// it in and having the kernel zero it took a third of the time of the tasks that build such
// sets (system time 2.2-4.5 s of a 13-15 s task), zeroing memory already mapped a fraction of
// that (system time 1.0 s). What the threads keep is bounded over the whole process
// (kLargeTablesKeptLimit).
#pragma once

#include <cstddef>

namespace battgpu::py {

/// Tables of this many bytes or more are large.
inline constexpr std::size_t kLargeTableBytes = std::size_t{8} << 20;

/// `bytes` (at least kLargeTableBytes) of zeroed memory. Throws std::bad_alloc.
void* allocate_large_table(std::size_t bytes);

/// Gives back what allocate_large_table(bytes) returned, from any thread.
void free_large_table(void* table, std::size_t bytes) noexcept;

/// Bytes the threads keep for reuse now, over all threads.
std::size_t large_tables_kept() noexcept;

/// The most the threads keep, over all threads.
inline constexpr std::size_t kLargeTablesKeptLimit = std::size_t{1} << 30;

} // namespace battgpu::py
