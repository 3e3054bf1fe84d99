#include "run.hpp"

#include "battgpu/dsl/cancellation.hpp"
#include "battgpu/runtime/device.hpp"
#include "battgpu/runtime/gather.hpp"
#include "battgpu/runtime/prefetch.hpp"
#include "battgpu/tasks/json.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

#ifndef BATTGPU_VERSION
#define BATTGPU_VERSION "unknown"
#endif

namespace battgpu::driver {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string format(const char* fmt, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, value);
  return buf;
}

/// "12.3 ms" below a second, "4.56 s" from there on.
std::string duration(double seconds) {
  return seconds < 1.0 ? format("%.1f ms", seconds * 1000.0) : format("%.2f s", seconds);
}

} // namespace

const char* status_name(TaskStatus status) {
  switch (status) {
  case TaskStatus::Solved:
    return "solved";
  case TaskStatus::WrongCandidates:
    return "wrong-candidates";
  case TaskStatus::NoCandidates:
    return "no-candidates";
  case TaskStatus::SolverError:
    return "solver-error";
  case TaskStatus::Unchecked:
    return "unchecked";
  case TaskStatus::TimeLimit:
    return "time-limit";
  }
  return "unknown";
}

std::size_t RunReport::count(TaskStatus status) const {
  return static_cast<std::size_t>(std::count_if(
      tasks.begin(), tasks.end(), [&](const TaskReport& t) { return t.status == status; }));
}

std::size_t RunReport::solver_errors() const {
  std::size_t n = 0;
  for (const TaskReport& t : tasks)
    n += t.errors.size();
  return n;
}

namespace {

/// Where a task's solve is: the solver and the test input it runs (read by the time limit's
/// message).
struct SolvePosition {
  std::atomic<std::size_t> solver{0};
  std::atomic<std::size_t> test{0};
};

/// How one solver ran on one test input (its outputs are checked, then dropped, as soon as
/// it ends: a gathered batch has tens of thousands of solves under way).
struct SolveResult {
  /// Candidates it recorded.
  std::size_t candidates = 0;
  /// One of them is the test input's expected output.
  bool matched = false;
  /// What it threw ("" if nothing).
  std::string error;
  /// It was stopped by the time limit.
  bool timed_out = false;
};

std::string message_of(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "an exception not derived from std::exception";
  }
}

void record_outputs(SolveResult& result, const Outputs& outputs, const tasks::Pair& pair) {
  result.candidates = outputs.size();
  result.matched = pair.output.has_value() &&
                   std::any_of(outputs.begin(), outputs.end(),
                               [&](const Candidate& c) { return c.grid == *pair.output; });
}

std::string time_limit_message(double seconds, const std::string& solver, std::size_t test,
                               const char* what) {
  return "time limit of " + format("%g", seconds) + " s exceeded: solver '" + solver +
         "' on test[" + std::to_string(test) + "] was " + what;
}

/// A report with the task's identity and its test inputs, before any solver has run.
TaskReport empty_report(const tasks::Task& task) {
  TaskReport report;
  report.id = task.id;
  report.path = task.path;
  report.tests.resize(task.test.size());
  for (std::size_t t = 0; t < task.test.size(); ++t)
    report.tests[t].has_expected = task.test[t].output.has_value();
  return report;
}

