// batch_py_objects: object extraction of Python programs for many grids at once. The dispatch
// (cost model, configuration), the CPU path (the shared simulation on the cores), the GPU
// path's host side (shards over the devices, packing, the layouts the device returns, the CPU
// fallback of whatever a device did not compute) and the Python values made from layouts.
#include "battgpu/runtime/py_objects.hpp"

#include "battgpu/runtime/synthetic.hpp"
#include "core/cost_model.hpp"
#include "core/devices.hpp"
#include "core/faults.hpp"
#include "core/host_memory.hpp"
#include "core/stats_internal.hpp"
#include "cpu/thread_pool.hpp"
#include "cuda/py_objects_backend.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <mutex>
#include <numeric>
#include <string>
#include <thread>

namespace battgpu::runtime {

namespace sim = dialects::sim;

std::size_t PyObjectsLayouts::gpu_items() const {
  return static_cast<std::size_t>(std::count(on_gpu_.begin(), on_gpu_.end(), std::uint8_t{1}));
}

/// Fills a PyObjectsLayouts (its fields are private to keep the class's interface small).
struct PyObjectsLayoutsAccess {
  static void init(PyObjectsLayouts& l, std::span<const PyObjectsRequest> requests) {
    l.base_.assign(requests.size(), nullptr);
    l.cells_.resize(requests.size());
    for (std::size_t i = 0; i < requests.size(); ++i)
      l.cells_[i] = requests[i].h * requests[i].w;
    l.on_gpu_.assign(requests.size(), 0);
    l.storage_.clear();
  }
  static void place(PyObjectsLayouts& l, std::size_t i, std::byte* base, bool gpu) {
    l.base_[i] = base;
    l.on_gpu_[i] = gpu ? 1 : 0;
  }
  static void keep(PyObjectsLayouts& l, std::shared_ptr<std::byte> storage) {
    l.storage_.push_back(std::move(storage));
  }
  static const std::vector<std::uint8_t>& on_gpu(const PyObjectsLayouts& l) { return l.on_gpu_; }
};

namespace {

using Access = PyObjectsLayoutsAccess;

/// Called with requests whose layouts are ready, on the thread that computed them (a pool
/// worker or a shard's thread); the calls may be concurrent, for distinct requests.
using Ready = std::function<void(std::span<const std::size_t>)>;

constexpr std::size_t kGrain = 64;      // requests per CPU task
constexpr std::size_t kInlineItems = 8; // calls this small stay on the calling thread
// Below this many requests the cost model is not asked: a device thread runs a whole request,
// and a warp's threads run theirs one after the other where their paths differ, so a call
// takes about 60 ms on an H100 however few its requests are (measured: 1 000 and 10 000 ARC
// requests alike), while the cores finish 4 096 of them in a few milliseconds.
constexpr std::size_t kMinAutoGpuRequests = 4096;
// Cells a device's share of a call must reach before another device is used.
constexpr std::uint64_t kMinCellsPerDevice = std::uint64_t{1} << 20;

std::int64_t cells_of(const PyObjectsRequest& r) {
  return std::int64_t{r.h} * r.w;
}

std::size_t layout_size(const PyObjectsRequest& r) {
  return sim::layout_bytes(cells_of(r), sizeof(std::uint16_t));
}

/// Everything a call shares between its paths and threads.
struct Call {
  std::span<const PyObjectsRequest> requests;
  PyObjectsLayouts& out;
  const Ready* ready;
  std::mutex keep_mutex;

