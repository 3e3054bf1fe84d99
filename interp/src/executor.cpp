#include "battgpu/interp/executor.hpp"

#include "battgpu/dialects/grid_statements.hpp"
#include "battgpu/dialects/objects_request.hpp"
#include "battgpu/interp/sample_batch.hpp"
#include "battgpu/interp/watchdog.hpp"
#include "battgpu/py/call_profile.hpp"
#include "battgpu/py/py.hpp"
#include "battgpu/runtime/device.hpp"
#include "battgpu/runtime/grid_store.hpp"
#include "battgpu/runtime/py_mapply.hpp"
#include "battgpu/runtime/py_objects.hpp"
#include "packed_locals.hpp"
#include "repeated_calls.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <thread>

namespace battgpu::interp {

using frontend::Node;
using frontend::Operand;

struct Executor::State {
  Call* call = nullptr;
  /// The call's locals: `slot_storage`'s, or a shared call's (run_shared_statement).
  py::Value* slots = nullptr;
  std::vector<py::Value> slot_storage;
  std::vector<std::vector<py::Value>> lists; // by list index (see list_index)
  std::vector<std::int32_t> const* list_index = nullptr;
  /// Per local: its grid in the block's GridStore while it is held packed (kNotPacked: not);
  /// empty until the first is.
  std::vector<std::uint32_t> packed;
  py::Error pending{py::Exc::None, ""};
  bool done = false;
  bool running() const { return pending.type == py::Exc::None && !done; }
  std::vector<py::Value>& list(std::uint32_t slot) {
    return lists[static_cast<std::size_t>((*list_index)[slot])];
  }
};

namespace {

using Clock = std::chrono::steady_clock;

/// Visits every node of a tree.
template <class F> void for_each_node(const std::vector<Node>& nodes, F&& f) {
  for (const Node& n : nodes) {
    f(n);
    for_each_node(n.body, f);
    for (const auto& h : n.handlers)
      for_each_node(h.body, f);
    for_each_node(n.orelse, f);
    for_each_node(n.finalbody, f);
  }
}

/// A top-level node and every node inside it.
std::vector<const Node*> subtree(const Node& top) {
  std::vector<const Node*> nodes{&top};
  const auto add = [&](const Node& n) { nodes.push_back(&n); };
  for_each_node(top.body, add);
  for (const auto& h : top.handlers)
    for_each_node(h.body, add);
  for_each_node(top.orelse, add);
  for_each_node(top.finalbody, add);
  return nodes;
}

std::string callee_name(const py::Value& v) {
  if (v.kind() == py::Kind::Function)
    return std::string(v.as_builtin()->name);
  if (v.kind() == py::Kind::Closure) {
    // Named after the first DSL function it holds too ("closure f of o_g" for rbind(o_g, R5)):
    // a profile that lumps every rbind together says nothing.
    std::string name = "closure " + std::string(py::function_name(v));
    const auto& closure = static_cast<const py::ClosureObject&>(*v.object());
    const py::Value* begin = closure.captured();
    const py::Value* held = std::find_if(begin, begin + closure.ncaptured, [](const py::Value& c) {
      return c.kind() == py::Kind::Function;
    });
    if (held != begin + closure.ncaptured)
      name += " of " + std::string(held->as_builtin()->name);
    return name;
  }
  return "<not callable>";
}

/// The results of this thread's recent object extractions, by request and grid: a statement
/// that extracts the same objects again (the same grid reached by several statements) takes
/// them from here, as calls one at a time take them from py::call's memo of `objects` (the
/// same values: interchangeable grids give equal results). Grids are told apart by their hash,
/// which tuples keep once computed.
class ObjectsMemo {
public:
  static std::uint64_t key(const py::Value& grid, const dialects::ObjectsRequest& r) {
    std::uint64_t h = static_cast<std::uint64_t>(py::hash(grid));
    h = (h ^ ((std::uint64_t{r.mode} << 16) | (static_cast<std::uint64_t>(r.dialect) << 8) |
              static_cast<std::uint64_t>(r.shape))) *
        0xFF51AFD7ED558CCDULL;
    return h ^ (h >> 29);
  }
  static bool same(const py::Value& a, const dialects::ObjectsRequest& ra, const py::Value& b,
                   const dialects::ObjectsRequest& rb) {
    return ra.mode == rb.mode && ra.dialect == rb.dialect && ra.shape == rb.shape &&
           (a.object() == b.object() || py::interchangeable(a, b));
  }
  void clear() noexcept {
    if (!used_)
      return;
    for (Entry& e : table_)
      e = Entry{};
    used_ = false;
  }
  const py::Value* find(const py::Value& grid, const dialects::ObjectsRequest& r,
                        std::uint64_t key) const {
    const Entry& e = table_[key % kSlots];
    const bool hit = e.key == key && e.result.is_bound() && same(e.grid, e.request, grid, r);
    return hit ? &e.result : nullptr;
  }
  void put(const py::Value& grid, const dialects::ObjectsRequest& r, std::uint64_t key,
           const py::Value& result) {
    Entry& e = table_[key % kSlots];
    used_ = true;
    e.key = key;
    e.grid = grid;
    e.request = r;
    e.request.grid = nullptr;
    e.result = result;
  }

private:
  static constexpr std::size_t kSlots = 1024;
  struct Entry {
    std::uint64_t key = 0;
    py::Value grid;
    dialects::ObjectsRequest request;
    py::Value result;
  };
  std::vector<Entry> table_ = std::vector<Entry>(kSlots);
  bool used_ = false;
};

thread_local ObjectsMemo t_objects_memo;

/// Set while node() runs the calls that a batch left (or gave back): they take the path of one
/// call at a time.
thread_local bool t_batch_done = false;

class BatchDoneScope {
public:
  BatchDoneScope() { t_batch_done = true; }
  ~BatchDoneScope() { t_batch_done = false; }
  BatchDoneScope(const BatchDoneScope&) = delete;
  BatchDoneScope& operator=(const BatchDoneScope&) = delete;
};

/// Runs `f`; true when memory ran out in it (std::bad_alloc, or a container past its largest
/// size): Python's MemoryError.
template <class F> bool ran_out_of_memory(F&& f) {
  try {
    f();
    return false;
  } catch (const std::bad_alloc&) {
    return true;
  } catch (const std::length_error&) {
    return true;
  }
}

const py::Error kOutOfMemory{py::Exc::MemoryError, "out of memory"};

/// A batch's results and the seconds it took; not ok where it could not run (out of memory,
/// a thread that could not start): its calls then run the statement one at a time.
struct BatchRun {
  std::vector<py::Value> results;
  double seconds = 0;
  bool ok = false;
};

template <class Compute> BatchRun run_batch(std::size_t requests, Compute&& compute) {
  BatchRun run;
  const auto t0 = Clock::now();
  try {
    run.results = compute();
    run.ok = run.results.size() == requests;
  } catch (const std::exception&) {
    run.ok = false;
  }
  run.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return run;
}

} // namespace

void forget_remembered_extractions() noexcept {
  t_objects_memo.clear();
}

Executor::Executor(const frontend::Program& program, const frontend::Function& function,
                   ExecutorOptions options)
    : program_(program), fn_(function), options_(options) {
  // Liveness at the top level: a local is freed after the last top-level statement that
  // reads or writes it, so that a long batt holds only the values it will still use. Record
  // lists live to the end.
  const std::size_t nlocals = fn_.locals.size();
  std::vector<std::int64_t> last(nlocals, -1);
  for (std::size_t k = 0; k < fn_.body.size(); ++k) {
    const std::vector<const Node*> nodes = subtree(fn_.body[k]);
    for (const Node* n : nodes) {
      auto touch = [&](std::uint32_t slot) { last[slot] = static_cast<std::int64_t>(k); };
      if (n->kind != Node::Kind::Try && n->kind != Node::Kind::Raise &&
          n->kind != Node::Kind::Return)
        touch(n->target);
      for (std::uint32_t t : n->targets)
        touch(t);
      if (n->callee.kind == Operand::Kind::Local)
        touch(n->callee.index);
      for (const Operand& a : n->args)
        if (a.kind == Operand::Kind::Local)
          touch(a.index);
    }
  }
  // As one array in statement order (read once per statement, in order: no cache miss).
  last_use_begin_.assign(fn_.body.size() + 1, 0);
  for (std::uint32_t slot = 0; slot < nlocals; ++slot)
    if (last[slot] >= 0 && !fn_.is_list[slot])
      ++last_use_begin_[static_cast<std::size_t>(last[slot]) + 1];
  for (std::size_t k = 0; k < fn_.body.size(); ++k)
    last_use_begin_[k + 1] += last_use_begin_[k];
  last_use_.resize(last_use_begin_.back());
  std::vector<std::uint32_t> filled(last_use_begin_.begin(), last_use_begin_.end() - 1);
  for (std::uint32_t slot = 0; slot < nlocals; ++slot)
    if (last[slot] >= 0 && !fn_.is_list[slot])
      last_use_[filled[static_cast<std::size_t>(last[slot])]++] = slot;

  profile_slot_.assign(program_.constants.size(), 0);
  reuse_misses_.assign(fn_.statements.size(), 0);
  analyse_sharing();
  if (options_.grid_statements != GridStatements::Off)
    packed_locals_ = packed_locals(program_, fn_);
}

Executor::~Executor() = default;

void Executor::analyse_sharing() {
  // What each top-level statement reads and assigns, to order the statements of a shared call
  // (run_shared) by their data alone.
  const std::size_t n = fn_.body.size();
  const std::size_t nlocals = fn_.locals.size();
  std::vector<std::vector<std::uint32_t>> reads(n);
  std::vector<std::int64_t> writer(nlocals, -1);
  owner_only_.assign(n, false);
  bool ok = true;
  for (std::size_t k = 0; k < n && ok; ++k) {
    const std::vector<const Node*> nodes = subtree(fn_.body[k]);
    auto assign = [&](std::uint32_t slot) {
      if (fn_.is_list[slot] || (writer[slot] >= 0 && writer[slot] != static_cast<std::int64_t>(k)))
        ok = false; // a record list reassigned, or a local assigned by two statements
      writer[slot] = static_cast<std::int64_t>(k);
    };
    auto read = [&](const Operand& a, bool list_allowed) {
      if (a.kind != Operand::Kind::Local)
        return;
      if (fn_.is_list[a.index]) {
        if (!list_allowed)
          ok = false;
        return;
      }
      reads[k].push_back(a.index);
    };
    for (const Node* m : nodes) {
      switch (m->kind) {
      case Node::Kind::MakeList:
        owner_only_[k] = true;
        break;
      case Node::Kind::Append:
        read(m->args[0], false);
        break;
      case Node::Kind::Return:
        owner_only_[k] = true;
        for (const Operand& a : m->args)
          read(a, true);
        break;
      case Node::Kind::Raise:
      case Node::Kind::Try:
        break;
      case Node::Kind::Unpack:
      case Node::Kind::SampleBatch:
        for (const Operand& a : m->args)
          read(a, false);
        for (std::uint32_t t : m->targets)
          assign(t);
        break;
      case Node::Kind::Call:
      case Node::Kind::Move:
      case Node::Kind::MakeTuple:
      case Node::Kind::SafeDefault:
        read(m->callee, false);
        for (const Operand& a : m->args)
          read(a, false);
        assign(m->target);
        break;
      }
    }
  }
  shareable_ = ok;
  if (!ok)
    return;
  // A statement waits for the one assigning each local it reads (when earlier) and for every
  // earlier one reading a local it assigns (which must still see it unassigned).
  std::vector<std::vector<std::uint32_t>> readers(nlocals);
  depends_on_.assign(n, {});
  for (std::size_t k = 0; k < n; ++k) {
    std::vector<std::uint32_t>& deps = depends_on_[k];
    for (std::uint32_t slot : reads[k])
      if (writer[slot] >= 0 && writer[slot] < static_cast<std::int64_t>(k))
        deps.push_back(static_cast<std::uint32_t>(writer[slot]));
    std::sort(deps.begin(), deps.end());
    deps.erase(std::unique(deps.begin(), deps.end()), deps.end());
  }
  for (std::size_t k = 0; k < n; ++k)
    for (std::uint32_t slot : reads[k])
      readers[slot].push_back(static_cast<std::uint32_t>(k));
  for (std::uint32_t slot = 0; slot < nlocals; ++slot) {
    if (writer[slot] < 0)
      continue;
    const auto w = static_cast<std::uint32_t>(writer[slot]);
    for (std::uint32_t r : readers[slot])
      if (r < w)
        depends_on_[w].push_back(r);
  }
  for (auto& deps : depends_on_) {
    std::sort(deps.begin(), deps.end());
    deps.erase(std::unique(deps.begin(), deps.end()), deps.end());
  }
}

void Executor::run(std::span<Call* const> calls) {
  std::vector<std::int32_t> list_index(fn_.locals.size(), -1);
  std::int32_t nlists = 0;
  for (std::size_t slot = 0; slot < fn_.locals.size(); ++slot)
    if (fn_.is_list[slot])
      list_index[slot] = nlists++;

  std::vector<State> states(calls.size());
  std::vector<State*> running;
  running.reserve(calls.size());
  for (std::size_t i = 0; i < calls.size(); ++i) {
    State& st = states[i];
    st.call = calls[i];
    st.slot_storage.resize(fn_.locals.size());
    st.slots = st.slot_storage.data();
    for (std::size_t p = 0; p < st.call->args.size() && p < st.slot_storage.size(); ++p)
      st.slots[p] = st.call->args[p];
    st.lists.resize(static_cast<std::size_t>(nlists));
    st.list_index = &list_index;
    st.call->status = Call::Status::Ok;
    st.call->seconds = 0;
    running.push_back(&st);
  }
  timed_state_ = nullptr;
  grids_active_ = options_.grid_statements != GridStatements::Off && !options_.profile &&
                  py::CallProfile::active() == nullptr && calls.size() >= 2 &&
                  std::none_of(calls.begin(), calls.end(), [](const Call* c) { return c->trace; });
  if (grids_active_ && grid_store_ == nullptr) {
    // The GPU path: one device per thread, the threads dealt over the usable devices.
    static std::atomic<unsigned> next_device{0};
    const std::vector<runtime::DeviceInfo> devices = options_.grid_statements == GridStatements::Gpu
                                                         ? runtime::usable_devices()
                                                         : std::vector<runtime::DeviceInfo>();
    grid_store_ =
        devices.empty()
            ? std::make_unique<runtime::GridStore>(runtime::GridPlace::Host)
            : std::make_unique<runtime::GridStore>(
                  runtime::GridPlace::Device,
                  devices[next_device.fetch_add(1, std::memory_order_relaxed) % devices.size()]
                      .ordinal);
  }
  // Memory running out outside a statement (a statement's own failure is its MemoryError):
  // which call it was for is not known, so every call still running stops with MemoryError.
  if (ran_out_of_memory([&] { block(fn_.body, running, true); }))
    for (State& st : states)
      if (st.running())
        st.pending = kOutOfMemory;
  stop_clock();
  if (grid_store_ != nullptr)
    grid_store_->clear();
  grid_ids_.clear();
  grid_inputs_.clear();
  grids_active_ = false;
  for (State& st : states) {
    Call& c = *st.call;
    if (c.status == Call::Status::Timeout)
      continue;
    if (st.pending.type != py::Exc::None) {
      if (st.pending.type == py::Exc::Timeout) {
        c.status = Call::Status::Timeout;
      } else {
        c.status = Call::Status::Raised;
        c.error = st.pending.type;
        c.error_message = st.pending.message;
      }
    } else if (!st.done) {
      // Falling off the end returns None: a batt's caller cannot unpack that.
      c.returned = {py::Value::none()};
    }
  }
}

namespace {
/// The parts of statement `n` that live in allocations of their own (a try's body and handler,
/// the call's arguments), asked for ahead of running it: a batt file's statements are
/// visited once per call in order, and a long file's nodes are not in the cache.
void prefetch_parts(const Node& n, bool deep) {
  __builtin_prefetch(n.body.data());
  __builtin_prefetch(n.handlers.data());
  __builtin_prefetch(n.args.data());
  if (deep && !n.body.empty())
    __builtin_prefetch(n.body.front().args.data());
  if (deep && !n.handlers.empty())
    __builtin_prefetch(n.handlers.front().body.data());
}
} // namespace

void Executor::block(const std::vector<Node>& nodes, std::vector<State*>& running, bool top_level) {
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    if (k + 2 < nodes.size())
      prefetch_parts(nodes[k + 2], false);
    if (k + 1 < nodes.size())
      prefetch_parts(nodes[k + 1], true);
    running.erase(std::remove_if(running.begin(), running.end(),
                                 [](const State* s) { return !s->running(); }),
                  running.end());
    if (running.empty()) {
      if (top_level)
        continue; // still free what the finished calls hold
      return;
    }
    // A call running alone asks for help once some thread has nothing else to do; so do the
    // two calls of a sample run apart with reuse, one after the other (each then computes
    // what it would have taken from the other: the help is worth more at a run's end).
    if (top_level && shareable_ && options_.helpers != nullptr && running.size() <= 2 &&
        k % 32 == 0 && options_.helpers->anyone_idle() &&
        std::none_of(running.begin(), running.end(),
                     [](const State* s) { return s->call->trace; })) {
      // Other threads' executors have no view of this block's packed grids.
      for (State* st : running)
        unpack_grids(nullptr, *st);
      grids_active_ = false;
      for (State* st : running)
        run_shared(k, *st);
      return;
    }
    node(nodes[k], running);
    if (top_level)
      release_after(k, running);
  }
}

