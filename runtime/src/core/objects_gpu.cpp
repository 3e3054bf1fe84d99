// The GPU path of batch_objects_many, host side: shards, packing, building, CPU fallback.
#include "battgpu/runtime/diagnostics.hpp"
#include "battgpu/runtime/objects_batch.hpp"

#include "core/devices.hpp"
#include "core/faults.hpp"
#include "core/grid_summary.hpp"
#include "core/host_memory.hpp"
#include "core/layout.hpp"
#include "core/objects_paths.hpp"
#include "core/objects_table.hpp"
#include "core/stats_internal.hpp"
#include "cpu/thread_pool.hpp"
#include "cuda/backend.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace battgpu::runtime::detail {
namespace {

constexpr std::size_t kGrain = 512; // grids per host task when packing or building
// Cells a device's share of a call must reach before another device is used: about 5 000
// ARC-sized grids, which a device turns around in about a millisecond.
constexpr std::uint64_t kMinCellsPerDevice = std::uint64_t{1} << 20;

std::size_t align4(std::size_t n) {
  return (n + 3) & ~std::size_t{3};
}

/// The families the device writes: all of them in the cells layout, all but the whole grid's
/// in the compact one.
std::uint32_t written_families(std::uint32_t families, bool values) {
  return values ? families : device_families(families);
}

/// What prepare() leaves for complete(): the chunk's grids as the builder sees them.
struct ChunkState {
  std::vector<BuildGrid> grids;       // grids the device labels
  std::vector<std::size_t> cpu_items; // grids with colours outside 0..9: CPU path
  std::uint64_t host_cells = 0;       // compact layout: cells of the expanded results
};

class ObjectsShard final : public cuda::ShardClient {
public:
  /// `values`: the device writes dsl::Cell values (the cells result layout) that the objects
  /// view where they land; otherwise uint16 indices that the host expands (compact).
  ObjectsShard(std::span<const dsl::Grid> grids, std::vector<std::size_t> items,
               std::uint32_t families, ModeMask modes, ObjectsTable& table, bool values)
      : grids_(grids), items_(std::move(items)), families_(families),
        device_families_(written_families(families, values)), modes_(modes), table_(table),
        values_(values), done_(items_.size(), 0) {
    family_count_ = static_cast<std::size_t>(std::popcount(device_families_ & 0x1Fu));
  }

  /// The families the device writes.
  std::uint32_t device_family_bits() const { return device_families_; }

  std::size_t item_count() const override { return items_.size(); }

  void item_bytes(std::size_t item, std::size_t& staging, std::size_t& result) const override {
    std::size_t n = grids_[items_[item]].cell_count();
    staging = sizeof(GpuGridDesc) + 4 + align4(n);
    const std::size_t cell_bytes = values_ ? kCellValueBytes : kResultCellBytes;
    result = (n + 3) * family_count_ * cell_bytes + 4 * 4 * ((n + 31) / 32);
  }

  std::size_t staging_bytes(cuda::ChunkRange range) const override {
    std::size_t colours = 0;
    for (std::size_t k = range.first; k < range.last; ++k)
      colours += align4(grids_[items_[k]].cell_count());
    return header_bytes(range.size()) + colours;
  }

