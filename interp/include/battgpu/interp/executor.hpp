// Runs a checked program (frontend/program.hpp) for many calls at once, statement by
// statement: every statement runs for every call in flight before the next one starts.
//
// Why statement-major: a generated batt function is thousands of straight-line statements,
// and a run makes one call per sample of every task. Running one statement over all calls
// in flight gives each batchable statement (object extraction, mapply over object sets, the
// sample functions) the whole block's arguments at once, so that it can reach the batch
// runtime as one call over all of them (on the GPU where it pays, over the cores where not).
// The compiled path gets the same effect from coroutines that suspend at batch points
// (runtime/include/battgpu/runtime/gather.hpp); an interpreter owns its loop, so it needs no
// suspension: it simply runs the loop over calls inside each statement.
//
// Each call's control flow is Python's: a statement that raises skips the rest of its block
// for that call, an `except` clause that matches resumes it in its handler, an exception that
// escapes the function ends the call with status raised.
#pragma once

#include "battgpu/frontend/program.hpp"
#include "battgpu/py/value.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace battgpu::runtime {
class GridStore;
}

namespace battgpu::interp {

/// One call of a program function, its arguments and, once run, its outcome.
struct Call {
  enum class Status { Ok, Raised, Timeout };

  /// The function's arguments, by parameter position.
  std::vector<py::Value> args;

  Status status = Status::Ok;
  /// For Raised: the exception that escaped.
  py::Exc error = py::Exc::None;
  std::string error_message;
  /// A batt call's two record lists (`return o, s`); a solver call's returned value is the
  /// single element of `returned`.
  std::vector<py::Value> o, s;
  std::vector<py::Value> returned;
  /// Seconds spent in this call's statements.
  double seconds = 0;
  /// Report every assignment of this call to ExecutorOptions::trace.
  bool trace = false;
};

/// Sees every value a traced call assigns to a named local, in execution order.
using TraceHook = std::function<void(const Call& call, const frontend::SourceStatement& statement,
                                     const std::string& target, const py::Value& value)>;

class Executor;
class HelpBoard;
struct SharedCall;

/// Where the grid statements of a block run (runtime/grid_store.hpp): one at a time as Python
/// values (Off), or for every call in flight at once on packed grids kept on the host (Cpu) or
/// on a GPU (Gpu), a chain of them passing packed grids along.
enum class GridStatements : std::uint8_t { Off, Cpu, Gpu };

struct ExecutorOptions {
  /// A call past this many seconds of its own statement time stops with status Timeout
  /// (0: no limit).
  double time_limit = 0;
  /// Under a time limit shorter than this, every statement reads the clock, so that a call
  /// stops at the first statement past its limit. Under a longer one, a call running alone
  /// reads it only when it starts and ends, and the watchdog (interp/watchdog.hpp) stops it
  /// within its period (20 ms) of the limit.
  double clock_every_statement_below = 1.0;
  /// Collect the time per DSL function (the profile).
  bool profile = false;
  /// Gather each statement's object extractions, and its mapply or apply over object sets,
  /// over the calls in flight into one runtime call (where runtime::py_objects_batching()
  /// allows it).
  bool batch_objects = true;
  /// A call that makes a statement's call on the very values an earlier call of its block
  /// used takes that call's outcome (interp/src/repeated_calls.hpp).
  bool reuse_repeated_calls = true;
  /// Where the grid statements (cellwise, replace, fill, paint, f_ofcolor) of a block of two
  /// calls or more run. Not under the profile or a trace, which see every statement one call
  /// at a time.
  GridStatements grid_statements = GridStatements::Off;
  /// Called for the calls whose `trace` flag is set.
  TraceHook trace;
  /// Where a call run alone may ask idle threads for help (nullptr: never).
  HelpBoard* helpers = nullptr;
};

/// Where a long call asks for help and idle threads give it. A call that runs alone (a block
/// of one call) may have its remaining statements run by several threads at once: each
/// statement starts once the statements whose locals it reads have run, and everything the
/// call does is committed in the program's order, so the result is the sequential one. The
/// call switches to that only while some thread is idle (the end of a run, when fewer calls
/// than threads are left), so a busy run pays nothing for it.
class HelpBoard {
public:
  /// Called by a thread with nothing else to run: helps a call that asked for help, running
  /// statements with the executor `executor_for` gives for the call's function, until that
  /// call has no statement ready to start. False when it ran none (no call asked, or none
  /// was ready): the caller may then wait a little before asking again.
  bool help(const std::function<Executor&(const frontend::Function&)>& executor_for);
  /// Threads now waiting in help() or about to: a call checks this before asking.
  void set_idle(bool idle);
  bool anyone_idle() const { return idle_.load(std::memory_order_relaxed) > 0; }
  /// Statements the helping threads have run so far.
  std::uint64_t statements_helped() const { return helped_.load(std::memory_order_relaxed); }

private:
  friend class Executor;
  void post(const std::shared_ptr<SharedCall>& call);
  void withdraw(const SharedCall* call);

