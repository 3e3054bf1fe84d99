// The CUDA path of GridStore (grid_store.hpp) as the host side sees it: plain C++, no CUDA
// types. Implemented in cuda/grid_store.cu when the build has CUDA, by cuda/grid_store_stub.cpp
// otherwise.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace battgpu::runtime::cuda {

/// One op as the kernel reads it: byte offsets into the device arena; for Fill and Paint, its
/// cells' numbers (and Paint's colours) from index `positions` of the positions buffers.
struct GridOpDesc {
  std::uint64_t a = 0, b = 0, out = 0;
  std::uint64_t positions = 0;
  std::uint32_t cells = 0;
  std::uint32_t npositions = 0;
  std::uint8_t kind = 0; ///< GridOpKind
  std::int8_t x = 0, y = 0;
  std::uint8_t unused[5] = {};
};
static_assert(sizeof(GridOpDesc) == 48);

/// One grid the host reads: `cells` bytes from arena offset `from` to staging offset `to`.
struct GridCopyDesc {
  std::uint64_t from = 0, to = 0;
  std::uint64_t cells = 0;
};
static_assert(sizeof(GridCopyDesc) == 24);

/// A device arena of grids and the stream its work is ordered on. Every method returns false
/// after a CUDA error (or an injected fault), with `why` saying what failed; the arena is then
/// unusable and the caller goes on without the device.
class DeviceGrids {
public:
  /// The arena on `device`, or nullptr with `why` (no CUDA path, no such device, an error).
  static std::unique_ptr<DeviceGrids> open(int device, std::string& why);
  virtual ~DeviceGrids() = default;

  /// Makes the arena at least `bytes` long, keeping its first `used` bytes.
  virtual bool reserve(std::size_t bytes, std::size_t used, std::string& why) = 0;
  /// Copies `bytes` host bytes to arena offset `offset`.
  virtual bool upload(std::size_t offset, const void* data, std::size_t bytes,
                      std::string& why) = 0;
  /// Makes the positions buffers (cells, colours) at least `count` long, keeping their first
  /// `used` entries.
  virtual bool reserve_positions(std::size_t count, std::size_t used, std::string& why) = 0;
  /// Copies `count` cell numbers and their colours to index `offset` of the positions buffers.
  virtual bool upload_positions(std::size_t offset, const std::uint32_t* cells,
                                const std::int8_t* colours, std::size_t count,
                                std::string& why) = 0;
  /// Runs `n` ops (one thread block each), in stream order after the uploads.
  virtual bool launch(const GridOpDesc* ops, std::size_t n, std::string& why) = 0;
  /// Gathers `n` grids into `out` (`bytes` long) on the host, and waits for it.
  virtual bool gather(const GridCopyDesc* copies, std::size_t n, void* out, std::size_t bytes,
                      std::string& why) = 0;
};

} // namespace battgpu::runtime::cuda
