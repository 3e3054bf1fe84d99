// Object extraction of Python programs in batches (issue 13): batch_py_objects on the GPU and
// CPU paths side by side, ARC training grids (inputs and outputs) resampled to each batch
// size, the 8 modes and both dialects in turn. One JSON object per measurement:
//   py_objects_layouts_{gpu,cpu}     the layouts alone (the simulation; the GPU's transfers)
//   py_objects_values_{gpu,cpu}      layouts and Python values (what the interpreter gets)
//   py_objects_materialise           the values made from computed layouts, all threads
//   py_objects_cpu_1thread           simulation and values on one thread (the CPU path's work
//                                    per request, without the pool)
//   py_objects_call_1thread          py::call of the dialect's o_g per request on one thread
//                                    (the interpreter without batching)
// Each line gives the median per-request time ("us_per_request") and, for the values lines,
// the share of it spent making values ("materialise_share": the materialisation's median over
// the values' median).
//
// usage: battgpu_bench_py_objects [--sizes 1000,10000,100000] [--repetitions N]
//                                 [--paths gpu,cpu,cpu1,call] [--tasks DIR] [--layouts-only]
//                                 [--commit ID]
#include "measure.hpp"

#include "battgpu/dialects/module.hpp"
#include "battgpu/dialects/objects_request.hpp"
#include "battgpu/py/py.hpp"
#include "battgpu/runtime/device.hpp"
#include "battgpu/runtime/py_objects.hpp"
#include "battgpu/runtime/stats.hpp"
#include "battgpu/runtime/synthetic.hpp"
#include "battgpu/tasks/task.hpp"

#include <algorithm>
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

void usage() {
  std::puts(
      "usage: battgpu_bench_py_objects [options]\n"
      "  --sizes LIST       batch sizes (default 1000,10000,100000)\n"
      "  --repetitions N    timed runs per measurement after one warm-up (default 5)\n"
      "  --paths LIST       of gpu,cpu,cpu1,call (default all that apply)\n"
      "  --tasks DIR        ARC task folder to resample (default ../shared/arc-agi/training)\n"
      "  --layouts-only     measure the layouts alone (no values)\n"
      "  --commit ID        commit to print in each result line\n"
      "Prints one JSON object per measurement. Exit codes: 0 ok, 1 no grids, 2 usage.");
}

bool has(const std::string& list, const std::string& item) {
  std::stringstream in(list);
  std::string x;
  while (std::getline(in, x, ','))
    if (x == item)
      return true;
  return false;
}

struct Batch {
  std::vector<std::int8_t> cells;
  std::vector<runtime::PyObjectsRequest> requests;
  std::vector<py::Value> grids; // as Python values, for py::call
  std::uint64_t cells_total = 0;
};

/// `size` requests: grids of the pool in a fixed pseudo-random order, the modes 0..7 and the
/// dialects in turn.
Batch make_batch(const std::vector<dsl::Grid>& pool, std::size_t size) {
  Batch b;
  std::vector<std::size_t> offset;
  std::uint64_t state = 0x9E3779B97F4A7C15ULL ^ size;
  std::vector<std::size_t> pick(size);
  for (std::size_t k = 0; k < size; ++k) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    pick[k] = static_cast<std::size_t>((state >> 33) % pool.size());
    const dsl::Grid& g = pool[pick[k]];
    offset.push_back(b.cells.size());
    for (std::size_t c = 0; c < g.cell_count(); ++c)
      b.cells.push_back(static_cast<std::int8_t>(g.cells()[c]));
  }
  for (std::size_t k = 0; k < size; ++k) {
    const dsl::Grid& g = pool[pick[k]];
    runtime::PyObjectsRequest r;
    r.cells = b.cells.data() + offset[k];
    r.h = static_cast<std::uint32_t>(g.height());
    r.w = static_cast<std::uint32_t>(g.width());
    r.mode = static_cast<std::uint8_t>(k % 8);
    r.dialect = (k / 8) % 2 == 0 ? py::Dialect::Tokpidjin : py::Dialect::ArcDsl;
    b.requests.push_back(r);
    b.cells_total += std::uint64_t{r.h} * r.w;
    py::Value rows = py::new_tuple(r.h);
    for (std::uint32_t i = 0; i < r.h; ++i) {
      py::Value row = py::new_tuple(r.w);
      for (std::uint32_t j = 0; j < r.w; ++j)
        py::tuple_items(row)[j] = py::Value::integer(g.at(i, j));
      py::tuple_items(rows)[i] = std::move(row);
    }
    b.grids.push_back(std::move(rows));
  }
  return b;
}

