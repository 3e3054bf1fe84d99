// Regenerated batt solvers end to end (issue 5): the same synthetic solvers over the same
// tasks, every way of running them side by side in one run, each repeated:
//   original-1core    the solvers as written, one task after another on one thread
//   original-all      the solvers as written, tasks spread over every core
//   regenerated-cpu   regenerated (coroutines), cross-task batching, runtime on the CPU path
//   regenerated-gpu   the same with the runtime free to use the GPUs (the cost model picks)
// Every configuration's results are checked against original-1core's. Prints one JSON object
// per configuration, then a summary object: tasks/s, stage shares, speedups, and the
// Amdahl bound the batched stages' share allows.
//
// usage: battgpu_bench_e2e [--tasks DIR] [--repetitions N] [--jobs N] [--batch-size N]
//                          [--configs LIST] [--commit ID]
#include "measure.hpp"

#include "run.hpp"

#include "battgpu/runtime/config.hpp"
#include "battgpu/runtime/device.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace battgpu;
namespace fs = std::filesystem;

void usage() {
  std::puts("usage: battgpu_bench_e2e [options]\n"
            "  --tasks DIR        ARC task folder (default ../shared/arc-agi/training)\n"
            "  --repetitions N    timed runs per configuration, after one warm-up each, the\n"
            "                     configurations taking turns (default 3)\n"
            "  --jobs N           threads of the all-core configurations (default every core)\n"
            "  --batch-size N     tasks per cross-task batch (default: all tasks in one batch)\n"
            "  --configs LIST     of original-1core,original-all,regenerated-cpu,regenerated-gpu,\n"
            "                     regenerated-plain-1core,regenerated-auto-1core,\n"
            "                     regenerated-plain-all,regenerated-auto-all\n"
            "                     (default all; regenerated-gpu only where a GPU is usable)\n"
            "  --commit ID        commit to print in the results\n"
            "Prints one JSON object per configuration and a summary object.\n"
            "Exit codes: 0 ok, 1 no tasks or results that differ between configurations, 2 usage.");
}

struct Config {
  std::string name;
  std::string prefix; // which solvers
  unsigned jobs = 1;
  bool batching = false; // prefetch and gather
  runtime::Path path = runtime::Path::Auto;
  /// Leave prefetch and gather to `auto` (measured choice) instead of `batching`.
  bool automatic = false;
};

/// The medians of one configuration's timed runs.
struct Measured {
  bench::Summary seconds; // load excluded: prefetch + solve
  double prefetch = 0;    // task grids through the runtime
  double batched = 0;     // gathered batch points through the runtime
  double dedupe = 0;      // of which finding equal requests
  double solver_code = 0; // the solvers' own code, between batch points
  driver::RunReport last;
  bool identical = true;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

/// One configuration's runs as they are made. The configurations take turns, a run each, so
/// that a machine getting faster or slower over the benchmark weighs on all of them alike.
class Runs {
public:
  Runs(Config c, const std::vector<fs::path>& paths, std::size_t batch_size,
       const std::string& expected)
      : c_(std::move(c)), paths_(paths), expected_(expected),
        solvers_(find_solvers_with_prefix(c_.prefix)) {
    settings_.jobs = c_.jobs;
    settings_.batch_size = batch_size;
    settings_.prefetch = c_.batching ? driver::Batching::Always : driver::Batching::Never;
    settings_.gather = c_.batching ? driver::Batching::Always : driver::Batching::Never;
    if (c_.automatic)
      settings_.prefetch = settings_.gather = driver::Batching::Auto;
  }

  const Config& config() const { return c_; }