  void keep(std::shared_ptr<std::byte> storage) {
    std::lock_guard lock(keep_mutex);
    Access::keep(out, std::move(storage));
  }
};

void simulate_one(const PyObjectsRequest& r, std::byte* base) {
  const sim::Params p = dialects::small_grid_params(r.dialect, r.shape, r.mode, r.cells, r.h, r.w);
  dialects::simulate_on_host(r.cells, p, sim::layout_at<std::uint16_t>(base, cells_of(r)));
}

/// The CPU path for `items`: their layouts in one host buffer, simulated in tasks on the
/// cores (a handful stay on the calling thread), each task's handed to `ready`.
void cpu_path(Call& call, std::span<const std::size_t> items) {
  if (items.empty())
    return;
  std::vector<std::size_t> offset(items.size() + 1, 0);
  for (std::size_t k = 0; k < items.size(); ++k)
    offset[k + 1] = offset[k] + layout_size(call.requests[items[k]]);
  std::shared_ptr<std::byte> buffer = detail::acquire_host_buffer(offset.back(), false);
  for (std::size_t k = 0; k < items.size(); ++k)
    Access::place(call.out, items[k], buffer.get() + offset[k], false);
  call.keep(buffer);
  auto task = [&](std::size_t first, std::size_t last) {
    detail::Stopwatch clock;
    for (std::size_t k = first; k < last; ++k)
      simulate_one(call.requests[items[k]], buffer.get() + offset[k]);
    detail::record_stage(detail::Stage::Cpu, clock.seconds());
    if (call.ready != nullptr)
      (*call.ready)(items.subspan(first, last - first));
  };
  if (items.size() <= kInlineItems) {
    task(0, items.size());
    return;
  }
  detail::ThreadPool& pool = detail::cpu_pool();
  const std::size_t grain = pool.grain(items.size(), kGrain, 1);
  pool.parallel_for((items.size() + grain - 1) / grain, [&](std::size_t t) {
    task(t * grain, std::min(items.size(), (t + 1) * grain));
  });
}

/// One shard of the GPU path: its requests (the largest grids first), packed chunk by chunk;
/// the layouts the device returns are the results, except where a table outgrew the device's
/// workspace, and whatever the device did not compute runs on the CPU path.
class Shard final : public cuda::PyObjectsClient {
public:
  Shard(Call& call, std::vector<std::size_t> items)
      : call_(call), items_(std::move(items)), done_(items_.size(), 0) {}

  std::size_t item_count() const override { return items_.size(); }

  void item_bytes(std::size_t item, std::size_t& cells, std::size_t& staging,
                  std::size_t& result) const override {
    const PyObjectsRequest& r = call_.requests[items_[item]];
    cells = static_cast<std::size_t>(cells_of(r));
    staging = sizeof(cuda::PyObjectsDesc) + cells;
    result = layout_size(r);
  }

  cuda::PyObjectsChunk prepare(cuda::PyObjectsRange range) override {
    cuda::PyObjectsChunk chunk;
    chunk.requests = static_cast<std::uint32_t>(range.size());
    chunk.colours_offset = (range.size() * sizeof(cuda::PyObjectsDesc) + 15) & ~std::size_t{15};
    std::size_t colours = 0, results = 0;
    for (std::size_t k = range.first; k < range.last; ++k) {
      const PyObjectsRequest& r = call_.requests[items_[k]];
      colours += static_cast<std::size_t>(cells_of(r));
      results += layout_size(r);
      chunk.max_cells = std::max(chunk.max_cells, static_cast<std::uint32_t>(cells_of(r)));
    }
    chunk.staging_bytes = chunk.colours_offset + colours;
    chunk.result_bytes = results;
    chunk.staging = detail::acquire_host_buffer(chunk.staging_bytes, true);
    auto* descs = reinterpret_cast<cuda::PyObjectsDesc*>(chunk.staging.get());
    auto* out = reinterpret_cast<std::int8_t*>(chunk.staging.get() + chunk.colours_offset);
    std::uint32_t at = 0, result_at = 0;
    for (std::size_t k = range.first; k < range.last; ++k) {
      const PyObjectsRequest& r = call_.requests[items_[k]];
      const auto n = static_cast<std::uint32_t>(cells_of(r));
      cuda::PyObjectsDesc& d = descs[k - range.first];
      d.colours_offset = at;
      d.result_offset = result_at;
      d.h = static_cast<std::uint16_t>(r.h);
      d.w = static_cast<std::uint16_t>(r.w);
      d.mode = r.mode;
      d.form = static_cast<std::uint8_t>(dialects::cell_form(r.dialect));
      d.sets = r.shape != dialects::ObjectsShape::TupleOfTuples ? 1 : 0;
      d.unused = 0;
      std::memcpy(out + at, r.cells, n);
      at += n;
      result_at += static_cast<std::uint32_t>(layout_size(r));
    }
    return chunk;
  }

