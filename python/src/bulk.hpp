// A program over many ARC tasks, for Python: every call tokpidjin's runner makes, in task
// order, on every core, handed out task by task as the tasks finish.
//
// ValuesRun gives each call's o and s as values (for Python objects). It schedules as
// interp::run_program does (blocks of tasks run statement by statement, the blocks spread
// over worker threads, results in order), but keeps each call's values instead of writing
// them as text: run_program hands out record lines only. RecordsRun is run_program itself,
// giving the SPEC section 7 record lines `battgpu run --records` writes.
#pragma once

#include "program.hpp"

#include "battgpu/interp/runner.hpp"
#include "battgpu/interp/watchdog.hpp"
#include "battgpu/tasks/task.hpp"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace battgpu::python {

struct BulkOptions {
  bool score = false;     ///< also the scoring calls (C = the expected output)
  double time_limit = 30; ///< seconds a call may take (0: none)
  unsigned jobs = 0;      ///< worker threads (0: every core)
  std::size_t block_tasks = 8;
};

/// One call of a task, once run.
struct BulkCall {
  std::string split;
  std::size_t index = 0;
  interp::Call call;
};

struct BulkTask {
  std::string id;
  std::vector<BulkCall> calls;
  /// The worker that made the values (and frees them: memory goes back where it came from).
  unsigned worker = 0;
};

class ValuesRun {
public:
  ValuesRun(std::shared_ptr<ProgramCore> program, std::vector<tasks::Task> tasks,
            BulkOptions options);
  ~ValuesRun();
  ValuesRun(const ValuesRun&) = delete;
  ValuesRun& operator=(const ValuesRun&) = delete;

  /// Waits up to `timeout_s` for the next task in order. Returns 1 with `out` filled, 0 when
  /// not ready yet, -1 at the end. Call without holding the GIL.
  int next(BulkTask& out, double timeout_s);
  std::size_t total() const { return tasks_.size(); }
  unsigned jobs() const { return jobs_; }
  /// Hands back a task whose values Python has taken: a worker frees them, off the thread
  /// that converts results.
  void retire(BulkTask&& task);

private:
  struct Block;
  void worker(unsigned index);
  void run_block(Block& block, ExecutorSet& executors, unsigned worker);

  std::shared_ptr<ProgramCore> program_;
  std::vector<tasks::Task> tasks_;
  BulkOptions options_;
  std::vector<std::unique_ptr<Block>> blocks_;
  unsigned jobs_ = 1;
  std::unique_ptr<interp::Watchdog> watchdog_; // with a time limit

  std::mutex mutex_;
  std::condition_variable done_cv_, room_cv_;
  std::size_t next_block_ = 0; ///< the next block a worker claims
  std::size_t consumer_block_ = 0, consumer_task_ = 0;
  bool stop_ = false;
  std::vector<std::vector<BulkTask>> retired_; // by worker
  std::vector<std::jthread> threads_;
};

/// interp::run_program on a thread of its own, its record lines queued for Python.
class RecordsRun {
public:
  RecordsRun(std::shared_ptr<ProgramCore> program, std::vector<tasks::Task> tasks,
             BulkOptions options);
  ~RecordsRun();
  RecordsRun(const RecordsRun&) = delete;
  RecordsRun& operator=(const RecordsRun&) = delete;

  /// Waits up to `timeout_s` for record lines; returns those queued (empty: none yet, or the
  /// end when finished() is true). Call without holding the GIL.
  std::vector<std::string> next(double timeout_s);
  bool finished();
  std::size_t tasks_done() const { return tasks_done_.load(); }
  std::size_t total() const { return tasks_.size(); }
  const interp::RunSummary& summary() const { return summary_; }

private:
  std::shared_ptr<ProgramCore> program_;
  std::vector<tasks::Task> tasks_;
  interp::RunOptions options_;
  interp::RunSummary summary_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::string> lines_;
  std::atomic<std::size_t> tasks_done_{0};
  bool finished_ = false;
  std::jthread thread_;
};

} // namespace battgpu::python
