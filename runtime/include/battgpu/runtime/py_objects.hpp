// Batched object extraction for Python programs (issue 13): `objects` / `o_g` (and their tuple
// forms) of tokpidjin and arc-dsl for many grids at once, on the GPU where it pays and on the
// CPU where not, every result the exact Python value the dialect gives (each frozenset laid out
// slot for slot as CPython's).
//
// Both paths run the one simulation of the Python loop's set operations
// (battgpu/dialects/objects_sim.hpp): the CPU path on the cores, the CUDA path one request per
// device thread. Each gives a request's result as a layout (integers: the objects in the slots
// of the result's table, each object's cells in the slots of its own), from which the host
// makes the Python values (dialects::materialise_objects).
#pragma once

#include "battgpu/dialects/objects_request.hpp"
#include "battgpu/py/value.hpp"
#include "battgpu/runtime/objects_batch.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace battgpu::runtime {

/// One object extraction: `dialect`'s function of `shape` in `mode` on an h x w grid of
/// colours between -128 and 127 (1 <= h·w <= dialects::kBatchMaxCells; dialects::
/// read_small_grid reads such grids off Python values).
struct PyObjectsRequest {
  const std::int8_t* cells = nullptr; ///< h·w colours, row-major, alive during the call
  std::uint32_t h = 0, w = 0;
  std::uint8_t mode = 0; ///< 4·univalued + 2·diagonal + without_bg
  py::Dialect dialect = py::Dialect::Tokpidjin;
  dialects::ObjectsShape shape = dialects::ObjectsShape::FrozenSet;
};

/// The results of a batch as layouts, before any Python value is made.
class PyObjectsLayouts {
public:
  std::size_t size() const { return base_.size(); }
  /// Request i's layout (16-bit: the grids have at most kBatchMaxCells cells).
  dialects::sim::Layout<std::uint16_t> layout(std::size_t i) const {
    return dialects::sim::layout_at<std::uint16_t>(base_[i], cells_[i]);
  }
  /// True when a device computed request i.
  bool computed_on_gpu(std::size_t i) const { return on_gpu_[i] != 0; }
  std::size_t gpu_items() const;

private:
  friend struct PyObjectsLayoutsAccess;
  std::vector<std::byte*> base_;
  std::vector<std::uint32_t> cells_;
  std::vector<std::uint8_t> on_gpu_;
  std::vector<std::shared_ptr<std::byte>> storage_;
};

/// The layouts of every request, on the GPU or the CPU path (the cost model, the configuration
/// or `options` decide; BATTGPU_DISABLE_CUDA=1 leaves the CPU path).
PyObjectsLayouts batch_py_objects_layouts(std::span<const PyObjectsRequest> requests,
                                          const BatchOptions& options = {});

/// The Python value of request `i` of a batch from its layout.
py::Value materialise_py_objects(const PyObjectsRequest& request, const PyObjectsLayouts& layouts,
                                 std::size_t i);

/// The Python value of every request: its layout computed on the GPU or the CPU path, then
/// made on the cores (on the GPU path while the device computes the next chunk). `on_gpu`,
/// when given, receives for each request whether a device computed it.
std::vector<py::Value> batch_py_objects(std::span<const PyObjectsRequest> requests,
                                        const BatchOptions& options = {},
                                        std::vector<std::uint8_t>* on_gpu = nullptr);

/// Whether `battgpu run`'s interpreter gathers the object extractions of a statement over
/// every call in flight into one batch_py_objects call. BATTGPU_BATCH_OBJECTS=0 turns it off,
/// =1 on; by default it is Auto, which the runner takes as off: batching was measured slower
/// than each call's own extraction on every host tried, with a worker on every core, with
/// cores left idle and with a GPU (interp::batch_objects_by_default). Tests switch it to
/// compare both.
enum class ObjectBatching { Off, On, Auto };
ObjectBatching py_objects_batching_mode();
/// Not Off.
bool py_objects_batching();
void set_py_objects_batching(bool on);
void set_py_objects_batching(ObjectBatching mode);

} // namespace battgpu::runtime
