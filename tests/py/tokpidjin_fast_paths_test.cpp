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

} // namespace