void Executor::charge_until(std::int64_t now) {
  if (timed_state_ != nullptr) {
    State& st = *timed_state_;
    Call& c = *st.call;
    c.seconds += static_cast<double>(now - clock_mark_ns_) * 1e-9;
    if (options_.time_limit > 0 && c.seconds > options_.time_limit)
      stop_at_time_limit(st);
  }
  clock_mark_ns_ = now;
}

void Executor::stop_clock() {
  if (options_.time_limit <= 0 && !options_.profile)
    return;
  charge_until(Watchdog::now_ns());
  State* const previous = timed_state_;
  timed_state_ = nullptr;
  // No statement runs now; a cancellation raised since the last statement is the charged
  // call's.
  Watchdog::Slot* watch = options_.time_limit > 0 ? current_watch_slot() : nullptr;
  if (watch != nullptr && watch->replace_deadline(0) && previous != nullptr)
    stop_at_time_limit(*previous);
}

void Executor::stop_at_time_limit(State& st) {
  if (!st.running())
    return;
  st.pending = {py::Exc::Timeout, "time limit"};
  st.call->status = Call::Status::Timeout;
}

const py::Value& Executor::operand(const State& st, const Operand& a) const {
  return a.kind == Operand::Kind::Local ? st.slots[a.index] : program_.constants[a.index];
}