  std::mutex mutex_;
  std::vector<std::shared_ptr<SharedCall>> calls_;
  std::atomic<int> idle_{0};
  std::atomic<std::uint64_t> helped_{0};
};

/// Time and count per callee, for the profile of a run.
struct ProfileEntry {
  std::string name;
  std::uint64_t calls = 0;
  std::uint64_t failures = 0;
  double seconds = 0;
};

/// Forgets the object extractions this thread's batches remember (the batch path's
/// counterpart of py::forget_remembered_calls): a runner calls it when a thread's block of
/// calls is done, so that their grids and results are freed then.
void forget_remembered_extractions() noexcept;

/// Runs one function of a checked program. An Executor keeps per-run state (the profile, its
/// scratch space) and is not thread-safe: give each thread its own, as the runner does; the
/// program it reads may be shared.
class Executor {
public:
  Executor(const frontend::Program& program, const frontend::Function& function,
           ExecutorOptions options = {});
  ~Executor();
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  /// Runs the function for each call in `calls`, all together, statement by statement.
  void run(std::span<Call* const> calls);

  /// A statement whose calls took no earlier call's outcome in this many blocks in a row (one
  /// that reads I in a plain run, say) is looked up no more (reuse_repeated_calls).
  static constexpr std::uint8_t kReuseTrials = 8;

  /// Time per callee accumulated over every run (with ExecutorOptions::profile).
  const std::vector<ProfileEntry>& profile() const { return profile_; }
  /// Whether the function's calls can be shared (see HelpBoard), and how many were.
  bool shareable() const { return shareable_; }
  std::size_t shared_calls() const { return shared_calls_; }

private:
  friend class HelpBoard;
  struct State;
  /// Runs the top-level statements from `first` on with the help of idle threads.
  void run_shared(std::size_t first, State& st);
  /// node(), with memory running out outside a statement made the calls' MemoryError (a
  /// shared call's statements must end).
  void node_or_memory_error(const frontend::Node& n, std::vector<State*>& running);
  /// Runs top-level statement `k` of a shared call on this thread (owner or helper).
  void run_shared_statement(SharedCall& shared, std::size_t k);
  void block(const std::vector<frontend::Node>& nodes, std::vector<State*>& running,
             bool top_level);
  void node(const frontend::Node& n, std::vector<State*>& running);
  /// Runs a call statement's object extractions, or its mapply or apply over object sets,
  /// for the calls in flight as one runtime call: false where the statement is not one (or
  /// no call of it is), and node() runs it one call at a time.
  bool batch_extractions(const frontend::Node& n, std::vector<State*>& running);
  bool batch_mapply(const frontend::Node& n, std::vector<State*>& running);
  /// Runs a grid statement for the calls in flight on packed grids (grid_store_): false where
  /// the statement is not one or grid statements are off. A result only grid statements read
  /// (packed_locals_) stays packed; the others become Python values.
  bool batch_grid_statement(const frontend::Node& n, std::vector<State*>& running);
  /// A grid argument of a call as a grid of the store: its packed local, or its value added
  /// (once a block for a parameter or constant); nullopt for a value that is not a grid of
  /// small ints.
  std::optional<std::uint32_t> grid_operand(State& st, const frontend::Operand& a);
  /// Makes the packed locals among `n`'s arguments Python values again, for a call that runs
  /// the statement one at a time (every packed local of the call: `n` null).
  void unpack_grids(const frontend::Node* n, State& st);
  /// A call's result from a batch: assigned (or its exception made pending), traced,
  /// profiled under `profiled_as`, and the call charged its `share` of the batch's time.
  void finish_batched(const frontend::Node& n, State& st, py::Value result, double share,
                      const char* profiled_as);
  void try_node(const frontend::Node& n, std::vector<State*>& running);
  void step(const frontend::Node& n, State& st);
  void step_unguarded(const frontend::Node& n, State& st);
  void trace(const frontend::Node& n, State& st);
  void release_after(std::size_t top_index, std::vector<State*>& running);
  /// Charges the time since the clock was last read to the call whose statements ran since
  /// (timed_state_), which stops with Timeout past the limit.
  void charge_until(std::int64_t now_ns);
  /// Charges the time so far and stops timing: where what follows is not a statement of the
  /// timed call (the end of a block, a batch that charges its own share, a shared call).
  void stop_clock();
  /// Stops a call that is still running with Timeout.
  void stop_at_time_limit(State& st);
  void profile_statement(const frontend::Node& n, const State& st, double seconds);
  /// An operand's value for a call: its local (bound or not) or the program's constant.
  const py::Value& operand(const State& st, const frontend::Operand& a) const;
  void analyse_sharing();

