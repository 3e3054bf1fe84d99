#include "battgpu/interp/runner.hpp"

#include "battgpu/interp/watchdog.hpp"
#include "battgpu/py/call_profile.hpp"
#include "battgpu/py/py.hpp"
#include "battgpu/runtime/py_objects.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <thread>

namespace battgpu::interp {

py::Value grid_value(const dsl::Grid& grid) {
  py::Value rows = py::new_tuple(static_cast<std::size_t>(grid.height()));
  py::Value* r = grid.height() > 0 ? py::tuple_items(rows) : nullptr;
  for (int i = 0; i < grid.height(); ++i) {
    py::Value row = py::new_tuple(static_cast<std::size_t>(grid.width()));
    py::Value* cells = grid.width() > 0 ? py::tuple_items(row) : nullptr;
    for (int j = 0; j < grid.width(); ++j)
      cells[j] = py::Value::integer(grid.at(i, j));
    py::mark_ints_only(row);
    r[i] = std::move(row);
  }
  return rows;
}

std::string record_line(const std::string& task, const std::string& split, std::size_t index,
                        const Call& call, const frontend::Program&) {
  return record_line(task, split, index, call);
}

std::string record_line(const std::string& task, const std::string& split, std::size_t index,
                        const Call& call) {
  std::string out = "{\"task\":";
  py::write_json_string(out, task);
  out += ",\"split\":";
  py::write_json_string(out, split);
  out += ",\"index\":" + std::to_string(index) + ",\"status\":";
  switch (call.status) {
  case Call::Status::Ok:
    out += "\"ok\"";
    break;
  case Call::Status::Raised: {
    out += "\"raised\",\"error\":";
    std::string error(py::exc_name(call.error));
    if (!call.error_message.empty())
      error += std::string(": ") + call.error_message;
    py::write_json_string(out, error);
    break;
  }
  case Call::Status::Timeout:
    out += "\"timeout\",\"error\":\"timeout\"";
    break;
  }
  auto list = [&](const char* key, const std::vector<py::Value>& items) {
    out += ",\"";
    out += key;
    out += "\":[";
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i != 0)
        out.push_back(',');
      py::write_canonical(out, items[i]);
    }
    out.push_back(']');
  };
  list("o", call.o);
  list("s", call.s);
  out.push_back('}');
  return out;
}

namespace {

using Clock = std::chrono::steady_clock;

/// What the runner needs of a program, interpreted or compiled: its form and dialect, and its
/// functions with the way each runs.
struct ProgramView {
  struct Function {
    std::string id;
    const frontend::Function* interpreted = nullptr;
    const CompiledFunctionInfo* compiled = nullptr;
  };
  py::Dialect dialect = py::Dialect::Tokpidjin;
  frontend::ModuleForm form = frontend::ModuleForm::Batt;
  const frontend::Program* program = nullptr; ///< for the Executor
  std::vector<Function> functions;

