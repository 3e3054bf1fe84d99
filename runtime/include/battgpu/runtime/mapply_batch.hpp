// Batched mapply over object containers: `mapply(f, objects)` for many containers at once,
// f one of the per-object primitives that give index sets (the mapply-batch pattern's).
#pragma once

#include "battgpu/dsl/values.hpp"
#include "battgpu/runtime/config.hpp"
#include "battgpu/runtime/objects_batch.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

namespace battgpu::dsl {
struct toindices_fn;
struct corners_fn;
struct backdrop_fn;
struct delta_fn;
struct box_fn;
struct inbox_fn;
struct outbox_fn;
} // namespace battgpu::dsl

namespace battgpu::runtime {

enum class PerObjectOp : std::uint8_t { ToIndices, Corners, Backdrop, Delta, Box, Inbox, Outbox };

namespace detail {
/// The per-object primitive a DSL function object is, if it is one the runtime batches.
template <class F> struct per_object_op : std::false_type {};
template <PerObjectOp Op> struct per_object_op_is : std::true_type {
  static constexpr PerObjectOp op = Op;
};
template <> struct per_object_op<dsl::toindices_fn> : per_object_op_is<PerObjectOp::ToIndices> {};
template <> struct per_object_op<dsl::corners_fn> : per_object_op_is<PerObjectOp::Corners> {};
template <> struct per_object_op<dsl::backdrop_fn> : per_object_op_is<PerObjectOp::Backdrop> {};
template <> struct per_object_op<dsl::delta_fn> : per_object_op_is<PerObjectOp::Delta> {};
template <> struct per_object_op<dsl::box_fn> : per_object_op_is<PerObjectOp::Box> {};
template <> struct per_object_op<dsl::inbox_fn> : per_object_op_is<PerObjectOp::Inbox> {};
template <> struct per_object_op<dsl::outbox_fn> : per_object_op_is<PerObjectOp::Outbox> {};
} // namespace detail

/// `mapply(op, containers[i])` for every i: the union of op's index sets over the objects,
/// computed over the cores (mapply.cpp says why there is no GPU path).
class MapplyBatch {
public:
  MapplyBatch() = default;
  MapplyBatch(std::vector<dsl::Indices> results, std::vector<std::uint8_t> on_gpu)
      : results_(std::move(results)), on_gpu_(std::move(on_gpu)) {}
  std::size_t size() const { return results_.size(); }
  const dsl::Indices& operator[](std::size_t i) const { return results_[i]; }
  bool computed_on_gpu(std::size_t i) const { return i < on_gpu_.size() && on_gpu_[i] != 0; }
  std::size_t gpu_items() const;

private:
  std::vector<dsl::Indices> results_;
  std::vector<std::uint8_t> on_gpu_;
};

MapplyBatch batch_mapply_many(PerObjectOp op, std::span<const dsl::Objects> containers,
                              const BatchOptions& options = {});

/// The same with the DSL function object (`dsl::backdrop`, ...).
template <class F>
  requires detail::per_object_op<F>::value
MapplyBatch batch_mapply_many(const F&, std::span<const dsl::Objects> containers,
                              const BatchOptions& options = {}) {
  return batch_mapply_many(detail::per_object_op<F>::op, containers, options);
}

} // namespace battgpu::runtime
