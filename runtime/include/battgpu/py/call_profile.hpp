// The profile of DSL calls on one thread: for every DSL function and every combination of the
// kinds of value it was given, how often it was called and the time spent in it, its own
// (not counting the DSL functions it called through closures, apply, mapply, ...) and in all.
// py::call records every call of a DSL function made while a CallProfile is installed on the
// thread, the calls closures make included, which is what `battgpu run --profile` reports.
#pragma once

#include "battgpu/py/objects.hpp"
#include "battgpu/py/value.hpp"

#include <array>
#include <chrono>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace battgpu::py {

/// What a value is, in the DSL's terms, as far as its outermost layers tell.
enum class ValueKind : std::uint8_t {
  None,
  Bool,
  Int,
  Float,
  Str,
  Grid,           ///< a tuple of equally long tuples of ints
  IntTuple,       ///< a tuple of ints (a location, a shape, ...)
  Tuple,          ///< any other tuple (the empty one included)
  Indices,        ///< a frozenset of (i, j) pairs
  Object,         ///< a frozenset of cells: tokpidjin's (i, j, c) or arc-dsl's (c, (i, j))
  Objects,        ///< a frozenset of frozensets
  IntSet,         ///< a frozenset of ints (colours, sizes, ...)
  EmptyFrozenSet, ///< frozenset()
  FrozenSet,      ///< any other frozenset
  Function,       ///< a DSL function or a closure
  Other,
};
inline constexpr int kValueKinds = static_cast<int>(ValueKind::Other) + 1;
static_assert(kValueKinds <= 16, "CallProfile packs a kind in 4 bits");

/// The kind of `v` (looks at one element of a container, every row of a grid).
ValueKind value_kind(const Value& v);
/// Its name in reports: "grid", "object", "int tuple", ...
std::string_view value_kind_name(ValueKind kind);

class CallProfile {
public:
  /// Arguments beyond this many are counted but not told apart.
  static constexpr std::size_t kKindsKept = 4;

  struct Entry {
    std::string_view function; ///< its name (static storage: a Builtin's, or a literal)
    std::uint8_t nargs = 0;
    std::array<ValueKind, kKindsKept> kinds{};
    std::uint64_t calls = 0;
    double self_seconds = 0;  ///< in the function itself
    double total_seconds = 0; ///< with the DSL calls it made
  };

  /// Installs `profile` on this thread for the scope's life (scopes nest).
  class Scope {
  public:
    explicit Scope(CallProfile& profile);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

  private:
    CallProfile* previous_;
  };

  /// The profile installed on this thread, or nullptr (the common case): one load, inline,
  /// since py::call asks on every call.
  static CallProfile* active() noexcept { return active_; }

  /// Calls `run(f, args, nargs)` and records it.
  template <class Run>
  Value record(const Builtin& f, const Value* args, std::size_t nargs, Run&& run) {
    const auto enter = Clock::now();
    const Signature signature = signature_of(f.name, args, nargs);
    const double outer_children = children_;
    children_ = 0;
    const double bookkeeping_before = bookkeeping_;
    const auto start = Clock::now();
    Value result = run(f, args, nargs);
    const auto stop = Clock::now();
    // The records of the DSL calls made inside are the profile's time, not this call's.
    const double total = seconds(stop - start) - (bookkeeping_ - bookkeeping_before);
    Entry& e = entry(signature, f.name);
    ++e.calls;
    e.self_seconds += total - children_;
    e.total_seconds += total;
    children_ = outer_children + total;
    bookkeeping_ += seconds(start - enter) + seconds(Clock::now() - stop);
    return result;
  }

  /// The seconds this profile has spent on its own records (telling the arguments' kinds
  /// apart, which reads every row of a grid, and its table), for a caller that times a
  /// statement around its DSL calls to take out: on a cheap call they are most of the time.
  double bookkeeping_seconds() const noexcept { return bookkeeping_; }

  /// Records a call of `function` (a name in static storage) made outside py::call: one of
  /// many computed together, `seconds` its share of their time.
  void add(std::string_view function, const Value* args, std::size_t nargs, double seconds);

  /// Every entry, in no particular order.
  std::vector<Entry> entries() const;

private:
  using Clock = std::chrono::steady_clock;
  /// A function (its name's storage) and the kinds of its arguments, packed 4 bits each with
  /// their count.
  struct Signature {
    const char* function;
    std::uint32_t kinds;
    bool operator==(const Signature&) const = default;
  };
  struct SignatureHash {
    std::size_t operator()(const Signature& s) const noexcept {
      return std::hash<const void*>()(s.function) ^ (std::size_t{s.kinds} * 0x9E3779B97F4A7C15ULL);
    }
  };
  static Signature signature_of(std::string_view function, const Value* args, std::size_t nargs);
  Entry& entry(const Signature& signature, std::string_view function);
  template <class Duration> static double seconds(Duration d) {
    return std::chrono::duration<double>(d).count();
  }

  static constinit inline thread_local CallProfile* active_ = nullptr;
  std::unordered_map<Signature, Entry, SignatureHash> entries_;
  double children_ = 0;    ///< time in the DSL calls made by the call being timed
  double bookkeeping_ = 0; ///< bookkeeping_seconds()
};

} // namespace battgpu::py
