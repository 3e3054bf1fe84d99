// What a batt-style solver function is, and how programs find the solvers they link.
#pragma once

#include "battgpu/dsl/values.hpp"

#include <coroutine>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
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

/// A solver that may suspend at its batch points: the C++20 coroutine battgpu-rewrite makes
/// of a batt function with object-batch or mapply-batch points (SPEC section 5, "Batches
/// across tasks"; the mechanism is described in battgpu/runtime/gather.hpp).
///
/// A solve starts at once. With no gathering scheduler on the calling thread its batch points
/// never suspend, so it has run to the end when the call returns, as the plain function
/// would; get() then rethrows what it threw. Under a scheduler it suspends at each batch
/// point until the scheduler has computed the requests of every suspended solve together.
class [[nodiscard]] Solve {
public:
  struct promise_type {
    std::exception_ptr error;

    Solve get_return_object() noexcept {
      return Solve(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_never initial_suspend() noexcept { return {}; }
    // Kept suspended at the end, so that the owner reads the outcome and then destroys it.
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept { error = std::current_exception(); }
  };

  Solve() = default;
  Solve(Solve&& other) noexcept : handle_(std::exchange(other.handle_, {})) {}
  Solve& operator=(Solve&& other) noexcept {
    if (this != &other) {
      reset();
      handle_ = std::exchange(other.handle_, {});
    }
    return *this;
  }
  Solve(const Solve&) = delete;
  Solve& operator=(const Solve&) = delete;
  ~Solve() { reset(); }

  /// True once the solver has returned or thrown (or for an empty Solve).
  bool done() const noexcept { return !handle_ || handle_.done(); }
  /// Continues a solve suspended at a batch point (the scheduler's job).
  void resume() const { handle_.resume(); }
  /// The exception the solver threw, if it has ended by throwing.
  std::exception_ptr error() const noexcept { return handle_ ? handle_.promise().error : nullptr; }
  /// Ends a finished solve the way the plain function would: rethrows its exception.
  void get() const {
    if (!done())
      throw std::logic_error("battgpu::Solve::get: the solve is suspended at a batch point");
    if (std::exception_ptr e = error())
      std::rethrow_exception(e);
  }
  /// Destroys the coroutine, finished or suspended (a suspended solve is abandoned).
  void reset() noexcept {
    if (handle_)
      std::exchange(handle_, {}).destroy();
  }

private:
  explicit Solve(std::coroutine_handle<promise_type> handle) noexcept : handle_(handle) {}
  std::coroutine_handle<promise_type> handle_;
};

/// The signature of every batt-style solver (SPEC section 3): the task's demonstration
/// samples `S`, the test input `I`, a candidate grid `C` (the empty grid when there is
/// none), and the list the solver records its candidate outputs into.
using SolverFunction = void (*)(const dsl::Samples& S, const dsl::Grid& I, const dsl::Grid& C,
                                Outputs& o);
/// The same solver as a coroutine that may suspend at batch points.
using SuspendingSolverFunction = Solve (*)(const dsl::Samples& S, const dsl::Grid& I,
                                           const dsl::Grid& C, Outputs& o);

/// A registered solver, callable both ways: `function` runs it to the end (a coroutine
/// solver with no scheduler on the thread), `suspending` starts it as a Solve (a plain
/// solver then never suspends).
struct SolverInfo {
  std::string name;
  SolverFunction function = nullptr;
  SuspendingSolverFunction suspending = nullptr;
  /// True when the solver itself is a coroutine, i.e. it has batch points that suspend.
  bool has_suspension_points = false;
};

/// Every solver linked into the program, in registration order.
const std::vector<SolverInfo>& registered_solvers();
/// Registers a solver.
bool register_solver(SolverInfo info);
/// Registers a plain solver function.
bool register_solver(std::string_view name, SolverFunction function);
/// The solver called `name`, or nullptr.
const SolverInfo* find_solver(std::string_view name);
/// Every solver whose name starts with `prefix`, in registration order.
std::vector<const SolverInfo*> find_solvers_with_prefix(std::string_view prefix);

namespace detail {
template <auto F>
void run_to_end(const dsl::Samples& S, const dsl::Grid& I, const dsl::Grid& C, Outputs& o) {
  F(S, I, C, o).get();
}
template <auto F>
Solve start_plain(const dsl::Samples& S, const dsl::Grid& I, const dsl::Grid& C, Outputs& o) {
  F(S, I, C, o);
  co_return;
}
} // namespace detail

/// Registers solver `F`, a plain function or a coroutine returning Solve, both ways.
template <auto F> bool register_solver(std::string_view name) {
  using Result = std::invoke_result_t<decltype(F), const dsl::Samples&, const dsl::Grid&,
                                      const dsl::Grid&, Outputs&>;
  if constexpr (std::is_same_v<Result, Solve>)
    return register_solver(SolverInfo{std::string(name), &detail::run_to_end<F>, F, true});
  else
    return register_solver(SolverInfo{std::string(name), F, &detail::start_plain<F>, false});
}

} // namespace battgpu

/// Registers `function` (a plain solver or a coroutine solver) under `name` at
/// static-initialisation time.
#define BATTGPU_REGISTER_SOLVER(name, function)                                                    \
  [[maybe_unused]] static const bool battgpu_registered_##function =                               \
      ::battgpu::register_solver<function>(name)
