// batch_objects_many: path choice, the CPU path, and the statistics of each call.
#include "battgpu/runtime/objects_batch.hpp"

#include "battgpu/runtime/device.hpp"
#include "core/cost_model.hpp"
#include "core/grid_summary.hpp"
#include "core/host_memory.hpp"
#include "core/layout.hpp"
#include "core/objects_paths.hpp"
#include "core/objects_table.hpp"
#include "core/stats_internal.hpp"
#include "cpu/labeler.hpp"
#include "cpu/thread_pool.hpp"

#include <bit>
#include <numeric>
#include <vector>

namespace battgpu::runtime {
namespace detail {
namespace {

/// Cells (about) per CPU task: small enough to spread a batch over every core, large enough
/// that a task's buffer and bookkeeping are negligible.
constexpr std::uint64_t kCellsPerTask = 1u << 15;

void cpu_task(std::span<const dsl::Grid> grids, const std::size_t* items, std::size_t count,
              std::uint32_t families, ModeMask modes, dsl::Objects* table) {
  std::vector<BuildGrid> plan(count);
  std::uint64_t cells = 0, words = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const dsl::Grid& g = grids[items[k]];
    GridSummary s = summarise_grid(g);
    FamilyLayout l = family_layout(s.cells, s.foreground, families);
    plan[k] =
        BuildGrid{items[k], cells, words, s.cells, s.foreground, s.background, s.below_background};
    cells += l.cells;
    words += l.words;
  }
  if (cells == 0)
    return; // only empty grids: their results stay empty
  auto buffer = acquire_host_buffer(cells * sizeof(dsl::Cell) + words * 4, false);
  auto* cell_area = reinterpret_cast<dsl::Cell*>(buffer.get());
  auto* mask_area = reinterpret_cast<std::uint32_t*>(buffer.get() + cells * sizeof(dsl::Cell));
  thread_local CpuLabeler labeler;
  for (std::size_t k = 0; k < count; ++k) {
    const BuildGrid& b = plan[k];
    FamilyLayout l = family_layout(b.cells, b.foreground, families);
    labeler.label(grids[b.result], b.background, families, l, cell_area + b.cell_base,
                  mask_area + b.mask_base);
  }
  BuildSource source;
  source.owner = buffer;
  source.cells = cell_area;
  source.masks = mask_area;
  source.families = families;
  source.modes = modes;
  build_objects(source, plan, table);
}

} // namespace

void cpu_objects(std::span<const dsl::Grid> grids, std::span<const std::size_t> items,
                 std::uint32_t families, ModeMask modes, ObjectsTable& table) {
  if (items.empty())
    return;
  Stopwatch clock;
  // Tasks of about kCellsPerTask cells, fewer for a small batch so that every core gets some.
  std::uint64_t total = 0;
  for (std::size_t item : items)
    total += grids[item].cell_count() + 1;
  const std::uint64_t cells_per_task = cpu_pool().grain(total, kCellsPerTask, 1024);
  std::vector<std::size_t> bounds{0};
  std::uint64_t acc = 0;
  for (std::size_t k = 0; k < items.size(); ++k) {
    acc += grids[items[k]].cell_count() + 1;
    if (acc >= cells_per_task) {
      bounds.push_back(k + 1);
      acc = 0;
    }
  }
  if (bounds.back() != items.size())
    bounds.push_back(items.size());
  cpu_pool().parallel_for(bounds.size() - 1, [&](std::size_t t) {
    cpu_task(grids, items.data() + bounds[t], bounds[t + 1] - bounds[t], families, modes,
             table.data);
  });
  record_stage(Stage::Cpu, clock.seconds());
  record_items(0, items.size());
}

void cpu_objects_all(std::span<const dsl::Grid> grids, std::uint32_t families, ModeMask modes,
                     ObjectsTable& table) {
  std::vector<std::size_t> items(grids.size());
  std::iota(items.begin(), items.end(), std::size_t{0});
  cpu_objects(grids, items, families, modes, table);
}

} // namespace detail

ObjectsBatch batch_objects_many(std::span<const dsl::Grid> grids, ModeMask modes,
                                const BatchOptions& options) {
  using namespace detail;
  Stopwatch clock;
  const std::size_t n = grids.size();
  const std::size_t mc = static_cast<std::size_t>(mode_count(modes));
  auto table = std::make_shared<ObjectsTable>(n * mc);
  ObjectsBatch batch(table, n, modes);
  if (n == 0 || mc == 0) {
    record_call(n, 0, false);
    return batch;
  }
  const RuntimeConfig cfg = config();
  const std::uint32_t families = families_for_modes(modes);
  std::uint64_t cells = 0;
  for (const dsl::Grid& g : grids)
    cells += g.cell_count();
  const std::uint64_t work = cells * static_cast<std::uint64_t>(std::popcount(families & 0x1Fu));
  Path path = choose_objects_path(cfg, options.path, n, work);
  record_stage(Stage::Plan, clock.seconds());

  bool used_gpu = false;
  if (path == Path::Gpu)
    used_gpu = gpu_objects(grids, families, modes, *table, cfg);
  if (!used_gpu)
    cpu_objects_all(grids, families, modes, *table);

  double seconds = clock.seconds();
  observe_objects_call(used_gpu ? Path::Gpu : Path::Cpu, n, work, seconds);
  record_call(n, n * mc, used_gpu);
  record_stage(Stage::Total, seconds);
  return batch;
}

} // namespace battgpu::runtime
