// Grid-wise statements over many calls at once (issue 13): the packed grids of a block of
// calls, kept where they are computed (host memory on the CPU path, device memory on the GPU
// path), so that a chain of grid statements moves no grid between the host and the device
// except the inputs it starts from and the results the host reads.
//
// A store is a log: every grid is an input the host added or the result of an op on earlier
// grids. On the device a result lives only there until read(); when the device fails, the
// store moves to the host and recomputes from the log what only the device held, so that no
// result is lost and every result is the CPU path's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace battgpu::runtime {

/// The grid ops a store computes, cell by cell, on grids of int8 cells.
enum class GridOpKind : std::uint8_t {
  Cellwise, ///< cellwise(a, b, x): a's cell where it equals b's (same shape), else x
  Replace,  ///< replace(a, x, y): a with every cell equal to x made y
  Fill,     ///< fill(a, x, cells): a with the cells given (row-major numbers) made x
  Paint,    ///< paint(a, cells, colours): a with each cell given made its colour, later over
            ///< earlier
};

/// Where a store keeps and computes its grids.
enum class GridPlace : std::uint8_t { Host, Device };

class GridStore {
public:
  using Id = std::uint32_t;
  struct Op {
    GridOpKind kind = GridOpKind::Cellwise;
    Id a = 0;
    Id b = 0; ///< Cellwise only: of a's shape
    std::int8_t x = 0;
    std::int8_t y = 0;
    /// Fill and Paint: the cells to write, each below a's cell count (read during run()).
    const std::uint32_t* cells = nullptr;
    std::uint32_t ncells = 0;
    /// Paint: each cell's colour.
    const std::int8_t* colours = nullptr;
  };

  /// A store on the host, or on device `device` (a CUDA ordinal). A device the store cannot
  /// use (no CUDA path in this build, an error opening it) leaves it on the host from the
  /// start, with fallback_reason() saying why.
  explicit GridStore(GridPlace place, int device = 0);
  ~GridStore();
  GridStore(const GridStore&) = delete;
  GridStore& operator=(const GridStore&) = delete;

  /// Forgets every grid; the memory is kept for the next block.
  void clear();
  /// An input grid of h x w cells, row-major (copied; on the device it is uploaded by the
  /// next run() that reads it).
  Id add(const std::int8_t* cells, std::uint32_t h, std::uint32_t w);
  std::uint32_t height(Id id) const;
  std::uint32_t width(Id id) const;
  std::size_t size() const;

  /// Each op's result as a new grid, in the order of `ops`: on the device, one upload of the
  /// inputs not there yet and one kernel launch for all of them.
  std::vector<Id> run(std::span<const Op> ops);

  /// The cells of `ids` one after the other in `cells`, ids[k]'s from offsets[k]: on the
  /// device, one copy to the host for all of those the host does not hold yet.
  void read(std::span<const Id> ids, std::vector<std::int8_t>& cells,
            std::vector<std::size_t>& offsets);

  /// Where the grids are: Device until a device error moves the store to the host.
  GridPlace place() const;
  /// Why the store is not on the device it was asked for (empty while it is, or on the host
  /// by choice).
  const std::string& fallback_reason() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Computes an op on host cells (Fill and Paint: the `npositions` cells of `positions` to
/// write, Paint's colours in `colours`, in order): the CPU path, and the reference of the
/// device's kernel.
void compute_grid_op(GridOpKind kind, const std::int8_t* a, const std::int8_t* b, std::int8_t x,
                     std::int8_t y, std::size_t cells, const std::uint32_t* positions,
                     const std::int8_t* colours, std::size_t npositions, std::int8_t* out);

} // namespace battgpu::runtime
