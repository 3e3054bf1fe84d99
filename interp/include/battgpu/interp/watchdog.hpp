// The per-call time limit for statements that run away: a single statement can take much
// longer than a call's whole budget (a huge `interval`, a deep `power`), and statement-major
// execution only looks at the clock between statements. A watchdog thread looks at every
// worker's current statement and, past the budget left to its call, raises the worker's
// cancel flag, which makes the worker's DSL calls fail with the uncatchable time-limit
// exception (py::set_thread_cancel_flag), as the reference runner's alarm does.
#pragma once

#include "battgpu/interp/call_clock.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>

namespace battgpu::interp {

class Watchdog {
public:
  /// What a worker thread publishes about the statement it runs. The worker writes it often,
  /// so each slot has a cache line of its own (no false sharing between workers).
  ///
  /// A cancellation belongs to one deadline: the watchdog raises the flag only after swapping
  /// the very deadline it found past for kFired, so a worker that has meanwhile set another
  /// deadline (turned to another call) is never cancelled for the one before, and a worker
  /// that replaces a fired deadline takes that cancellation with it.
  struct alignas(64) Slot {
    static constexpr std::int64_t kFired = -1;
    std::atomic<std::int64_t> deadline_ns{0}; ///< 0: no statement running; kFired: cancelled
    std::atomic<bool> cancel{false};

    /// Worker: what runs from now on may run until `deadline_ns` (0: nothing runs). True when
    /// the watchdog had fired for the deadline replaced: that cancellation, cleared here,
    /// belongs to what ran before.
    bool replace_deadline(std::int64_t deadline) noexcept;
    /// Worker, after a statement: whether the watchdog cancelled it (the flag is then cleared,
    /// and no deadline is left).
    bool take_cancel() noexcept;
    /// Watchdog: cancels the deadline set now if it is before `now_ns`.
    void fire_if_past(std::int64_t now_ns) noexcept;
  };

  /// How often the watchdog looks at the deadlines: a statement running away is stopped within
  /// this of its call's limit.
  static constexpr std::chrono::milliseconds kPeriod{20};

  explicit Watchdog(std::chrono::milliseconds period = kPeriod);
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  /// A slot for the calling worker thread; also installs its cancel flag for py::call.
  Slot& attach();
  /// The calling thread stops using the slot it attached to (before the watchdog goes, on a
  /// thread that outlives it).
  static void detach();

  /// The clock of the deadlines (interp/call_clock.hpp).
  static std::int64_t now_ns() { return CallClock::now_ns(); }

private:
  void watch();

  std::chrono::milliseconds period_;
  std::mutex mutex_;
  std::condition_variable stop_cv_;
  bool stop_ = false;
  std::deque<Slot> slots_; // stable addresses
  std::thread thread_;
};

/// The slot of the current thread, or nullptr when no watchdog runs.
Watchdog::Slot* current_watch_slot();

} // namespace battgpu::interp
