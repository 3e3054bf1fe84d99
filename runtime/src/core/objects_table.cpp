#include "core/objects_table.hpp"

#include "cpu/thread_pool.hpp"

#include <memory>
#include <new>
#include <stdexcept>

namespace battgpu::runtime {

ObjectsBatch::ObjectsBatch(std::shared_ptr<const detail::ObjectsTable> table, std::size_t grids,
                           ModeMask modes)
    : table_(std::move(table)), grids_(grids), modes_(modes) {}

const dsl::Objects& ObjectsBatch::operator()(std::size_t grid, int mode) const {
  if (grid >= grids_ || mode < 0 || mode > 7 || !(modes_ & mode_bit(mode)))
    throw std::out_of_range("ObjectsBatch: no such grid or mode");
  return table_->data[grid * static_cast<std::size_t>(mode_count(modes_)) +
                      static_cast<std::size_t>(mode_rank(modes_, mode))];
}

std::span<const dsl::Objects> ObjectsBatch::row(std::size_t grid) const {
  if (grid >= grids_)
    throw std::out_of_range("ObjectsBatch: no such grid");
  std::size_t mc = static_cast<std::size_t>(mode_count(modes_));
  return {table_->data + grid * mc, mc};
}

std::size_t ObjectsBatch::gpu_grids() const {
  return table_ ? table_->gpu_grids.load() : 0;
}

bool ObjectsBatch::computed_on_gpu(std::size_t grid) const {
  return table_ && grid < table_->on_gpu.size() && table_->on_gpu[grid] != 0;
}

namespace detail {
namespace {

constexpr std::size_t kParallelTable = std::size_t{1} << 16;
constexpr std::size_t kTableBlock = std::size_t{1} << 14;

} // namespace

ObjectsTable::ObjectsTable(std::size_t n) : count(n) {
  data = static_cast<dsl::Objects*>(
      ::operator new(n * sizeof(dsl::Objects), std::align_val_t{alignof(dsl::Objects)}));
  if (n < kParallelTable) {
    std::uninitialized_default_construct_n(data, n);
    return;
  }
  std::size_t blocks = (n + kTableBlock - 1) / kTableBlock;
  cpu_pool().parallel_for(blocks, [&](std::size_t b) {
    std::size_t first = b * kTableBlock;
    std::uninitialized_default_construct_n(data + first, std::min(kTableBlock, n - first));
  });
}

ObjectsTable::~ObjectsTable() {
  if (count < kParallelTable) {
    std::destroy_n(data, count);
  } else {
    std::size_t blocks = (count + kTableBlock - 1) / kTableBlock;
    cpu_pool().parallel_for(blocks, [&](std::size_t b) {
      std::size_t first = b * kTableBlock;
      std::destroy_n(data + first, std::min(kTableBlock, count - first));
    });
  }
  ::operator delete(data, std::align_val_t{alignof(dsl::Objects)});
}

} // namespace detail
} // namespace battgpu::runtime
