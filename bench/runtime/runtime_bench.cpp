// The batch runtime's object extraction, every path side by side in one run (issue 4):
//   objects_e2e_gpu         host grids in, DSL Objects out, through the GPU path
//   objects_e2e_cpu_batch   the runtime's CPU path on all cores
//   objects_e2e_cpu_dsl     the DSL's o_g per grid and mode, spread over all cores
//   bytes_h2d/d2h_per_grid  bytes moved each way per grid
//   sweep_* and crossover   the batch size from which the GPU path wins
// Grids are ARC training grids resampled (or synthetic ARC-like ones), all 8 modes.
//
// usage: battgpu_bench_runtime [--sizes 1000,10000,...] [--repetitions N] [--paths LIST]
//                              [--tasks DIR | --synthetic] [--no-sweep] [--commit ID]
#include "measure.hpp"

#include "battgpu/dsl.hpp"
#include "battgpu/runtime/config.hpp"
#include "battgpu/runtime/device.hpp"
#include "battgpu/runtime/objects_batch.hpp"
#include "battgpu/runtime/stats.hpp"
#include "battgpu/runtime/synthetic.hpp"
#include "battgpu/tasks/task.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace battgpu;
using Clock = std::chrono::steady_clock;

void usage() {
  std::puts(
      "usage: battgpu_bench_runtime [options]\n"
      "  --sizes LIST       batch sizes (default 1000,10000,100000,1000000)\n"
      "  --repetitions N    timed runs per measurement after one warm-up (default 5)\n"
      "  --paths LIST       of gpu,cpu,dsl,auto (default all that apply)\n"
      "  --tasks DIR        ARC task folder to resample (default ../shared/arc-agi/training)\n"
      "  --synthetic        random ARC-like grids instead of ARC grids\n"
      "  --no-sweep         skip the crossover sweep\n"
      "  --sweep-max N      largest batch of the sweep (default 65536)\n"
      "  --commit ID        commit to print in each result line\n"
      "Prints one JSON object per measurement. Exit codes: 0 ok, 1 no grids, 2 usage.");
}

std::vector<std::size_t> parse_sizes(const std::string& text) {
  std::vector<std::size_t> sizes;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty())
      sizes.push_back(static_cast<std::size_t>(std::strtoull(item.c_str(), nullptr, 10)));
  return sizes;
}

/// `count` grids drawn from `pool` with a fixed generator (the same batch every run).
std::vector<dsl::Grid> resample(const std::vector<dsl::Grid>& pool, std::size_t count,
                                std::uint64_t seed) {
  std::vector<dsl::Grid> out;
  out.reserve(count);
  std::uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (std::size_t i = 0; i < count; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    out.push_back(pool[x % pool.size()]);
  }
  return out;
}

/// Runs `make` (which returns the results) `repetitions` times after a warm-up, timing only
/// the call: the results are released outside the timed region.
template <class Make> bench::Summary time_calls(int repetitions, Make make) {
  {
    auto warm = make();
  }
  std::vector<double> seconds;
  for (int r = 0; r < repetitions; ++r) {
    auto start = Clock::now();
    auto results = make();
    seconds.push_back(std::chrono::duration<double>(Clock::now() - start).count());
  }
  std::sort(seconds.begin(), seconds.end());
  bench::Summary s;
  s.median = seconds[seconds.size() / 2];
  s.min = seconds.front();
  s.max = seconds.back();
  return s;
}

/// The DSL's o_g for every grid and mode, spread over every hardware thread.
std::vector<std::array<dsl::Objects, 8>> dsl_all_cores(const std::vector<dsl::Grid>& grids) {
  std::vector<std::array<dsl::Objects, 8>> out(grids.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (;;) {
      std::size_t first = next.fetch_add(256);
      if (first >= grids.size())
        return;
      std::size_t last = std::min(grids.size(), first + 256);
      for (std::size_t g = first; g < last; ++g)
        for (int mode = 0; mode < 8; ++mode)
          out[g][static_cast<std::size_t>(mode)] = dsl::o_g(grids[g], mode);
    }
  };
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(work);
  work();
  for (auto& t : pool)
    t.join();
  return out;
}

