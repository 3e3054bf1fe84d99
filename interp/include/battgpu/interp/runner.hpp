// Runs a program over ARC tasks the way tokpidjin's runner calls a batt module (SPEC
// sections 3 and 7): every train sample, then every test sample, of every task, in task
// order; `S` the task's train pairs, `I` the sample's input, `C` None (and, with `score`, a
// second call with `C` the expected output). A solver module's call runs the solver named
// after the task. Calls run in blocks of several tasks, the blocks spread over the cores and
// taken longest first (by the cells of their grids; in task order when calls run apart);
// records come out in task order whatever the jobs. An interpreted program runs each block's calls
// together, statement by statement (executor.hpp); a compiled one (compiled.hpp) runs them one
// call at a time through its generated functions. Both give the same records, reports and
// time limits.
#pragma once

#include "battgpu/frontend/program.hpp"
#include "battgpu/interp/compiled.hpp"
#include "battgpu/interp/executor.hpp"
#include "battgpu/tasks/task.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace battgpu::interp {

/// A program of this many statements or more runs its calls apart by default
/// (RunOptions::calls_apart_statements), where the run's threads also call for it.
inline constexpr std::size_t kCallsApartStatements = 10000;
/// ...and where the run has fewer tasks than this a thread. With more, the threads' blocks of
/// a task each, longest first, already balance the run, and a task's calls run together share
/// what they compute alike (a block's repeated calls) and the interpreter's work per
/// statement: a 30 000-statement batt took 11% fewer instructions on one thread that way, and
/// over the 400 training tasks 12% and 19% less time on 8 and 2 threads of a 16-core host (in
/// medians), the same on 16 (for twice the memory; bench/RESULTS.md).
inline constexpr std::size_t kCallsApartTasksPerThread = 32;

struct RunOptions {
  /// Also make the scoring call of each sample with an expected output (`C` = that output),
  /// recorded with split "train_diff" / "test_diff".
  bool score = false;
  /// Seconds a call may take (0: no limit).
  double time_limit = 30;
  /// Worker threads (0: every core).
  unsigned jobs = 0;
  /// Tasks per block of calls run together (0: chosen from the tasks, threads and program
  /// length; see RunSummary::block_tasks).
  std::size_t block_tasks = 0;
  /// With block_tasks 0, a program this long (statements of its longest function; 0: never)
  /// runs each call in a block of its own: a call then takes long enough that the calls of one
  /// task are worth running on different threads, and its values are many enough that one
  /// call at a time keeps memory down. Unset: kCallsApartStatements, where the run has more
  /// than one thread and fewer than kCallsApartTasksPerThread tasks a thread (calls_apart()).
  std::optional<std::size_t> calls_apart_statements;
  /// With calls apart, threads with no call left run statements of the calls still running
  /// (HelpBoard), the results unchanged. `--share-calls off` turns that off.
  bool share_calls = true;
  /// A call of a block that makes a statement's call on the very values an earlier call made
  /// it on takes that call's outcome (ExecutorOptions::reuse_repeated_calls).
  bool reuse_calls = true;
  /// Where the grid statements run (ExecutorOptions::grid_statements); on the GPU, blocks
  /// hold several tasks, as with batched extraction.
  GridStatements grid_statements = GridStatements::Off;
  /// Collect the time per DSL function (interpreted programs; a compiled program reports the
  /// time per compiled function instead).
  bool profile = false;
  /// Called on the calling thread as tasks finish, with how many have (for progress displays;
  /// the tasks finish in no set order, the count only grows and ends at the total).
  std::function<void(std::size_t done, std::size_t total)> progress;
  /// Called with each call's record line (SPEC section 7), in order.
  std::function<void(const std::string& line)> record_sink;
  /// Trace one call: "TASK:SPLIT:INDEX" (e.g. "007bbfb7:test:0"); every value it assigns to
  /// a named variable goes to `trace`, in execution order (interpreted programs only).
  std::string trace_call;
  TraceHook trace;
};

/// One call's place and outcome.
struct CallOutcome {
  std::string split; ///< "train", "test", "train_diff", "test_diff"
  std::size_t index = 0;
  Call::Status status = Call::Status::Ok;
  py::Exc error = py::Exc::None;
  std::size_t o_records = 0;
  std::size_t s_records = 0;
  double seconds = 0;
  /// Its records could not be written (RunOptions::record_sink: out of memory, or nested too
  /// deep), and its line says it raised instead. The fields above are the call's own outcome,
  /// the same with records written or not.
  bool records_unwritten = false;
};

