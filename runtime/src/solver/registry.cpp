#include "battgpu/solver.hpp"

namespace battgpu {
namespace {
std::vector<SolverInfo>& registry() {
  static std::vector<SolverInfo> solvers;
  return solvers;
}
} // namespace

const std::vector<SolverInfo>& registered_solvers() {
  return registry();
}

bool register_solver(SolverInfo info) {
  registry().push_back(std::move(info));
  return true;
}

bool register_solver(std::string_view name, SolverFunction function) {
  // A plain function registered at run time has no coroutine form: it is started through
  // the same function pointer by the scheduler (see SolverInfo).
  return register_solver(SolverInfo{std::string(name), function, nullptr, false});
}

const SolverInfo* find_solver(std::string_view name) {
  for (const SolverInfo& info : registry())
    if (info.name == name)
      return &info;
  return nullptr;
}

std::vector<const SolverInfo*> find_solvers_with_prefix(std::string_view prefix) {
  std::vector<const SolverInfo*> found;
  for (const SolverInfo& info : registry())
    if (info.name.starts_with(prefix))
      found.push_back(&info);
  return found;
}

} // namespace battgpu
