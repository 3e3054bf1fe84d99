#include "solver_outputs.hpp"

#include "battgpu/solver.hpp"
#include "battgpu/tasks/task.hpp"

#include <algorithm>
#include <vector>

namespace battgpu::testing {

bool print_solver_outputs(const std::filesystem::path& tasks, std::ostream& out) {
  tasks::LoadResult loaded = tasks::load_tasks(tasks);
  if (loaded.tasks.empty() || !loaded.errors.empty())
    return false;
  std::vector<const SolverInfo*> solvers;
  for (const SolverInfo& s : registered_solvers())
    solvers.push_back(&s);
  std::sort(solvers.begin(), solvers.end(),
            [](const SolverInfo* a, const SolverInfo* b) { return a->name < b->name; });
  for (const tasks::Task& task : loaded.tasks) {
    const dsl::Samples samples = task.samples();
    std::vector<dsl::Grid> inputs;
    for (const tasks::Pair& p : task.train)
      inputs.push_back(p.input);
    for (const tasks::Pair& p : task.test)
      inputs.push_back(p.input);
    for (const SolverInfo* solver : solvers) {
      for (std::size_t i = 0; i < inputs.size(); ++i) {
        Outputs candidates;
        solver->function(samples, inputs[i], dsl::Grid{}, candidates);
        out << task.id << " " << solver->name << " input " << i << ": " << candidates.size()
            << " candidates\n";
        for (const Candidate& c : candidates)
          out << "  " << c.statement << " " << c.solver_id << " " << tasks::grid_to_json(c.grid)
              << "\n";
      }
    }
  }
  return true;
}

} // namespace battgpu::testing
