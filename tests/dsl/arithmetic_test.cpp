// Numbers, pairs and booleans: identity ... astuple. Expected values follow Python's integer
// semantics (floor division and modulo, ZeroDivisionError -> 0).
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <type_traits>

namespace battgpu::dsl_tests {
using namespace battgpu::dsl;
namespace {

using P = IntegerTuple;

TEST(Arithmetic, Identity) {
  EXPECT_EQ(identity(7), 7);
  EXPECT_EQ(identity(P{1, -2}), (P{1, -2}));
  EXPECT_EQ(identity(Tuple<int>{3, 3}), (Tuple<int>{3, 3}));
  Grid g{{1, 2}};
  EXPECT_EQ(identity(g), g);
}

TEST(Arithmetic, ResultTypesFollowOperands) {
  static_assert(std::is_same_v<decltype(add(1, 2)), Integer>);
  static_assert(std::is_same_v<decltype(add(P{1, 2}, 3)), IntegerTuple>);
  static_assert(std::is_same_v<decltype(add(3, P{1, 2})), IntegerTuple>);
  static_assert(std::is_same_v<decltype(divide(P{1, 2}, P{1, 2})), IntegerTuple>);
  static_assert(std::is_same_v<decltype(halve(5)), Integer>);
  static_assert(std::is_same_v<decltype(invert(P{1, 2})), IntegerTuple>);
  SUCCEED();
}

TEST(Arithmetic, Add) {
  EXPECT_EQ(add(2, 3), 5);
  EXPECT_EQ(add(-2, -3), -5);
  EXPECT_EQ(add(P{1, 2}, P{3, 4}), (P{4, 6}));
  EXPECT_EQ(add(1, P{2, 3}), (P{3, 4}));
  EXPECT_EQ(add(P{2, 3}, -1), (P{1, 2}));
  EXPECT_EQ(add(true, 1), 2); // booleans are integers
}

TEST(Arithmetic, Subtract) {
  EXPECT_EQ(subtract(2, 5), -3);
  EXPECT_EQ(subtract(P{1, 2}, P{3, 5}), (P{-2, -3}));
  EXPECT_EQ(subtract(10, P{1, 2}), (P{9, 8}));
  EXPECT_EQ(subtract(P{5, 6}, 1), (P{4, 5}));
}

TEST(Arithmetic, Multiply) {
  EXPECT_EQ(multiply(3, -4), -12);
  EXPECT_EQ(multiply(P{2, 3}, P{4, 5}), (P{8, 15}));
  EXPECT_EQ(multiply(2, P{3, -1}), (P{6, -2}));
  EXPECT_EQ(multiply(P{3, -1}, 2), (P{6, -2}));
  EXPECT_EQ(multiply(0, P{3, -1}), (P{0, 0}));
}

TEST(Arithmetic, DivideFloorsLikePython) {
  EXPECT_EQ(divide(7, 2), 3);
  EXPECT_EQ(divide(-7, 2), -4);
  EXPECT_EQ(divide(7, -2), -4);
  EXPECT_EQ(divide(-7, -2), 3);
  EXPECT_EQ(divide(-6, 3), -2);
  EXPECT_EQ(divide(0, -5), 0);
  EXPECT_EQ(divide(P{7, -7}, P{2, 2}), (P{3, -4}));
  EXPECT_EQ(divide(9, P{2, -4}), (P{4, -3}));
  EXPECT_EQ(divide(P{9, -9}, 4), (P{2, -3}));
}

TEST(Arithmetic, DivideByZeroIsZero) {
  EXPECT_EQ(divide(5, 0), 0);
  EXPECT_EQ(divide(-5, 0), 0);
  EXPECT_EQ(divide(P{1, 2}, 0), (P{0, 0}));
  EXPECT_EQ(divide(P{7, 8}, P{2, 0}), (P{0, 0})); // Python raises on the second component
  EXPECT_EQ(divide(7, P{0, 1}), (P{0, 0}));
}

TEST(Arithmetic, Invert) {
  EXPECT_EQ(invert(3), -3);
  EXPECT_EQ(invert(-3), 3);
  EXPECT_EQ(invert(0), 0);
  EXPECT_EQ(invert(P{1, -2}), (P{-1, 2}));
}

TEST(Arithmetic, EvenUsesPythonModulo) {
  EXPECT_TRUE(even(0));
  EXPECT_TRUE(even(4));
  EXPECT_FALSE(even(3));
  EXPECT_FALSE(even(-3));
  EXPECT_TRUE(even(-4));
}

TEST(Arithmetic, Double) {
  EXPECT_EQ(double_(-3), -6);
  EXPECT_EQ(double_(0), 0);
  EXPECT_EQ(double_(P{1, -2}), (P{2, -4}));
}

TEST(Arithmetic, HalveFloors) {
  EXPECT_EQ(halve(7), 3);
  EXPECT_EQ(halve(-3), -2);
  EXPECT_EQ(halve(-4), -2);
  EXPECT_EQ(halve(-1), -1);
  EXPECT_EQ(halve(P{5, -5}), (P{2, -3}));
}

TEST(Arithmetic, Flip) {
  EXPECT_FALSE(flip(true));
  EXPECT_TRUE(flip(false));
}

TEST(Arithmetic, Equality) {
  EXPECT_TRUE(equality(1, 1));
  EXPECT_FALSE(equality(1, 2));
  EXPECT_TRUE(equality(P{1, 2}, P{1, 2}));
  EXPECT_FALSE(equality(1, P{1, 1}));                   // different types are never equal
  EXPECT_FALSE(equality(Tuple<int>{1}, IntegerSet{1})); // a tuple is not a frozenset
  EXPECT_TRUE(equality(IntegerSet{1, 8}, IntegerSet{8, 1}));
  EXPECT_FALSE(equality(Tuple<int>{1, 2}, Tuple<int>{2, 1}));
  EXPECT_TRUE(equality(Grid{{1, 2}}, Grid{{1, 2}}));
  EXPECT_FALSE(equality(Grid{{1, 2}}, Grid{{1}, {2}}));
}

TEST(Arithmetic, Greater) {
  EXPECT_TRUE(greater(3, 2));
  EXPECT_FALSE(greater(2, 2));
  EXPECT_FALSE(greater(2, 3));
  EXPECT_TRUE(greater(-1, -2));
}

TEST(Arithmetic, BothEither) {
  EXPECT_TRUE(both(true, true));
  EXPECT_FALSE(both(true, false));
  EXPECT_FALSE(both(false, true));
  EXPECT_FALSE(both(false, false));
  EXPECT_TRUE(either(true, false));
  EXPECT_TRUE(either(false, true));
  EXPECT_TRUE(either(true, true));
  EXPECT_FALSE(either(false, false));
}

TEST(Arithmetic, IncrementDecrement) {
  EXPECT_EQ(increment(-1), 0);
  EXPECT_EQ(increment(P{1, -1}), (P{2, 0}));
  EXPECT_EQ(decrement(0), -1);
  EXPECT_EQ(decrement(P{1, -1}), (P{0, -2}));
}

TEST(Arithmetic, Crement) {
  EXPECT_EQ(crement(0), 0);
  EXPECT_EQ(crement(3), 4);
  EXPECT_EQ(crement(-3), -4);
  EXPECT_EQ(crement(P{0, -2}), (P{0, -3}));
  EXPECT_EQ(crement(P{2, 0}), (P{3, 0}));
}

TEST(Arithmetic, Sign) {
  EXPECT_EQ(sign(-5), -1);
  EXPECT_EQ(sign(0), 0);
  EXPECT_EQ(sign(7), 1);
  EXPECT_EQ(sign(P{-2, 0}), (P{-1, 0}));
  EXPECT_EQ(sign(P{0, 9}), (P{0, 1}));
}

TEST(Arithmetic, Positive) {
  EXPECT_FALSE(positive(0));
  EXPECT_TRUE(positive(1));
  EXPECT_FALSE(positive(-1));
}

TEST(Arithmetic, Vectors) {
  EXPECT_EQ(toivec(3), (P{3, 0}));
  EXPECT_EQ(toivec(-1), (P{-1, 0}));
  EXPECT_EQ(tojvec(-2), (P{0, -2}));
  EXPECT_EQ(tojvec(5), (P{0, 5}));
  EXPECT_EQ(astuple(1, -2), (P{1, -2}));
}

} // namespace
} // namespace battgpu::dsl_tests
