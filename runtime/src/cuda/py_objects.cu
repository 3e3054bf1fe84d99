// The CUDA path of batch_py_objects: one shard's pipeline on one device. Chunks of requests
// (each chunk's staging, results and per-thread workspace within the device's memory budget)
// go through `slots` streams, so that one chunk's copies and kernel overlap the host's packing
// of the next and its use of the previous one's results. An allocation that fails splits the
// chunk and retries the halves (a single request that still does not fit goes to the CPU
// path); a device error or an injected fault sends the chunk to the CPU path, and a sticky
// error every later chunk of the shard and every later call on the device.
#include "core/host_memory.hpp"
#include "core/stats_internal.hpp"
#include "cuda/device_health.hpp"
#include "cuda/py_objects_backend.hpp"
#include "cuda/py_objects_kernel.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace battgpu::runtime::cuda {
namespace {

/// Devices this backend found broken (each backend keeps its own list, as it always has).
FailedDevices& failed_devices() {
  static FailedDevices* devices = new FailedDevices;
  return *devices;
}

/// What the kernel reads for every request of a device: the neighbour layouts of the cells
/// of kernels::kNeighbourSpan² and asindices' order for the shapes up to kernels::kOrderSpan²,
/// made by the shared simulation's functions the first time a call runs there and kept for the
/// process. A table that could not be made is null (the kernel then computes what it holds).
struct DeviceTables {
  const dialects::sim::CellNeighbours* neighbours = nullptr;
  const std::int32_t* orders = nullptr;
};

std::mutex& tables_mutex() {
  static std::mutex* mutex = new std::mutex;
  return *mutex;
}

std::vector<DeviceTables>& made_tables() {
  static std::vector<DeviceTables>* made = new std::vector<DeviceTables>;
  return *made;
}

/// Frees every device's tables when the process ends. Registered after the CUDA runtime's
/// own exit handler (the tables are made after the runtime started), so it runs first, while
/// the runtime still can free them; a sanitizer then sees no memory left allocated.
void release_device_tables() {
  std::lock_guard lock(tables_mutex());
  int current = 0;
  const bool restore = cudaGetDevice(&current) == cudaSuccess;
  std::vector<DeviceTables>& made = made_tables();
  for (std::size_t d = 0; d < made.size(); ++d) {
    if (made[d].neighbours == nullptr && made[d].orders == nullptr)
      continue;
    if (cudaSetDevice(static_cast<int>(d)) != cudaSuccess)
      continue;
    cudaFree(const_cast<dialects::sim::CellNeighbours*>(made[d].neighbours));
    cudaFree(const_cast<std::int32_t*>(made[d].orders));
    made[d] = DeviceTables{};
  }
  if (restore)
    cudaSetDevice(current);
  cudaGetLastError();
}

DeviceTables device_tables(int device, cudaStream_t stream) {
  static std::vector<bool>* tried = new std::vector<bool>;
  static const bool released_at_exit = std::atexit(release_device_tables) == 0;
  (void)released_at_exit;
  std::lock_guard lock(tables_mutex());
  std::vector<DeviceTables>* made = &made_tables();
  const auto d = static_cast<std::size_t>(device);
  if (made->size() <= d) {
    made->resize(d + 1);
    tried->resize(d + 1, false);
  }
  if ((*tried)[d])
    return (*made)[d];
  (*tried)[d] = true;
  DeviceTables t;
  void* memory = nullptr;
  constexpr std::size_t cells = std::size_t{kernels::kNeighbourSpan} * kernels::kNeighbourSpan;
  if (cudaMalloc(&memory, cells * sizeof(dialects::sim::CellNeighbours)) == cudaSuccess) {
    auto* table = static_cast<dialects::sim::CellNeighbours*>(memory);
    if (kernels::launch_neighbour_table(table, stream) == cudaSuccess &&
        cudaStreamSynchronize(stream) == cudaSuccess)
      t.neighbours = table;
    else
      cudaFree(memory);
  }
  cudaGetLastError();
  memory = nullptr;
  void* scratch = nullptr;
  if (cudaMalloc(&memory, kernels::kOrderCells * sizeof(std::int32_t)) == cudaSuccess &&
      cudaMalloc(&scratch, kernels::order_scratch_bytes()) == cudaSuccess &&
      kernels::launch_order_table(static_cast<std::int32_t*>(memory),
                                  static_cast<std::byte*>(scratch), stream) == cudaSuccess &&
      cudaStreamSynchronize(stream) == cudaSuccess) {
    t.orders = static_cast<const std::int32_t*>(memory);
    memory = nullptr;
  }
  cudaGetLastError();
  cudaFree(memory);
  cudaFree(scratch);
  cudaGetLastError();
  (*made)[d] = t;
  return t;
}

/// A device buffer that grows on demand, from the device's stream-ordered pool.
struct DeviceBuffer {
  void* ptr = nullptr;
  std::size_t capacity = 0;