void Executor::profile_statement(const Node& n, const State& st, double seconds) {
  const py::Value& callee = operand(st, n.callee);
  std::size_t idx;
  if (n.callee.kind == Operand::Kind::Constant && profile_slot_[n.callee.index] != 0) {
    idx = profile_slot_[n.callee.index] - 1;
  } else {
    const std::string name = callee.is_bound() ? callee_name(callee) : "<unbound>";
    auto it = std::find_if(profile_.begin(), profile_.end(),
                           [&](const ProfileEntry& e) { return e.name == name; });
    if (it == profile_.end()) {
      profile_.push_back({name, 0, 0, 0});
      it = profile_.end() - 1;
    }
    idx = static_cast<std::size_t>(it - profile_.begin());
    if (n.callee.kind == Operand::Kind::Constant)
      profile_slot_[n.callee.index] = static_cast<std::uint32_t>(idx + 1);
  }
  ProfileEntry& e = profile_[idx];
  ++e.calls;
  e.failures += st.pending.type != py::Exc::None;
  e.seconds += seconds;
}

void Executor::release_after(std::size_t top_index, std::vector<State*>& running) {
  for (std::uint32_t k = last_use_begin_[top_index]; k < last_use_begin_[top_index + 1]; ++k)
    for (State* st : running)
      st->slots[last_use_[k]] = py::Value();
}