/// Like bench::time_repeated, with `reset` run untimed before each run (dropping the previous
/// run's values is the caller's cost, not the call's).
template <class Work, class Reset>
bench::Summary time_with_reset(int repetitions, Work work, Reset reset) {
  reset();
  work();
  std::vector<double> seconds;
  for (int r = 0; r < repetitions; ++r) {
    reset();
    const auto start = std::chrono::steady_clock::now();
    work();
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(seconds.begin(), seconds.end());
  bench::Summary s;
  s.median = seconds[seconds.size() / 2];
  s.min = seconds.front();
  s.max = seconds.back();
  return s;
}

std::string fields(double us_per_request, double cells, const std::string& more = "") {
  char text[256];
  std::snprintf(text, sizeof text, ", \"us_per_request\": %.4g, \"cells_per_request\": %.4g%s",
                us_per_request, cells, more.c_str());
  return text;
}

} // namespace

int main(int argc, char** argv) {
  std::string tasks_dir = BATTGPU_DEFAULT_SHARED_DIR "/arc-agi/training";
  std::string commit = BATTGPU_GIT_COMMIT;
  std::string paths = "gpu,cpu,cpu1,call";
  std::vector<std::size_t> sizes{1000, 10000, 100000};
  int repetitions = 5;
  bool layouts_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      usage();
      return 0;
    }
    if (arg == "--layouts-only") {
      layouts_only = true;
      continue;
    }
    if (i + 1 >= argc) {
      usage();
      return 2;
    }
    const std::string value = argv[++i];
    if (arg == "--sizes") {
      sizes.clear();
      std::stringstream in(value);
      std::string item;
      while (std::getline(in, item, ','))
        sizes.push_back(static_cast<std::size_t>(std::strtoull(item.c_str(), nullptr, 10)));
    } else if (arg == "--repetitions") {
      repetitions = std::max(1, std::atoi(value.c_str()));
    } else if (arg == "--paths") {
      paths = value;
    } else if (arg == "--tasks") {
      tasks_dir = value;
    } else if (arg == "--commit") {
      commit = value;
    } else {
      usage();
      return 2;
    }
  }

  std::vector<dsl::Grid> pool;
  const auto loaded = tasks::load_tasks(tasks_dir);
  for (const auto& task : loaded.tasks)
    for (const auto* pairs : {&task.train, &task.test})
      for (const auto& pair : *pairs) {
        pool.push_back(pair.input);
        if (pair.output)
          pool.push_back(*pair.output);
      }
  if (pool.empty()) {
    std::fprintf(stderr, "no ARC grids under %s: using synthetic ARC-like grids\n",
                 tasks_dir.c_str());
    pool = runtime::random_arc_like_grids(20000, 2024);
  }
  if (pool.empty())
    return 1;

  const bool gpu = runtime::gpu_available();
  if (!gpu)
    std::fprintf(stderr, "GPU paths skipped: %s\n", runtime::gpu_unavailable_reason().c_str());
  const std::string gpu_name = gpu ? runtime::usable_devices().front().name : "";
  const std::string cpu_name =
      "cpu-" + std::to_string(std::max(1u, std::thread::hardware_concurrency())) + "-threads";
  const runtime::BatchOptions on_gpu{runtime::Path::Gpu}, on_cpu{runtime::Path::Cpu};
  const py::Value o_g_tok = *dialects::module(py::Dialect::Tokpidjin).find("o_g");
  const py::Value o_g_arc = *dialects::module(py::Dialect::ArcDsl).find("o_g");

  for (const std::size_t size : sizes) {
    const Batch b = make_batch(pool, size);
    const std::span<const runtime::PyObjectsRequest> requests(b.requests);
    const long long n = static_cast<long long>(size);
    const double items = static_cast<double>(size);
    const double cells = static_cast<double>(b.cells_total) / items;
    const int reps = size >= 100000 ? std::max(1, std::min(repetitions, 3)) : repetitions;
    auto us = [&](const bench::Summary& s) { return s.median * 1e6 / items; };

    for (const bool device : {true, false}) {
      if (device ? !(gpu && has(paths, "gpu")) : !has(paths, "cpu"))
        continue;
      const runtime::BatchOptions& options = device ? on_gpu : on_cpu;
      const std::string where = device ? gpu_name : cpu_name;
      const std::string suffix = device ? "gpu" : "cpu";
      runtime::reset_stats();
      runtime::PyObjectsLayouts layouts;
      const bench::Summary sim = time_with_reset(
          reps, [&] { layouts = runtime::batch_py_objects_layouts(requests, options); },
          [&] { layouts = runtime::PyObjectsLayouts(); });
      const runtime::RuntimeStats st = runtime::stats();
      char more[256];
      std::snprintf(more, sizeof more,
                    ", \"gpu_items\": %zu, \"kernel_s\": %.4g, \"h2d_s\": %.4g, \"d2h_s\": %.4g",
                    layouts.gpu_items(), st.time.kernel / (reps + 1), st.time.h2d / (reps + 1),
                    st.time.d2h / (reps + 1));
      bench::print_measurement("py_objects_layouts_" + suffix, n, sim, "requests/s", items, where,
                               commit, reps, fields(us(sim), cells, more));
      if (layouts_only)
        continue;
      // Values from those layouts (the host's share), then the whole call.
      std::vector<py::Value> values(size);
      const bench::Summary build = time_with_reset(
          reps,
          [&] {
            std::vector<std::size_t> index(size);
            for (std::size_t k = 0; k < size; ++k)
              index[k] = k;
            // The runtime's own pool makes the values in batch_py_objects; here every thread of
            // the machine takes a contiguous share.
            const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
            std::vector<std::thread> workers;
            for (unsigned t = 0; t < threads; ++t)
              workers.emplace_back([&, t] {
                for (std::size_t k = t; k < size; k += threads)
                  values[k] = runtime::materialise_py_objects(b.requests[k], layouts, k);
              });
            for (auto& w : workers)
              w.join();
          },
          [&] { values.assign(size, py::Value()); });
      bench::print_measurement("py_objects_materialise", n, build, "requests/s", items, where,
                               commit, reps, fields(us(build), cells));
      layouts = runtime::PyObjectsLayouts();
      const bench::Summary whole = time_with_reset(
          reps, [&] { values = runtime::batch_py_objects(requests, options); },
          [&] { values.clear(); });
      char share[128];
      std::snprintf(
          share, sizeof share, ", \"materialise_share\": %.3f, \"simulation_share\": %.3f",
          std::min(1.0, build.median / whole.median), std::min(1.0, sim.median / whole.median));
      bench::print_measurement("py_objects_values_" + suffix, n, whole, "requests/s", items, where,
                               commit, reps, fields(us(whole), cells, share));
    }

    if (has(paths, "cpu1")) {
      std::vector<py::Value> values(size);
      std::vector<std::int64_t> memory;
      const bench::Summary s = time_with_reset(
          reps,
          [&] {
            for (std::size_t k = 0; k < size; ++k) {
              const runtime::PyObjectsRequest& r = b.requests[k];
              const std::int64_t cells_k = std::int64_t{r.h} * r.w;
              const std::size_t bytes = dialects::sim::layout_bytes(cells_k, 2);
              if (memory.size() * 8 < bytes)
                memory.resize(bytes / 8 + 1);
              const auto layout = dialects::sim::layout_at<std::uint16_t>(memory.data(), cells_k);
              const dialects::sim::Params p =
                  dialects::small_grid_params(r.dialect, r.shape, r.mode, r.cells, r.h, r.w);
              dialects::simulate_on_host(r.cells, p, layout);
              values[k] = dialects::materialise_objects(r.dialect, r.shape, r.w, r.cells, layout);
            }
          },
          [&] { values.assign(size, py::Value()); });
      bench::print_measurement("py_objects_cpu_1thread", n, s, "requests/s", items, "cpu-1-thread",
                               commit, reps, fields(us(s), cells));
    }
    if (has(paths, "call")) {
      // py::call remembers the results of `objects` for repeated arguments, which resampled
      // grids are; the calls are made where that memo is off (within 64 frames of the
      // recursion limit) and the fast paths still run, so that every call computes.
      py::FrameGuard::set_base_depth(py::kRecursionLimit - 60);
      std::vector<py::Value> values(size);
      const bench::Summary s = time_with_reset(
          reps,
          [&] {
            for (std::size_t k = 0; k < size; ++k) {
              const runtime::PyObjectsRequest& r = b.requests[k];
              const py::Value args[2] = {b.grids[k], py::Value::integer(r.mode)};
              values[k] =
                  py::call(r.dialect == py::Dialect::Tokpidjin ? o_g_tok : o_g_arc, args, 2);
            }
          },
          [&] { values.assign(size, py::Value()); });
      py::FrameGuard::set_base_depth(3);
      bench::print_measurement("py_objects_call_1thread", n, s, "requests/s", items, "cpu-1-thread",
                               commit, reps, fields(us(s), cells));
    }
  }
  return 0;
}
