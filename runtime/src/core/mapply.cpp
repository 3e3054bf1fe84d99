// batch_mapply_many: mapply of per-object index-set primitives over many object containers.
// The CPU path calls the DSL's own mapply; the GPU path rasterises each container's union on
// a 32x32 canvas (ARC grids plus the outbox margin) and the host turns the bit maps into
// sorted index sets. Containers whose drawing does not fit the canvas run on the CPU path.
#include "battgpu/runtime/mapply_batch.hpp"

#include "battgpu/dsl.hpp"
#include "battgpu/runtime/synthetic.hpp"
#include "core/cost_model.hpp"
#include "core/devices.hpp"
#include "core/host_memory.hpp"
#include "core/stats_internal.hpp"
#include "cpu/thread_pool.hpp"
#include "cuda/backend.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstring>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <tuple>

namespace battgpu::runtime {

std::size_t MapplyBatch::gpu_items() const {
  return static_cast<std::size_t>(std::count(on_gpu_.begin(), on_gpu_.end(), std::uint8_t{1}));
}

namespace {

constexpr int kCanvas = 32;
constexpr std::size_t kGrain = 1024;

struct Rect {
  int top = INT_MAX, left = INT_MAX, bottom = INT_MIN, right = INT_MIN;
  void add(int r, int c) {
    top = std::min(top, r);
    left = std::min(left, c);
    bottom = std::max(bottom, r);
    right = std::max(right, c);
  }
  void add(const Rect& o) {
    add(o.top, o.left);
    add(o.bottom, o.right);
  }
};

/// The rectangle the primitive draws for an object of extent `e`, as the DSL computes it.
Rect drawn(PerObjectOp op, const Rect& e) {
  if (op == PerObjectOp::Inbox) {
    int ai = e.top + 1, aj = e.left + 1, bi = e.bottom - 1, bj = e.right - 1;
    return Rect{std::min(ai, bi), std::min(aj, bj), std::max(ai, bi), std::max(aj, bj)};
  }
  if (op == PerObjectOp::Outbox)
    return Rect{e.top - 1, e.left - 1, e.bottom + 1, e.right + 1};
  return e;
}

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

void cpu_mapply_all(PerObjectOp op, std::span<const dsl::Objects> containers,
                    const std::vector<std::size_t>& items, std::vector<dsl::Indices>& out) {
  if (items.empty())
    return;
  detail::Stopwatch clock;
  const std::size_t grain = detail::cpu_pool().grain(items.size(), kGrain);
  detail::cpu_pool().parallel_for((items.size() + grain - 1) / grain, [&](std::size_t t) {
    for (std::size_t k = t * grain; k < std::min(items.size(), (t + 1) * grain); ++k)
      out[items[k]] = cpu_mapply(op, containers[items[k]]);
  });
  detail::record_stage(detail::Stage::Cpu, clock.seconds());
}

struct PackedContainer {
  std::size_t index;
  int origin_row, origin_col;
};

/// The GPU path for the containers that fit the canvas; the others are appended to `rest`.
/// False when the device failed (nothing stored).
bool gpu_mapply(PerObjectOp op, std::span<const dsl::Objects> containers, int device,
                std::vector<std::size_t>& rest, std::vector<dsl::Indices>& out,
                std::vector<std::uint8_t>& on_gpu) {
  using kernels_container = std::array<std::uint32_t, 3>; // MapplyContainer
  struct Obj {
    std::int8_t top, left, bottom, right;
    std::uint32_t first_cell, cells;
  };
  static_assert(sizeof(Obj) == 12);
  detail::Stopwatch pack_clock;
  const bool need_cells = op == PerObjectOp::ToIndices || op == PerObjectOp::Delta;
  std::vector<PackedContainer> packed;
  std::vector<kernels_container> boxes;
  std::vector<Obj> objects;
  std::vector<std::uint16_t> cells;
  for (std::size_t i = 0; i < containers.size(); ++i) {
    const dsl::Objects& c = containers[i];
    Rect canvas;
    std::vector<Rect> rects;
    rects.reserve(c.size());
    for (const dsl::Object& o : c) {
      Rect e;
      for (const dsl::Cell& cell : o)
        e.add(cell.index.first, cell.index.second);
      rects.push_back(e);
      if (!o.empty()) {
        canvas.add(drawn(op, e));
        canvas.add(e);
      }
    }
    if (canvas.top == INT_MAX || canvas.bottom - canvas.top >= kCanvas ||
        canvas.right - canvas.left >= kCanvas) {
      rest.push_back(i); // empty, or too large for the canvas
      continue;
    }
    packed.push_back(PackedContainer{i, canvas.top, canvas.left});
    std::uint32_t first_cell = static_cast<std::uint32_t>(cells.size());
    boxes.push_back({static_cast<std::uint32_t>(objects.size()), 0, first_cell});
    std::size_t k = 0;
    for (const dsl::Object& o : c) {
      const Rect e = rects[k++];
      if (o.empty())
        continue;
      const Rect d = drawn(op, e);
      Obj ob{static_cast<std::int8_t>(d.top - canvas.top),
             static_cast<std::int8_t>(d.left - canvas.left),
             static_cast<std::int8_t>(d.bottom - canvas.top),
             static_cast<std::int8_t>(d.right - canvas.left),
             static_cast<std::uint32_t>(cells.size()) - first_cell,
             0};
      if (need_cells) {
        for (const dsl::Cell& cell : o)
          cells.push_back(static_cast<std::uint16_t>(((cell.index.first - canvas.top) << 8) |
                                                     (cell.index.second - canvas.left)));
        ob.cells = static_cast<std::uint32_t>(o.size());
      }
      objects.push_back(ob);
      ++boxes.back()[1];
    }
  }
  if (packed.empty())
    return true;
  const std::size_t objects_offset =
      (boxes.size() * sizeof(kernels_container) + 15) & ~std::size_t{15};
  const std::size_t cells_offset =
      (objects_offset + objects.size() * sizeof(Obj) + 15) & ~std::size_t{15};
  const std::size_t bytes = cells_offset + cells.size() * sizeof(std::uint16_t);
  auto staging = detail::acquire_host_buffer(bytes, true);
  std::memcpy(staging.get(), boxes.data(), boxes.size() * sizeof(kernels_container));
  std::memcpy(staging.get() + objects_offset, objects.data(), objects.size() * sizeof(Obj));
  std::memcpy(staging.get() + cells_offset, cells.data(), cells.size() * sizeof(std::uint16_t));
  detail::record_stage(detail::Stage::Pack, pack_clock.seconds());

  auto bitmaps = detail::acquire_host_buffer(packed.size() * 128, true);
  std::string error;
  if (!cuda::mapply_bitmaps(device, static_cast<int>(op), staging.get(), bytes, objects_offset,
                            cells_offset, static_cast<std::uint32_t>(packed.size()), bitmaps.get(),
                            error)) {
    detail::record_fallback("device error: " + error, packed.size());
    for (const auto& p : packed)
      rest.push_back(p.index);
    return false;
  }

  // Bit maps into index sets: rows of the canvas are words, so set bits in word order are the
  // indices in ascending (row, col) order.
  detail::Stopwatch build_clock;
  const auto* words = reinterpret_cast<const std::uint32_t*>(bitmaps.get());
  const std::size_t grain = detail::cpu_pool().grain(packed.size(), kGrain);
  detail::cpu_pool().parallel_for((packed.size() + grain - 1) / grain, [&](std::size_t t) {
    const std::size_t first = t * grain, last = std::min(packed.size(), first + grain);
    std::size_t total = 0;
    for (std::size_t k = first; k < last; ++k)
      for (int w = 0; w < kCanvas; ++w)
        total += static_cast<std::size_t>(
            std::popcount(words[k * kCanvas + static_cast<std::size_t>(w)]));
    auto storage = std::shared_ptr<dsl::IntegerTuple[]>(
        new dsl::IntegerTuple[std::max<std::size_t>(total, 1)]);
    std::size_t used = 0;
    for (std::size_t k = first; k < last; ++k) {
      const std::size_t begin = used;
      for (int w = 0; w < kCanvas; ++w) {
        std::uint32_t bits = words[k * kCanvas + static_cast<std::size_t>(w)];
        while (bits != 0) {
          int b = std::countr_zero(bits);
          bits &= bits - 1;
          storage[used++] = dsl::IntegerTuple{packed[k].origin_row + w, packed[k].origin_col + b};
        }
      }
      if (used != begin)
        out[packed[k].index] = dsl::Indices(
            std::vector<dsl::IntegerTuple>(storage.get() + begin, storage.get() + used));
      on_gpu[packed[k].index] = 1;
    }
  });
  detail::record_stage(detail::Stage::Build, build_clock.seconds());
  return true;
}

const std::vector<dsl::Objects>& calibration_containers() {
  static const std::vector<dsl::Objects>* c = [] {
    auto grids = random_arc_like_grids(4096, 0x3A991Eull);
    auto batch = batch_objects_many(grids, mode_bit(5), BatchOptions{Path::Cpu});
    auto* v = new std::vector<dsl::Objects>;
    for (std::size_t i = 0; i < batch.size(); ++i)
      v->push_back(batch(i, 5));
    return v;
  }();
  return *c;
}

std::uint64_t work_of(std::span<const dsl::Objects> containers) {
  std::uint64_t n = 0;
  for (const auto& c : containers)
    for (const auto& o : c)
      n += o.size() + 1;
  return n;
}

double calibrate_mapply(bool gpu, std::size_t items) {
  const auto& all = calibration_containers();
  std::span<const dsl::Objects> c(all.data(), std::min(items, all.size()));
  double best = 1e30;
  for (int r = 0; r < 2; ++r) {
    detail::Stopwatch clock;
    std::vector<dsl::Indices> out(c.size());
    std::vector<std::size_t> rest;
    if (gpu) {
      auto devices = detail::probe_devices(config()).devices;
      std::vector<std::uint8_t> flags(c.size(), 0);
      if (devices.empty() ||
          !gpu_mapply(PerObjectOp::Backdrop, c, devices.front().ordinal, rest, out, flags))
        return -1;
      cpu_mapply_all(PerObjectOp::Backdrop, c, rest, out);
    } else {
      std::vector<std::size_t> items_all(c.size());
      for (std::size_t k = 0; k < c.size(); ++k)
        items_all[k] = k;
      cpu_mapply_all(PerObjectOp::Backdrop, c, items_all, out);
    }
    best = std::min(best, clock.seconds());
  }
  return best;
}

// Kept results of prefetch_mapply, by (op, container storage).
struct MapplyMemo {
  std::shared_mutex mutex;
  std::map<std::tuple<int, const void*, std::size_t>, std::pair<dsl::Objects, dsl::Indices>> kept;
  std::atomic<bool> any{false};
};

MapplyMemo& mapply_memo() {
  static MapplyMemo* m = new MapplyMemo;
  return *m;
}

} // namespace

MapplyBatch batch_mapply_many(PerObjectOp op, std::span<const dsl::Objects> containers,
                              const BatchOptions& options) {
  detail::Stopwatch clock;
  const RuntimeConfig cfg = config();
  static const std::uint64_t calibration_work = work_of(calibration_containers());
  Path path = detail::choose_path(
      detail::CostKind::Mapply, cfg, options.path, containers.size(), work_of(containers),
      calibrate_mapply, calibration_work,
      work_of(std::span<const dsl::Objects>(calibration_containers().data(), 16)));
  std::vector<dsl::Indices> out(containers.size());
  std::vector<std::uint8_t> on_gpu(containers.size(), 0);
  std::vector<std::size_t> rest;
  bool done = false;
  if (path == Path::Gpu) {
    auto devices = detail::probe_devices(cfg).devices;
    if (!devices.empty()) {
      done = gpu_mapply(op, containers, devices.front().ordinal, rest, out, on_gpu);
      if (!done)
        std::fill(on_gpu.begin(), on_gpu.end(), 0);
    }
  }
  if (!done) {
    rest.resize(containers.size());
    for (std::size_t k = 0; k < containers.size(); ++k)
      rest[k] = k;
  }
  cpu_mapply_all(op, containers, rest, out);
  std::size_t gpu_count = static_cast<std::size_t>(std::count(on_gpu.begin(), on_gpu.end(), 1));
  detail::record_call(containers.size(), 0, gpu_count != 0);
  detail::record_items(gpu_count, containers.size() - gpu_count);
  detail::record_stage(detail::Stage::Total, clock.seconds());
  return MapplyBatch(std::move(out), std::move(on_gpu));
}

std::size_t prefetch_mapply(PerObjectOp op, std::span<const dsl::Objects> containers,
                            const BatchOptions& options) {
  MapplyBatch batch = batch_mapply_many(op, containers, options);
  MapplyMemo& m = mapply_memo();
  std::unique_lock lock(m.mutex);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < containers.size(); ++i) {
    if (!batch.computed_on_gpu(i) || containers[i].empty())
      continue;
    m.kept[{static_cast<int>(op), containers[i].storage().data(), containers[i].size()}] = {
        containers[i], batch[i]};
    ++kept;
  }
  if (kept != 0)
    m.any = true;
  return kept;
}

namespace detail {

bool has_prefetched_mapply() noexcept {
  return mapply_memo().any.load(std::memory_order_relaxed);
}

std::optional<dsl::Indices> prefetched_mapply(PerObjectOp op, const dsl::Objects& container) {
  if (container.empty())
    return std::nullopt;
  MapplyMemo& m = mapply_memo();
  std::shared_lock lock(m.mutex);
  auto it = m.kept.find({static_cast<int>(op), container.storage().data(), container.size()});
  if (it == m.kept.end())
    return std::nullopt;
  return it->second.second;
}

void clear_prefetched_mapply() {
  MapplyMemo& m = mapply_memo();
  std::unique_lock lock(m.mutex);
  m.kept.clear();
  m.any = false;
}

} // namespace detail
} // namespace battgpu::runtime