bool Executor::batch_extractions(const Node& n, std::vector<State*>& running) {
  // Object extraction (issue 13): the calls for which this statement is an extraction the
  // batch runtime computes exactly (dialects::objects_request, on a grid it takes) go to it
  // as one call over all of them; every other call runs the statement one at a time.
  if (n.args.size() > 4 || (n.callee.kind == Operand::Kind::Constant &&
                            !dialects::may_extract_objects(program_.constants[n.callee.index])))
    return false;
  struct Extraction {
    State* st;
    std::size_t request; // index into requests, or npos: `known` is the result
    py::Value known;
  };
  constexpr std::size_t npos = ~std::size_t{0};
  std::vector<Extraction> jobs;
  std::vector<State*> rest;
  std::vector<runtime::PyObjectsRequest> requests;
  std::vector<dialects::ObjectsRequest> asked; // per request: what was asked, of which grid
  std::vector<std::size_t> offsets;
  std::vector<std::uint64_t> keys;
  std::vector<std::int8_t> cells;
  for (State* st : running) {
    const py::Value& callee = operand(*st, n.callee);
    if (!dialects::may_extract_objects(callee)) {
      rest.push_back(st);
      continue;
    }
    py::Value args[4];
    const py::Value* sources[4] = {};
    bool bound = true;
    for (std::size_t i = 0; bound && i < n.args.size(); ++i) {
      sources[i] = &operand(*st, n.args[i]);
      bound = sources[i]->is_bound();
      args[i] = py::Value::borrow(*sources[i]);
    }
    std::optional<dialects::ObjectsRequest> r;
    if (bound)
      r = dialects::objects_request(callee, args, n.args.size());
    if (!r) {
      rest.push_back(st);
      continue;
    }
    r->grid = sources[r->grid - args]; // the local or constant itself, not the borrowed copy
    // Extracted before on this thread, or earlier in this batch: the same value again.
    const std::uint64_t key = ObjectsMemo::key(*r->grid, *r);
    const py::Value* known = t_objects_memo.find(*r->grid, *r, key);
    std::size_t same = npos;
    for (std::size_t k = 0; known == nullptr && same == npos && k < asked.size(); ++k)
      if (keys[k] == key && ObjectsMemo::same(*asked[k].grid, asked[k], *r->grid, *r))
        same = k;
    if (known != nullptr || same != npos) {
      jobs.push_back({st, same, known != nullptr ? *known : py::Value()});
      continue;
    }
    runtime::PyObjectsRequest req;
    const std::size_t at = cells.size();
    if (!dialects::read_small_grid(*r->grid, cells, req.h, req.w)) {
      rest.push_back(st);
      continue;
    }
    req.mode = r->mode;
    req.dialect = r->dialect;
    req.shape = r->shape;
    jobs.push_back({st, requests.size(), py::Value()});
    requests.push_back(req);
    asked.push_back(*r);
    offsets.push_back(at);
    keys.push_back(key);
  }
  if (!jobs.empty()) {
    for (std::size_t k = 0; k < requests.size(); ++k)
      requests[k].cells = cells.data() + offsets[k];
    stop_clock(); // the batch's time is charged below, in shares
    BatchRun batch = run_batch(requests.size(), [&] {
      return requests.empty() ? std::vector<py::Value>() : runtime::batch_py_objects(requests);
    });
    BatchDoneScope done;
    if (!batch.ok) {
      node(n, running);
      return true;
    }
    std::vector<py::Value>& results = batch.results;
    for (std::size_t k = 0; k < requests.size(); ++k)
      t_objects_memo.put(*asked[k].grid, asked[k], keys[k], results[k]);
    const double share = batch.seconds / static_cast<double>(jobs.size());
    for (Extraction& job : jobs)
      finish_batched(n, *job.st, job.request == npos ? std::move(job.known) : results[job.request],
                     share, "batched extraction");
    if (!rest.empty())
      node(n, rest);
    return true;
  }
  return false;
}

bool Executor::batch_mapply(const Node& n, std::vector<State*>& running) {
  // mapply and apply over object sets (issue 12): the calls for which this statement maps a
  // per-object function over a frozenset go to the runtime as one call over all of them. Not
  // under the profile, which times each call's DSL functions on its own thread.
  if (n.args.size() != 2 || options_.profile || py::CallProfile::active() != nullptr ||
      (n.callee.kind == Operand::Kind::Constant &&
       !runtime::is_py_mapply_callee(program_.constants[n.callee.index])))
    return false;
  std::vector<State*> jobs;
  std::vector<State*> rest;
  std::vector<runtime::PyMapplyRequest> requests;
  for (State* st : running) {
    const py::Value& callee = operand(*st, n.callee);
    const py::Value& function = operand(*st, n.args[0]);
    const py::Value& container = operand(*st, n.args[1]);
    if (!runtime::is_py_mapply_batchable(callee, function, container)) {
      rest.push_back(st);
      continue;
    }
    jobs.push_back(st);
    requests.push_back({&callee, &function, &container});
  }
  if (jobs.size() < 2)
    return false; // nothing to batch with
  stop_clock();   // the batch's time is charged below, in shares
  BatchRun batch = run_batch(requests.size(), [&] { return runtime::batch_py_mapply(requests); });
  BatchDoneScope done;
  if (!batch.ok) {
    node(n, running);
    return true;
  }
  const double share = batch.seconds / static_cast<double>(jobs.size());
  for (std::size_t k = 0; k < jobs.size(); ++k)
    finish_batched(n, *jobs[k], std::move(batch.results[k]), share, "batched mapply");
  if (!rest.empty())
    node(n, rest);
  return true;
}

namespace {
constexpr std::uint32_t kNotPacked = ~std::uint32_t{0};
} // namespace

std::optional<std::uint32_t> Executor::grid_operand(State& st, const Operand& a) {
  if (a.kind == Operand::Kind::Local && a.index < st.packed.size() &&
      st.packed[a.index] != kNotPacked)
    return st.packed[a.index];
  const py::Value& v = operand(st, a);
  if (!v.is_tuple())
    return std::nullopt;
  // A parameter or a constant is read by many statements (a sample's I by most): its grid is
  // made once a block. Any other value is packed where it is read, so that the store holds no
  // reference that would keep it alive past its last use.
  auto pack = [&] {
    std::uint32_t h = 0, w = 0;
    grid_cells_.clear();
    return dialects::read_small_grid(v, grid_cells_, h, w)
               ? grid_store_->add(grid_cells_.data(), h, w)
               : kNotPacked;
  };
  std::uint32_t id = kNotPacked;
  if (a.kind == Operand::Kind::Constant || a.index < st.call->args.size()) {
    auto [at, fresh] = grid_ids_.try_emplace(v.object(), kNotPacked);
    if (fresh) {
      at->second = pack();
      grid_inputs_.push_back(v);
    }
    id = at->second;
  } else {
    id = pack();
  }
  return id == kNotPacked ? std::nullopt : std::optional<std::uint32_t>(id);
}

void Executor::unpack_grids(const Node* n, State& st) {
  auto unpack = [&](std::uint32_t slot) {
    if (slot >= st.packed.size() || st.packed[slot] == kNotPacked)
      return;
    const std::uint32_t id = st.packed[slot];
    std::vector<std::size_t> offsets;
    grid_cells_.clear();
    grid_store_->read({&id, 1}, grid_cells_, offsets);
    st.slots[slot] = dialects::grid_of_cells(grid_cells_.data(), grid_store_->height(id),
                                             grid_store_->width(id));
    st.packed[slot] = kNotPacked;
  };
  if (n == nullptr) {
    for (std::uint32_t slot = 0; slot < st.packed.size(); ++slot)
      unpack(slot);
    return;
  }
  for (const Operand& a : n->args)
    if (a.kind == Operand::Kind::Local)
      unpack(a.index);
}

