// Cooperative cancellation of a running solver (the driver's per-task time limit).
//
// A solver is straight-line DSL code: it has no loop of its own to poll a flag in, but every
// DSL primitive that builds a value allocates its storage through SharedArray. That is the
// cancellation point: once the calling thread's flag is set, the next value a primitive
// builds throws dsl::Cancelled, and the solver unwinds like any solver that throws.
#pragma once

#include <atomic>
#include <stdexcept>

namespace battgpu::dsl {

/// Thrown at a cancellation point of a thread whose cancellation flag is set.
class Cancelled : public std::runtime_error {
public:
  Cancelled() : std::runtime_error("cancelled: the solver ran past its time limit") {}
};

namespace detail {
constinit inline thread_local const std::atomic<bool>* cancellation_flag = nullptr;
} // namespace detail

/// Throws Cancelled when the calling thread's cancellation flag is set.
inline void cancellation_point() {
  const std::atomic<bool>* flag = detail::cancellation_flag;
  if (flag != nullptr && flag->load(std::memory_order_relaxed))
    throw Cancelled();
}

/// Makes `flag` the calling thread's cancellation flag for the scope (nullptr: none, e.g.
/// for runtime work that must not be interrupted halfway).
class CancellationScope {
public:
  explicit CancellationScope(const std::atomic<bool>* flag) noexcept
      : previous_(detail::cancellation_flag) {
    detail::cancellation_flag = flag;
  }
  ~CancellationScope() { detail::cancellation_flag = previous_; }
  CancellationScope(const CancellationScope&) = delete;
  CancellationScope& operator=(const CancellationScope&) = delete;

private:
  const std::atomic<bool>* previous_;
};

} // namespace battgpu::dsl
