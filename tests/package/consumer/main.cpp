// Runs the linked solvers on one task and prints every candidate, one line each:
// "<solver-id> <statement>: <rows separated by '/'>".
#include "battgpu/runtime/device.hpp"
#include "battgpu/solver.hpp"
#include "battgpu/tasks/task.hpp"

#include <iostream>
#include <string>

namespace {

constexpr const char* task_json = R"({
  "train": [{"input": [[1, 0], [0, 4]], "output": [[8, 0], [0, 4]]},
            {"input": [[5, 5], [0, 0]], "output": [[8, 8], [0, 0]]}],
  "test": [{"input": [[1, 1, 0, 2], [0, 0, 0, 2], [3, 0, 0, 2]]}]
})";

std::string rows(const battgpu::dsl::Grid& g) {
  std::string text;
  for (int r = 0; r < g.height(); ++r) {
    if (r != 0)
      text += '/';
    for (int c = 0; c < g.width(); ++c)
      text += std::to_string(g.at(r, c));
  }
  return text;
}

} // namespace

int main() {
  const battgpu::tasks::Task task = battgpu::tasks::parse_task(task_json, "consumer", "");
  const battgpu::dsl::Samples samples = task.samples();
  std::cerr << "CUDA compiled: " << battgpu::runtime::cuda_compiled() << "\n";
  for (const battgpu::SolverInfo& solver : battgpu::registered_solvers()) {
    battgpu::Outputs outputs;
    solver.function(samples, task.test.at(0).input, battgpu::dsl::Grid{}, outputs);
    for (const battgpu::Candidate& c : outputs)
      std::cout << c.solver_id << " " << c.statement << ": " << rows(c.grid) << "\n";
  }
  return 0;
}
