// Primitives over containers: membership, set algebra, ordering, selection, construction.
// Each expectation is Python's result for the same call, worked out by hand; where Python
// raises, the result is the empty value of the result type.
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <type_traits>

namespace battgpu::dsl_tests {
using namespace battgpu::dsl;
namespace {

using P = IntegerTuple;
using Ints = Tuple<Integer>;
using Rows = Tuple<Tuple<Integer>>;

const Object o1{{1, {0, 0}}};
const Object o2{{2, {0, 1}}};
const Object o3{{1, {1, 0}}, {1, {1, 1}}};

TEST(Collections, Contained) {
  EXPECT_TRUE(contained(2, Ints{1, 2}));
  EXPECT_FALSE(contained(3, IntegerSet{1, 2}));
  EXPECT_TRUE(contained(P{0, 1}, Indices{{0, 1}, {1, 1}}));
  EXPECT_FALSE(contained(1, Indices{{0, 1}})); // an integer is never equal to a pair
  EXPECT_TRUE(contained(Ints{3, 4}, Grid{{1, 2}, {3, 4}}));
  EXPECT_FALSE(contained(Ints{4, 3}, Grid{{1, 2}, {3, 4}}));
  EXPECT_FALSE(contained(1, Ints{}));
  EXPECT_TRUE(contained(o3, Objects{o1, o3}));
}

TEST(Collections, CombineKeepsKind) {
  EXPECT_EQ(combine(Ints{1, 2, 2}, Ints{2, 3}), (Ints{1, 2, 2, 2, 3}));
  auto u = combine(IntegerSet{1, 2}, IntegerSet{2, 3});
  static_assert(std::is_same_v<decltype(u), IntegerSet>);
  EXPECT_EQ(u, (IntegerSet{1, 2, 3}));
  // CPython iterates frozenset(((1, 1), (0, 0))) in that order.
  EXPECT_EQ(seq(combine(Indices{{1, 1}}, Indices{{0, 0}})), (std::vector<P>{{1, 1}, {0, 0}}));
  EXPECT_EQ(combine(Ints{}, Ints{}), Ints{});
  EXPECT_EQ(combine(Objects{o1}, Objects{o1, o2}), (Objects{o1, o2}));
}

TEST(Collections, CombineGrids) {
  EXPECT_EQ(combine(Grid{{1, 2}}, Grid{{3, 4}}), (Grid{{1, 2}, {3, 4}}));
  EXPECT_EQ(combine(Grid{}, Grid{{3, 4}}), (Grid{{3, 4}}));
  EXPECT_EQ(combine(Grid{{1}}, Grid{}), (Grid{{1}}));
  EXPECT_EQ(combine(Grid{{1, 2}}, Grid{{3}}), Grid{}); // ragged: no grid
}

TEST(Collections, Intersection) {
  EXPECT_EQ(intersection(Indices{{0, 0}, {1, 1}, {2, 2}}, Indices{{1, 1}, {3, 3}}),
            (Indices{{1, 1}}));
  EXPECT_EQ(intersection(Indices{{0, 0}}, Indices{{1, 1}}), Indices{});
  EXPECT_EQ(intersection(Indices{}, Indices{{1, 1}}), Indices{});
  EXPECT_EQ(intersection(Objects{o1, o2}, Objects{o2, o3}), (Objects{o2}));
}

TEST(Collections, Difference) {
  EXPECT_EQ(difference(Indices{{0, 0}, {1, 1}}, Indices{{1, 1}, {5, 5}}), (Indices{{0, 0}}));
  EXPECT_EQ(difference(Indices{{0, 0}}, Indices{}), (Indices{{0, 0}}));
  EXPECT_EQ(difference(Indices{}, Indices{{0, 0}}), Indices{});
  EXPECT_EQ(difference(Objects{o1, o2, o3}, Objects{o2}), (Objects{o1, o3}));
}

TEST(Collections, Dedupe) {
  EXPECT_EQ(dedupe(Ints{3, 1, 3, 2, 1}), (Ints{3, 1, 2}));
  EXPECT_EQ(dedupe(Tuple<P>{{1, 1}, {0, 0}, {1, 1}}), (Tuple<P>{{1, 1}, {0, 0}}));
  EXPECT_EQ(dedupe(Ints{}), Ints{});
  // A frozenset has no `index`: Python raises for a non-empty one, gives () for an empty one.
  EXPECT_EQ(dedupe(IntegerSet{1}), Ints{});
  EXPECT_EQ(dedupe(IntegerSet{}), Ints{});
}

TEST(Collections, Order) {
  EXPECT_EQ(order(Ints{3, 1, 2}, identity), (Ints{1, 2, 3}));
  EXPECT_EQ(order(Ints{3, 1, 2}, invert), (Ints{3, 2, 1}));
  // Stable: equal keys keep the container's order.
  EXPECT_EQ(order(Tuple<P>{{0, 5}, {1, 1}, {0, 2}}, first), (Tuple<P>{{0, 5}, {0, 2}, {1, 1}}));
  // A frozenset gives a tuple, sorted from its iteration order (0,1) (1,2) (2,0).
  auto byCol = order(Indices{{2, 0}, {0, 1}, {1, 2}}, last);
  static_assert(std::is_same_v<decltype(byCol), Tuple<P>>);
  EXPECT_EQ(byCol, (Tuple<P>{{2, 0}, {0, 1}, {1, 2}}));
  // {9, 1, 2} iterates 9, 2, 1; sorting by evenness (False < True) keeps 9 before 1.
  EXPECT_EQ(order(IntegerSet{9, 1, 2}, even), (Ints{9, 1, 2}));
  EXPECT_EQ(order(Objects{o3, o1}, size), (Tuple<Object>{o1, o3}));
  EXPECT_EQ(order(Grid{{3, 0}, {1, 5}, {2, 2}}, first), (Rows{{1, 5}, {2, 2}, {3, 0}}));
  EXPECT_EQ(order(Ints{}, identity), Ints{});
}

TEST(Collections, Repeat) {
  EXPECT_EQ(repeat(7, 3), (Ints{7, 7, 7}));
  EXPECT_EQ(repeat(P{1, 2}, 2), (Tuple<P>{{1, 2}, {1, 2}}));
  EXPECT_EQ(repeat(Grid{{1}}, 2), (Tuple<Grid>{Grid{{1}}, Grid{{1}}}));
  EXPECT_EQ(repeat(7, 0), Ints{});
  EXPECT_EQ(repeat(7, -2), Ints{});
}

TEST(Collections, Size) {
  EXPECT_EQ(size(Ints{1, 1}), 2);
  EXPECT_EQ(size(IntegerSet{1, 1}), 1);
  EXPECT_EQ(size(Grid{{1, 2, 3}, {4, 5, 6}}), 2); // rows
  EXPECT_EQ(size(Grid{}), 0);
  EXPECT_EQ(size(o3), 2);
  EXPECT_EQ(size(Objects{}), 0);
  EXPECT_EQ(size(P{4, 5}), 2);
}

TEST(Collections, Merge) {
  EXPECT_EQ(merge(Rows{{1, 2}, {2}, {}}), (Ints{1, 2, 2}));
  auto m = merge(FrozenSet<Indices>{Indices{{0, 0}}, Indices{{0, 0}, {1, 1}}});
  static_assert(std::is_same_v<decltype(m), Indices>);
  EXPECT_EQ(m, (Indices{{0, 0}, {1, 1}}));
  EXPECT_EQ(merge(Objects{o1, o2}), (Object{{1, {0, 0}}, {2, {0, 1}}}));
  // A tuple of sets merges into a tuple, duplicates kept.
  EXPECT_EQ(merge(Tuple<Indices>{Indices{{0, 0}}, Indices{{0, 0}}}), (Tuple<P>{{0, 0}, {0, 0}}));
  EXPECT_EQ(merge(Grid{{1, 2}, {3, 4}}), (Ints{1, 2, 3, 4}));
  EXPECT_EQ(merge(Objects{}), Object{});
}

TEST(Collections, MaximumMinimum) {
  EXPECT_EQ(maximum(IntegerSet{3, 9, 1}), 9);
  EXPECT_EQ(minimum(IntegerSet{3, 9, 1}), 1);
  EXPECT_EQ(maximum(Ints{-1, -5}), -1);
  EXPECT_EQ(minimum(Ints{-1, -5}), -5);
  EXPECT_EQ(maximum(IntegerSet{}), 0); // default=0
  EXPECT_EQ(minimum(Ints{}), 0);
}

TEST(Collections, ValmaxValmin) {
  EXPECT_EQ(valmax(Rows{{1}, {1, 2, 3}, {4, 5}}, size), 3);
  EXPECT_EQ(valmin(Rows{{1}, {1, 2, 3}, {4, 5}}, size), 1);
  EXPECT_EQ(valmax(Objects{o1, o3}, size), 2);
  EXPECT_EQ(valmax(Ints{3, -7, 2}, invert), 7);
  EXPECT_EQ(valmin(Ints{3, -7, 2}, invert), -3);
  EXPECT_EQ(valmax(Objects{}, size), 0);
  EXPECT_EQ(valmin(Ints{}, identity), 0);
}

TEST(Collections, ArgmaxArgmin) {
  EXPECT_EQ(argmax(Rows{{1}, {1, 2, 3}, {4, 5}}, size), (Ints{1, 2, 3}));
  EXPECT_EQ(argmin(Rows{{1}, {1, 2, 3}, {4, 5}}, size), (Ints{1}));
  EXPECT_EQ(argmax(Ints{3, 1, 2}, invert), 1);
  EXPECT_EQ(argmin(Ints{3, 1, 2}, invert), 3);
}

TEST(Collections, ArgmaxArgminTiesGoToTheFirst) {
  EXPECT_EQ(argmax(Ints{2, 4, 6}, even), 2);
  EXPECT_EQ(argmin(Ints{3, 2, 5}, even), 3);
  EXPECT_EQ(argmax(Ints{3, 2, 5}, even), 2);
  EXPECT_EQ(argmax(Rows{{1, 2}, {3, 4}}, size), (Ints{1, 2}));
  EXPECT_EQ(argmin(Rows{{1, 2}, {3, 4}}, size), (Ints{1, 2}));
  // CPython iterates frozenset({o2, o1}) as o2, o1.
  EXPECT_EQ(argmax(Objects{o2, o1}, size), o2);
  EXPECT_EQ(argmin(Objects{o2, o1}, size), o2);
  // Small integers iterate in CPython's order: {1, 8} as 8, 1; {1, 9} as 1, 9; {9, 1} as 9, 1.
  EXPECT_EQ(argmax(IntegerSet{1, 8}, positive), 8);
  EXPECT_EQ(argmin(IntegerSet{1, 8}, positive), 8);
  EXPECT_EQ(argmax(IntegerSet{1, 9}, positive), 1);
  EXPECT_EQ(argmax(IntegerSet{9, 1}, positive), 9);
}

TEST(Collections, ArgmaxArgminOfEmpty) {
  EXPECT_EQ(argmax(Objects{}, size), Object{});
  EXPECT_EQ(argmin(Ints{}, identity), 0);
  EXPECT_EQ(argmax(Indices{}, first), (P{0, 0}));
}

TEST(Collections, MostcommonLeastcommon) {
  EXPECT_EQ(mostcommon(Ints{2, 3, 3, 2, 3}), 3);
  EXPECT_EQ(leastcommon(Ints{2, 3, 3, 2, 3}), 2);
  EXPECT_EQ(mostcommon(Grid{{1, 2}, {3, 4}, {1, 2}}), (Ints{1, 2}));
  EXPECT_EQ(leastcommon(Grid{{1, 2}, {3, 4}, {1, 2}}), (Ints{3, 4}));
}

TEST(Collections, MostcommonTiesFollowSetOrder) {
  // set((1, 9, 9, 1)) iterates 1, 9; set((9, 1, 1, 9)) iterates 9, 1; {1, 8} iterates 8, 1.
  EXPECT_EQ(mostcommon(Ints{1, 9, 9, 1}), 1);
  EXPECT_EQ(mostcommon(Ints{9, 1, 1, 9}), 9);
  EXPECT_EQ(leastcommon(Ints{1, 9, 9, 1}), 1);
  EXPECT_EQ(leastcommon(Ints{9, 1, 1, 9}), 9);
  EXPECT_EQ(mostcommon(Ints{1, 8}), 8);
  EXPECT_EQ(leastcommon(Ints{1, 8}), 8);
  // CPython iterates set(((1, 1), (0, 0), ...)) as (1, 1), (0, 0).
  EXPECT_EQ(mostcommon(Tuple<P>{{1, 1}, {0, 0}, {1, 1}, {0, 0}}), (P{1, 1}));
}

TEST(Collections, MostcommonWherePythonRaises) {
  // A frozenset has no `count`; max() of an empty set raises.
  EXPECT_EQ(mostcommon(IntegerSet{1, 2}), 0);
  EXPECT_EQ(leastcommon(IntegerSet{1}), 0);
  EXPECT_EQ(mostcommon(Ints{}), 0);
  EXPECT_EQ(leastcommon(Tuple<P>{}), (P{0, 0}));
}

TEST(Collections, Initset) {
  EXPECT_EQ(initset(5), (IntegerSet{5}));
  EXPECT_EQ(initset(P{1, 2}), (Indices{{1, 2}}));
  EXPECT_EQ(initset(o1), (Objects{o1}));
}

TEST(Collections, SfilterKeepsKind) {
  EXPECT_EQ(sfilter(Ints{1, 2, 3, 4, 2}, even), (Ints{2, 4, 2}));
  auto evens = sfilter(IntegerSet{1, 2, 3, 4}, even);
  static_assert(std::is_same_v<decltype(evens), IntegerSet>);
  EXPECT_EQ(evens, (IntegerSet{2, 4}));
  EXPECT_EQ(sfilter(Objects{o1, o2, o3}, matcher(size, 2)), (Objects{o3}));
  EXPECT_EQ(sfilter(Ints{}, even), Ints{});
}

TEST(Collections, SfilterGridRows) {
  EXPECT_EQ(sfilter(Grid{{2, 1}, {3, 4}, {6, 6}}, compose(even, first)), (Grid{{2, 1}, {6, 6}}));
  EXPECT_EQ(sfilter(Grid{{1, 2}, {3, 4}}, compose(even, first)), Grid{});
}

TEST(Collections, Mfilter) {
  EXPECT_EQ(mfilter(Objects{o1, o2, o3}, matcher(size, 1)), (Object{{1, {0, 0}}, {2, {0, 1}}}));
  EXPECT_EQ(mfilter(Rows{{1, 2}, {3}, {4, 5}}, matcher(size, 2)), (Ints{1, 2, 4, 5}));
  EXPECT_EQ(mfilter(Objects{o1}, matcher(size, 5)), Object{});
}

TEST(Collections, Extract) {
  EXPECT_EQ(extract(Ints{1, 4, 6}, even), 4);
  EXPECT_EQ(extract(Ints{1, 3}, even), 0); // StopIteration
  EXPECT_EQ(extract(IntegerSet{1, 8}, positive), 8);
  EXPECT_EQ(extract(Objects{o1, o3}, matcher(size, 2)), o3);
  EXPECT_EQ(extract(Objects{}, matcher(size, 2)), Object{});
}

TEST(Collections, Totuple) {
  EXPECT_EQ(totuple(Indices{{1, 1}, {0, 2}}), (Tuple<P>{{1, 1}, {0, 2}})); // CPython's order
  EXPECT_EQ(totuple(IntegerSet{1, 8}), (Ints{8, 1}));
  EXPECT_EQ(totuple(Ints{2, 2}), (Ints{2, 2}));
  EXPECT_EQ(totuple(Grid{{1, 2}, {3, 4}}), (Rows{{1, 2}, {3, 4}}));
  EXPECT_EQ(totuple(Objects{}), Tuple<Object>{});
}

TEST(Collections, FirstLast) {
  EXPECT_EQ(first(Ints{3, 1, 2}), 3);
  EXPECT_EQ(last(Ints{3, 1, 2}), 2);
  EXPECT_EQ(first(Indices{{1, 1}, {0, 2}}), (P{1, 1})); // CPython iterates (1, 1), (0, 2)
  EXPECT_EQ(last(Indices{{1, 1}, {0, 2}}), (P{0, 2}));
  EXPECT_EQ(first(IntegerSet{1, 8}), 8);
  EXPECT_EQ(last(IntegerSet{1, 8}), 1);
  EXPECT_EQ(first(Grid{{1, 2}, {3, 4}}), (Ints{1, 2}));
  EXPECT_EQ(last(Grid{{1, 2}, {3, 4}}), (Ints{3, 4}));
  EXPECT_EQ(first(P{4, 5}), 4);
  EXPECT_EQ(last(P{4, 5}), 5);
  EXPECT_EQ(first(Cell{3, {1, 2}}), 3);
  EXPECT_EQ(last(Cell{3, {1, 2}}), (P{1, 2}));
  Sample sample{Grid{{1}}, Grid{{2}}};
  EXPECT_EQ(first(sample), (Grid{{1}}));
  EXPECT_EQ(last(sample), (Grid{{2}}));
}

TEST(Collections, FirstLastOfEmpty) {
  EXPECT_EQ(first(Ints{}), 0);
  EXPECT_EQ(last(Ints{}), 0);
  EXPECT_EQ(last(Indices{}), (P{0, 0}));
  EXPECT_EQ(first(Grid{}), Ints{});
  EXPECT_EQ(last(Grid{}), Ints{});
  EXPECT_EQ(first(Objects{}), Object{});
  EXPECT_EQ(last(Tuple<Grid>{}), Grid{});
}

TEST(Collections, Insert) {
  EXPECT_EQ(insert(P{0, 0}, Indices{{1, 1}}), (Indices{{0, 0}, {1, 1}}));
  EXPECT_EQ(insert(P{1, 1}, Indices{{1, 1}}), (Indices{{1, 1}}));
  EXPECT_EQ(insert(5, IntegerSet{}), (IntegerSet{5}));
  EXPECT_EQ(insert(o2, Objects{o1}), (Objects{o1, o2}));
}

TEST(Collections, RemoveKeepsKind) {
  EXPECT_EQ(remove(2, Ints{1, 2, 3, 2}), (Ints{1, 3}));
  auto r = remove(2, IntegerSet{1, 2, 3});
  static_assert(std::is_same_v<decltype(r), IntegerSet>);
  EXPECT_EQ(r, (IntegerSet{1, 3}));
  EXPECT_EQ(remove(7, Ints{1}), (Ints{1}));
  EXPECT_EQ(remove(Ints{1, 2}, Grid{{1, 2}, {3, 4}, {1, 2}}), (Grid{{3, 4}}));
  EXPECT_EQ(remove(o1, Objects{o1, o2}), (Objects{o2}));
  EXPECT_EQ(remove(1, Ints{}), Ints{});
}

TEST(Collections, Other) {
  EXPECT_EQ(other(IntegerSet{1, 2}, 1), 2);
  EXPECT_EQ(other(Ints{4, 3, 2}, 4), 3);
  EXPECT_EQ(other(Ints{5, 5, 6}, 5), 6);
  EXPECT_EQ(other(Objects{o1, o2}, o2), o1);
  EXPECT_EQ(other(IntegerSet{1}, 1), 0); // nothing left: StopIteration
  EXPECT_EQ(other(Objects{}, o1), Object{});
}

TEST(Collections, Interval) {
  EXPECT_EQ(interval(0, 5, 2), (Ints{0, 2, 4}));
  EXPECT_EQ(interval(5, 0, -2), (Ints{5, 3, 1}));
  EXPECT_EQ(interval(-3, 0, 1), (Ints{-3, -2, -1}));
  EXPECT_EQ(interval(3, 3, 1), Ints{});
  EXPECT_EQ(interval(0, -3, 1), Ints{});
  EXPECT_EQ(interval(0, 5, 0), Ints{}); // range() raises for step 0
}

TEST(Collections, Product) {
  auto p = product(Ints{1, 2}, IntegerSet{3});
  static_assert(std::is_same_v<decltype(p), FrozenSet<P>>);
  EXPECT_EQ(p, (FrozenSet<P>{{1, 3}, {2, 3}}));
  EXPECT_EQ(product(Ints{1, 1}, Ints{2}), (FrozenSet<P>{{1, 2}}));
  // As CPython 3.11 iterates product((1, 0), (6, 5)).
  EXPECT_EQ(seq(product(Ints{1, 0}, Ints{6, 5})), (std::vector<P>{{1, 6}, {1, 5}, {0, 5}, {0, 6}}));
  EXPECT_EQ(product(Ints{}, Ints{1}), FrozenSet<P>{});
}

TEST(Collections, Pair) {
  EXPECT_EQ(pair(Ints{1, 2, 3}, Ints{4, 5}), (Tuple<P>{{1, 4}, {2, 5}}));
  EXPECT_EQ(pair(IntegerSet{8, 1}, Ints{5, 6}), (Tuple<P>{{8, 5}, {1, 6}}));
  EXPECT_EQ(pair(Ints{}, Ints{1}), Tuple<P>{});
}

TEST(Collections, Sizefilter) {
  EXPECT_EQ(sizefilter(Objects{o1, o2, o3}, 1), (Objects{o1, o2}));
  EXPECT_EQ(sizefilter(Objects{o1, o2, o3}, 2), (Objects{o3}));
  EXPECT_EQ(sizefilter(Objects{o1, o2, o3}, 3), Objects{});
  auto rows = sizefilter(Rows{{1}, {2, 3}, {4}, {1}}, 1);
  static_assert(std::is_same_v<decltype(rows), FrozenSet<Ints>>);
  EXPECT_EQ(rows, (FrozenSet<Ints>{Ints{1}, Ints{4}}));
  EXPECT_EQ(sizefilter(Grid{{1, 2}, {3, 4}}, 2), (FrozenSet<Ints>{Ints{1, 2}, Ints{3, 4}}));
}

} // namespace
} // namespace battgpu::dsl_tests
