// The runner hands the blocks of a run to its threads longest first, and still gives the
// records and task outcomes in task order: a run over many tasks, with any number of threads,
// with one call a block and with the longest tasks split into calls, writes exactly the lines
// of running each task alone, one after the other. Progress counts tasks as they finish, on the
// calling thread, up to every task. `auto` batches no extraction of calls run apart.
#include "battgpu/frontend/parser.hpp"
#include "battgpu/interp/runner.hpp"
#include "battgpu/runtime/py_objects.hpp"
#include "battgpu/tasks/task.hpp"
#include "test_inputs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace battgpu::interp {
namespace {

using testing::training_tasks;

frontend::Program synthetic_batt() {
  frontend::CheckOptions options;
  options.dialect = py::Dialect::Tokpidjin;
  return frontend::check(frontend::parse_file(BATTGPU_TEST_SYNTH), options);
}

/// The record lines of a run, and the outcome of each task in the order given.
struct RunOutput {
  std::vector<std::string> lines;
  std::vector<std::string> outcomes;
  std::size_t tasks_split = 0;
};

RunOutput run_tasks(const frontend::Program& program, const std::vector<tasks::Task>& tasks,
                    unsigned jobs, bool calls_apart) {
  RunOutput r;
  RunOptions options;
  options.jobs = jobs;
  options.calls_apart_statements = calls_apart ? 1 : 0;
  options.record_sink = [&](const std::string& line) { r.lines.push_back(line); };
  const RunSummary summary = run_program(program, tasks, options);
  r.tasks_split = summary.tasks_split;
  for (const TaskOutcome& t : summary.tasks)
    r.outcomes.push_back(t.id + (t.solved ? " solved " : " unsolved ") +
                         std::to_string(t.calls.size()) + " calls");
  return r;
}

TEST(Schedule, RecordsComeInTaskOrderWhateverOrderTheBlocksRan) {
  const frontend::Program program = synthetic_batt();
  ASSERT_FALSE(program.has_errors());
  const std::vector<tasks::Task> tasks = training_tasks(48);
  ASSERT_FALSE(tasks.empty());
  // Each task alone: no other block to run before it.
  RunOutput alone;
  for (const tasks::Task& t : tasks) {
    const RunOutput one = run_tasks(program, {t}, 1, false);
    alone.lines.insert(alone.lines.end(), one.lines.begin(), one.lines.end());
    alone.outcomes.insert(alone.outcomes.end(), one.outcomes.begin(), one.outcomes.end());
  }
  ASSERT_FALSE(alone.lines.empty());
  std::size_t runs = 0, split = 0;
  for (const unsigned jobs : {1u, 3u, 8u, 24u})
    for (const bool apart : {false, true}) {
      const RunOutput together = run_tasks(program, tasks, jobs, apart);
      EXPECT_EQ(together.outcomes, alone.outcomes) << jobs << " jobs, calls apart " << apart;
      ASSERT_EQ(together.lines.size(), alone.lines.size());
      for (std::size_t k = 0; k < alone.lines.size(); ++k)
        ASSERT_EQ(together.lines[k], alone.lines[k])
            << "line " << k << ", " << jobs << " jobs, calls apart " << apart;
      ++runs;
      split += together.tasks_split;
    }
  // With many threads the longest tasks' calls go to blocks of their own: that path ran too.
  EXPECT_GT(split, 0u);
  std::cout << runs << " runs of " << tasks.size() << " tasks, " << alone.lines.size()
            << " record lines each, identical to the tasks run one by one (" << split
            << " tasks split into calls)\n";
}

TEST(Schedule, ThreadTimingsAccountForEveryBlock) {
  const frontend::Program program = synthetic_batt();
  const std::vector<tasks::Task> tasks = training_tasks(40);
  for (const bool apart : {false, true}) {
    RunOptions options;
    options.jobs = 4;
    options.calls_apart_statements = apart ? 1 : 0;
    const RunSummary summary = run_program(program, tasks, options);
    ASSERT_EQ(summary.threads.size(), summary.jobs);
    std::size_t blocks = 0, calls = 0;
    for (const TaskOutcome& t : summary.tasks)
      calls += t.calls.size();
    for (const ThreadTiming& t : summary.threads) {
      blocks += t.blocks;
      EXPECT_LE(0.0, t.started);
      EXPECT_LE(t.started, t.finished);
      EXPECT_LE(t.busy, t.finished - t.started + 1e-6);
      EXPECT_LE(t.finished, summary.wall_seconds);
    }
    // One block a call with calls apart; blocks of block_tasks tasks where extraction is
    // batched (a host with cores or a GPU to spare); otherwise one a task, but one a call for
    // a task split, which has two calls or more.
    if (apart) {
      EXPECT_EQ(blocks, calls);
    } else if (summary.block_tasks > 1) {
      EXPECT_TRUE(summary.batch_objects);
      EXPECT_EQ(summary.tasks_split, 0u);
      EXPECT_EQ(blocks, (tasks.size() + summary.block_tasks - 1) / summary.block_tasks);
    } else {
      EXPECT_GE(blocks, tasks.size() + summary.tasks_split);
      EXPECT_LE(blocks, calls);
      if (summary.tasks_split == 0) {
        EXPECT_EQ(blocks, tasks.size());
      }
    }
  }
}

TEST(Schedule, AutoBatchesNoExtractionForcingDoes) {
  // By default each call extracts its own objects, run apart or together, with the runtime's
  // CPU threads idle or not (measured the faster); BATTGPU_BATCH_OBJECTS=1 still batches, even
  // a call run as a block of its own.
  const frontend::Program program = synthetic_batt();
  const std::vector<tasks::Task> tasks = training_tasks(4);
  const runtime::ObjectBatching mode = runtime::py_objects_batching_mode();
  auto batched = [&](runtime::ObjectBatching m, bool apart, unsigned jobs) {
    runtime::set_py_objects_batching(m);
    RunOptions options;
    options.jobs = jobs;
    options.calls_apart_statements = apart ? 1 : 0;
    const RunSummary summary = run_program(program, tasks, options);
    EXPECT_EQ(summary.calls_apart, apart);
    return summary.batch_objects;
  };
  for (const bool apart : {false, true})
    for (const unsigned jobs : {1u, 2u}) {
      EXPECT_FALSE(batched(runtime::ObjectBatching::Auto, apart, jobs));
      EXPECT_FALSE(batched(runtime::ObjectBatching::Off, apart, jobs));
      EXPECT_TRUE(batched(runtime::ObjectBatching::On, apart, jobs));
    }
  runtime::set_py_objects_batching(mode);
}

TEST(Schedule, LongProgramsRunCallsApartWhereThreadsWouldOtherwiseWait) {
  const std::size_t longest = kCallsApartStatements;
  RunOptions options;
  // Left open: only with another thread to take a call, and few tasks a thread.
  EXPECT_FALSE(calls_apart(options, longest, 400, 1));
  EXPECT_FALSE(calls_apart(options, longest, 20, 1));
  EXPECT_FALSE(calls_apart(options, longest, 400, 2));
  EXPECT_FALSE(calls_apart(options, longest, 400, 400 / kCallsApartTasksPerThread));
  EXPECT_TRUE(calls_apart(options, longest, 400, 400 / kCallsApartTasksPerThread + 1));
  EXPECT_TRUE(calls_apart(options, longest, 20, 2));
  EXPECT_FALSE(calls_apart(options, longest - 1, 20, 2));
  // Given: as given, whatever the threads; never with the block size set.
  options.calls_apart_statements = 50;
  EXPECT_TRUE(calls_apart(options, 50, 400, 1));
  EXPECT_FALSE(calls_apart(options, 49, 400, 1));
  options.calls_apart_statements = 0;
  EXPECT_FALSE(calls_apart(options, longest, 20, 16));
  options.calls_apart_statements = 1;
  options.block_tasks = 2;
  EXPECT_FALSE(calls_apart(options, longest, 20, 16));
}

TEST(Schedule, ProgressCountsFinishedTasksOnTheCallingThread) {
  const frontend::Program program = synthetic_batt();
  const std::vector<tasks::Task> tasks = training_tasks(40);
  for (const bool apart : {false, true}) {
    std::vector<std::size_t> seen;
    bool other_thread = false;
    const auto caller = std::this_thread::get_id();
    RunOptions options;
    options.jobs = 4;
    options.calls_apart_statements = apart ? 1 : 0;
    options.progress = [&](std::size_t done, std::size_t total) {
      EXPECT_EQ(total, tasks.size());
      other_thread = other_thread || std::this_thread::get_id() != caller;
      seen.push_back(done);
    };
    run_program(program, tasks, options);
    EXPECT_FALSE(other_thread);
    ASSERT_FALSE(seen.empty());
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    EXPECT_EQ(seen.back(), tasks.size());
  }
}

} // namespace
} // namespace battgpu::interp
