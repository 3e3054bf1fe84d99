// py::patch_bounds against a plain reading of the same elements: random tuples and frozensets
// of pairs and triples (and of things that are not), the value computed once and kept on a
// frozenset, the same frozenset asked for by several threads at once, and the bounds that
// tokpidjin's shift and backdrop keep on the sets they build.
#include "battgpu/dialects/module.hpp"
#include "battgpu/py/call.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/patch_bounds.hpp"
#include "battgpu/py/set_table.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <random>
#include <thread>
#include <vector>

namespace py = battgpu::py;
using py::Value;

namespace {

/// The expectation, from the elements as a list: the rules patch_bounds documents.
py::PatchBounds expected(const std::vector<Value>& elements) {
  py::PatchBounds b;
  if (elements.empty())
    return b;
  const std::uint32_t arity = elements.front().is_tuple() ? py::as_tuple(elements.front()).size : 0;
  if (arity != 2 && arity != 3)
    return b;
  std::vector<std::int64_t> is, js;
  for (const Value& e : elements) {
    if (!e.is_tuple() || py::as_tuple(e).size != arity)
      return b;
    const Value& i = py::as_tuple(e)[0];
    const Value& j = py::as_tuple(e)[1];
    if (i.kind() != py::Kind::Int || j.kind() != py::Kind::Int)
      return b;
    is.push_back(i.as_int());
    js.push_back(j.as_int());
  }
  b.arity = static_cast<std::uint8_t>(arity);
  b.min_i = *std::min_element(is.begin(), is.end());
  b.max_i = *std::max_element(is.begin(), is.end());
  b.min_j = *std::min_element(js.begin(), js.end());
  b.max_j = *std::max_element(js.begin(), js.end());
  auto small = [](std::int64_t v) { return v > -py::kSmallCoordinate && v < py::kSmallCoordinate; };
  b.small = small(b.min_i) && small(b.max_i) && small(b.min_j) && small(b.max_j);
  return b;
}

void expect_same(const py::PatchBounds& got, const py::PatchBounds& want) {
  ASSERT_EQ(got.arity, want.arity);
  if (want.arity == 0)
    return;
  EXPECT_EQ(got.small, want.small);
  EXPECT_EQ(got.min_i, want.min_i);
  EXPECT_EQ(got.max_i, want.max_i);
  EXPECT_EQ(got.min_j, want.min_j);
  EXPECT_EQ(got.max_j, want.max_j);
}

/// A random element: mostly pairs or triples of ints, sometimes something else.
Value random_element(std::mt19937& rng, std::uint32_t arity) {
  std::uniform_int_distribution<int> pick(0, 99);
  auto coordinate = [&]() {
    const int r = pick(rng);
    if (r < 2)
      return Value::boolean(r == 0);
    if (r < 4)
      return Value::integer((r == 2 ? 1 : -1) * (py::kSmallCoordinate + pick(rng)));
    return Value::integer(pick(rng) - 30);
  };
  const int r = pick(rng);
  if (r == 0)
    return Value::integer(5);
  if (r == 1)
    return py::tuple_of({coordinate()});
  if (r == 2)
    arity = arity == 2 ? 3 : 2;
  if (arity == 2)
    return py::tuple_of({coordinate(), coordinate()});
  return py::tuple_of({coordinate(), coordinate(), Value::integer(pick(rng) % 10)});
}

TEST(PatchBounds, MatchesAPlainReadingOfTheElements) {
  std::mt19937 rng(20261126);
  std::size_t cases = 0, patches = 0;
  for (int round = 0; round < 4000; ++round) {
    const std::uint32_t arity = round % 2 == 0 ? 2 : 3;
    const std::size_t n = static_cast<std::size_t>(round % 17);
    std::vector<Value> items;
    for (std::size_t k = 0; k < n; ++k)
      items.push_back(random_element(rng, arity));
    // As a tuple: the elements as given.
    expect_same(py::patch_bounds(py::tuple_of(items)), expected(items));
    // As a frozenset: its distinct elements, twice (the second answer is the kept one).
    py::SetTable table;
    for (const Value& e : items)
      table.add(e);
    const Value set = py::make_frozenset(std::move(table));
    std::vector<Value> distinct;
    py::as_set_table(set).for_each([&](const Value& e) { distinct.push_back(e); });
    const py::PatchBounds want = expected(distinct);
    expect_same(py::patch_bounds(set), want);
    expect_same(py::patch_bounds(set), want);
    cases += 3;
    patches += want.arity != 0;
  }
  EXPECT_GT(patches, 1000u); // most random sets are patches, some are not
  std::cout << cases << " cases, " << patches << " frozenset patches\n";
  expect_same(py::patch_bounds(Value::integer(3)), {});
  expect_same(py::patch_bounds(py::empty_tuple()), {});
}

TEST(PatchBounds, KeptByTheFunctionsThatBuildPatchesAreWhatAReadingGives) {
  const auto& tok = battgpu::dialects::module(py::Dialect::Tokpidjin);
  const Value shift = *tok.find("shift");
  const Value backdrop = *tok.find("backdrop");
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> coordinate(-40, 40), size(1, 30), colour(0, 9);
  std::size_t checked = 0;
  for (int round = 0; round < 600; ++round) {
    const bool cells = round % 2 == 1;
    py::SetTable table;
    for (int k = size(rng); k > 0; --k) {
      const Value i = Value::integer(coordinate(rng)), j = Value::integer(coordinate(rng));
      table.add(cells ? py::tuple_of({i, j, Value::integer(colour(rng))}) : py::tuple_of({i, j}));
    }
    const Value patch = py::make_frozenset(std::move(table));
    const Value offset =
        py::tuple_of({Value::integer(coordinate(rng)), Value::integer(coordinate(rng))});
    for (const Value& built : {py::call(shift, {patch, offset}), py::call(backdrop, {patch})}) {
      ASSERT_TRUE(built.is_frozenset());
      std::vector<Value> elements;
      py::as_set_table(built).for_each([&](const Value& e) { elements.push_back(e); });
      // The bounds the function kept, against a fresh reading of its elements.
      expect_same(py::patch_bounds(built), expected(elements));
      ++checked;
    }
  }
  EXPECT_EQ(checked, 1200u);
}

TEST(PatchBounds, OneFrozenSetFromManyThreads) {
  py::SetTable table;
  for (int i = 0; i < 200; ++i)
    table.add(py::tuple_of({Value::integer(i % 37), Value::integer(i / 37 - 3)}));
  const Value set = py::make_frozenset(std::move(table));
  std::vector<py::PatchBounds> seen(8);
  {
    std::vector<std::jthread> threads;
    for (std::size_t t = 0; t < seen.size(); ++t)
      threads.emplace_back([&, t] { seen[t] = py::patch_bounds(set); });
  }
  for (const py::PatchBounds& b : seen) {
    EXPECT_EQ(b.arity, 2);
    EXPECT_EQ(b.min_i, 0);
    EXPECT_EQ(b.max_i, 36);
    EXPECT_EQ(b.min_j, -3);
    EXPECT_EQ(b.max_j, 2);
  }
}

} // namespace
