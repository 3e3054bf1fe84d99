// Values nested far deeper than any stack could recurse through (a chain of statements each
// making a tuple of the one before): freeing them does not recurse once a level (py::destroy
// defers past a depth, as CPython's trashcan does), nor does hashing them (past 1 000 levels
// on a stack of its own) or telling them interchangeable, and writing or comparing them canonically
// stops with NestingTooDeep past py::kMaxCanonicalDepth instead of overflowing the stack;
// comparing them with Python's `==` and `<`, and printing them (repr), stop at the recursion
// limit where CPython raises RecursionError.
#include "battgpu/py/builtins.hpp"
#include "battgpu/py/call.hpp"
#include "battgpu/py/canonical.hpp"
#include "battgpu/py/compare.hpp"
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/repr.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <new>
#include <string>
#include <thread>
#include <vector>

namespace py = battgpu::py;
using py::Value;

namespace {

/// ((...((0, 0), 0)...), 0), `depth` tuples deep.
Value nested(int depth) {
  Value v = Value::integer(0);
  for (int k = 0; k < depth; ++k)
    v = py::tuple_of({v, Value::integer(0)});
  return v;
}

TEST(DeepValues, FreeingAMillionLevels) {
  // On a thread of its own (8 MiB of stack): freeing a level at a time, recursively, would
  // need tens of megabytes of it.
  std::thread t([] {
    Value v = nested(1000000);
    v = Value();
    // A frozenset inside the chain, released through its table.
    Value holder = py::tuple_of({py::frozenset_of({nested(100000)})});
    for (int k = 0; k < 100000; ++k)
      holder = py::tuple_of({holder});
  });
  t.join();
  SUCCEED();
}

/// The same chain as nested(depth), each level hashed as it is made: every hash is then
/// computed one level deep, from the cached hash of the level below.
Value nested_hashed_as_built(int depth) {
  Value v = Value::integer(0);
  for (int k = 0; k < depth; ++k) {
    v = py::tuple_of({v, Value::integer(0)});
    (void)py::hash(v);
  }
  return v;
}

/// (...((0,),)...,), `depth` tuples deep, or frozenset({frozenset({... 0})}) with `sets`.
Value singly_nested(int depth, bool sets) {
  Value v = Value::integer(0);
  for (int k = 0; k < depth; ++k) {
    v = sets ? py::frozenset_of({v}) : py::tuple_of({v});
  }
  return v;
}

TEST(DeepValues, ReprStopsAtTheRecursionLimit) {
  // Measured in CPython 3.11 from two frames: repr() of tuples nested 997 deep and of
  // frozensets nested 499 deep raise RecursionError (a frozenset's repr takes two levels, its
  // own and its list's). From three frames here, with the builtin's level: 996 and 498.
  ASSERT_EQ(py::FrameGuard::base_depth() + py::FrameGuard::depth(), 3);
  auto first_failing = [](bool sets, int from) {
    for (int k = from; k < from + 200; ++k) {
      py::FrameGuard builtin; // repr()'s call
      std::string out;
      const py::Status st = py::append_repr(out, singly_nested(k, sets));
      if (!st.ok()) {
        EXPECT_EQ(st.error().type, py::Exc::RecursionError);
        return k;
      }
    }
    return -1;
  };
  EXPECT_EQ(first_failing(false, 900), 996);
  EXPECT_EQ(first_failing(true, 400), 498);
}

TEST(DeepValues, HashingAMillionLevels) {
  // CPython's tuplehash recurses once a level and crashes past about 100 000 (measured:
  // 100 000 hash, 130 000 end in SIGSEGV); battgpu's goes on with a stack of its own past
  // 1 000, and gives the hash the levels give one at a time.
  std::thread t([] {
    EXPECT_EQ(py::hash(nested(1000000)), py::hash(nested_hashed_as_built(1000000)));
    // Two deep branches in one tuple, and a frozenset of a deep chain inside a third.
    const Value tree =
        py::tuple_of({nested(200000), nested(3000), py::frozenset_of({nested(50000)})});
    const Value expected =
        py::tuple_of({nested_hashed_as_built(200000), nested_hashed_as_built(3000),
                      py::frozenset_of({nested_hashed_as_built(50000)})});
    EXPECT_EQ(py::hash(tree), py::hash(expected));
  });
  t.join();
}

TEST(DeepValues, InterchangeableStopsPastTenThousandLevels) {
  // Told apart (a memo's miss) rather than recursed through.
  EXPECT_TRUE(py::interchangeable(nested(10000), nested(10000)));
  std::thread t([] { EXPECT_FALSE(py::interchangeable(nested(1000000), nested(1000000))); });
  t.join();
}

TEST(DeepValues, CanonicalTextUpToTheLimitAndNoFurther) {
  const Value ok = nested(py::kMaxCanonicalDepth);
  const std::string text = py::to_canonical(ok);
  EXPECT_EQ(text.size(), static_cast<std::size_t>(py::kMaxCanonicalDepth) * 4 + 1);
  EXPECT_EQ(text.substr(0, 3), "[[[");
  EXPECT_EQ(text.substr(text.size() - 4), "],0]");
  EXPECT_THROW(py::to_canonical(nested(py::kMaxCanonicalDepth + 1)), py::NestingTooDeep);
  EXPECT_THROW(py::to_canonical(nested(1000000)), py::NestingTooDeep);
}

TEST(DeepValues, CanonicalOrderOfDeepElementsStopsToo) {
  const Value a = nested(py::kMaxCanonicalDepth + 10);
  const Value b = nested(py::kMaxCanonicalDepth + 10);
  EXPECT_THROW((void)py::canonical_less(a, b), py::NestingTooDeep);
  // Shallow values still compare: (0, 0) < ((0, 0), 0) as ints sort before tuples.
  EXPECT_TRUE(py::canonical_less(nested(1), nested(2)));
  EXPECT_FALSE(py::canonical_less(nested(2), nested(1)));
}

/// The smallest depth k in [900, 1100) at which `fails(k)` holds for two chains k deep built
/// apart, from three frames (CPython's `<module>`, a function and a lambda calling the probe).
int first_failing_depth(const std::function<bool(const Value&, const Value&)>& fails) {
  for (int k = 900; k < 1100; ++k)
    if (fails(nested(k), nested(k)))
      return k;
  return -1;
}

TEST(DeepValues, ComparisonsStopAtTheRecursionLimit) {
  // Each nested comparison of items that are not the same object takes a recursion level, as
  // PyObject_RichCompare's does. Measured in CPython 3.11 from three frames: `a == b`, `a < b`
  // and `sorted((b, a))` all raise RecursionError from 998 deep.
  ASSERT_EQ(py::FrameGuard::base_depth() + py::FrameGuard::depth(), 3);
  EXPECT_EQ(first_failing_depth([](const Value& a, const Value& b) {
              const bool equal = py::op_eq(a, b);
              const bool too_deep = py::take_comparison_too_deep();
              EXPECT_NE(equal, too_deep);
              return too_deep;
            }),
            998);
  EXPECT_FALSE(py::take_comparison_too_deep()); // taken
  EXPECT_EQ(first_failing_depth([](const Value& a, const Value& b) {
              py::FrameGuard top; // `<` itself, as the DSL's callers of py::lt count it
              const py::Result<bool> less = py::lt(a, b);
              return !less.ok() && less.error().type == py::Exc::RecursionError;
            }),
            998);
  EXPECT_EQ(first_failing_depth([](const Value& a, const Value& b) {
              std::vector<Value> items{b, a};
              const py::Status st = py::sort(items);
              return !st.ok() && st.error().type == py::Exc::RecursionError;
            }),
            998);
  // A million levels: stopped near the top, not a level of the stack each.
  std::thread t([] {
    EXPECT_FALSE(py::eq(nested(1000000), nested(1000000)));
    EXPECT_TRUE(py::take_comparison_too_deep());
  });
  t.join();
}

// A function whose comparison went past the limit and which then runs out of memory raises the
// comparison's RecursionError (in CPython the comparison would have stopped it), and leaves its
// caller's own too-deep comparison to the caller.
Value compare_deep_then_run_out(const Value*, std::size_t) {
  EXPECT_FALSE(py::eq(nested(2000), nested(2000)));
  throw std::bad_alloc();
}
Value run_out(const Value*, std::size_t) {
  throw std::bad_alloc();
}
constexpr py::Builtin kCompareDeepThenRunOut{
    "compare_deep_then_run_out", py::Dialect::ArcDsl,        0, 0,
    &compare_deep_then_run_out,  py::SafeDefault::EmptyTuple};
constexpr py::Builtin kRunOut{"run_out", py::Dialect::ArcDsl,        0, 0,
                              &run_out,  py::SafeDefault::EmptyTuple};

Value compare_deep_then_call_run_out(const py::ClosureObject&, const Value*, std::size_t) {
  EXPECT_FALSE(py::eq(nested(2000), nested(2000)));
  return py::call(Value::function(&kRunOut), {});
}
constexpr py::ClosureType kCompareDeepThenCall{"f", 0, false, &compare_deep_then_call_run_out};

TEST(DeepValues, MemoryRunningOutAfterADeepComparisonIsTheComparisonsError) {
  const Value first = py::call(Value::function(&kCompareDeepThenRunOut), {});
  ASSERT_FALSE(first.ok());
  EXPECT_EQ(first.error().type, py::Exc::RecursionError);
  EXPECT_FALSE(py::take_comparison_too_deep()); // taken by the function that compared

  const Value alone = py::call(Value::function(&kRunOut), {});
  ASSERT_FALSE(alone.ok());
  EXPECT_EQ(alone.error().type, py::Exc::MemoryError);

  // The caller compared too deep before its callee ran out of memory: the callee raises
  // MemoryError, and the caller, whose comparison came first, RecursionError.
  const Value caller = py::call(py::make_closure(&kCompareDeepThenCall, {}), {});
  ASSERT_FALSE(caller.ok());
  EXPECT_EQ(caller.error().type, py::Exc::RecursionError);
  EXPECT_FALSE(py::take_comparison_too_deep());
}

} // namespace