/// The task's report from its solves' results, solver-major: results[k * tests + t] is
/// solver k on test input t. A solve stopped by the time limit makes the task a TimeLimit
/// failure.
TaskReport evaluate_task(const tasks::Task& task, std::span<const SolverInfo* const> solvers,
                         std::span<const SolveResult> results, double time_limit) {
  TaskReport report = empty_report(task);
  const bool checked = std::any_of(report.tests.begin(), report.tests.end(),
                                   [](const TestReport& t) { return t.has_expected; });
  const std::size_t tests = task.test.size();
  std::size_t checked_candidates = 0;
  bool timed_out = false;
  for (std::size_t k = 0; k < solvers.size(); ++k) {
    const SolverInfo* solver = solvers[k];
    bool solved_all = checked;
    for (std::size_t t = 0; t < tests; ++t) {
      const SolveResult& result = results[k * tests + t];
      TestReport& test = report.tests[t];
      test.candidates += result.candidates;
      report.candidates += result.candidates;
      if (test.has_expected)
        checked_candidates += result.candidates;
      if (result.timed_out) {
        if (!timed_out)
          report.errors.push_back(time_limit_message(time_limit, solver->name, t, "stopped"));
        timed_out = true;
        solved_all = false;
        continue;
      }
      if (!result.error.empty()) {
        report.errors.push_back("solver '" + solver->name + "' threw on test[" + std::to_string(t) +
                                "]: " + result.error);
        solved_all = false;
        continue;
      }
      if (!test.has_expected)
        continue;
      if (result.matched)
        test.matched_by.push_back(solver->name);
      else
        solved_all = false;
    }
    if (solved_all)
      report.solved_by.push_back(solver->name);
  }

  if (timed_out)
    report.status = TaskStatus::TimeLimit;
  else if (!checked)
    report.status = TaskStatus::Unchecked;
  else if (!report.solved_by.empty())
    report.status = TaskStatus::Solved;
  else if (checked_candidates > 0)
    report.status = TaskStatus::WrongCandidates;
  else if (!report.errors.empty())
    report.status = TaskStatus::SolverError;
  else
    report.status = TaskStatus::NoCandidates;
  return report;
}

/// Runs the solvers on the task's test inputs one after the other.
TaskReport solve_task_at(const tasks::Task& task, std::span<const SolverInfo* const> solvers,
                         SolvePosition* position) {
  const Clock::time_point start = Clock::now();
  const dsl::Samples samples = task.samples();
  const dsl::Grid no_candidate;
  const std::size_t tests = task.test.size();
  std::vector<SolveResult> results(solvers.size() * tests);
  for (std::size_t k = 0; k < solvers.size(); ++k) {
    for (std::size_t t = 0; t < tests; ++t) {
      if (position != nullptr) {
        position->solver = k;
        position->test = t;
      }
      SolveResult& result = results[k * tests + t];
      Outputs outputs;
      try {
        solvers[k]->function(samples, task.test[t].input, no_candidate, outputs);
      } catch (...) {
        result.error = message_of(std::current_exception());
      }
      record_outputs(result, outputs, task.test[t]);
    }
  }
  TaskReport report = evaluate_task(task, solvers, results, 0);
  report.seconds = seconds_since(start);
  return report;
}

} // namespace

TaskReport solve_task(const tasks::Task& task, std::span<const SolverInfo* const> solvers) {
  return solve_task_at(task, solvers, nullptr);
}

namespace {

/// A task solved on a thread of its own: shared by the waiting thread and the solving one, so
/// that either may be the last to leave.
struct LimitedSolve {
  tasks::Task task;
  std::vector<const SolverInfo*> solvers;
  SolvePosition position;
  std::atomic<bool> cancelled{false};
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  bool abandoned = false;
  TaskReport report;
};

std::atomic<std::size_t> abandoned_count{0};

} // namespace

std::size_t abandoned_threads() {
  return abandoned_count.load();
}

TaskReport solve_task_with_limit(const tasks::Task& task,
                                 std::span<const SolverInfo* const> solvers, double seconds) {
  if (!(seconds > 0))
    return solve_task(task, solvers);
  const Clock::time_point start = Clock::now();
  auto job = std::make_shared<LimitedSolve>();
  job->task = task; // grids share their storage: cheap, and prefetched results still match
  job->solvers.assign(solvers.begin(), solvers.end());
  std::thread worker([job] {
    TaskReport report;
    {
      const dsl::CancellationScope cancellable(&job->cancelled);
      report = solve_task_at(job->task, job->solvers, &job->position);
    }
    std::lock_guard lock(job->mutex);
    job->report = std::move(report);
    job->done = true;
    if (job->abandoned)
      --abandoned_count;
    job->finished.notify_all();
  });
  std::unique_lock lock(job->mutex);
  const auto limit =
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  if (job->finished.wait_for(lock, limit, [&] { return job->done; })) {
    lock.unlock();
    worker.join();
    return std::move(job->report);
  }
  // Past the limit: cancel the solver at its next cancellation point, and give it a moment
  // to unwind before abandoning its thread.
  job->cancelled = true;
  const bool stopped =
      job->finished.wait_for(lock, std::chrono::seconds(1), [&] { return job->done; });
  if (!stopped) {
    job->abandoned = true;
    ++abandoned_count;
  }
  const std::size_t k = job->position.solver.load();
  const std::size_t t = job->position.test.load();
  lock.unlock();
  if (stopped)
    worker.join();
  else
    worker.detach();

  TaskReport report = empty_report(task);
  report.status = TaskStatus::TimeLimit;
  report.errors.push_back(
      time_limit_message(seconds, k < solvers.size() ? solvers[k]->name : std::string("?"), t,
                         stopped ? "stopped" : "abandoned"));
  report.seconds = seconds_since(start);
  return report;
}

