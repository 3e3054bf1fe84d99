// The shared values (shared_values.cpp) against the same values made fresh, and the functions
// that hand them out against what Python computes, written out by hand: `cellwise` with no
// second grid keeps a cell that equals 0 and puts the fallback everywhere else; `fill` with an
// empty patch gives the grid back.
#include "battgpu/dialects/module.hpp"
#include "battgpu/py/call.hpp"
#include "battgpu/py/canonical.hpp"
#include "battgpu/py/compare.hpp"
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/set_table.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <random>
#include <vector>

namespace py = battgpu::py;
using py::Value;

namespace {

/// The slot of a one-element table that holds its element.
std::int64_t only_slot(const Value& set) {
  const py::SetTable& t = py::as_set_table(set);
  for (std::int64_t i = 0; i <= t.mask(); ++i)
    if (t.slot(i).key.is_bound() && !t.slot(i).key.is(py::Kind::Dummy))
      return i;
  return -1;
}

TEST(SharedValues, OneCellSetsAreTheFrozensetsOfTheirCell) {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> coordinate(-3, 70), colour(-2, 12);
  std::size_t cases = 0, shared = 0;
  for (int round = 0; round < 4000; ++round) {
    const std::int64_t i = coordinate(rng), j = coordinate(rng), c = colour(rng);
    for (const py::Dialect d : {py::Dialect::Tokpidjin, py::Dialect::ArcDsl}) {
      const Value cell =
          d == py::Dialect::Tokpidjin
              ? py::tuple_of({Value::integer(i), Value::integer(j), Value::integer(c)})
              : py::tuple_of(
                    {Value::integer(c), py::tuple_of({Value::integer(i), Value::integer(j)})});
      const Value fresh = py::frozenset_of({cell});
      const Value a = py::one_cell_frozenset(d, i, j, c);
      const Value b = py::one_cell_frozenset(d, i, j, c);
      ASSERT_TRUE(a.is_frozenset());
      EXPECT_TRUE(py::op_eq(a, fresh)) << py::to_canonical(a) << " " << py::to_canonical(fresh);
      EXPECT_EQ(py::hash(a), py::hash(fresh));
      EXPECT_EQ(py::set_size(a), 1);
      EXPECT_EQ(only_slot(a), only_slot(fresh));
      EXPECT_EQ(py::to_canonical(a), py::to_canonical(fresh));
      // Python's `is` holds between no two of them, shared or not.
      EXPECT_FALSE(py::python_is(a, b));
      shared += a.object() == b.object();
      ++cases;
    }
  }
  std::cout << cases << " cells, " << shared << " shared\n";
  EXPECT_GT(shared, cases / 2);
}

TEST(SharedValues, TheEmptyFrozensetAndRowsOfOneValue) {
  const Value e = py::empty_frozenset();
  EXPECT_EQ(py::set_size(e), 0);
  EXPECT_EQ(py::hash(e), py::hash(py::make_frozenset(py::SetTable())));
  EXPECT_FALSE(py::python_is(e, py::empty_frozenset()));
  for (std::int64_t v = -3; v <= 11; ++v)
    for (std::int64_t w = 0; w <= 66; ++w) {
      const Value row = py::uniform_int_row(v, w);
      const bool covered = v >= -1 && v <= 9 && w >= 1 && w <= 64;
      ASSERT_EQ(row.is_bound(), covered) << v << " " << w;
      if (!covered)
        continue;
      std::vector<Value> items(static_cast<std::size_t>(w), Value::integer(v));
      const Value fresh = py::tuple_of(items);
      EXPECT_TRUE(py::op_eq(row, fresh));
      EXPECT_EQ(py::hash(row), py::hash(fresh));
      EXPECT_FALSE(py::python_is(row, py::uniform_int_row(v, w)));
    }
}

/// A random grid of h rows of w ints, with rows of zeros, rows without a zero and mixed ones.
Value random_grid(std::mt19937& rng, int h, int w) {
  std::uniform_int_distribution<int> kind(0, 3), colour(0, 9), nonzero(1, 9);
  std::vector<Value> rows;
  for (int i = 0; i < h; ++i) {
    const int k = kind(rng);
    std::vector<Value> row;
    for (int j = 0; j < w; ++j)
      row.push_back(Value::integer(k == 0 ? 0 : k == 1 ? nonzero(rng) : colour(rng)));
    rows.push_back(py::tuple_of(row));
  }
  return py::tuple_of(rows);
}

TEST(SharedValues, CellwiseWithoutASecondGridKeepsTheZeros) {
  // cellwise(a, None, fallback): index(None, (i, j)) is 0, so a cell equal to 0 stays and every
  // other becomes the fallback.
  const auto& tok = battgpu::dialects::module(py::Dialect::Tokpidjin);
  const Value cellwise = *tok.find("cellwise");
  std::mt19937 rng(8);
  std::uniform_int_distribution<int> side(1, 30);
  const Value fallbacks[] = {Value::integer(-1), Value::integer(0),    Value::integer(7),
                             Value::integer(12), Value::boolean(true), Value::floating(0.5)};
  std::size_t cases = 0, matches = 0;
  for (int round = 0; round < 500; ++round) {
    const int h = side(rng), w = side(rng);
    const Value grid = random_grid(rng, h, w);
    const Value& fallback = fallbacks[round % std::size(fallbacks)];
    std::vector<Value> rows;
    for (const Value& r : py::as_tuple(grid)) {
      std::vector<Value> row;
      for (const Value& cell : py::as_tuple(r))
        row.push_back(cell.as_int() == 0 ? cell : fallback);
      rows.push_back(py::tuple_of(row));
    }
    const Value expected = py::tuple_of(rows);
    const Value got = py::call(cellwise, {grid, Value::none(), fallback});
    ASSERT_TRUE(got.ok());
    ++cases;
    // Equal, item for item of the same type (a bool fallback stays a bool).
    if (py::op_eq(got, expected) && py::to_canonical(got) == py::to_canonical(expected))
      ++matches;
    else
      ADD_FAILURE() << "round " << round << ": " << py::to_canonical(got);
  }
  std::cout << cases << " grids, " << matches << " match\n";
}

TEST(SharedValues, FillWithAnEmptyPatchIsTheGrid) {
  const auto& tok = battgpu::dialects::module(py::Dialect::Tokpidjin);
  std::mt19937 rng(9);
  std::uniform_int_distribution<int> side(1, 30);
  std::size_t cases = 0;
  for (int round = 0; round < 200; ++round) {
    const Value grid = random_grid(rng, side(rng), side(rng));
    for (const char* name : {"fill", "underfill"})
      for (const Value& patch : {py::empty_frozenset(), py::empty_tuple()}) {
        const Value got = py::call(*tok.find(name), {grid, Value::integer(4), patch});
        ASSERT_TRUE(got.ok()) << name;
        EXPECT_TRUE(py::op_eq(got, grid)) << name << " round " << round;
        ++cases;
      }
  }
  std::cout << cases << " fills of an empty patch\n";
}

} // namespace
