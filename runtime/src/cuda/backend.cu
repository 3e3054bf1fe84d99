// The CUDA dispatch layer: device probing, pinned memory, and the per-shard chunk pipeline
// (staging, transfers and kernels on several streams, allocation-failure splitting, device
// errors and injected faults sent to the CPU path).
#include "core/host_memory.hpp"
#include "core/stats_internal.hpp"
#include "cuda/backend.hpp"
#include "cuda/device_health.hpp"
#include "cuda/grid_colours_kernel.cuh"
#include "cuda/labeling_kernel.cuh"
#include "cuda/mapply_kernel.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace battgpu::runtime::cuda {
namespace {

/// Devices this backend found broken (each backend keeps its own list, as it always has).
FailedDevices& failed_devices() {
  static FailedDevices* devices = new FailedDevices;
  return *devices;
}

/// A device buffer that grows on demand, from the device's stream-ordered pool.
struct DeviceBuffer {
  void* ptr = nullptr;
  std::size_t capacity = 0;

  /// False when the device cannot allocate `bytes` (the buffer is then empty).
  bool reserve(std::size_t bytes, cudaStream_t stream) {
    if (bytes <= capacity)
      return true;
    release(stream);
    std::size_t want = bytes + bytes / 4;
    if (cudaMallocAsync(&ptr, want, stream) != cudaSuccess) {
      cudaGetLastError();
      ptr = nullptr;
      if (cudaMallocAsync(&ptr, bytes, stream) != cudaSuccess) {
        cudaGetLastError();
        ptr = nullptr;
        return false;
      }
      want = bytes;
    }
    capacity = want;
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
  cudaEvent_t events[4] = {}; // start, after h2d, after kernels, after d2h
  DeviceBuffer input, output;
  std::shared_ptr<std::byte> staging;
  std::size_t staging_capacity = 0;
  bool busy = false;
  ChunkRange range;
  PreparedChunk chunk;
  std::shared_ptr<std::byte> results;
};

class ShardPipeline {
public:
  ShardPipeline(const ShardSettings& settings, ShardClient& client)
      : settings_(settings), client_(client),
        slots_(static_cast<std::size_t>(std::max(1, settings.slots))) {}

  ~ShardPipeline() {
    for (Slot& s : slots_) {
      if (s.stream != nullptr) {
        cudaStreamSynchronize(s.stream);
        s.input.release(s.stream);
        s.output.release(s.stream);
        cudaStreamSynchronize(s.stream);
        for (cudaEvent_t e : s.events)
          if (e != nullptr)
            cudaEventDestroy(e);
        cudaStreamDestroy(s.stream);
      }
    }
    cudaGetLastError();
  }

