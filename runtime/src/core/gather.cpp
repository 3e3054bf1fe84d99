// Gather and run_gathered: cross-task batching of the batch points inside solvers
// (battgpu/runtime/gather.hpp explains the mechanism).
#include "battgpu/runtime/gather.hpp"

#include "battgpu/dsl/cancellation.hpp"
#include "cpu/phase_workers.hpp"
#include "cpu/thread_pool.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

namespace battgpu::runtime {
namespace {

using Clock = std::chrono::steady_clock;

constinit thread_local Gather* current_gather = nullptr;

struct ObjectsRequest {
  dsl::Grid grid;
  ModeMask modes = 0;
};

struct MapplyRequest {
  PerObjectOp op = PerObjectOp::ToIndices;
  dsl::Objects container;
};

/// Where a request's result is: a batch of the last round and a row of it.
struct Slot {
  static constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::size_t batch = none;
  std::size_t row = 0;
};

/// A request's value by content: solvers of different tasks, and different solvers of one
/// task, often derive equal grids (a mirror of the same input, say); each distinct value is
/// computed once per round. Values are immutable and the requests keep them alive.
template <class Value> struct ContentKey {
  const Value* value;
  std::size_t hash;
  friend bool operator==(const ContentKey& a, const ContentKey& b) {
    return a.hash == b.hash && *a.value == *b.value;
  }
};
struct ContentKeyHash {
  template <class Value> std::size_t operator()(const ContentKey<Value>& k) const noexcept {
    return k.hash;
  }
};

/// Mixes `v` into `h`: one multiply and a shift, enough to spread small integers (equal
/// hashes are confirmed by comparing the values).
constexpr std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h = (h ^ v) * 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 29);
}

std::size_t content_hash(const dsl::Grid& grid) {
  std::uint64_t h = mix(static_cast<std::uint64_t>(grid.height()) << 32,
                        static_cast<std::uint64_t>(grid.width()));
  const int* cells = grid.cells();
  const std::size_t n = grid.cell_count();
  std::size_t i = 0;
  for (; i + 2 <= n; i += 2) // two cells a step
    h = mix(h, static_cast<std::uint32_t>(cells[i]) |
                   (static_cast<std::uint64_t>(static_cast<std::uint32_t>(cells[i + 1])) << 32));
  if (i < n)
    h = mix(h, static_cast<std::uint32_t>(cells[i]));
  return static_cast<std::size_t>(h);
}

std::size_t content_hash(const dsl::Objects& container) {
  std::uint64_t h = container.size();
  for (const dsl::Object& object : container) {
    h = mix(h, object.size());
    for (const dsl::Cell& cell : object)
      h = mix(h,
              (static_cast<std::uint64_t>(static_cast<std::uint32_t>(cell.color)) << 40) ^
                  (static_cast<std::uint64_t>(static_cast<std::uint32_t>(cell.index.first)) << 20) ^
                  static_cast<std::uint32_t>(cell.index.second));
  }
  return static_cast<std::size_t>(h);
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

} // namespace

struct Gather::State {
  BatchOptions options;
  mutable std::mutex mutex;
  std::vector<ObjectsRequest> objects_pending;
  std::vector<MapplyRequest> mapply_pending;

  // The last round's results.
  std::vector<ObjectsBatch> objects_batches;
  std::vector<Slot> objects_slots;
  std::vector<MapplyBatch> mapply_batches;
  std::vector<Slot> mapply_slots;

  Totals totals;
};

Gather::Gather(BatchOptions options) : state_(std::make_unique<State>()) {
  state_->options = options;
}

Gather::~Gather() = default;

Gather* Gather::current() noexcept {
  return current_gather;
}

Gather::Scope::Scope(Gather* gather) noexcept : previous_(current_gather) {
  current_gather = gather;
}

Gather::Scope::~Scope() {
  current_gather = previous_;
}

std::size_t Gather::request_objects(const dsl::Grid& grid, ModeMask modes) {
  std::lock_guard lock(state_->mutex);
  state_->objects_pending.push_back(ObjectsRequest{grid, modes});
  return state_->objects_pending.size() - 1;
}

std::size_t Gather::request_mapply(PerObjectOp op, const dsl::Objects& container) {
  std::lock_guard lock(state_->mutex);
  state_->mapply_pending.push_back(MapplyRequest{op, container});
  return state_->mapply_pending.size() - 1;
}