  /// One run, timed unless `warm_up`.
  void run(bool warm_up) {
    runtime::RuntimeConfig rc = runtime::config();
    rc.path = c_.path;
    runtime::configure(rc);
    driver::RunReport report = driver::run(paths_, solvers_, settings_);
    if (!expected_.empty() && driver::comparable_results(report, c_.prefix) != expected_)
      identical_ = false;
    if (!warm_up) {
      total_.push_back(report.prefetch_seconds + report.solve_seconds);
      prefetch_.push_back(report.prefetch_seconds);
      batched_.push_back(report.gathered.seconds);
      dedupe_.push_back(report.gathered.dedupe_seconds);
      code_.push_back(report.solve_seconds - report.gathered.seconds);
    }
    last_ = std::move(report);
  }

  Measured result() const {
    Measured m;
    std::vector<double> sorted = total_;
    std::sort(sorted.begin(), sorted.end());
    m.seconds = bench::Summary{median(total_), sorted.front(), sorted.back()};
    m.prefetch = median(prefetch_);
    m.batched = median(batched_);
    m.dedupe = median(dedupe_);
    m.solver_code = median(code_);
    m.last = last_;
    m.identical = identical_;
    return m;
  }

private:
  Config c_;
  const std::vector<fs::path>& paths_;
  const std::string& expected_;
  std::vector<const SolverInfo*> solvers_;
  driver::RunSettings settings_;
  std::vector<double> total_, prefetch_, batched_, dedupe_, code_;
  driver::RunReport last_;
  bool identical_ = true;
};

std::string json_number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

} // namespace

