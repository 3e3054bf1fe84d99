// Pending frozensets (py/pending_table.hpp) against the tables built at once: object extraction
// of both dialects and tokpidjin's f_ofcolor, run on random grids with pending tables on and
// off. What a program can see must be the same both ways: the result's slots, each object's
// size, hash, equality, bounds and canonical text while pending, and each object's slots once
// its table is built. Threads that build the same table together get that table.
#include "battgpu/dialects/module.hpp"
#include "battgpu/py/call.hpp"
#include "battgpu/py/canonical.hpp"
#include "battgpu/py/compare.hpp"
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/patch_bounds.hpp"
#include "battgpu/py/pending_table.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace py = battgpu::py;
using py::Value;

namespace {

/// Turns pending tables on or off for a scope, and forgets remembered results on both sides
/// (an extraction is remembered per thread, and must be computed again the other way).
class PendingTables {
public:
  explicit PendingTables(bool on) : before_(py::pending_tables_enabled().exchange(on)) {
    py::forget_remembered_calls();
  }
  ~PendingTables() {
    py::pending_tables_enabled().store(before_);
    py::forget_remembered_calls();
  }
  PendingTables(const PendingTables&) = delete;
  PendingTables& operator=(const PendingTables&) = delete;

private:
  bool before_;
};

/// A random h x w grid of colours in blobs: each cell copies a neighbour's colour with
/// probability `stick`, so that objects of many sizes appear. Colour k is `palette[k]` where a
/// palette is given, else k.
Value random_grid(std::mt19937& rng, int h, int w, int colours, double stick,
                  const std::vector<std::int64_t>& palette = {}) {
  std::uniform_int_distribution<int> colour(0, colours - 1);
  std::bernoulli_distribution copy(stick), from_above(0.5);
  std::vector<std::vector<int>> g(static_cast<std::size_t>(h), std::vector<int>(w));
  for (int i = 0; i < h; ++i)
    for (int j = 0; j < w; ++j) {
      int c = colour(rng);
      if (copy(rng) && (i > 0 || j > 0))
        c = (i > 0 && (j == 0 || from_above(rng))) ? g[i - 1][j] : g[i][j - 1];
      g[i][j] = c;
    }
  std::vector<Value> rows;
  for (const auto& r : g) {
    std::vector<Value> row;
    for (int c : r)
      row.push_back(Value::integer(palette.empty() ? c : palette[static_cast<std::size_t>(c)]));
    rows.push_back(py::tuple_of(row));
  }
  return py::tuple_of(rows);
}

/// The two tables hold equal keys with equal hashes in the same slots.
::testing::AssertionResult same_slots(const py::SetTable& a, const py::SetTable& b) {
  if (a.mask() != b.mask() || a.size() != b.size())
    return ::testing::AssertionFailure() << "masks " << a.mask() << " and " << b.mask()
                                         << ", sizes " << a.size() << " and " << b.size();
  for (std::int64_t i = 0; i <= a.mask(); ++i) {
    const py::SetEntry& x = a.slot(i);
    const py::SetEntry& y = b.slot(i);
    const bool used_x = x.key.is_bound(), used_y = y.key.is_bound();
    if (used_x != used_y || (used_x && (x.hash != y.hash || !py::eq(x.key, y.key))))
      return ::testing::AssertionFailure() << "slot " << i << " differs";
  }
  return ::testing::AssertionSuccess();
}

struct Counts {
  std::size_t grids = 0, objects = 0, pending = 0;
};

/// Checks one pending object against the same object made at once, then builds it.
void check_object(const Value& pending, const Value& eager, const Value& other_pending,
                  Counts& counts) {
  ++counts.objects;
  ASSERT_TRUE(pending.is_frozenset());
  const bool was_pending = py::is_pending(pending);
  counts.pending += was_pending;
  EXPECT_EQ(py::set_size(pending), py::set_size(eager));
  EXPECT_EQ(py::hash(pending), py::hash(eager));
  EXPECT_EQ(py::to_canonical(pending), py::to_canonical(eager));
  const py::PatchBounds pb = py::patch_bounds(pending), eb = py::patch_bounds(eager);
  EXPECT_EQ(pb.arity, eb.arity);
  EXPECT_EQ(pb.min_i, eb.min_i);
  EXPECT_EQ(pb.max_i, eb.max_i);
  EXPECT_EQ(pb.min_j, eb.min_j);
  EXPECT_EQ(pb.max_j, eb.max_j);
  EXPECT_TRUE(py::eq(pending, other_pending)); // both pending: compared on their members
  EXPECT_TRUE(py::eq(pending, eager));         // one pending, one built
  // None of that built the table.
  EXPECT_EQ(py::is_pending(pending), was_pending);
  EXPECT_TRUE(same_slots(py::as_set_table(pending), py::as_set_table(eager)));
  EXPECT_FALSE(py::is_pending(pending));
}

void check_extraction(py::Dialect dialect, const char* function, int rounds, std::uint32_t seed,
                      const std::vector<std::int64_t>& palette = {}) {
  const auto& module = battgpu::dialects::module(dialect);
  const Value objects = *module.find(function);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> side(1, 30), colours(1, 10), mode(0, 7);
  std::uniform_real_distribution<double> stick(0.0, 0.9);
  Counts counts;
  for (int round = 0; round < rounds; ++round) {
    const Value grid = random_grid(rng, side(rng), side(rng), colours(rng), stick(rng), palette);
    const int m = mode(rng);
    const std::vector<Value> args = {grid, Value::boolean((m & 4) != 0),
                                     Value::boolean((m & 2) != 0), Value::boolean((m & 1) != 0)};
    Value eager, pending, again;
    {
      PendingTables off(false);
      eager = py::call(objects, args.data(), args.size());
    }
    {
      PendingTables on(true);
      pending = py::call(objects, args.data(), args.size());
      py::forget_remembered_calls();
      again = py::call(objects, args.data(), args.size());
    }
    ASSERT_TRUE(eager.is_frozenset()) << function << " round " << round;
    ASSERT_TRUE(pending.is_frozenset());
    ++counts.grids;
    const py::SetTable& p = py::as_set_table(pending);
    const py::SetTable& e = py::as_set_table(eager);
    const py::SetTable& a = py::as_set_table(again);
    ASSERT_TRUE(same_slots(p, e)) << function << " round " << round << " mode " << m;
    for (std::int64_t i = 0; i <= p.mask(); ++i)
      if (p.slot(i).key.is_bound())
        check_object(p.slot(i).key, e.slot(i).key, a.slot(i).key, counts);
  }
  std::cout << function << ": " << counts.grids << " grids, " << counts.objects << " objects ("
            << counts.pending << " pending), every one the same\n";
  EXPECT_GT(counts.pending, counts.objects / 10); // the cases reach pending tables
}

TEST(PendingTables, TokpidjinObjectsMatchTablesBuiltAtOnce) {
  check_extraction(py::Dialect::Tokpidjin, "objects", 400, 3);
}

TEST(PendingTables, ArcDslObjectsMatchTablesBuiltAtOnce) {
  check_extraction(py::Dialect::ArcDsl, "objects", 400, 5);
}

// An extraction keeps its grid's colours a byte each where they all fit: colours at and past
// a byte's edges, on both sides, must come back as they were.
TEST(PendingTables, ObjectsOfColoursPastOneByte) {
  const std::vector<std::int64_t> past = {0,    -1,  127,           -128, 128,
                                          -129, 255, 1'000'000'007, 300,  std::int64_t{1} << 40};
  const std::vector<std::int64_t> within = {0, -1, 127, -128, 5, -7, 100, -100, 9, 64};
  check_extraction(py::Dialect::Tokpidjin, "objects", 150, 7, past);
  check_extraction(py::Dialect::Tokpidjin, "objects", 150, 9, within);
  check_extraction(py::Dialect::ArcDsl, "objects", 150, 11, past);
}

TEST(PendingTables, FOfColorMatchesTableBuiltAtOnce) {
  const Value f_ofcolor = *battgpu::dialects::module(py::Dialect::Tokpidjin).find("f_ofcolor");
  std::mt19937 rng(9);
  std::uniform_int_distribution<int> side(1, 30), colours(1, 4);
  std::size_t cases = 0, pending = 0;
  for (int round = 0; round < 300; ++round) {
    const int k = colours(rng);
    const Value grid = random_grid(rng, side(rng), side(rng), k, 0.3);
    const Value args[2] = {grid, Value::integer(round % k)};
    Value eager, lazy;
    {
      PendingTables off(false);
      eager = py::call(f_ofcolor, args, 2);
    }
    {
      PendingTables on(true);
      lazy = py::call(f_ofcolor, args, 2);
    }
    ++cases;
    pending += py::is_pending(lazy);
    EXPECT_EQ(py::set_size(lazy), py::set_size(eager));
    EXPECT_EQ(py::hash(lazy), py::hash(eager));
    EXPECT_EQ(py::to_canonical(lazy), py::to_canonical(eager));
    EXPECT_TRUE(py::eq(lazy, eager));
    EXPECT_TRUE(same_slots(py::as_set_table(lazy), py::as_set_table(eager)));
  }
  std::cout << "f_ofcolor: " << cases << " grids (" << pending << " pending), every one the same\n";
  EXPECT_GT(pending, cases / 2);
}

TEST(PendingTables, OrderReadersGiveTheOrderOfTablesBuiltAtOnce) {
  // Functions that read objects in order (colorfilter's first cell, sfilter, get_nth) on
  // pending objects: the same values in the same order as on objects built at once.
  const auto& tok = battgpu::dialects::module(py::Dialect::Tokpidjin);
  const Value objects = *tok.find("objects"), colorfilter = *tok.find("colorfilter"),
              totuple = *tok.find("totuple"), merge = *tok.find("merge");
  std::mt19937 rng(17);
  std::uniform_int_distribution<int> side(2, 30), mode(0, 7);
  std::size_t cases = 0;
  for (int round = 0; round < 200; ++round) {
    const Value grid = random_grid(rng, side(rng), side(rng), 4, 0.6);
    const int m = mode(rng);
    const Value args[4] = {grid, Value::boolean((m & 4) != 0), Value::boolean((m & 2) != 0),
                           Value::boolean((m & 1) != 0)};
    std::string seen[2];
    for (int pending = 0; pending < 2; ++pending) {
      PendingTables scope(pending == 1);
      const Value objs = py::call(objects, args, 4);
      for (int c = 0; c < 4; ++c) {
        const Value kept = py::call(colorfilter, {objs, Value::integer(c)});
        seen[pending] += py::to_canonical(kept, py::SetListing::IterationOrder);
      }
      seen[pending] += py::to_canonical(py::call(totuple, {py::call(merge, {objs})}),
                                        py::SetListing::IterationOrder);
    }
    ++cases;
    EXPECT_EQ(seen[1], seen[0]) << "round " << round << " mode " << m;
  }
  std::cout << "order readers: " << cases << " grids, every one the same\n";
}

TEST(PendingTables, ThreadsBuildingTogetherGetOneTable) {
  const Value objects = *battgpu::dialects::module(py::Dialect::Tokpidjin).find("objects");
  std::mt19937 rng(23);
  for (int round = 0; round < 20; ++round) {
    const Value grid = random_grid(rng, 30, 30, 3, 0.7);
    const Value args[4] = {grid, Value::boolean(true), Value::boolean(false),
                           Value::boolean(false)};
    Value eager, pending;
    {
      PendingTables off(false);
      eager = py::call(objects, args, 4);
    }
    {
      PendingTables on(true);
      pending = py::call(objects, args, 4);
    }
    std::vector<Value> members, expected;
    const py::SetTable& p = py::as_set_table(pending);
    const py::SetTable& e = py::as_set_table(eager);
    for (std::int64_t i = 0; i <= p.mask(); ++i)
      if (p.slot(i).key.is_bound()) {
        members.push_back(p.slot(i).key);
        expected.push_back(e.slot(i).key);
      }
    // Each thread walks the objects from another starting point: two read their members (made
    // on first need), two build their tables.
    std::vector<std::string> canonical(4 * members.size());
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&members, &canonical, t] {
        for (std::size_t k = 0; k < members.size(); ++k) {
          const std::size_t m = (k + t * members.size() / 4) % members.size();
          if (t % 2 == 0)
            canonical[t * members.size() + m] = py::to_canonical(members[m]);
          else
            (void)py::as_set_table(members[m]);
        }
      });
    for (std::thread& t : threads)
      t.join();
    for (std::size_t k = 0; k < members.size(); ++k) {
      EXPECT_TRUE(same_slots(py::as_set_table(members[k]), py::as_set_table(expected[k])));
      EXPECT_EQ(canonical[k], py::to_canonical(expected[k]));
      EXPECT_EQ(canonical[2 * members.size() + k], py::to_canonical(expected[k]));
    }
  }
}

} // namespace
