// batch_grid_values: colour statistics of many grids, on the GPU or the CPU path.
#include "battgpu/runtime/grid_values.hpp"

#include "battgpu/dsl/set_order.hpp"
#include "battgpu/runtime/synthetic.hpp"
#include "core/cost_model.hpp"
#include "core/devices.hpp"
#include "core/gpu_grids.hpp"
#include "core/host_memory.hpp"
#include "core/stats_internal.hpp"
#include "cpu/thread_pool.hpp"
#include "cuda/backend.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <unordered_map>

namespace battgpu::runtime {
namespace {
constexpr std::size_t kGrain = 1024; // grids per host task, at most
} // namespace

// `frozenset({v for r in grid for v in r})`: the set comprehension, then its copy.
dsl::IntegerSet GridColours::palette() const {
  dsl::SetBuilder<int> set;
  for (int c : first_seen)
    set.add(c);
  return dsl::frozen_copy(set);
}

dsl::Tuple<dsl::Integer> GridColours::p_g() const {
  return dsl::Tuple<dsl::Integer>(std::vector<int>(colours));
}

dsl::Integer GridColours::mostcolor() const {
  std::size_t best = 0;
  for (std::size_t k = 1; k < colours.size(); ++k)
    if (counts[k] > counts[best])
      best = k;
  return colours.empty() ? 0 : colours[best];
}

dsl::Integer GridColours::leastcolor() const {
  std::size_t best = 0;
  for (std::size_t k = 1; k < colours.size(); ++k)
    if (counts[k] < counts[best])
      best = k;
  return colours.empty() ? 0 : colours[best];
}

std::size_t GridValuesBatch::gpu_grids() const {
  return static_cast<std::size_t>(std::count(on_gpu_.begin(), on_gpu_.end(), std::uint8_t{1}));
}

namespace {

/// Distinct colours in first-seen order with their counts, put in the DSL's set order.
GridColours finish(std::vector<int> seen, std::vector<std::uint32_t> counts) {
  GridColours out;
  std::vector<int> ordered = seen;
  dsl::to_cpython_set_order(std::span<int>(ordered));
  out.colours = ordered;
  out.first_seen = seen;
  out.counts.reserve(ordered.size());
  for (int c : ordered)
    out.counts.push_back(
        counts[static_cast<std::size_t>(std::find(seen.begin(), seen.end(), c) - seen.begin())]);
  return out;
}

std::size_t align4(std::size_t n) {
  return (n + 3) & ~std::size_t{3};
}

/// The GPU path for `items`; false when the device fails (nothing is then stored).
bool gpu_grid_values(std::span<const dsl::Grid> grids, const std::vector<std::size_t>& items,
                     int device, std::vector<GridColours>& out) {
  using detail::GpuGridDesc;
  const std::size_t count = items.size();
  if (count == 0)
    return true;
  detail::Stopwatch pack_clock;
  const std::size_t header = align4(count * sizeof(GpuGridDesc));
  std::size_t colours = 0;
  for (std::size_t k : items)
    colours += align4(grids[k].cell_count());
  auto staging = detail::acquire_host_buffer(header + colours, true);
  auto* descs = reinterpret_cast<GpuGridDesc*>(staging.get());
  auto* bytes = reinterpret_cast<std::uint8_t*>(staging.get() + header);
  std::uint32_t offset = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const dsl::Grid& g = grids[items[k]];
    descs[k] = GpuGridDesc{offset, static_cast<std::uint16_t>(g.height()),
                           static_cast<std::uint16_t>(g.width())};
    offset += static_cast<std::uint32_t>(align4(g.cell_count()));
  }
  const std::size_t pack_grain = detail::cpu_pool().grain(count, kGrain);
  detail::cpu_pool().parallel_for((count + pack_grain - 1) / pack_grain, [&](std::size_t t) {
    for (std::size_t k = t * pack_grain; k < std::min(count, (t + 1) * pack_grain); ++k) {
      const dsl::Grid& g = grids[items[k]];
      const int* c = g.cells();
      std::uint8_t* dst = bytes + descs[k].colour_offset;
      for (std::size_t i = 0; i < g.cell_count(); ++i)
        dst[i] = static_cast<std::uint8_t>(c[i]);
    }
  });
  detail::record_stage(detail::Stage::Pack, pack_clock.seconds());
  std::vector<std::byte> result(count * 40);
  std::string error;
  if (!cuda::grid_colours(device, staging.get(), header + colours, header,
                          static_cast<std::uint32_t>(count), result.data(), error)) {
    detail::record_fallback("device error: " + error, count);
    return false;
  }
  detail::Stopwatch build_clock;
  const std::size_t build_grain = detail::cpu_pool().grain(count, kGrain);
  detail::cpu_pool().parallel_for((count + build_grain - 1) / build_grain, [&](std::size_t t) {
    for (std::size_t k = t * build_grain; k < std::min(count, (t + 1) * build_grain); ++k) {
      std::uint16_t counts[10], first[10];
      std::memcpy(counts, result.data() + k * 40, 20);
      std::memcpy(first, result.data() + k * 40 + 20, 20);
      std::vector<int> seen;
      for (int c = 0; c < 10; ++c)
        if (counts[c] != 0)
          seen.push_back(c);
      std::sort(seen.begin(), seen.end(), [&](int a, int b) { return first[a] < first[b]; });
      std::vector<std::uint32_t> by_colour(seen.size());
      for (std::size_t s = 0; s < seen.size(); ++s)
        by_colour[s] = counts[seen[s]];
      out[items[k]] = finish(std::move(seen), std::move(by_colour));
    }
  });
  detail::record_stage(detail::Stage::Build, build_clock.seconds());
  return true;
}

void cpu_grid_values(std::span<const dsl::Grid> grids, std::vector<GridColours>& out) {
  detail::Stopwatch clock;
  const std::size_t grain = detail::cpu_pool().grain(grids.size(), kGrain);
  detail::cpu_pool().parallel_for((grids.size() + grain - 1) / grain, [&](std::size_t t) {
    for (std::size_t k = t * grain; k < std::min(grids.size(), (t + 1) * grain); ++k)
      out[k] = grid_colours(grids[k]);
  });
  detail::record_stage(detail::Stage::Cpu, clock.seconds());
}

double calibrate_grid_values(bool gpu, std::size_t items) {
  static const std::vector<dsl::Grid>* grids =
      new std::vector<dsl::Grid>(random_arc_like_grids(4096, 0x6C0105ull));
  std::span<const dsl::Grid> batch(grids->data(), std::min(items, grids->size()));
  double best = 1e30;
  for (int r = 0; r < 2; ++r) {
    detail::Stopwatch clock;
    std::vector<GridColours> out(batch.size());
    if (gpu) {
      auto devices = detail::probe_devices(config()).devices;
      std::vector<std::size_t> all(batch.size());
      std::iota(all.begin(), all.end(), std::size_t{0});
      if (devices.empty() || !gpu_grid_values(batch, all, devices.front().ordinal, out))
        return -1;
    } else {
      cpu_grid_values(batch, out);
    }
    best = std::min(best, clock.seconds());
  }
  return best;
}

} // namespace

