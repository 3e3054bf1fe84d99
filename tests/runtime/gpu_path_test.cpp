// The typed batch runtime's GPU path against its CPU path and the oracle: oracle grids, random
// grids, every mode subset, unusual grids, statistics; each result in CPython's iteration
// order. The device machinery underneath (sharding, chunking, allocation retry, device-fault
// fallback, several devices) is batch_py_objects', tested in tests/py_objects. Skips with a
// message where no GPU is usable.
#include "runtime_test_util.hpp"

#include "battgpu/runtime/device.hpp"
#include "battgpu/runtime/stats.hpp"
#include "battgpu/runtime/synthetic.hpp"
#include "battgpu/tasks/json.hpp"

#include <algorithm>

namespace {

using namespace battgpu;
namespace bt = battgpu::testing;
using runtime::BatchOptions;
using runtime::Path;

const BatchOptions gpu{Path::Gpu};
const BatchOptions cpu{Path::Cpu};

#define REQUIRE_GPU()                                                                              \
  do {                                                                                             \
    if (!runtime::gpu_available())                                                                 \
      GTEST_SKIP() << "no usable GPU: " << runtime::gpu_unavailable_reason();                      \
  } while (0)

/// GPU and CPU results of `grids` in `modes` compared object by object.
std::size_t compare_paths(const std::vector<dsl::Grid>& grids, runtime::ModeMask modes,
                          const std::string& what, std::size_t offset = 0) {
  auto on_gpu = runtime::batch_objects_many(grids, modes, gpu);
  auto on_cpu = runtime::batch_objects_many(grids, modes, cpu);
  return bt::count_differences(grids, on_gpu, on_cpu, what, offset);
}

// Small enough for compute-sanitizer (memcheck, racecheck): every size class, edge cases.
TEST(GpuSmall, MatchesCpuOnEdgeCasesAndRandomGrids) {
  REQUIRE_GPU();
  auto grids = bt::edge_case_grids();
  auto random = runtime::random_arc_like_grids(200, 77);
  grids.insert(grids.end(), random.begin(), random.end());
  runtime::reset_stats();
  EXPECT_EQ(compare_paths(grids, runtime::all_modes, "small"), 0u);
  auto s = runtime::stats();
  EXPECT_GE(s.gpu_calls, 1u);
  EXPECT_GT(s.gpu_items, 0u);
  EXPECT_TRUE(s.fallbacks.empty());
  // Every result is gone: the cached pinned buffers can go too (and leak checkers see none).
  runtime::release_cached_memory();
  EXPECT_EQ(runtime::stats().pinned_bytes_held, 0u);
}

TEST(GpuObjects, OracleGrids) {
  REQUIRE_GPU();
  const auto* oracle = bt::oracle_grids();
  if (oracle == nullptr)
    GTEST_SKIP() << "../shared/oracle is absent";
  std::vector<dsl::Grid> grids;
  for (const auto& o : *oracle)
    grids.push_back(o.grid);
  auto batch = runtime::batch_objects_many(grids, runtime::all_modes, gpu);
  EXPECT_EQ(batch.gpu_grids(), grids.size());
  std::size_t matched = 0, bad = 0;
  for (std::size_t g = 0; g < grids.size(); ++g)
    for (int mode = 0; mode < 8; ++mode) {
      if (bt::canonical(batch(g, mode)) == (*oracle)[g].objects[static_cast<std::size_t>(mode)])
        ++matched;
      else if (++bad <= 3)
        ADD_FAILURE() << (*oracle)[g].label << " mode " << mode << ": "
                      << bt::describe(batch(g, mode));
    }
  EXPECT_EQ(matched, 27488u);
  EXPECT_EQ(compare_paths(grids, runtime::all_modes, "oracle grids"), 0u);
}

TEST(GpuObjects, RandomGridsEveryMode) {
  REQUIRE_GPU();
  constexpr std::size_t kTotal = 200000, kBatch = 50000;
  std::size_t bad = 0;
  for (std::size_t first = 0; first < kTotal && bad == 0; first += kBatch) {
    auto grids = runtime::random_arc_like_grids(kBatch, 1000 + first);
    bad += compare_paths(grids, runtime::all_modes, "random", first);
  }
  EXPECT_EQ(bad, 0u);
}

TEST(GpuObjects, EveryModeSubset) {
  REQUIRE_GPU();
  auto grids = runtime::random_arc_like_grids(400, 9);
  auto edge = bt::edge_case_grids();
  grids.insert(grids.end(), edge.begin(), edge.end());
  for (unsigned modes = 1; modes < 256; ++modes)
    ASSERT_EQ(compare_paths(grids, static_cast<runtime::ModeMask>(modes),
                            "modes " + std::to_string(modes)),
              0u);
}

TEST(GpuObjects, MixedBatchOfUnusualGrids) {
  REQUIRE_GPU();
  auto grids = runtime::random_arc_like_grids(1000, 51);
  auto edge = bt::edge_case_grids();
  for (std::size_t k = 0; k < edge.size(); ++k)
    grids.insert(grids.begin() + static_cast<std::ptrdiff_t>(std::min(k * 61, grids.size())),
                 edge[k]);
  EXPECT_EQ(compare_paths(grids, runtime::all_modes, "mixed"), 0u);
}

TEST(GpuObjects, StatisticsDescribeTheDevices) {
  REQUIRE_GPU();
  auto grids = runtime::random_arc_like_grids(2000, 71);
  runtime::reset_stats();
  runtime::batch_objects_many(grids, runtime::all_modes, gpu);
  auto s = runtime::stats();
  EXPECT_EQ(s.gpu_calls, 1u);
  EXPECT_GT(s.bytes_h2d, 0u);
  EXPECT_GT(s.bytes_d2h, 0u);
  EXPECT_GT(s.time.kernel, 0.0);
  ASSERT_FALSE(s.devices.empty());
  EXPECT_GT(s.devices.front().memory_total, 0u);
  EXPECT_GT(s.devices.front().memory_held_peak, 0u);
  EXPECT_GT(s.devices.front().peak_utilisation, 0.0);
  EXPECT_TRUE(json::parse(runtime::stats_json()).is_object());
}

} // namespace

