#include "battgpu/interp/watchdog.hpp"

#include "battgpu/py/call.hpp"

namespace battgpu::interp {
namespace {
thread_local Watchdog::Slot* t_slot = nullptr;
} // namespace

Watchdog::Slot* current_watch_slot() {
  return t_slot;
}

Watchdog::Watchdog() : thread_([this] { watch(); }) {}

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

void Watchdog::detach() {
  t_slot = nullptr;
  py::set_thread_cancel_flag(nullptr);
}

void Watchdog::watch() {
  std::unique_lock lock(mutex_);
  while (!stop_cv_.wait_for(lock, std::chrono::milliseconds(20), [&] { return stop_; })) {
    const std::int64_t now = now_ns();
    for (Slot& s : slots_) {
      const std::int64_t deadline = s.deadline_ns.load(std::memory_order_relaxed);
      if (deadline != 0 && now > deadline)
        s.cancel.store(true, std::memory_order_relaxed);
    }
  }
}

} // namespace battgpu::interp