  bool reserve(std::size_t bytes, cudaStream_t stream) {
    if (bytes <= capacity)
      return true;
    release(stream);
    if (cudaMallocAsync(&ptr, bytes, stream) != cudaSuccess) {
      cudaGetLastError();
      ptr = nullptr;
      return false;
    }
    capacity = bytes;
    return true;
  }
  void release(cudaStream_t stream) {
    if (ptr != nullptr)
      cudaFreeAsync(ptr, stream);
    ptr = nullptr;
    capacity = 0;
  }
};

struct Slot {
  cudaStream_t stream = nullptr;
  cudaEvent_t events[4] = {}; // start, after h2d, after the kernel, after d2h
  DeviceBuffer input, output, workspace;
  bool busy = false;
  PyObjectsRange range;
  PyObjectsChunk chunk;
  std::shared_ptr<std::byte> results;
};

class Pipeline {
public:
  Pipeline(const PyObjectsSettings& settings, PyObjectsClient& client)
      : settings_(settings), client_(client),
        slots_(static_cast<std::size_t>(std::max(1, settings.slots))) {}

  ~Pipeline() {
    for (Slot& s : slots_) {
      if (s.stream == nullptr)
        continue;
      cudaStreamSynchronize(s.stream);
      s.input.release(s.stream);
      s.output.release(s.stream);
      s.workspace.release(s.stream);
      cudaStreamSynchronize(s.stream);
      for (cudaEvent_t e : s.events)
        if (e != nullptr)
          cudaEventDestroy(e);
      cudaStreamDestroy(s.stream);
    }
    cudaGetLastError();
  }

  void run() {
    const std::size_t items = client_.item_count();
    if (items == 0)
      return;
    if (failed_devices().contains(settings_.device) || !setup()) {
      client_.fallback(PyObjectsRange{0, items}, "device unusable: " + setup_error_);
      return;
    }
    std::deque<PyObjectsRange> pending = form_chunks();
    std::size_t next = 0;
    while (!pending.empty()) {
      Slot& slot = slots_[next];
      next = (next + 1) % slots_.size();
      if (slot.busy)
        finish(slot);
      const PyObjectsRange range = pending.front();
      pending.pop_front();
      if (dead_) {
        client_.fallback(range, "device error: " + dead_reason_);
        continue;
      }
      start(slot, range, pending);
    }
    for (std::size_t k = 0; k < slots_.size(); ++k) {
      Slot& slot = slots_[(next + k) % slots_.size()];
      if (slot.busy)
        finish(slot);
    }
  }

private:
  bool setup() {
    cudaError_t e = cudaSetDevice(settings_.device);
    if (e == cudaSuccess)
      e = cudaDeviceGetAttribute(&multiprocessors_, cudaDevAttrMultiProcessorCount,
                                 settings_.device);
    for (Slot& s : slots_) {
      if (e == cudaSuccess)
        e = cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking);
      for (cudaEvent_t& ev : s.events)
        if (e == cudaSuccess)
          e = cudaEventCreate(&ev);
    }
    std::size_t free_bytes = 0, total_bytes = 0;
    if (e == cudaSuccess)
      e = cudaMemGetInfo(&free_bytes, &total_bytes);
    if (e != cudaSuccess) {
      setup_error_ = error_text(e);
      cudaGetLastError();
      return false;
    }
    const double usable = settings_.memory_fraction *
                          static_cast<double>(free_bytes + pool_idle_bytes(settings_.device));
    budget_ = static_cast<std::size_t>(
        usable / static_cast<double>(std::max(1, settings_.shards_on_device)) /
        static_cast<double>(slots_.size()));
    resident_ = static_cast<std::size_t>(std::max(1, multiprocessors_)) *
                static_cast<std::size_t>(std::max(32, settings_.threads_per_multiprocessor));
    tables_ = device_tables(settings_.device, slots_.front().stream);
    return true;
  }

