// tokpidjin's fast paths for well-formed patches against the general path of the same function:
// the general path composes the dialect's own functions through py::call, as the Python source
// does, and it is the path a tuple patch takes, so each case runs once on frozensets and once on
// tuples of the same elements.
#include "battgpu/dialects/module.hpp"
#include "battgpu/py/call.hpp"
#include "battgpu/py/canonical.hpp"
#include "battgpu/py/compare.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/set_table.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <vector>

namespace py = battgpu::py;
using py::Value;

namespace {

struct Patch {
  Value set;   ///< the frozenset: the fast path
  Value tuple; ///< the same elements in a tuple: the general path
};

/// A random patch of `count` pairs or triples around (ci, cj), spread over `spread` rows and
/// columns.
Patch random_patch(std::mt19937& rng, int count, std::int64_t ci, std::int64_t cj, int spread,
                   bool cells) {
  std::uniform_int_distribution<int> offset(-spread, spread), colour(0, 9);
  py::SetTable table;
  std::vector<Value> elements;
  for (int k = 0; k < count; ++k) {
    const Value i = Value::integer(ci + offset(rng)), j = Value::integer(cj + offset(rng));
    const Value e =
        cells ? py::tuple_of({i, j, Value::integer(colour(rng))}) : py::tuple_of({i, j});
    table.add(e);
    elements.push_back(e);
  }
  return {py::make_frozenset(std::move(table)), py::tuple_of(elements)};
}

TEST(TokpidjinFastPaths, GravitateOnFrozenSetsIsGravitateOnTuples) {
  const auto& tok = battgpu::dialects::module(py::Dialect::Tokpidjin);
  const Value gravitate = *tok.find("gravitate");
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> centre(-30, 30), count(1, 40), spread(0, 6), far(0, 9);
  std::size_t cases = 0, moved = 0, capped = 0, wide = 0;
  for (int round = 0; round < 3000; ++round) {
    const bool cells = round % 2 == 1;
    const std::int64_t si = centre(rng), sj = centre(rng);
    const Patch source = random_patch(rng, count(rng), si, sj, spread(rng), cells);
    std::int64_t di = centre(rng), dj = centre(rng);
    // Mostly in line with the source, so that moving it reaches the destination.
    if (round % 3 == 0)
      dj = sj;
    else if (round % 3 == 1)
      di = si;
    if (far(rng) == 0) {
      // A destination whose extent is too large for a bitmap: the pair-by-pair path.
      di *= 100000;
      ++wide;
    }
    Patch destination = random_patch(rng, count(rng), di, dj, spread(rng), !cells);
    if (far(rng) == 0) {
      // Thousands of cells on each side (the patches of large grids).
      destination = random_patch(rng, 3000, di, dj, 30, !cells);
    }
    const Value fast = py::call(gravitate, {source.set, destination.set});
    const Value general = py::call(gravitate, {source.tuple, destination.tuple});
    ASSERT_TRUE(fast.ok() && general.ok());
    ASSERT_TRUE(py::eq(fast, general)) << "round " << round << ": " << py::to_canonical(fast)
                                       << " against " << py::to_canonical(general);
    const Value steps = py::as_tuple(fast)[0], side = py::as_tuple(fast)[1];
    moved += steps.as_int() != 0 || side.as_int() != 0;
    capped += std::abs(steps.as_int()) + std::abs(side.as_int()) >= 42;
    ++cases;
  }
  std::cout << cases << " cases, " << cases << " match; " << moved << " moved, " << capped
            << " at the 42-step cap, " << wide << " with a wide destination\n";
  EXPECT_GT(moved, 1000u);
  EXPECT_GT(capped, 50u);
  EXPECT_GT(wide, 100u);
}

/// A grid of `h` rows of `w` colours, its last row `short_by` shorter.
Value random_grid(std::mt19937& rng, int h, int w, int short_by) {
  std::uniform_int_distribution<int> colour(0, 3);
  std::vector<Value> rows;
  for (int i = 0; i < h; ++i) {
    std::vector<Value> row;
    for (int j = 0; j < w - (i == h - 1 ? short_by : 0); ++j)
      row.push_back(Value::integer(colour(rng)));
    rows.push_back(py::tuple_of(row));
  }
  return py::tuple_of(rows);
}

TEST(TokpidjinFastPaths, FillOfALargeSetIsFillOfTheTuple) {
  // Sets of more elements than four times the grid's cells take the lookup path: each cell of
  // the grid inside the set's extent is looked up.
  const auto& tok = battgpu::dialects::module(py::Dialect::Tokpidjin);
  const Value fill = *tok.find("fill"), underfill = *tok.find("underfill");
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> side(1, 12), margin(0, 25), percent(1, 100);
  std::size_t cases = 0, large = 0, errors = 0;
  for (int round = 0; round < 600; ++round) {
    const int h = side(rng), w = side(rng);
    const int short_by = percent(rng) <= 10 && w > 1 ? 1 : 0;
    const Value grid = random_grid(rng, h, w, short_by);
    // Pairs around the grid, some far off, at a random density; now and then a bool among
    // them (not a patch of ints: the general path).
    const int m = margin(rng), density = percent(rng);
    py::SetTable table;
    std::vector<Value> elements;
    auto add = [&](Value e) {
      table.add(e);
      elements.push_back(e);
    };
    for (int i = -m; i < h + m; ++i)
      for (int j = -m; j < w + m; ++j)
        if (percent(rng) <= density)
          add(py::tuple_of({Value::integer(i), Value::integer(j)}));
    if (percent(rng) <= 20)
      for (int k = 0; k < 500; ++k)
        add(py::tuple_of({Value::integer(1000 + k), Value::integer(-1000)}));
    if (percent(rng) <= 5)
      add(py::tuple_of({Value::boolean(true), Value::integer(0)}));
    large += table.size() > 4 * h * w;
    const Value set = py::make_frozenset(std::move(table));
    const Value tuple = py::tuple_of(elements);
    const Value colour = Value::integer(7);
    for (const Value& f : {fill, underfill}) {
      const Value fast = py::call(f, {grid, colour, set});
      const Value general = py::call(f, {grid, colour, tuple});
      ASSERT_TRUE(fast.ok() && general.ok());
      ASSERT_TRUE(py::interchangeable(fast, general))
          << "round " << round << ": " << py::to_canonical(fast) << " against "
          << py::to_canonical(general);
      errors += py::eq(fast, py::empty_tuple());
      ++cases;
    }
  }
  std::cout << cases << " cases, " << cases << " match; " << large
            << " grids with a set of over four times their cells, " << errors
            << " that raised (a short row)\n";
  EXPECT_GT(large, 300u);
  EXPECT_GT(errors, 10u);
}

TEST(TokpidjinFastPaths, BackdropOfALargeBoxIsRememberedSlotForSlot) {
  const auto& tok = battgpu::dialects::module(py::Dialect::Tokpidjin);
  const Value backdrop = *tok.find("backdrop");
  py::forget_remembered_calls();
  // Two patches of one 70 by 80 box: its corners, and a diagonal with them.
  auto pair = [](std::int64_t i, std::int64_t j) {
    return py::tuple_of({Value::integer(i), Value::integer(j)});
  };
  py::SetTable corners, diagonal;
  for (const auto& [i, j] : {std::pair{-5, 10}, {64, 10}, {-5, 89}, {64, 89}})
    corners.add(pair(i, j));
  for (int k = 0; k < 70; ++k)
    diagonal.add(pair(-5 + k, 10 + k));
  diagonal.add(pair(64, 89));
  const Value a = py::make_frozenset(std::move(corners));
  const Value b = py::make_frozenset(std::move(diagonal));
  const Value first = py::call(backdrop, {a});
  const Value again = py::call(backdrop, {b});
  ASSERT_TRUE(first.ok() && again.ok());
  EXPECT_EQ(first.object(), again.object()); // the same frozenset, not built twice
  EXPECT_EQ(py::as_set_table(first).size(), 70 * 80);
  // Built afresh, it is the same slot for slot.
  py::forget_remembered_calls();
  const Value fresh = py::call(backdrop, {b});
  ASSERT_TRUE(fresh.ok());
  EXPECT_NE(fresh.object(), first.object());
  EXPECT_TRUE(py::interchangeable(fresh, first));
  // A small box is built each time.
  const Value small = py::make_frozenset([&] {
    py::SetTable t;
    t.add(pair(0, 0));
    t.add(pair(3, 3));
    return t;
  }());
  EXPECT_NE(py::call(backdrop, {small}).object(), py::call(backdrop, {small}).object());
  py::forget_remembered_calls();
}

} // namespace