  void run() {
    const std::size_t items = client_.item_count();
    if (items == 0)
      return;
    if (failed_devices().contains(settings_.device) || !setup()) {
      client_.fallback(ChunkRange{0, items}, "device unusable: " + setup_error_);
      return;
    }
    std::deque<ChunkRange> pending = form_chunks();
    std::size_t next_slot = 0;
    while (!pending.empty()) {
      Slot& slot = slots_[next_slot];
      next_slot = (next_slot + 1) % slots_.size();
      if (slot.busy)
        finish(slot);
      ChunkRange range = pending.front();
      pending.pop_front();
      if (dead_) {
        client_.fallback(range, "device error: " + dead_reason_);
        continue;
      }
      start(slot, range, pending);
    }
    for (std::size_t k = 0; k < slots_.size(); ++k) {
      Slot& slot = slots_[(next_slot + k) % slots_.size()];
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
    total_bytes_ = total_bytes;
    // Memory the device's pool keeps for us from earlier calls counts as free for this one.
    const double usable = settings_.memory_fraction *
                          static_cast<double>(free_bytes + pool_idle_bytes(settings_.device));
    chunk_budget_ = static_cast<std::size_t>(
        usable / static_cast<double>(std::max(1, settings_.shards_on_device)) /
        static_cast<double>(slots_.size()));
    return true;
  }

  /// Consecutive items while the chunk's staging and worst-case results fit the budget.
  std::deque<ChunkRange> form_chunks() const {
    // A chunk's cells are addressed with 32-bit offsets (as 3 ints each in the cells layout).
    constexpr std::size_t kMaxResultBytes = std::size_t{1} << 32;
    std::deque<ChunkRange> chunks;
    const std::size_t items = client_.item_count();
    std::size_t first = 0, staging = 0, result = 0;
    for (std::size_t k = 0; k < items; ++k) {
      std::size_t s = 0, r = 0;
      client_.item_bytes(k, s, r);
      bool full =
          k > first && (staging + s + result + r > chunk_budget_ ||
                        k - first >= settings_.max_chunk_items || result + r > kMaxResultBytes);
      if (full) {
        chunks.push_back(ChunkRange{first, k});
        first = k;
        staging = result = 0;
      }
      staging += s;
      result += r;
    }
    chunks.push_back(ChunkRange{first, items});
    return chunks;
  }

  void start(Slot& slot, ChunkRange range, std::deque<ChunkRange>& pending) {
    const std::uint64_t seq = chunk_seq_++;
    const detail::FaultPlan* faults = settings_.faults;
    if (faults != nullptr && faults->fire(detail::FaultKind::DeviceError, settings_.device, seq)) {
      client_.fallback(range, "injected device fault");
      return;
    }
    std::size_t staging_needed = client_.staging_bytes(range);
    if (staging_needed > slot.staging_capacity) {
      slot.staging = detail::acquire_host_buffer(staging_needed, true);
      slot.staging_capacity = staging_needed;
    }
    PreparedChunk chunk = client_.prepare(range, slot.staging.get());
    const std::size_t result_bytes = chunk.result_bytes();
    bool allocated = !(faults != nullptr &&
                       faults->fire(detail::FaultKind::AllocFailure, settings_.device, seq)) &&
                     slot.input.reserve(chunk.staging_bytes, slot.stream) &&
                     slot.output.reserve(std::max<std::size_t>(result_bytes, 4), slot.stream);
    if (!allocated) {
      // Give the memory back and retry with halves; a single grid that does not fit runs on
      // the CPU path.
      slot.input.release(slot.stream);
      slot.output.release(slot.stream);
      detail::record_split();
      if (range.size() == 1) {
        client_.fallback(range, "device allocation failed");
      } else {
        std::size_t mid = range.first + range.size() / 2;
        pending.push_front(ChunkRange{mid, range.last});
        pending.push_front(ChunkRange{range.first, mid});
      }
      return;
    }
    slot.results = detail::acquire_host_buffer(std::max<std::size_t>(result_bytes, 4), true);

    auto* in = static_cast<std::byte*>(slot.input.ptr);
    auto* out = static_cast<std::byte*>(slot.output.ptr);
    cudaStream_t st = slot.stream;
    cudaEventRecord(slot.events[0], st);
    cudaMemcpyAsync(in, slot.staging.get(), chunk.staging_bytes, cudaMemcpyHostToDevice, st);
    cudaEventRecord(slot.events[1], st);
    kernels::LabelLaunch launch;
    launch.descs = reinterpret_cast<const detail::GpuGridDesc*>(in);
    launch.colours = reinterpret_cast<const std::uint8_t*>(in + chunk.colours_offset);
    launch.cells = out;
    launch.values = chunk.cell_values;
    launch.masks = reinterpret_cast<std::uint32_t*>(out + chunk.out_cells * chunk.cell_bytes());
    launch.families = settings_.families;
    launch.multiprocessors = multiprocessors_;
    cudaError_t e = cudaSuccess;
    for (int c = 0; c < detail::kSizeClasses && e == cudaSuccess; ++c) {
      launch.work =
          reinterpret_cast<const std::uint32_t*>(in + chunk.items_offset) + chunk.class_begin[c];
      launch.count = chunk.class_begin[c + 1] - chunk.class_begin[c];
      e = kernels::launch_labeling(c, launch, st);
    }
    cudaEventRecord(slot.events[2], st);
    if (result_bytes != 0)
      cudaMemcpyAsync(slot.results.get(), out, result_bytes, cudaMemcpyDeviceToHost, st);
    cudaEventRecord(slot.events[3], st);
    if (e == cudaSuccess)
      e = cudaGetLastError();
    if (e != cudaSuccess) {
      cudaStreamSynchronize(st);
      fail(range, e);
      return;
    }
    slot.busy = true;
    slot.range = range;
    slot.chunk = std::move(chunk);
  }

  void finish(Slot& slot) {
    slot.busy = false;
    cudaError_t e = cudaEventSynchronize(slot.events[3]);
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
                         slot.chunk.result_bytes());
    std::size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess)
      detail::record_device_memory(settings_.device, pool_reserved_bytes(settings_.device),
                                   total_bytes - free_bytes);
    client_.complete(slot.range, slot.chunk, std::move(slot.results));
    slot.chunk = PreparedChunk{};
  }

