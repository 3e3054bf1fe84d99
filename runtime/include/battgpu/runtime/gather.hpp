// Cross-task batching of the batch points inside solvers (SPEC section 5, "Batches across
// tasks").
//
// Most object extractions of a batt solver run on grids the solver computes itself, so
// they cannot be prefetched from the task files (prefetch.hpp). They can only be batched
// across tasks if every task's solver has reached its batch point before the batch runs.
//
// The mechanism: battgpu-rewrite makes a solver with object-batch or mapply-batch points a
// C++20 coroutine (battgpu::Solve) whose batch points are `co_await gather_objects(...)` /
// `co_await gather_mapply(...)` (batch.hpp). run_gathered() starts every solve of a batch of
// tasks on a set of worker threads; each runs its straight-line code until its next batch
// point, where it files its request with the current Gather and suspends. When no solve can
// run, the Gather computes all requests in one runtime call per kind (sharded over the GPUs
// or spread over the CPU cores), and the suspended solves resume, each taking its own
// result, on the worker that started it (its values are freed where they were allocated).
//
// What it costs (bench/RESULTS.md): on one thread, nothing measurable; on many, resuming
// tens of thousands of suspended solves is slower than running each task to the end in
// cache, so gathering pays only where the batched stages are a large share of the work.
//
// Why coroutines rather than the alternatives:
//  - a thread per solve blocking at its batch points needs tens of thousands of threads for
//    a batch of tasks (solvers x tasks x tests);
//  - running each statement over a vector of tasks would rewrite every statement of a
//    solver and lose its per-task control flow (branches, exceptions that end one task);
//  - a coroutine keeps the solver's code as it was (the generator changes the return type
//    and the batch points only), a suspended solve costs only its frame, and a coroutine
//    solver called directly, with no scheduler, runs to the end like the plain function.
#pragma once

#include "battgpu/dsl/values.hpp"
#include "battgpu/runtime/mapply_batch.hpp"
#include "battgpu/runtime/objects_batch.hpp"
#include "battgpu/solver.hpp"

#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <span>

namespace battgpu::runtime {

/// The requests of the solves suspended at batch points in one round, computed together.
/// Requests may be filed from several threads at once; results are read after run().
class Gather {
public:
  explicit Gather(BatchOptions options = {});
  ~Gather();
  Gather(const Gather&) = delete;
  Gather& operator=(const Gather&) = delete;

  /// The Gather of the scheduler running on the calling thread, or nullptr (batch points
  /// then do not suspend).
  static Gather* current() noexcept;

  /// Makes `gather` the calling thread's current Gather for the scope.
  class Scope {
  public:
    explicit Scope(Gather* gather) noexcept;
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

  private:
    Gather* previous_;
  };

  /// Files `o_g(grid, mode)` for every mode of `modes`; returns the request's ticket.
  std::size_t request_objects(const dsl::Grid& grid, ModeMask modes);
  /// Files `mapply(op, container)`; returns the request's ticket.
  std::size_t request_mapply(PerObjectOp op, const dsl::Objects& container);

  /// Requests filed since the last run().
  std::size_t pending() const;
  /// Computes every pending request: one runtime call per distinct mode set and per
  /// per-object primitive, each distinct value (by content) once. The previous round's
  /// results are dropped.
  void run();

  /// A result of the last run(), or nullptr where none was computed (the batch point then
  /// runs its original statements).
  const dsl::Objects* objects(std::size_t ticket, int mode) const;
  const dsl::Indices* mapply(std::size_t ticket) const;

  /// Totals over every run().
  struct Totals {
    std::size_t rounds = 0;
    std::size_t object_requests = 0;
    std::size_t mapply_requests = 0;
    /// Distinct values computed (equal grids or containers in one call are computed once).
    std::size_t distinct_grids = 0;
    std::size_t distinct_containers = 0;
    std::size_t runtime_calls = 0;
    std::size_t failed_calls = 0; ///< calls that threw: their batch points ran the original code
    double seconds = 0;           ///< in run(): the batched stage
    double dedupe_seconds = 0;    ///< of which finding equal values (the rest: runtime calls)
  };
  const Totals& totals() const;

private:
  struct State;
  std::unique_ptr<State> state_;
};

/// One solve for run_gathered: `start` begins it (a solver's `suspending` entry point,
/// normally) on a worker thread with the Gather current. Solves of one `group` (one task)
/// share a time limit.
struct GatheredSolve {
  std::function<Solve()> start;
  std::size_t group = 0;
  /// Called on the worker thread as soon as the solve has ended (returned, thrown or been
  /// stopped), before its frame is released: the place to take its results.
  std::function<void()> finished;
};

/// How a solve ended.
struct GatheredOutcome {
  /// What the solver threw, if it did (dsl::Cancelled when its group ran out of time).
  std::exception_ptr error;
  /// True when its group's time limit stopped it or kept it from starting.
  bool timed_out = false;
  /// Seconds its solver code ran (batched stages not counted).
  double seconds = 0;
};

struct GatherSettings {
  /// Threads running solver code between batch points (0: every hardware thread).
  unsigned threads = 0;
  /// Seconds of solver code a group may run, summed over its solves, batched stages not
  /// counted (0: no limit). A group past it is cancelled at its next cancellation point
  /// (battgpu/dsl/cancellation.hpp) and its remaining solves do not run.
  double group_time_limit = 0;
  /// Options of the gathered runtime calls.
  BatchOptions options;
};

struct GatherReport {
  Gather::Totals batched;
  /// Wall-clock seconds spent running solver code (the phases between batched stages).
  double solve_seconds = 0;
};

/// Runs every solve to the end with cross-task batching; `outcomes[i]` receives how solve i
/// ended. Results are those of running the solves one at a time.
GatherReport run_gathered(std::span<GatheredSolve> solves, std::span<GatheredOutcome> outcomes,
                          const GatherSettings& settings = {});

} // namespace battgpu::runtime