  static ProgramView of(const frontend::Program& p) {
    ProgramView v{p.dialect, p.form, &p, {}};
    for (const frontend::Function& f : p.functions)
      v.functions.push_back({f.id, &f, nullptr});
    return v;
  }
  static ProgramView of(const CompiledProgram& p) {
    ProgramView v{p.dialect, p.form, nullptr, {}};
    for (const CompiledFunctionInfo& f : p.functions)
      v.functions.push_back({std::string(f.id), nullptr, &f});
    return v;
  }
};

/// One call to make: where it comes from, its arguments, and what it should produce.
struct PlannedCall {
  std::size_t task = 0;
  std::string split;
  std::size_t index = 0;
  const ProgramView::Function* function = nullptr;
  std::optional<py::Value> expected; ///< the test output, for the solved check
  Call call;
};

struct Block {
  std::size_t first_task = 0, end_task = 0;
  /// A long program's task runs its calls apart, one block each: this block's calls of the
  /// task (the rest of the planned calls are dropped), and whether it starts and ends the task.
  std::size_t first_call = 0, end_call = SIZE_MAX;
  bool starts_task = true, ends_task = true;
  std::vector<PlannedCall> calls;
  std::vector<std::string> lines;
  std::vector<TaskOutcome> outcomes;
  bool done = false;
};

/// The calls of one task, in record order.
/// Whether a sample with an expected output gets the scoring call too (`--score`, batt files).
bool scores_sample(const ProgramView& program, const RunOptions& options, bool has_output) {
  return options.score && has_output && program.form == frontend::ModuleForm::Batt;
}

/// The calls plan_task makes for each sample of a task, in order: 2 where the sample is also
/// scored, else 1.
std::vector<std::size_t> calls_per_sample(const ProgramView& program, const tasks::Task& task,
                                          const RunOptions& options) {
  std::vector<std::size_t> n;
  for (const tasks::Pair& p : task.train)
    n.push_back(1 + (scores_sample(program, options, p.output.has_value()) ? 1 : 0));
  for (const tasks::Pair& p : task.test)
    n.push_back(1 + (scores_sample(program, options, p.output.has_value()) ? 1 : 0));
  return n;
}

/// How many calls plan_task makes for a task, without building its values.
std::size_t planned_calls(const ProgramView& program, const tasks::Task& task,
                          const RunOptions& options) {
  const std::vector<std::size_t> n = calls_per_sample(program, task, options);
  return std::accumulate(n.begin(), n.end(), std::size_t{0});
}

void plan_task(const ProgramView& program, const tasks::Task& task, std::size_t t,
               const RunOptions& options, std::vector<PlannedCall>& out) {
  const ProgramView::Function* fn = nullptr;
  if (program.form == frontend::ModuleForm::Batt) {
    if (!program.functions.empty())
      fn = &program.functions.front();
  } else {
    for (const ProgramView::Function& f : program.functions)
      if (f.id == task.id)
        fn = &f;
  }
  std::vector<py::Value> train_in, train_out;
  py::Value samples = py::new_tuple(task.train.size());
  for (std::size_t i = 0; i < task.train.size(); ++i) {
    train_in.push_back(grid_value(task.train[i].input));
    train_out.push_back(grid_value(*task.train[i].output));
    py::tuple_items(samples)[i] = py::tuple_of({train_in.back(), train_out.back()});
  }
  if (task.train.empty())
    samples = py::empty_tuple();
  const py::Value task_id = py::make_str(task.id);
  const py::Value log_path = py::make_str("/dev/null");
  auto add = [&](const std::string& split, std::size_t index, const py::Value& input,
                 const std::optional<py::Value>& output, bool test) {
    std::vector<std::pair<std::string, py::Value>> variants{{split, py::Value::none()}};
    if (scores_sample(program, options, output.has_value()))
      variants.emplace_back(split + "_diff", *output);
    for (auto& [name, c] : variants) {
      PlannedCall pc;
      pc.task = t;
      pc.split = name;
      pc.index = index;
      pc.function = fn;
      if (test && c.is_none())
        pc.expected = output;
      if (!options.trace_call.empty() &&
          options.trace_call == task.id + ":" + name + ":" + std::to_string(index))
        pc.call.trace = true;
      if (program.form == frontend::ModuleForm::Batt)
        pc.call.args = {task_id, samples, input, c, log_path};
      else
        pc.call.args = {input};
      out.push_back(std::move(pc));
    }
  };
  for (std::size_t i = 0; i < task.train.size(); ++i)
    add("train", i, train_in[i], train_out[i], false);
  for (std::size_t i = 0; i < task.test.size(); ++i) {
    std::optional<py::Value> output;
    if (task.test[i].output)
      output = grid_value(*task.test[i].output);
    add("test", i, grid_value(task.test[i].input), output, true);
  }
}

/// The grids a call offers as candidates: a batt's `o` records `(N, flag, id, grid)`, a
/// solver's returned grid.
void candidates(const ProgramView& program, const PlannedCall& pc,
                std::vector<std::pair<std::string, const py::Value*>>& out) {
  if (program.form == frontend::ModuleForm::Solvers) {
    if (!pc.call.returned.empty() && pc.function != nullptr)
      out.emplace_back(pc.function->id, &pc.call.returned.front());
    return;
  }
  for (const py::Value& rec : pc.call.o) {
    if (rec.kind() != py::Kind::Tuple || py::as_tuple(rec).size != 4)
      continue;
    const py::Value& id = py::as_tuple(rec)[2];
    out.emplace_back(id.kind() == py::Kind::Str ? std::string(py::as_str(id)) : std::string("?"),
                     &py::as_tuple(rec)[3]);
  }
}

class BlockRunner {
public:
  BlockRunner(const ProgramView& program, const RunOptions& options, bool batch_objects,
              GridStatements grid_statements, HelpBoard* helpers)
      : program_(program), options_(options), batch_objects_(batch_objects),
        grid_statements_(grid_statements), helpers_(helpers) {}

