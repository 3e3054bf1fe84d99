// py::CallProfile: the kinds of value it tells apart, and the calls and times it records for
// DSL functions called directly and through closures.
#include "battgpu/dialects/module.hpp"
#include "battgpu/py/call.hpp"
#include "battgpu/py/call_profile.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <initializer_list>
#include <vector>

namespace py = battgpu::py;
using py::Value;
using py::ValueKind;

namespace {

Value ints(std::initializer_list<std::int64_t> xs) {
  std::vector<Value> items;
  for (std::int64_t x : xs)
    items.push_back(Value::integer(x));
  return py::tuple_of(items);
}

TEST(CallProfile, TellsTheKindsOfValueApart) {
  EXPECT_EQ(py::value_kind(Value::none()), ValueKind::None);
  EXPECT_EQ(py::value_kind(Value::boolean(true)), ValueKind::Bool);
  EXPECT_EQ(py::value_kind(Value::integer(3)), ValueKind::Int);
  EXPECT_EQ(py::value_kind(ints({1, 2})), ValueKind::IntTuple);
  EXPECT_EQ(py::value_kind(py::tuple_of({})), ValueKind::Tuple);
  EXPECT_EQ(py::value_kind(py::tuple_of({ints({1, 2}), ints({3, 4})})), ValueKind::Grid);
  // Rows of unequal length, or not all tuples, make no grid.
  EXPECT_EQ(py::value_kind(py::tuple_of({ints({1, 2}), ints({3})})), ValueKind::Tuple);
  EXPECT_EQ(py::value_kind(py::tuple_of({ints({1}), Value::integer(2)})), ValueKind::Tuple);
  EXPECT_EQ(py::value_kind(py::frozenset_of({})), ValueKind::EmptyFrozenSet);
  EXPECT_EQ(py::value_kind(py::frozenset_of({Value::integer(1), Value::integer(5)})),
            ValueKind::IntSet);
  EXPECT_EQ(py::value_kind(py::frozenset_of({ints({0, 1}), ints({2, 3})})), ValueKind::Indices);
  const Value tok_object = py::frozenset_of({ints({0, 1, 5}), ints({0, 2, 5})});
  EXPECT_EQ(py::value_kind(tok_object), ValueKind::Object);
  EXPECT_EQ(py::value_kind(py::frozenset_of({py::tuple_of({Value::integer(5), ints({0, 1})})})),
            ValueKind::Object);
  EXPECT_EQ(py::value_kind(py::frozenset_of({tok_object})), ValueKind::Objects);
  const auto& tok = battgpu::dialects::module(py::Dialect::Tokpidjin);
  EXPECT_EQ(py::value_kind(*tok.find("size")), ValueKind::Function);
  EXPECT_EQ(py::value_kind_name(ValueKind::Grid), "grid");
  EXPECT_EQ(py::value_kind_name(ValueKind::IntTuple), "int tuple");
}

const py::CallProfile::Entry* find(const std::vector<py::CallProfile::Entry>& entries,
                                   std::string_view name, ValueKind first) {
  for (const auto& e : entries)
    if (e.function == name && e.nargs > 0 && e.kinds[0] == first)
      return &e;
  return nullptr;
}

TEST(CallProfile, RecordsDirectAndNestedCallsWithOwnTime) {
  const auto& tok = battgpu::dialects::module(py::Dialect::Tokpidjin);
  const Value size = *tok.find("size"), apply = *tok.find("apply");
  const Value grid = py::tuple_of({ints({1, 2}), ints({3, 4}), ints({5, 6})});
  const Value indices = py::frozenset_of({ints({0, 1}), ints({2, 3})});
  const Value pairs = py::tuple_of({ints({1, 2}), ints({3, 4, 5})});

  py::CallProfile profile;
  {
    py::CallProfile::Scope scope(profile);
    EXPECT_EQ(py::call(size, {grid}).as_int(), 3);
    EXPECT_EQ(py::call(size, {indices}).as_int(), 2);
    EXPECT_EQ(py::call(size, {indices}).as_int(), 2);
    // apply calls size once per element: those calls are size's, not apply's own time.
    const Value sizes = py::call(apply, {size, pairs});
    ASSERT_TRUE(sizes.ok());
  }
  // Outside the scope nothing is recorded.
  py::call(size, {grid});
  EXPECT_EQ(py::CallProfile::active(), nullptr);

  const auto entries = profile.entries();
  const auto* on_grid = find(entries, "size", ValueKind::Grid);
  const auto* on_indices = find(entries, "size", ValueKind::Indices);
  const auto* on_tuples = find(entries, "size", ValueKind::IntTuple);
  const auto* applied = find(entries, "apply", ValueKind::Function);
  ASSERT_NE(on_grid, nullptr);
  ASSERT_NE(on_indices, nullptr);
  ASSERT_NE(on_tuples, nullptr);
  ASSERT_NE(applied, nullptr);
  EXPECT_EQ(on_grid->calls, 1u);
  EXPECT_EQ(on_indices->calls, 2u);
  EXPECT_EQ(on_tuples->calls, 2u); // the two elements of `pairs`
  EXPECT_EQ(applied->calls, 1u);
  EXPECT_EQ(applied->nargs, 2);
  EXPECT_EQ(applied->kinds[1], ValueKind::Tuple);
  std::uint64_t calls = 0;
  for (const auto& e : entries) {
    calls += e.calls;
    EXPECT_GE(e.self_seconds, 0.0);
    EXPECT_LE(e.self_seconds, e.total_seconds + 1e-12);
  }
  EXPECT_EQ(calls, 6u);
  // apply's total holds its callees' time; its own time leaves it out.
  EXPECT_NEAR(applied->total_seconds - applied->self_seconds, on_tuples->total_seconds, 1e-9);
}

TEST(CallProfile, KeepsItsOwnRecordsOutOfTheCallsTimes) {
  const auto& tok = battgpu::dialects::module(py::Dialect::Tokpidjin);
  const Value size = *tok.find("size"), apply = *tok.find("apply");
  // A 30 x 30 grid: telling it is a grid reads every row, more than size itself does.
  std::vector<Value> rows;
  for (int i = 0; i < 30; ++i)
    rows.push_back(ints({1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,
                         6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0}));
  const Value grid = py::tuple_of(rows);

  py::CallProfile profile;
  EXPECT_EQ(profile.bookkeeping_seconds(), 0.0);
  const auto start = std::chrono::steady_clock::now();
  {
    py::CallProfile::Scope scope(profile);
    for (int k = 0; k < 200; ++k)
      EXPECT_EQ(py::call(size, {grid}).as_int(), 30);
    ASSERT_TRUE(py::call(apply, {size, grid}).ok()); // size of each row: an int tuple
  }
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GT(profile.bookkeeping_seconds(), 0.0);
  // The records and the calls are apart in time: together they fit in the time around them.
  double outermost = 0;
  for (const auto& e : profile.entries())
    if (e.function == "apply" || (e.function == "size" && e.kinds[0] == ValueKind::Grid))
      outermost += e.total_seconds;
  EXPECT_LE(outermost + profile.bookkeeping_seconds(), wall);
  // apply's total holds its 30 calls of size, not their records.
  const auto entries = profile.entries();
  const auto* applied = find(entries, "apply", ValueKind::Function);
  const auto* on_rows = find(entries, "size", ValueKind::IntTuple);
  ASSERT_NE(applied, nullptr);
  ASSERT_NE(on_rows, nullptr);
  EXPECT_EQ(on_rows->calls, 30u);
  EXPECT_NEAR(applied->total_seconds - applied->self_seconds, on_rows->total_seconds, 1e-9);
}

} // namespace
