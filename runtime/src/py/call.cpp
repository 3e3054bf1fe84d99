#include "battgpu/py/call.hpp"

#include "battgpu/py/call_profile.hpp"
#include "battgpu/py/compare.hpp"
#include "battgpu/py/hash.hpp"

#include <new>
#include <stdexcept>
#include <utility>
#include <vector>

namespace battgpu::py {
namespace {

Error not_callable() {
  return Error{Exc::TypeError, "object is not callable"};
}
Error wrong_arity() {
  return Error{Exc::TypeError, "wrong number of positional arguments"};
}
Error timeout() {
  return Error{Exc::Timeout, "time limit"};
}

Value call_safe_callable(const ClosureObject&, const Value*, std::size_t) {
  return empty_tuple();
}
constexpr ClosureType kSafeCallable{"safe_callable", 0, true, &call_safe_callable};

/// Runs the body of a Python-level function: a comparison in it that went past the recursion
/// limit (compare.hpp) is the RecursionError the function raises. That comparison came first,
/// so it is also what the function raises when memory runs out after it (CPython would have
/// stopped there); a caller's own mark is left for the caller in every case.
template <class Body> Value raising_deep_comparisons(Body&& body) {
  const bool outer = take_comparison_too_deep();
  Value result;
  try {
    result = body();
  } catch (...) {
    const bool too_deep = take_comparison_too_deep();
    if (outer)
      mark_comparison_too_deep();
    if (!too_deep)
      throw;
    return comparison_recursion_error();
  }
  if (take_comparison_too_deep())
    result = comparison_recursion_error();
  if (outer) // not this function's: left for the one that made it
    mark_comparison_too_deep();
  return result;
}

Value call_closure(const ClosureObject& c, const Value* args, std::size_t nargs) {
  if (!c.type->varargs && nargs != static_cast<std::size_t>(c.type->argcount))
    return wrong_arity();
  FrameGuard frame;
  if (!frame.ok())
    return Error{Exc::RecursionError, "maximum recursion depth exceeded"};
  return raising_deep_comparisons([&] { return c.type->call(c, args, nargs); });
}

} // namespace

Value safe_default_value(SafeDefault kind) {
  switch (kind) {
  case SafeDefault::EmptyTuple:
    return empty_tuple();
  case SafeDefault::EmptyFrozenSet:
    return empty_frozenset();
  case SafeDefault::Zero:
    return Value::integer(0);
  case SafeDefault::False:
    return Value::boolean(false);
  case SafeDefault::SafeCallable:
    return make_closure(&kSafeCallable, {});
  }
  return empty_tuple();
}

Value safe_default_of(const Value& f) {
  // Only functions with annotations have a typed default; safe_dsl gives () for closures
  // (no annotations) and for values that are not functions (get_type_hints fails).
  if (f.kind() == Kind::Function)
    return safe_default_value(f.as_builtin()->safe_default);
  return empty_tuple();
}

namespace {
/// Runs a DSL function's body: a result too large for memory fails with MemoryError inside the
/// function, as in Python (where tokpidjin's wrapper then gives the safe default).
Value run_impl(const Builtin& f, const Value* args, std::size_t nargs) {
  try {
    return raising_deep_comparisons([&] { return f.impl(args, nargs); });
  } catch (const std::bad_alloc&) {
    return Error{Exc::MemoryError, "out of memory"};
  } catch (const std::length_error&) {
    return Error{Exc::MemoryError, "out of memory"};
  }
}
} // namespace

namespace {

/// The remembered results of memoizing functions (Builtin::memoize): a table per thread of
/// buckets of a few entries each. A result is given again only for interchangeable arguments
/// (compare.hpp), and only well away from the recursion limit, where the depth of the call
/// cannot change its result.
struct MemoEntry {
  const Builtin* fn = nullptr;
  std::uint64_t key = 0;
  std::size_t nargs = 0;
  Value args[4];
  Value result;
};
constexpr std::size_t kMemoBuckets = 256;
constexpr std::size_t kMemoWays = 4;
constexpr int kMemoDepthMargin = 64;

/// A key that interchangeable values share, read off a few of a tuple's items: the memoized
/// functions take grids, and hashing each new grid in full (CPython's hash, which nothing else
/// asks of most grids) cost more than the rest of the lookup. Grids of one shape that differ
/// elsewhere share a key, and a bucket holds several of them apart.
std::uint64_t sampled_key(const Value& v, int depth) {
  const auto mix = [](std::uint64_t h, std::uint64_t x) { return (h ^ x) * 0x100000001B3ULL; };
  const auto kind = static_cast<std::uint64_t>(v.kind());
  if (v.is_int_like())
    return mix(kind, static_cast<std::uint64_t>(v.as_int()));
  if (!v.is_tuple())
    return mix(kind, static_cast<std::uint64_t>(hash(v)));
  const TupleObject& t = as_tuple(v);
  std::uint64_t h = mix(kind, t.size);
  if (t.size == 0 || depth >= 2)
    return h;
  h = mix(h, sampled_key(t[0], depth + 1));
  h = mix(h, sampled_key(t[t.size / 2], depth + 1));
  return mix(h, sampled_key(t[t.size - 1], depth + 1));
}

std::uint64_t memo_key(const Builtin& f, const Value* args, std::size_t nargs) {
  std::uint64_t h = reinterpret_cast<std::uintptr_t>(&f) * 0x9E3779B97F4A7C15ULL;
  for (std::size_t i = 0; i < nargs; ++i)
    h = (h ^ sampled_key(args[i], 0)) * 0x100000001B3ULL;
  return h;
}

Value call_uncached(const Builtin& f, const Value* args, std::size_t nargs);

/// This thread's remembered results, and which of its buckets hold one.
struct Memo {
  struct Bucket {
    MemoEntry ways[kMemoWays];
    std::uint8_t next_victim = 0;
  };
  std::vector<Bucket> buckets = std::vector<Bucket>(kMemoBuckets);
  std::vector<std::uint16_t> filled;
};
thread_local Memo memo;

Value call_memoized(const Builtin& f, const Value* args, std::size_t nargs) {
  const std::uint64_t key = memo_key(f, args, nargs);
  const std::size_t index = (key ^ (key >> 29)) % kMemoBuckets;
  Memo::Bucket& bucket = memo.buckets[index];
  MemoEntry* empty = nullptr;
  for (MemoEntry& e : bucket.ways) {
    if (e.fn == nullptr) {
      empty = empty != nullptr ? empty : &e;
      continue;
    }
    if (e.fn != &f || e.key != key || e.nargs != nargs)
      continue;
    bool same = true;
    for (std::size_t i = 0; i < nargs && same; ++i)
      same = interchangeable(e.args[i], args[i]);
    if (same)
      return e.result;
  }
  Value result = call_uncached(f, args, nargs);
  if (result.ok()) {
    MemoEntry* e = empty;
    if (e == nullptr) {
      e = &bucket.ways[bucket.next_victim];
      bucket.next_victim = static_cast<std::uint8_t>((bucket.next_victim + 1) % kMemoWays);
    }
    bool bucket_was_empty = true;
    for (const MemoEntry& w : bucket.ways)
      bucket_was_empty = bucket_was_empty && w.fn == nullptr;
    if (bucket_was_empty)
      memo.filled.push_back(static_cast<std::uint16_t>(index));
    e->fn = &f;
    e->key = key;
    e->nargs = nargs;
    for (std::size_t i = 0; i < nargs; ++i)
      e->args[i] = args[i];
    e->result = result;
  }
  return result;
}

} // namespace

namespace {
/// Results remembered under integer keys (remember_result): a few, replaced oldest first. Only
/// costly results are kept (large sets, rebuilt element by element), and no more of them than
/// kIntKeyedCostLimit in all, the memory a thread may hold beyond the results' own use.
constexpr std::int64_t kIntKeyedMinCost = 4096;
constexpr std::int64_t kIntKeyedCostLimit = std::int64_t{1} << 23;
struct IntKeyed {
  static constexpr std::size_t kEntries = 4;
  std::array<IntKey, kEntries> keys{};
  std::array<Value, kEntries> results{};
  std::array<std::int64_t, kEntries> costs{};
  std::int64_t total_cost = 0;
  std::size_t oldest = 0;