  cuda::PreparedChunk prepare(cuda::ChunkRange range, std::byte* staging) override {
    Stopwatch clock;
    const std::size_t count = range.size();
    cuda::PreparedChunk chunk;
    chunk.grids = static_cast<std::uint32_t>(count);
    chunk.items_offset = count * sizeof(GpuGridDesc);
    chunk.colours_offset = header_bytes(count);
    auto* descs = reinterpret_cast<GpuGridDesc*>(staging);
    auto* work = reinterpret_cast<std::uint32_t*>(staging + chunk.items_offset);
    auto* colours = reinterpret_cast<std::uint8_t*>(staging + chunk.colours_offset);

    // Colour offsets first (from the shapes alone), then every grid packed in parallel.
    std::uint32_t offset = 0;
    for (std::size_t k = 0; k < count; ++k) {
      const dsl::Grid& g = grids_[items_[range.first + k]];
      descs[k].colour_offset = offset;
      descs[k].height = static_cast<std::uint16_t>(g.height());
      descs[k].width = static_cast<std::uint16_t>(g.width());
      offset += static_cast<std::uint32_t>(align4(g.cell_count()));
    }
    std::vector<GridSummary> summaries(count);
    const std::size_t grain = cpu_pool().grain(count, kGrain);
    cpu_pool().parallel_for((count + grain - 1) / grain, [&](std::size_t t) {
      std::size_t end = std::min(count, (t + 1) * grain);
      for (std::size_t k = t * grain; k < end; ++k) {
        const dsl::Grid& g = grids_[items_[range.first + k]];
        summaries[k] = summarise_and_pack(g, colours + descs[k].colour_offset);
      }
    });

    // Result offsets (they depend on the foreground counts), work lists by size class.
    auto state = std::make_shared<ChunkState>();
    state->grids.reserve(count);
    std::uint32_t class_count[kSizeClasses] = {};
    std::uint64_t cells = 0, words = 0, host_cells = 0;
    for (std::size_t k = 0; k < count; ++k) {
      const GridSummary& s = summaries[k];
      GpuGridDesc& d = descs[k];
      if (!s.small_colours) {
        state->cpu_items.push_back(items_[range.first + k]);
        d.height = 0; // the kernels skip it
        d.width = 0;
        d.cell_base = d.mask_base = 0;
        d.foreground = 0;
        d.background = 0;
        continue;
      }
      // Compact: the device writes every family but the whole grid's; the host's expanded
      // cells have all. Cells: the device writes them all, where the objects will view them.
      FamilyLayout l = family_layout(s.cells, s.foreground, device_families_);
      FamilyLayout h = values_ ? l : family_layout(s.cells, s.foreground, families_);
      d.cell_base = static_cast<std::uint32_t>(cells);
      d.mask_base = static_cast<std::uint32_t>(words);
      d.foreground = static_cast<std::uint16_t>(s.foreground);
      d.background = static_cast<std::uint8_t>(s.background);
      d.reserved = 0;
      state->grids.push_back(BuildGrid{items_[range.first + k], host_cells, words, s.cells,
                                       s.foreground, s.background, s.below_background, cells});
      host_cells += h.cells;
      cells += l.cells;
      words += l.words;
      ++class_count[size_class_of(s.cells)];
    }
    chunk.class_begin[0] = 0;
    for (int c = 0; c < kSizeClasses; ++c)
      chunk.class_begin[c + 1] = chunk.class_begin[c] + class_count[c];
    std::uint32_t fill[kSizeClasses];
    std::copy(chunk.class_begin, chunk.class_begin + kSizeClasses, fill);
    for (std::size_t k = 0; k < count; ++k)
      if (descs[k].height != 0 && descs[k].width != 0)
        work[fill[size_class_of(static_cast<std::uint32_t>(descs[k].height) * descs[k].width)]++] =
            static_cast<std::uint32_t>(k);
    chunk.out_cells = cells;
    chunk.out_words = words;
    chunk.cell_values = values_;
    state->host_cells = host_cells;
    chunk.staging_bytes = chunk.colours_offset + offset;
    chunk.host_state = state;
    record_stage(Stage::Pack, clock.seconds());
    return chunk;
  }

  void complete(cuda::ChunkRange range, cuda::PreparedChunk& chunk,
                std::shared_ptr<std::byte> results) override {
    Stopwatch clock;
    auto& state = *static_cast<ChunkState*>(chunk.host_state.get());
    BuildSource source;
    if (values_) {
      // The device wrote dsl::Cell values in canonical order: the objects view the pinned
      // buffer itself, which goes back to the cache when the last of them dies.
      source.owner = results;
      source.cells = reinterpret_cast<const dsl::Cell*>(results.get());
    } else {
      // The device returned uint16 cell indices; every build task expands its own grids' cells
      // into one dsl::Cell buffer that all of the chunk's objects view. The device's buffer
      // goes back to the cache as soon as the objects are built.
      auto expanded = acquire_host_buffer(
          std::max<std::size_t>(state.host_cells * sizeof(dsl::Cell), sizeof(dsl::Cell)), false);
      source.owner = expanded;
      source.cells = reinterpret_cast<const dsl::Cell*>(expanded.get());
      source.expand_to = reinterpret_cast<dsl::Cell*>(expanded.get());
      source.indices = reinterpret_cast<const std::uint16_t*>(results.get());
      source.grids = grids_.data();
    }
    source.masks = reinterpret_cast<const std::uint32_t*>(results.get() +
                                                          chunk.out_cells * chunk.cell_bytes());
    source.families = families_;
    source.modes = modes_;
    const std::size_t count = state.grids.size();
    const std::size_t grain = cpu_pool().grain(count, kGrain);
    cpu_pool().parallel_for((count + grain - 1) / grain, [&](std::size_t t) {
      std::size_t first = t * grain;
      std::size_t n = std::min(grain, count - first);
      build_objects(source, std::span<const BuildGrid>(state.grids.data() + first, n), table_.data);
    });
    record_stage(Stage::Build, clock.seconds());
    record_items(count, 0);
    table_.gpu_grids += count;
    for (const BuildGrid& g : state.grids)
      table_.on_gpu[g.result] = 1;
    if (!state.cpu_items.empty())
      cpu_objects(grids_, state.cpu_items, families_, modes_, table_);
    mark_done(range);
  }

