#include "bulk.hpp"

#include "battgpu/py/py.hpp"

#include <algorithm>
#include <chrono>
#include <optional>

namespace battgpu::python {
namespace {

/// How many blocks the workers may run ahead of the consumer: results wait in memory until
/// Python takes them, so a slow consumer must not let them pile up.
constexpr std::size_t kBlocksAheadPerJob = 4;

/// One call to make, planned as interp::run_program plans it.
struct Planned {
  std::size_t task = 0;
  const frontend::Function* function = nullptr;
  std::size_t function_index = 0;
  BulkCall call;
};

void plan_task(const ProgramCore& core, const tasks::Task& task, std::size_t t,
               const BulkOptions& options, std::vector<Planned>& out) {
  const frontend::Program& program = core.program;
  const bool batt = program.form == frontend::ModuleForm::Batt;
  std::optional<std::size_t> fn;
  if (batt)
    fn = 0;
  else
    for (std::size_t i = 0; i < program.functions.size(); ++i)
      if (program.functions[i].id == task.id)
        fn = i;
  // S: the train pairs as tokpidjin's runner builds them; the sample inputs are the same
  // tuples as in S.
  std::vector<py::Value> train_in, train_out;
  py::Value samples = task.train.empty() ? py::empty_tuple() : py::new_tuple(task.train.size());
  for (std::size_t i = 0; i < task.train.size(); ++i) {
    train_in.push_back(interp::grid_value(task.train[i].input));
    train_out.push_back(interp::grid_value(*task.train[i].output));
    py::tuple_items(samples)[i] = py::tuple_of({train_in.back(), train_out.back()});
  }
  const py::Value task_id = py::make_str(task.id);
  const py::Value log_path = py::make_str("/dev/null");
  auto add = [&](const std::string& split, std::size_t index, const py::Value& input,
                 const std::optional<py::Value>& output) {
    std::vector<std::pair<std::string, py::Value>> variants{{split, py::Value::none()}};
    if (options.score && output && batt)
      variants.emplace_back(split + "_diff", *output);
    for (auto& [name, c] : variants) {
      Planned p;
      p.task = t;
      p.function = fn ? &program.functions[*fn] : nullptr;
      p.function_index = fn.value_or(0);
      p.call.split = name;
      p.call.index = index;
      if (batt)
        p.call.call.args = {task_id, samples, input, c, log_path};
      else
        p.call.call.args = {input};
      out.push_back(std::move(p));
    }
  };
  for (std::size_t i = 0; i < task.train.size(); ++i)
    add("train", i, train_in[i], train_out[i]);
  for (std::size_t i = 0; i < task.test.size(); ++i) {
    std::optional<py::Value> output;
    if (task.test[i].output)
      output = interp::grid_value(*task.test[i].output);
    add("test", i, interp::grid_value(task.test[i].input), output);
  }
}

} // namespace

struct ValuesRun::Block {
  std::size_t first_task = 0, end_task = 0;
  std::vector<BulkTask> tasks;
  bool done = false;
};

ValuesRun::ValuesRun(std::shared_ptr<ProgramCore> program, std::vector<tasks::Task> tasks,
                     BulkOptions options)
    : program_(std::move(program)), tasks_(std::move(tasks)), options_(options) {
  const std::size_t per_block = std::max<std::size_t>(1, options_.block_tasks);
  const std::size_t nblocks = (tasks_.size() + per_block - 1) / per_block;
  for (std::size_t b = 0; b < nblocks; ++b) {
    auto block = std::make_unique<Block>();
    block->first_task = b * per_block;
    block->end_task = std::min(tasks_.size(), (b + 1) * per_block);
    blocks_.push_back(std::move(block));
  }
  unsigned jobs = options_.jobs != 0 ? options_.jobs : std::thread::hardware_concurrency();
  jobs_ = std::max(
      1u, std::min<unsigned>(jobs, static_cast<unsigned>(std::max<std::size_t>(1, nblocks))));
  if (options_.time_limit > 0)
    watchdog_ = std::make_unique<interp::Watchdog>();
  retired_.resize(jobs_);
  for (unsigned w = 0; w < jobs_; ++w)
    threads_.emplace_back([this, w] { worker(w); });
}

ValuesRun::~ValuesRun() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  room_cv_.notify_all();
  threads_.clear(); // joins: a block being run finishes first
}

