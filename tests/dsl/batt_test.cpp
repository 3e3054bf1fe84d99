// The batt extensions: second, o_g, o_g_t, p_g, get_nth_t, get_nth_f, difference_tuple.
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <type_traits>

namespace battgpu::dsl_tests {
using namespace battgpu::dsl;
namespace {

using P = IntegerTuple;
using Ints = Tuple<Integer>;

const Object o1{{1, {0, 0}}};
const Object o2{{2, {0, 1}}};

// Colours 1 and 8 tie; the background is 8 (see objects_test.cpp).
//   1 1 8 8
//   8 2 1 8
//   1 8 2 1
const Grid tie{{1, 1, 8, 8}, {8, 2, 1, 8}, {1, 8, 2, 1}};

TEST(Batt, Second) {
  EXPECT_EQ(second(Ints{3, 1, 2}), 1);
  EXPECT_EQ(second(IntegerSet{1, 8}), 1); // iterates 8, 1
  EXPECT_EQ(second(Indices{{2, 2}, {0, 0}, {1, 1}}), (P{1, 1}));
  EXPECT_EQ(second(Grid{{1, 2}, {3, 4}}), (Ints{3, 4}));
  EXPECT_EQ(second(P{4, 5}), 5);
  EXPECT_EQ(second(Cell{3, {1, 2}}), (P{1, 2}));
  Samples samples{Sample{Grid{{1}}, Grid{{2}}}, Sample{Grid{{3}}, Grid{{4, 4}}}};
  EXPECT_EQ(second(samples[0]), (Grid{{2}}));
  EXPECT_EQ(apply(second, samples), (Tuple<Grid>{Grid{{2}}, Grid{{4, 4}}}));
  EXPECT_EQ(apply(first, samples), (Tuple<Grid>{Grid{{1}}, Grid{{3}}}));
}

TEST(Batt, SecondOfShortContainers) {
  EXPECT_EQ(second(Ints{5}), 0);
  EXPECT_EQ(second(Ints{}), 0);
  EXPECT_EQ(second(Grid{{1}}), Ints{});
  EXPECT_EQ(second(Objects{o1}), Object{});
}

TEST(Batt, OgUsesTheModeBits) {
  EXPECT_EQ(
      o_g(tie, R1),
      (Objects{Object{{1, {0, 0}}, {1, {0, 1}}, {2, {1, 1}}, {1, {1, 2}}, {2, {2, 2}}, {1, {2, 3}}},
               Object{{1, {2, 0}}}}));
  EXPECT_EQ(o_g(tie, R3), (Objects{Object{{1, {0, 0}},
                                          {1, {0, 1}},
                                          {2, {1, 1}},
                                          {1, {1, 2}},
                                          {1, {2, 0}},
                                          {2, {2, 2}},
                                          {1, {2, 3}}}}));
  EXPECT_EQ(o_g(tie, R7), (Objects{Object{{1, {0, 0}}, {1, {0, 1}}, {1, {1, 2}}, {1, {2, 3}}},
                                   Object{{1, {2, 0}}}, Object{{2, {1, 1}}, {2, {2, 2}}}}));
  EXPECT_EQ(o_g(tie, R0).size(), 1u);
  EXPECT_EQ(o_g(tie, R2).size(), 1u);
  EXPECT_EQ(o_g(tie, R4).size(), 9u);
  EXPECT_EQ(o_g(tie, R6).size(), 5u);
  for (Integer mode : {R0, R1, R2, R3, R4, R5, R6, R7})
    EXPECT_EQ(o_g(tie, mode), objects(tie, (mode & 4) != 0, (mode & 2) != 0, (mode & 1) != 0))
        << "mode " << mode;
  EXPECT_EQ(o_g(Grid{}, R5), Objects{});
}

TEST(Batt, OgTIsTheSetInOrder) {
  auto t = o_g_t(tie, R5);
  static_assert(std::is_same_v<decltype(t), Tuple<Object>>);
  // `tuple(objects(tie, True, False, True))` as CPython 3.11 iterates it.
  EXPECT_EQ(
      t, (Tuple<Object>{Object{{1, {1, 2}}}, Object{{2, {2, 2}}}, Object{{1, {0, 1}}, {1, {0, 0}}},
                        Object{{1, {2, 3}}}, Object{{1, {2, 0}}}, Object{{2, {1, 1}}}}));
  EXPECT_EQ(o_g_t(Grid{}, R0), Tuple<Object>{});
  EXPECT_EQ(rbind(o_g_t, R7)(tie).size(), 3u);
}

TEST(Batt, PgIsThePaletteInSetOrder) {
  EXPECT_EQ(p_g(tie), (Ints{8, 1, 2}));
  EXPECT_EQ(p_g(Grid{{1, 9}, {9, 1}}), (Ints{1, 9}));
  EXPECT_EQ(p_g(Grid{{9, 1}}), (Ints{9, 1}));
  EXPECT_EQ(p_g(Grid{{0, 8}}), (Ints{0, 8}));
  EXPECT_EQ(p_g(Grid{{8, 0}}), (Ints{8, 0}));
  EXPECT_EQ(p_g(Grid{{9, 7, 5, 3, 1}}), (Ints{1, 3, 5, 7, 9})); // five or more: ascending
  EXPECT_EQ(p_g(Grid{}), Ints{});
}

TEST(Batt, GetNthT) {
  Ints t{5, 6, 7};
  EXPECT_EQ(get_nth_t(t, F0), 5);
  EXPECT_EQ(get_nth_t(t, F2), 7);
  EXPECT_EQ(get_nth_t(t, F3), 0);
  EXPECT_EQ(get_nth_t(t, L1), 7);
  EXPECT_EQ(get_nth_t(t, L3), 5);
  EXPECT_EQ(get_nth_t(t, L4), 0);
  EXPECT_EQ(get_nth_t(Tuple<Grid>{Grid{{1}}, Grid{{2}}}, L1), (Grid{{2}}));
  EXPECT_EQ(get_nth_t(Tuple<Object>{}, F0), Object{});
  EXPECT_EQ(get_nth_t(Ints{4, 4}, F1), 4);
}

TEST(Batt, GetNthF) {
  IntegerSet s{9, 1}; // iterates 9, 1
  EXPECT_EQ(get_nth_f(s, F0), 9);
  EXPECT_EQ(get_nth_f(s, F1), 1);
  EXPECT_EQ(get_nth_f(s, L1), 1);
  EXPECT_EQ(get_nth_f(s, L2), 9);
  EXPECT_EQ(get_nth_f(s, F2), 0);
  EXPECT_EQ(get_nth_f(s, L3), 0);
  // CPython iterates frozenset({(1, 1), (0, 0)}) as (1, 1), (0, 0), and {o2, o1} as o2, o1.
  EXPECT_EQ(get_nth_f(Indices{{1, 1}, {0, 0}}, F0), (P{1, 1}));
  EXPECT_EQ(get_nth_f(Objects{o2, o1}, F1), o1);
  EXPECT_EQ(get_nth_f(Objects{}, L1), Object{});
  EXPECT_EQ(rbind(get_nth_f, F0)(o_g(tie, R5)), (Object{{1, {1, 2}}}));
}

TEST(Batt, DifferenceTuple) {
  EXPECT_EQ(difference_tuple(Ints{3, 1, 3, 2}, Ints{3}), (Ints{1, 2}));
  EXPECT_EQ(difference_tuple(Ints{1, 2, 3, 2}, IntegerSet{2}), (Ints{1, 3}));
  EXPECT_EQ(difference_tuple(Ints{2, 1, 2}, Ints{}), (Ints{2, 1, 2})); // order and duplicates
  EXPECT_EQ(difference_tuple(Ints{1, 2}, Ints{2, 1}), Ints{});
  EXPECT_EQ(difference_tuple(Tuple<Object>{o1, o2, o1}, Objects{o2}), (Tuple<Object>{o1, o1}));
  EXPECT_EQ(difference_tuple(Ints{}, Ints{1}), Ints{});
}

} // namespace
} // namespace battgpu::dsl_tests