  void run(Block& block, const std::vector<tasks::Task>& tasks) {
    // Group the calls by function (a batt has one; a solver module one per task).
    std::vector<std::pair<const ProgramView::Function*, std::vector<Call*>>> groups;
    for (PlannedCall& pc : block.calls) {
      if (pc.function == nullptr)
        continue;
      auto it = std::find_if(groups.begin(), groups.end(),
                             [&](const auto& g) { return g.first == pc.function; });
      if (it == groups.end()) {
        groups.push_back({pc.function, {}});
        it = groups.end() - 1;
      }
      it->second.push_back(&pc.call);
    }
    for (auto& [fn, calls] : groups) {
      if (fn->interpreted != nullptr)
        executor(*fn->interpreted).run(calls);
      else
        run_compiled(*fn->compiled, calls);
    }
    // Solver modules record the returned grid.
    if (program_.form == frontend::ModuleForm::Solvers) {
      for (PlannedCall& pc : block.calls) {
        if (pc.function != nullptr && pc.call.status == Call::Status::Ok &&
            !pc.call.returned.empty())
          pc.call.o = {py::tuple_of({py::Value::integer(1), py::Value::boolean(true),
                                     py::make_str(pc.function->id), pc.call.returned.front()})};
      }
    }
    try {
      summarize(block, tasks);
    } catch (const std::bad_alloc&) {
      // Memory ran out outside any one call's line (checking the candidates): the block's
      // calls are recorded as raising MemoryError, without their lists, rather than lost.
      block.outcomes.clear();
      block.lines.clear();
      for (PlannedCall& pc : block.calls)
        drop_records_for_memory(pc.call);
      summarize(block, tasks);
    }
  }

  std::vector<ProfileEntry> profile() const {
    std::vector<ProfileEntry> all = compiled_profile_;
    for (const auto& [fn, ex] : executors_)
      for (const ProfileEntry& e : ex->profile()) {
        auto it = std::find_if(all.begin(), all.end(),
                               [&](const ProfileEntry& a) { return a.name == e.name; });
        if (it == all.end())
          all.push_back(e);
        else {
          it->calls += e.calls;
          it->failures += e.failures;
          it->seconds += e.seconds;
        }
      }
    return all;
  }

private:
  /// A compiled function runs its calls one at a time, each to its end. The time limit is the
  /// watchdog's: past the call's deadline, its next DSL call fails with the time-limit
  /// exception, which nothing catches.
  void run_compiled(const CompiledFunctionInfo& fn, const std::vector<Call*>& calls) {
    Watchdog::Slot* watch = options_.time_limit > 0 ? current_watch_slot() : nullptr;
    double total = 0;
    for (Call* c : calls) {
      const auto before = Clock::now();
      if (watch != nullptr)
        watch->replace_deadline(
            std::chrono::duration_cast<std::chrono::nanoseconds>(before.time_since_epoch())
                .count() +
            static_cast<std::int64_t>(options_.time_limit * 1e9));
      fn.run(*c);
      // A cancellation raised after the call's last DSL call is dropped: the call has ended.
      if (watch != nullptr)
        watch->replace_deadline(0);
      c->seconds = std::chrono::duration<double>(Clock::now() - before).count();
      total += c->seconds;
    }
    if (options_.profile) {
      const std::string name = "compiled " + std::string(fn.name);
      auto it = std::find_if(compiled_profile_.begin(), compiled_profile_.end(),
                             [&](const ProfileEntry& e) { return e.name == name; });
      if (it == compiled_profile_.end()) {
        compiled_profile_.push_back({name, 0, 0, 0});
        it = compiled_profile_.end() - 1;
      }
      it->calls += calls.size();
      for (const Call* c : calls)
        it->failures += c->status != Call::Status::Ok;
      it->seconds += total;
    }
  }

public:
  /// This thread's executor of `fn` (made the first time).
  Executor& executor(const frontend::Function& fn) {
    for (auto& [f, ex] : executors_)
      if (f == &fn)
        return *ex;
    ExecutorOptions eo;
    eo.time_limit = options_.time_limit;
    eo.profile = options_.profile;
    eo.trace = options_.trace;
    eo.batch_objects = batch_objects_;
    eo.reuse_repeated_calls = options_.reuse_calls;
    eo.grid_statements = grid_statements_;
    eo.helpers = helpers_;
    executors_.emplace_back(&fn, std::make_unique<Executor>(*program_.program, fn, eo));
    return *executors_.back().second;
  }

private:
  /// A call whose records cannot be written is recorded as raising `error`, without its lists.
  static void drop_records(Call& call, py::Exc error, const char* message) {
    call.status = Call::Status::Raised;
    call.error = error;
    call.error_message = message;
    call.o.clear();
    call.s.clear();
    call.returned.clear();
  }
  static void drop_records_for_memory(Call& call) {
    drop_records(call, py::Exc::MemoryError, "out of memory writing the call's records");
  }

