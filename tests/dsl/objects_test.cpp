// Object extraction on small grids, worked out by hand in all 8 modes
// (mode = 4 * univalued + 2 * diagonal + without_bg), including a background decided by a tie.
#include "test_util.hpp"

#include <gtest/gtest.h>

namespace battgpu::dsl_tests {
using namespace battgpu::dsl;
namespace {

Objects objects_in_mode(const Grid& grid, int mode) {
  return objects(grid, (mode & 4) != 0, (mode & 2) != 0, (mode & 1) != 0);
}

// Colours 1 and 8 both occur five times. The set of colours, first seen 1, 8, 2, iterates
// 8, 1, 2 (1 at slot 1, 8 at slot 0, 2 at slot 2), so mostcolor and the background are 8.
//   1 1 8 8
//   8 2 1 8
//   1 8 2 1
const Grid tie{{1, 1, 8, 8}, {8, 2, 1, 8}, {1, 8, 2, 1}};

const Object tie_all{{1, {0, 0}}, {1, {0, 1}}, {8, {0, 2}}, {8, {0, 3}}, {8, {1, 0}}, {2, {1, 1}},
                     {1, {1, 2}}, {8, {1, 3}}, {1, {2, 0}}, {8, {2, 1}}, {2, {2, 2}}, {1, {2, 3}}};

TEST(Objects, BackgroundTieIsEight) {
  EXPECT_EQ(mostcolor(tie), 8);
  EXPECT_EQ(colorcount(tie, 1), 5);
  EXPECT_EQ(colorcount(tie, 8), 5);
}

TEST(Objects, Mode0MulticolourDirect) {
  EXPECT_EQ(objects_in_mode(tie, 0), (Objects{tie_all}));
}

TEST(Objects, Mode1MulticolourDirectWithoutBackground) {
  // Without the 8s: a chain through the 2s, and the lone 1 in the lower-left corner.
  EXPECT_EQ(
      objects_in_mode(tie, 1),
      (Objects{Object{{1, {0, 0}}, {1, {0, 1}}, {2, {1, 1}}, {1, {1, 2}}, {2, {2, 2}}, {1, {2, 3}}},
               Object{{1, {2, 0}}}}));
}

TEST(Objects, Mode2MulticolourDiagonal) {
  EXPECT_EQ(objects_in_mode(tie, 2), (Objects{tie_all}));
}

TEST(Objects, Mode3MulticolourDiagonalWithoutBackground) {
  // The lone 1 at (2, 0) touches the 2 at (1, 1) diagonally.
  EXPECT_EQ(objects_in_mode(tie, 3), (Objects{Object{{1, {0, 0}},
                                                     {1, {0, 1}},
                                                     {2, {1, 1}},
                                                     {1, {1, 2}},
                                                     {1, {2, 0}},
                                                     {2, {2, 2}},
                                                     {1, {2, 3}}}}));
}

TEST(Objects, Mode4UnivaluedDirect) {
  EXPECT_EQ(objects_in_mode(tie, 4),
            (Objects{Object{{1, {0, 0}}, {1, {0, 1}}}, Object{{1, {1, 2}}}, Object{{1, {2, 0}}},
                     Object{{1, {2, 3}}}, Object{{8, {0, 2}}, {8, {0, 3}}, {8, {1, 3}}},
                     Object{{8, {1, 0}}}, Object{{8, {2, 1}}}, Object{{2, {1, 1}}},
                     Object{{2, {2, 2}}}}));
}

TEST(Objects, Mode5UnivaluedDirectWithoutBackground) {
  EXPECT_EQ(objects_in_mode(tie, 5),
            (Objects{Object{{1, {0, 0}}, {1, {0, 1}}}, Object{{1, {1, 2}}}, Object{{1, {2, 0}}},
                     Object{{1, {2, 3}}}, Object{{2, {1, 1}}}, Object{{2, {2, 2}}}}));
}

TEST(Objects, Mode6UnivaluedDiagonal) {
  EXPECT_EQ(objects_in_mode(tie, 6),
            (Objects{Object{{1, {0, 0}}, {1, {0, 1}}, {1, {1, 2}}, {1, {2, 3}}},
                     Object{{1, {2, 0}}}, Object{{8, {0, 2}}, {8, {0, 3}}, {8, {1, 3}}},
                     Object{{8, {1, 0}}, {8, {2, 1}}}, Object{{2, {1, 1}}, {2, {2, 2}}}}));
}

TEST(Objects, Mode7UnivaluedDiagonalWithoutBackground) {
  EXPECT_EQ(objects_in_mode(tie, 7),
            (Objects{Object{{1, {0, 0}}, {1, {0, 1}}, {1, {1, 2}}, {1, {2, 3}}},
                     Object{{1, {2, 0}}}, Object{{2, {1, 1}}, {2, {2, 2}}}}));
}

TEST(Objects, TieBetweenOneAndNineFollowsFirstSeen) {
  // {9, 1} iterates 9, 1 (9 at slot 1, then 1 probes to slot 6); {1, 9} iterates 1, 9.
  const Grid nine_first{{9, 1}, {1, 9}};
  const Grid one_first{{1, 9}, {9, 1}};
  EXPECT_EQ(objects_in_mode(nine_first, 5), (Objects{Object{{1, {0, 1}}}, Object{{1, {1, 0}}}}));
  EXPECT_EQ(objects_in_mode(nine_first, 7), (Objects{Object{{1, {0, 1}}, {1, {1, 0}}}}));
  EXPECT_EQ(objects_in_mode(nine_first, 1), (Objects{Object{{1, {0, 1}}}, Object{{1, {1, 0}}}}));
  EXPECT_EQ(objects_in_mode(nine_first, 3), (Objects{Object{{1, {0, 1}}, {1, {1, 0}}}}));
  EXPECT_EQ(objects_in_mode(one_first, 5), (Objects{Object{{9, {0, 1}}}, Object{{9, {1, 0}}}}));
  EXPECT_EQ(objects_in_mode(one_first, 7), (Objects{Object{{9, {0, 1}}, {9, {1, 0}}}}));
  // With the background kept, both colours are objects.
  EXPECT_EQ(objects_in_mode(nine_first, 4), (Objects{Object{{1, {0, 1}}}, Object{{1, {1, 0}}},
                                                     Object{{9, {0, 0}}}, Object{{9, {1, 1}}}}));
  EXPECT_EQ(objects_in_mode(nine_first, 6),
            (Objects{Object{{1, {0, 1}}, {1, {1, 0}}}, Object{{9, {0, 0}}, {9, {1, 1}}}}));
}

TEST(Objects, UniformAndSingleCellGrids) {
  const Grid uniform{{3, 3}, {3, 3}};
  const Object all{{3, {0, 0}}, {3, {0, 1}}, {3, {1, 0}}, {3, {1, 1}}};
  for (int mode = 0; mode < 8; ++mode) {
    if (mode & 1)
      EXPECT_EQ(objects_in_mode(uniform, mode), Objects{}) << "mode " << mode;
    else
      EXPECT_EQ(objects_in_mode(uniform, mode), (Objects{all})) << "mode " << mode;
  }
  EXPECT_EQ(objects_in_mode(Grid{{6}}, 4), (Objects{Object{{6, {0, 0}}}}));
  EXPECT_EQ(objects_in_mode(Grid{{6}}, 5), Objects{});
}

TEST(Objects, EmptyGrids) {
  for (int mode = 0; mode < 8; ++mode) {
    EXPECT_EQ(objects_in_mode(Grid{}, mode), Objects{}) << "mode " << mode;
    EXPECT_EQ(objects_in_mode(empty_rows(2), mode), Objects{}) << "mode " << mode;
  }
}

TEST(Objects, DiagonalOnlyMattersAcrossCorners) {
  //   5 0 0
  //   0 5 0
  //   0 0 7
  const Grid g{{5, 0, 0}, {0, 5, 0}, {0, 0, 7}};
  // Background 0; direct: three single cells; diagonal: one chain of 5, 5, 7 (multicolour)
  // or the two 5s and the 7 apart (univalued).
  EXPECT_EQ(objects_in_mode(g, 1),
            (Objects{Object{{5, {0, 0}}}, Object{{5, {1, 1}}}, Object{{7, {2, 2}}}}));
  EXPECT_EQ(objects_in_mode(g, 3), (Objects{Object{{5, {0, 0}}, {5, {1, 1}}, {7, {2, 2}}}}));
  EXPECT_EQ(objects_in_mode(g, 7),
            (Objects{Object{{5, {0, 0}}, {5, {1, 1}}}, Object{{7, {2, 2}}}}));
  // The 0s form one object directly connected around the diagonal.
  EXPECT_EQ(objects_in_mode(g, 4),
            (Objects{Object{{0, {0, 1}}, {0, {0, 2}}, {0, {1, 2}}},
                     Object{{0, {1, 0}}, {0, {2, 0}}, {0, {2, 1}}}, Object{{5, {0, 0}}},
                     Object{{5, {1, 1}}}, Object{{7, {2, 2}}}}));
  EXPECT_EQ(
      objects_in_mode(g, 6),
      (Objects{Object{{0, {0, 1}}, {0, {0, 2}}, {0, {1, 0}}, {0, {1, 2}}, {0, {2, 0}}, {0, {2, 1}}},
               Object{{5, {0, 0}}, {5, {1, 1}}}, Object{{7, {2, 2}}}}));
}

} // namespace
} // namespace battgpu::dsl_tests