namespace {

/// Solves a batch of tasks with their solvers as coroutines under run_gathered(): every
/// batch point of every (task, solver, test input) is computed together with the others of
/// its round. Fills `reports` (one per task) and returns the scheduler's report.
runtime::GatherReport solve_gathered(std::span<const tasks::Task> batch,
                                     std::span<const SolverInfo* const> solvers,
                                     const RunSettings& settings, std::span<TaskReport> reports) {
  std::vector<dsl::Samples> samples;
  samples.reserve(batch.size());
  std::vector<std::size_t> first_result(batch.size() + 1, 0);
  for (std::size_t i = 0; i < batch.size(); ++i) {
    samples.push_back(batch[i].samples());
    first_result[i + 1] = first_result[i] + solvers.size() * batch[i].test.size();
  }
  const dsl::Grid no_candidate;
  std::vector<SolveResult> results(first_result.back());
  std::vector<Outputs> outputs(results.size());
  std::vector<runtime::GatheredSolve> solves;
  solves.reserve(results.size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const std::size_t tests = batch[i].test.size();
    for (std::size_t k = 0; k < solvers.size(); ++k) {
      for (std::size_t t = 0; t < tests; ++t) {
        const std::size_t r = first_result[i] + k * tests + t;
        runtime::GatheredSolve solve;
        solve.group = i;
        solve.start = [&, i, k, t, r]() -> Solve {
          const SolverInfo& solver = *solvers[k];
          const dsl::Grid& input = batch[i].test[t].input;
          if (solver.suspending != nullptr)
            return solver.suspending(samples[i], input, no_candidate, outputs[r]);
          solver.function(samples[i], input, no_candidate, outputs[r]);
          return Solve{};
        };
        solve.finished = [&, i, t, r] {
          record_outputs(results[r], outputs[r], batch[i].test[t]);
          Outputs().swap(outputs[r]);
        };
        solves.push_back(std::move(solve));
      }
    }
  }
  std::vector<runtime::GatheredOutcome> outcomes(solves.size());
  runtime::GatherSettings gather;
  gather.threads = settings.jobs;
  gather.group_time_limit = settings.time_limit;
  runtime::GatherReport gathered = runtime::run_gathered(solves, outcomes, gather);

  for (std::size_t r = 0; r < results.size(); ++r) {
    results[r].timed_out = outcomes[r].timed_out;
    if (outcomes[r].error && !outcomes[r].timed_out)
      results[r].error = message_of(outcomes[r].error);
  }
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const std::span<const SolveResult> mine(results.data() + first_result[i],
                                            first_result[i + 1] - first_result[i]);
    reports[i] = evaluate_task(batch[i], solvers, mine, settings.time_limit);
    for (std::size_t r = first_result[i]; r < first_result[i + 1]; ++r)
      reports[i].seconds += outcomes[r].seconds;
  }
  return gathered;
}

} // namespace

namespace {

/// Every grid the solvers see of `tasks`: the samples' inputs and outputs and the test inputs.
std::vector<dsl::Grid> grids_of(std::span<const tasks::Task> tasks) {
  std::vector<dsl::Grid> grids;
  for (const tasks::Task& task : tasks) {
    for (const tasks::Pair& p : task.train) {
      grids.push_back(p.input);
      if (p.output)
        grids.push_back(*p.output);
    }
    for (const tasks::Pair& p : task.test)
      grids.push_back(p.input);
  }
  return grids;
}

} // namespace