  const frontend::Program& program_;
  const frontend::Function& fn_;
  ExecutorOptions options_;
  /// For each top-level node, the locals last used there (freed after it runs).
  /// (last_use_[last_use_begin_[k]] up to last_use_begin_[k + 1] for node k.)
  std::vector<std::uint32_t> last_use_;
  std::vector<std::uint32_t> last_use_begin_;
  std::vector<ProfileEntry> profile_;
  std::vector<State*> caught_scratch_;      // the calls a simple try's handler runs for
  std::vector<std::uint32_t> profile_slot_; // per constant: index into profile_ + 1
  /// Per source statement: the blocks in a row in which no call took an earlier one's outcome
  /// (reuse_repeated_calls); at kReuseTrials the statement is no longer looked up.
  std::vector<std::uint8_t> reuse_misses_;
  /// Whether the top-level statements may run out of order (run_shared): every local other
  /// than a record list is assigned by one top-level statement at most, and the record lists
  /// are only made, appended to and returned.
  bool shareable_ = false;
  /// Per top-level statement: the earlier ones it must wait for (those assigning the locals
  /// it reads, and those reading a local it assigns).
  std::vector<std::vector<std::uint32_t>> depends_on_;
  /// Per top-level statement: run by the call's own thread when committed (it makes or
  /// returns a record list), not ahead.
  std::vector<bool> owner_only_;
  std::size_t shared_calls_ = 0;
  /// Per local: whether a grid statement's result may stay packed there (resident_grids.hpp).
  std::vector<bool> packed_locals_;
  /// The block's packed grids, while grid statements run batched (grids_active_).
  std::unique_ptr<runtime::GridStore> grid_store_;
  bool grids_active_ = false;
  /// The grid of the store each parameter or constant added this block is, by object (~0u:
  /// not a grid of small ints), and the values, kept so that no other object takes the address.
  std::unordered_map<const void*, std::uint32_t> grid_ids_;
  std::vector<py::Value> grid_inputs_;
  /// Scratch: a grid's cells, packed or read back.
  std::vector<std::int8_t> grid_cells_;
  /// With a time limit or the profile: the call whose statements run since the clock was
  /// last read (nullptr: none), and when that was (Watchdog::now_ns).
  State* timed_state_ = nullptr;
  std::int64_t clock_mark_ns_ = 0;
};

} // namespace battgpu::interp