int main(int argc, char** argv) {
  fs::path tasks = fs::path(BATTGPU_DEFAULT_SHARED_DIR) / "arc-agi" / "training";
  if (const char* shared = std::getenv("BATTGPU_SHARED_DIR"))
    tasks = fs::path(shared) / "arc-agi" / "training";
  int repetitions = 3;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  std::size_t batch_size = 0;
  std::string commit = BATTGPU_GIT_COMMIT;
  std::vector<std::string> wanted{"original-1core", "original-all", "regenerated-cpu",
                                  "regenerated-gpu"};
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "battgpu_bench_e2e: %s needs a value\n", arg.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    auto count = [&](long long min) {
      const std::string v = value();
      char* end = nullptr;
      const long long n = std::strtoll(v.c_str(), &end, 10);
      if (end == v.c_str() || *end != '\0' || n < min) {
        std::fprintf(stderr, "battgpu_bench_e2e: %s needs a whole number >= %lld, not '%s'\n",
                     arg.c_str(), min, v.c_str());
        std::exit(2);
      }
      return n;
    };
    if (arg == "-h" || arg == "--help") {
      usage();
      return 0;
    } else if (arg == "--tasks") {
      tasks = value();
    } else if (arg == "--repetitions") {
      repetitions = static_cast<int>(count(1));
    } else if (arg == "--jobs") {
      jobs = static_cast<unsigned>(count(1));
    } else if (arg == "--batch-size") {
      batch_size = static_cast<std::size_t>(count(1));
    } else if (arg == "--commit") {
      commit = value();
    } else if (arg == "--configs") {
      wanted.clear();
      std::stringstream in(value());
      for (std::string item; std::getline(in, item, ',');)
        wanted.push_back(item);
    } else {
      std::fprintf(stderr, "battgpu_bench_e2e: unknown option '%s'\n", arg.c_str());
      usage();
      return 2;
    }
  }

  const std::vector<Config> all{
      {"original-1core", "e2e_original-", 1, false, runtime::Path::Cpu},
      {"original-all", "e2e_original-", jobs, false, runtime::Path::Cpu},
      {"regenerated-cpu", "e2e_regenerated-", jobs, true, runtime::Path::Cpu},
      {"regenerated-gpu", "e2e_regenerated-", jobs, true, runtime::Path::Auto},
      // `auto` against its plain counterpart (the stages off), at one and all cores: auto
      // must never be the slower.
      {"regenerated-plain-1core", "e2e_regenerated-", 1, false, runtime::Path::Auto},
      {"regenerated-auto-1core", "e2e_regenerated-", 1, false, runtime::Path::Auto, true},
      {"regenerated-plain-all", "e2e_regenerated-", jobs, false, runtime::Path::Auto},
      {"regenerated-auto-all", "e2e_regenerated-", jobs, false, runtime::Path::Auto, true},
  };
  std::vector<Config> configs;
  for (const std::string& name : wanted) {
    auto it = std::find_if(all.begin(), all.end(), [&](const Config& c) { return c.name == name; });
    if (it == all.end()) {
      std::fprintf(stderr, "battgpu_bench_e2e: unknown configuration '%s'\n", name.c_str());
      return 2;
    }
    if (it->name == "regenerated-gpu" && !runtime::gpu_available()) {
      std::fprintf(stderr, "battgpu_bench_e2e: no usable GPU: regenerated-gpu not run\n");
      continue;
    }
    configs.push_back(*it);
  }

  const std::vector<fs::path> paths{tasks};
  const tasks::LoadResult loaded = tasks::load_tasks(paths);
  if (loaded.tasks.empty()) {
    std::fprintf(stderr, "battgpu_bench_e2e: no tasks in %s\n", tasks.string().c_str());
    return 1;
  }
  if (batch_size == 0)
    batch_size = loaded.tasks.size();
  std::size_t tests = 0;
  for (const tasks::Task& t : loaded.tasks)
    tests += t.test.size();
  const std::size_t solver_count = find_solvers_with_prefix("e2e_original-").size();
  std::size_t coroutines = 0;
  for (const SolverInfo* s : find_solvers_with_prefix("e2e_regenerated-"))
    coroutines += s->has_suspension_points;
  std::string device = "cpu only";
  if (const auto gpus = runtime::usable_devices(); !gpus.empty())
    device = std::to_string(gpus.size()) + " x " + gpus.front().name;

  // The reference: the originals one task at a time, computed once before any timing.
  std::string expected;
  {
    driver::RunSettings reference;
    reference.jobs = jobs;
    reference.prefetch = driver::Batching::Never;
    reference.gather = driver::Batching::Never;
    expected = driver::comparable_results(
        driver::run(paths, find_solvers_with_prefix("e2e_original-"), reference), "e2e_original-");
  }

  std::map<std::string, Measured> results;
  bool all_identical = true;
  std::vector<Runs> runs;
  for (const Config& c : configs)
    runs.emplace_back(c, paths, batch_size, expected);
  for (int r = -1; r < repetitions; ++r) // r = -1: warm-up
    for (Runs& one : runs) {
      one.run(r < 0);
      std::fprintf(stderr, "%s: run %d of %d done\n", one.config().name.c_str(), r + 2,
                   repetitions + 1);
    }
  for (const Runs& one : runs) {
    const Config& c = one.config();
    Measured m = one.result();
    all_identical &= m.identical;
    const double n = static_cast<double>(loaded.tasks.size());
    const driver::RunReport& r = m.last;
    std::string extra =
        ", \"config\": \"" + c.name + "\", \"jobs\": " + std::to_string(c.jobs) +
        ", \"batch_size\": " + std::to_string(c.batching ? batch_size : 1) +
        ", \"tasks\": " + std::to_string(loaded.tasks.size()) +
        ", \"test_inputs\": " + std::to_string(tests) +
        ", \"solvers\": " + std::to_string(solver_count) +
        ", \"identical_results\": " + (m.identical ? "true" : "false") +
        ", \"stages_s\": {\"prefetch\": " + json_number(m.prefetch) +
        ", \"batched\": " + json_number(m.batched) +
        ", \"batched_dedupe\": " + json_number(m.dedupe) +
        ", \"solver_code\": " + json_number(m.solver_code) + "}" +
        ", \"gathered\": {\"rounds\": " + std::to_string(r.gathered.rounds) +
        ", \"object_requests\": " + std::to_string(r.gathered.object_requests) +
        ", \"mapply_requests\": " + std::to_string(r.gathered.mapply_requests) +
        ", \"distinct_grids\": " + std::to_string(r.gathered.distinct_grids) +
        ", \"distinct_containers\": " + std::to_string(r.gathered.distinct_containers) +
        ", \"runtime_calls\": " + std::to_string(r.gathered.runtime_calls) +
        "}, \"runtime_gpu_items\": " + std::to_string(r.runtime.gpu_items) +
        ", \"runtime_items\": " + std::to_string(r.runtime.items) +
        ", \"prefetch_used\": " + (r.prefetch_used ? "true" : "false") +
        ", \"gather_used\": " + (r.gather_used ? "true" : "false") +
        ", \"auto_trials\": " + std::to_string(r.trials.size());
    bench::print_measurement("e2e_" + c.name, static_cast<long long>(loaded.tasks.size()),
                             m.seconds, "tasks/s", n, device, commit, repetitions, extra);
    results.emplace(c.name, std::move(m));
  }

  // Summary: speedups over original-1core; the batched stages' share of the regenerated CPU
  // run and the Amdahl bound it gives the GPU run (batched stages at no cost).
  auto seconds = [&](const std::string& name) {
    auto it = results.find(name);
    return it == results.end() ? 0.0 : it->second.seconds.median;
  };
  std::string summary = "{\"name\": \"e2e_summary\", \"commit\": \"" + commit +
                        "\", \"device\": \"" + device + "\", \"regenerated_by\": \"" +
                        BATTGPU_E2E_REGENERATED_BY +
                        "\", \"seed\": " + std::to_string(BATTGPU_E2E_SEED) +
                        ", \"coroutine_solvers\": " + std::to_string(coroutines) +
                        ", \"identical_results\": " + (all_identical ? "true" : "false") +
                        ", \"speedup_vs_original_1core\": {";
  const double base = seconds("original-1core");
  bool first = true;
  for (const auto& [name, m] : results) {
    summary += (first ? "\"" : ", \"") + name + "\": " +
               json_number(base > 0 && m.seconds.median > 0 ? base / m.seconds.median : 0.0);
    first = false;
  }
  summary += "}";
  if (auto cpu = results.find("regenerated-cpu"); cpu != results.end()) {
    const Measured& c = cpu->second;
    const double batched_cpu = c.prefetch + c.batched;
    const double share = c.seconds.median > 0 ? batched_cpu / c.seconds.median : 0.0;
    summary += ", \"batched_share_cpu\": " + json_number(share);
    if (auto gpu = results.find("regenerated-gpu"); gpu != results.end()) {
      const Measured& g = gpu->second;
      const double batched_gpu = g.prefetch + g.batched;
      const double bound = c.seconds.median - batched_cpu; // batched stages at no cost
      summary += ", \"batched_speedup_gpu_vs_cpu\": " +
                 json_number(batched_gpu > 0 ? batched_cpu / batched_gpu : 0.0) +
                 ", \"gpu_vs_cpu_regenerated\": " +
                 json_number(g.seconds.median > 0 ? c.seconds.median / g.seconds.median : 0.0) +
                 ", \"amdahl_bound_s\": " + json_number(bound) +
                 ", \"gpu_over_bound\": " + json_number(bound > 0 ? g.seconds.median / bound : 0.0);
    }
  }
  // auto against plain: the ratio of their medians (at most about 1: auto never slower).
  for (const char* cores : {"1core", "all"}) {
    const double plain = seconds(std::string("regenerated-plain-") + cores);
    const double automatic = seconds(std::string("regenerated-auto-") + cores);
    if (plain > 0 && automatic > 0)
      summary +=
          std::string(", \"auto_over_plain_") + cores + "\": " + json_number(automatic / plain);
  }
  summary += "}";
  std::puts(summary.c_str());
  return all_identical ? 0 : 1;
}
