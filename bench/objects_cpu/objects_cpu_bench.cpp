// CPU object extraction over every grid of the ARC training tasks, all 8 modes, one thread:
// labelings per second with the objects built as DSL values (issue target: 500 000/s).
//
// usage: battgpu_bench_objects_cpu [--tasks DIR] [--repetitions N] [--commit ID]
#include "measure.hpp"

#include "battgpu/dsl.hpp"
#include "battgpu/tasks/task.hpp"

#include <cstdio>
#include <cstring>
#include <string>

namespace {

void usage() {
  std::puts("usage: battgpu_bench_objects_cpu [--tasks DIR] [--repetitions N] [--commit ID]\n"
            "  --tasks DIR        ARC task folder (default: ../shared/arc-agi/training)\n"
            "  --repetitions N    timed runs after one warm-up (default 7)\n"
            "  --commit ID        commit to print in each result line\n"
            "Prints one JSON object per measurement. Exit codes: 0 ok, 1 no tasks, 2 usage.");
}

} // namespace

int main(int argc, char** argv) {
  std::string tasks_dir = BATTGPU_DEFAULT_SHARED_DIR "/arc-agi/training";
  std::string commit = BATTGPU_GIT_COMMIT;
  int repetitions = 7;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      usage();
      return 0;
    }
    if (i + 1 >= argc) {
      usage();
      return 2;
    }
    if (arg == "--tasks")
      tasks_dir = argv[++i];
    else if (arg == "--repetitions")
      repetitions = std::max(1, std::atoi(argv[++i]));
    else if (arg == "--commit")
      commit = argv[++i];
    else {
      usage();
      return 2;
    }
  }

  auto loaded = battgpu::tasks::load_tasks(tasks_dir);
  std::vector<battgpu::dsl::Grid> grids;
  for (const auto& task : loaded.tasks)
    for (const auto* pairs : {&task.train, &task.test})
      for (const auto& pair : *pairs) {
        grids.push_back(pair.input);
        if (pair.output)
          grids.push_back(*pair.output);
      }
  if (grids.empty()) {
    std::fprintf(stderr, "no grids loaded from %s\n", tasks_dir.c_str());
    return 1;
  }

  std::size_t objects_seen = 0;
  auto summary = battgpu::bench::time_repeated(repetitions, [&] {
    for (const auto& grid : grids)
      for (int mode = 0; mode < 8; ++mode)
        objects_seen += battgpu::dsl::o_g(grid, mode).size();
  });
  const double labelings = 8.0 * static_cast<double>(grids.size());
  battgpu::bench::print_measurement("cpu_objects_one_thread", static_cast<long long>(grids.size()),
                                    summary, "labelings/s", labelings, "cpu-1-thread", commit,
                                    repetitions);
  return objects_seen > 0 ? 0 : 1;
}