  void fallback(cuda::ChunkRange range, const std::string& reason) override {
    record_fallback(reason, range.size());
    cpu_objects(grids_, std::span<const std::size_t>(items_.data() + range.first, range.size()),
                families_, modes_, table_);
    mark_done(range);
  }

  /// Items never completed nor fallen back (after an unexpected failure): their indices.
  std::vector<std::size_t> unfinished() const {
    std::vector<std::size_t> left;
    for (std::size_t k = 0; k < items_.size(); ++k)
      if (!done_[k])
        left.push_back(items_[k]);
    return left;
  }

private:
  static std::size_t header_bytes(std::size_t count) {
    return align4(count * sizeof(GpuGridDesc) + count * 4);
  }
  void mark_done(cuda::ChunkRange range) {
    std::fill(done_.begin() + static_cast<std::ptrdiff_t>(range.first),
              done_.begin() + static_cast<std::ptrdiff_t>(range.last), 1);
  }

  std::span<const dsl::Grid> grids_;
  std::vector<std::size_t> items_;
  std::uint32_t families_;
  std::uint32_t device_families_;
  ModeMask modes_;
  ObjectsTable& table_;
  bool values_;
  std::size_t family_count_ = 1;
  std::vector<char> done_;
};

} // namespace

bool gpu_objects(std::span<const dsl::Grid> grids, std::uint32_t families, ModeMask modes,
                 ObjectsTable& table, const RuntimeConfig& cfg) {
  Stopwatch plan_clock;
  const cuda::Probe probe = probe_devices(cfg);
  if (probe.devices.empty())
    return false;
  table.on_gpu.assign(grids.size(), 0);

  // Grids the kernels take; the others (empty, too large) go to the CPU path.
  std::vector<std::size_t> eligible, cpu_items;
  eligible.reserve(grids.size());
  std::uint64_t total_cells = 0;
  for (std::size_t i = 0; i < grids.size(); ++i) {
    std::size_t n = grids[i].cell_count();
    if (n != 0 && n <= kMaxGpuCells && grids[i].height() <= 0xFFFF && grids[i].width() <= 0xFFFF) {
      eligible.push_back(i);
      total_cells += n;
    } else {
      cpu_items.push_back(i);
    }
  }

  // Shards: every device's share in proportion to its capacity, split further when the
  // configuration asks for several shards per device.
  struct ShardPlan {
    int device;
    double weight;
  };
  // A device's share has fixed costs (a host thread, streams, launches, synchronisation):
  // a small call goes to as few devices as keep every share at kMinCellsPerDevice or more.
  const std::size_t devices_used = std::clamp<std::size_t>(
      static_cast<std::size_t>(total_cells / kMinCellsPerDevice), 1, probe.devices.size());
  std::vector<ShardPlan> plans;
  for (std::size_t k = 0; k < devices_used; ++k)
    for (int s = 0; s < cfg.shards_per_device; ++s)
      plans.push_back(
          ShardPlan{probe.devices[k].ordinal, probe.devices[k].weight / cfg.shards_per_device});
  double weight_sum = 0;
  for (const auto& p : plans)
    weight_sum += p.weight;
  std::vector<std::unique_ptr<ObjectsShard>> shards;
  std::vector<int> shard_device;
  std::size_t next = 0;
  double cells_before = 0, target = 0;
  for (std::size_t s = 0; s < plans.size() && next < eligible.size(); ++s) {
    target += plans[s].weight / weight_sum * static_cast<double>(total_cells);
    std::vector<std::size_t> items;
    while (next < eligible.size() &&
           (s + 1 == plans.size() || cells_before < target || items.empty())) {
      cells_before += static_cast<double>(grids[eligible[next]].cell_count());
      items.push_back(eligible[next++]);
    }
    shards.push_back(std::make_unique<ObjectsShard>(grids, std::move(items), families, modes, table,
                                                    cfg.result_layout == ResultLayout::Cells));
    shard_device.push_back(plans[s].device);
  }
  record_stage(Stage::Plan, plan_clock.seconds());

  const FaultPlan faults(cfg.inject_faults);
  std::vector<std::size_t> shards_on_device(shards.size(), 0);
  for (std::size_t s = 0; s < shards.size(); ++s)
    shards_on_device[s] = static_cast<std::size_t>(
        std::count(shard_device.begin(), shard_device.end(), shard_device[s]));
  auto run = [&](std::size_t s) {
    cuda::ShardSettings settings;
    settings.device = shard_device[s];
    settings.slots = cfg.streams;
    settings.memory_fraction = cfg.memory_fraction;
    settings.shards_on_device = static_cast<int>(shards_on_device[s]);
    settings.max_chunk_items = cfg.max_chunk_grids;
    settings.families = shards[s]->device_family_bits();
    settings.faults = &faults;
    try {
      cuda::run_shard(settings, *shards[s]);
    } catch (const std::exception& e) {
      auto left = shards[s]->unfinished();
      record_fallback(std::string("shard failed: ") + e.what(), left.size());
      cpu_objects(grids, left, families, modes, table);
    }
  };
  if (shards.size() == 1) {
    run(0);
  } else {
    std::vector<std::thread> threads;
    for (std::size_t s = 0; s < shards.size(); ++s)
      threads.emplace_back(run, s);
    for (auto& t : threads)
      t.join();
  }
  cpu_objects(grids, cpu_items, families, modes, table);
  return true;
}

} // namespace battgpu::runtime::detail