struct TaskOutcome {
  std::string id;
  std::vector<CallOutcome> calls;
  /// Test pairs with an expected output, and whether the candidates of every one of them
  /// contain it.
  std::size_t checked_tests = 0;
  bool solved = false;
  /// Candidates (o records) of test calls equal to the expected output, by solver id.
  std::map<std::string, std::size_t> matching_candidates;
};

/// What one worker thread did in a run, in seconds from the run's start: where a run on many
/// cores loses to linear (late starts, idle ends, a long last block).
struct ThreadTiming {
  std::size_t blocks = 0;
  double started = 0;  ///< the thread began work
  double busy = 0;     ///< making and running its blocks' calls (helping others' not counted)
  double finished = 0; ///< it had no block left (and, with shared calls, no call to help)
};

/// The calls of one DSL function with one combination of kinds of argument (py::ValueKind).
struct FunctionKindsProfile {
  std::string function;
  std::vector<std::string> kinds; ///< of the first arguments (py::CallProfile::kKindsKept)
  std::size_t arguments = 0;
  std::uint64_t calls = 0;
  double self_seconds = 0;  ///< in the function itself
  double total_seconds = 0; ///< with the DSL calls it made
};

/// The own time of the DSL calls on one kind of value.
struct ValueKindProfile {
  std::string kind;
  std::uint64_t calls = 0;
  double self_seconds = 0;
};

struct RunSummary {
  std::vector<TaskOutcome> tasks;
  std::size_t calls = 0;
  std::size_t raised = 0;
  std::size_t timeouts = 0;
  std::size_t o_records = 0;
  std::size_t s_records = 0;
  std::map<std::string, std::size_t> raised_types;
  /// Calls whose records could not be written (CallOutcome::records_unwritten).
  std::size_t records_unwritten = 0;
  double seconds_in_calls = 0;
  double wall_seconds = 0;
  unsigned jobs = 1;
  /// Tasks per block, as given or as chosen.
  std::size_t block_tasks = 1;
  /// Each call ran in a block of its own (a long program with the block size left open), so
  /// that one task's calls ran on several threads.
  bool calls_apart = false;
  /// With calls apart: whether idle threads could run statements of the calls still running.
  bool share_calls = false;
  /// Without calls apart, one task a block: the tasks expected to take over half of a thread's
  /// share of the run, whose calls ran in blocks of their own.
  std::size_t tasks_split = 0;
  /// Whether object extractions were batched over the calls in flight.
  bool batch_objects = false;
  /// Where the grid statements ran (RunOptions::grid_statements).
  GridStatements grid_statements = GridStatements::Off;
  std::vector<ProfileEntry> profile;
  /// With RunOptions::profile: every DSL function called (by the statements or through
  /// closures, apply, mapply, ...) per kinds of argument, by own time, longest first.
  std::vector<FunctionKindsProfile> functions;
  /// The same time by kind of value: a call counts under its first argument that is not a
  /// function ("no argument" without one), longest first.
  std::vector<ValueKindProfile> value_kinds;
  /// One entry per worker thread.
  std::vector<ThreadTiming> threads;
};

/// Whether a run of `tasks` tasks on `jobs` threads of a program whose longest function has
/// `statements` statements runs each call in a block of its own (RunOptions::
/// calls_apart_statements; never with block_tasks set).
bool calls_apart(const RunOptions& options, std::size_t statements, std::size_t tasks,
                 unsigned jobs);

/// Runs `program` over `tasks`.
RunSummary run_program(const frontend::Program& program, const std::vector<tasks::Task>& tasks,
                       const RunOptions& options);
/// Runs a compiled program over `tasks`, as the interpreted module it was imported from runs.
RunSummary run_program(const CompiledProgram& program, const std::vector<tasks::Task>& tasks,
                       const RunOptions& options);

/// Whether the calls in flight batch their object extractions (runtime::ObjectBatching): only
/// where BATTGPU_BATCH_OBJECTS=1 forces it. By default (auto) each call extracts its own,
/// which was measured faster on every host tried, with cores idle or not and with a GPU.
bool batch_objects_by_default();

/// A grid as Python's tuple of row tuples.
py::Value grid_value(const dsl::Grid& grid);

/// The record line of one call (SPEC section 7), without its newline.
std::string record_line(const std::string& task, const std::string& split, std::size_t index,
                        const Call& call);
std::string record_line(const std::string& task, const std::string& split, std::size_t index,
                        const Call& call, const frontend::Program& program);

} // namespace battgpu::interp
