#include "core/cost_model.hpp"

#include "core/devices.hpp"
#include "core/stats_internal.hpp"

#include <algorithm>
#include <mutex>

namespace battgpu::runtime::detail {
namespace {

std::mutex& model_mutex() {
  static std::mutex* m = new std::mutex;
  return *m;
}

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
    if (kind == CostKind::PyObjects) // the statistics show object extraction's model
      record_cost_model(e.cpu_per_cell, e.gpu_per_call, e.gpu_per_cell);
  }
  std::lock_guard lock(model_mutex());
  const KindEstimates& e = kind_estimates(kind);
  double w = static_cast<double>(work);
  return (e.gpu_per_call + w * e.gpu_per_cell) * cfg.gpu_margin < w * e.cpu_per_cell ? Path::Gpu
                                                                                     : Path::Cpu;
}

} // namespace battgpu::runtime::detail