namespace {

/// Solves each task of the batch on its own (with the time limit), the tasks spread over
/// `settings.jobs` threads; `done(i, report)` receives task i's report. Once `stop` is set (by
/// `done`, say), no further task starts; the tasks started finish. Returns how many tasks were
/// solved: always the first ones of the batch.
template <class Done>
std::size_t solve_each(std::span<const tasks::Task> batch,
                       std::span<const SolverInfo* const> solvers, const RunSettings& settings,
                       const Done& done, const std::atomic<bool>* stop = nullptr) {
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    while (stop == nullptr || !stop->load(std::memory_order_relaxed)) {
      const std::size_t i = next++;
      if (i >= batch.size())
        break;
      done(i, solve_task_with_limit(batch[i], solvers, settings.time_limit));
    }
  };
  const std::size_t threads = std::min<std::size_t>(settings.jobs, batch.size());
  {
    std::vector<std::jthread> pool;
    for (std::size_t k = 1; k < threads; ++k)
      pool.emplace_back(work);
    work();
  }
  return std::min(next.load(), batch.size());
}

} // namespace

RunReport run(std::span<const std::filesystem::path> paths,
              std::span<const SolverInfo* const> solvers, const ProgressCallback& progress) {
  return run(paths, solvers, RunSettings{}, progress);
}

