#include "battgpu/solver.hpp"

namespace battgpu {
namespace {
std::vector<SolverInfo>& registry() {
  static std::vector<SolverInfo> solvers;
  return solvers;
}
} // namespace

const std::vector<SolverInfo>& registered_solvers() { return registry(); }

bool register_solver(std::string_view name, SolverFunction function) {
  registry().push_back(SolverInfo{std::string(name), function});
  return true;
}

const SolverInfo* find_solver(std::string_view name) {
  for (const SolverInfo& info : registry())
    if (info.name == name)
      return &info;
  return nullptr;
}

} // namespace battgpu