namespace battgpu::runtime {

KernelTiming time_objects_kernels(std::span<const dsl::Grid> grids, ModeMask modes,
                                  int repetitions) {
  using namespace detail;
  KernelTiming t;
  QuietStats quiet;
  const cuda::Probe probe = probe_devices(config());
  if (probe.devices.empty()) {
    t.reason = probe.reason;
    return t;
  }
  t.device = probe.devices.front().name;
  std::vector<std::size_t> eligible;
  for (std::size_t i = 0; i < grids.size(); ++i) {
    std::size_t n = grids[i].cell_count();
    if (n != 0 && n <= kMaxGpuCells)
      eligible.push_back(i);
  }
  const std::uint32_t families = families_for_modes(modes);
  ObjectsTable unused(0);
  ObjectsShard shard(grids, eligible, families, modes, unused,
                     config().result_layout == ResultLayout::Cells);
  cuda::ChunkRange all{0, eligible.size()};
  auto staging = acquire_host_buffer(shard.staging_bytes(all), true);
  cuda::PreparedChunk chunk = shard.prepare(all, staging.get());
  const auto& state = *static_cast<ChunkState*>(chunk.host_state.get());
  t.grids = state.grids.size();
  t.labelings = t.grids * static_cast<std::uint64_t>(mode_count(modes));
  t.bytes_in = chunk.staging_bytes;
  t.bytes_out = chunk.result_bytes();
  t.seconds = cuda::time_kernels(probe.devices.front().ordinal, chunk, staging.get(),
                                 shard.device_family_bits(), repetitions, t.reason);
  t.ok = !t.seconds.empty();
  return t;
}

CopyBandwidth measure_copy_bandwidth(std::size_t bytes, int repetitions) {
  CopyBandwidth b;
  const cuda::Probe probe = detail::probe_devices(config());
  if (probe.devices.empty()) {
    b.reason = probe.reason;
    return b;
  }
  b.ok = cuda::copy_bandwidth(probe.devices.front().ordinal, bytes, repetitions, b.host_to_device,
                              b.device_to_host, b.reason);
  return b;
}

} // namespace battgpu::runtime
