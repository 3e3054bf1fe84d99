// Patches (objects and indices) and the measurements shared with grids. Coordinates may be
// negative: shifted patches leave the grid. Where Python raises (an empty patch), the result
// is the empty value of the result type.
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <type_traits>

namespace battgpu::dsl_tests {
using namespace battgpu::dsl;
namespace {

using P = IntegerTuple;

/// The indices (i + k * di, j + k * dj) for k = 0 .. count - 1.
Indices ray(P start, P step, int count) {
  std::vector<P> out;
  for (int k = 0; k < count; ++k)
    out.emplace_back(start.first + k * step.first, start.second + k * step.second);
  return Indices(std::move(out));
}

const Indices scattered{{2, -1}, {-3, 4}, {0, 0}};

TEST(Patches, Toindices) {
  auto idx = toindices(Object{{1, {0, 0}}, {2, {1, 1}}});
  static_assert(std::is_same_v<decltype(idx), Indices>);
  EXPECT_EQ(idx, (Indices{{0, 0}, {1, 1}}));
  EXPECT_EQ(toindices(Indices{{3, 3}}), (Indices{{3, 3}}));
  // Indices are returned as they are: a tuple stays a tuple, duplicates included.
  auto t = toindices(Tuple<P>{{1, 1}, {1, 1}});
  static_assert(std::is_same_v<decltype(t), Tuple<P>>);
  EXPECT_EQ(t, (Tuple<P>{{1, 1}, {1, 1}}));
  EXPECT_EQ(toindices(Tuple<Cell>{{1, {0, 0}}, {2, {0, 0}}}), (Indices{{0, 0}}));
  EXPECT_EQ(toindices(Object{}), Indices{});
}

TEST(Patches, Recolor) {
  EXPECT_EQ(recolor(3, Indices{{0, 0}, {1, 2}}), (Object{{3, {0, 0}}, {3, {1, 2}}}));
  EXPECT_EQ(recolor(3, Object{{1, {0, 0}}, {2, {0, 1}}}), (Object{{3, {0, 0}}, {3, {0, 1}}}));
  EXPECT_EQ(recolor(5, Object{{1, {0, 0}}, {2, {0, 0}}}), (Object{{5, {0, 0}}}));
  EXPECT_EQ(recolor(4, Indices{{-1, -2}}), (Object{{4, {-1, -2}}}));
  EXPECT_EQ(recolor(3, Indices{}), Object{});
}

TEST(Patches, ShiftNegative) {
  EXPECT_EQ(shift(Indices{{0, 0}, {1, 2}}, P{1, -1}), (Indices{{1, -1}, {2, 1}}));
  EXPECT_EQ(shift(Object{{4, {0, 0}}}, P{-2, -3}), (Object{{4, {-2, -3}}}));
  EXPECT_EQ(shift(Object{{4, {-2, -3}}, {5, {0, 0}}}, P{2, 3}), (Object{{4, {0, 0}}, {5, {2, 3}}}));
  // A tuple gives a frozenset, as in Python.
  auto s = shift(Tuple<P>{{0, 0}, {0, 0}}, P{1, 1});
  static_assert(std::is_same_v<decltype(s), Indices>);
  EXPECT_EQ(s, (Indices{{1, 1}}));
  EXPECT_EQ(shift(Indices{}, P{1, 1}), Indices{});
}

TEST(Patches, Extremes) {
  EXPECT_EQ(uppermost(scattered), -3);
  EXPECT_EQ(lowermost(scattered), 2);
  EXPECT_EQ(leftmost(scattered), -1);
  EXPECT_EQ(rightmost(scattered), 4);
  Object obj{{9, {5, 1}}, {1, {3, 7}}};
  EXPECT_EQ(uppermost(obj), 3);
  EXPECT_EQ(lowermost(obj), 5);
  EXPECT_EQ(leftmost(obj), 1);
  EXPECT_EQ(rightmost(obj), 7);
  EXPECT_EQ(uppermost(Indices{}), 0);
  EXPECT_EQ(lowermost(Object{}), 0);
  EXPECT_EQ(leftmost(Tuple<P>{}), 0);
  EXPECT_EQ(rightmost(Indices{}), 0);
}

TEST(Patches, NormalizeNegative) {
  EXPECT_EQ(normalize(Indices{{2, 3}, {4, 5}}), (Indices{{0, 0}, {2, 2}}));
  EXPECT_EQ(normalize(Indices{{-2, -3}, {0, 1}}), (Indices{{0, 0}, {2, 4}}));
  EXPECT_EQ(normalize(Object{{7, {-1, 5}}, {8, {0, 3}}}), (Object{{7, {0, 2}}, {8, {1, 0}}}));
  EXPECT_EQ(normalize(Tuple<P>{{1, 1}, {1, 1}}), (Indices{{0, 0}}));
  EXPECT_EQ(normalize(Indices{}), Indices{});
  EXPECT_EQ(normalize(Object{}), Object{});
}

TEST(Patches, Neighbours) {
  EXPECT_EQ(dneighbors(P{0, 0}), (Indices{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}));
  EXPECT_EQ(ineighbors(P{0, 0}), (Indices{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}));
  EXPECT_EQ(dneighbors(P{-1, 3}), (Indices{{-2, 3}, {0, 3}, {-1, 2}, {-1, 4}}));
  EXPECT_EQ(ineighbors(P{5, -5}), (Indices{{4, -6}, {4, -4}, {6, -6}, {6, -4}}));
  EXPECT_EQ(neighbors(P{0, 0}),
            (Indices{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}));
  EXPECT_EQ(neighbors(P{2, 3}),
            (Indices{{1, 2}, {1, 3}, {1, 4}, {2, 2}, {2, 4}, {3, 2}, {3, 3}, {3, 4}}));
}

TEST(Patches, Corners) {
  EXPECT_EQ(ulcorner(scattered), (P{-3, -1}));
  EXPECT_EQ(urcorner(scattered), (P{-3, 4}));
  EXPECT_EQ(llcorner(scattered), (P{2, -1}));
  EXPECT_EQ(lrcorner(scattered), (P{2, 4}));
  Object obj{{9, {5, 1}}, {1, {3, 7}}};
  EXPECT_EQ(ulcorner(obj), (P{3, 1}));
  EXPECT_EQ(lrcorner(obj), (P{5, 7}));
  EXPECT_EQ(corners(scattered), (Indices{{-3, -1}, {-3, 4}, {2, -1}, {2, 4}}));
  EXPECT_EQ(corners(Indices{{1, 1}}), (Indices{{1, 1}}));
}

TEST(Patches, CornersOfEmpty) {
  EXPECT_EQ(ulcorner(Indices{}), (P{0, 0}));
  EXPECT_EQ(urcorner(Object{}), (P{0, 0}));
  EXPECT_EQ(llcorner(Indices{}), (P{0, 0}));
  EXPECT_EQ(lrcorner(Object{}), (P{0, 0}));
  EXPECT_EQ(corners(Indices{}), Indices{});
}

TEST(Patches, HeightWidthShape) {
  Grid g{{1, 2, 3}, {4, 5, 6}};
  EXPECT_EQ(height(g), 2);
  EXPECT_EQ(width(g), 3);
  EXPECT_EQ(shape(g), (P{2, 3}));
  EXPECT_EQ(shape(Grid{}), (P{0, 0}));
  EXPECT_EQ(shape(empty_rows(2)), (P{2, 0}));
  EXPECT_EQ(shape(scattered), (P{6, 6}));
  EXPECT_EQ(shape(Indices{{1, 1}}), (P{1, 1}));
  EXPECT_EQ(shape(Object{{1, {0, 0}}, {1, {0, 4}}}), (P{1, 5}));
  EXPECT_EQ(shape(Indices{}), (P{0, 0}));
  EXPECT_EQ(height(Object{}), 0);
}

TEST(Patches, Portrait) {
  EXPECT_FALSE(portrait(Grid{{1, 2, 3}, {4, 5, 6}}));
  EXPECT_TRUE(portrait(Grid{{1}, {2}, {3}}));
  EXPECT_TRUE(portrait(Indices{{0, 0}, {2, 0}}));
  EXPECT_FALSE(portrait(Indices{{0, 0}, {0, 2}}));
  EXPECT_FALSE(portrait(Indices{{0, 0}}));
  EXPECT_FALSE(portrait(Indices{}));
}

TEST(Patches, Square) {
  EXPECT_TRUE(square(Grid{{1, 2}, {3, 4}}));
  EXPECT_FALSE(square(Grid{{1, 2, 3}, {4, 5, 6}}));
  EXPECT_FALSE(square(Grid{}));        // grid[0] raises
  EXPECT_FALSE(square(empty_rows(2))); // 2 rows, 0 columns
  EXPECT_TRUE(square(Indices{{0, 0}, {0, 1}, {1, 0}, {1, 1}}));
  EXPECT_FALSE(square(Indices{{0, 0}, {1, 1}}));
  EXPECT_TRUE(square(Indices{{5, 5}}));
  EXPECT_TRUE(square(Indices{}));                 // 0 * 0 == 0 and 0 == 0
  EXPECT_FALSE(square(Tuple<P>{{0, 0}, {0, 0}})); // len counts the duplicate
}

TEST(Patches, VlineHline) {
  EXPECT_TRUE(vline(Indices{{0, 1}, {1, 1}, {2, 1}}));
  EXPECT_FALSE(vline(Indices{{0, 1}, {2, 1}}));
  EXPECT_TRUE(vline(Indices{{0, 0}}));
  EXPECT_TRUE(hline(Indices{{0, 0}}));
  EXPECT_TRUE(hline(Indices{{3, 0}, {3, 1}}));
  EXPECT_FALSE(hline(Indices{{3, 0}, {4, 0}}));
  EXPECT_FALSE(vline(Indices{}));
  EXPECT_FALSE(hline(Indices{}));
  EXPECT_TRUE(vline(Object{{1, {0, 0}}, {2, {1, 0}}}));
  // Grids: len(grid) is the number of rows.
  EXPECT_TRUE(vline(Grid{{1}, {2}}));
  EXPECT_FALSE(vline(Grid{{1, 2}}));
  EXPECT_FALSE(hline(Grid{{1, 2}})); // width 2 != len 1
  EXPECT_TRUE(hline(Grid{{7}}));
  EXPECT_TRUE(vline(Grid{{7}}));
}

TEST(Patches, Matching) {
  Indices a{{0, 0}, {1, 1}};
  EXPECT_TRUE(hmatching(a, Indices{{1, 5}}));
  EXPECT_FALSE(vmatching(a, Indices{{1, 5}}));
  EXPECT_TRUE(vmatching(a, Object{{3, {7, 1}}}));
  EXPECT_FALSE(hmatching(a, Object{{3, {7, 1}}}));
  EXPECT_FALSE(hmatching(a, Indices{}));
  EXPECT_FALSE(vmatching(Indices{}, a));
}

TEST(Patches, ManhattanAdjacent) {
  Indices a{{0, 0}, {1, 1}};
  EXPECT_EQ(manhattan(a, Indices{{3, 4}}), 5);
  EXPECT_EQ(manhattan(a, Indices{{-1, -1}}), 2);
  EXPECT_EQ(manhattan(Object{{1, {0, 0}}}, Object{{2, {0, 0}}}), 0);
  EXPECT_EQ(manhattan(a, Indices{}), 0); // min() of nothing raises
  EXPECT_TRUE(adjacent(Indices{{0, 0}}, Indices{{0, 1}}));
  EXPECT_TRUE(adjacent(Indices{{0, 0}}, Indices{{-1, 0}}));
  EXPECT_FALSE(adjacent(Indices{{0, 0}}, Indices{{1, 1}}));
  EXPECT_FALSE(adjacent(Indices{{0, 0}}, Indices{{0, 0}}));
  EXPECT_FALSE(adjacent(Indices{}, Indices{{0, 0}}));
}

TEST(Patches, Bordering) {
  Grid g{{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}};
  EXPECT_FALSE(bordering(Indices{{1, 1}}, g));
  EXPECT_FALSE(bordering(Indices{{1, 2}}, g));
  EXPECT_TRUE(bordering(Indices{{0, 2}}, g));
  EXPECT_TRUE(bordering(Indices{{1, 0}}, g));
  EXPECT_TRUE(bordering(Indices{{2, 1}}, g));
  EXPECT_TRUE(bordering(Object{{5, {1, 3}}}, g));
  EXPECT_FALSE(bordering(Indices{{-1, 5}}, g)); // outside, but no coordinate on the border
  EXPECT_FALSE(bordering(Indices{}, g));
  // Empty grid: the row tests come first; grid[0] raises only if they fail.
  EXPECT_TRUE(bordering(Indices{{0, 5}}, Grid{}));
  EXPECT_TRUE(bordering(Indices{{-1, 1}}, Grid{})); // lowermost == len(grid) - 1 == -1
  EXPECT_FALSE(bordering(Indices{{1, 1}}, Grid{}));
}

TEST(Patches, Centerofmass) {
  EXPECT_EQ(centerofmass(Indices{{0, 0}, {2, 3}}), (P{1, 1}));
  EXPECT_EQ(centerofmass(Indices{{0, 0}, {1, 0}, {-4, -3}}), (P{-1, -1})); // -3 // 3
  EXPECT_EQ(centerofmass(Indices{{-1, 0}, {0, 0}}), (P{-1, 0}));           // -1 // 2
  // An object sums its distinct indices but divides by its number of cells.
  EXPECT_EQ(centerofmass(Object{{1, {0, 0}}, {2, {0, 0}}, {3, {2, 2}}}), (P{0, 0}));
  // A tuple of indices is its own toindices: duplicates count in the sum.
  EXPECT_EQ(centerofmass(Tuple<P>{{0, 0}, {2, 2}, {2, 2}}), (P{1, 1}));
  EXPECT_EQ(centerofmass(Indices{}), (P{0, 0}));
}

TEST(Patches, PaletteNumcolors) {
  EXPECT_EQ(palette(Grid{{3, 3}, {4, 5}}), (IntegerSet{3, 4, 5}));
  EXPECT_EQ(palette(Object{{1, {0, 0}}, {2, {1, 1}}}), (IntegerSet{1, 2}));
  EXPECT_EQ(palette(Tuple<Cell>{{6, {0, 0}}, {6, {1, 1}}}), (IntegerSet{6}));
  EXPECT_EQ(palette(Grid{}), IntegerSet{});
  EXPECT_EQ(palette(Object{}), IntegerSet{});
  EXPECT_EQ(numcolors(Grid{{3, 3}, {4, 5}}), 3);
  EXPECT_EQ(numcolors(Object{{1, {0, 0}}}), 1);
  EXPECT_EQ(numcolors(Object{}), 0);
}

TEST(Patches, Color) {
  // The first cell in CPython's iteration order, here (2, (0, 0)).
  EXPECT_EQ(color(Object{{2, {0, 0}}, {1, {1, 1}}}), 2);
  EXPECT_EQ(color(Object{{7, {3, 3}}}), 7);
  EXPECT_EQ(color(Tuple<Cell>{{5, {0, 0}}, {1, {1, 1}}}), 5);
  EXPECT_EQ(color(Object{}), 0);
}

TEST(Patches, MostcolorLeastcolor) {
  EXPECT_EQ(mostcolor(Grid{{1, 2, 2}, {3, 2, 1}}), 2);
  EXPECT_EQ(leastcolor(Grid{{1, 2, 2}, {3, 2, 1}}), 3);
  Object obj{{4, {0, 0}}, {4, {0, 1}}, {6, {1, 0}}};
  EXPECT_EQ(mostcolor(obj), 4);
  EXPECT_EQ(leastcolor(obj), 6);
  EXPECT_EQ(mostcolor(Grid{}), 0);
  EXPECT_EQ(leastcolor(Object{}), 0);
}

TEST(Patches, Colorcount) {
  EXPECT_EQ(colorcount(Grid{{1, 2, 2}, {3, 2, 1}}, 2), 3);
  EXPECT_EQ(colorcount(Grid{{1, 2, 2}, {3, 2, 1}}, 7), 0);
  EXPECT_EQ(colorcount(Object{{4, {0, 0}}, {4, {0, 1}}, {6, {1, 0}}}, 4), 2);
  EXPECT_EQ(colorcount(Tuple<Cell>{{4, {0, 0}}, {4, {0, 0}}}, 4), 2);
  EXPECT_EQ(colorcount(Grid{}, 0), 0);
}

TEST(Patches, Colorfilter) {
  const Object o1{{1, {0, 0}}};
  const Object o2{{2, {0, 1}}};
  const Object o3{{1, {1, 0}}, {1, {1, 1}}};
  EXPECT_EQ(colorfilter(Objects{o1, o2, o3}, 1), (Objects{o1, o3}));
  EXPECT_EQ(colorfilter(Objects{o1, o2, o3}, 5), Objects{});
  // A multicolour object is filtered by its first cell's colour in CPython's iteration order,
  // here (2, (0, 0)).
  const Object mixed{{2, {0, 0}}, {1, {5, 5}}};
  EXPECT_EQ(colorfilter(Objects{mixed}, 1), Objects{});
  EXPECT_EQ(colorfilter(Objects{mixed}, 2), (Objects{mixed}));
  // An empty object in the set makes Python raise.
  EXPECT_EQ(colorfilter(Objects{Object{}, o1}, 1), Objects{});
}

TEST(Patches, Center) {
  EXPECT_EQ(center(Indices{{0, 0}, {2, 2}}), (P{1, 1}));
  EXPECT_EQ(center(Indices{{0, 0}, {0, 3}}), (P{0, 2}));
  EXPECT_EQ(center(Indices{{-3, -3}, {-2, -2}}), (P{-2, -2}));
  EXPECT_EQ(center(Object{{1, {4, 4}}}), (P{4, 4}));
  EXPECT_EQ(center(Indices{}), (P{0, 0}));
}

TEST(Patches, Position) {
  EXPECT_EQ(position(Indices{{0, 0}}, Indices{{2, 2}}), (P{1, 1}));
  EXPECT_EQ(position(Indices{{2, 2}}, Indices{{0, 0}}), (P{-1, -1}));
  EXPECT_EQ(position(Indices{{0, 0}}, Indices{{0, 3}}), (P{0, 1}));
  EXPECT_EQ(position(Indices{{0, 3}}, Indices{{0, 0}}), (P{0, -1}));
  EXPECT_EQ(position(Indices{{0, 0}}, Indices{{3, 0}}), (P{1, 0}));
  EXPECT_EQ(position(Indices{{3, 0}}, Indices{{0, 0}}), (P{-1, 0}));
  EXPECT_EQ(position(Indices{{3, 0}}, Indices{{0, 2}}), (P{-1, 1}));
  EXPECT_EQ(position(Indices{{0, 2}}, Indices{{3, 0}}), (P{1, -1}));
  EXPECT_EQ(position(Object{{1, {1, 1}}}, Indices{{1, 1}}), (P{0, -1})); // same centre
}

TEST(Patches, Connect) {
  EXPECT_EQ(connect(P{0, 0}, P{0, 3}), (Indices{{0, 0}, {0, 1}, {0, 2}, {0, 3}}));
  EXPECT_EQ(connect(P{3, 1}, P{0, 1}), (Indices{{0, 1}, {1, 1}, {2, 1}, {3, 1}}));
  EXPECT_EQ(connect(P{0, 0}, P{2, 2}), (Indices{{0, 0}, {1, 1}, {2, 2}}));
  EXPECT_EQ(connect(P{2, 2}, P{0, 0}), (Indices{{0, 0}, {1, 1}, {2, 2}}));
  EXPECT_EQ(connect(P{0, 2}, P{2, 0}), (Indices{{0, 2}, {1, 1}, {2, 0}}));
  EXPECT_EQ(connect(P{2, 0}, P{0, 2}), (Indices{{0, 2}, {1, 1}, {2, 0}}));
  EXPECT_EQ(connect(P{-1, -1}, P{1, 1}), (Indices{{-1, -1}, {0, 0}, {1, 1}}));
  EXPECT_EQ(connect(P{1, 1}, P{1, 1}), (Indices{{1, 1}}));
  EXPECT_EQ(connect(P{0, 0}, P{1, 2}), Indices{}); // not a line
}

TEST(Patches, Frontiers) {
  auto v = vfrontier(P{3, 4});
  EXPECT_EQ(v, ray(P{0, 4}, P{1, 0}, 30));
  EXPECT_EQ(v.size(), 30u);
  EXPECT_EQ(first(v), (P{12, 4})); // as CPython 3.11 iterates vfrontier((3, 4))
  EXPECT_EQ(last(v), (P{21, 4}));
  EXPECT_EQ(hfrontier(P{-2, 7}), ray(P{-2, 0}, P{0, 1}, 30));
  EXPECT_EQ(first(hfrontier(P{3, 0})), (P{3, 4}));
  EXPECT_EQ(last(hfrontier(P{3, 0})), (P{3, 29}));
  EXPECT_EQ(vfrontier(P{0, -5}), ray(P{0, -5}, P{1, 0}, 30));
}

TEST(Patches, BackdropNegative) {
  EXPECT_EQ(backdrop(Indices{{-1, -2}, {0, 0}}),
            (Indices{{-1, -2}, {-1, -1}, {-1, 0}, {0, -2}, {0, -1}, {0, 0}}));
  EXPECT_EQ(backdrop(Object{{1, {1, 1}}, {2, {2, 3}}}),
            (Indices{{1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}, {2, 3}}));
  EXPECT_EQ(backdrop(Indices{{4, 4}}), (Indices{{4, 4}}));
  EXPECT_EQ(backdrop(Indices{}), Indices{});
}

TEST(Patches, Delta) {
  EXPECT_EQ(delta(Indices{{0, 0}, {1, 1}}), (Indices{{0, 1}, {1, 0}}));
  EXPECT_EQ(delta(Object{{1, {0, 0}}, {1, {0, 2}}}), (Indices{{0, 1}}));
  EXPECT_EQ(delta(Indices{{-1, -1}, {0, -1}}), Indices{});
  EXPECT_EQ(delta(Indices{}), Indices{});
}

TEST(Patches, Box) {
  EXPECT_EQ(
      box(Indices{{1, 1}, {3, 4}}),
      (Indices{{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 1}, {2, 4}, {3, 1}, {3, 2}, {3, 3}, {3, 4}}));
  EXPECT_EQ(box(Indices{{2, 2}}), (Indices{{2, 2}}));
  EXPECT_EQ(box(Object{{1, {0, 0}}, {1, {1, 1}}}), (Indices{{0, 0}, {0, 1}, {1, 0}, {1, 1}}));
  EXPECT_EQ(box(Indices{}), Indices{});
}

TEST(Patches, Inbox) {
  EXPECT_EQ(inbox(Indices{{1, 1}, {3, 4}}), (Indices{{2, 2}, {2, 3}}));
  // For thin patches the corners cross over: Python takes min/max of them.
  EXPECT_EQ(inbox(Indices{{0, 0}}),
            (Indices{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}));
  EXPECT_EQ(inbox(Indices{{0, 0}, {0, 1}}),
            (Indices{{-1, 0}, {-1, 1}, {0, 0}, {0, 1}, {1, 0}, {1, 1}}));
  EXPECT_EQ(inbox(Indices{}), Indices{});
}

TEST(Patches, OutboxNegative) {
  EXPECT_EQ(outbox(Indices{{0, 0}}),
            (Indices{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}));
  EXPECT_EQ(outbox(Indices{{1, 1}, {3, 4}}), (Indices{{0, 0},
                                                      {0, 1},
                                                      {0, 2},
                                                      {0, 3},
                                                      {0, 4},
                                                      {0, 5},
                                                      {1, 0},
                                                      {1, 5},
                                                      {2, 0},
                                                      {2, 5},
                                                      {3, 0},
                                                      {3, 5},
                                                      {4, 0},
                                                      {4, 1},
                                                      {4, 2},
                                                      {4, 3},
                                                      {4, 4},
                                                      {4, 5}}));
  EXPECT_EQ(
      outbox(Object{{3, {-2, -2}}}),
      (Indices{{-3, -3}, {-3, -2}, {-3, -1}, {-2, -3}, {-2, -1}, {-1, -3}, {-1, -2}, {-1, -1}}));
  EXPECT_EQ(outbox(Indices{}), Indices{});
}

TEST(Patches, Shoot) {
  EXPECT_EQ(shoot(P{0, 0}, P{1, 1}), ray(P{0, 0}, P{1, 1}, 43));
  EXPECT_EQ(shoot(P{5, 5}, P{0, -1}), ray(P{5, 5}, P{0, -1}, 43));
  EXPECT_EQ(shoot(P{2, 2}, P{1, -1}), ray(P{2, 2}, P{1, -1}, 43));
  EXPECT_EQ(shoot(P{1, 1}, P{0, 0}), (Indices{{1, 1}}));
  EXPECT_EQ(shoot(P{0, 0}, P{1, 2}), Indices{}); // (42, 84) is on no line from the start
}

TEST(Patches, Gravitate) {
  EXPECT_EQ(gravitate(Indices{{0, 0}}, Indices{{0, 4}}), (P{0, 3}));
  EXPECT_EQ(gravitate(Indices{{0, 5}}, Indices{{0, 0}}), (P{0, -4}));
  EXPECT_EQ(gravitate(Indices{{5, 2}}, Indices{{0, 2}, {0, 3}}), (P{-4, 0}));
  EXPECT_EQ(gravitate(Object{{3, {4, 0}}, {3, {4, 1}}}, Indices{{0, 0}}), (P{-3, 0}));
  EXPECT_EQ(gravitate(Indices{{0, 0}}, Indices{{0, 1}}), (P{0, 0}));    // already adjacent
  EXPECT_EQ(gravitate(Indices{{0, 0}}, Indices{{0, 100}}), (P{0, 42})); // at most 42 steps
  EXPECT_EQ(gravitate(Indices{}, Indices{{0, 1}}), (P{0, 0}));
  EXPECT_EQ(gravitate(Indices{{0, 1}}, Indices{}), (P{0, 0}));
}

TEST(Patches, Hperiod) {
  EXPECT_EQ(hperiod(Object{{1, {0, 0}}, {2, {0, 1}}, {1, {0, 2}}, {2, {0, 3}}, {1, {0, 4}}}), 2);
  EXPECT_EQ(hperiod(Object{{1, {0, 0}}, {1, {0, 2}}}), 2);
  EXPECT_EQ(hperiod(Object{{1, {0, 0}}, {2, {0, 1}}, {3, {0, 2}}}), 3);
  EXPECT_EQ(hperiod(Object{{4, {5, 5}}, {4, {5, 6}}}), 1);
  EXPECT_EQ(hperiod(Object{{4, {-5, -5}}}), 1);
  EXPECT_EQ(hperiod(Object{}), 0);
}

TEST(Patches, Vperiod) {
  EXPECT_EQ(vperiod(Object{{3, {0, 0}}, {3, {1, 0}}, {3, {2, 0}}}), 1);
  EXPECT_EQ(vperiod(Object{{1, {0, 0}}, {2, {0, 1}}, {1, {0, 2}}}), 1);
  // Rows (1 2) (3 4) (1 2), placed at a negative row.
  EXPECT_EQ(vperiod(Object{
                {1, {-1, 0}}, {2, {-1, 1}}, {3, {0, 0}}, {4, {0, 1}}, {1, {1, 0}}, {2, {1, 1}}}),
            2);
  EXPECT_EQ(vperiod(Object{}), 0);
}

} // namespace
} // namespace battgpu::dsl_tests