  /// The call's record line. Where it does not fit in memory (a record holding a tuple that
  /// repeats a large value, written out in full each time), the call is recorded as raising
  /// MemoryError, and where a record nests too deep to write (py::kMaxCanonicalDepth) as
  /// raising RecursionError, as Python's writer would raise; either without its lists, and the
  /// run goes on.
  static std::string writable_record_line(const std::string& task, PlannedCall& pc,
                                          bool& unwritten) {
    unwritten = true;
    try {
      std::string line = record_line(task, pc.split, pc.index, pc.call);
      unwritten = false;
      return line;
    } catch (const std::bad_alloc&) {
      drop_records_for_memory(pc.call);
    } catch (const std::length_error&) {
      drop_records_for_memory(pc.call);
    } catch (const py::NestingTooDeep&) {
      drop_records(pc.call, py::Exc::RecursionError,
                   "maximum recursion depth exceeded writing the call's records");
    }
    return record_line(task, pc.split, pc.index, pc.call);
  }

  void summarize(Block& block, const std::vector<tasks::Task>& tasks) {
    for (std::size_t t = block.first_task; t < block.end_task; ++t)
      block.outcomes.push_back(TaskOutcome{tasks[t].id, {}, 0, false, {}});
    std::vector<bool> all_tests_solved(block.end_task - block.first_task, true);
    std::vector<std::pair<std::string, const py::Value*>> cands;
    for (PlannedCall& pc : block.calls) {
      TaskOutcome& outcome = block.outcomes[pc.task - block.first_task];
      const Call& c = pc.call;
      // The call's own outcome, before writing its records may replace it.
      CallOutcome call_outcome{pc.split,   pc.index,   c.status, c.error,
                               c.o.size(), c.s.size(), c.seconds};
      if (options_.record_sink)
        block.lines.push_back(writable_record_line(outcome.id, pc, call_outcome.records_unwritten));
      outcome.calls.push_back(std::move(call_outcome));
      if (pc.expected) {
        ++outcome.checked_tests;
        cands.clear();
        candidates(program_, pc, cands);
        bool found = false;
        for (const auto& [id, grid] : cands) {
          if (py::op_eq(*grid, *pc.expected)) {
            found = true;
            ++outcome.matching_candidates[id];
          }
        }
        if (!found)
          all_tests_solved[pc.task - block.first_task] = false;
      }
    }
    for (std::size_t i = 0; i < block.outcomes.size(); ++i)
      block.outcomes[i].solved = block.outcomes[i].checked_tests > 0 && all_tests_solved[i];
    block.calls.clear(); // the values are no longer needed
  }

