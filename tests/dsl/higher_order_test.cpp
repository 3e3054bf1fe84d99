// Functions of functions (branch, compose, chain, matcher, rbind, lbind, power, fork and the
// apply family), and the check that every primitive of the reference DSL exists as a value.
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <type_traits>

namespace battgpu::dsl_tests {
using namespace battgpu::dsl;
namespace {

using P = IntegerTuple;
using Ints = Tuple<Integer>;

const Object o1{{1, {0, 0}}};
const Object o2{{2, {0, 1}}};
const Object o3{{1, {1, 0}}, {1, {1, 1}}};

// ---------------------------------------------------------------------------------------------
// Every primitive is a value.

template <class F> constexpr bool is_function_value() {
  return std::is_object_v<F> && std::is_copy_constructible_v<F> &&
         std::is_default_constructible_v<std::remove_const_t<F>>;
}

/// Takes each primitive as a value, the way apply(first, S) or rbind(o_g, R5) do.
template <class... Fs> constexpr int count_function_values(const Fs&...) {
  return (0 + ... + (is_function_value<Fs>() ? 1 : 0));
}

template <class First, class... Rest> constexpr bool distinct_types() {
  if constexpr (sizeof...(Rest) == 0)
    return true;
  else
    return (!std::is_same_v<First, Rest> && ...) && distinct_types<Rest...>();
}
template <class... Fs> constexpr bool all_distinct(const Fs&...) {
  return distinct_types<Fs...>();
}

// The 160 primitives of the reference dsl.py, in its order (`double` and `switch` are spelled
// `double_` and `switch_`). A missing one fails the build.
#define BATTGPU_REFERENCE_PRIMITIVES                                                               \
  identity, add, subtract, multiply, divide, invert, even, double_, halve, flip, equality,         \
      contained, combine, intersection, difference, dedupe, order, repeat, greater, size, merge,   \
      maximum, minimum, valmax, valmin, argmax, argmin, mostcommon, leastcommon, initset, both,    \
      either, increment, decrement, crement, sign, positive, toivec, tojvec, sfilter, mfilter,     \
      extract, totuple, first, last, insert, remove, other, interval, astuple, product, pair,      \
      branch, compose, chain, matcher, rbind, lbind, power, fork, apply, rapply, mapply, papply,   \
      mpapply, prapply, mostcolor, leastcolor, height, width, shape, portrait, colorcount,         \
      colorfilter, sizefilter, asindices, ofcolor, ulcorner, urcorner, llcorner, lrcorner, crop,   \
      toindices, recolor, shift, normalize, dneighbors, ineighbors, neighbors, objects, partition, \
      fgpartition, uppermost, lowermost, leftmost, rightmost, square, vline, hline, hmatching,     \
      vmatching, manhattan, adjacent, bordering, centerofmass, palette, numcolors, color,          \
      toobject, asobject, rot90, rot180, rot270, hmirror, vmirror, dmirror, cmirror, fill, paint,  \
      underfill, underpaint, hupscale, vupscale, upscale, downscale, hconcat, vconcat, subgrid,    \
      hsplit, vsplit, cellwise, replace, switch_, center, position, index, canvas, corners,        \
      connect, cover, trim, move, tophalf, bottomhalf, lefthalf, righthalf, vfrontier, hfrontier,  \
      backdrop, delta, gravitate, inbox, outbox, box, shoot, occurrences, frontiers, compress,     \
      hperiod, vperiod

#define BATTGPU_BATT_EXTENSIONS second, o_g, o_g_t, p_g, get_nth_t, get_nth_f, difference_tuple

static_assert(count_function_values(BATTGPU_REFERENCE_PRIMITIVES) == 160);
static_assert(all_distinct(BATTGPU_REFERENCE_PRIMITIVES, BATTGPU_BATT_EXTENSIONS));
static_assert(count_function_values(BATTGPU_BATT_EXTENSIONS) == 7);

TEST(Primitives, AllReferencePrimitivesAreValues) {
  EXPECT_EQ(count_function_values(BATTGPU_REFERENCE_PRIMITIVES), 160);
  EXPECT_EQ(count_function_values(BATTGPU_BATT_EXTENSIONS), 7);
  // Passed around like any value, they still compute.
  auto pass = [](auto f) { return f; };
  EXPECT_EQ(pass(add)(2, 3), 5);
  EXPECT_EQ(pass(switch_)(Grid{{1, 2}}, 1, 2), (Grid{{2, 1}}));
  EXPECT_EQ(pass(double_)(4), 8);
}

#undef BATTGPU_REFERENCE_PRIMITIVES
#undef BATTGPU_BATT_EXTENSIONS

// ---------------------------------------------------------------------------------------------

TEST(HigherOrder, Branch) {
  EXPECT_EQ(branch(true, 1, 2), 1);
  EXPECT_EQ(branch(false, 1, 2), 2);
  EXPECT_EQ(branch(false, Grid{{1}}, Grid{{2}}), (Grid{{2}}));
  EXPECT_EQ(branch(true, P{1, 0}, P{0, 1}), (P{1, 0}));
}

TEST(HigherOrder, BranchBetweenFunctions) {
  // As in the reference solvers: x3 = branch(portrait(x1), identity, dmirror); x4 = x3(I).
  Grid g{{1, 2, 3}, {4, 5, 6}};
  EXPECT_EQ(branch(true, identity, dmirror)(g), g);
  EXPECT_EQ(branch(false, identity, dmirror)(g), (Grid{{1, 4}, {2, 5}, {3, 6}}));
  EXPECT_EQ(branch(false, identity, rot90)(g), (Grid{{4, 1}, {5, 2}, {6, 3}}));
  auto pick = branch(portrait(Indices{{0, 0}, {1, 0}}), hmirror, vmirror);
  EXPECT_EQ(pick(g), (Grid{{4, 5, 6}, {1, 2, 3}}));
  // Functions of one type are values of one type: the chosen one is returned.
  auto same = branch(false, rot90, rot90);
  static_assert(std::is_same_v<decltype(same), rot90_fn>);
  EXPECT_EQ(same(Grid{{1, 2}}), (Grid{{1}, {2}}));
  EXPECT_EQ(compose(size, branch(true, first, last))(Tuple<Ints>{{1, 2}, {3}}), 2);
}

TEST(HigherOrder, ComposeAndChain) {
  EXPECT_EQ(compose(increment, double_)(3), 7); // outer(inner(x))
  EXPECT_EQ(compose(double_, increment)(3), 8);
  EXPECT_EQ(compose(size, merge)(Tuple<Ints>{{1, 2}, {3}}), 3);
  EXPECT_EQ(chain(invert, increment, double_)(3), -7); // h(g(f(x)))
  EXPECT_EQ(chain(double_, double_, increment)(0), 4);
}

TEST(HigherOrder, Matcher) {
  EXPECT_TRUE(matcher(first, 1)(Ints{1, 2}));
  EXPECT_FALSE(matcher(first, 1)(Ints{2, 1}));
  EXPECT_TRUE(matcher(size, 2)(o3));
  EXPECT_FALSE(matcher(identity, 1)(P{0, 1})); // different types are never equal
  EXPECT_TRUE(matcher(shape, P{1, 2})(Grid{{5, 5}}));
}

TEST(HigherOrder, RbindLbindTwoArguments) {
  EXPECT_EQ(rbind(subtract, 1)(5), 4);
  EXPECT_EQ(lbind(subtract, 10)(3), 7);
  EXPECT_TRUE(rbind(greater, 2)(3));
  EXPECT_FALSE(lbind(greater, 2)(3));
  EXPECT_EQ(rbind(shift, P{1, 0})(Indices{{0, 0}}), (Indices{{1, 0}}));
}

TEST(HigherOrder, RbindLbindThreeArguments) {
  EXPECT_EQ(rbind(interval, 2)(0, 6), (Ints{0, 2, 4})); // interval(0, 6, 2)
  EXPECT_EQ(lbind(interval, 1)(4, 1), (Ints{1, 2, 3})); // interval(1, 4, 1)
  Grid g{{0, 0}, {0, 0}};
  EXPECT_EQ(rbind(fill, Indices{{0, 0}})(g, 5), (Grid{{5, 0}, {0, 0}}));
  EXPECT_EQ(lbind(fill, g)(6, Indices{{1, 1}}), (Grid{{0, 0}, {0, 6}}));
}

TEST(HigherOrder, RbindLbindFourArguments) {
  Grid g{{0, 1}, {1, 1}};
  // objects(g, T, F, T): background 1, so the single 0 is the only object.
  EXPECT_EQ(rbind(objects, true)(g, true, false), (Objects{Object{{0, {0, 0}}}}));
  EXPECT_EQ(lbind(objects, g)(false, false, false),
            (Objects{Object{{0, {0, 0}}, {1, {0, 1}}, {1, {1, 0}}, {1, {1, 1}}}}));
}

TEST(HigherOrder, Power) {
  EXPECT_EQ(power(increment, 3)(0), 3);
  EXPECT_EQ(power(double_, 1)(5), 10);
  EXPECT_EQ(power(double_, 4)(1), 16);
  EXPECT_EQ(power(rot90, 2)(Grid{{1, 2}, {3, 4}}), (Grid{{4, 3}, {2, 1}}));
  // Python recurses without end for n < 1; the port applies the function once.
  EXPECT_EQ(power(increment, 0)(0), 1);
}

TEST(HigherOrder, Fork) {
  EXPECT_EQ(fork(add, increment, double_)(3), 10);
  EXPECT_EQ(fork(astuple, height, width)(Grid{{1, 2, 3}, {4, 5, 6}}), (P{2, 3}));
  EXPECT_EQ(fork(combine, identity, identity)(Ints{1, 2}), (Ints{1, 2, 1, 2}));
}

TEST(HigherOrder, ApplyKeepsKind) {
  EXPECT_EQ(apply(increment, Ints{1, 1, 2}), (Ints{2, 2, 3})); // duplicates kept
  auto s = apply(increment, IntegerSet{1, 2});
  static_assert(std::is_same_v<decltype(s), IntegerSet>);
  EXPECT_EQ(s, (IntegerSet{2, 3}));
  EXPECT_EQ(apply(halve, IntegerSet{2, 3}), (IntegerSet{1})); // a set deduplicates
  EXPECT_EQ(apply(size, Objects{o1, o2, o3}), (IntegerSet{1, 2}));
  EXPECT_EQ(apply(first, Grid{{1, 2}, {3, 4}}), (Ints{1, 3})); // a grid gives a tuple
  EXPECT_EQ(apply(increment, Ints{}), Ints{});
  EXPECT_EQ(apply(size, Objects{}), IntegerSet{});
}

TEST(HigherOrder, ApplyToSmallIntegersFollowsSetOrder) {
  // {1, 9} iterates 1, 9 and maps to 9, 1: the set built from them iterates 9, 1.
  EXPECT_EQ(seq(apply(lbind(subtract, 10), IntegerSet{1, 9})), (std::vector<int>{9, 1}));
  EXPECT_EQ(seq(apply(lbind(subtract, 10), IntegerSet{9, 1})), (std::vector<int>{1, 9}));
}

TEST(HigherOrder, ApplyWithBooleanResults) {
  EXPECT_EQ(apply(even, Ints{1, 2, 2}), (Tuple<bool>{false, true, true}));
  auto s = apply(even, IntegerSet{1, 2, 3});
  static_assert(std::is_same_v<decltype(s), FrozenSet<bool>>);
  EXPECT_EQ(seq(s), (std::vector<bool>{false, true}));
  EXPECT_EQ(apply(positive, IntegerSet{1, 2}), (FrozenSet<bool>{true}));
  // The pattern of a reference solver: keep the grid that equals its mirror image.
  Tuple<Grid> grids{Grid{{1, 2}}, Grid{{3, 3}}};
  auto same = papply(equality, grids, apply(vmirror, grids));
  EXPECT_EQ(same, (Tuple<bool>{false, true}));
  EXPECT_EQ(first(extract(pair(grids, same), last)), (Grid{{3, 3}}));
}

/// A comparable, hashable function object, so that a frozenset of functions can be built.
/// (Python hashes functions by identity, so their sets have no reproducible order.)
struct AddK {
  int k = 0;
  int operator()(int x) const { return x + k; }
  friend auto operator<=>(const AddK&, const AddK&) = default;
  friend std::int64_t python_hash(const AddK& f) { return f.k; }
};

TEST(HigherOrder, RapplyKeepsKind) {
  Tuple<std::function<int(int)>> fs{increment, double_, increment};
  EXPECT_EQ(rapply(fs, 5), (Ints{6, 10, 6}));
  auto s = rapply(FrozenSet<AddK>{AddK{1}, AddK{-1}, AddK{1}}, 5);
  static_assert(std::is_same_v<decltype(s), IntegerSet>);
  EXPECT_EQ(s, (IntegerSet{4, 6}));
  Tuple<std::function<P(const Indices&)>> corners_of{ulcorner, lrcorner};
  EXPECT_EQ(rapply(corners_of, Indices{{1, 2}, {3, 0}}), (Tuple<P>{{1, 0}, {3, 2}}));
  EXPECT_EQ(rapply(Tuple<std::function<int(int)>>{}, 5), Ints{});
}

TEST(HigherOrder, MapplyKeepsKind) {
  EXPECT_EQ(mapply(lbind(repeat, 7), Ints{1, 2}), (Ints{7, 7, 7}));
  EXPECT_EQ(mapply(lbind(repeat, 7), IntegerSet{1, 2}), (IntegerSet{7}));
  EXPECT_EQ(mapply(toindices, Objects{o1, o3}), (Indices{{0, 0}, {1, 0}, {1, 1}}));
  EXPECT_EQ(mapply(rbind(shift, P{1, 0}), Objects{o1, o2}), (Object{{1, {1, 0}}, {2, {1, 1}}}));
  EXPECT_EQ(mapply(toindices, Objects{}), Indices{});
}

TEST(HigherOrder, Papply) {
  EXPECT_EQ(papply(add, Ints{1, 2, 3}, Ints{10, 20}), (Ints{11, 22}));
  // Frozensets are zipped in iteration order ({8, 1} iterates 8, 1); the result is a tuple.
  EXPECT_EQ(papply(astuple, IntegerSet{8, 1}, Ints{5, 6}), (Tuple<P>{{8, 5}, {1, 6}}));
  auto t = papply(manhattan, Objects{o3, o1}, Objects{o2}); // o1 iterates first
  static_assert(std::is_same_v<decltype(t), Ints>);
  EXPECT_EQ(t, (Ints{1}));
  EXPECT_EQ(papply(add, Ints{}, Ints{1}), Ints{});
}

TEST(HigherOrder, Mpapply) {
  EXPECT_EQ(mpapply(repeat, Ints{1, 2}, Ints{2, 1}), (Ints{1, 1, 2}));
  // A tuple of shifted objects merges into a tuple of cells.
  EXPECT_EQ(mpapply(shift, Tuple<Object>{o1, o2}, Tuple<P>{{1, 0}, {0, 1}}),
            (Tuple<Cell>{{1, {1, 0}}, {2, {0, 2}}}));
}

TEST(HigherOrder, Prapply) {
  auto s = prapply(add, Ints{1, 2}, Ints{10, 20});
  static_assert(std::is_same_v<decltype(s), IntegerSet>);
  EXPECT_EQ(s, (IntegerSet{11, 12, 21, 22}));
  EXPECT_EQ(prapply(astuple, IntegerSet{1}, Ints{2, 3}), (Indices{{1, 2}, {1, 3}}));
  // Built as `for j in b for i in a`, so the small-integer set order shows the loop order.
  EXPECT_EQ(seq(prapply(add, Ints{0, 8}, Ints{1})), (std::vector<int>{1, 9}));
  EXPECT_EQ(seq(prapply(add, Ints{8, 0}, Ints{1})), (std::vector<int>{9, 1}));
  EXPECT_EQ(seq(prapply(add, Ints{0, 1}, Ints{8, 0})), (std::vector<int>{8, 9, 0, 1}));
  EXPECT_EQ(prapply(add, Ints{}, Ints{1}), IntegerSet{});
}

} // namespace
} // namespace battgpu::dsl_tests