bool Executor::batch_grid_statement(const Node& n, std::vector<State*>& running) {
  // Grid statements (issue 13): cellwise, replace, fill, paint and f_ofcolor for every call of
  // the block whose arguments are grids of small ints (small ints, patches and objects), as one
  // runtime call on packed grids; the other calls run the statement one at a time, with Python
  // values.
  if (n.callee.kind != Operand::Kind::Constant)
    return false;
  const std::optional<dialects::GridStatement> kind =
      dialects::grid_statement(program_.constants[n.callee.index]);
  if (!kind || n.args.size() != dialects::grid_statement_arity(*kind))
    return false;
  struct Job {
    State* st;
    std::uint32_t grid[2];
    std::int8_t scalar[2];
    std::size_t first_cell, cells; // a fill's or a paint's writes, in write_cells
  };
  std::vector<Job> jobs;
  std::vector<State*> rest;
  std::vector<std::uint32_t> write_cells;
  std::vector<std::int8_t> write_colours; // a paint's, beside its cells
  const bool may_run = dialects::grid_statement_may_run();
  for (State* st : running) {
    Job job{st, {0, 0}, {0, 0}, write_cells.size(), 0};
    bool ok = may_run;
    std::size_t grids = 0, scalars = 0;
    for (std::size_t i = 0; ok && i < n.args.size(); ++i) {
      if (dialects::is_grid_argument(*kind, i)) {
        const std::optional<std::uint32_t> id = grid_operand(*st, n.args[i]);
        ok = id.has_value();
        job.grid[grids++] = id.value_or(0);
      } else if (dialects::is_patch_argument(*kind, i)) {
        // The grid argument comes first: the patch's cells are numbered in its shape.
        const std::uint32_t h = grid_store_->height(job.grid[0]);
        const std::uint32_t w = grid_store_->width(job.grid[0]);
        ok =
            *kind == dialects::GridStatement::Fill
                ? dialects::patch_cells(operand(*st, n.args[i]), h, w, write_cells)
                : dialects::object_cells(operand(*st, n.args[i]), h, w, write_cells, write_colours);
        job.cells = write_cells.size() - job.first_cell;
      } else {
        const std::optional<std::int8_t> v = dialects::small_int(operand(*st, n.args[i]));
        ok = v.has_value();
        job.scalar[scalars++] = v.value_or(0);
      }
    }
    if (ok && *kind == dialects::GridStatement::Cellwise)
      ok = grid_store_->height(job.grid[0]) == grid_store_->height(job.grid[1]) &&
           grid_store_->width(job.grid[0]) == grid_store_->width(job.grid[1]);
    if (ok) {
      jobs.push_back(job);
    } else {
      write_cells.resize(job.first_cell);
      write_colours.resize(std::min(write_colours.size(), job.first_cell));
      unpack_grids(&n, *st);
      rest.push_back(st);
    }
  }
  if (jobs.empty())
    return false;
  stop_clock(); // the batch's time is charged below, in shares
  const auto t0 = Clock::now();
  const bool packed_result =
      dialects::makes_grid(*kind) && n.target < packed_locals_.size() && packed_locals_[n.target];
  std::vector<std::uint32_t> made;
  std::vector<std::uint32_t> read_ids;
  if (dialects::makes_grid(*kind)) {
    std::vector<runtime::GridStore::Op> ops;
    ops.reserve(jobs.size());
    for (const Job& job : jobs) {
      runtime::GridStore::Op op;
      op.kind = *kind == dialects::GridStatement::Cellwise  ? runtime::GridOpKind::Cellwise
                : *kind == dialects::GridStatement::Replace ? runtime::GridOpKind::Replace
                : *kind == dialects::GridStatement::Fill    ? runtime::GridOpKind::Fill
                                                            : runtime::GridOpKind::Paint;
      op.a = job.grid[0];
      op.b = job.grid[1];
      op.x = job.scalar[0];
      op.y = job.scalar[1];
      op.cells = write_cells.data() + job.first_cell;
      op.ncells = static_cast<std::uint32_t>(job.cells);
      if (*kind == dialects::GridStatement::Paint)
        op.colours = write_colours.data() + job.first_cell;
      ops.push_back(op);
    }
    made = grid_store_->run(ops);
    if (!packed_result)
      read_ids = made;
  } else {
    for (const Job& job : jobs)
      read_ids.push_back(job.grid[0]);
  }
  std::vector<py::Value> values(jobs.size());
  if (!read_ids.empty()) {
    std::vector<std::int8_t> cells;
    std::vector<std::size_t> offsets;
    grid_store_->read(read_ids, cells, offsets);
    for (std::size_t k = 0; k < jobs.size(); ++k) {
      const std::int8_t* at = cells.data() + offsets[k];
      const std::uint32_t h = grid_store_->height(read_ids[k]);
      const std::uint32_t w = grid_store_->width(read_ids[k]);
      values[k] = dialects::makes_grid(*kind)
                      ? dialects::grid_of_cells(at, h, w)
                      : dialects::ofcolor_of_cells(at, h, w, jobs[k].scalar[0]);
    }
  }
  const double share =
      std::chrono::duration<double>(Clock::now() - t0).count() / static_cast<double>(jobs.size());
  BatchDoneScope done;
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    State& st = *jobs[k].st;
    if (!packed_result) {
      finish_batched(n, st, std::move(values[k]), share, "batched grid statement");
      continue;
    }
    // Held packed: no Python value until a statement that runs one call at a time needs it.
    if (st.packed.empty())
      st.packed.assign(fn_.locals.size(), kNotPacked);
    st.packed[n.target] = made[k];
    st.call->seconds += share;
    if (options_.time_limit > 0 && st.call->seconds > options_.time_limit)
      stop_at_time_limit(st);
  }
  if (!rest.empty())
    node(n, rest);
  return true;
}

void Executor::finish_batched(const Node& n, State& st, py::Value result, double share,
                              const char* profiled_as) {
  Call& c = *st.call;
  if (py::CallProfile* call_profile = py::CallProfile::active(); call_profile != nullptr) {
    // Not a py::call on this thread: the statement's share of the batch, under a name of its
    // own.
    std::vector<py::Value> args;
    for (const Operand& a : n.args)
      args.push_back(py::Value::borrow(operand(st, a)));
    call_profile->add(profiled_as, args.data(), args.size(), share);
  }
  if (result.ok()) {
    st.slots[n.target] = std::move(result);
    if (c.trace) [[unlikely]]
      trace(n, st);
  } else {
    st.pending = result.error();
  }
  if (options_.profile)
    profile_statement(n, st, share);
  c.seconds += share;
  if (options_.time_limit > 0 && c.seconds > options_.time_limit)
    stop_at_time_limit(st);
}

