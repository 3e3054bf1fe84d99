#include "battgpu/interp/watchdog.hpp"

#include "battgpu/py/call.hpp"

namespace battgpu::interp {
namespace {
thread_local Watchdog::Slot* t_slot = nullptr;
} // namespace

Watchdog::Slot* current_watch_slot() {
  return t_slot;
}

Watchdog::Watchdog(std::chrono::milliseconds period)
    : period_(period), thread_([this] { watch(); }) {}

Watchdog::~Watchdog() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  stop_cv_.notify_all();
  thread_.join();
}

Watchdog::Slot& Watchdog::attach() {
  std::lock_guard lock(mutex_);
  Slot& slot = slots_.emplace_back();
  t_slot = &slot;
  py::set_thread_cancel_flag(&slot.cancel);
  return slot;
}

bool Watchdog::Slot::replace_deadline(std::int64_t deadline) noexcept {
  // The new deadline is published only once a cancellation of the old one is taken: the
  // watchdog may fire for the new one at once, and that flag must not be cleared with the old.
  bool fired = false;
  std::int64_t current = deadline_ns.load(std::memory_order_acquire);
  while (true) {
    if (current == kFired) {
      // The watchdog raises the flag right after swapping the deadline for kFired; it never
      // fires for kFired or 0, so the slot is the worker's until it sets a deadline again.
      while (!cancel.load(std::memory_order_acquire))
        std::this_thread::yield();
      cancel.store(false, std::memory_order_relaxed);
      deadline_ns.store(0, std::memory_order_relaxed);
      fired = true;
      current = 0;
    }
    if (deadline_ns.compare_exchange_weak(current, deadline, std::memory_order_acq_rel))
      return fired;
  }
}

bool Watchdog::Slot::take_cancel() noexcept {
  if (!cancel.load(std::memory_order_acquire)) // almost always: one plain load a statement
    return false;
  // The flag is up, so the deadline is kFired: the watchdog leaves the slot alone.
  cancel.store(false, std::memory_order_relaxed);
  deadline_ns.store(0, std::memory_order_relaxed);
  return true;
}

void Watchdog::Slot::fire_if_past(std::int64_t now) noexcept {
  std::int64_t deadline = deadline_ns.load(std::memory_order_relaxed);
  if (deadline > 0 && now > deadline &&
      deadline_ns.compare_exchange_strong(deadline, kFired, std::memory_order_acq_rel))
    cancel.store(true, std::memory_order_release);
}

void Watchdog::detach() {
  t_slot = nullptr;
  py::set_thread_cancel_flag(nullptr);
}

void Watchdog::watch() {
  CallClock::calibrate();
  std::unique_lock lock(mutex_);
  while (!stop_cv_.wait_for(lock, period_, [&] { return stop_; })) {
    const std::int64_t now = now_ns();
    for (Slot& s : slots_)
      s.fire_if_past(now);
  }
}

} // namespace battgpu::interp
