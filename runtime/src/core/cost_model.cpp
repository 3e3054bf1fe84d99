#include "core/cost_model.hpp"

#include "battgpu/runtime/objects_batch.hpp"
#include "battgpu/runtime/synthetic.hpp"
#include "core/devices.hpp"
#include "core/layout.hpp"
#include "core/objects_paths.hpp"
#include "core/objects_table.hpp"
#include "core/stats_internal.hpp"

#include <algorithm>
#include <bit>
#include <mutex>

namespace battgpu::runtime::detail {
namespace {

struct Estimates {
  bool calibrated = false;
  bool calibrating = false;
  double cpu_per_cell = 0;
  double gpu_per_call = 0;
  double gpu_per_cell = 0;
};

std::mutex& model_mutex() {
  static std::mutex* m = new std::mutex;
  return *m;
}

Estimates& estimates() {
  static Estimates* e = new Estimates;
  return *e;
}

std::uint64_t work_of(std::span<const dsl::Grid> grids, std::uint32_t families) {
  std::uint64_t cells = 0;
  for (const dsl::Grid& g : grids)
    cells += g.cell_count();
  return cells * static_cast<std::uint64_t>(std::popcount(families & 0x1Fu));
}

/// Best of `repeats` timings of one path on `grids`, every mode.
double time_path(std::span<const dsl::Grid> grids, bool gpu, const RuntimeConfig& cfg,
                 int repeats) {
  const ModeMask modes = all_modes;
  const std::uint32_t families = families_for_modes(modes);
  double best = 1e30;
  for (int r = 0; r < repeats; ++r) {
    ObjectsTable table(grids.size() * 8);
    Stopwatch clock;
    bool ok = gpu ? gpu_objects(grids, families, modes, table, cfg) : true;
    if (!gpu)
      cpu_objects_all(grids, families, modes, table);
    if (!ok)
      return -1;
    best = std::min(best, clock.seconds());
  }
  return best;
}

/// Measures both paths on synthetic ARC-like grids.
void calibrate(const RuntimeConfig& cfg) {
  QuietStats quiet;
  auto large = random_arc_like_grids(4096, 0xCA11B8A7Eull);
  std::span<const dsl::Grid> small(large.data(), 16);
  const std::uint32_t families = families_for_modes(all_modes);
  const double large_work = static_cast<double>(work_of(large, families));
  const double small_work = static_cast<double>(work_of(small, families));
  RuntimeConfig gpu_cfg = cfg;
  gpu_cfg.inject_faults.clear();
  time_path(small, true, gpu_cfg, 1); // warm-up: device buffers, pinned memory, kernels
  time_path(large, true, gpu_cfg, 1);
  double t_cpu = time_path(large, false, cfg, 2);
  double t_small = time_path(small, true, gpu_cfg, 3);
  double t_large = time_path(large, true, gpu_cfg, 2);
  std::lock_guard lock(model_mutex());
  Estimates& e = estimates();
  e.calibrating = false;
  e.calibrated = true;
  e.cpu_per_cell = t_cpu / large_work;
  if (t_small < 0 || t_large < 0) {
    // The device failed while measuring: the CPU path wins until measured otherwise.
    e.gpu_per_call = 1e30;
    e.gpu_per_cell = 1e30;
  } else {
    e.gpu_per_call = t_small;
    e.gpu_per_cell = std::max(0.0, (t_large - t_small) / std::max(1.0, large_work - small_work));
  }
  record_cost_model(e.cpu_per_cell, e.gpu_per_call, e.gpu_per_cell);
}

} // namespace

Path choose_objects_path(const RuntimeConfig& cfg, Path requested, std::size_t grids,
                         std::uint64_t work) {
  Path path = requested == Path::Auto ? cfg.path : requested;
  if (path != Path::Auto)
    return path;
  if (probe_devices(cfg).devices.empty())
    return Path::Cpu;
  if (cfg.gpu_min_grids != 0)
    return grids >= cfg.gpu_min_grids ? Path::Gpu : Path::Cpu;
  bool run_calibration = false;
  {
    std::lock_guard lock(model_mutex());
    Estimates& e = estimates();
    if (!e.calibrated) {
      if (e.calibrating)
        return Path::Cpu; // another thread is measuring
      e.calibrating = true;
      run_calibration = true;
    }
  }
  if (run_calibration)
    calibrate(cfg);
  std::lock_guard lock(model_mutex());
  const Estimates& e = estimates();
  double w = static_cast<double>(work);
  double cpu = w * e.cpu_per_cell;
  double gpu = e.gpu_per_call + w * e.gpu_per_cell;
  return gpu * cfg.gpu_margin < cpu ? Path::Gpu : Path::Cpu;
}

void observe_objects_call(Path path, std::size_t grids, std::uint64_t work, double seconds) {
  std::lock_guard lock(model_mutex());
  Estimates& e = estimates();
  if (!e.calibrated || work == 0)
    return;
  constexpr double kWeight = 0.2;
  double w = static_cast<double>(work);
  if (path == Path::Cpu && grids >= 64) {
    e.cpu_per_cell += kWeight * (seconds / w - e.cpu_per_cell);
  } else if (path == Path::Gpu && e.gpu_per_call < 1e29 && seconds > 4 * e.gpu_per_call) {
    double per_cell = (seconds - e.gpu_per_call) / w;
    e.gpu_per_cell += kWeight * (per_cell - e.gpu_per_cell);
  } else {
    return;
  }
  record_cost_model(e.cpu_per_cell, e.gpu_per_call, e.gpu_per_cell);
}

namespace {

struct KindEstimates {
  bool calibrated = false;
  bool calibrating = false;
  double cpu_per_cell = 0;
  double gpu_per_call = 0;
  double gpu_per_cell = 0;
};

KindEstimates& kind_estimates(CostKind kind) {
  static KindEstimates* e = new KindEstimates[static_cast<int>(CostKind::Count)];
  return e[static_cast<int>(kind)];
}

} // namespace

Path choose_path(CostKind kind, const RuntimeConfig& cfg, Path requested, std::size_t items,
                 std::uint64_t work, CalibrationRun calibrate, std::uint64_t calibration_work,
                 std::uint64_t small_work) {
  Path path = requested == Path::Auto ? cfg.path : requested;
  if (path != Path::Auto)
    return path;
  if (probe_devices(cfg).devices.empty())
    return Path::Cpu;
  if (cfg.gpu_min_grids != 0)
    return items >= cfg.gpu_min_grids ? Path::Gpu : Path::Cpu;
  bool run = false;
  {
    std::lock_guard lock(model_mutex());
    KindEstimates& e = kind_estimates(kind);
    if (!e.calibrated) {
      if (e.calibrating)
        return Path::Cpu;
      e.calibrating = true;
      run = true;
    }
  }
  if (run) {
    QuietStats quiet;
    calibrate(true, 16); // warm-up
    double t_cpu = calibrate(false, 4096);
    double t_small = calibrate(true, 16);
    double t_large = calibrate(true, 4096);
    std::lock_guard lock(model_mutex());
    KindEstimates& e = kind_estimates(kind);
    e.calibrated = true;
    e.calibrating = false;
    e.cpu_per_cell = t_cpu / static_cast<double>(std::max<std::uint64_t>(1, calibration_work));
    if (t_small < 0 || t_large < 0) {
      e.gpu_per_call = e.gpu_per_cell = 1e30;
    } else {
      e.gpu_per_call = t_small;
      e.gpu_per_cell =
          std::max(0.0, (t_large - t_small) /
                            static_cast<double>(std::max<std::uint64_t>(
                                1, calibration_work - std::min(calibration_work, small_work))));
    }
  }
  std::lock_guard lock(model_mutex());
  const KindEstimates& e = kind_estimates(kind);
  double w = static_cast<double>(work);
  return (e.gpu_per_call + w * e.gpu_per_cell) * cfg.gpu_margin < w * e.cpu_per_cell ? Path::Gpu
                                                                                     : Path::Cpu;
}

} // namespace battgpu::runtime::detail
