// What a batt-style solver function is, and how programs find the solvers they link.
#pragma once

#include "battgpu/dsl/values.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace battgpu {

/// One grid a solver proposes for the test input: recorded by statement `statement` of the
/// solver identified by `solver_id` (Python batt's `o.append((N, ..., 'id', tN))`).
struct Candidate {
  int statement = 0;
  std::string solver_id;
  dsl::Grid grid;

  Candidate(int statement_number, std::string id, dsl::Grid candidate_grid)
      : statement(statement_number), solver_id(std::move(id)), grid(std::move(candidate_grid)) {}
};

using Outputs = std::vector<Candidate>;

/// The signature of every batt-style solver (SPEC section 3): the task's demonstration
/// samples `S`, the test input `I`, a candidate grid `C` (the empty grid when there is
/// none), and the list the solver records its candidate outputs into.
using SolverFunction = void (*)(const dsl::Samples& S, const dsl::Grid& I, const dsl::Grid& C,
                                Outputs& o);

struct SolverInfo {
  std::string name;
  SolverFunction function = nullptr;
};

/// Every solver linked into the program, in registration order.
const std::vector<SolverInfo>& registered_solvers();
/// Registers a solver; used through BATTGPU_REGISTER_SOLVER.
bool register_solver(std::string_view name, SolverFunction function);
/// The solver called `name`, or nullptr.
const SolverInfo* find_solver(std::string_view name);

} // namespace battgpu

/// Registers `function` under `name` at static-initialisation time.
#define BATTGPU_REGISTER_SOLVER(name, function)                                                    \
  [[maybe_unused]] static const bool battgpu_registered_##function =                              \
      ::battgpu::register_solver(name, function)