  /// A device error: this chunk (and every later one of the shard) goes to the CPU path; a
  /// sticky error also retires the device for the rest of the process.
  void fail(ChunkRange range, cudaError_t e) {
    std::string text = error_text(e);
    client_.fallback(range, "device error: " + text);
    cudaError_t again = cudaGetLastError();
    if (again != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
      failed_devices().add(settings_.device);
      dead_ = true;
      dead_reason_ = text;
    }
  }

  ShardSettings settings_;
  ShardClient& client_;
  std::vector<Slot> slots_;
  int multiprocessors_ = 1;
  std::size_t total_bytes_ = 0;
  std::size_t chunk_budget_ = 0;
  std::uint64_t chunk_seq_ = 0;
  bool dead_ = false;
  std::string dead_reason_;
  std::string setup_error_;
};

} // namespace

bool compiled() {
  return true;
}

Probe probe(const std::vector<int>& wanted) {
  Probe p;
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    p.reason = "no usable CUDA device (" + error_text(e) + ")";
    cudaGetLastError();
    return p;
  }
  if (count == 0) {
    p.reason = "no CUDA device";
    return p;
  }
  std::vector<int> ordinals;
  if (wanted.empty()) {
    for (int d = 0; d < count; ++d)
      ordinals.push_back(d);
  } else {
    for (int d : wanted)
      if (d >= 0 && d < count && std::find(ordinals.begin(), ordinals.end(), d) == ordinals.end())
        ordinals.push_back(d);
  }
  std::string skipped;
  for (int d : ordinals) {
    if (failed_devices().contains(d)) {
      skipped += " device " + std::to_string(d) + " failed earlier;";
      continue;
    }
    cudaDeviceProp prop{};
    e = cudaGetDeviceProperties(&prop, d);
    if (e != cudaSuccess) {
      skipped += " device " + std::to_string(d) + ": " + error_text(e) + ";";
      cudaGetLastError();
      continue;
    }
    if (prop.major < 9) {
      // The kernels are built for sm_90 (and PTX for 9.0 and later).
      skipped += " device " + std::to_string(d) + " has compute capability " +
                 std::to_string(prop.major) + "." + std::to_string(prop.minor) + " (< 9.0);";
      continue;
    }
    std::size_t free_bytes = 0, total_bytes = 0;
    int clock_khz = 0;
    e = cudaSetDevice(d);
    if (e == cudaSuccess)
      e = cudaMemGetInfo(&free_bytes, &total_bytes);
    if (e == cudaSuccess)
      e = cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, d);
    if (e != cudaSuccess) {
      skipped += " device " + std::to_string(d) + ": " + error_text(e) + ";";
      cudaGetLastError();
      continue;
    }
    // Keep freed device memory in the pool across calls: chunks reuse it.
    cudaMemPool_t pool;
    if (cudaDeviceGetDefaultMemPool(&pool, d) == cudaSuccess) {
      std::uint64_t threshold = UINT64_MAX;
      cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
    }
    DeviceInfo info;
    info.ordinal = d;
    info.name = prop.name;
    info.total_memory = total_bytes;
    info.free_memory = free_bytes;
    info.multiprocessors = prop.multiProcessorCount;
    info.compute_major = prop.major;
    info.compute_minor = prop.minor;
    info.weight = static_cast<double>(prop.multiProcessorCount) * std::max(1, clock_khz) * 1e-6;
    p.devices.push_back(info);
  }
  if (p.devices.empty())
    p.reason = "no usable CUDA device:" + skipped;
  return p;
}