void Executor::node(const Node& n, std::vector<State*>& running) {
  if (n.kind == Node::Kind::Try) {
    try_node(n, running);
    return;
  }
  if (n.kind == Node::Kind::Call && !t_batch_done && grids_active_ &&
      batch_grid_statement(n, running))
    return;
  if (n.kind == Node::Kind::Call && !t_batch_done && options_.batch_objects &&
      runtime::py_objects_batching() && (batch_extractions(n, running) || batch_mapply(n, running)))
    return;
  if (n.kind == Node::Kind::SampleBatch) {
    // One runtime call over every call in flight.
    std::vector<const py::Value*> samples;
    std::vector<State*> eligible;
    for (State* st : running) {
      const py::Value& v = operand(*st, n.args[0]);
      if (!v.is_bound()) {
        st->pending = {py::Exc::UnboundLocalError, "local variable referenced before assignment"};
        continue;
      }
      samples.push_back(&v);
      eligible.push_back(st);
    }
    stop_clock(); // the batch's time is charged below, in shares
    auto t0 = Clock::now();
    std::vector<SampleBatchResult> results = batch_process_samples(program_.dialect, samples);
    const double share = std::chrono::duration<double>(Clock::now() - t0).count() /
                         static_cast<double>(std::max<std::size_t>(1, eligible.size()));
    for (std::size_t i = 0; i < eligible.size(); ++i) {
      State& st = *eligible[i];
      st.call->seconds += share;
      if (!results[i].error.has_value()) {
        for (std::size_t t = 0; t < 4; ++t)
          st.slots[n.targets[t]] = std::move(results[i].values[t]);
        if (st.call->trace) [[unlikely]]
          trace(n, st);
      } else {
        st.pending = *results[i].error;
      }
    }
    return;
  }
  // Calls of this block that make the very call an earlier one made take its outcome. One
  // table a thread: a call statement's callee is a DSL function or a closure of them, never
  // this interpreter, so no node() starts inside another's loop over its calls.
  // A statement that took no earlier call's outcome in kReuseTrials blocks in a row is not
  // looked up again: the lookups would only cost.
  static thread_local RepeatedCalls<State> repeated;
  std::uint8_t& misses = reuse_misses_[n.statement];
  const bool reuse =
      options_.reuse_repeated_calls && misses < kReuseTrials && repeated.start(n, running.size());
  bool reused = false;
  const auto operand_of = [this](const State& st, const Operand& a) -> const py::Value& {
    return operand(st, a);
  };
  const auto run_or_reuse = [&](State& st) {
    if (!reuse) {
      step(n, st);
      return;
    }
    if (repeated.take(n, st, operand_of)) {
      reused = true;
      return;
    }
    step(n, st);
    repeated.remember(st);
  };
  const auto count_reuse = [&] {
    if (reuse)
      misses = reused ? 0 : static_cast<std::uint8_t>(misses + 1);
  };
  const bool timed = options_.time_limit > 0 || options_.profile;
  if (!timed) {
    for (State* st : running) {
      run_or_reuse(*st);
      if (st->call->trace) [[unlikely]]
        trace(n, *st);
    }
    count_reuse();
    return;
  }
  // The clock is read when another call's statement starts: the time since the last reading
  // is the previous call's, the time between statements included. A call running alone reads
  // it at neither end of its statements: the watchdog stops it at its deadline, set when it
  // started. Without a watchdog, under a short limit and for the profile, every statement
  // reads it when it ends (and the profile when it starts too, to time the statement alone).
  Watchdog::Slot* watch = options_.time_limit > 0 ? current_watch_slot() : nullptr;
  const bool every_statement = options_.profile || watch == nullptr ||
                               options_.time_limit < options_.clock_every_statement_below;
  for (State* st : running) {
    if (!st->running())
      continue; // stopped at its time limit while another call's statement was charged
    if (st != timed_state_ || options_.profile) {
      const std::int64_t now = Watchdog::now_ns();
      State* const previous = timed_state_;
      charge_until(now);
      if (!st->running())
        continue;
      timed_state_ = st;
      if (watch != nullptr) {
        const double left = options_.time_limit - st->call->seconds;
        if (watch->replace_deadline(now + static_cast<std::int64_t>(left * 1e9)) &&
            previous != nullptr)
          stop_at_time_limit(*previous); // fired between its statement and now
        if (!st->running())
          continue;
      }
    }
    // Only a profiled run has a profile of DSL calls to take out of the statement's time.
    const py::CallProfile* const call_profile =
        options_.profile ? py::CallProfile::active() : nullptr;
    const double bookkeeping_before =
        call_profile != nullptr ? call_profile->bookkeeping_seconds() : 0.0;
    run_or_reuse(*st);
    if (watch != nullptr && watch->take_cancel())
      stop_at_time_limit(*st);
    if (st->call->trace) [[unlikely]]
      trace(n, *st);
    if (every_statement) {
      const std::int64_t before = clock_mark_ns_;
      charge_until(Watchdog::now_ns());
      // The profile of DSL calls times itself: its records are taken out of the statement's
      // time and its call's, or a cheap statement would show the profile's cost.
      double bookkeeping = 0.0;
      if (call_profile != nullptr) {
        bookkeeping = call_profile->bookkeeping_seconds() - bookkeeping_before;
        st->call->seconds -= bookkeeping;
      }
      if (options_.profile && n.kind == Node::Kind::Call)
        profile_statement(n, *st,
                          static_cast<double>(clock_mark_ns_ - before) * 1e-9 - bookkeeping);
    }
  }
  count_reuse();
}

void Executor::trace(const Node& n, State& st) {
  if (!options_.trace || st.pending.type != py::Exc::None)
    return;
  auto report = [&](std::uint32_t slot) {
    const std::string& name = fn_.locals[slot];
    if (!name.starts_with("$") && st.slots[slot].is_bound())
      options_.trace(*st.call, fn_.statements[n.statement], name, st.slots[slot]);
  };
  switch (n.kind) {
  case Node::Kind::Call:
  case Node::Kind::Move:
  case Node::Kind::MakeTuple:
  case Node::Kind::SafeDefault:
    report(n.target);
    return;
  case Node::Kind::Unpack:
  case Node::Kind::SampleBatch:
    for (std::uint32_t t : n.targets)
      report(t);
    return;
  default:
    return;
  }
}

namespace {
/// A node that runs for its calls without a block of its own.
bool is_simple(const Node& n) {
  return n.kind != Node::Kind::Try && n.kind != Node::Kind::Return;
}
} // namespace

void Executor::try_node(const Node& n, std::vector<State*>& running) {
  // The shape of nearly every statement of a generated batt: one statement tried, one
  // handler of simple statements. Run without the general path's bookkeeping.
  if (n.body.size() == 1 && is_simple(n.body[0]) && n.handlers.size() == 1 && n.orelse.empty() &&
      n.finalbody.empty() &&
      std::all_of(n.handlers[0].body.begin(), n.handlers[0].body.end(), is_simple)) {
    node(n.body[0], running);
    std::vector<State*>& caught = caught_scratch_;
    caught.clear();
    const frontend::ExcMask mask = n.handlers[0].mask;
    for (State* st : running) {
      if (st->pending.type == py::Exc::None || st->done)
        continue;
      if (mask & (frontend::ExcMask{1} << static_cast<unsigned>(st->pending.type))) {
        st->pending = {py::Exc::None, ""};
        caught.push_back(st);
      }
    }
    for (const Node& h : n.handlers[0].body) {
      if (caught.empty())
        break;
      node(h, caught);
      caught.erase(std::remove_if(caught.begin(), caught.end(),
                                  [](const State* s) { return !s->running(); }),
                   caught.end());
    }
    return;
  }
  std::vector<State*> body = running;
  block(n.body, body, false);
  // Each call that raised goes to the first handler that matches its exception.
  std::vector<std::vector<State*>> handled(n.handlers.size());
  std::vector<State*> clean;
  for (State* st : running) {
    if (st->done)
      continue;
    if (st->pending.type == py::Exc::None) {
      clean.push_back(st);
      continue;
    }
    const auto bit = frontend::ExcMask{1} << static_cast<unsigned>(st->pending.type);
    for (std::size_t h = 0; h < n.handlers.size(); ++h) {
      if (n.handlers[h].mask & bit) {
        st->pending = {py::Exc::None, ""};
        handled[h].push_back(st);
        break;
      }
    }
  }
  for (std::size_t h = 0; h < n.handlers.size(); ++h)
    if (!handled[h].empty())
      block(n.handlers[h].body, handled[h], false);
  if (!n.orelse.empty() && !clean.empty())
    block(n.orelse, clean, false);
  if (!n.finalbody.empty()) {
    // finally runs for every call, whatever happened; its own exception replaces a pending
    // one, otherwise the pending one (or the return) goes on.
    std::vector<State*> all = running;
    std::vector<py::Error> saved;
    std::vector<bool> saved_done;
    for (State* st : all) {
      saved.push_back(st->pending);
      saved_done.push_back(st->done);
      if (st->pending.type != py::Exc::Timeout)
        st->pending = {py::Exc::None, ""};
      st->done = false;
    }
    std::vector<State*> fin = all;
    block(n.finalbody, fin, false);
    for (std::size_t i = 0; i < all.size(); ++i) {
      State* st = all[i];
      if (st->pending.type == py::Exc::None && !st->done) {
        st->pending = saved[i];
        st->done = saved_done[i];
      }
    }
  }
}