  void drop(std::size_t i) noexcept {
    keys[i] = IntKey{};
    results[i] = Value();
    total_cost -= costs[i];
    costs[i] = 0;
  }
};
thread_local IntKeyed int_keyed;
} // namespace

const Value* remembered_result(const IntKey& key) noexcept {
  for (std::size_t i = 0; i < IntKeyed::kEntries; ++i)
    if (int_keyed.keys[i].function != nullptr && int_keyed.keys[i] == key)
      return &int_keyed.results[i];
  return nullptr;
}

void remember_result(const IntKey& key, const Value& result, std::int64_t cost) {
  if (cost < kIntKeyedMinCost || cost > kIntKeyedCostLimit || !result.ok())
    return;
  IntKeyed& k = int_keyed;
  // The oldest go first, until the new one fits and has a place.
  std::size_t i = k.oldest;
  do {
    k.drop(i);
    i = (i + 1) % IntKeyed::kEntries;
  } while (k.total_cost + cost > kIntKeyedCostLimit && i != k.oldest);
  const std::size_t slot = k.oldest;
  k.keys[slot] = key;
  k.results[slot] = result;
  k.costs[slot] = cost;
  k.total_cost += cost;
  k.oldest = (slot + 1) % IntKeyed::kEntries;
}

void forget_remembered_calls() noexcept {
  for (const std::uint16_t index : memo.filled)
    memo.buckets[index] = Memo::Bucket{};
  memo.filled.clear();
  int_keyed = IntKeyed{};
}

namespace {
Value call_unprofiled(const Builtin& f, const Value* args, std::size_t nargs) {
  if (f.memoize && nargs <= 4 && FrameGuard::fits(kMemoDepthMargin) && !cancel_requested())
    return call_memoized(f, args, nargs);
  return call_uncached(f, args, nargs);
}
} // namespace

Value call(const Builtin& f, const Value* args, std::size_t nargs) {
  if (CallProfile* profile = CallProfile::active()) [[unlikely]]
    return profile->record(f, args, nargs, call_unprofiled);
  return call_unprofiled(f, args, nargs);
}

namespace {

Value call_uncached(const Builtin& f, const Value* args, std::size_t nargs) {
  if (cancel_requested()) [[unlikely]]
    return timeout();
  if (f.dialect == Dialect::Tokpidjin) {
    // safe_dsl's wrapper(*args): its frame, then the function's inside its try.
    FrameGuard wrapper;
    if (!wrapper.ok())
      return Error{Exc::RecursionError, "maximum recursion depth exceeded"};
    Value result;
    if (nargs < static_cast<std::size_t>(f.min_args) ||
        nargs > static_cast<std::size_t>(f.max_args)) {
      result = wrong_arity();
    } else {
      FrameGuard frame;
      result = frame.ok() ? run_impl(f, args, nargs)
                          : Value(Error{Exc::RecursionError, "maximum recursion depth exceeded"});
    }
    if (!result.ok() && is_exception_subclass(result.error().type)) {
      // The wrapper's handler calls _get_safe_default, a frame below it, which reads the
      // annotation a few frames deeper still: near the recursion limit the handler itself fails
      // (the RecursionError leaves the wrapper), or the annotation cannot be read and the
      // default is ().
      FrameGuard handler;
      if (!handler.ok())
        return Error{Exc::RecursionError, "maximum recursion depth exceeded"};
      if (f.default_frames > 0 && !FrameGuard::fits(f.default_frames))
        return empty_tuple();
      return safe_default_value(f.safe_default);
    }
    return result;
  }
  if (nargs < static_cast<std::size_t>(f.min_args) || nargs > static_cast<std::size_t>(f.max_args))
    return wrong_arity();
  FrameGuard frame;
  if (!frame.ok())
    return Error{Exc::RecursionError, "maximum recursion depth exceeded"};
  return run_impl(f, args, nargs);
}

} // namespace

Value call(const Value& f, const Value* args, std::size_t nargs) {
  switch (f.kind()) {
  case Kind::Function:
    return call(*f.as_builtin(), args, nargs);
  case Kind::Closure:
    if (cancel_requested()) [[unlikely]]
      return timeout();
    return call_closure(as_closure(f), args, nargs);
  default:
    return not_callable();
  }
}

Result<std::int64_t> code_argcount(const Value& f) {
  if (f.kind() == Kind::Function)
    return static_cast<std::int64_t>(f.as_builtin()->max_args);
  if (f.kind() == Kind::Closure)
    return static_cast<std::int64_t>(as_closure(f).type->argcount);
  return Error{Exc::AttributeError, "object has no attribute '__code__'"};
}

bool has_original_argcount(const Value& f) {
  return f.kind() == Kind::Function && f.as_builtin()->dialect == Dialect::Tokpidjin;
}

} // namespace battgpu::py
