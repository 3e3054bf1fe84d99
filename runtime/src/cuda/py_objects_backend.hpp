// The CUDA path of batch_py_objects (py_objects.hpp) as the host side sees it: plain C++, no
// CUDA types. Implemented in cuda/py_objects.cu when the build has CUDA, by
// cuda/py_objects_stub.cpp otherwise.
#pragma once

#include "core/faults.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace battgpu::runtime::cuda {

/// One request as the kernel reads it.
struct PyObjectsDesc {
  std::uint32_t colours_offset; ///< byte offset of its colours among the chunk's colours
  std::uint32_t result_offset;  ///< byte offset of its layout in the chunk's results
  std::uint16_t h, w;
  std::uint8_t mode; ///< 4·univalued + 2·diagonal + without_bg
  std::uint8_t form; ///< dialects::sim::CellForm
  std::uint8_t sets; ///< 1: frozenset results; 0: tuples (tokpidjin's objects_t)
  std::uint8_t unused;
};
static_assert(sizeof(PyObjectsDesc) == 16);

/// Items [first, last) of a shard's item list.
struct PyObjectsRange {
  std::size_t first = 0;
  std::size_t last = 0;
  std::size_t size() const { return last - first; }
};

/// A packed chunk: the staging buffer holds `requests` descriptors, then the colours at
/// `colours_offset`; the results are one 16-bit layout per request (objects_sim.hpp).
struct PyObjectsChunk {
  std::shared_ptr<std::byte> staging;
  std::size_t staging_bytes = 0;
  std::size_t colours_offset = 0;
  std::uint32_t requests = 0;
  std::size_t result_bytes = 0;
  std::uint32_t max_cells = 0; ///< the largest grid's cells: it sizes every thread's workspace
};

/// The host side of a shard: its items (requests, the largest grids first), packing, results.
class PyObjectsClient {
public:
  virtual ~PyObjectsClient() = default;
  virtual std::size_t item_count() const = 0;
  /// Item's cells and its staging and result bytes, for chunk sizing.
  virtual void item_bytes(std::size_t item, std::size_t& cells, std::size_t& staging,
                          std::size_t& result) const = 0;
  /// Packs the range (into pinned memory of its own).
  virtual PyObjectsChunk prepare(PyObjectsRange range) = 0;
  /// The device finished the range: `results` holds its layouts.
  virtual void complete(PyObjectsRange range, const PyObjectsChunk& chunk,
                        std::shared_ptr<std::byte> results) = 0;
  /// The range must be done on the CPU path instead.
  virtual void fallback(PyObjectsRange range, const std::string& reason) = 0;
};

struct PyObjectsSettings {
  int device = 0;
  int slots = 2;                ///< streams (pipeline depth)
  double memory_fraction = 0.8; ///< of the device's free memory, shared by its shards
  int shards_on_device = 1;
  std::size_t max_chunk_items = 32768;
  int threads_per_multiprocessor = 256; ///< one request per thread, this many threads per SM
  const detail::FaultPlan* faults = nullptr;
};

/// Bytes of device workspace one thread needs for grids of up to `max_cells` cells.
std::size_t py_objects_workspace_bytes(std::uint32_t max_cells);

/// Runs every item of the shard through the device, chunk by chunk (each chunk's workspace,
/// staging and results within the device's memory budget), calling back the client for each
/// chunk: complete, or fallback after a device error, an injected fault, or an allocation
/// that failed for a single item. Returns when all are done.
void run_py_objects(const PyObjectsSettings& settings, PyObjectsClient& client);

} // namespace battgpu::runtime::cuda