  const ProgramView& program_;
  const RunOptions& options_;
  bool batch_objects_;
  GridStatements grid_statements_;
  HelpBoard* helpers_;
  std::vector<std::pair<const frontend::Function*, std::unique_ptr<Executor>>> executors_;
  std::vector<ProfileEntry> compiled_profile_;
};

/// Tasks per block when the options leave it open. A block's calls run statement by statement
/// together, which lets object extraction batch across them, so up to 8 tasks; but every
/// thread should get several blocks (tasks' costs differ a hundredfold, and a thread left
/// with one slow block holds up the run), and a block's values live until its calls end, so
/// a long program gets small blocks.
std::size_t auto_block_tasks(std::size_t tasks, unsigned jobs, std::size_t statements) {
  constexpr std::size_t most = 8;
  constexpr std::size_t blocks_per_thread = 4;
  constexpr std::size_t statement_tasks_per_block = 20000; // statements × tasks
  std::size_t per = std::min(most, std::max<std::size_t>(1, tasks / (blocks_per_thread * jobs)));
  if (statements > 0)
    per = std::min(per, std::max<std::size_t>(1, statement_tasks_per_block / statements));
  return per;
}

/// A task's expected share of a run's work, for handing out the longest blocks first: the
/// cells of its calls' inputs, and per call a fifth of the cells of its samples (which the
/// sample functions read). On the 400 training tasks this orders the tasks of a batt file
/// nearly as their measured times do (a correlation of 0.8 for batt_small.py).
double estimated_cost(const tasks::Task& task, std::size_t calls) {
  auto cells = [](const dsl::Grid& g) { return static_cast<double>(g.height() * g.width()); };
  double inputs = 0, samples = 0;
  std::size_t pairs = 0;
  for (const tasks::Pair& p : task.train) {
    inputs += cells(p.input);
    samples += cells(p.input) + cells(*p.output);
    ++pairs;
  }
  for (const tasks::Pair& p : task.test) {
    inputs += cells(p.input);
    ++pairs;
  }
  const double per_call = pairs > 0 ? inputs / static_cast<double>(pairs) : 0.0;
  return static_cast<double>(calls) * (per_call + 0.2 * samples);
}

/// Adds the outcome of a later part of a task (a block of some of its calls) to the earlier.
void merge_outcome(TaskOutcome& into, TaskOutcome&& part) {
  const bool all_before = into.checked_tests == 0 || into.solved;
  const bool all_part = part.checked_tests == 0 || part.solved;
  for (CallOutcome& c : part.calls)
    into.calls.push_back(std::move(c));
  into.checked_tests += part.checked_tests;
  into.solved = into.checked_tests > 0 && all_before && all_part;
  for (const auto& [id, n] : part.matching_candidates)
    into.matching_candidates[id] += n;
}

/// The longest function's statements (0 where unknown: compiled functions).
std::size_t longest_function(const ProgramView& program) {
  std::size_t most = 0;
  for (const ProgramView::Function& f : program.functions)
    if (f.interpreted != nullptr)
      most = std::max(most, f.interpreted->statements.size());
  return most;
}

/// The threads' profiles of DSL calls as the summary gives them: per function and kinds of
/// argument, and per kind of value, each longest first.
void merge_call_profiles(const std::vector<std::vector<py::CallProfile::Entry>>& threads,
                         RunSummary& summary) {
  std::map<std::pair<std::string, std::vector<std::string>>, FunctionKindsProfile> functions;
  std::map<std::string, ValueKindProfile> kinds;
  for (const auto& entries : threads)
    for (const py::CallProfile::Entry& e : entries) {
      const std::size_t shown = std::min<std::size_t>(e.nargs, py::CallProfile::kKindsKept);
      std::vector<std::string> names;
      for (std::size_t i = 0; i < shown; ++i)
        names.emplace_back(py::value_kind_name(e.kinds[i]));
      const auto last = e.kinds.begin() + static_cast<std::ptrdiff_t>(shown);
      const auto data = std::find_if(e.kinds.begin(), last,
                                     [](py::ValueKind k) { return k != py::ValueKind::Function; });
      const std::string principal =
          data == last ? "no argument" : std::string(py::value_kind_name(*data));
      FunctionKindsProfile& f = functions[{std::string(e.function), names}];
      f.function = std::string(e.function);
      f.kinds = std::move(names);
      f.arguments = e.nargs;
      f.calls += e.calls;
      f.self_seconds += e.self_seconds;
      f.total_seconds += e.total_seconds;
      ValueKindProfile& k = kinds[principal];
      k.kind = principal;
      k.calls += e.calls;
      k.self_seconds += e.self_seconds;
    }
  for (auto& [key, f] : functions)
    summary.functions.push_back(std::move(f));
  for (auto& [key, k] : kinds)
    summary.value_kinds.push_back(std::move(k));
  std::sort(summary.functions.begin(), summary.functions.end(),
            [](const auto& a, const auto& b) { return a.self_seconds > b.self_seconds; });
  std::sort(summary.value_kinds.begin(), summary.value_kinds.end(),
            [](const auto& a, const auto& b) { return a.self_seconds > b.self_seconds; });
}

RunSummary run_view(const ProgramView& program, const std::vector<tasks::Task>& tasks,
                    const RunOptions& options) {
  const auto start = Clock::now();
  RunSummary summary;
  unsigned jobs = options.jobs != 0 ? options.jobs : std::thread::hardware_concurrency();
  jobs = std::max(1u, jobs);
  summary.calls_apart = calls_apart(options, longest_function(program), tasks.size(), jobs);
  summary.batch_objects = batch_objects_by_default();
  summary.grid_statements = summary.calls_apart ? GridStatements::Off : options.grid_statements;
  // Without batching, a block gains nothing from holding several tasks, and one task a block
  // balances the threads best.
  const bool batching = summary.batch_objects || summary.grid_statements != GridStatements::Off;
  const std::size_t per_block =
      options.block_tasks != 0 ? options.block_tasks
      : batching               ? auto_block_tasks(tasks.size(), jobs, longest_function(program))
                               : 1;
  summary.block_tasks = per_block;
  // Each block with its expected cost (estimated_cost).
  std::vector<Block> blocks;
  std::vector<double> cost;
  // A task's calls apart: a block a call, or with calls reused, a block a sample, so that a
  // sample's plain and scoring call share the statements that do not read C.
  auto add_calls_apart = [&](std::size_t t, std::size_t calls, double task_cost) {
    std::vector<std::size_t> group(std::max<std::size_t>(1, calls), 1);
    if (options.reuse_calls && calls > 0)
      group = calls_per_sample(program, tasks[t], options);
    std::size_t c = 0;
    for (const std::size_t n : group) {
      Block& b = blocks.emplace_back();
      b.first_task = t;
      b.end_task = t + 1;
      b.first_call = c;
      b.end_call = c + n;
      b.starts_task = c == 0;
      b.ends_task = c + n >= calls;
      cost.push_back(task_cost * static_cast<double>(n) /
                     static_cast<double>(std::max<std::size_t>(1, calls)));
      c += n;
    }
  };
  std::vector<std::size_t> calls(tasks.size());
  std::vector<double> task_cost(tasks.size());
  double total_cost = 0;
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    calls[t] = planned_calls(program, tasks[t], options);
    task_cost[t] = estimated_cost(tasks[t], calls[t]);
    total_cost += task_cost[t];
  }
  if (summary.calls_apart) {
    for (std::size_t t = 0; t < tasks.size(); ++t)
      add_calls_apart(t, calls[t], task_cost[t]);
  } else if (per_block == 1) {
    // A task expected to take over half of a thread's share of the run would bound the run on
    // many cores: its calls go to blocks of their own, which other threads can take.
    const double split_above = total_cost / (2.0 * jobs);
    for (std::size_t t = 0; t < tasks.size(); ++t) {
      if (jobs > 1 && calls[t] > 1 && task_cost[t] > split_above) {
        add_calls_apart(t, calls[t], task_cost[t]);
        ++summary.tasks_split;
        continue;
      }
      Block& b = blocks.emplace_back();
      b.first_task = t;
      b.end_task = t + 1;
      cost.push_back(task_cost[t]);
    }
  } else {
    for (std::size_t first = 0; first < tasks.size(); first += per_block) {
      Block& b = blocks.emplace_back();
      b.first_task = first;
      b.end_task = std::min(tasks.size(), first + per_block);
      cost.push_back(0);
      for (std::size_t t = b.first_task; t < b.end_task; ++t)
        cost.back() += task_cost[t];
    }
  }
  const std::size_t nblocks = blocks.size();
  // The threads take the blocks longest first (tasks' costs differ a hundredfold: a long one
  // taken last keeps one thread busy while the others idle); the results still come in order.
  // Not with calls apart: there idle threads already help the last calls, and starting the
  // heaviest calls together raised a 30 000-statement file's peak memory by a fifth (10 to
  // 12 GB on 32 cores) for no gain in time. Nor with one thread, which gains nothing.
  std::vector<std::size_t> schedule(nblocks);
  for (std::size_t b = 0; b < nblocks; ++b)
    schedule[b] = b;
  if (!summary.calls_apart && jobs > 1)
    std::stable_sort(schedule.begin(), schedule.end(),
                     [&](std::size_t x, std::size_t y) { return cost[x] > cost[y]; });
  jobs = std::max(
      1u, std::min<unsigned>(jobs, static_cast<unsigned>(std::max<std::size_t>(1, nblocks))));
  summary.jobs = jobs;