void Executor::step(const Node& n, State& st) {
  // A statement whose result does not fit in memory fails with MemoryError, as in Python.
  if (ran_out_of_memory([&] { step_unguarded(n, st); }))
    st.pending = kOutOfMemory;
}

void Executor::step_unguarded(const Node& n, State& st) {
  // The value of an operand, or UnboundLocalError for a local not assigned yet.
  auto fetch = [&](const Operand& a) -> const py::Value* {
    if (a.kind == Operand::Kind::Constant)
      return &program_.constants[a.index];
    const py::Value& v = st.slots[a.index];
    if (!v.is_bound()) {
      st.pending = {py::Exc::UnboundLocalError, "local variable referenced before assignment"};
      return nullptr;
    }
    return &v;
  };
  switch (n.kind) {
  case Node::Kind::Call: {
    const py::Value* callee = fetch(n.callee);
    if (callee == nullptr)
      return;
    // The arguments are borrowed from the locals and constants, which outlive the call: no
    // reference counting for passing them, and nothing to release after it (a borrowed Value
    // owns nothing, so the array needs no destructor).
    constexpr std::size_t kSmall = 6;
    alignas(py::Value) unsigned char small[kSmall * sizeof(py::Value)];
    std::unique_ptr<unsigned char[]> large;
    auto* args = reinterpret_cast<py::Value*>(small);
    if (n.args.size() > kSmall) {
      large = std::make_unique_for_overwrite<unsigned char[]>(n.args.size() * sizeof(py::Value));
      args = reinterpret_cast<py::Value*>(large.get());
    }
    for (std::size_t i = 0; i < n.args.size(); ++i) {
      const py::Value* a = fetch(n.args[i]);
      if (a == nullptr)
        return;
      new (&args[i]) py::Value(py::Value::borrow(*a));
    }
    py::Value result = py::call(*callee, args, n.args.size());
    if (!result.ok()) {
      st.pending = result.error();
      return;
    }
    st.slots[n.target] = std::move(result);
    return;
  }
  case Node::Kind::Move: {
    const py::Value* v = fetch(n.args[0]);
    if (v != nullptr)
      st.slots[n.target] = *v;
    return;
  }
  case Node::Kind::MakeTuple: {
    py::Value t = py::new_tuple(n.args.size());
    py::Value* items = n.args.empty() ? nullptr : py::tuple_items(t);
    for (std::size_t i = 0; i < n.args.size(); ++i) {
      const py::Value* a = fetch(n.args[i]);
      if (a == nullptr)
        return;
      items[i] = *a;
    }
    st.slots[n.target] = std::move(t);
    return;
  }
  case Node::Kind::MakeList:
    st.list(n.target).clear();
    return;
  case Node::Kind::Append: {
    const py::Value* v = fetch(n.args[0]);
    if (v != nullptr)
      st.list(n.target).push_back(*v);
    return;
  }
  case Node::Kind::SafeDefault: {
    const py::Value* v = fetch(n.args[0]);
    if (v != nullptr)
      st.slots[n.target] = py::safe_default_of(*v);
    return;
  }
  case Node::Kind::Unpack: {
    const py::Value* v = fetch(n.args[0]);
    if (v == nullptr)
      return;
    std::vector<py::Value> out(n.targets.size());
    py::Status s = py::unpack(*v, out.data(), out.size());
    if (!s.ok()) {
      st.pending = s.error();
      return;
    }
    for (std::size_t i = 0; i < out.size(); ++i)
      st.slots[n.targets[i]] = std::move(out[i]);
    return;
  }
  case Node::Kind::Raise:
    st.pending = {n.raises, "name is not defined"};
    return;
  case Node::Kind::Return: {
    Call& c = *st.call;
    c.returned.clear();
    for (std::size_t i = 0; i < n.args.size(); ++i) {
      const Operand& a = n.args[i];
      if (a.kind == Operand::Kind::Local && fn_.is_list[a.index]) {
        (i == 0 ? c.o : c.s) = st.list(a.index);
        continue;
      }
      const py::Value* v = fetch(a);
      if (v == nullptr)
        return;
      c.returned.push_back(*v);
    }
    st.done = true;
    return;
  }
  case Node::Kind::SampleBatch:
  case Node::Kind::Try:
    return; // handled by node()
  }
}

// ---------------------------------------------------------------------------------------------
// Shared calls: the top-level statements of one call run by several threads.

/// The state of a call whose statements several threads run (Executor::run_shared). Each
/// statement is claimed by one thread once the statements it depends on have run; its
/// record appends and the exception that escaped it are kept aside, and the call's own
/// thread commits the statements in the program's order: appends the records, stops at the
/// first exception, frees the locals no later statement uses. A statement run ahead of one
/// that ends the call is simply never committed.
struct SharedCall {
  enum : std::uint8_t { kPending, kClaimed, kDone };
  struct Result {
    std::vector<std::vector<py::Value>> lists;
    py::Error error{py::Exc::None, ""};
  };

  const frontend::Function* fn = nullptr;
  py::Value* slots = nullptr;
  const std::vector<std::int32_t>* list_index = nullptr;
  std::size_t nlists = 0;
  const std::vector<std::vector<std::uint32_t>>* depends_on = nullptr;
  const std::vector<bool>* owner_only = nullptr;
  std::vector<std::atomic<std::uint8_t>> state;
  std::vector<Result> results;
  /// Statements before this one are committed.
  std::atomic<std::size_t> commit{0};
  std::atomic<bool> stop{false};
  /// Threads helping now (the owner waits for none before its locals go).
  std::atomic<int> helpers{0};
  /// The call's statement time so far, over every thread.
  std::atomic<double> seconds{0};

  static constexpr std::size_t npos = ~std::size_t{0};
  /// How far past the last committed statement a thread may start one: bounds what waits
  /// to be committed.
  static constexpr std::size_t kLookahead = 4096;