std::size_t Gather::pending() const {
  std::lock_guard lock(state_->mutex);
  return state_->objects_pending.size() + state_->mapply_pending.size();
}

namespace {

/// Groups the requests by `group_of`, each group's values deduplicated by content, and runs
/// `compute(group, values)` once per group. Fills `slots` (one per request) and `batches`;
/// adds the distinct values to `distinct`.
template <class Request, class GroupKey, class Value, class Batch, class GroupOf, class ValueOf,
          class Compute>
void compute_grouped(const std::vector<Request>& requests, std::vector<Batch>& batches,
                     std::vector<Slot>& slots, Gather::Totals& totals, std::size_t& distinct,
                     GroupOf group_of, ValueOf value_of, Compute compute) {
  const Clock::time_point start = Clock::now();
  double calls_seconds = 0;
  // Hashing reads every cell of every request: spread over the cores.
  std::vector<std::size_t> hashes(requests.size());
  detail::ThreadPool& pool = detail::cpu_pool();
  const std::size_t grain = pool.grain(requests.size(), 1024);
  pool.parallel_for((requests.size() + grain - 1) / grain, [&](std::size_t t) {
    for (std::size_t i = t * grain; i < std::min(requests.size(), (t + 1) * grain); ++i)
      hashes[i] = content_hash(value_of(requests[i]));
  });
  std::map<GroupKey, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < requests.size(); ++i)
    groups[group_of(requests[i])].push_back(i);
  slots.assign(requests.size(), Slot{});
  for (const auto& [group, members] : groups) {
    // first[m]: the first member equal to member m. Equal values have equal hashes, so the
    // members are split by hash into shards that are searched in parallel.
    std::vector<std::size_t> first(members.size());
    const std::size_t shards =
        std::clamp<std::size_t>(members.size() / 512, 1, 4 * pool.concurrency());
    std::vector<std::vector<std::size_t>> shard(shards);
    for (std::size_t m = 0; m < members.size(); ++m)
      shard[hashes[members[m]] % shards].push_back(m);
    pool.parallel_for(shards, [&](std::size_t k) {
      std::unordered_map<ContentKey<Value>, std::size_t, ContentKeyHash> seen;
      seen.reserve(shard[k].size());
      for (std::size_t m : shard[k]) {
        const Value& value = value_of(requests[members[m]]);
        first[m] = seen.try_emplace(ContentKey<Value>{&value, hashes[members[m]]}, m).first->second;
      }
    });
    // The distinct values in member order, and each member's row among them.
    std::vector<Value> values;
    std::vector<std::size_t> rows(members.size());
    for (std::size_t m = 0; m < members.size(); ++m) {
      if (first[m] == m) {
        rows[m] = values.size();
        values.push_back(value_of(requests[members[m]]));
      } else {
        rows[m] = rows[first[m]]; // first[m] < m: its row is set
      }
    }
    distinct += values.size();
    ++totals.runtime_calls;
    const Clock::time_point call = Clock::now();
    try {
      batches.push_back(compute(group, std::span<const Value>(values)));
    } catch (const std::exception&) {
      // The batch points of this call run their original statements instead.
      ++totals.failed_calls;
      calls_seconds += seconds_since(call);
      continue;
    }
    calls_seconds += seconds_since(call);
    for (std::size_t m = 0; m < members.size(); ++m)
      slots[members[m]] = Slot{batches.size() - 1, rows[m]};
  }
  totals.dedupe_seconds += seconds_since(start) - calls_seconds;
}

} // namespace