  std::mutex mutex;
  std::condition_variable done_cv;
  std::atomic<std::size_t> next{0};
  // Guarded by `mutex`: each task's blocks not yet run, and the tasks all of whose blocks ran.
  std::vector<std::size_t> blocks_left(tasks.size(), 0);
  for (const Block& b : blocks)
    for (std::size_t t = b.first_task; t < b.end_task; ++t)
      ++blocks_left[t];
  std::size_t tasks_finished = 0;
  std::vector<std::vector<ProfileEntry>> profiles(jobs);
  std::vector<std::vector<py::CallProfile::Entry>> call_profiles(jobs);
  std::optional<Watchdog> watchdog;
  if (options.time_limit > 0)
    watchdog.emplace();
  // A call that runs alone (calls apart) may share its statements with the threads that
  // have no block left (HelpBoard), so that the last, longest calls of a run do not keep
  // the other threads idle.
  HelpBoard helpers;
  std::atomic<std::size_t> blocks_done{0};
  summary.share_calls = summary.calls_apart && options.share_calls;
  HelpBoard* const board = summary.share_calls ? &helpers : nullptr;
  summary.threads.assign(jobs, ThreadTiming{});
  auto since_start = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  const bool report_each_block = options.record_sink != nullptr || options.progress != nullptr;
  auto worker = [&](unsigned w) {
    ThreadTiming& timing = summary.threads[w];
    timing.started = since_start();
    if (watchdog)
      watchdog->attach();
    BlockRunner runner(program, options, summary.batch_objects, summary.grid_statements, board);
    py::CallProfile call_profile;
    std::optional<py::CallProfile::Scope> profiling;
    if (options.profile)
      profiling.emplace(call_profile);
    while (true) {
      const std::size_t taken = next.fetch_add(1);
      if (taken >= nblocks) {
        if (board == nullptr)
          break;
        board->set_idle(true);
        const auto executor_for = [&](const frontend::Function& f) -> Executor& {
          return runner.executor(f);
        };
        while (blocks_done.load(std::memory_order_acquire) < nblocks)
          if (!board->help(executor_for))
            std::this_thread::sleep_for(std::chrono::microseconds(100));
        board->set_idle(false);
        break;
      }
      const double block_start = since_start();
      Block& block = blocks[schedule[taken]];
      for (std::size_t t = block.first_task; t < block.end_task; ++t)
        plan_task(program, tasks[t], t, options, block.calls);
      if (block.end_call < block.calls.size())
        block.calls.erase(block.calls.begin() + static_cast<std::ptrdiff_t>(block.end_call),
                          block.calls.end());
      block.calls.erase(block.calls.begin(),
                        block.calls.begin() + static_cast<std::ptrdiff_t>(
                                                  std::min(block.first_call, block.calls.size())));
      runner.run(block, tasks);
      // The calls' values are freed here, on this thread: the thread that hands out the
      // results in order would otherwise free them all, one after the other. So are the
      // results this thread remembers, which it would otherwise free all at its end, while
      // the run waits for it.
      block.calls = {};
      py::forget_remembered_calls();
      forget_remembered_extractions();
      timing.busy += since_start() - block_start;
      ++timing.blocks;
      {
        std::lock_guard lock(mutex);
        block.done = true;
        for (std::size_t t = block.first_task; t < block.end_task; ++t)
          tasks_finished += --blocks_left[t] == 0;
      }
      // The thread that hands out the results wakes for each block only where it has
      // something to give as blocks end (records, progress); otherwise once, at the end: a
      // wake-up costs this thread a system call, and one core's run has hundreds of blocks.
      const bool last = blocks_done.fetch_add(1, std::memory_order_release) + 1 == nblocks;
      if (report_each_block || last)
        done_cv.notify_all();
    }
    profiles[w] = runner.profile();
    call_profiles[w] = call_profile.entries();
    timing.finished = since_start();
  };
  // (Started in a tree, each thread starting two more before it worked, the last of 32 began
  // later, not sooner: 3.7 ms into the run against 2.5, measured.)
  std::vector<std::jthread> threads;
  for (unsigned w = 0; w < jobs; ++w)
    threads.emplace_back(worker, w);