RunReport run(std::span<const std::filesystem::path> paths,
              std::span<const SolverInfo* const> solvers, const RunSettings& settings,
              const ProgressCallback& progress) {
  const Clock::time_point start = Clock::now();
  RunReport report;
  report.settings = settings;
  if (report.settings.jobs == 0)
    report.settings.jobs = std::max(1u, std::thread::hardware_concurrency());
  report.settings.batch_size = std::max<std::size_t>(1, settings.batch_size);
  for (const SolverInfo* s : solvers)
    report.solvers.push_back(s->name);
  runtime::reset_stats();

  tasks::LoadResult loaded = tasks::load_tasks(paths, report.settings.jobs);
  report.load_errors = std::move(loaded.errors);
  report.load_seconds = seconds_since(start);

  const std::vector<tasks::Task>& all = loaded.tasks;
  report.tasks.resize(all.size());
  std::mutex progress_mutex;
  std::size_t done = 0;
  const std::size_t batch_size = report.settings.batch_size;

  // Runs tasks [first, last) in one batch with the given stages and writes their reports;
  // returns how many it solved. Without gathering, `solved(n)` (when given) hears of each
  // task as it is solved, n of them so far, and may set `stop`: then no further task starts
  // and the solved ones are the batch's first. Gathering solves its batch whole.
  using SolvedHook = std::function<void(std::size_t)>;
  auto run_batch = [&](std::size_t first, std::size_t last, bool prefetch, bool gather,
                       bool count_progress, const SolvedHook& solved = {},
                       std::atomic<bool>* stop = nullptr) -> std::size_t {
    const std::span<const tasks::Task> batch(all.data() + first, last - first);
    ++report.batches;
    if (prefetch) {
      // Cross-task batching: one runtime call per kind over the grids of the whole batch,
      // so that the batch points inside the solvers find results gathered across tasks.
      const Clock::time_point t0 = Clock::now();
      runtime::clear_prefetched();
      const std::vector<dsl::Grid> grids = grids_of(batch);
      report.prefetched_grids += grids.size();
      // Gathering computes the objects of these grids too, in the modes the batch points
      // ask for only; without it, every mode is prefetched.
      if (!gather)
        report.prefetched_on_gpu += runtime::prefetch_objects(grids, runtime::all_modes);
      runtime::prefetch_grid_values(grids);
      report.prefetch_seconds += seconds_since(t0);
    }
    const Clock::time_point t0 = Clock::now();
    if (gather) {
      const runtime::GatherReport g =
          solve_gathered(batch, solvers, report.settings,
                         std::span<TaskReport>(report.tasks.data() + first, batch.size()));
      ++report.gathered_batches;
      report.gathered.rounds += g.batched.rounds;
      report.gathered.object_requests += g.batched.object_requests;
      report.gathered.mapply_requests += g.batched.mapply_requests;
      report.gathered.distinct_grids += g.batched.distinct_grids;
      report.gathered.distinct_containers += g.batched.distinct_containers;
      report.gathered.runtime_calls += g.batched.runtime_calls;
      report.gathered.failed_calls += g.batched.failed_calls;
      report.gathered.seconds += g.batched.seconds;
      report.gathered.dedupe_seconds += g.batched.dedupe_seconds;
      if (progress && count_progress) {
        for (std::size_t i = 0; i < batch.size(); ++i)
          progress(++done, all.size(), report.tasks[first + i]);
      }
    } else {
      std::size_t solved_here = 0;
      last = first + solve_each(
                         batch, solvers, report.settings,
                         [&](std::size_t i, TaskReport&& r) {
                           std::lock_guard lock(progress_mutex);
                           TaskReport& slot = report.tasks[first + i];
                           slot = std::move(r);
                           if (progress && count_progress)
                             progress(++done, all.size(), slot);
                           if (solved)
                             solved(++solved_here);
                         },
                         stop);
    }
    report.solve_seconds += seconds_since(t0);
    if (prefetch)
      runtime::clear_prefetched();
    return last - first;
  };

  // `always` and `never` are what they say; `auto` is decided by measurement, so that it is
  // never slower than the run without the stages by more than a few percent. The first batch
  // starts plain, and its first tasks estimate the rest of the run. Where the rest is long
  // enough for a trial of the stages to cost a few percent, no further plain task starts, the
  // trial tasks run again with the `auto` stages on, and the stages are kept for the rest only
  // if they took under 90% of the plain time (the margin covers a short measurement's noise).
  // Otherwise the plain run just goes on: the estimate costs no pause, so a short run, where
  // a trial could never pay, loses nothing to it.
  bool prefetch = settings.prefetch == Batching::Always;
  bool gather = settings.gather == Batching::Always;
  std::size_t start_at = 0;
  const bool decide = settings.prefetch == Batching::Auto || settings.gather == Batching::Auto;
  // The stages only pay with a GPU: without one, `auto` keeps them off without a trial. Whether
  // there is one is asked only once a trial is found worth it: the probe starts the driver and
  // a context on every device, which took 0.63-0.71 s on a host of two H200s, longer than a
  // whole short run.
  if (decide && !all.empty() && runtime::cuda_compiled()) {
    const bool staged_prefetch = settings.prefetch != Batching::Never;
    const bool staged_gather = settings.gather != Batching::Never;
    const std::size_t first_batch = std::min(all.size(), batch_size);
    const std::size_t trial_tasks =
        std::min(first_batch, std::clamp<std::size_t>(all.size() / 32, 4, 16));
    constexpr double gpu_start_seconds = 0.7; // the probe and the devices' start (above)
    constexpr double trial_share = 0.04;      // the most a staged trial may cost of the rest
    // Whether the rest of the run, estimated from the trial's tasks on as many threads as
    // they used, makes a staged trial worth it: it costs about the plain one plus the GPU's
    // start.
    auto worth_a_trial = [&](double plain) {
      const double threads_used =
          static_cast<double>(std::min<std::size_t>(trial_tasks, report.settings.jobs));
      const double rest = plain * static_cast<double>(all.size() - trial_tasks) /
                          static_cast<double>(trial_tasks) * threads_used /
                          static_cast<double>(report.settings.jobs);
      return rest * trial_share >= plain + gpu_start_seconds;
    };
    std::atomic<bool> stop{false};
    double plain = 0;
    const Clock::time_point t0 = Clock::now();
    if (gather) {
      // Gathering (`--gather always`) solves a batch whole: the trial is a batch of its own.
      run_batch(0, trial_tasks, prefetch, gather, true);
      plain = seconds_since(t0);
      start_at = trial_tasks;
      stop = worth_a_trial(plain);
    } else {
      start_at = run_batch(
          0, first_batch, prefetch, gather, true,
          [&](std::size_t solved) {
            if (solved != trial_tasks)
              return;
            plain = seconds_since(t0);
            if (worth_a_trial(plain))
              stop = true;
          },
          &stop);
    }
    if (stop && runtime::gpu_available()) {
      report.trials.push_back({prefetch, gather, plain / static_cast<double>(trial_tasks)});
      const Clock::time_point t1 = Clock::now();
      run_batch(0, trial_tasks, staged_prefetch, staged_gather, false);
      const double staged = seconds_since(t1);
      report.trials.push_back(
          {staged_prefetch, staged_gather, staged / static_cast<double>(trial_tasks)});
      constexpr double required_gain = 0.9;
      if (staged < required_gain * plain) {
        prefetch = staged_prefetch;
        gather = staged_gather;
      }
    }
  }
  report.prefetch_used = prefetch;
  report.gather_used = gather;
  for (std::size_t first = start_at; first < all.size(); first += batch_size)
    run_batch(first, std::min(all.size(), first + batch_size), prefetch, gather, true);
  report.runtime = runtime::stats();
  report.total_seconds = seconds_since(start);
  return report;
}