GridColours grid_colours(const dsl::Grid& grid) {
  const int* c = grid.cells();
  const std::size_t n = grid.cell_count();
  std::vector<int> seen;
  std::vector<std::uint32_t> counts;
  std::uint32_t small[10] = {};
  bool is_small = true;
  for (std::size_t i = 0; i < n && is_small; ++i)
    is_small = static_cast<unsigned>(c[i]) <= 9;
  if (is_small) {
    for (std::size_t i = 0; i < n; ++i)
      if (small[c[i]]++ == 0)
        seen.push_back(c[i]);
    for (int v : seen)
      counts.push_back(small[v]);
  } else {
    std::unordered_map<int, std::size_t> index;
    for (std::size_t i = 0; i < n; ++i) {
      auto [it, inserted] = index.try_emplace(c[i], seen.size());
      if (inserted) {
        seen.push_back(c[i]);
        counts.push_back(0);
      }
      ++counts[it->second];
    }
  }
  return finish(std::move(seen), std::move(counts));
}

GridValuesBatch batch_grid_values(std::span<const dsl::Grid> grids, const BatchOptions& options) {
  detail::Stopwatch clock;
  const RuntimeConfig cfg = config();
  std::uint64_t cells = 0;
  for (const dsl::Grid& g : grids)
    cells += g.cell_count();
  static const std::uint64_t calibration_cells = [] {
    std::uint64_t n = 0;
    for (const dsl::Grid& g : random_arc_like_grids(4096, 0x6C0105ull))
      n += g.cell_count();
    return n;
  }();
  Path path =
      detail::choose_path(detail::CostKind::GridValues, cfg, options.path, grids.size(), cells,
                          calibrate_grid_values, calibration_cells, calibration_cells / 256);
  std::vector<GridColours> out(grids.size());
  std::vector<std::uint8_t> flags(grids.size(), 0);
  std::size_t on_gpu = 0;
  bool done = false;
  if (path == Path::Gpu) {
    auto devices = detail::probe_devices(cfg).devices;
    if (!devices.empty()) {
      std::vector<std::size_t> eligible, rest;
      for (std::size_t i = 0; i < grids.size(); ++i) {
        const dsl::Grid& g = grids[i];
        bool ok = g.cell_count() != 0 && g.cell_count() <= detail::kMaxGpuCells;
        for (std::size_t k = 0; ok && k < g.cell_count(); ++k)
          ok = static_cast<unsigned>(g.cells()[k]) <= 9;
        (ok ? eligible : rest).push_back(i);
      }
      if (gpu_grid_values(grids, eligible, devices.front().ordinal, out)) {
        on_gpu = eligible.size();
        for (std::size_t i : eligible)
          flags[i] = 1;
        for (std::size_t i : rest)
          out[i] = grid_colours(grids[i]);
        done = true;
      }
    }
  }
  if (!done)
    cpu_grid_values(grids, out);
  detail::record_call(grids.size(), 0, on_gpu != 0);
  detail::record_items(on_gpu, grids.size() - on_gpu);
  detail::record_stage(detail::Stage::Total, clock.seconds());
  return GridValuesBatch(std::move(out), std::move(flags));
}

} // namespace battgpu::runtime