  // Hand out the results in order as the blocks finish, and the progress as tasks finish in
  // any order.
  std::size_t tasks_reported = 0;
  for (std::size_t b = 0; b < nblocks; ++b) {
    while (true) {
      bool done = false;
      std::size_t finished = 0;
      {
        std::unique_lock lock(mutex);
        done_cv.wait(lock, [&] { return blocks[b].done || tasks_finished != tasks_reported; });
        done = blocks[b].done;
        finished = tasks_finished;
      }
      if (finished != tasks_reported && options.progress)
        options.progress(finished, tasks.size());
      tasks_reported = finished;
      if (done)
        break;
    }
    Block& block = blocks[b];
    if (options.record_sink)
      for (const std::string& line : block.lines)
        options.record_sink(line);
    for (TaskOutcome& outcome : block.outcomes) {
      for (const CallOutcome& c : outcome.calls) {
        ++summary.calls;
        summary.o_records += c.o_records;
        summary.s_records += c.s_records;
        summary.seconds_in_calls += c.seconds;
        summary.records_unwritten += c.records_unwritten;
        if (c.status == Call::Status::Raised) {
          ++summary.raised;
          ++summary.raised_types[std::string(py::exc_name(c.error))];
        } else if (c.status == Call::Status::Timeout) {
          ++summary.timeouts;
        }
      }
      if (block.starts_task)
        summary.tasks.push_back(std::move(outcome));
      else
        merge_outcome(summary.tasks.back(), std::move(outcome));
    }
    block = Block{};
  }
  threads.clear();
  for (const auto& p : profiles)
    for (const ProfileEntry& e : p) {
      auto it = std::find_if(summary.profile.begin(), summary.profile.end(),
                             [&](const ProfileEntry& a) { return a.name == e.name; });
      if (it == summary.profile.end())
        summary.profile.push_back(e);
      else {
        it->calls += e.calls;
        it->failures += e.failures;
        it->seconds += e.seconds;
      }
    }
  std::sort(summary.profile.begin(), summary.profile.end(),
            [](const ProfileEntry& a, const ProfileEntry& b) { return a.seconds > b.seconds; });
  merge_call_profiles(call_profiles, summary);
  summary.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return summary;
}

} // namespace

