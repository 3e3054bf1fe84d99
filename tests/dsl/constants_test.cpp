// The reference DSL's constants, and the batt constants R0-R7 (object modes), F0-F9 and
// L1-L10 (element positions).
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <type_traits>

namespace battgpu::dsl_tests {
using namespace battgpu::dsl;
namespace {

using P = IntegerTuple;

static_assert(std::is_same_v<decltype(T), const Boolean>);
static_assert(std::is_same_v<decltype(ZERO), const Integer>);
static_assert(std::is_same_v<decltype(DOWN), const IntegerTuple>);
static_assert(std::is_same_v<decltype(R5), const Integer>);
static_assert(std::is_same_v<decltype(L10), const Integer>);

TEST(Constants, Booleans) {
  EXPECT_FALSE(F);
  EXPECT_TRUE(T);
}

TEST(Constants, Integers) {
  EXPECT_EQ(ZERO, 0);
  EXPECT_EQ(ONE, 1);
  EXPECT_EQ(TWO, 2);
  EXPECT_EQ(THREE, 3);
  EXPECT_EQ(FOUR, 4);
  EXPECT_EQ(FIVE, 5);
  EXPECT_EQ(SIX, 6);
  EXPECT_EQ(SEVEN, 7);
  EXPECT_EQ(EIGHT, 8);
  EXPECT_EQ(NINE, 9);
  EXPECT_EQ(TEN, 10);
  EXPECT_EQ(NEG_ONE, -1);
  EXPECT_EQ(NEG_TWO, -2);
}

TEST(Constants, Vectors) {
  EXPECT_EQ(DOWN, (P{1, 0}));
  EXPECT_EQ(RIGHT, (P{0, 1}));
  EXPECT_EQ(UP, (P{-1, 0}));
  EXPECT_EQ(LEFT, (P{0, -1}));
  EXPECT_EQ(ORIGIN, (P{0, 0}));
  EXPECT_EQ(UNITY, (P{1, 1}));
  EXPECT_EQ(NEG_UNITY, (P{-1, -1}));
  EXPECT_EQ(UP_RIGHT, (P{-1, 1}));
  EXPECT_EQ(DOWN_LEFT, (P{1, -1}));
  EXPECT_EQ(ZERO_BY_TWO, (P{0, 2}));
  EXPECT_EQ(TWO_BY_ZERO, (P{2, 0}));
  EXPECT_EQ(TWO_BY_TWO, (P{2, 2}));
  EXPECT_EQ(THREE_BY_THREE, (P{3, 3}));
}

TEST(Constants, ObjectModes) {
  // R = 4 * univalued + 2 * diagonal + without_bg.
  EXPECT_EQ(R0, 0);
  EXPECT_EQ(R1, 1);
  EXPECT_EQ(R2, 2);
  EXPECT_EQ(R3, 3);
  EXPECT_EQ(R4, 4);
  EXPECT_EQ(R5, 5);
  EXPECT_EQ(R6, 6);
  EXPECT_EQ(R7, 7);
  // R5: univalued, not diagonal, without background.
  Grid g{{0, 1, 0}, {0, 1, 2}};
  EXPECT_EQ(o_g(g, R5), (Objects{Object{{1, {0, 1}}, {1, {1, 1}}}, Object{{2, {1, 2}}}}));
  // R3: multicolour, diagonal, without background.
  EXPECT_EQ(o_g(g, R3), (Objects{Object{{1, {0, 1}}, {1, {1, 1}}, {2, {1, 2}}}}));
  // R4: univalued, not diagonal, with background.
  EXPECT_EQ(o_g(g, R4), (Objects{Object{{0, {0, 0}}, {0, {1, 0}}}, Object{{0, {0, 2}}},
                                 Object{{1, {0, 1}}, {1, {1, 1}}}, Object{{2, {1, 2}}}}));
}

TEST(Constants, Positions) {
  EXPECT_EQ(F0, 0);
  EXPECT_EQ(F1, 1);
  EXPECT_EQ(F2, 2);
  EXPECT_EQ(F3, 3);
  EXPECT_EQ(F4, 4);
  EXPECT_EQ(F5, 5);
  EXPECT_EQ(F6, 6);
  EXPECT_EQ(F7, 7);
  EXPECT_EQ(F8, 8);
  EXPECT_EQ(F9, 9);
  EXPECT_EQ(L1, -1);
  EXPECT_EQ(L2, -2);
  EXPECT_EQ(L3, -3);
  EXPECT_EQ(L4, -4);
  EXPECT_EQ(L5, -5);
  EXPECT_EQ(L6, -6);
  EXPECT_EQ(L7, -7);
  EXPECT_EQ(L8, -8);
  EXPECT_EQ(L9, -9);
  EXPECT_EQ(L10, -10);
  Tuple<Integer> t{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  EXPECT_EQ(get_nth_t(t, F9), 9);
  EXPECT_EQ(get_nth_t(t, L10), 0);
  EXPECT_EQ(get_nth_t(t, L1), 9);
}

} // namespace
} // namespace battgpu::dsl_tests