void Gather::run() {
  State& s = *state_;
  const Clock::time_point start = Clock::now();
  std::vector<ObjectsRequest> objects_requests;
  std::vector<MapplyRequest> mapply_requests;
  {
    std::lock_guard lock(s.mutex);
    objects_requests.swap(s.objects_pending);
    mapply_requests.swap(s.mapply_pending);
  }
  s.objects_batches.clear();
  s.mapply_batches.clear();
  ++s.totals.rounds;
  s.totals.object_requests += objects_requests.size();
  s.totals.mapply_requests += mapply_requests.size();

  compute_grouped<ObjectsRequest, ModeMask, dsl::Grid>(
      objects_requests, s.objects_batches, s.objects_slots, s.totals, s.totals.distinct_grids,
      [](const ObjectsRequest& r) { return r.modes; },
      [](const ObjectsRequest& r) -> const dsl::Grid& { return r.grid; },
      [&](ModeMask modes, std::span<const dsl::Grid> grids) {
        return batch_objects_many(grids, modes, s.options);
      });
  compute_grouped<MapplyRequest, PerObjectOp, dsl::Objects>(
      mapply_requests, s.mapply_batches, s.mapply_slots, s.totals, s.totals.distinct_containers,
      [](const MapplyRequest& r) { return r.op; },
      [](const MapplyRequest& r) -> const dsl::Objects& { return r.container; },
      [&](PerObjectOp op, std::span<const dsl::Objects> containers) {
        return batch_mapply_many(op, containers, s.options);
      });
  s.totals.seconds += seconds_since(start);
}

const dsl::Objects* Gather::objects(std::size_t ticket, int mode) const {
  const State& s = *state_;
  if (ticket >= s.objects_slots.size() || mode < 0 || mode > 7)
    return nullptr;
  const Slot slot = s.objects_slots[ticket];
  if (slot.batch == Slot::none)
    return nullptr;
  const ObjectsBatch& batch = s.objects_batches[slot.batch];
  if (!(batch.modes() & mode_bit(mode)))
    return nullptr;
  return &batch(slot.row, mode);
}

const dsl::Indices* Gather::mapply(std::size_t ticket) const {
  const State& s = *state_;
  if (ticket >= s.mapply_slots.size())
    return nullptr;
  const Slot slot = s.mapply_slots[ticket];
  if (slot.batch == Slot::none)
    return nullptr;
  return &s.mapply_batches[slot.batch][slot.row];
}

const Gather::Totals& Gather::totals() const {
  return state_->totals;
}

namespace {

/// The time limit's bookkeeping: solver time used per group, and what each worker runs now,
/// watched by a thread that sets a group's cancellation flag once it is past its limit.
class TimeLimit {
public:
  TimeLimit(std::size_t groups, unsigned workers, double seconds)
      : limit_ns_(static_cast<std::int64_t>(seconds * 1e9)), groups_(groups), workers_(workers) {
    if (seconds > 0)
      watchdog_ = std::jthread([this](std::stop_token stop) { watch(stop); });
  }

  std::atomic<bool>& cancelled(std::size_t group) { return groups_[group].cancelled; }

  /// Marks worker `w` as running solver code of `group` from now on.
  void begin(unsigned w, std::size_t group) {
    workers_[w].started_ns.store(now_ns(), std::memory_order_relaxed);
    workers_[w].group.store(group, std::memory_order_release);
  }
  /// Ends it; returns the seconds it ran.
  double end(unsigned w, std::size_t group) {
    const std::int64_t used = now_ns() - workers_[w].started_ns.load(std::memory_order_relaxed);
    workers_[w].group.store(idle, std::memory_order_release);
    // Without a limit nothing reads the group's total: skip the shared counter, which the
    // threads running one task's solves would all write.
    if (limit_ns_ > 0 &&
        groups_[group].used_ns.fetch_add(used, std::memory_order_relaxed) + used > limit_ns_)
      groups_[group].cancelled.store(true, std::memory_order_relaxed);
    return static_cast<double>(used) * 1e-9;
  }

private:
  static constexpr std::size_t idle = static_cast<std::size_t>(-1);
  // A cache line each: solves of one group, and the workers, run on different threads.
  struct alignas(64) Group {
    std::atomic<bool> cancelled{false};
    std::atomic<std::int64_t> used_ns{0};
  };
  struct alignas(64) Worker {
    std::atomic<std::size_t> group{idle};
    std::atomic<std::int64_t> started_ns{0};
  };

  static std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
        .count();
  }

  void watch(const std::stop_token& stop) {
    while (!stop.stop_requested()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      const std::int64_t now = now_ns();
      for (Worker& w : workers_) {
        const std::size_t g = w.group.load(std::memory_order_acquire);
        if (g == idle)
          continue;
        const std::int64_t running = now - w.started_ns.load(std::memory_order_relaxed);
        if (groups_[g].used_ns.load(std::memory_order_relaxed) + running > limit_ns_)
          groups_[g].cancelled.store(true, std::memory_order_relaxed);
      }
    }
  }