void trim_device_memory(int device) noexcept {
  cudaMemPool_t pool;
  if (cudaDeviceGetDefaultMemPool(&pool, device) == cudaSuccess) {
    cudaSetDevice(device);
    cudaDeviceSynchronize();
    cudaMemPoolTrimTo(pool, 0);
  }
  cudaGetLastError();
}

void* pinned_alloc(std::size_t bytes) noexcept {
  void* p = nullptr;
  if (cudaHostAlloc(&p, bytes, cudaHostAllocPortable) != cudaSuccess) {
    cudaGetLastError();
    return nullptr;
  }
  return p;
}

void pinned_free(void* p) noexcept {
  if (p != nullptr)
    cudaFreeHost(p);
}

void run_shard(const ShardSettings& settings, ShardClient& client) {
  ShardPipeline pipeline(settings, client);
  pipeline.run();
}

namespace {

/// Device memory, a stream and two events, released on every path out.
struct Scratch {
  void* a = nullptr;
  void* b = nullptr;
  cudaStream_t stream = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;
  ~Scratch() {
    if (stream != nullptr)
      cudaStreamSynchronize(stream);
    cudaFree(a);
    cudaFree(b);
    if (start != nullptr)
      cudaEventDestroy(start);
    if (stop != nullptr)
      cudaEventDestroy(stop);
    if (stream != nullptr)
      cudaStreamDestroy(stream);
    cudaGetLastError();
  }
};

} // namespace

std::vector<double> time_kernels(int device, const PreparedChunk& chunk, const std::byte* staging,
                                 std::uint32_t families, int repetitions, std::string& error) {
  std::vector<double> seconds;
  Scratch s;
  int multiprocessors = 1;
  cudaError_t e = cudaSetDevice(device);
  if (e == cudaSuccess)
    e = cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device);
  if (e == cudaSuccess)
    e = cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking);
  if (e == cudaSuccess)
    e = cudaEventCreate(&s.start);
  if (e == cudaSuccess)
    e = cudaEventCreate(&s.stop);
  if (e == cudaSuccess)
    e = cudaMalloc(&s.a, std::max<std::size_t>(chunk.staging_bytes, 4));
  if (e == cudaSuccess)
    e = cudaMalloc(&s.b, std::max<std::size_t>(chunk.result_bytes(), 4));
  if (e == cudaSuccess)
    e = cudaMemcpy(s.a, staging, chunk.staging_bytes, cudaMemcpyHostToDevice);
  auto* in = static_cast<std::byte*>(s.a);
  auto* out = static_cast<std::byte*>(s.b);
  kernels::LabelLaunch launch;
  launch.descs = reinterpret_cast<const detail::GpuGridDesc*>(in);
  launch.colours = reinterpret_cast<const std::uint8_t*>(in + chunk.colours_offset);
  launch.cells = out;
  launch.values = chunk.cell_values;
  launch.masks = reinterpret_cast<std::uint32_t*>(out + chunk.out_cells * chunk.cell_bytes());
  launch.families = families;
  launch.multiprocessors = multiprocessors;
  for (int r = 0; r < repetitions && e == cudaSuccess; ++r) {
    cudaEventRecord(s.start, s.stream);
    for (int c = 0; c < detail::kSizeClasses && e == cudaSuccess; ++c) {
      launch.work =
          reinterpret_cast<const std::uint32_t*>(in + chunk.items_offset) + chunk.class_begin[c];
      launch.count = chunk.class_begin[c + 1] - chunk.class_begin[c];
      e = kernels::launch_labeling(c, launch, s.stream);
    }
    cudaEventRecord(s.stop, s.stream);
    if (e == cudaSuccess)
      e = cudaEventSynchronize(s.stop);
    float ms = 0;
    if (e == cudaSuccess)
      e = cudaEventElapsedTime(&ms, s.start, s.stop);
    seconds.push_back(ms * 1e-3);
  }
  if (e != cudaSuccess) {
    error = error_text(e);
    seconds.clear();
  }
  return seconds;
}