bool calls_apart(const RunOptions& options, std::size_t statements, std::size_t tasks,
                 unsigned jobs) {
  if (options.block_tasks != 0)
    return false;
  if (options.calls_apart_statements.has_value())
    return *options.calls_apart_statements != 0 && statements >= *options.calls_apart_statements;
  // One thread has no other to give a call to; many tasks a thread balance as they are.
  return statements >= kCallsApartStatements && jobs > 1 &&
         tasks < kCallsApartTasksPerThread * jobs;
}

bool batch_objects_by_default() {
  // Auto is off: a block's extractions are a few dozen grids of at most 900 cells, which each
  // call's own pending extraction does faster than a batch through the runtime's thread pool
  // or a GPU, with idle cores or without (bench/RESULTS.md). Forcing it still batches.
  return runtime::py_objects_batching_mode() == runtime::ObjectBatching::On;
}

RunSummary run_program(const frontend::Program& program, const std::vector<tasks::Task>& tasks,
                       const RunOptions& options) {
  return run_view(ProgramView::of(program), tasks, options);
}

RunSummary run_program(const CompiledProgram& program, const std::vector<tasks::Task>& tasks,
                       const RunOptions& options) {
  return run_view(ProgramView::of(program), tasks, options);
}

} // namespace battgpu::interp
