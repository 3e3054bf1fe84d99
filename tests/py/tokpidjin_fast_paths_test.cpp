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

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <set>
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

TEST(TokpidjinFastPaths, MatchingIsWhetherTheRowsOrColumnsMeet) {
  // hmatching and vmatching take their coordinates as bits where every one is an int from 0
  // to 63, and as sets otherwise: both against the rows (columns) of the two patches met.
  const auto& tok = battgpu::dialects::module(py::Dialect::Tokpidjin);
  const Value hmatching = *tok.find("hmatching"), vmatching = *tok.find("vmatching");
  std::mt19937 rng(23);
  std::uniform_int_distribution<int> percent(1, 100), count(0, 12);
  std::size_t cases = 0, met = 0, outside = 0;
  for (int round = 0; round < 4000; ++round) {
    // Each side: pairs or cells, in a frozenset or a tuple, around 0..63 or past its ends.
    std::set<std::int64_t> rows[2], cols[2];
    Value patches[2];
    for (int side = 0; side < 2; ++side) {
      const bool cells = percent(rng) <= 50, wide = percent(rng) <= 30;
      std::uniform_int_distribution<std::int64_t> coordinate(wide ? -3 : 0, wide ? 66 : 63);
      const int near = percent(rng) <= 50 ? 6 : 64; // often a few rows, so that they meet
      py::SetTable table;
      std::vector<Value> elements;
      for (int k = count(rng); k > 0; --k) {
        const std::int64_t i = coordinate(rng) % near, j = coordinate(rng) % near;
        // Now and then a bool: True is 1 in a set.
        const Value vi =
            percent(rng) <= 5 && (i == 0 || i == 1) ? Value::boolean(i == 1) : Value::integer(i);
        const Value e = cells ? py::tuple_of({vi, Value::integer(j), Value::integer(3)})
                              : py::tuple_of({vi, Value::integer(j)});
        table.add(e);
        elements.push_back(e);
        rows[side].insert(i);
        cols[side].insert(j);
        outside += i < 0 || i > 63 || j < 0 || j > 63;
      }
      patches[side] =
          percent(rng) <= 50 ? py::make_frozenset(std::move(table)) : py::tuple_of(elements);
    }
    auto meet = [](const std::set<std::int64_t>& a, const std::set<std::int64_t>& b) {
      return std::any_of(a.begin(), a.end(), [&](std::int64_t v) { return b.count(v) > 0; });
    };
    const bool h = meet(rows[0], rows[1]), v = meet(cols[0], cols[1]);
    const Value got_h = py::call(hmatching, {patches[0], patches[1]});
    const Value got_v = py::call(vmatching, {patches[0], patches[1]});
    ASSERT_TRUE(got_h.ok() && got_v.ok());
    ASSERT_TRUE(py::eq(got_h, Value::boolean(h)))
        << "round " << round << ": hmatching(" << py::to_canonical(patches[0]) << ", "
        << py::to_canonical(patches[1]) << ")";
    ASSERT_TRUE(py::eq(got_v, Value::boolean(v)))
        << "round " << round << ": vmatching(" << py::to_canonical(patches[0]) << ", "
        << py::to_canonical(patches[1]) << ")";
    cases += 2;
    met += h + v;
  }
  // A patch whose cells toindices cannot unpack raises inside: the safe default, False.
  const Value cells =
      py::tuple_of({py::tuple_of({Value::integer(1), Value::integer(2), Value::integer(3)}),
                    py::tuple_of({Value::integer(1), Value::integer(2)})});
  const Value row = py::tuple_of({py::tuple_of({Value::integer(1), Value::integer(5)})});
  EXPECT_TRUE(py::eq(py::call(hmatching, {row, row}), Value::boolean(true)));
  EXPECT_TRUE(py::eq(py::call(hmatching, {cells, row}), Value::boolean(false)));
  EXPECT_TRUE(py::eq(py::call(hmatching, {row, cells}), Value::boolean(false)));
  std::cout << cases << " cases, " << cases << " match; " << met << " that meet, " << outside
            << " coordinates outside 0..63\n";
  EXPECT_GT(met, cases / 4);
  EXPECT_GT(outside, 500u);
}
