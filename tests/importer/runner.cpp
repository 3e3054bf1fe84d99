// Runs every linked solver on the train and test pairs of the tasks named on the command
// line and checks that the candidates recorded under each task's id include every expected
// output. Usage: runner TASK_DIR ID... Exit status: 0 all solved, 1 a check failed,
// 2 usage error, 77 TASK_DIR is absent (the test is skipped).
#include "battgpu/solver.hpp"
#include "battgpu/tasks/task.hpp"

#include <exception>
#include <filesystem>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: " << argv[0] << " TASK_DIR ID...\n";
    return 2;
  }
  const std::filesystem::path dir(argv[1]);
  if (!std::filesystem::is_directory(dir)) {
    std::cout << "skipped: " << dir.string() << " is absent\n";
    return 77;
  }
  int failures = 0, solved = 0;
  for (int k = 2; k < argc; ++k) {
    const std::string id = argv[k];
    battgpu::tasks::Task task;
    try {
      task = battgpu::tasks::load_task_file(dir / (id + ".json"));
    } catch (const std::exception& e) {
      std::cerr << "FAIL: " << e.what() << "\n";
      ++failures;
      continue;
    }
    const battgpu::dsl::Samples samples = task.samples();
    bool ok = true;
    std::vector<battgpu::tasks::Pair> pairs = task.train;
    pairs.insert(pairs.end(), task.test.begin(), task.test.end());
    for (std::size_t p = 0; p < pairs.size(); ++p) {
      if (!pairs[p].output)
        continue;
      bool found = false, recorded = false;
      for (const auto& solver : battgpu::registered_solvers()) {
        battgpu::Outputs outputs;
        solver.function(samples, pairs[p].input, battgpu::dsl::Grid{}, outputs);
        for (const auto& c : outputs) {
          if (c.solver_id != id)
            continue;
          recorded = true;
          found = found || c.grid == *pairs[p].output;
        }
      }
      if (!found) {
        std::cerr << "FAIL: " << id << " pair " << p << ": "
                  << (recorded ? "wrong output" : "no output recorded") << "\n";
        ok = false;
      }
    }
    if (ok)
      ++solved;
    else
      ++failures;
  }
  std::cout << solved << " of " << (argc - 2) << " tasks solved\n";
  return failures == 0 ? 0 : 1;
}
