#include "battgpu/py/compare.hpp"

#include "battgpu/py/call.hpp"
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace battgpu::py {
namespace {

/// Compares an int with a float exactly, as CPython's float_richcompare does: -1, 0, 1, or
/// 2 when the float is NaN (unordered).
int compare_int_double(std::int64_t i, double d) {
  if (std::isnan(d))
    return 2;
  if (std::isinf(d))
    return d > 0 ? -1 : 1;
  // Every int64 converts exactly once below 2**53; beyond, compare through the float's floor.
  constexpr std::int64_t kExact = std::int64_t{1} << 53;
  if (i > -kExact && i < kExact) {
    const auto di = static_cast<double>(i);
    return di < d ? -1 : (di > d ? 1 : 0);
  }
  const double fl = std::floor(d);
  if (fl >= 9223372036854775808.0)
    return -1;
  if (fl < -9223372036854775808.0)
    return 1;
  const auto fi = static_cast<std::int64_t>(fl);
  if (i != fi)
    return i < fi ? -1 : 1;
  return fl == d ? 0 : -1; // i == floor(d) < d
}

/// Three-way comparison of two numbers; 2 when unordered (NaN).
int compare_numbers(const Value& a, const Value& b) {
  const bool af = a.kind() == Kind::Float, bf = b.kind() == Kind::Float;
  if (!af && !bf)
    return a.as_int() < b.as_int() ? -1 : (a.as_int() > b.as_int() ? 1 : 0);
  if (af && bf) {
    const double x = a.as_float(), y = b.as_float();
    if (std::isnan(x) || std::isnan(y))
      return 2;
    return x < y ? -1 : (x > y ? 1 : 0);
  }
  if (bf)
    return compare_int_double(a.as_int(), b.as_float());
  const int c = compare_int_double(b.as_int(), a.as_float());
  return c == 2 ? 2 : -c;
}

bool tuples_equal(const TupleObject& x, const TupleObject& y);
bool frozensets_equal(const Value& a, const Value& b);

/// PyObject_RichCompare(a, b, Py_EQ) as a container's comparison makes it for its items: one
/// recursion level, then the comparison. -1 where the level is past the recursion limit
/// (CPython's RecursionError "in comparison"), else 1 or 0.
int items_equal(const Value& a, const Value& b) {
  if (python_is(a, b))
    return 1;
  FrameGuard level;
  if (!level.ok())
    return -1;
  if (a.kind() != b.kind() || (a.kind() != Kind::Tuple && a.kind() != Kind::FrozenSet))
    return op_eq(a, b) ? 1 : 0;
  // Whether this comparison went too deep: the flag as it was before it is kept.
  const bool outer = std::exchange(detail::comparison_too_deep, false);
  const bool equal =
      a.kind() == Kind::Tuple ? tuples_equal(as_tuple(a), as_tuple(b)) : frozensets_equal(a, b);
  if (std::exchange(detail::comparison_too_deep, outer))
    return -1;
  return equal ? 1 : 0;
}

bool tuples_equal(const TupleObject& x, const TupleObject& y) {
  // tuplerichcompare: the items up to the shorter length first, then the lengths; a level
  // past the limit stops the comparison, which then unwinds as unequal.
  if (x.ints_only && y.ints_only && FrameGuard::fits(1)) {
    // Rows of ints: each item's comparison takes the same one level, which fits, and ints
    // compare by value.
    if (x.size != y.size)
      return false;
    for (std::uint32_t i = 0; i < x.size; ++i)
      if (x[i].as_int() != y[i].as_int())
        return false;
    return true;
  }
  const std::uint32_t n = x.size < y.size ? x.size : y.size;
  for (std::uint32_t i = 0; i < n; ++i) {
    const int equal = items_equal(x[i], y[i]);
    if (equal < 0)
      detail::comparison_too_deep = true;
    if (equal <= 0)
      return false;
  }
  return x.size == y.size;
}

/// Two pending sets of the same size, compared on their members: the members sorted by hash,
/// each of a's must equal one of b's of the same hash (the members of a set are distinct).
bool pending_sets_equal(const PendingTable& a, const PendingTable& b) {
  auto by_hash = [](const PendingTable& p) {
    std::vector<const SetEntry*> sorted(static_cast<std::size_t>(p.size));
    const SetEntry* members = p.members();
    for (std::int64_t k = 0; k < p.size; ++k)
      sorted[static_cast<std::size_t>(k)] = &members[k];
    std::sort(sorted.begin(), sorted.end(),
              [](const SetEntry* x, const SetEntry* y) { return x->hash < y->hash; });
    return sorted;
  };
  const auto x = by_hash(a), y = by_hash(b);
  std::size_t run = 0; // the first of y's entries with the hash being matched
  for (const SetEntry* e : x) {
    while (run < y.size() && y[run]->hash < e->hash)
      ++run;
    bool found = false;
    for (std::size_t k = run; k < y.size() && y[k]->hash == e->hash && !found; ++k)
      found = eq(y[k]->key, e->key);
    if (!found)
      return false;
  }
  return true;
}

bool frozensets_equal(const Value& a, const Value& b) {
  if (set_size(a) != set_size(b))
    return false;
  // `a <= b` without building a pending table where the members answer it.
  const PendingTable* pa = as_frozenset(a).pending.load(std::memory_order_acquire);
  const PendingTable* pb = as_frozenset(b).pending.load(std::memory_order_acquire);
  if (pa != nullptr && pb != nullptr)
    return pending_sets_equal(*pa, *pb);
  if (pa != nullptr || pb != nullptr) {
    const SetTable& built = as_set_table(pa != nullptr ? b : a);
    return all_members(pa != nullptr ? a : b,
                       [&](const SetEntry& e) { return built.contains_entry(e.key, e.hash); });
  }
  return SetTable::is_subset(as_set_table(a), as_set_table(b));
}

Error unorderable(const char* message) {
  return Error{Exc::TypeError, message};
}

bool apply(int c, CompareOp op) {
  switch (op) {
  case CompareOp::Lt:
    return c < 0;
  case CompareOp::Le:
    return c <= 0;
  case CompareOp::Gt:
    return c > 0;
  case CompareOp::Ge:
    return c >= 0;
  }
  return false;
}

} // namespace

bool python_is(const Value& a, const Value& b) {
  if (a.kind() != b.kind())
    return false;
  switch (a.kind()) {
  case Kind::Int:
    return a.as_int() == b.as_int() && a.as_int() >= -5 && a.as_int() <= 256;
  case Kind::Str:
    return a.object() == b.object() || as_str(a) == as_str(b);
  case Kind::Tuple:
  case Kind::FrozenSet:
    return a.object() == b.object() && !a.object()->shared_for_equal_values;
  default:
    return same_object(a, b);
  }
}

Error comparison_recursion_error() {
  return Error{Exc::RecursionError, "maximum recursion depth exceeded in comparison"};
}

bool same_object(const Value& a, const Value& b) {
  if (a.kind() != b.kind())
    return false;
  switch (a.kind()) {
  case Kind::None:
    return true;
  case Kind::Bool:
  case Kind::Int:
    return a.as_int() == b.as_int();
  case Kind::Float:
    if (std::isnan(a.as_float()) || std::isnan(b.as_float()))
      return std::isnan(a.as_float()) && std::isnan(b.as_float()) &&
             a.nan_identity() == b.nan_identity();
    return a.as_float() == b.as_float();
  case Kind::Function:
    return a.as_builtin() == b.as_builtin();
  case Kind::Str:
  case Kind::Tuple:
  case Kind::FrozenSet:
  case Kind::Closure:
    return a.object() == b.object();
  default:
    return false;
  }
}

bool op_eq(const Value& a, const Value& b) {
  if (a.is_number() && b.is_number())
    return compare_numbers(a, b) == 0;
  if (a.kind() != b.kind())
    return false;
  switch (a.kind()) {
  case Kind::None:
    return true;
  case Kind::Str:
    return as_str(a) == as_str(b);
  case Kind::Tuple:
  case Kind::FrozenSet: {
    if (a.object() == b.object())
      return true;
    // The comparison's own level (PyObject_RichCompare), under which the items are compared.
    FrameGuard level;
    if (!level.ok()) {
      detail::comparison_too_deep = true;
      return false;
    }
    return a.kind() == Kind::Tuple ? tuples_equal(as_tuple(a), as_tuple(b))
                                   : frozensets_equal(a, b);
  }
  case Kind::Function:
    return a.as_builtin() == b.as_builtin();
  case Kind::Closure:
    return a.object() == b.object();
  default:
    return false;
  }
}

bool eq(const Value& a, const Value& b) {
  if (a.kind() == Kind::Float && b.kind() == Kind::Float && std::isnan(a.as_float()))
    return same_object(a, b);
  return op_eq(a, b);
}

namespace {

/// Values nested deeper than this are not told interchangeable (the memos that ask then
/// compute again), so that telling does not recurse through a deep chain's every level.
constexpr int kMaxInterchangeableDepth = 10000;

bool interchangeable_at(const Value& a, const Value& b, int depth) {
  if (a.kind() != b.kind())
    return false;
  switch (a.kind()) {
  case Kind::None:
    return true;
  case Kind::Bool:
  case Kind::Int:
    return a.as_int() == b.as_int();
  case Kind::Float:
    return same_object(a, b);
  case Kind::Str:
    return as_str(a) == as_str(b);
  case Kind::Tuple: {
    if (a.object() == b.object())
      return true;
    const TupleObject& x = as_tuple(a);
    const TupleObject& y = as_tuple(b);
    if (x.size != y.size || depth >= kMaxInterchangeableDepth)
      return false;
    if (x.ints_only && y.ints_only) {
      for (std::uint32_t i = 0; i < x.size; ++i)
        if (x[i].as_int() != y[i].as_int())
          return false;
      return true;
    }
    for (std::uint32_t i = 0; i < x.size; ++i)
      if (!interchangeable_at(x[i], y[i], depth + 1))
        return false;
    return true;
  }
  case Kind::FrozenSet: {
    if (a.object() == b.object())
      return true;
    const SetTable& x = as_set_table(a);
    const SetTable& y = as_set_table(b);
    if (x.mask() != y.mask() || x.size() != y.size() || x.fill() != y.fill() ||
        depth >= kMaxInterchangeableDepth)
      return false;
    for (std::int64_t i = 0; i <= x.mask(); ++i) {
      const SetEntry& e = x.slot(i);
      const SetEntry& f = y.slot(i);
      if (e.key.kind() != f.key.kind())
        return false;
      if (e.key.kind() != Kind::Unbound && e.key.kind() != Kind::Dummy &&
          !interchangeable_at(e.key, f.key, depth + 1))
        return false;
    }
    return true;
  }
  default:
    return same_object(a, b);
  }
}

} // namespace

bool interchangeable(const Value& a, const Value& b) {
  return interchangeable_at(a, b, 0);
}

Result<bool> compare(const Value& a, const Value& b, CompareOp op) {
  if (a.is_number() && b.is_number()) {
    const int c = compare_numbers(a, b);
    return c == 2 ? false : apply(c, op);
  }
  if (a.kind() != b.kind())
    return unorderable("'<' not supported between instances of different types");
  switch (a.kind()) {
  case Kind::Str: {
    const int c = as_str(a).compare(as_str(b));
    return apply(c < 0 ? -1 : (c > 0 ? 1 : 0), op);
  }
  case Kind::Tuple: {
    // tuplerichcompare: the first items that differ decide; else the lengths.
    // Each item comparison, and the last one that decides, enters a recursion level.
    const TupleObject& x = as_tuple(a);
    const TupleObject& y = as_tuple(b);
    std::uint32_t i = 0;
    for (; i < x.size && i < y.size; ++i) {
      const int equal = items_equal(x[i], y[i]);
      if (equal < 0)
        return comparison_recursion_error();
      if (equal == 0)
        break;
    }
    if (i >= x.size || i >= y.size)
      return apply(x.size < y.size ? -1 : (x.size > y.size ? 1 : 0), op);
    FrameGuard level;
    if (!level.ok())
      return comparison_recursion_error();
    return compare(x[i], y[i], op);
  }
  case Kind::FrozenSet: {
    const SetTable& x = as_set_table(a);
    const SetTable& y = as_set_table(b);
    const bool outer = std::exchange(detail::comparison_too_deep, false);
    bool result = false;
    switch (op) {
    case CompareOp::Le:
      result = SetTable::is_subset(x, y);
      break;
    case CompareOp::Ge:
      result = SetTable::is_subset(y, x);
      break;
    case CompareOp::Lt:
      result = x.size() < y.size() && SetTable::is_subset(x, y);
      break;
    case CompareOp::Gt:
      result = x.size() > y.size() && SetTable::is_subset(y, x);
      break;
    }
    if (std::exchange(detail::comparison_too_deep, outer))
      return comparison_recursion_error();
    return result;
  }
  default:
    return unorderable("comparison not supported between these instances");
  }
}

Result<bool> lt(const Value& a, const Value& b) {
  return compare(a, b, CompareOp::Lt);
}
Result<bool> le(const Value& a, const Value& b) {
  return compare(a, b, CompareOp::Le);
}
Result<bool> gt(const Value& a, const Value& b) {
  return compare(a, b, CompareOp::Gt);
}
Result<bool> ge(const Value& a, const Value& b) {
  return compare(a, b, CompareOp::Ge);
}

} // namespace battgpu::py
