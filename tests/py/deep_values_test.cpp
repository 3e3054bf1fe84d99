// Values nested far deeper than any stack could recurse through (a chain of statements each
// making a tuple of the one before): freeing them does not recurse once a level (py::destroy
// defers past a depth, as CPython's trashcan does), and writing or comparing them canonically
// stops with NestingTooDeep past py::kMaxCanonicalDepth instead of overflowing the stack.
#include "battgpu/py/canonical.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/set_table.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <string>
#include <thread>

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
    py::SetTable s;
    s.add(nested(100000));
    Value holder = py::tuple_of({py::make_frozenset(std::move(s))});
    for (int k = 0; k < 100000; ++k)
      holder = py::tuple_of({holder});
  });
  t.join();
  SUCCEED();
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

} // namespace