  /// Bytes a chunk of `count` requests needs on the device: staging, results, and one
  /// workspace slice per thread sized for its largest grid.
  std::size_t chunk_bytes(std::size_t count, std::size_t staging, std::size_t results,
                          std::uint32_t max_cells) const {
    return staging + results + std::min(count, resident_) * kernels::py_objects_stride(max_cells);
  }

  /// Consecutive items while the chunk fits the budget (offsets stay 32-bit).
  std::deque<PyObjectsRange> form_chunks() const {
    constexpr std::size_t kMaxOffset = std::size_t{1} << 32;
    std::deque<PyObjectsRange> chunks;
    const std::size_t items = client_.item_count();
    std::size_t first = 0, staging = 0, results = 0;
    std::uint32_t max_cells = 0;
    for (std::size_t k = 0; k < items; ++k) {
      std::size_t cells = 0, s = 0, r = 0;
      client_.item_bytes(k, cells, s, r);
      const auto c = static_cast<std::uint32_t>(cells);
      const bool full = k > first && (chunk_bytes(k + 1 - first, staging + s, results + r,
                                                  std::max(max_cells, c)) > budget_ ||
                                      k - first >= settings_.max_chunk_items ||
                                      results + r >= kMaxOffset || staging + s >= kMaxOffset);
      if (full) {
        chunks.push_back(PyObjectsRange{first, k});
        first = k;
        staging = results = 0;
        max_cells = 0;
      }
      staging += s;
      results += r;
      max_cells = std::max(max_cells, c);
    }
    chunks.push_back(PyObjectsRange{first, items});
    return chunks;
  }

  void start(Slot& slot, PyObjectsRange range, std::deque<PyObjectsRange>& pending) {
    const std::uint64_t seq = chunk_seq_++;
    const detail::FaultPlan* faults = settings_.faults;
    if (faults != nullptr && faults->fire(detail::FaultKind::DeviceError, settings_.device, seq)) {
      client_.fallback(range, "injected device fault");
      return;
    }
    detail::Stopwatch pack_clock;
    PyObjectsChunk chunk = client_.prepare(range);
    detail::record_stage(detail::Stage::Pack, pack_clock.seconds());
    const std::size_t threads = std::min<std::size_t>(chunk.requests, resident_);
    const std::size_t stride = kernels::py_objects_stride(chunk.max_cells);
    const bool allocated =
        !(faults != nullptr &&
          faults->fire(detail::FaultKind::AllocFailure, settings_.device, seq)) &&
        slot.input.reserve(std::max<std::size_t>(chunk.staging_bytes, 16), slot.stream) &&
        slot.output.reserve(std::max<std::size_t>(chunk.result_bytes, 16), slot.stream) &&
        slot.workspace.reserve(std::max<std::size_t>(threads * stride, 16), slot.stream);
    if (!allocated) {
      // Give the memory back and retry with halves; a single request that does not fit runs on
      // the CPU path.
      slot.input.release(slot.stream);
      slot.output.release(slot.stream);
      slot.workspace.release(slot.stream);
      detail::record_split();
      if (range.size() == 1) {
        client_.fallback(range, "device allocation failed");
      } else {
        const std::size_t mid = range.first + range.size() / 2;
        pending.push_front(PyObjectsRange{mid, range.last});
        pending.push_front(PyObjectsRange{range.first, mid});
      }
      return;
    }
    slot.results = detail::acquire_host_buffer(std::max<std::size_t>(chunk.result_bytes, 16), true);
    auto* in = static_cast<std::byte*>(slot.input.ptr);
    auto* out = static_cast<std::byte*>(slot.output.ptr);
    cudaStream_t st = slot.stream;
    cudaEventRecord(slot.events[0], st);
    cudaMemcpyAsync(in, chunk.staging.get(), chunk.staging_bytes, cudaMemcpyHostToDevice, st);
    cudaEventRecord(slot.events[1], st);
    cudaError_t e = kernels::launch_py_objects(
        reinterpret_cast<const PyObjectsDesc*>(in), chunk.requests,
        reinterpret_cast<const std::int8_t*>(in + chunk.colours_offset), out,
        static_cast<std::byte*>(slot.workspace.ptr), stride, static_cast<std::uint32_t>(threads),
        tables_.neighbours, tables_.orders, st);
    cudaEventRecord(slot.events[2], st);
    if (chunk.result_bytes != 0)
      cudaMemcpyAsync(slot.results.get(), out, chunk.result_bytes, cudaMemcpyDeviceToHost, st);
    cudaEventRecord(slot.events[3], st);
    if (e == cudaSuccess)
      e = cudaGetLastError();
    if (e != cudaSuccess) {
      cudaStreamSynchronize(st);
      slot.results.reset();
      fail(range, e);
      return;
    }
    slot.busy = true;
    slot.range = range;
    slot.chunk = std::move(chunk);
  }

