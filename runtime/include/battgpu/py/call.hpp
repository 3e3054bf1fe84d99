// Calling a value: a DSL function or a closure, with Python's failures (calling what is not
// callable, a wrong number of arguments, recursion too deep) and, for tokpidjin's functions,
// its safe_dsl wrapper (an exception inside becomes the function's safe default).
#pragma once

#include "battgpu/py/objects.hpp"
#include "battgpu/py/value.hpp"

#include <array>
#include <atomic>
#include <cstdint>
#include <initializer_list>

namespace battgpu::py {

/// `f(*args)`.
Value call(const Value& f, const Value* args, std::size_t nargs);
inline Value call(const Value& f, std::initializer_list<Value> args) {
  return call(f, args.begin(), args.size());
}
/// A DSL function called directly by name from another (tokpidjin's calls go through the
/// module's wrapped functions, so they get the wrapper too).
Value call(const Builtin& f, const Value* args, std::size_t nargs);
inline Value call(const Builtin& f, std::initializer_list<Value> args) {
  return call(f, args.begin(), args.size());
}

/// Forgets the results this thread remembers of memoizing functions (Builtin::memoize) and
/// under integer keys (remember_result): a runner calls it when a thread's calls are done, so
/// that what they computed is freed then, not all at once when the thread ends.
void forget_remembered_calls() noexcept;

/// What a result that depends on a few integers only is remembered under: the function that
/// made it and those integers (backdrop's bounding box, which gives the same frozenset slot
/// for slot whatever patch it came from).
struct IntKey {
  const void* function = nullptr;
  std::array<std::int64_t, 4> ints{};
  bool operator==(const IntKey&) const = default;
};
/// A result remembered under `key` by this thread since the last forget_remembered_calls(),
/// or nullptr.
const Value* remembered_result(const IntKey& key) noexcept;
/// Remembers `result` under `key` for this thread, in place of the oldest of the few it keeps;
/// `cost` (its elements, say) decides what is worth keeping: results too cheap to rebuild
/// are not kept, nor those whose memory would be too much to hold beyond their use.
void remember_result(const IntKey& key, const Value& result, std::int64_t cost);

/// A value computed inside a generator expression: a StopIteration escaping the generator
/// becomes RuntimeError, as Python does since PEP 479.
inline Value in_generator(Value v) {
  if (!v.ok() && v.error().type == Exc::StopIteration)
    return Error{Exc::RuntimeError, "generator raised StopIteration"};
  return v;
}

/// `f.__code__.co_argcount`, or tokpidjin's `f._original_argcount` for a wrapped function:
/// AttributeError for values that are not Python functions.
Result<std::int64_t> code_argcount(const Value& f);
/// `hasattr(f, '_original_argcount')`: true for tokpidjin's wrapped functions only.
bool has_original_argcount(const Value& f);

/// tokpidjin's `safe_dsl._get_safe_default(f)` for any value f (the batt's `except` branch).
Value safe_default_of(const Value& f);
/// The value a SafeDefault kind stands for (a fresh `safe_callable` for SafeCallable).
Value safe_default_value(SafeDefault kind);

/// The recursion limit, `sys.getrecursionlimit()`.
inline constexpr int kRecursionLimit = 1000;

namespace detail {
/// This thread's Python frames (FrameGuard), and those of the program that calls the batt.
/// Defined here with constant initial values, so that every DSL call counts its frames inline.
constinit inline thread_local int frame_depth = 0;
constinit inline thread_local int base_frame_depth = 3; // <module>, the runner's main, batt
} // namespace detail

/// Python's frame depth: every Python-level function (a DSL function, its tokpidjin wrapper,
/// a closure) counts one frame against the recursion limit of the reference runs (1000 less
/// the frames of the runner that calls the batt).
class FrameGuard {
public:
  explicit FrameGuard(int frames = 1) : frames_(frames) {
    detail::frame_depth += frames;
    ok_ = detail::frame_depth + detail::base_frame_depth <= kRecursionLimit;
  }
  ~FrameGuard() { detail::frame_depth -= frames_; }
  FrameGuard(const FrameGuard&) = delete;
  FrameGuard& operator=(const FrameGuard&) = delete;
  /// False when entering went past the limit: the caller must raise RecursionError.
  bool ok() const { return ok_; }
  /// The frames of the calling program (the batt function and the runner around it).
  static void set_base_depth(int frames) { detail::base_frame_depth = frames; }
  static int base_depth() { return detail::base_frame_depth; }
  static int depth() { return detail::frame_depth; }
  /// Whether `frames` more frames would still be within the recursion limit (a fast path that
  /// skips nested calls may run only when those calls could not have hit the limit).
  static bool fits(int frames) {
    return detail::frame_depth + frames + detail::base_frame_depth <= kRecursionLimit;
  }

private:
  int frames_;
  bool ok_;
};

/// The time limit: once the flag set for this thread is raised (by a watchdog), every call
/// this thread makes fails with Exc::Timeout, which no handler catches, as the reference
/// runner's alarm raises a BaseException.
namespace detail {
constinit inline thread_local const std::atomic<bool>* cancel_flag = nullptr;
} // namespace detail
inline void set_thread_cancel_flag(const std::atomic<bool>* flag) {
  detail::cancel_flag = flag;
}
inline bool cancel_requested() {
  return detail::cancel_flag != nullptr && detail::cancel_flag->load(std::memory_order_relaxed);
}

} // namespace battgpu::py