  void complete(cuda::PyObjectsRange range, const cuda::PyObjectsChunk&,
                std::shared_ptr<std::byte> results) override {
    std::vector<std::size_t> ready, again;
    std::size_t at = 0;
    for (std::size_t k = range.first; k < range.last; ++k) {
      const std::size_t i = items_[k];
      std::byte* base = results.get() + at;
      at += layout_size(call_.requests[i]);
      done_[k] = 1;
      if (sim::layout_at<std::uint16_t>(base, cells_of(call_.requests[i])).header->status ==
          sim::kLayoutOk) {
        Access::place(call_.out, i, base, true);
        ready.push_back(i);
      } else {
        again.push_back(i);
      }
    }
    call_.keep(std::move(results));
    if (!again.empty()) {
      detail::record_fallback("device workspace too small", again.size());
      cpu_path(call_, again);
    }
    if (call_.ready == nullptr || ready.empty())
      return;
    // The host makes this chunk's values while the device works on the next one.
    detail::ThreadPool& pool = detail::cpu_pool();
    const std::size_t grain = pool.grain(ready.size(), kGrain, 1);
    const std::span<const std::size_t> all(ready);
    pool.parallel_for((ready.size() + grain - 1) / grain, [&](std::size_t t) {
      const std::size_t first = t * grain, last = std::min(ready.size(), first + grain);
      (*call_.ready)(all.subspan(first, last - first));
    });
  }

  void fallback(cuda::PyObjectsRange range, const std::string& reason) override {
    detail::record_fallback(reason, range.size());
    std::vector<std::size_t> items;
    for (std::size_t k = range.first; k < range.last; ++k) {
      done_[k] = 1;
      items.push_back(items_[k]);
    }
    cpu_path(call_, items);
  }

  /// The requests not yet handled (after the shard failed).
  std::vector<std::size_t> unfinished() const {
    std::vector<std::size_t> left;
    for (std::size_t k = 0; k < items_.size(); ++k)
      if (!done_[k])
        left.push_back(items_[k]);
    return left;
  }

private:
  Call& call_;
  std::vector<std::size_t> items_;
  std::vector<std::uint8_t> done_;
};

/// The GPU path: every request to a shard (devices weighted by capacity, the largest grids
/// dealt first so that every shard gets a share of each size), each shard on its own thread.
void gpu_path(Call& call, const RuntimeConfig& cfg, const std::vector<DeviceInfo>& devices) {
  detail::Stopwatch plan_clock;
  const std::size_t count = call.requests.size();
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  // Largest grids first, so that a device thread's requests (and a warp's) are of similar
  // sizes; within sizes of one class (a multiple of 64 cells), grouped by what their code paths
  // depend on, so that a warp's threads diverge less.
  auto size_class = [&](std::size_t i) { return (cells_of(call.requests[i]) + 63) / 64; };
  auto variant = [&](std::size_t i) {
    const PyObjectsRequest& r = call.requests[i];
    return (r.mode << 2) | (r.shape == dialects::ObjectsShape::TupleOfTuples ? 2 : 0) |
           (r.dialect == py::Dialect::Tokpidjin ? 1 : 0);
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto ca = size_class(a), cb = size_class(b);
    return ca != cb ? ca > cb : variant(a) < variant(b);
  });
  std::uint64_t work = 0;
  for (const PyObjectsRequest& r : call.requests)
    work += static_cast<std::uint64_t>(cells_of(r));
  const std::size_t use_devices = static_cast<std::size_t>(std::clamp<std::uint64_t>(
      work / kMinCellsPerDevice, 1, static_cast<std::uint64_t>(devices.size())));
  struct Plan {
    int device = 0;
    double weight = 1;
    double load = 0;
    std::vector<std::size_t> items;
  };
  std::vector<Plan> plans;
  const int per_device = std::max(1, cfg.shards_per_device);
  for (std::size_t d = 0; d < use_devices; ++d)
    for (int s = 0; s < per_device; ++s) {
      Plan p;
      p.device = devices[d].ordinal;
      p.weight = std::max(1e-9, devices[d].weight) / per_device;
      plans.push_back(std::move(p));
    }
  for (std::size_t i : order) {
    Plan* best = &plans.front();
    for (Plan& p : plans)
      if ((p.load + 1) / p.weight < (best->load + 1) / best->weight)
        best = &p;
    best->items.push_back(i);
    best->load += static_cast<double>(cells_of(call.requests[i]));
  }
  std::vector<std::unique_ptr<Shard>> shards;
  for (Plan& p : plans)
    shards.push_back(std::make_unique<Shard>(call, std::move(p.items)));
  detail::record_stage(detail::Stage::Plan, plan_clock.seconds());

