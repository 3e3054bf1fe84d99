// The solve loop of `battgpu run`: load tasks, run solvers on every test input, check the
// candidates against the expected outputs, and report.
#pragma once

#include "battgpu/runtime/gather.hpp"
#include "battgpu/runtime/stats.hpp"
#include "battgpu/solver.hpp"
#include "battgpu/tasks/task.hpp"

#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace battgpu::driver {

enum class TaskStatus {
  /// Some solver's candidates contain the expected output of every test pair that has one.
  Solved,
  /// Candidates were recorded for a checked test pair, but no solver got every pair right.
  WrongCandidates,
  /// No solver recorded a candidate for any checked test pair, and none threw.
  NoCandidates,
  /// No candidates, and at least one solver threw (the reasons are in `errors`).
  SolverError,
  /// No test pair has an expected output: candidates were produced but cannot be checked.
  Unchecked,
  /// The task ran past the time limit and was abandoned (the reason is in `errors`).
  TimeLimit,
};

/// "solved", "wrong-candidates", "no-candidates", "solver-error", "unchecked", "time-limit".
const char* status_name(TaskStatus status);

struct TestReport {
  bool has_expected = false;
  /// Candidates recorded for this test input by all solvers together.
  std::size_t candidates = 0;
  /// The solvers with a candidate equal to the expected output.
  std::vector<std::string> matched_by;
};

struct TaskReport {
  std::string id;
  std::string path;
  TaskStatus status = TaskStatus::NoCandidates;
  /// The solvers that solved the task (each got every checked test pair right).
  std::vector<std::string> solved_by;
  std::vector<TestReport> tests;
  /// "solver 'NAME' threw on test[K]: WHAT", one per failure.
  std::vector<std::string> errors;
  std::size_t candidates = 0;
  double seconds = 0;
};

/// Whether a run uses one of its cross-task batching stages.
enum class Batching {
  /// Only where the runtime has a usable GPU (on the CPU the batch points' own code is as fast).
  Auto,
  Always,
  Never,
};

struct RunSettings {
  /// Threads that run solvers (0: every hardware thread).
  unsigned jobs = 0;
  /// Tasks per batch: the runtime sees the grids of a whole batch at once.
  std::size_t batch_size = 64;
  /// Seconds a task may take (0: no limit); a task past it is stopped and fails.
  double time_limit = 0;
  /// Hand each batch's task grids to the runtime before solving it (prefetch.hpp).
  Batching prefetch = Batching::Auto;
  /// Run each batch's solvers as coroutines whose batch points are computed together
  /// across the batch's tasks (battgpu/runtime/gather.hpp).
  Batching gather = Batching::Auto;
};

struct RunReport {
  std::vector<std::string> solvers;
  std::vector<TaskReport> tasks;
  std::vector<tasks::LoadError> load_errors;
  /// The settings the run used (jobs resolved to a thread count).
  RunSettings settings;
  std::size_t batches = 0;
  /// Grids handed to the runtime before their batch, and how many got GPU results.
  std::size_t prefetched_grids = 0;
  std::size_t prefetched_on_gpu = 0;
  /// Batches whose solvers ran gathered, and the batched stage's totals over them.
  std::size_t gathered_batches = 0;
  runtime::Gather::Totals gathered;
  /// Stages: loading the files, prefetching the batches' grids, running the solvers.
  double load_seconds = 0;
  double prefetch_seconds = 0;
  /// Solving, the gathered batched stages included (gathered.seconds of it).
  double solve_seconds = 0;
  double total_seconds = 0;
  /// The batch runtime's statistics over the run.
  runtime::RuntimeStats runtime;
  /// What `auto` chose for prefetching and gathering, and the seconds per task it measured for
  /// the plain and the staged configuration where it tried both (empty when it did not: neither
  /// was auto, the run was too short for a trial to pay, or there was no GPU).
  bool prefetch_used = false;
  bool gather_used = false;
  struct Trial {
    bool prefetch = false;
    bool gather = false;
    double seconds_per_task = 0;
  };
  std::vector<Trial> trials;

  std::size_t count(TaskStatus status) const;
  /// Tasks with at least one expected test output.
  std::size_t checked() const { return tasks.size() - count(TaskStatus::Unchecked); }
  std::size_t solved() const { return count(TaskStatus::Solved); }
  /// Checked tasks that were not solved.
  std::size_t unsolved() const { return checked() - solved(); }
  std::size_t solver_errors() const;
};

/// Called after each task is solved: (tasks done, tasks in all, the task's report).
using ProgressCallback = std::function<void(std::size_t, std::size_t, const TaskReport&)>;

/// Runs `solvers` on every test input of `task`. A solver that throws is caught and
/// recorded in the report's errors; the others still run.
TaskReport solve_task(const tasks::Task& task, std::span<const SolverInfo* const> solvers);

/// solve_task on a thread of its own, given `seconds` at most. A task that takes longer fails
/// with status TimeLimit: its solver is cancelled at its next cancellation point (the next
/// DSL value it builds; battgpu/dsl/cancellation.hpp). A solver that builds no value for a
/// second after that is abandoned: its thread is detached and counted by
/// abandoned_threads() until it returns.
TaskReport solve_task_with_limit(const tasks::Task& task,
                                 std::span<const SolverInfo* const> solvers, double seconds);

/// Solver threads abandoned past the time limit that are still running.
std::size_t abandoned_threads();

/// Loads every path (files or directories) and solves every task that loaded: in batches of
/// `settings.batch_size` tasks, each batch's grids prefetched through the runtime, its
/// solvers run gathered (their batch points computed together across the batch's tasks) or
/// its tasks spread over `settings.jobs` threads. Reports come in task order, the same
/// whatever the settings.
RunReport run(std::span<const std::filesystem::path> paths,
              std::span<const SolverInfo* const> solvers, const RunSettings& settings,
              const ProgressCallback& progress = {});
/// run() with the default settings.
RunReport run(std::span<const std::filesystem::path> paths,
              std::span<const SolverInfo* const> solvers, const ProgressCallback& progress = {});

/// What a run found, as text: every task's status, solvers, candidate counts, matches and
/// errors, nothing that depends on timing or settings, and `solver_prefix` taken out of
/// solver names. Two runs found the same when their texts are equal.
std::string comparable_results(const RunReport& report, std::string_view solver_prefix = {});

/// The machine-readable report (the format `--json` and `--output` write).
std::string report_json(const RunReport& report);

/// The human-readable report: one line per task unless `summary_only`, then the summary.
std::string report_text(const RunReport& report, bool summary_only);

} // namespace battgpu::driver