bool grid_colours(int device, const std::byte* staging, std::size_t staging_bytes,
                  std::size_t colours_offset, std::uint32_t grids, std::byte* out,
                  std::string& error) {
  Scratch s;
  int multiprocessors = 1;
  const std::size_t out_bytes = static_cast<std::size_t>(grids) * sizeof(kernels::GridColoursOut);
  cudaError_t e = cudaSetDevice(device);
  if (e == cudaSuccess)
    e = cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device);
  if (e == cudaSuccess)
    e = cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking);
  if (e == cudaSuccess)
    e = cudaEventCreate(&s.start);
  if (e == cudaSuccess)
    e = cudaEventCreate(&s.stop);
  if (e == cudaSuccess)
    e = cudaMallocAsync(&s.a, std::max<std::size_t>(staging_bytes, 4), s.stream);
  if (e == cudaSuccess)
    e = cudaMallocAsync(&s.b, std::max<std::size_t>(out_bytes, 4), s.stream);
  if (e == cudaSuccess)
    e = cudaMemcpyAsync(s.a, staging, staging_bytes, cudaMemcpyHostToDevice, s.stream);
  if (e == cudaSuccess)
    e = cudaEventRecord(s.start, s.stream);
  if (e == cudaSuccess) {
    const auto* in = static_cast<const std::byte*>(s.a);
    e = kernels::launch_grid_colours(reinterpret_cast<const detail::GpuGridDesc*>(in), grids,
                                     reinterpret_cast<const std::uint8_t*>(in + colours_offset),
                                     static_cast<kernels::GridColoursOut*>(s.b), multiprocessors,
                                     s.stream);
  }
  if (e == cudaSuccess)
    e = cudaEventRecord(s.stop, s.stream);
  if (e == cudaSuccess)
    e = cudaMemcpyAsync(out, s.b, out_bytes, cudaMemcpyDeviceToHost, s.stream);
  if (e == cudaSuccess)
    e = cudaStreamSynchronize(s.stream);
  if (e == cudaSuccess) {
    float ms = 0;
    cudaEventElapsedTime(&ms, s.start, s.stop);
    detail::record_stage(detail::Stage::Kernel, ms * 1e-3);
    detail::record_chunk(device, grids, staging_bytes, out_bytes);
    cudaFreeAsync(s.a, s.stream);
    cudaFreeAsync(s.b, s.stream);
    s.a = s.b = nullptr;
    e = cudaStreamSynchronize(s.stream);
  }
  if (e != cudaSuccess) {
    error = error_text(e);
    cudaGetLastError();
    return false;
  }
  return true;
}

