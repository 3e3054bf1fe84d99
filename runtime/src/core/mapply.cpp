// batch_mapply_many: mapply of per-object index-set primitives over many object containers,
// spread over the cores. Each result is the DSL's own mapply: CPython's order of a result
// depends on each object's own order and on the hashes of the index sets (merge adds the
// elements of every `op(obj)` in that set's order, the sets taken in the order of the set
// apply builds), so building a result is the whole of the work, and it is set building on
// the host. A device could only say which indices a result holds, which is the cheap part;
// there is no GPU path.
#include "battgpu/runtime/mapply_batch.hpp"

#include "battgpu/dsl.hpp"
#include "core/stats_internal.hpp"
#include "cpu/thread_pool.hpp"

#include <algorithm>

namespace battgpu::runtime {

std::size_t MapplyBatch::gpu_items() const {
  return static_cast<std::size_t>(std::count(on_gpu_.begin(), on_gpu_.end(), std::uint8_t{1}));
}

namespace {

constexpr std::size_t kGrain = 1024;

dsl::Indices cpu_mapply(PerObjectOp op, const dsl::Objects& c) {
  switch (op) {
  case PerObjectOp::ToIndices:
    return dsl::mapply(dsl::toindices, c);
  case PerObjectOp::Corners:
    return dsl::mapply(dsl::corners, c);
  case PerObjectOp::Backdrop:
    return dsl::mapply(dsl::backdrop, c);
  case PerObjectOp::Delta:
    return dsl::mapply(dsl::delta, c);
  case PerObjectOp::Box:
    return dsl::mapply(dsl::box, c);
  case PerObjectOp::Inbox:
    return dsl::mapply(dsl::inbox, c);
  case PerObjectOp::Outbox:
    return dsl::mapply(dsl::outbox, c);
  }
  return {};
}

} // namespace

MapplyBatch batch_mapply_many(PerObjectOp op, std::span<const dsl::Objects> containers,
                              const BatchOptions&) {
  detail::Stopwatch clock;
  std::vector<dsl::Indices> out(containers.size());
  if (!containers.empty()) {
    const std::size_t grain = detail::cpu_pool().grain(containers.size(), kGrain);
    detail::cpu_pool().parallel_for((containers.size() + grain - 1) / grain, [&](std::size_t t) {
      for (std::size_t k = t * grain; k < std::min(containers.size(), (t + 1) * grain); ++k)
        out[k] = cpu_mapply(op, containers[k]);
    });
  }
  detail::record_stage(detail::Stage::Cpu, clock.seconds());
  detail::record_call(containers.size(), 0, false);
  detail::record_items(0, containers.size());
  detail::record_stage(detail::Stage::Total, clock.seconds());
  return MapplyBatch(std::move(out), std::vector<std::uint8_t>(containers.size(), 0));
}

} // namespace battgpu::runtime
