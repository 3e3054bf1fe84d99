// A checked batt or solver module (frontend::Program) with what it takes to call its
// functions from Python one call at a time (the drop-in) or over many tasks (bulk.hpp).
#pragma once

#include "battgpu/frontend/program.hpp"
#include "battgpu/interp/executor.hpp"

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace battgpu::python {

/// The executors of a program's functions for one time limit, made on first use. An Executor
/// keeps scratch state while it runs, so a set serves one thread at a time.
class ExecutorSet {
public:
  /// `batch_objects`: whether the calls run together batch their object extractions
  /// (interp::batch_objects_by_default).
  ExecutorSet(const frontend::Program& program, double time_limit, bool batch_objects)
      : program_(program), time_limit_(time_limit), batch_objects_(batch_objects) {}
  interp::Executor& get(std::size_t function);
  double time_limit() const { return time_limit_; }

private:
  const frontend::Program& program_;
  double time_limit_;
  bool batch_objects_;
  std::vector<std::unique_ptr<interp::Executor>> executors_;
};

/// Executor sets lent to the calls from Python, one per call running at once (Python threads
/// may call a program together while the GIL is released). Each call runs alone: its
/// extractions have no other calls' to be batched with.
class ExecutorPool {
public:
  ExecutorPool(const frontend::Program& program, double time_limit)
      : program_(program), time_limit_(time_limit) {}
  double time_limit() const { return time_limit_; }

  /// A set for the calling thread's call, handed back when the lease ends.
  class Lease {
  public:
    Lease(ExecutorPool& pool, std::unique_ptr<ExecutorSet> set)
        : pool_(pool), set_(std::move(set)) {}
    ~Lease() { pool_.give_back(std::move(set_)); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ExecutorSet& operator*() { return *set_; }

  private:
    ExecutorPool& pool_;
    std::unique_ptr<ExecutorSet> set_;
  };
  Lease lease();

private:
  void give_back(std::unique_ptr<ExecutorSet> set);
  const frontend::Program& program_;
  double time_limit_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<ExecutorSet>> free_;
};

/// The program itself: pure C++, shared with the bulk runners' threads.
struct ProgramCore {
  std::string path;
  std::string source;
  frontend::Program program;
  /// Warnings of the check (FILE:LINE:COL: warning: ...).
  std::vector<std::string> warnings;
  /// Per function: its parameter count and which parameters its statements read.
  std::vector<std::size_t> nparams;
  std::vector<std::vector<bool>> reads_param;
  /// Per function: the operands of its first `return` (list or not), to rebuild what the
  /// Python function returns from a call's o, s and returned values.
  std::vector<std::vector<bool>> return_lists;
  /// The executors of calls from Python, with their time limit (0: none).
  std::unique_ptr<ExecutorPool> calls;

  /// The function of a solver id or `solve_<id>` / `batt` name.
  std::optional<std::size_t> find_function(std::string_view name) const;
};

/// Parses and checks `source` (the text of `path`). Errors are returned as diagnostics
/// lines; the program is null when there are any. Calls from Python get `time_limit`.
std::shared_ptr<ProgramCore> load_program(std::string source, std::string path,
                                          std::optional<py::Dialect> dialect, double time_limit,
                                          std::vector<std::string>& errors);

} // namespace battgpu::python