bool mapply_bitmaps(int device, int op, const std::byte* staging, std::size_t staging_bytes,
                    std::size_t objects_offset, std::size_t cells_offset, std::uint32_t containers,
                    std::byte* out, std::string& error) {
  Scratch s;
  int multiprocessors = 1;
  const std::size_t out_bytes = static_cast<std::size_t>(containers) * 128;
  cudaError_t e = cudaSetDevice(device);
  if (e == cudaSuccess)
    e = cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device);
  if (e == cudaSuccess)
    e = cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking);
  if (e == cudaSuccess)
    e = cudaEventCreate(&s.start);
  if (e == cudaSuccess)
    e = cudaEventCreate(&s.stop);
  if (e == cudaSuccess)
    e = cudaMallocAsync(&s.a, std::max<std::size_t>(staging_bytes, 4), s.stream);
  if (e == cudaSuccess)
    e = cudaMallocAsync(&s.b, std::max<std::size_t>(out_bytes, 4), s.stream);
  if (e == cudaSuccess)
    e = cudaMemcpyAsync(s.a, staging, staging_bytes, cudaMemcpyHostToDevice, s.stream);
  if (e == cudaSuccess)
    e = cudaEventRecord(s.start, s.stream);
  if (e == cudaSuccess) {
    const auto* in = static_cast<const std::byte*>(s.a);
    e = kernels::launch_mapply(op, reinterpret_cast<const kernels::MapplyContainer*>(in),
                               containers,
                               reinterpret_cast<const kernels::MapplyObject*>(in + objects_offset),
                               reinterpret_cast<const std::uint16_t*>(in + cells_offset),
                               static_cast<std::uint32_t*>(s.b), multiprocessors, s.stream);
  }
  if (e == cudaSuccess)
    e = cudaEventRecord(s.stop, s.stream);
  if (e == cudaSuccess)
    e = cudaMemcpyAsync(out, s.b, out_bytes, cudaMemcpyDeviceToHost, s.stream);
  if (e == cudaSuccess)
    e = cudaStreamSynchronize(s.stream);
  if (e == cudaSuccess) {
    float ms = 0;
    cudaEventElapsedTime(&ms, s.start, s.stop);
    detail::record_stage(detail::Stage::Kernel, ms * 1e-3);
    detail::record_chunk(device, containers, staging_bytes, out_bytes);
    cudaFreeAsync(s.a, s.stream);
    cudaFreeAsync(s.b, s.stream);
    s.a = s.b = nullptr;
    e = cudaStreamSynchronize(s.stream);
  }
  if (e != cudaSuccess) {
    error = error_text(e);
    cudaGetLastError();
    return false;
  }
  return true;
}

bool copy_bandwidth(int device, std::size_t bytes, int repetitions, double& h2d, double& d2h,
                    std::string& error) {
  Scratch s;
  void* host = nullptr;
  cudaError_t e = cudaSetDevice(device);
  if (e == cudaSuccess)
    e = cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking);
  if (e == cudaSuccess)
    e = cudaEventCreate(&s.start);
  if (e == cudaSuccess)
    e = cudaEventCreate(&s.stop);
  if (e == cudaSuccess)
    e = cudaMalloc(&s.a, bytes);
  if (e == cudaSuccess)
    e = cudaHostAlloc(&host, bytes, cudaHostAllocPortable);
  h2d = d2h = 0;
  for (int r = 0; r < repetitions && e == cudaSuccess; ++r)
    for (int direction = 0; direction < 2 && e == cudaSuccess; ++direction) {
      cudaEventRecord(s.start, s.stream);
      if (direction == 0)
        e = cudaMemcpyAsync(s.a, host, bytes, cudaMemcpyHostToDevice, s.stream);
      else
        e = cudaMemcpyAsync(host, s.a, bytes, cudaMemcpyDeviceToHost, s.stream);
      cudaEventRecord(s.stop, s.stream);
      if (e == cudaSuccess)
        e = cudaEventSynchronize(s.stop);
      float ms = 0;
      if (e == cudaSuccess)
        e = cudaEventElapsedTime(&ms, s.start, s.stop);
      if (e == cudaSuccess && ms > 0) {
        double rate = static_cast<double>(bytes) / (ms * 1e-3);
        (direction == 0 ? h2d : d2h) = std::max(direction == 0 ? h2d : d2h, rate);
      }
    }
  if (host != nullptr)
    cudaFreeHost(host);
  if (e != cudaSuccess) {
    error = error_text(e);
    cudaGetLastError();
    return false;
  }
  return true;
}

} // namespace battgpu::runtime::cuda
