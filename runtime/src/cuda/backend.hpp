// The CUDA path as the rest of the runtime sees it: plain C++, no CUDA types. Implemented in
// runtime/src/cuda/*.cu when the build has CUDA, by cuda/backend_stub.cpp otherwise.
#pragma once

#include "battgpu/runtime/device.hpp"
#include "core/faults.hpp"
#include "core/layout.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace battgpu::runtime::cuda {

/// True when this build has the CUDA path.
bool compiled();

struct Probe {
  std::vector<DeviceInfo> devices;
  std::string reason; ///< why none is usable, when devices is empty
};
/// The usable devices among `wanted` (all visible ones when empty). Never throws; a machine
/// without a driver or a device gives an empty list and a reason.
Probe probe(const std::vector<int>& wanted);

/// Returns the memory the device's pool keeps for reuse to the device.
void trim_device_memory(int device) noexcept;

/// Page-locked host memory, or nullptr.
void* pinned_alloc(std::size_t bytes) noexcept;
void pinned_free(void* p) noexcept;

/// One chunk of a shard: items [first, last) of the shard's item list.
struct ChunkRange {
  std::size_t first = 0;
  std::size_t last = 0;
  std::size_t size() const { return last - first; }
};

/// What the host packed for a chunk: the staging buffer holds the grid descriptors, then the
/// work lists of the size classes, then the colours.
struct PreparedChunk {
  std::size_t staging_bytes = 0;
  std::uint32_t grids = 0;
  std::size_t items_offset = 0;   ///< byte offset of the work lists (uint32 grid indices)
  std::size_t colours_offset = 0; ///< byte offset of the colours
  std::uint32_t class_begin[detail::kSizeClasses + 1] = {}; ///< work list range per class
  std::uint64_t out_cells = 0;                              ///< result cells (cell_bytes() each)
  std::uint64_t out_words = 0;                              ///< result mask words
  bool cell_values = false;         ///< results as dsl::Cell values (else uint16 indices)
  std::shared_ptr<void> host_state; ///< the host side's, handed back to complete()
  std::size_t cell_bytes() const {
    return cell_values ? detail::kCellValueBytes : detail::kResultCellBytes;
  }
  std::size_t result_bytes() const { return out_cells * cell_bytes() + out_words * 4; }
};

/// The host side of a shard: packs chunks and turns results into DSL values.
class ShardClient {
public:
  virtual ~ShardClient() = default;
  virtual std::size_t item_count() const = 0;
  /// Upper bounds, for chunk sizing, of item i's staging bytes and result bytes.
  virtual void item_bytes(std::size_t item, std::size_t& staging, std::size_t& result) const = 0;
  /// Staging bytes `prepare` needs for the range.
  virtual std::size_t staging_bytes(ChunkRange range) const = 0;
  /// Packs the range into `staging`.
  virtual PreparedChunk prepare(ChunkRange range, std::byte* staging) = 0;
  /// The device finished the range: `results` holds its cells (dsl::Cell values or uint16
  /// indices, as chunk.cell_values says), then its mask words.
  virtual void complete(ChunkRange range, PreparedChunk& chunk,
                        std::shared_ptr<std::byte> results) = 0;
  /// The range must be done on the CPU path instead.
  virtual void fallback(ChunkRange range, const std::string& reason) = 0;
};

struct ShardSettings {
  int device = 0;
  int slots = 2;                ///< streams (pipeline depth)
  double memory_fraction = 0.8; ///< of the device's free memory, shared by its shards
  int shards_on_device = 1;
  std::size_t max_chunk_items = 32768;
  std::uint32_t families = 0;
  const detail::FaultPlan* faults = nullptr;
};

/// Runs every item of the shard through the device, chunk by chunk, calling back the client
/// for each (complete or fallback). Returns when all are done.
void run_shard(const ShardSettings& settings, ShardClient& client);

/// Colour counts and first occurrences (kernels::GridColoursOut, 40 bytes each) of `grids`
/// grids whose descriptors start `staging` and whose colours start at `colours_offset`.
/// False, with `error`, when the device fails.
bool grid_colours(int device, const std::byte* staging, std::size_t staging_bytes,
                  std::size_t colours_offset, std::uint32_t grids, std::byte* out,
                  std::string& error);

/// Batched mapply (kernels in cuda/mapply_kernel.cuh): `staging` holds the containers, then
/// the objects at `objects_offset`, then the cells at `cells_offset`; writes one 32x32 bit map
/// (128 bytes) per container to `out`.
bool mapply_bitmaps(int device, int op, const std::byte* staging, std::size_t staging_bytes,
                    std::size_t objects_offset, std::size_t cells_offset, std::uint32_t containers,
                    std::byte* out, std::string& error);

/// Uploads one prepared chunk and times its kernels `repetitions` times (seconds each);
/// empty with `error` set on failure.
std::vector<double> time_kernels(int device, const PreparedChunk& chunk, const std::byte* staging,
                                 std::uint32_t families, int repetitions, std::string& error);

/// Best pinned host-to-device and device-to-host bandwidth (bytes/s) for copies of `bytes`.
bool copy_bandwidth(int device, std::size_t bytes, int repetitions, double& h2d, double& d2h,
                    std::string& error);

} // namespace battgpu::runtime::cuda
