// Grids: construction, cropping, rotation and mirroring, painting, scaling, splitting.
// Python's slicing rules apply to crop (negative starts count from the end); where Python
// raises (an empty grid, grid[0] of no rows, mostcolor of no cells) the result is the empty
// grid. A grid of rows without columns is Python's ((), (), ...).
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <type_traits>

namespace battgpu::dsl_tests {
using namespace battgpu::dsl;
namespace {

using P = IntegerTuple;

const Grid g3{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
const Grid g23{{1, 2, 3}, {4, 5, 6}};

TEST(Grids, Asindices) {
  EXPECT_EQ(asindices(g23), (Indices{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}));
  EXPECT_EQ(asindices(Grid{}), Indices{});
  EXPECT_EQ(asindices(empty_rows(2)), Indices{});
}

TEST(Grids, Ofcolor) {
  EXPECT_EQ(ofcolor(Grid{{1, 2}, {2, 1}}, 2), (Indices{{0, 1}, {1, 0}}));
  EXPECT_EQ(ofcolor(Grid{{1, 2}, {2, 1}}, 7), Indices{});
  EXPECT_EQ(ofcolor(Grid{}, 0), Indices{});
}

TEST(Grids, Crop) {
  EXPECT_EQ(crop(g3, P{1, 1}, P{2, 2}), (Grid{{5, 6}, {8, 9}}));
  EXPECT_EQ(crop(g3, P{0, 1}, P{3, 1}), (Grid{{2}, {5}, {8}}));
  EXPECT_EQ(crop(g3, P{1, 1}, P{5, 5}), (Grid{{5, 6}, {8, 9}})); // clipped
  EXPECT_EQ(crop(g3, P{0, 0}, P{3, 3}), g3);
}

TEST(Grids, CropOutOfRange) {
  EXPECT_EQ(crop(g3, P{5, 5}, P{1, 1}), Grid{});
  EXPECT_EQ(crop(g3, P{0, 0}, P{0, 3}), Grid{});
  EXPECT_EQ(crop(g3, P{1, 1}, P{-1, 2}), Grid{});
  EXPECT_EQ(crop(g3, P{0, 0}, P{2, 0}), empty_rows(2));
  EXPECT_EQ(crop(Grid{}, P{0, 0}, P{1, 1}), Grid{});
}

TEST(Grids, CropNegativeStartSlicesLikePython) {
  EXPECT_EQ(crop(g3, P{-1, -1}, P{2, 2}), Grid{});        // grid[-1:1] is grid[2:1]
  EXPECT_EQ(crop(g3, P{-1, 0}, P{1, 3}), Grid{});         // grid[-1:0]
  EXPECT_EQ(crop(g3, P{-2, 0}, P{1, 2}), (Grid{{4, 5}})); // grid[-2:-1] is row 1
  EXPECT_EQ(crop(g3, P{0, -2}, P{1, 5}), (Grid{{2, 3}})); // row[-2:3] is row[1:3]
  EXPECT_EQ(crop(g3, P{0, -2}, P{2, 2}), empty_rows(2));  // row[-2:0] is empty
  EXPECT_EQ(crop(g3, P{-9, 0}, P{10, 1}), (Grid{{1}}));   // grid[-9:1] is grid[0:1]
}

TEST(Grids, Toobject) {
  Grid g{{1, 2}, {3, 4}};
  EXPECT_EQ(toobject(Indices{{0, 0}, {1, 1}, {5, 5}, {-1, 0}}, g),
            (Object{{1, {0, 0}}, {4, {1, 1}}}));
  EXPECT_EQ(toobject(Object{{9, {0, 1}}}, g), (Object{{2, {0, 1}}})); // colour from the grid
  EXPECT_EQ(toobject(Tuple<P>{{0, 0}, {0, 0}}, g), (Object{{1, {0, 0}}}));
  EXPECT_EQ(toobject(Indices{{0, 0}}, Grid{}), Object{});
  EXPECT_EQ(toobject(Indices{}, g), Object{});
}

TEST(Grids, Asobject) {
  EXPECT_EQ(asobject(Grid{{1, 2}, {3, 4}}),
            (Object{{1, {0, 0}}, {2, {0, 1}}, {3, {1, 0}}, {4, {1, 1}}}));
  EXPECT_EQ(asobject(Grid{}), Object{});
}

TEST(Grids, Rotations) {
  EXPECT_EQ(rot90(g23), (Grid{{4, 1}, {5, 2}, {6, 3}}));
  EXPECT_EQ(rot180(g23), (Grid{{6, 5, 4}, {3, 2, 1}}));
  EXPECT_EQ(rot270(g23), (Grid{{3, 6}, {2, 5}, {1, 4}}));
  EXPECT_EQ(rot90(Grid{{7}}), (Grid{{7}}));
}

TEST(Grids, RotationsOfEmpty) {
  EXPECT_EQ(rot90(Grid{}), Grid{});
  EXPECT_EQ(rot180(Grid{}), Grid{});
  EXPECT_EQ(rot270(Grid{}), Grid{});
  EXPECT_EQ(rot90(empty_rows(2)), Grid{}); // zip() of empty rows
  EXPECT_EQ(rot180(empty_rows(2)), empty_rows(2));
  EXPECT_EQ(rot270(empty_rows(2)), Grid{});
}

TEST(Grids, MirrorGrids) {
  EXPECT_EQ(hmirror(g23), (Grid{{4, 5, 6}, {1, 2, 3}}));
  EXPECT_EQ(vmirror(g23), (Grid{{3, 2, 1}, {6, 5, 4}}));
  EXPECT_EQ(dmirror(g23), (Grid{{1, 4}, {2, 5}, {3, 6}}));
  EXPECT_EQ(cmirror(g23), (Grid{{6, 3}, {5, 2}, {4, 1}}));
  EXPECT_EQ(hmirror(Grid{}), Grid{});
  EXPECT_EQ(vmirror(Grid{}), Grid{});
  EXPECT_EQ(dmirror(Grid{}), Grid{});
  EXPECT_EQ(cmirror(Grid{}), Grid{});
  EXPECT_EQ(hmirror(empty_rows(2)), empty_rows(2));
  EXPECT_EQ(vmirror(empty_rows(2)), empty_rows(2));
  EXPECT_EQ(dmirror(empty_rows(2)), Grid{});
}

TEST(Grids, MirrorPatches) {
  Object p{{1, {0, 0}}, {2, {2, 1}}};
  EXPECT_EQ(hmirror(p), (Object{{1, {2, 0}}, {2, {0, 1}}}));
  EXPECT_EQ(vmirror(p), (Object{{1, {0, 1}}, {2, {2, 0}}}));
  EXPECT_EQ(dmirror(p), (Object{{1, {0, 0}}, {2, {1, 2}}}));
  EXPECT_EQ(cmirror(p), (Object{{2, {0, 0}}, {1, {1, 2}}}));
}

TEST(Grids, MirrorPatchesNegative) {
  Indices q{{-1, -2}, {0, 0}};
  EXPECT_EQ(hmirror(q), (Indices{{0, -2}, {-1, 0}}));
  EXPECT_EQ(vmirror(q), (Indices{{-1, 0}, {0, -2}}));
  EXPECT_EQ(dmirror(q), (Indices{{-1, -2}, {1, -1}}));
  EXPECT_EQ(cmirror(q), (Indices{{-1, -2}, {1, -1}}));
  auto t = hmirror(Tuple<P>{{0, 0}, {1, 0}});
  static_assert(std::is_same_v<decltype(t), Indices>);
  EXPECT_EQ(t, (Indices{{0, 0}, {1, 0}}));
}

TEST(Grids, MirrorEmptyPatches) {
  EXPECT_EQ(hmirror(Indices{}), Indices{});
  EXPECT_EQ(vmirror(Object{}), Object{});
  EXPECT_EQ(dmirror(Indices{}), Indices{});
  EXPECT_EQ(cmirror(Object{}), Object{});
}

TEST(Grids, Fill) {
  Grid z{{0, 0}, {0, 0}};
  EXPECT_EQ(fill(z, 5, Indices{{0, 1}, {5, 5}, {-1, 0}, {1, -1}}), (Grid{{0, 5}, {0, 0}}));
  EXPECT_EQ(fill(z, 5, Object{{9, {1, 0}}}), (Grid{{0, 0}, {5, 0}}));
  EXPECT_EQ(fill(z, 5, Indices{}), z);
  EXPECT_EQ(fill(Grid{}, 1, Indices{{0, 0}}), Grid{});
  EXPECT_EQ(fill(empty_rows(2), 1, Indices{{0, 0}}), empty_rows(2));
}

TEST(Grids, Paint) {
  Grid z{{0, 0}, {0, 0}};
  EXPECT_EQ(paint(z, Object{{3, {1, 1}}, {4, {-1, 0}}, {5, {0, 2}}}), (Grid{{0, 0}, {0, 3}}));
  // A tuple paints in its order: the later cell wins.
  EXPECT_EQ(paint(z, Tuple<Cell>{{1, {0, 0}}, {2, {0, 0}}}), (Grid{{2, 0}, {0, 0}}));
  EXPECT_EQ(paint(Grid{}, Object{{1, {0, 0}}}), Grid{});
}

TEST(Grids, UnderfillUnderpaint) {
  Grid g{{0, 0, 1}, {0, 2, 2}}; // background 0
  EXPECT_EQ(underfill(g, 7, Indices{{0, 0}, {0, 2}, {1, 1}, {1, 0}, {4, 4}}),
            (Grid{{7, 0, 1}, {7, 2, 2}}));
  EXPECT_EQ(underpaint(g, Object{{5, {0, 1}}, {6, {1, 2}}, {7, {9, 9}}}),
            (Grid{{0, 5, 1}, {0, 2, 2}}));
  // Background tie between 1 and 8: the background is 8.
  Grid tie{{1, 8}, {8, 1}};
  EXPECT_EQ(underfill(tie, 5, asindices(tie)), (Grid{{1, 5}, {5, 1}}));
  EXPECT_EQ(underpaint(tie, Object{{3, {0, 0}}, {3, {0, 1}}}), (Grid{{1, 3}, {8, 1}}));
  EXPECT_EQ(underfill(Grid{}, 1, Indices{{0, 0}}), Grid{});
  EXPECT_EQ(underpaint(Grid{}, Object{{1, {0, 0}}}), Grid{});
}

TEST(Grids, MostcolorOfNoCellsRaises) {
  // Rows without columns have no colours: Python's mostcolor raises, so these are empty.
  EXPECT_EQ(underfill(empty_rows(2), 1, Indices{{0, 0}}), Grid{});
  EXPECT_EQ(underpaint(empty_rows(2), Object{{1, {0, 0}}}), Grid{});
  EXPECT_EQ(cover(empty_rows(2), Indices{{0, 0}}), Grid{});
  EXPECT_EQ(move(empty_rows(2), Object{{1, {0, 0}}}, P{0, 1}), Grid{});
}

TEST(Grids, Upscale) {
  Grid g{{1, 2}, {3, 4}};
  EXPECT_EQ(hupscale(g, 2), (Grid{{1, 1, 2, 2}, {3, 3, 4, 4}}));
  EXPECT_EQ(hupscale(g, 0), empty_rows(2));
  EXPECT_EQ(hupscale(g, -1), empty_rows(2));
  EXPECT_EQ(hupscale(Grid{}, 2), Grid{});
  EXPECT_EQ(vupscale(g, 2), (Grid{{1, 2}, {1, 2}, {3, 4}, {3, 4}}));
  EXPECT_EQ(vupscale(g, 0), Grid{});
  EXPECT_EQ(upscale(g, 2), (Grid{{1, 1, 2, 2}, {1, 1, 2, 2}, {3, 3, 4, 4}, {3, 3, 4, 4}}));
  EXPECT_EQ(upscale(g, 1), g);
  EXPECT_EQ(upscale(g, 0), Grid{});
  EXPECT_EQ(upscale(Grid{}, 3), Grid{});
}

TEST(Grids, UpscaleObject) {
  EXPECT_EQ(upscale(Object{{5, {1, 1}}, {6, {1, 2}}}, 2), (Object{{5, {1, 1}},
                                                                  {5, {1, 2}},
                                                                  {5, {2, 1}},
                                                                  {5, {2, 2}},
                                                                  {6, {1, 3}},
                                                                  {6, {1, 4}},
                                                                  {6, {2, 3}},
                                                                  {6, {2, 4}}}));
  std::vector<Cell> nine;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      nine.push_back(Cell{3, {i, j}});
  EXPECT_EQ(upscale(Object{{3, {-1, -1}}}, 3), Object(std::move(nine)));
  EXPECT_EQ(upscale(Object{}, 2), Object{});
  EXPECT_EQ(upscale(Object{{1, {0, 0}}}, 0), Object{});
}

TEST(Grids, Downscale) {
  Grid g{{1, 1, 2, 2}, {1, 1, 2, 2}, {3, 3, 4, 4}};
  EXPECT_EQ(downscale(g, 2), (Grid{{1, 2}, {3, 4}}));
  EXPECT_EQ(downscale(g, 3), (Grid{{1, 2}}));
  EXPECT_EQ(downscale(g, -2), (Grid{{1, 2}, {3, 4}})); // j % -2 == 0 for even j
  EXPECT_EQ(downscale(g, 1), g);
  EXPECT_EQ(downscale(g, 0), Grid{}); // modulo by zero
  EXPECT_EQ(downscale(Grid{}, 2), Grid{});
}

TEST(Grids, Concat) {
  EXPECT_EQ(hconcat(Grid{{1}, {2}}, Grid{{3, 4}, {5, 6}}), (Grid{{1, 3, 4}, {2, 5, 6}}));
  EXPECT_EQ(hconcat(Grid{{1}, {2}, {9}}, Grid{{3}}), (Grid{{1, 3}})); // zip stops early
  EXPECT_EQ(hconcat(Grid{}, g3), Grid{});
  EXPECT_EQ(vconcat(Grid{{1, 2}}, Grid{{3, 4}, {5, 6}}), (Grid{{1, 2}, {3, 4}, {5, 6}}));
  EXPECT_EQ(vconcat(Grid{}, g3), g3);
  EXPECT_EQ(vconcat(g3, Grid{}), g3);
  EXPECT_EQ(vconcat(Grid{{1}}, Grid{{1, 2}}), Grid{}); // ragged
}

TEST(Grids, Subgrid) {
  EXPECT_EQ(subgrid(Indices{{1, 1}, {2, 2}}, g3), (Grid{{5, 6}, {8, 9}}));
  EXPECT_EQ(subgrid(Object{{0, {0, 2}}, {0, {1, 2}}}, g3), (Grid{{3}, {6}}));
  EXPECT_EQ(subgrid(Indices{{1, 1}, {5, 5}}, g3), (Grid{{5, 6}, {8, 9}}));
  EXPECT_EQ(subgrid(Indices{{-1, -1}, {0, 0}}, g3), Grid{}); // crop from (-1, -1)
  EXPECT_EQ(subgrid(Indices{}, g3), Grid{});
}

TEST(Grids, Hsplit) {
  EXPECT_EQ(hsplit(Grid{{1, 2, 3, 4}, {5, 6, 7, 8}}, 2),
            (Tuple<Grid>{Grid{{1, 2}, {5, 6}}, Grid{{3, 4}, {7, 8}}}));
  // Width 5 in 2: parts of width 2, the middle column skipped.
  EXPECT_EQ(hsplit(Grid{{1, 2, 0, 3, 4}}, 2), (Tuple<Grid>{Grid{{1, 2}}, Grid{{3, 4}}}));
  EXPECT_EQ(hsplit(Grid{{1, 2, 3}}, 3), (Tuple<Grid>{Grid{{1}}, Grid{{2}}, Grid{{3}}}));
  EXPECT_EQ(hsplit(g3, 0), Tuple<Grid>{});
  EXPECT_EQ(hsplit(g3, -1), Tuple<Grid>{});
  EXPECT_EQ(hsplit(Grid{}, 2), Tuple<Grid>{});
}

TEST(Grids, Vsplit) {
  EXPECT_EQ(vsplit(Grid{{1}, {2}, {0}, {3}, {4}}, 2),
            (Tuple<Grid>{Grid{{1}, {2}}, Grid{{3}, {4}}}));
  EXPECT_EQ(vsplit(Grid{{1, 2}, {3, 4}}, 2), (Tuple<Grid>{Grid{{1, 2}}, Grid{{3, 4}}}));
  // More parts than rows: height 0 each, so each part is the empty grid.
  EXPECT_EQ(vsplit(Grid{{1}, {2}}, 3), (Tuple<Grid>{Grid{}, Grid{}, Grid{}}));
  // More parts than columns: each part keeps the row but no column.
  EXPECT_EQ(hsplit(Grid{{1, 2}}, 3), (Tuple<Grid>{empty_rows(1), empty_rows(1), empty_rows(1)}));
  EXPECT_EQ(vsplit(g3, 0), Tuple<Grid>{});
  EXPECT_EQ(vsplit(Grid{}, 1), Tuple<Grid>{});
}

TEST(Grids, Cellwise) {
  Grid a{{1, 2}, {3, 4}};
  EXPECT_EQ(cellwise(a, Grid{{1, 0}, {3, 0}}, 9), (Grid{{1, 9}, {3, 9}}));
  EXPECT_EQ(cellwise(a, Grid{{1, 2, 7}, {3, 4, 7}, {7, 7, 7}}, 0), a); // b may be larger
  EXPECT_EQ(cellwise(a, Grid{{1, 2}}, 0), Grid{});                     // b[1] raises
  EXPECT_EQ(cellwise(a, Grid{{1}, {3}}, 0), Grid{});                   // b[0][1] raises
  EXPECT_EQ(cellwise(Grid{}, a, 0), Grid{});
}

TEST(Grids, ReplaceSwitch) {
  EXPECT_EQ(replace(Grid{{1, 2}, {2, 1}}, 2, 5), (Grid{{1, 5}, {5, 1}}));
  EXPECT_EQ(replace(Grid{{1, 2}}, 7, 5), (Grid{{1, 2}}));
  EXPECT_EQ(replace(Grid{}, 1, 2), Grid{});
  EXPECT_EQ(switch_(Grid{{1, 2, 3}, {2, 1, 0}}, 1, 2), (Grid{{2, 1, 3}, {1, 2, 0}}));
  EXPECT_EQ(switch_(Grid{{1, 2}}, 1, 1), (Grid{{1, 2}}));
  EXPECT_EQ(switch_(Grid{}, 1, 2), Grid{});
}

TEST(Grids, Index) {
  Grid g{{1, 2}, {3, 4}};
  EXPECT_EQ(index(g, P{1, 0}), 3);
  EXPECT_EQ(index(g, P{0, 1}), 2);
  EXPECT_EQ(index(g, P{2, 0}), 0); // Python: None
  EXPECT_EQ(index(g, P{-1, 0}), 0);
  EXPECT_EQ(index(g, P{0, -1}), 0);
  EXPECT_EQ(index(Grid{}, P{0, 0}), 0);
}

TEST(Grids, Canvas) {
  EXPECT_EQ(canvas(3, P{2, 3}), (Grid{{3, 3, 3}, {3, 3, 3}}));
  EXPECT_EQ(canvas(3, P{0, 2}), Grid{});
  EXPECT_EQ(canvas(3, P{2, 0}), empty_rows(2));
  EXPECT_EQ(canvas(1, P{-1, 2}), Grid{});
}

TEST(Grids, Cover) {
  EXPECT_EQ(cover(Grid{{0, 0, 1}, {0, 2, 2}}, Object{{2, {1, 1}}, {2, {1, 2}}}),
            (Grid{{0, 0, 1}, {0, 0, 0}}));
  EXPECT_EQ(cover(Grid{{1, 8}, {8, 1}}, Indices{{0, 0}}), (Grid{{8, 8}, {8, 1}})); // tie: 8
  EXPECT_EQ(cover(Grid{}, Indices{{0, 0}}), Grid{});
}

TEST(Grids, Trim) {
  EXPECT_EQ(trim(g3), (Grid{{5}}));
  EXPECT_EQ(trim(Grid{{1, 2}, {3, 4}}), Grid{});
  EXPECT_EQ(trim(Grid{{1, 2, 3}}), Grid{});
  EXPECT_EQ(trim(Grid{{1}, {2}, {3}}), empty_rows(1));
  EXPECT_EQ(trim(Grid{}), Grid{});
}

TEST(Grids, Move) {
  Grid g{{0, 0, 0}, {0, 5, 0}, {0, 0, 0}};
  Object five{{5, {1, 1}}};
  EXPECT_EQ(move(g, five, P{1, 1}), (Grid{{0, 0, 0}, {0, 0, 0}, {0, 0, 5}}));
  EXPECT_EQ(move(g, five, P{-1, -1}), (Grid{{5, 0, 0}, {0, 0, 0}, {0, 0, 0}}));
  EXPECT_EQ(move(g, five, P{5, 5}), (Grid{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}));
  EXPECT_EQ(move(Grid{{1, 8}, {8, 1}}, Object{{1, {0, 0}}}, P{0, 1}), (Grid{{8, 1}, {8, 1}}));
  EXPECT_EQ(move(Grid{}, five, P{0, 0}), Grid{});
}

TEST(Grids, Halves) {
  EXPECT_EQ(tophalf(g3), (Grid{{1, 2, 3}}));
  EXPECT_EQ(bottomhalf(g3), (Grid{{7, 8, 9}}));
  EXPECT_EQ(lefthalf(g3), (Grid{{1}, {4}, {7}}));
  EXPECT_EQ(righthalf(g3), (Grid{{3}, {6}, {9}}));
  Grid g4{{1, 2}, {3, 4}, {5, 6}, {7, 8}};
  EXPECT_EQ(tophalf(g4), (Grid{{1, 2}, {3, 4}}));
  EXPECT_EQ(bottomhalf(g4), (Grid{{5, 6}, {7, 8}}));
  EXPECT_EQ(lefthalf(g4), (Grid{{1}, {3}, {5}, {7}}));
  EXPECT_EQ(righthalf(g4), (Grid{{2}, {4}, {6}, {8}}));
  EXPECT_EQ(lefthalf(g23), (Grid{{1}, {4}}));
  EXPECT_EQ(righthalf(g23), (Grid{{3}, {6}}));
}

TEST(Grids, HalvesOfSmallGrids) {
  EXPECT_EQ(tophalf(Grid{{1, 2}}), Grid{});
  EXPECT_EQ(bottomhalf(Grid{{1, 2}}), Grid{}); // grid[0 + 1:]
  EXPECT_EQ(lefthalf(Grid{{5}}), Grid{});
  EXPECT_EQ(righthalf(Grid{{5}}), Grid{});
  EXPECT_EQ(tophalf(Grid{}), Grid{});
  EXPECT_EQ(bottomhalf(Grid{}), Grid{});
  EXPECT_EQ(lefthalf(Grid{}), Grid{});
  EXPECT_EQ(righthalf(Grid{}), Grid{});
}

TEST(Grids, Occurrences) {
  Grid g{{1, 2, 1}, {2, 1, 2}, {1, 2, 1}};
  EXPECT_EQ(occurrences(g, Object{{1, {0, 0}}, {2, {0, 1}}}), (Indices{{0, 0}, {1, 1}, {2, 0}}));
  // Normalised first: the same pattern placed elsewhere, even at negative indices.
  EXPECT_EQ(occurrences(g, Object{{1, {-5, -5}}, {2, {-5, -4}}}),
            (Indices{{0, 0}, {1, 1}, {2, 0}}));
  EXPECT_EQ(occurrences(g, Object{{2, {0, 0}}, {2, {1, 1}}}), (Indices{{0, 1}, {1, 0}}));
  EXPECT_EQ(occurrences(g, Object{{2, {0, 0}}, {2, {0, 1}}}), Indices{});
  EXPECT_EQ(occurrences(g, Object{{1, {0, 0}}, {1, {3, 3}}}), Indices{}); // larger than g
  EXPECT_EQ(occurrences(g, Object{}), Indices{});
  EXPECT_EQ(occurrences(Grid{}, Object{{1, {0, 0}}}), Indices{});
}

TEST(Grids, FrontiersCompress) {
  Grid g{{0, 0, 0, 0}, {0, 1, 0, 2}, {0, 0, 0, 0}, {0, 3, 0, 4}};
  EXPECT_EQ(frontiers(g), (Objects{Object{{0, {0, 0}}, {0, {0, 1}}, {0, {0, 2}}, {0, {0, 3}}},
                                   Object{{0, {2, 0}}, {0, {2, 1}}, {0, {2, 2}}, {0, {2, 3}}},
                                   Object{{0, {0, 0}}, {0, {1, 0}}, {0, {2, 0}}, {0, {3, 0}}},
                                   Object{{0, {0, 2}}, {0, {1, 2}}, {0, {2, 2}}, {0, {3, 2}}}}));
  EXPECT_EQ(compress(g), (Grid{{1, 2}, {3, 4}}));
  EXPECT_EQ(frontiers(Grid{{1, 1}, {2, 3}}), (Objects{Object{{1, {0, 0}}, {1, {0, 1}}}}));
  EXPECT_EQ(frontiers(Grid{{5}}), (Objects{Object{{5, {0, 0}}}})); // row == column
  EXPECT_EQ(frontiers(Grid{{1, 2}, {3, 4}}), Objects{});
  EXPECT_EQ(frontiers(Grid{}), Objects{});
  EXPECT_EQ(compress(Grid{{1, 2}, {1, 2}}), empty_rows(2)); // every column uniform
  EXPECT_EQ(compress(Grid{{5, 5}, {5, 5}}), Grid{});
  EXPECT_EQ(compress(Grid{}), Grid{});
}

TEST(Grids, Partition) {
  Grid g{{1, 1, 2}, {3, 2, 2}};
  EXPECT_EQ(partition(g),
            (Objects{Object{{1, {0, 0}}, {1, {0, 1}}},
                     Object{{2, {0, 2}}, {2, {1, 1}}, {2, {1, 2}}}, Object{{3, {1, 0}}}}));
  EXPECT_EQ(fgpartition(g), (Objects{Object{{1, {0, 0}}, {1, {0, 1}}}, Object{{3, {1, 0}}}}));
  EXPECT_EQ(fgpartition(Grid{{1, 8}, {8, 1}}), (Objects{Object{{1, {0, 0}}, {1, {1, 1}}}}));
  EXPECT_EQ(fgpartition(Grid{{4, 4}}), Objects{});
  EXPECT_EQ(partition(Grid{}), Objects{});
  EXPECT_EQ(fgpartition(Grid{}), Objects{});
}

} // namespace
} // namespace battgpu::dsl_tests
