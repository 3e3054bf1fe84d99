// CPython's set order (SPEC section 2) in the typed DSL: every frozenset iterates as CPython
// 3.11 iterates the same set built the same way. Small non-negative integers can be checked by
// hand: four or fewer values sit in an 8-slot table, each at slot `value mod 8`, probing
// `(5 s + 1) mod 8` while slot s is taken, read from slot 0; the other expectations are what
// CPython 3.11 gives for the same construction.
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <span>
#include <vector>

namespace battgpu::dsl_tests {
using namespace battgpu::dsl;
namespace {

using P = IntegerTuple;
using V = std::vector<int>;

/// The CPython iteration order of a set built from `first_seen`, which must be distinct.
V cpython_order(V first_seen) {
  to_cpython_set_order(std::span<int>(first_seen));
  return first_seen;
}

TEST(SetOrder, SmallTableSlots) {
  EXPECT_EQ(cpython_order({8, 1}), (V{8, 1})); // 8 at slot 0, 1 at slot 1
  EXPECT_EQ(cpython_order({1, 8}), (V{8, 1}));
  EXPECT_EQ(cpython_order({3, 2, 1}), (V{1, 2, 3}));
  EXPECT_EQ(cpython_order({5, 3, 1, 7}), (V{1, 3, 5, 7}));
  EXPECT_EQ(cpython_order({7, 6}), (V{6, 7}));
  EXPECT_EQ(cpython_order({4}), (V{4}));
  EXPECT_EQ(cpython_order({}), V{});
}

TEST(SetOrder, CollisionsProbe) {
  // 9 takes slot 1; 1 finds it taken and probes 5 * 1 + 1 = 6.
  EXPECT_EQ(cpython_order({9, 1}), (V{9, 1}));
  EXPECT_EQ(cpython_order({1, 9}), (V{1, 9}));
  EXPECT_EQ(cpython_order({0, 8}), (V{0, 8}));
  EXPECT_EQ(cpython_order({8, 0}), (V{8, 0}));
  // 2 at slot 2; 10 probes 2 -> 3; 3 probes 3 -> 16 mod 8 = 0.
  EXPECT_EQ(cpython_order({2, 10, 3}), (V{3, 2, 10}));
  // 9 at 1, 1 probes 1 -> 6, 8 at 0, 0 probes 0 -> 1 -> 6 -> 7.
  EXPECT_EQ(cpython_order({9, 1, 8, 0}), (V{8, 9, 1, 0}));
  // 1 at 1, 9 probes to 6, 17 to 7, 25 through 1, 6, 7 to 36 mod 8 = 4.
  EXPECT_EQ(cpython_order({1, 9, 17, 25}), (V{1, 25, 9, 17}));
  EXPECT_EQ(cpython_order({17, 9, 1}), (V{17, 9, 1}));
}

TEST(SetOrder, FiveOrMoreAscending) {
  EXPECT_EQ(cpython_order({9, 7, 5, 3, 1}), (V{1, 3, 5, 7, 9}));
  EXPECT_EQ(cpython_order({9, 1, 8, 0, 2}), (V{0, 1, 2, 8, 9}));
  EXPECT_EQ(cpython_order({9, 8, 7, 6, 5, 4, 3, 2, 1, 0}), (V{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

TEST(SetOrder, NegativesHashAsCPythonDoes) {
  // hash(-1) is -2, so -1 sits in slot 6 of the 8-slot table, after 3 in slot 3.
  EXPECT_EQ(cpython_order({3, -1}), (V{3, -1}));
  EXPECT_EQ(cpython_order({-3, -1, -2, 5}), (V{5, -3, -1, -2}));
}

TEST(SetOrder, LargerIntegersWrapAroundTheTable) {
  // Expectations from CPython 3.11: list(set(values)) for each list of values.
  EXPECT_EQ(cpython_order({40, 8, 33, 1, 2}), (V{1, 2, 33, 40, 8}));
  EXPECT_EQ(cpython_order({32, 0, 64, 1, 2, 3}), (V{32, 0, 2, 64, 1, 3}));
  V down;
  for (int v = 100; v > 0; v -= 7)
    down.push_back(v);
  EXPECT_EQ(cpython_order(down), (V{65, 2, 100, 37, 72, 9, 44, 79, 16, 51, 86, 23, 58, 93, 30}));
}

TEST(SetOrder, IntegerSetsKeepFirstSeen) {
  EXPECT_EQ(seq(IntegerSet{1, 8}), (V{8, 1}));
  EXPECT_EQ(seq(IntegerSet{9, 1}), (V{9, 1}));
  EXPECT_EQ(seq(IntegerSet{1, 9}), (V{1, 9}));
  EXPECT_EQ(seq(IntegerSet{9, 1, 9}), (V{9, 1}));
  EXPECT_EQ(seq(IntegerSet{1, 9, 1}), (V{1, 9}));
  EXPECT_EQ(seq(IntegerSet{9, 1, 8, 0, 2}), (V{0, 1, 2, 8, 9}));
  EXPECT_EQ(IntegerSet({1, 9}), IntegerSet({9, 1})); // equal as sets
  EXPECT_EQ(seq(FrozenSet<bool>{true, false}), (std::vector<bool>{false, true}));
}

TEST(SetOrder, PaletteOfGrids) {
  EXPECT_EQ(seq(palette(Grid{{8, 1}})), (V{8, 1}));
  EXPECT_EQ(seq(palette(Grid{{1, 8}})), (V{8, 1}));
  EXPECT_EQ(seq(palette(Grid{{9, 1}})), (V{9, 1}));
  EXPECT_EQ(seq(palette(Grid{{1, 9}})), (V{1, 9}));
  EXPECT_EQ(seq(palette(Grid{{1}, {9}, {1}})), (V{1, 9}));
  EXPECT_EQ(seq(palette(Grid{{5, 4, 3}, {2, 1, 1}})), (V{1, 2, 3, 4, 5}));
}

TEST(SetOrder, PaletteOfObjects) {
  // The colours are seen in the object's iteration order: CPython iterates the first object
  // as (1, (1, 1)), (9, (0, 0)) and the second as (8, (0, 0)), (1, (1, 1)).
  EXPECT_EQ(seq(palette(Object{{9, {0, 0}}, {1, {1, 1}}})), (V{1, 9}));
  EXPECT_EQ(seq(palette(Object{{8, {0, 0}}, {1, {1, 1}}})), (V{8, 1}));
}

TEST(SetOrder, MostcolorTies) {
  EXPECT_EQ(mostcolor(Grid{{1, 8}, {8, 1}}), 8);
  EXPECT_EQ(mostcolor(Grid{{8, 1}, {1, 8}}), 8);
  EXPECT_EQ(mostcolor(Grid{{9, 1}, {1, 9}}), 9);
  EXPECT_EQ(mostcolor(Grid{{1, 9}, {9, 1}}), 1);
  EXPECT_EQ(mostcolor(Grid{{0, 8}}), 0);
  EXPECT_EQ(mostcolor(Grid{{8, 0}}), 8);
  EXPECT_EQ(mostcolor(Grid{{5, 4, 3, 2, 1}}), 1); // five colours below 32: ascending
  EXPECT_EQ(mostcolor(Object{{9, {0, 0}}, {1, {1, 1}}}), 1);
  EXPECT_EQ(mostcolor(Object{{8, {0, 0}}, {1, {1, 1}}}), 8);
}

TEST(SetOrder, LeastcolorTies) {
  EXPECT_EQ(leastcolor(Grid{{1, 8}}), 8);
  EXPECT_EQ(leastcolor(Grid{{1, 9}}), 1);
  EXPECT_EQ(leastcolor(Grid{{9, 1}}), 9);
  EXPECT_EQ(leastcolor(Grid{{9, 9, 2, 7, 7}}), 2);
  EXPECT_EQ(leastcolor(Grid{{3, 2, 2, 3, 9, 1, 5}}), 1); // five colours below 32: ascending
  EXPECT_EQ(leastcolor(Object{{9, {0, 0}}, {1, {1, 1}}}), 1);
}

TEST(SetOrder, MostcommonOfTuples) {
  EXPECT_EQ(mostcommon(Tuple<int>{2, 10, 3}), 3); // iterates 3, 2, 10
  EXPECT_EQ(leastcommon(Tuple<int>{0, 8}), 0);
  EXPECT_EQ(leastcommon(Tuple<int>{8, 0}), 8);
}

TEST(SetOrder, SetAlgebraOnSmallIntegers) {
  // a - b rebuilds the set from a's order unless a is more than four times larger than b.
  EXPECT_EQ(seq(difference(IntegerSet{0, 1, 2, 8, 9}, IntegerSet{0})), (V{8, 1, 2, 9}));
  EXPECT_EQ(seq(difference(IntegerSet{0, 1, 2, 3, 4, 5, 6, 7, 8}, IntegerSet{1})),
            (V{0, 2, 3, 4, 5, 6, 7, 8}));
  // a & b iterates the smaller set, and b when the sizes are equal.
  EXPECT_EQ(seq(intersection(IntegerSet{0, 1, 2, 8, 9}, IntegerSet{9, 1})), (V{9, 1}));
  EXPECT_EQ(seq(intersection(IntegerSet{9, 1}, IntegerSet{0, 1, 2, 8, 9})), (V{9, 1}));
  EXPECT_EQ(seq(intersection(IntegerSet{1, 9}, IntegerSet{9, 1})), (V{9, 1}));
  EXPECT_EQ(seq(intersection(IntegerSet{9, 1}, IntegerSet{1, 9})), (V{1, 9}));
  EXPECT_EQ(seq(insert(1, IntegerSet{9})), (V{9, 1}));
  EXPECT_EQ(seq(insert(9, IntegerSet{1})), (V{1, 9}));
  EXPECT_EQ(seq(combine(IntegerSet{9}, IntegerSet{1})), (V{9, 1}));
  EXPECT_EQ(seq(combine(IntegerSet{1}, IntegerSet{9})), (V{1, 9}));
  EXPECT_EQ(seq(sfilter(IntegerSet{0, 1, 2, 8, 9}, positive)), (V{8, 1, 2, 9}));
  EXPECT_EQ(seq(remove(0, IntegerSet{0, 1, 2, 8, 9})), (V{8, 1, 2, 9}));
  EXPECT_EQ(first(remove(0, IntegerSet{0, 1, 2, 8, 9})), 8);
  EXPECT_EQ(other(IntegerSet{0, 9, 1}, 0), 9); // {9, 1} rebuilt: 9, 1
}

TEST(SetOrder, OtherSetsIterateAsCPython) {
  // Expectations from CPython 3.11: list(frozenset(items)) for the items in this order.
  EXPECT_EQ(seq(Indices{{1, 0}, {0, 5}, {0, 1}}), (std::vector<P>{{1, 0}, {0, 5}, {0, 1}}));
  EXPECT_EQ(seq(Object{{2, {0, 0}}, {1, {5, 5}}, {1, {0, 3}}}),
            (std::vector<Cell>{{2, {0, 0}}, {1, {0, 3}}, {1, {5, 5}}}));
  const Object a{{1, {0, 0}}, {3, {0, 1}}};
  const Object b{{1, {0, 0}}, {2, {5, 5}}};
  const Object c{{0, {9, 9}}};
  const Object d{{1, {0, 0}}};
  EXPECT_EQ(seq(Objects{a, b, c, d}), (std::vector<Object>{c, a, d, b}));
  EXPECT_EQ(seq(FrozenSet<Tuple<int>>{Tuple<int>{2}, Tuple<int>{1, 5}, Tuple<int>{1}}),
            (std::vector<Tuple<int>>{Tuple<int>{1}, Tuple<int>{2}, Tuple<int>{1, 5}}));
  EXPECT_EQ(seq(FrozenSet<Grid>{Grid{{2}}, Grid{{1, 5}}, Grid{{1}, {0}}}),
            (std::vector<Grid>{Grid{{2}}, Grid{{1}, {0}}, Grid{{1, 5}}}));
}

TEST(SetOrder, FirstLastFollowTheOrder) {
  EXPECT_EQ(first(IntegerSet{1, 9}), 1);
  EXPECT_EQ(first(IntegerSet{9, 1}), 9);
  EXPECT_EQ(last(IntegerSet{1, 8}), 1);
  EXPECT_EQ(first(Objects{Object{{2, {0, 0}}}, Object{{1, {5, 5}}}}), (Object{{2, {0, 0}}}));
  EXPECT_EQ(totuple(IntegerSet{2, 10, 3}), (Tuple<int>{3, 2, 10}));
}

} // namespace
} // namespace battgpu::dsl_tests
