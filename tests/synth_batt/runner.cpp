// Calls every linked synthetic solver on the example tasks and checks that each one runs and
// records grids under its own id. Usage: runner TASK_DIR EXPECTED_SOLVER_COUNT.
// Exit status: 0 all good, 1 a check failed, 2 usage error.
#include "battgpu/solver.hpp"
#include "battgpu/tasks/task.hpp"

#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: " << argv[0] << " TASK_DIR EXPECTED_SOLVER_COUNT\n";
    return 2;
  }
  const auto loaded = battgpu::tasks::load_tasks(std::filesystem::path(argv[1]));
  const auto expected = static_cast<std::size_t>(std::strtoul(argv[2], nullptr, 10));
  int failures = 0;
  auto fail = [&failures](const std::string& message) {
    std::cerr << "FAIL: " << message << "\n";
    ++failures;
  };
  if (!loaded.errors.empty() || loaded.tasks.empty())
    fail("the example tasks did not load");
  const auto& solvers = battgpu::registered_solvers();
  if (solvers.size() != expected)
    fail("expected " + std::to_string(expected) + " solvers, found " +
         std::to_string(solvers.size()));

  std::size_t calls = 0, candidates = 0;
  for (const auto& solver : solvers) {
    for (const auto& task : loaded.tasks) {
      const battgpu::dsl::Samples samples = task.samples();
      // Once with no candidate grid, once with the first sample output as the candidate.
      for (const battgpu::dsl::Grid& candidate :
           {battgpu::dsl::Grid{}, *task.train.front().output}) {
        battgpu::Outputs outputs;
        try {
          solver.function(samples, task.test.front().input, candidate, outputs);
        } catch (const std::exception& e) {
          fail(solver.name + " on " + task.id + " threw: " + e.what());
          continue;
        }
        ++calls;
        candidates += outputs.size();
        if (outputs.empty())
          fail(solver.name + " on " + task.id + " recorded no candidate");
        for (const auto& c : outputs) {
          // One function per solver records under its own name; the one-function form
          // records under "<namespace>-<k>" while registered as "<namespace>".
          const bool own = c.solver_id == solver.name || c.solver_id.starts_with(solver.name + "-");
          if (!own || c.statement < 1) {
            fail(solver.name + " recorded statement " + std::to_string(c.statement) + " as '" +
                 c.solver_id + "'");
            break;
          }
        }
      }
    }
  }
  std::cout << solvers.size() << " solvers, " << calls << " calls, " << candidates
            << " candidates recorded, " << failures << " failures\n";
  return failures == 0 ? 0 : 1;
}