std::string comparable_results(const RunReport& report, std::string_view solver_prefix) {
  std::string text;
  for (const TaskReport& t : report.tasks) {
    text += t.id + " " + status_name(t.status) + " " + std::to_string(t.candidates) + " [";
    for (const std::string& s : t.solved_by)
      text += s + ",";
    text += "]";
    for (const TestReport& test : t.tests) {
      text += " (" + std::to_string(test.candidates);
      for (const std::string& s : test.matched_by)
        text += " " + s;
      text += ")";
    }
    for (const std::string& e : t.errors)
      text += " !" + e;
    text += "\n";
  }
  if (!solver_prefix.empty())
    for (std::size_t at = 0; (at = text.find(solver_prefix, at)) != std::string::npos;)
      text.erase(at, solver_prefix.size());
  return text;
}

std::string report_json(const RunReport& report) {
  json::Writer w(2);
  w.begin_object();
  w.member("battgpu_version", BATTGPU_VERSION);
  w.key("solvers").begin_array();
  for (const std::string& s : report.solvers)
    w.value(s);
  w.end_array();

  w.key("summary").begin_object();
  w.member("tasks", report.tasks.size());
  w.member("checked", report.checked());
  w.member("solved", report.solved());
  w.member("unsolved", report.unsolved());
  w.member("wrong_candidates", report.count(TaskStatus::WrongCandidates));
  w.member("no_candidates", report.count(TaskStatus::NoCandidates));
  w.member("solver_error", report.count(TaskStatus::SolverError));
  w.member("unchecked", report.count(TaskStatus::Unchecked));
  w.member("time_limit", report.count(TaskStatus::TimeLimit));
  w.member("load_errors", report.load_errors.size());
  w.member("solver_exceptions", report.solver_errors());
  w.end_object();

  w.key("settings").begin_object();
  w.member("jobs", report.settings.jobs);
  w.member("batch_size", report.settings.batch_size);
  w.key("time_limit_seconds").number(report.settings.time_limit);
  w.member("batches", report.batches);
  w.member("prefetched_grids", report.prefetched_grids);
  w.member("prefetched_on_gpu", report.prefetched_on_gpu);
  w.member("gathered_batches", report.gathered_batches);
  w.member("prefetch_used", report.prefetch_used);
  w.member("gather_used", report.gather_used);
  w.key("auto_trials").begin_array();
  for (const RunReport::Trial& t : report.trials) {
    w.begin_object();
    w.member("prefetch", t.prefetch);
    w.member("gather", t.gather);
    w.key("seconds_per_task").number(t.seconds_per_task);
    w.end_object();
  }
  w.end_array();
  w.end_object();

  // The batched stage of gathered batches (its seconds are part of timing.solve_seconds).
  w.key("gathered").begin_object();
  w.member("rounds", report.gathered.rounds);
  w.member("object_requests", report.gathered.object_requests);
  w.member("mapply_requests", report.gathered.mapply_requests);
  w.member("distinct_grids", report.gathered.distinct_grids);
  w.member("distinct_containers", report.gathered.distinct_containers);
  w.member("runtime_calls", report.gathered.runtime_calls);
  w.member("failed_calls", report.gathered.failed_calls);
  w.key("seconds").number(report.gathered.seconds);
  w.key("dedupe_seconds").number(report.gathered.dedupe_seconds);
  w.end_object();

  w.key("timing").begin_object();
  w.key("load_seconds").number(report.load_seconds);
  w.key("prefetch_seconds").number(report.prefetch_seconds);
  w.key("solve_seconds").number(report.solve_seconds);
  w.key("total_seconds").number(report.total_seconds);
  const double tasks_per_second = report.solve_seconds + report.prefetch_seconds > 0
                                      ? static_cast<double>(report.tasks.size()) /
                                            (report.solve_seconds + report.prefetch_seconds)
                                      : 0.0;
  w.key("tasks_per_second").number(tasks_per_second);
  w.end_object();

  const runtime::RuntimeStats& rs = report.runtime;
  w.key("runtime").begin_object();
  w.member("calls", rs.calls);
  w.member("gpu_calls", rs.gpu_calls);
  w.member("cpu_calls", rs.cpu_calls);
  w.member("items", rs.items);
  w.member("labelings", rs.labelings);
  w.member("gpu_items", rs.gpu_items);
  w.member("cpu_items", rs.cpu_items);
  w.member("chunks", rs.chunks);
  w.member("split_retries", rs.split_retries);
  w.member("bytes_h2d", rs.bytes_h2d);
  w.member("bytes_d2h", rs.bytes_d2h);
  w.key("seconds").begin_object();
  w.key("plan").number(rs.time.plan);
  w.key("pack").number(rs.time.pack);
  w.key("h2d").number(rs.time.h2d);
  w.key("kernel").number(rs.time.kernel);
  w.key("d2h").number(rs.time.d2h);
  w.key("build").number(rs.time.build);
  w.key("cpu").number(rs.time.cpu);
  w.key("total").number(rs.time.total);
  w.end_object();
  w.key("devices").begin_array();
  for (const runtime::DeviceStats& d : rs.devices) {
    w.begin_object();
    w.member("ordinal", d.ordinal);
    w.member("name", d.name);
    w.member("chunks", d.chunks);
    w.member("items", d.items);
    w.member("memory_held_peak", d.memory_held_peak);
    w.end_object();
  }
  w.end_array();
  w.key("fallbacks").begin_array();
  for (const runtime::FallbackReason& f : rs.fallbacks) {
    w.begin_object();
    w.member("reason", f.reason);
    w.member("chunks", f.chunks);
    w.member("items", f.items);
    w.end_object();
  }
  w.end_array();
  w.end_object();

  w.key("tasks").begin_array();
  for (const TaskReport& t : report.tasks) {
    w.begin_object();
    w.member("id", t.id);
    w.member("path", t.path);
    w.member("status", status_name(t.status));
    w.key("solved_by").begin_array();
    for (const std::string& s : t.solved_by)
      w.value(s);
    w.end_array();
    w.member("candidates", t.candidates);
    w.key("seconds").number(t.seconds);
    w.key("tests").begin_array();
    for (const TestReport& test : t.tests) {
      w.begin_object();
      w.member("has_output", test.has_expected);
      w.member("candidates", test.candidates);
      w.key("matched_by").begin_array();
      for (const std::string& s : test.matched_by)
        w.value(s);
      w.end_array();
      w.end_object();
    }
    w.end_array();
    w.key("errors").begin_array();
    for (const std::string& e : t.errors)
      w.value(e);
    w.end_array();
    w.end_object();
  }
  w.end_array();

  w.key("load_errors").begin_array();
  for (const tasks::LoadError& e : report.load_errors) {
    w.begin_object();
    w.member("path", e.path);
    w.member("message", e.message);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.str() + "\n";
}

namespace {

std::string detail(const TaskReport& t) {
  switch (t.status) {
  case TaskStatus::Solved: {
    std::string by = "by ";
    for (std::size_t i = 0; i < t.solved_by.size(); ++i)
      by += (i ? ", " : "") + t.solved_by[i];
    return by;
  }
  case TaskStatus::WrongCandidates: {
    std::string missed;
    for (std::size_t i = 0; i < t.tests.size(); ++i)
      if (t.tests[i].has_expected && t.tests[i].matched_by.empty())
        missed += (missed.empty() ? "test[" : ", test[") + std::to_string(i) + "]";
    std::string text =
        std::to_string(t.candidates) + " candidate" + (t.candidates == 1 ? "" : "s") + ", ";
    if (missed.empty())
      return text + "each test pair was matched by some solver, but no solver matched all";
    return text + "none matches " + missed;
  }
  case TaskStatus::NoCandidates:
    return "no solver recorded a candidate";
  case TaskStatus::SolverError:
    return "no candidates; " + std::to_string(t.errors.size()) + " solver error" +
           (t.errors.size() == 1 ? "" : "s");
  case TaskStatus::Unchecked:
    return std::to_string(t.candidates) + " candidates, no expected test output to check";
  case TaskStatus::TimeLimit:
    return "stopped at the time limit";
  }
  return "";
}

} // namespace

std::string report_text(const RunReport& report, bool summary_only) {
  std::string out;
  if (!summary_only) {
    std::size_t id_width = 12;
    for (const TaskReport& t : report.tasks)
      id_width = std::max(id_width, std::min<std::size_t>(t.id.size(), 40));
    for (const TaskReport& t : report.tasks) {
      std::string name = status_name(t.status);
      name.resize(std::max<std::size_t>(name.size(), 16), ' ');
      std::string id = t.id;
      id.resize(std::max(id.size(), id_width), ' ');
      out += name + " " + id + " ";
      out += detail(t) + "\n";
      for (const std::string& e : t.errors)
        out += "    " + e + "\n";
    }
    for (const tasks::LoadError& e : report.load_errors)
      out += "load-error       " + e.message + "\n";
  }

  const std::size_t checked = report.checked();
  out += "solved " + std::to_string(report.solved()) + "/" + std::to_string(checked) + " tasks";
  if (checked > 0)
    out += format(" (%.1f%%)",
                  100.0 * static_cast<double>(report.solved()) / static_cast<double>(checked));
  out += " with " + std::to_string(report.solvers.size()) + " solver" +
         (report.solvers.size() == 1 ? "" : "s");
  if (std::size_t n = report.count(TaskStatus::Unchecked))
    out += "; " + std::to_string(n) + " more without expected test outputs";
  out += "\n";
  if (std::size_t n = report.solver_errors())
    out += std::to_string(n) + " solver exception" + (n == 1 ? "" : "s") + " caught\n";
  if (!report.load_errors.empty())
    out += std::to_string(report.load_errors.size()) + " task file" +
           (report.load_errors.size() == 1 ? "" : "s") + " could not be loaded\n";
  if (std::size_t n = report.count(TaskStatus::TimeLimit))
    out += std::to_string(n) + " task" + (n == 1 ? "" : "s") + " stopped at the time limit\n";
  const double busy = report.solve_seconds + report.prefetch_seconds;
  out += "time: load " + duration(report.load_seconds) + ", prefetch " +
         duration(report.prefetch_seconds) + ", solve " + duration(report.solve_seconds) +
         ", total " + duration(report.total_seconds);
  if (busy > 0)
    out += format(" (%.1f tasks/s", static_cast<double>(report.tasks.size()) / busy) + ", " +
           std::to_string(report.settings.jobs) + " jobs, " + std::to_string(report.batches) +
           " batch" + (report.batches == 1 ? "" : "es") + ")";
  out += "\n";
  const runtime::RuntimeStats& rs = report.runtime;
  out += "runtime: " + std::to_string(rs.calls) + " batch calls (" + std::to_string(rs.gpu_calls) +
         " on a GPU), " + std::to_string(rs.items) + " items (" + std::to_string(rs.gpu_items) +
         " on a GPU), " + duration(rs.time.total) + "; prefetched " +
         std::to_string(report.prefetched_grids) + " grids (" +
         std::to_string(report.prefetched_on_gpu) + " with GPU results)\n";
  if (!report.trials.empty()) {
    out += "auto:";
    for (const RunReport::Trial& t : report.trials)
      out += std::string(" prefetch ") + (t.prefetch ? "on" : "off") + "/gather " +
             (t.gather ? "on" : "off") + " " + duration(t.seconds_per_task) + " a task;";
    out += std::string(" kept prefetch ") + (report.prefetch_used ? "on" : "off") + ", gather " +
           (report.gather_used ? "on" : "off") + "\n";
  }
  if (report.gathered_batches != 0) {
    const runtime::Gather::Totals& g = report.gathered;
    out += "gathered: " + std::to_string(g.object_requests) + " object and " +
           std::to_string(g.mapply_requests) + " mapply requests in " + std::to_string(g.rounds) +
           " rounds, " + std::to_string(g.runtime_calls) + " runtime calls, " +
           duration(g.seconds) + " of the solve time\n";
  }
  return out;
}

} // namespace battgpu::driver
