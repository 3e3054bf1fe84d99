// The CUDA dispatch layer: device probing, pinned memory, and the per-shard chunk pipeline
// (staging, transfers and kernels on several streams, allocation-failure splitting, device
// errors and injected faults sent to the CPU path).
#include "core/host_memory.hpp"
#include "core/stats_internal.hpp"
#include "cuda/backend.hpp"
#include "cuda/labeling_kernel.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace battgpu::runtime::cuda {
namespace {

std::mutex& failed_mutex() {
  static std::mutex* m = new std::mutex;
  return *m;
}
std::set<int>& failed_devices() {
  static std::set<int>* s = new std::set<int>;
  return *s;
}

bool device_failed(int device) {
  std::lock_guard lock(failed_mutex());
  return failed_devices().count(device) != 0;
}

void mark_failed(int device) {
  std::lock_guard lock(failed_mutex());
  failed_devices().insert(device);
}

std::string error_text(cudaError_t e) {
  return std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e);
}

/// Bytes the device's stream-ordered pool holds but has not handed out (reusable by us).
std::size_t pool_idle_bytes(int device) {
  cudaMemPool_t pool;
  if (cudaDeviceGetDefaultMemPool(&pool, device) != cudaSuccess)
    return 0;
  std::uint64_t reserved = 0, used = 0;
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved);
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used);
  return reserved > used ? static_cast<std::size_t>(reserved - used) : 0;
}

std::size_t pool_reserved_bytes(int device) {
  cudaMemPool_t pool;
  if (cudaDeviceGetDefaultMemPool(&pool, device) != cudaSuccess)
    return 0;
  std::uint64_t reserved = 0;
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved);
  return static_cast<std::size_t>(reserved);
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
    if (device_failed(settings_.device) || !setup()) {
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
    // A chunk's cells are addressed with 32-bit offsets (as 3 ints each).
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
    launch.cells = reinterpret_cast<int*>(out);
    launch.masks = reinterpret_cast<std::uint32_t*>(out + chunk.out_cells * 12);
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
      mark_failed(settings_.device);
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
    if (device_failed(d)) {
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

} // namespace battgpu::runtime::cuda