  void finish(Slot& slot) {
    slot.busy = false;
    const cudaError_t e = cudaEventSynchronize(slot.events[3]);
    if (e != cudaSuccess) {
      slot.results.reset();
      fail(slot.range, e);
      return;
    }
    float h2d = 0, kernel = 0, d2h = 0;
    cudaEventElapsedTime(&h2d, slot.events[0], slot.events[1]);
    cudaEventElapsedTime(&kernel, slot.events[1], slot.events[2]);
    cudaEventElapsedTime(&d2h, slot.events[2], slot.events[3]);
    detail::record_stage(detail::Stage::H2D, h2d * 1e-3);
    detail::record_stage(detail::Stage::Kernel, kernel * 1e-3);
    detail::record_stage(detail::Stage::D2H, d2h * 1e-3);
    detail::record_chunk(settings_.device, slot.range.size(), slot.chunk.staging_bytes,
                         slot.chunk.result_bytes);
    std::size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess)
      detail::record_device_memory(settings_.device, pool_reserved_bytes(settings_.device),
                                   total_bytes - free_bytes);
    client_.complete(slot.range, slot.chunk, std::move(slot.results));
    slot.chunk = PyObjectsChunk{};
  }

  /// A device error: this chunk goes to the CPU path; a sticky error also retires the device
  /// (every later chunk of the shard, and later calls, run on the CPU path).
  void fail(PyObjectsRange range, cudaError_t e) {
    const std::string text = error_text(e);
    client_.fallback(range, "device error: " + text);
    const cudaError_t again = cudaGetLastError();
    if (again != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
      failed_devices().add(settings_.device);
      dead_ = true;
      dead_reason_ = text;
    }
  }

  PyObjectsSettings settings_;
  PyObjectsClient& client_;
  std::vector<Slot> slots_;
  int multiprocessors_ = 1;
  std::size_t budget_ = 0;
  std::size_t resident_ = 1;
  DeviceTables tables_;
  std::uint64_t chunk_seq_ = 0;
  bool dead_ = false;
  std::string dead_reason_;
  std::string setup_error_;
};

} // namespace

std::size_t py_objects_workspace_bytes(std::uint32_t max_cells) {
  return kernels::py_objects_stride(max_cells);
}

void run_py_objects(const PyObjectsSettings& settings, PyObjectsClient& client) {
  Pipeline pipeline(settings, client);
  pipeline.run();
}

} // namespace battgpu::runtime::cuda
