// Object extraction against the reference results for every training grid in all 8 modes.
#include "oracle.hpp"

#include "battgpu/dsl.hpp"

#include <gtest/gtest.h>

namespace battgpu {
namespace {

TEST(ObjectsOracle, AllTrainingGridsAllModes) {
  auto shared = testing::shared_dir();
  if (!shared)
    GTEST_SKIP() << "../shared is absent: the oracle test needs "
                    "shared/oracle/objects-training.jsonl.gz";
  auto grids = testing::load_oracle(*shared / "oracle" / "objects-training.jsonl.gz");
  ASSERT_EQ(grids.size(), 3436u);
  int checked = 0, matched = 0;
  for (const auto& g : grids) {
    for (int mode = 0; mode < 8; ++mode) {
      ++checked;
      auto got = testing::canonical(dsl::o_g(g.grid, mode));
      if (got == g.objects[mode])
        ++matched;
      else
        ADD_FAILURE() << g.label << " mode " << mode << ": " << got.size() << " objects, oracle "
                      << g.objects[mode].size();
    }
  }
  std::printf("oracle: %d of %d results match\n", matched, checked);
  EXPECT_EQ(checked, 27488);
  EXPECT_EQ(matched, checked);
}

TEST(ObjectsOracle, ObjectsAgreesWithOg) {
  dsl::Grid grid{{1, 1, 0}, {0, 2, 2}, {3, 0, 2}};
  for (int mode = 0; mode < 8; ++mode)
    EXPECT_EQ(dsl::objects(grid, (mode & 4) != 0, (mode & 2) != 0, (mode & 1) != 0),
              dsl::o_g(grid, mode))
        << "mode " << mode;
}

} // namespace
} // namespace battgpu
