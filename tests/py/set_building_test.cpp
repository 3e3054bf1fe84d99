// The fast ways of building large sets, against the plain ones: py::SetInserter against
// add_entry one key at a time (slot for slot, so CPython's order is kept), the hashes of int
// pairs and triples computed without a tuple against hash() of the tuple, and the shared pairs
// and cells (made a row at a time on first use, from any thread) against fresh tuples.
#include "battgpu/py/compare.hpp"
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/set_table.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <limits>
#include <random>
#include <thread>
#include <vector>

namespace py = battgpu::py;
using py::Value;

namespace {

/// A fresh tuple of ints, never a shared one.
Value fresh_tuple(std::initializer_list<std::int64_t> items) {
  Value t = py::new_tuple(items.size());
  Value* out = py::tuple_items(t);
  for (std::int64_t i : items)
    *out++ = Value::integer(i);
  return t;
}

void expect_same_slots(const py::SetTable& a, const py::SetTable& b) {
  ASSERT_EQ(a.size(), b.size());
  ASSERT_EQ(a.mask(), b.mask());
  ASSERT_EQ(a.fill(), b.fill());
  for (std::int64_t i = 0; i <= a.mask(); ++i) {
    const py::SetEntry& x = a.slot(i);
    const py::SetEntry& y = b.slot(i);
    ASSERT_EQ(x.key.kind(), y.key.kind()) << "slot " << i;
    if (x.key.kind() == py::Kind::Unbound)
      continue;
    ASSERT_EQ(x.hash, y.hash) << "slot " << i;
    ASSERT_TRUE(py::eq(x.key, y.key)) << "slot " << i;
  }
}

TEST(SetBuilding, InserterGivesTheTableOfAddingOneByOne) {
  std::mt19937 rng(3);
  std::size_t keys = 0;
  for (int round = 0; round < 60; ++round) {
    // Sizes across the inserter's direct range and the resizes of large tables; repeated keys
    // (a range narrower than the count) and pairs far apart.
    const int count = round < 20 ? round * 7 : round * 997;
    const std::int64_t span = round % 3 == 0 ? count / 2 + 1 : 4 * count + 10;
    std::uniform_int_distribution<std::int64_t> coordinate(-span, span);
    py::SetTable one_by_one, inserted;
    {
      py::SetInserter inserter(inserted);
      for (int k = 0; k < count; ++k) {
        const std::int64_t i = coordinate(rng), j = coordinate(rng);
        // Shared small pairs (immortal keys) in even rounds, fresh tuples in odd ones.
        const Value key = round % 2 == 0 ? py::pair_of(i % 60, j % 60) : fresh_tuple({i, j});
        one_by_one.add_entry(key, py::hash(key));
        inserter.add(key, py::hash(key));
      }
      inserter.finish();
    }
    expect_same_slots(one_by_one, inserted);
    keys += static_cast<std::size_t>(count);
  }
  // Tables of tens of megabytes (mapped directly rather than allocated), grown through
  // several resizes, then copied and freed.
  {
    std::uniform_int_distribution<std::int64_t> coordinate(-2000, 2000);
    py::SetTable one_by_one, inserted;
    {
      py::SetInserter inserter(inserted);
      for (int k = 0; k < 600000; ++k) {
        const Value key = fresh_tuple({coordinate(rng), coordinate(rng)});
        one_by_one.add_entry(key, py::hash(key));
        inserter.add(key, py::hash(key));
      }
      inserter.finish();
    }
    ASSERT_GT(inserted.mask() * static_cast<std::int64_t>(sizeof(py::SetEntry)), 8 << 20);
    expect_same_slots(one_by_one, inserted);
    expect_same_slots(py::SetTable::copy_of(one_by_one), py::SetTable::copy_of(inserted));
    keys += 600000;
  }
  // A few keys into a large table: the window never fills before finish().
  for (int extra = 1; extra <= 20; ++extra) {
    std::uniform_int_distribution<std::int64_t> coordinate(-5000, 5000);
    py::SetTable one_by_one, inserted;
    for (int k = 0; k < 3000; ++k) {
      const Value key = fresh_tuple({coordinate(rng), coordinate(rng)});
      one_by_one.add_entry(key, py::hash(key));
      inserted.add_entry(key, py::hash(key));
    }
    {
      py::SetInserter inserter(inserted);
      for (int k = 0; k < extra; ++k) {
        const Value key = fresh_tuple({coordinate(rng), coordinate(rng)});
        one_by_one.add_entry(key, py::hash(key));
        inserter.add(key, py::hash(key));
      }
      inserter.finish();
    }
    expect_same_slots(one_by_one, inserted);
    keys += static_cast<std::size_t>(extra);
  }
  std::cout << keys << " keys inserted both ways, tables identical slot for slot\n";
}

TEST(SetBuilding, IntTupleHashesAreTheTuplesHashes) {
  std::mt19937_64 rng(5);
  const std::int64_t edges[] = {0,
                                -1,
                                -2,
                                1,
                                (std::int64_t{1} << 61) - 1,
                                (std::int64_t{1} << 61),
                                -(std::int64_t{1} << 61) + 1,
                                std::numeric_limits<std::int64_t>::max(),
                                std::numeric_limits<std::int64_t>::min() + 1};
  std::vector<std::int64_t> values(std::begin(edges), std::end(edges));
  std::uniform_int_distribution<std::int64_t> small(-2000, 2000);
  std::uniform_int_distribution<std::int64_t> any(std::numeric_limits<std::int64_t>::min() + 1,
                                                  std::numeric_limits<std::int64_t>::max());
  for (int k = 0; k < 3000; ++k)
    values.push_back(k % 3 == 0 ? any(rng) : small(rng));
  std::size_t checked = 0;
  for (std::size_t k = 0; k + 2 < values.size(); ++k) {
    const std::int64_t i = values[k], j = values[k + 1], c = values[k + 2];
    ASSERT_EQ(py::hash_int_pair(i, j), py::hash(fresh_tuple({i, j}))) << i << ", " << j;
    ASSERT_EQ(py::hash_int_triple(i, j, c), py::hash(fresh_tuple({i, j, c})));
    ASSERT_EQ(py::hash_int(i), py::hash(Value::integer(i)));
    checked += 3;
  }
  std::cout << checked << " hashes checked\n";
}

TEST(SetBuilding, WidePairsAreSharedAndEqualToFreshOnes) {
  // Positions inside the shared ranges and outside them (made fresh each time).
  std::mt19937 rng(9);
  std::uniform_int_distribution<std::int64_t> coordinate(-700, 2700);
  std::size_t shared = 0;
  for (int k = 0; k < 40000; ++k) {
    const std::int64_t i = coordinate(rng), j = coordinate(rng);
    const Value p = py::pair_of(i, j);
    ASSERT_TRUE(py::eq(p, fresh_tuple({i, j})));
    ASSERT_EQ(py::hash(p), py::hash_int_pair(i, j));
    const bool is_shared = !p.counted();
    const Value again = py::pair_of(i, j);
    // A shared pair is the same object every time; a fresh one never.
    ASSERT_EQ(is_shared, p.object() == again.object()) << i << ", " << j;
    const bool in_range = i >= -512 && i < 2560 && j >= -512 && j < 2560;
    ASSERT_EQ(is_shared, in_range) << i << ", " << j;
    shared += is_shared;
  }
  std::cout << shared << " of 40000 pairs shared, as many as in the shared range\n";
  EXPECT_GT(shared, 20000u);
  EXPECT_LT(shared, 40000u);
}

TEST(SetBuilding, SharedCellsMadeFromManyThreadsAreOneObjectEach) {
  // Threads ask for the small pairs, both dialects' cells and wide pairs in different random
  // orders while their rows are being made; every thread must get, for each position, a tuple
  // equal to a fresh one with its hash, and all threads the same object.
  constexpr int kThreads = 8, kAsks = 20000;
  struct Ask {
    int form; // 0 pair, 1 tokpidjin cell, 2 arc-dsl cell
    std::int64_t i, j, c;
  };
  std::mt19937 rng(17);
  std::uniform_int_distribution<int> form(0, 2);
  std::uniform_int_distribution<std::int64_t> small(-64, 95), side(0, 31), colour(0, 9),
      wide(-512, 2559);
  std::vector<Ask> asks(kAsks);
  for (Ask& a : asks) {
    a.form = form(rng);
    if (a.form == 0 && (rng() & 1))
      a = {0, wide(rng), wide(rng), 0};
    else if (a.form == 0)
      a = {0, small(rng), small(rng), 0};
    else
      a = {a.form, side(rng), side(rng), colour(rng)};
  }
  auto make = [](const Ask& a) {
    switch (a.form) {
    case 0:
      return py::pair_of(a.i, a.j);
    case 1:
      return py::cell_of(a.i, a.j, a.c);
    default:
      return py::arc_cell_of(a.c, a.i, a.j);
    }
  };
  std::vector<std::vector<const void*>> objects(kThreads, std::vector<const void*>(kAsks));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      std::vector<int> order(kAsks);
      for (int k = 0; k < kAsks; ++k)
        order[k] = k;
      std::shuffle(order.begin(), order.end(), std::mt19937(static_cast<unsigned>(t)));
      for (int k : order)
        objects[t][k] = make(asks[k]).object();
    });
  for (std::thread& t : threads)
    t.join();
  for (int k = 0; k < kAsks; ++k) {
    const Ask& a = asks[k];
    const Value v = make(a);
    ASSERT_FALSE(v.counted()) << "not shared: ask " << k;
    const Value fresh = a.form == 0 ? fresh_tuple({a.i, a.j})
                        : a.form == 1
                            ? fresh_tuple({a.i, a.j, a.c})
                            : py::tuple_of({Value::integer(a.c), fresh_tuple({a.i, a.j})});
    ASSERT_TRUE(py::eq(v, fresh)) << "ask " << k;
    ASSERT_EQ(py::hash(v), py::hash(fresh)) << "ask " << k;
    for (int t = 0; t < kThreads; ++t)
      ASSERT_EQ(objects[t][k], v.object()) << "thread " << t << ", ask " << k;
  }
  std::cout << kAsks << " shared tuples asked for by " << kThreads
            << " threads: one object each, equal to fresh ones\n";
}

} // namespace
