// The calls of a block that make one statement's call with the very same callee and argument
// values: the first runs it, the others take its outcome. The DSL's functions (and the
// closures built from them) are pure, so calling again could only compute the same value or
// raise the same exception. Where it pays: the scoring call of a sample (`--score`) reads the
// same S and I as the sample's plain call, so every statement that does not depend on C runs
// once for both; statements on constants alone run once a block.
#pragma once

#include "battgpu/frontend/program.hpp"
#include "battgpu/py/py.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

namespace battgpu::interp {

/// Whether `a` and `b` are one value for a pure function: the same object, or the same
/// scalar bit for bit (so 0.0 and -0.0 differ, and NaNs are told apart by identity).
inline bool identical_operands(const py::Value& a, const py::Value& b) {
  if (a.kind() != b.kind())
    return false;
  if (a.is(py::Kind::Float)) {
    const double x = a.as_float(), y = b.as_float();
    return std::memcmp(&x, &y, sizeof x) == 0 && a.nan_identity() == b.nan_identity();
  }
  return same_object(a, b); // found by argument-dependent lookup (a friend of Value)
}

/// A hash consistent with identical_operands.
inline std::uint64_t identity_hash(const py::Value& v) {
  std::uint64_t bits = 0;
  switch (v.kind()) {
  case py::Kind::Int:
  case py::Kind::Bool:
    bits = static_cast<std::uint64_t>(v.as_int());
    break;
  case py::Kind::Float: {
    const double x = v.as_float();
    std::memcpy(&bits, &x, sizeof bits);
    bits ^= std::uint64_t{v.nan_identity()} << 17;
    break;
  }
  case py::Kind::Function:
    bits = reinterpret_cast<std::uintptr_t>(v.as_builtin());
    break;
  default:
    bits = v.has_object() ? reinterpret_cast<std::uintptr_t>(v.object()) : 0;
  }
  return (bits ^ static_cast<std::uint64_t>(v.kind())) * 0x9E3779B97F4A7C15ULL;
}

/// The table of one call statement's outcomes across the calls of a block (open addressing,
/// reused from statement to statement). `State` is the executor's per-call state: it has
/// `slots` (the call's locals) and `pending` (its exception).
template <class State> class RepeatedCalls {
public:
  /// Starts statement `n` for `calls` calls. False where no call of it can take another's
  /// outcome: one call, or a statement that assigns one of its own operands (the earlier
  /// call's operands must stay in its locals while the later ones compare theirs).
  bool start(const frontend::Node& n, std::size_t calls) {
    if (calls < 2 || n.kind != frontend::Node::Kind::Call)
      return false;
    auto assigns = [&](const frontend::Operand& a) {
      return a.kind == frontend::Operand::Kind::Local && a.index == n.target;
    };
    if (assigns(n.callee))
      return false;
    for (const frontend::Operand& a : n.args)
      if (assigns(a))
        return false;
    const std::size_t size = std::bit_ceil(2 * calls);
    if (table_.size() != size)
      table_.assign(size, Entry{});
    else
      std::fill(table_.begin(), table_.end(), Entry{});
    return true;
  }

  /// Gives `st` the outcome of an earlier call that made statement `n`'s call on identical
  /// values, if there is one: true when it did. Otherwise notes the call's key for remember().
  template <class Operand> bool take(const frontend::Node& n, State& st, Operand&& operand) {
    key_ = 0;
    // An unbound operand: the call raises UnboundLocalError itself, and is not remembered.
    if (!operand(st, n.callee).is_bound())
      return false;
    std::uint64_t h = identity_hash(operand(st, n.callee));
    for (const frontend::Operand& a : n.args) {
      const py::Value& v = operand(st, a);
      if (!v.is_bound())
        return false;
      h = (h ^ identity_hash(v)) * 0x100000001B3ULL;
    }
    key_ = h | 1; // never 0, which remember() reads as "nothing to keep"
    const std::size_t mask = table_.size() - 1;
    for (std::size_t i = (key_ >> 1) & mask; table_[i].from != nullptr; i = (i + 1) & mask) {
      const Entry& e = table_[i];
      // The earlier call may have been stopped at its time limit since (charged when the next
      // call started): its outcome is then no longer what it was.
      if (e.key != key_ || e.from->pending.type != e.outcome ||
          !same_operands(n, *e.from, st, operand))
        continue;
      if (e.from->pending.type == py::Exc::None)
        st.slots[n.target] = e.from->slots[n.target];
      else
        st.pending = e.from->pending;
      return true;
    }
    return false;
  }

  /// Keeps the outcome of `st`, which has just run the statement that take() last looked up
  /// for it: a value, or an exception any call would raise there (not the time limit, nor
  /// memory running out).
  void remember(State& st) {
    if (key_ == 0)
      return;
    const py::Exc e = st.pending.type;
    if (e == py::Exc::Timeout || e == py::Exc::MemoryError || e == py::Exc::Unimplemented)
      return;
    const std::size_t mask = table_.size() - 1;
    std::size_t i = (key_ >> 1) & mask;
    while (table_[i].from != nullptr)
      i = (i + 1) & mask;
    table_[i] = Entry{key_, &st, e};
  }

private:
  struct Entry {
    std::uint64_t key = 0;
    State* from = nullptr;
    py::Exc outcome = py::Exc::None; ///< its exception, or None for a value
  };

  template <class Operand>
  static bool same_operands(const frontend::Node& n, const State& a, const State& b,
                            Operand& operand) {
    if (!identical_operands(operand(a, n.callee), operand(b, n.callee)))
      return false;
    for (const frontend::Operand& x : n.args)
      if (!identical_operands(operand(a, x), operand(b, x)))
        return false;
    return true;
  }

  std::vector<Entry> table_;
  std::uint64_t key_ = 0;
};

} // namespace battgpu::interp