void print_value(const std::string& name, long long size, double value, const std::string& unit,
                 const std::string& device, const std::string& commit) {
  std::printf("{\"name\": \"%s\", \"size\": %lld, \"repetitions\": 1, \"median\": %.6g, "
              "\"spread\": 0, \"unit\": \"%s\", \"device\": \"%s\", \"commit\": \"%s\"}\n",
              name.c_str(), size, value, unit.c_str(), device.c_str(), commit.c_str());
  std::fflush(stdout);
}

void print_rate(const std::string& name, long long size, const bench::Summary& s,
                const std::string& unit, double items, const std::string& device,
                const std::string& commit, int repetitions) {
  bench::print_measurement(name, size, s, unit, items, device, commit, repetitions, "");
}

bool has(const std::string& list, const std::string& item) {
  std::stringstream in(list);
  std::string x;
  while (std::getline(in, x, ','))
    if (x == item)
      return true;
  return false;
}

} // namespace

int main(int argc, char** argv) {
  std::string tasks_dir = BATTGPU_DEFAULT_SHARED_DIR "/arc-agi/training";
  std::string commit = BATTGPU_GIT_COMMIT;
  std::string paths = "gpu,cpu,dsl,auto";
  std::vector<std::size_t> sizes{1000, 10000, 100000, 1000000};
  int repetitions = 5;
  bool synthetic = false, sweep = true;
  std::size_t sweep_max = 65536;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      usage();
      return 0;
    }
    if (arg == "--synthetic") {
      synthetic = true;
      continue;
    }
    if (arg == "--no-sweep") {
      sweep = false;
      continue;
    }
    if (i + 1 >= argc) {
      usage();
      return 2;
    }
    std::string value = argv[++i];
    if (arg == "--sizes")
      sizes = parse_sizes(value);
    else if (arg == "--repetitions")
      repetitions = std::max(1, std::atoi(value.c_str()));
    else if (arg == "--paths")
      paths = value;
    else if (arg == "--tasks")
      tasks_dir = value;
    else if (arg == "--sweep-max")
      sweep_max = static_cast<std::size_t>(std::strtoull(value.c_str(), nullptr, 10));
    else if (arg == "--commit")
      commit = value;
    else {
      usage();
      return 2;
    }
  }

  std::vector<dsl::Grid> pool;
  if (!synthetic) {
    auto loaded = tasks::load_tasks(tasks_dir);
    for (const auto& task : loaded.tasks)
      for (const auto* pairs : {&task.train, &task.test})
        for (const auto& pair : *pairs) {
          pool.push_back(pair.input);
          if (pair.output)
            pool.push_back(*pair.output);
        }
    if (pool.empty())
      std::fprintf(stderr, "no ARC grids under %s: using synthetic ARC-like grids\n",
                   tasks_dir.c_str());
  }
  if (pool.empty())
    pool = runtime::random_arc_like_grids(20000, 2024);
  if (pool.empty())
    return 1;

  const bool gpu = runtime::gpu_available();
  if (!gpu)
    std::fprintf(stderr, "GPU paths skipped: %s\n", runtime::gpu_unavailable_reason().c_str());
  const std::string gpu_name = gpu ? runtime::usable_devices().front().name : "";
  const std::string cpu_name =
      "cpu-" + std::to_string(std::max(1u, std::thread::hardware_concurrency())) + "-threads";
  const runtime::ModeMask modes = runtime::all_modes;
  const runtime::BatchOptions on_gpu{runtime::Path::Gpu}, on_cpu{runtime::Path::Cpu};

  for (std::size_t size : sizes) {
    auto grids = resample(pool, size, size);
    const double labelings = 8.0 * static_cast<double>(size);
    const long long n = static_cast<long long>(size);
    const int reps = size >= 1000000 ? std::max(1, std::min(repetitions, 3)) : repetitions;
    double gpu_median = 0;
    if (gpu && has(paths, "gpu")) {
      runtime::reset_stats();
      auto s = time_calls(reps, [&] { return runtime::batch_objects_many(grids, modes, on_gpu); });
      gpu_median = s.median;
      print_rate("objects_e2e_gpu", n, s, "labelings/s", labelings, gpu_name, commit, reps);
      auto st = runtime::stats();
      const double runs = static_cast<double>(reps + 1);
      const double h2d = static_cast<double>(st.bytes_h2d) / runs / static_cast<double>(size);
      const double d2h = static_cast<double>(st.bytes_d2h) / runs / static_cast<double>(size);
      print_value("bytes_h2d_per_grid", n, h2d, "bytes", gpu_name, commit);
      print_value("bytes_d2h_per_grid", n, d2h, "bytes", gpu_name, commit);
      const double per_run = 1.0 / runs;
      print_value("stage_pack", n, st.time.pack * per_run, "seconds", gpu_name, commit);
      print_value("stage_h2d", n, st.time.h2d * per_run, "seconds", gpu_name, commit);
      print_value("stage_kernel", n, st.time.kernel * per_run, "seconds", gpu_name, commit);
      print_value("stage_d2h", n, st.time.d2h * per_run, "seconds", gpu_name, commit);
      print_value("stage_build", n, st.time.build * per_run, "seconds", gpu_name, commit);
    }
    if (has(paths, "cpu")) {
      auto s = time_calls(reps, [&] { return runtime::batch_objects_many(grids, modes, on_cpu); });
      print_rate("objects_e2e_cpu_batch", n, s, "labelings/s", labelings, cpu_name, commit, reps);
      if (gpu_median > 0)
        print_value("speedup_gpu_vs_cpu_batch", n, s.median / gpu_median, "x", gpu_name, commit);
    }
    if (has(paths, "dsl")) {
      auto s = time_calls(reps, [&] { return dsl_all_cores(grids); });
      print_rate("objects_e2e_cpu_dsl", n, s, "labelings/s", labelings, cpu_name, commit, reps);
      if (gpu_median > 0)
        print_value("speedup_gpu_vs_cpu_dsl", n, s.median / gpu_median, "x", gpu_name, commit);
    }
  }

  if (sweep && gpu) {
    // Batch sizes 1, 2, 4, ...: where the GPU path starts to win, and what the cost model
    // (the automatic path) makes of it.
    std::size_t cross_batch = 0, cross_dsl = 0;
    double worst_auto = 0;
    for (std::size_t size = 1; size <= sweep_max; size *= 2) {
      auto grids = resample(pool, size, 7 * size + 1);
      const long long n = static_cast<long long>(size);
      const double labelings = 8.0 * static_cast<double>(size);
      auto g = time_calls(repetitions,
                          [&] { return runtime::batch_objects_many(grids, modes, on_gpu); });
      auto c = time_calls(repetitions,
                          [&] { return runtime::batch_objects_many(grids, modes, on_cpu); });
      auto d = time_calls(repetitions, [&] { return dsl_all_cores(grids); });
      auto a = time_calls(repetitions, [&] { return runtime::batch_objects_many(grids, modes); });
      print_rate("sweep_gpu", n, g, "labelings/s", labelings, gpu_name, commit, repetitions);
      print_rate("sweep_cpu_batch", n, c, "labelings/s", labelings, cpu_name, commit, repetitions);
      print_rate("sweep_cpu_dsl", n, d, "labelings/s", labelings, cpu_name, commit, repetitions);
      print_rate("sweep_auto", n, a, "labelings/s", labelings, gpu_name, commit, repetitions);
      if (cross_batch == 0 && g.median < c.median)
        cross_batch = size;
      if (cross_dsl == 0 && g.median < d.median)
        cross_dsl = size;
      worst_auto = std::max(worst_auto, a.median / std::min(g.median, c.median));
    }
    print_value("crossover_vs_cpu_batch", static_cast<long long>(cross_batch),
                static_cast<double>(cross_batch), "grids", gpu_name, commit);
    print_value("crossover_vs_cpu_dsl", static_cast<long long>(cross_dsl),
                static_cast<double>(cross_dsl), "grids", gpu_name, commit);
    print_value("auto_path_worst_ratio_to_best", 0, worst_auto, "x", gpu_name, commit);
  }
  return 0;
}