  const detail::FaultPlan faults(cfg.inject_faults);
  // Device threads per multiprocessor, each with its own workspace (tuning; 256 by default).
  static const int threads_per_sm = [] {
    const char* env = std::getenv("BATTGPU_PY_OBJECTS_THREADS_PER_SM");
    const int v = env != nullptr ? std::atoi(env) : 0;
    return v > 0 ? v : 256;
  }();
  auto run = [&](std::size_t s) {
    cuda::PyObjectsSettings settings;
    settings.device = plans[s].device;
    settings.slots = std::max(1, cfg.streams);
    settings.memory_fraction = cfg.memory_fraction;
    settings.shards_on_device = per_device;
    settings.max_chunk_items = std::max<std::size_t>(1, cfg.max_chunk_grids);
    settings.threads_per_multiprocessor = threads_per_sm;
    settings.faults = &faults;
    try {
      cuda::run_py_objects(settings, *shards[s]);
    } catch (const std::exception& e) {
      const std::vector<std::size_t> left = shards[s]->unfinished();
      detail::record_fallback(std::string("shard failed: ") + e.what(), left.size());
      cpu_path(call, left);
    }
  };
  if (shards.size() == 1) {
    run(0);
    return;
  }
  std::vector<std::thread> threads;
  for (std::size_t s = 0; s < shards.size(); ++s)
    threads.emplace_back(run, s);
  for (std::thread& t : threads)
    t.join();
}

// ---- the cost model's calibration: synthetic ARC-like grids, every mode, both dialects ----

struct CalibrationSet {
  std::vector<std::int8_t> cells;
  std::vector<PyObjectsRequest> requests;
  std::uint64_t work = 0, small_work = 0;
};

const CalibrationSet& calibration_set() {
  static const CalibrationSet* set = [] {
    auto* c = new CalibrationSet;
    const std::vector<dsl::Grid> grids = random_arc_like_grids(4096, 0x9E7B0B1Eull);
    std::vector<std::size_t> offset;
    for (const dsl::Grid& g : grids) {
      offset.push_back(c->cells.size());
      for (std::size_t k = 0; k < g.cell_count(); ++k)
        c->cells.push_back(static_cast<std::int8_t>(g.cells()[k]));
    }
    for (std::size_t i = 0; i < grids.size(); ++i) {
      PyObjectsRequest r;
      r.cells = c->cells.data() + offset[i];
      r.h = static_cast<std::uint32_t>(grids[i].height());
      r.w = static_cast<std::uint32_t>(grids[i].width());
      r.mode = static_cast<std::uint8_t>(i % 8);
      r.dialect = (i / 8) % 2 == 0 ? py::Dialect::Tokpidjin : py::Dialect::ArcDsl;
      c->requests.push_back(r);
      c->work += static_cast<std::uint64_t>(cells_of(r));
      if (i < 16)
        c->small_work += static_cast<std::uint64_t>(cells_of(r));
    }
    return c;
  }();
  return *set;
}

double calibrate_py_objects(bool gpu, std::size_t items) {
  const CalibrationSet& c = calibration_set();
  const std::span<const PyObjectsRequest> requests(c.requests.data(),
                                                   std::min(items, c.requests.size()));
  double best = 1e30;
  for (int r = 0; r < 2; ++r) {
    detail::Stopwatch clock;
    const PyObjectsLayouts l =
        batch_py_objects_layouts(requests, BatchOptions{gpu ? Path::Gpu : Path::Cpu});
    const double seconds = clock.seconds();
    if (gpu && l.gpu_items() != l.size())
      return -1;
    best = std::min(best, seconds);
  }
  return best;
}

/// Computes every request's layout on the path chosen, handing ready ones to `ready`.
void compute(std::span<const PyObjectsRequest> requests, const BatchOptions& options,
             PyObjectsLayouts& out, const Ready* ready) {
  detail::Stopwatch clock;
  const RuntimeConfig cfg = config();
  Access::init(out, requests);
  std::uint64_t work = 0;
  for (const PyObjectsRequest& r : requests)
    work += static_cast<std::uint64_t>(cells_of(r));
  Path path = Path::Cpu;
  const bool small_auto = options.path == Path::Auto && cfg.path == Path::Auto &&
                          cfg.gpu_min_grids == 0 && requests.size() < kMinAutoGpuRequests;
  if (!requests.empty() && !small_auto) {
    const CalibrationSet& c = calibration_set();
    path = detail::choose_path(detail::CostKind::PyObjects, cfg, options.path, requests.size(),
                               work, calibrate_py_objects, c.work, c.small_work);
  }
  Call call{requests, out, ready, {}};
  bool gpu = false;
  if (path == Path::Gpu && !requests.empty()) {
    const std::vector<DeviceInfo> devices = detail::probe_devices(cfg).devices;
    if (!devices.empty()) {
      gpu_path(call, cfg, devices);
      gpu = true;
    }
  }
  if (!gpu) {
    std::vector<std::size_t> all(requests.size());
    std::iota(all.begin(), all.end(), std::size_t{0});
    cpu_path(call, all);
  }
  const std::size_t on_gpu = out.gpu_items();
  detail::record_call(requests.size(), requests.size(), on_gpu != 0);
  detail::record_items(on_gpu, requests.size() - on_gpu);
  detail::record_stage(detail::Stage::Total, clock.seconds());
}

std::atomic<int>& batching_flag() {
  static std::atomic<int> flag{-1}; // -1: not read from the environment yet
  return flag;
}

} // namespace