  std::int64_t limit_ns_;
  std::vector<Group> groups_;
  std::vector<Worker> workers_;
  std::jthread watchdog_; // last: stopped and joined before the state it reads goes
};

bool is_cancellation(const std::exception_ptr& error) {
  if (!error)
    return false;
  try {
    std::rethrow_exception(error);
  } catch (const dsl::Cancelled&) {
    return true;
  } catch (...) {
    return false;
  }
}

} // namespace

GatherReport run_gathered(std::span<GatheredSolve> solves, std::span<GatheredOutcome> outcomes,
                          const GatherSettings& settings) {
  GatherReport report;
  const std::size_t count = std::min(solves.size(), outcomes.size());
  const unsigned threads =
      settings.threads != 0 ? settings.threads : std::max(1u, std::thread::hardware_concurrency());
  std::size_t groups = 0;
  for (std::size_t i = 0; i < count; ++i)
    groups = std::max(groups, solves[i].group + 1);

  if (count == 0)
    return report;
  auto [workers, reserved] = detail::acquire_phase_workers(threads);
  Gather gather(settings.options);
  TimeLimit limit(groups, workers->count(), settings.group_time_limit);
  std::vector<Solve> live(count);

  auto finish = [&](std::size_t i) {
    if (solves[i].finished) {
      try {
        solves[i].finished();
      } catch (...) {
        if (!outcomes[i].error)
          outcomes[i].error = std::current_exception();
      }
    }
    live[i].reset();
  };
  auto step = [&](std::size_t i, unsigned worker, bool first) {
    GatheredOutcome& outcome = outcomes[i];
    const std::size_t group = solves[i].group;
    std::atomic<bool>& cancelled = limit.cancelled(group);
    if (cancelled.load(std::memory_order_relaxed)) {
      outcome.timed_out = true;
      if (!outcome.error)
        outcome.error = std::make_exception_ptr(dsl::Cancelled());
      finish(i);
      return;
    }
    limit.begin(worker, group);
    {
      const Gather::Scope gathering(&gather);
      const dsl::CancellationScope cancellable(&cancelled);
      try {
        if (first)
          live[i] = solves[i].start();
        else
          live[i].resume();
      } catch (...) {
        outcome.error = std::current_exception(); // a plain solver, or start() itself, threw
      }
    }
    outcome.seconds += limit.end(worker, group);
    if (live[i].done()) {
      if (!outcome.error)
        outcome.error = live[i].error();
      outcome.timed_out = is_cancellation(outcome.error);
      finish(i);
    }
  };

  // Each solve belongs to one worker (see PhaseWorkers), in blocks of consecutive solves (one
  // task's stay together), and runs there in every phase; a worker that has run its own
  // takes what is left of the others', so that one slow solve does not hold up the phase.
  constexpr std::size_t kBlock = 16;
  const unsigned n = workers->count();
  std::vector<std::vector<std::size_t>> mine(n);
  for (std::size_t i = 0; i < count; ++i)
    mine[(i / kBlock) % n].push_back(i);
  struct alignas(64) Cursor {
    std::atomic<std::size_t> next{0};
  };
  std::vector<Cursor> cursors(n);
  for (bool first = true;; first = false) {
    const Clock::time_point start = Clock::now();
    for (Cursor& c : cursors)
      c.next.store(0, std::memory_order_relaxed);
    workers->run([&](unsigned w) {
      for (unsigned d = 0; d < n; ++d) {
        const unsigned owner = (w + d) % n;
        const std::vector<std::size_t>& list = mine[owner];
        std::atomic<std::size_t>& next = cursors[owner].next;
        for (std::size_t k; (k = next.fetch_add(1, std::memory_order_relaxed)) < list.size();)
          step(list[k], w, first);
      }
    });
    report.solve_seconds += seconds_since(start);
    bool any = false;
    for (std::vector<std::size_t>& list : mine) {
      std::erase_if(list, [&](std::size_t i) { return live[i].done(); });
      any |= !list.empty();
    }
    if (!any)
      break;
    gather.run();
  }
  report.batched = gather.totals();
  return report;
}

} // namespace battgpu::runtime