  /// Claims a statement whose dependencies have run, looking from `cursor` (the thread's last
  /// claim) first; npos when none is ready now.
  std::size_t claim(std::size_t& cursor) {
    const std::size_t first = commit.load(std::memory_order_acquire);
    const std::size_t limit = std::min(state.size(), first + kLookahead);
    auto scan = [&](std::size_t from, std::size_t to) {
      for (std::size_t k = from; k < to; ++k) {
        if (state[k].load(std::memory_order_relaxed) != kPending || (*owner_only)[k])
          continue;
        bool ready = true;
        for (std::uint32_t d : (*depends_on)[k])
          if (state[d].load(std::memory_order_acquire) != kDone) {
            ready = false;
            break;
          }
        std::uint8_t expected = kPending;
        if (ready &&
            state[k].compare_exchange_strong(expected, kClaimed, std::memory_order_acq_rel)) {
          cursor = k + 1;
          return k;
        }
      }
      return npos;
    };
    const std::size_t from = std::clamp(cursor, first, limit);
    std::size_t k = scan(from, limit);
    if (k == npos)
      k = scan(first, from);
    return k;
  }
};

void Executor::node_or_memory_error(const Node& n, std::vector<State*>& running) {
  // A shared call's statement must end, whatever happens: the call's owner waits for it, and
  // its locals must outlive every thread that runs one.
  if (ran_out_of_memory([&] { node(n, running); }))
    for (State* st : running)
      if (st->running())
        st->pending = kOutOfMemory;
}

void Executor::run_shared_statement(SharedCall& shared, std::size_t k) {
  // The statement runs as if for a call of its own whose locals are the shared call's.
  Call own;
  const double before = shared.seconds.load(std::memory_order_relaxed);
  own.seconds = before;
  State st;
  st.call = &own;
  st.slots = shared.slots;
  st.lists.resize(shared.nlists);
  st.list_index = shared.list_index;
  std::vector<State*> running{&st};
  node_or_memory_error(fn_.body[k], running);
  stop_clock();
  SharedCall::Result& r = shared.results[k];
  r.lists = std::move(st.lists);
  r.error = std::move(st.pending);
  shared.seconds.fetch_add(own.seconds - before, std::memory_order_relaxed);
  shared.state[k].store(SharedCall::kDone, std::memory_order_release);
}

void Executor::run_shared(std::size_t first, State& st) {
  stop_clock(); // the call's time so far, before the shared count starts from it
  const std::size_t n = fn_.body.size();
  ++shared_calls_;
  auto shared = std::make_shared<SharedCall>();
  shared->fn = &fn_;
  shared->slots = st.slots;
  shared->list_index = st.list_index;
  shared->nlists = st.lists.size();
  shared->depends_on = &depends_on_;
  shared->owner_only = &owner_only_;
  shared->state = std::vector<std::atomic<std::uint8_t>>(n);
  for (std::size_t k = 0; k < first; ++k)
    shared->state[k].store(SharedCall::kDone, std::memory_order_relaxed);
  shared->results.resize(n);
  shared->commit.store(first, std::memory_order_relaxed);
  shared->seconds.store(st.call->seconds, std::memory_order_relaxed);
  options_.helpers->post(shared);

  std::vector<State*> self{&st};
  std::size_t cursor = first;
  for (std::size_t k = first; k < n;) {
    const std::uint8_t state = shared->state[k].load(std::memory_order_acquire);
    if (state == SharedCall::kPending && owner_only_[k]) {
      // Making or returning a record list: on the call's own state, every earlier statement
      // committed.
      shared->state[k].store(SharedCall::kClaimed, std::memory_order_relaxed);
      const double before = shared->seconds.load(std::memory_order_relaxed);
      st.call->seconds = before;
      node_or_memory_error(fn_.body[k], self);
      stop_clock();
      shared->seconds.fetch_add(st.call->seconds - before, std::memory_order_relaxed);
      shared->state[k].store(SharedCall::kDone, std::memory_order_release);
      if (!st.running())
        break;
    } else if (state == SharedCall::kDone) {
      SharedCall::Result& r = shared->results[k];
      for (std::size_t l = 0; l < r.lists.size(); ++l)
        for (py::Value& v : r.lists[l])
          st.lists[l].push_back(std::move(v));
      r.lists.clear();
      st.call->seconds = shared->seconds.load(std::memory_order_relaxed);
      if (r.error.type != py::Exc::None) {
        st.pending = std::move(r.error);
        if (st.pending.type == py::Exc::Timeout)
          st.call->status = Call::Status::Timeout;
        break;
      }
      if (options_.time_limit > 0 && st.call->seconds > options_.time_limit) {
        st.pending = {py::Exc::Timeout, "time limit"};
        st.call->status = Call::Status::Timeout;
        break;
      }
    } else {
      // Start a statement that is ready, or wait for the one at k (another thread runs it).
      const std::size_t j = shared->claim(cursor);
      if (j != SharedCall::npos)
        run_shared_statement(*shared, j);
      else
        std::this_thread::yield();
      continue;
    }
    release_after(k, self);
    ++k;
    shared->commit.store(k, std::memory_order_release);
  }
  // Nothing more starts; the statements in flight finish before the locals go.
  shared->stop.store(true, std::memory_order_release);
  options_.helpers->withdraw(shared.get());
  while (shared->helpers.load(std::memory_order_acquire) != 0)
    std::this_thread::yield();
}

void HelpBoard::post(const std::shared_ptr<SharedCall>& call) {
  std::lock_guard lock(mutex_);
  calls_.push_back(call);
}

void HelpBoard::withdraw(const SharedCall* call) {
  std::lock_guard lock(mutex_);
  std::erase_if(calls_, [&](const std::shared_ptr<SharedCall>& c) { return c.get() == call; });
}

void HelpBoard::set_idle(bool idle) {
  idle_.fetch_add(idle ? 1 : -1, std::memory_order_relaxed);
}

bool HelpBoard::help(const std::function<Executor&(const frontend::Function&)>& executor_for) {
  std::shared_ptr<SharedCall> call;
  {
    std::lock_guard lock(mutex_);
    if (calls_.empty())
      return false;
    // The call with the most left to commit.
    call = *std::max_element(calls_.begin(), calls_.end(), [](const auto& a, const auto& b) {
      return a->state.size() - a->commit.load(std::memory_order_relaxed) <
             b->state.size() - b->commit.load(std::memory_order_relaxed);
    });
    call->helpers.fetch_add(1, std::memory_order_acq_rel);
  }
  Executor& executor = executor_for(*call->fn);
  std::size_t cursor = call->commit.load(std::memory_order_acquire);
  bool ran = false;
  for (int misses = 0; misses < 64 && !call->stop.load(std::memory_order_acquire);) {
    const std::size_t k = call->claim(cursor);
    if (k == SharedCall::npos) {
      ++misses;
      std::this_thread::yield();
      continue;
    }
    misses = 0;
    ran = true;
    executor.run_shared_statement(*call, k);
    helped_.fetch_add(1, std::memory_order_relaxed);
  }
  call->helpers.fetch_sub(1, std::memory_order_acq_rel);
  return ran;
}

} // namespace battgpu::interp