PyObjectsLayouts batch_py_objects_layouts(std::span<const PyObjectsRequest> requests,
                                          const BatchOptions& options) {
  PyObjectsLayouts out;
  compute(requests, options, out, nullptr);
  return out;
}

py::Value materialise_py_objects(const PyObjectsRequest& r, const PyObjectsLayouts& layouts,
                                 std::size_t i) {
  return dialects::materialise_objects(r.dialect, r.shape, r.w, r.cells, layouts.layout(i));
}

std::vector<py::Value> batch_py_objects(std::span<const PyObjectsRequest> requests,
                                        const BatchOptions& options,
                                        std::vector<std::uint8_t>* on_gpu) {
  std::vector<py::Value> values(requests.size());
  PyObjectsLayouts layouts;
  const Ready ready = [&](std::span<const std::size_t> items) {
    detail::Stopwatch clock;
    for (std::size_t i : items)
      values[i] = materialise_py_objects(requests[i], layouts, i);
    detail::record_stage(detail::Stage::Build, clock.seconds());
  };
  compute(requests, options, layouts, &ready);
  if (on_gpu != nullptr)
    *on_gpu = Access::on_gpu(layouts);
  return values;
}

ObjectBatching py_objects_batching_mode() {
  int flag = batching_flag().load(std::memory_order_relaxed);
  if (flag < 0) {
    const char* env = std::getenv("BATTGPU_BATCH_OBJECTS");
    const std::string value = env != nullptr ? env : "";
    flag = static_cast<int>(value == "0"   ? ObjectBatching::Off
                            : value == "1" ? ObjectBatching::On
                                           : ObjectBatching::Auto);
    int expected = -1;
    batching_flag().compare_exchange_strong(expected, flag, std::memory_order_relaxed);
    flag = batching_flag().load(std::memory_order_relaxed);
  }
  return static_cast<ObjectBatching>(flag);
}

bool py_objects_batching() {
  return py_objects_batching_mode() != ObjectBatching::Off;
}

void set_py_objects_batching(bool on) {
  set_py_objects_batching(on ? ObjectBatching::On : ObjectBatching::Off);
}

void set_py_objects_batching(ObjectBatching mode) {
  batching_flag().store(static_cast<int>(mode), std::memory_order_relaxed);
}

} // namespace battgpu::runtime