void ValuesRun::worker(unsigned index) {
  if (watchdog_)
    watchdog_->attach(); // stops this thread's runaway statements at the limit
  // Executors keep scratch state while they run: each worker has its own.
  ExecutorSet executors(program_->program, options_.time_limit, interp::batch_objects_by_default());
  const std::size_t ahead = kBlocksAheadPerJob * jobs_;
  while (true) {
    std::size_t b;
    std::vector<BulkTask> retired;
    {
      std::unique_lock lock(mutex_);
      room_cv_.wait(lock, [&] {
        return stop_ || next_block_ >= blocks_.size() || next_block_ < consumer_block_ + ahead;
      });
      if (stop_ || next_block_ >= blocks_.size())
        return;
      b = next_block_++;
      retired.swap(retired_[index]);
    }
    retired.clear(); // the values of this worker's calls that Python has converted
    run_block(*blocks_[b], executors, index);
    {
      std::lock_guard lock(mutex_);
      blocks_[b]->done = true;
    }
    done_cv_.notify_all();
  }
}

void ValuesRun::run_block(Block& block, ExecutorSet& executors, unsigned worker) {
  std::vector<Planned> planned;
  for (std::size_t t = block.first_task; t < block.end_task; ++t)
    plan_task(*program_, tasks_[t], t, options_, planned);
  // The calls of each function together, statement by statement.
  std::vector<std::pair<std::size_t, std::vector<interp::Call*>>> groups;
  for (Planned& p : planned) {
    if (p.function == nullptr)
      continue;
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const auto& g) { return g.first == p.function_index; });
    if (it == groups.end()) {
      groups.push_back({p.function_index, {}});
      it = groups.end() - 1;
    }
    it->second.push_back(&p.call.call);
  }
  for (auto& [fn, calls] : groups)
    executors.get(fn).run(calls);
  const bool solvers = program_->program.form == frontend::ModuleForm::Solvers;
  for (std::size_t t = block.first_task; t < block.end_task; ++t)
    block.tasks.push_back(BulkTask{tasks_[t].id, {}, worker});
  for (Planned& p : planned) {
    interp::Call& c = p.call.call;
    // A solver module's record holds its returned grid, as in run_program's records.
    if (solvers && p.function != nullptr && c.status == interp::Call::Status::Ok &&
        !c.returned.empty())
      c.o = {py::tuple_of({py::Value::integer(1), py::Value::boolean(true),
                           py::make_str(p.function->id), c.returned.front()})};
    c.args.clear();
    block.tasks[p.task - block.first_task].calls.push_back(std::move(p.call));
  }
}

void ValuesRun::retire(BulkTask&& task) {
  std::lock_guard lock(mutex_);
  retired_[task.worker].push_back(std::move(task));
}

int ValuesRun::next(BulkTask& out, double timeout_s) {
  std::unique_lock lock(mutex_);
  if (consumer_block_ >= blocks_.size())
    return -1;
  Block* block = blocks_[consumer_block_].get();
  if (!done_cv_.wait_for(lock, std::chrono::duration<double>(timeout_s),
                         [&] { return block->done; }))
    return 0;
  out = std::move(block->tasks[consumer_task_]);
  if (++consumer_task_ == block->tasks.size()) {
    block->tasks.clear();
    block->tasks.shrink_to_fit();
    consumer_task_ = 0;
    ++consumer_block_;
    lock.unlock();
    room_cv_.notify_all();
  }
  return 1;
}

// ---------------------------------------------------------------------------------------

RecordsRun::RecordsRun(std::shared_ptr<ProgramCore> program, std::vector<tasks::Task> tasks,
                       BulkOptions options)
    : program_(std::move(program)), tasks_(std::move(tasks)) {
  options_.score = options.score;
  options_.time_limit = options.time_limit;
  options_.jobs = options.jobs;
  options_.block_tasks = options.block_tasks;
  options_.record_sink = [this](const std::string& line) {
    {
      std::lock_guard lock(mutex_);
      lines_.push_back(line);
    }
    cv_.notify_all();
  };
  options_.progress = [this](std::size_t done, std::size_t) { tasks_done_ = done; };
  thread_ = std::jthread([this] {
    interp::RunSummary summary = interp::run_program(program_->program, tasks_, options_);
    {
      std::lock_guard lock(mutex_);
      summary_ = std::move(summary);
      finished_ = true;
    }
    cv_.notify_all();
  });
}

RecordsRun::~RecordsRun() = default; // joins: run_program has no way to stop early

std::vector<std::string> RecordsRun::next(double timeout_s) {
  std::unique_lock lock(mutex_);
  cv_.wait_for(lock, std::chrono::duration<double>(timeout_s),
               [&] { return finished_ || !lines_.empty(); });
  std::vector<std::string> out(std::make_move_iterator(lines_.begin()),
                               std::make_move_iterator(lines_.end()));
  lines_.clear();
  return out;
}

bool RecordsRun::finished() {
  std::lock_guard lock(mutex_);
  return finished_ && lines_.empty();
}

} // namespace battgpu::python