#include "ops_test_util.hpp"

namespace {

using namespace battgpu;
namespace bt = battgpu::testing;

TEST(GpuOps, GridValuesMatchTheDsl) {
  REQUIRE_GPU();
  auto grids = runtime::random_arc_like_grids(20000, 23);
  auto edge = bt::edge_case_grids();
  grids.insert(grids.end(), edge.begin(), edge.end());
  EXPECT_EQ(bt::check_grid_values(grids, runtime::Path::Gpu), 0u);
  EXPECT_GT(
      runtime::batch_grid_values(grids, runtime::BatchOptions{runtime::Path::Gpu}).gpu_grids(),
      19000u);
}

TEST(GpuOps, BatchPointsTakePrefetchedGpuResults) {
  REQUIRE_GPU();
  runtime::clear_prefetched();
  auto grids = runtime::random_arc_like_grids(500, 31);
  const runtime::BatchOptions on_gpu{runtime::Path::Gpu};
  EXPECT_EQ(runtime::prefetch_objects(grids, runtime::mode_bit(1) | runtime::mode_bit(5), on_gpu),
            grids.size());
  EXPECT_EQ(runtime::prefetch_grid_values(grids, on_gpu), grids.size());
  int calls = 0;
  for (std::size_t i = 0; i < 50; ++i) {
    auto r = runtime::batch_objects(grids[i], std::array<int, 3>{5, 1, 5}, [&] {
      ++calls;
      return std::array<dsl::Objects, 3>{};
    });
    EXPECT_EQ(r[0], dsl::o_g(grids[i], 5));
    EXPECT_EQ(r[1], dsl::o_g(grids[i], 1));
    EXPECT_EQ(r[2], dsl::o_g(grids[i], 5));
  }
  EXPECT_EQ(calls, 0);
  // A mode that was not prefetched runs the original.
  runtime::batch_objects(grids[0], std::array<int, 1>{3}, [&] {
    ++calls;
    return std::array<dsl::Objects, 1>{dsl::o_g(grids[0], 3)};
  });
  EXPECT_EQ(calls, 1);

  dsl::Samples S{{grids[1], grids[2]}, {grids[3], grids[4]}, {grids[5], grids[6]}};
  auto original = [&] {
    ++calls;
    auto a = dsl::apply(dsl::first, S);
    auto b = dsl::apply(dsl::second, S);
    return std::make_tuple(a, b, dsl::mapply(dsl::p_g, a), dsl::mapply(dsl::p_g, b));
  };
  auto expected = original();
  calls = 0;
  auto t = runtime::batch_process_samples(S, dsl::p_g, dsl::p_g, original);
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(t, expected);
  auto partial = runtime::batch_process_samples(S, dsl::p_g, runtime::no_mapping, [&] {
    ++calls;
    auto a = dsl::apply(dsl::first, S);
    return std::make_tuple(a, dsl::apply(dsl::second, S), dsl::mapply(dsl::p_g, a));
  });
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(std::get<2>(partial), std::get<2>(expected));

  runtime::clear_prefetched();
  EXPECT_EQ(runtime::prefetched_grids(), 0u);
}

} // namespace
