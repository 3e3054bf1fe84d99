// The GPU path against the CPU path: oracle grids, a million random grids, every mode subset,
// and the machinery around the kernels (sharding, chunking, allocation retry, device-fault
// fallback, statistics). Skips with a message where no GPU is usable.
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

/// Both result layouts of the GPU path, each run under its own configuration.
constexpr runtime::ResultLayout kLayouts[] = {runtime::ResultLayout::Cells,
                                              runtime::ResultLayout::Compact};

bt::ScopedConfig layout_config(runtime::ResultLayout layout) {
  return bt::ScopedConfig([layout](runtime::RuntimeConfig& c) { c.result_layout = layout; });
}

std::size_t count_fallbacks(const runtime::RuntimeStats& s, const std::string& reason) {
  for (const auto& f : s.fallbacks)
    if (f.reason.find(reason) != std::string::npos)
      return f.chunks;
  return 0;
}

// Small enough for compute-sanitizer (memcheck, racecheck): every size class, edge cases.
TEST(GpuSmall, MatchesCpuOnEdgeCasesAndRandomGrids) {
  REQUIRE_GPU();
  auto grids = bt::edge_case_grids();
  auto random = runtime::random_arc_like_grids(200, 77);
  grids.insert(grids.end(), random.begin(), random.end());
  for (runtime::ResultLayout layout : kLayouts) {
    const std::string name = runtime::result_layout_name(layout);
    auto scoped = layout_config(layout);
    runtime::reset_stats();
    EXPECT_EQ(compare_paths(grids, runtime::all_modes, "small " + name), 0u);
    auto s = runtime::stats();
    EXPECT_GE(s.gpu_calls, 1u) << name;
    EXPECT_GT(s.gpu_items, 0u) << name;
    EXPECT_TRUE(s.fallbacks.empty()) << name;
  }
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

// In both result layouts (cells and compact), each against the CPU path.
TEST(GpuObjects, MillionRandomGridsEveryMode) {
  REQUIRE_GPU();
  constexpr std::size_t kTotal = 1000000, kBatch = 50000;
  for (runtime::ResultLayout layout : kLayouts) {
    const std::string name = runtime::result_layout_name(layout);
    auto scoped = layout_config(layout);
    std::size_t bad = 0;
    for (std::size_t first = 0; first < kTotal; first += kBatch) {
      auto grids = runtime::random_arc_like_grids(kBatch, 1000 + first);
      bad += compare_paths(grids, runtime::all_modes, "random " + name, first);
      if (bad != 0)
        break;
    }
    EXPECT_EQ(bad, 0u) << name;
  }
}

TEST(GpuObjects, EveryModeSubset) {
  REQUIRE_GPU();
  auto grids = runtime::random_arc_like_grids(400, 9);
  auto edge = bt::edge_case_grids();
  grids.insert(grids.end(), edge.begin(), edge.end());
  for (runtime::ResultLayout layout : kLayouts) {
    const std::string name = runtime::result_layout_name(layout);
    auto scoped = layout_config(layout);
    for (unsigned modes = 1; modes < 256; ++modes)
      ASSERT_EQ(compare_paths(grids, static_cast<runtime::ModeMask>(modes),
                              name + " modes " + std::to_string(modes)),
                0u);
  }
}

TEST(GpuObjects, ForcedShardsKeepInputOrder) {
  REQUIRE_GPU();
  bt::ScopedConfig scoped([](runtime::RuntimeConfig& c) {
    c.shards_per_device = 5;
    c.max_chunk_grids = 700;
  });
  auto grids = runtime::random_arc_like_grids(20000, 21);
  runtime::reset_stats();
  EXPECT_EQ(compare_paths(grids, runtime::all_modes, "shards"), 0u);
  auto s = runtime::stats();
  EXPECT_GE(s.chunks, 5u * 3u);
  EXPECT_EQ(s.gpu_items, grids.size());
}

TEST(GpuObjects, TinyMemoryFractionMakesManyChunks) {
  REQUIRE_GPU();
  bt::ScopedConfig scoped([](runtime::RuntimeConfig& c) { c.memory_fraction = 1e-6; });
  auto grids = runtime::random_arc_like_grids(3000, 31);
  runtime::reset_stats();
  EXPECT_EQ(compare_paths(grids, runtime::all_modes, "tiny memory"), 0u);
  auto s = runtime::stats();
  EXPECT_GE(s.chunks, 20u);
  EXPECT_EQ(s.gpu_items, grids.size());
}

TEST(GpuObjects, AllocationFailureSplitsAndRetries) {
  REQUIRE_GPU();
  bt::ScopedConfig scoped(
      [](runtime::RuntimeConfig& c) { c.inject_faults = "kind:alloc,chunk:0;kind:alloc,chunk:2"; });
  auto grids = runtime::random_arc_like_grids(5000, 41);
  runtime::reset_stats();
  EXPECT_EQ(compare_paths(grids, runtime::all_modes, "alloc retry"), 0u);
  auto s = runtime::stats();
  EXPECT_GE(s.split_retries, 2u);
  EXPECT_EQ(s.gpu_items, grids.size()); // split, retried, all on the GPU
  EXPECT_TRUE(s.fallbacks.empty());
}

TEST(GpuObjects, AllocationFailingEverywhereEndsOnCpu) {
  REQUIRE_GPU();
  bt::ScopedConfig scoped([](runtime::RuntimeConfig& c) { c.inject_faults = "kind:alloc"; });
  auto grids = runtime::random_arc_like_grids(40, 43);
  runtime::reset_stats();
  EXPECT_EQ(compare_paths(grids, runtime::all_modes, "alloc fallback"), 0u);
  auto s = runtime::stats();
  EXPECT_EQ(count_fallbacks(s, "device allocation failed"), grids.size());
  EXPECT_EQ(s.gpu_items, 0u);
}

TEST(GpuObjects, DeviceFaultMovesChunkToCpu) {
  REQUIRE_GPU();
  const int device = runtime::usable_devices().front().ordinal;
  // One device, so that its share (every grid: 10 chunks) reaches the faulting fourth chunk
  // however many devices the machine has.
  bt::ScopedConfig scoped([&](runtime::RuntimeConfig& c) {
    c.devices = {device};
    c.max_chunk_grids = 500;
    c.inject_faults = "device:" + std::to_string(device) + ",chunk:3";
  });
  auto grids = runtime::random_arc_like_grids(5000, 47);
  runtime::reset_stats();
  EXPECT_EQ(compare_paths(grids, runtime::all_modes, "device fault"), 0u);
  auto s = runtime::stats();
  EXPECT_EQ(count_fallbacks(s, "injected device fault"), 1u);
  EXPECT_EQ(s.gpu_items, grids.size() - 500u);
}

// Issue 7 item 1: with two or more devices, a batch is spread over every one of them.
TEST(GpuMulti, ShardsSpreadOverEveryDevice) {
  REQUIRE_GPU();
  const auto devices = runtime::usable_devices();
  if (devices.size() < 2)
    GTEST_SKIP() << "needs 2 or more usable GPUs; " << devices.size() << " visible";
  auto grids = runtime::random_arc_like_grids(40000, 59);
  runtime::reset_stats();
  auto on_gpu = runtime::batch_objects_many(grids, runtime::all_modes, gpu);
  auto s = runtime::stats();
  auto on_cpu = runtime::batch_objects_many(grids, runtime::all_modes, cpu);
  EXPECT_EQ(bt::count_differences(grids, on_gpu, on_cpu, "every device"), 0u);
  EXPECT_EQ(s.gpu_items, grids.size());
  EXPECT_TRUE(s.fallbacks.empty());
  for (const auto& d : devices) {
    std::uint64_t chunks = 0, items = 0;
    for (const auto& st : s.devices)
      if (st.ordinal == d.ordinal) {
        chunks += st.chunks;
        items += st.items;
      }
    EXPECT_GT(chunks, 0u) << "device " << d.ordinal;
    EXPECT_GT(items, 0u) << "device " << d.ordinal;
  }
}

// Issue 7 item 2: with two or more devices, one of them fails from its third chunk on; its
// chunks finish on the CPU path while the other devices keep theirs. Results exact, nothing
// lost, the statistics show the fallback and both devices' chunks.
TEST(GpuMulti, OneDeviceFailingMidBatchFinishesElsewhere) {
  REQUIRE_GPU();
  const auto devices = runtime::usable_devices();
  if (devices.size() < 2)
    GTEST_SKIP() << "needs 2 or more usable GPUs; " << devices.size() << " visible";
  const int failing = devices[1].ordinal;
  constexpr std::size_t chunk_grids = 500;
  bt::ScopedConfig scoped([&](runtime::RuntimeConfig& c) {
    c.shards_per_device = 1;
    c.max_chunk_grids = chunk_grids;
    c.inject_faults = "kind:error,device:" + std::to_string(failing) + ",from:2";
  });
  auto grids = runtime::random_arc_like_grids(40000, 53);
  runtime::reset_stats();
  auto on_gpu = runtime::batch_objects_many(grids, runtime::all_modes, gpu);
  auto s = runtime::stats();
  auto on_cpu = runtime::batch_objects_many(grids, runtime::all_modes, cpu);
  EXPECT_EQ(bt::count_differences(grids, on_gpu, on_cpu, "one device failing"), 0u);

  std::uint64_t fallback_items = 0, fallback_chunks = 0;
  for (const auto& f : s.fallbacks)
    if (f.reason.find("injected device fault") != std::string::npos) {
      fallback_items += f.items;
      fallback_chunks += f.chunks;
    }
  EXPECT_GE(fallback_chunks, 1u);
  EXPECT_GT(fallback_items, 0u);
  // Nothing lost: every grid finished on a device or on the CPU path, once.
  EXPECT_EQ(s.gpu_items + s.cpu_items, grids.size());
  EXPECT_EQ(s.gpu_items, on_gpu.gpu_grids());
  EXPECT_EQ(s.cpu_items, fallback_items);
  std::uint64_t failing_chunks = 0, other_chunks = 0;
  for (const auto& d : s.devices)
    (d.ordinal == failing ? failing_chunks : other_chunks) += d.chunks;
  EXPECT_EQ(failing_chunks, 2u) << "the failing device finishes its first two chunks only";
  EXPECT_GT(other_chunks, 0u);
  std::size_t gpu_grids = 0;
  for (std::size_t g = 0; g < grids.size(); ++g)
    gpu_grids += on_gpu.computed_on_gpu(g) ? 1 : 0;
  EXPECT_EQ(gpu_grids, s.gpu_items);
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

TEST(GpuObjects, CostModelKeepsSmallBatchesOnCpu) {
  REQUIRE_GPU();
  auto one = runtime::random_arc_like_grids(1, 61);
  runtime::batch_objects_many(one, runtime::all_modes); // calibrates on first use
  runtime::reset_stats();
  auto batch = runtime::batch_objects_many(one, runtime::all_modes);
  EXPECT_EQ(batch.gpu_grids(), 0u);
  auto s = runtime::stats();
  EXPECT_EQ(s.cpu_calls, 1u);
  EXPECT_GT(s.cpu_seconds_per_cell, 0.0);
  EXPECT_GT(s.gpu_seconds_per_call, 0.0);
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

TEST(GpuOps, MapplyMatchesTheDsl) {
  REQUIRE_GPU();
  auto containers = bt::sample_containers(3000, 29);
  EXPECT_EQ(bt::check_mapply(containers, runtime::Path::Gpu), 0u);
  auto b = runtime::batch_mapply_many(dsl::backdrop, containers,
                                      runtime::BatchOptions{runtime::Path::Gpu});
  EXPECT_GT(b.gpu_items(), containers.size() / 2);
  EXPECT_LT(b.gpu_items(), containers.size()); // shifted and empty ones ran on the CPU
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

  std::vector<dsl::Objects> containers;
  std::size_t non_empty = 0;
  for (std::size_t i = 0; i < 100; ++i) {
    containers.push_back(dsl::o_g(grids[i], 5));
    non_empty += !containers.back().empty();
  }
  // Every non-empty container fits the canvas; empty ones are left to the original.
  EXPECT_EQ(runtime::prefetch_mapply(runtime::PerObjectOp::Delta, containers, on_gpu), non_empty);
  for (std::size_t i = 0; i < 100; ++i) {
    auto m = runtime::batch_mapply(dsl::delta, containers[i], [&] {
      ++calls;
      return dsl::mapply(dsl::delta, containers[i]);
    });
    EXPECT_EQ(m, dsl::mapply(dsl::delta, containers[i]));
  }
  EXPECT_EQ(static_cast<std::size_t>(calls), containers.size() - non_empty);
  runtime::clear_prefetched();
  EXPECT_EQ(runtime::prefetched_grids(), 0u);
}

} // namespace
