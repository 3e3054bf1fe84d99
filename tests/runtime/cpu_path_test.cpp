// The CPU path of the batch runtime against the oracle and against the DSL's own objects.
#include "runtime_test_util.hpp"

#include "battgpu/runtime/device.hpp"
#include "battgpu/runtime/stats.hpp"
#include "battgpu/runtime/synthetic.hpp"
#include "battgpu/tasks/json.hpp"
#include "core/faults.hpp"
#include "core/host_memory.hpp"
#include "cpu/thread_pool.hpp"
#include "temp_dir.hpp"

#include <atomic>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

namespace {

using namespace battgpu;
namespace bt = battgpu::testing;
using runtime::BatchOptions;
using runtime::Path;

const BatchOptions cpu{Path::Cpu};

TEST(RuntimeCpu, OracleAllModes) {
  const auto* oracle = bt::oracle_grids();
  if (oracle == nullptr)
    GTEST_SKIP() << "../shared/oracle is absent";
  std::vector<dsl::Grid> grids;
  for (const auto& o : *oracle)
    grids.push_back(o.grid);
  auto batch = runtime::batch_objects_many(grids, runtime::all_modes, cpu);
  std::size_t matched = 0, bad = 0;
  for (std::size_t g = 0; g < grids.size(); ++g)
    for (int mode = 0; mode < 8; ++mode) {
      if (bt::canonical(batch(g, mode)) == (*oracle)[g].objects[static_cast<std::size_t>(mode)]) {
        ++matched;
      } else if (++bad <= 3) {
        ADD_FAILURE() << (*oracle)[g].label << " mode " << mode << ": "
                      << bt::describe(batch(g, mode));
      }
    }
  EXPECT_EQ(matched, grids.size() * 8);
  EXPECT_EQ(matched, 27488u);
}

TEST(RuntimeCpu, MatchesDslObjectsOnRandomGrids) {
  auto grids = runtime::random_arc_like_grids(20000, 11);
  auto edge = bt::edge_case_grids();
  grids.insert(grids.end(), edge.begin(), edge.end());
  auto batch = runtime::batch_objects_many(grids, runtime::all_modes, cpu);
  std::size_t bad = 0;
  for (std::size_t g = 0; g < grids.size(); ++g)
    for (int mode = 0; mode < 8; ++mode) {
      dsl::Objects expected = dsl::o_g(grids[g], mode);
      if (!bt::same_iteration(batch(g, mode), expected) && ++bad <= 3)
        ADD_FAILURE() << "grid " << g << " mode " << mode << " " << bt::describe(grids[g])
                      << "\n  got      " << bt::describe(batch(g, mode)) << "\n  expected "
                      << bt::describe(expected);
    }
  EXPECT_EQ(bad, 0u);
}

TEST(RuntimeCpu, EveryModeSubset) {
  auto grids = runtime::random_arc_like_grids(300, 5);
  auto edge = bt::edge_case_grids();
  grids.insert(grids.end(), edge.begin(), edge.end());
  for (unsigned modes = 1; modes < 256; ++modes) {
    auto batch = runtime::batch_objects_many(grids, static_cast<runtime::ModeMask>(modes), cpu);
    ASSERT_EQ(batch.size(), grids.size());
    ASSERT_EQ(batch.modes(), modes);
    for (std::size_t g = 0; g < grids.size(); ++g) {
      auto row = batch.row(g);
      ASSERT_EQ(row.size(), static_cast<std::size_t>(runtime::mode_count(batch.modes())));
      std::size_t k = 0;
      for (int mode = 0; mode < 8; ++mode) {
        if (!(modes & (1u << mode)))
          continue;
        ASSERT_EQ(row[k++], dsl::o_g(grids[g], mode))
            << "modes " << modes << " grid " << g << " mode " << mode;
      }
    }
  }
}

TEST(RuntimeCpu, ResultsOutliveTheBatch) {
  auto grids = runtime::random_arc_like_grids(50, 3);
  dsl::Objects kept;
  {
    auto batch = runtime::batch_objects_many(grids, runtime::mode_bit(5), cpu);
    kept = batch(7, 5);
  }
  EXPECT_EQ(kept, dsl::o_g(grids[7], 5));
}

TEST(RuntimeCpu, EmptyBatchAndNoModes) {
  std::vector<dsl::Grid> none;
  auto a = runtime::batch_objects_many(none, runtime::all_modes);
  EXPECT_EQ(a.size(), 0u);
  auto grids = runtime::random_arc_like_grids(4, 1);
  auto b = runtime::batch_objects_many(grids, 0);
  EXPECT_EQ(b.size(), 4u);
  EXPECT_TRUE(b.row(0).empty());
  EXPECT_THROW(b(0, 3), std::out_of_range);
}

TEST(RuntimeCpu, StatisticsAndJson) {
  runtime::reset_stats();
  auto grids = runtime::random_arc_like_grids(100, 2);
  runtime::batch_objects_many(grids, runtime::mode_bit(1) | runtime::mode_bit(5), cpu);
  auto s = runtime::stats();
  // One runtime call of 200 extractions: 100 grids in two modes each.
  EXPECT_EQ(s.calls, 1u);
  EXPECT_EQ(s.cpu_calls, 1u);
  EXPECT_EQ(s.items, 200u);
  EXPECT_EQ(s.labelings, 200u);
  EXPECT_EQ(s.cpu_items, 200u);
  EXPECT_GT(s.time.total, 0.0);
  auto parsed = json::parse(runtime::stats_json());
  ASSERT_TRUE(parsed.is_object());
  ASSERT_NE(parsed.find("calls"), nullptr);
  EXPECT_EQ(parsed.find("calls")->as_int64(), 1);
  ASSERT_NE(parsed.find("time_seconds"), nullptr);
  ASSERT_NE(parsed.find("fallbacks"), nullptr);

  bt::TempDir dir;
  auto path = dir.path() / "stats.json";
  ASSERT_TRUE(runtime::write_stats(path.string()));
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_TRUE(json::parse(text.str()).is_object());
}

TEST(RuntimeCpu, DisabledCudaMeansCpu) {
  bt::ScopedConfig scoped([](runtime::RuntimeConfig& c) { c.disable_cuda = true; });
  EXPECT_FALSE(runtime::gpu_available());
  EXPECT_FALSE(runtime::gpu_unavailable_reason().empty());
  auto grids = runtime::random_arc_like_grids(200, 4);
  runtime::reset_stats();
  auto batch = runtime::batch_objects_many(grids, runtime::all_modes, BatchOptions{Path::Gpu});
  EXPECT_EQ(batch.gpu_grids(), 0u);
  EXPECT_EQ(runtime::stats().gpu_calls, 0u);
  for (std::size_t g = 0; g < grids.size(); ++g)
    ASSERT_EQ(batch(g, 3), dsl::o_g(grids[g], 3));
}

TEST(RuntimeCpu, EnvironmentSettings) {
  ::setenv("BATTGPU_DISABLE_CUDA", "1", 1);
  ::setenv("BATTGPU_DEVICES", "0,2", 1);
  ::setenv("BATTGPU_MEMORY_FRACTION", "0.25", 1);
  ::setenv("BATTGPU_INJECT_FAULT", "device:1,chunk:3", 1);
  ::setenv("BATTGPU_STATS", "/tmp/x.json", 1);
  auto c = runtime::config_from_environment();
  ::unsetenv("BATTGPU_DISABLE_CUDA");
  ::unsetenv("BATTGPU_DEVICES");
  ::unsetenv("BATTGPU_MEMORY_FRACTION");
  ::unsetenv("BATTGPU_INJECT_FAULT");
  ::unsetenv("BATTGPU_STATS");
  EXPECT_TRUE(c.disable_cuda);
  EXPECT_EQ(c.devices, (std::vector<int>{0, 2}));
  EXPECT_DOUBLE_EQ(c.memory_fraction, 0.25);
  EXPECT_EQ(c.inject_faults, "device:1,chunk:3");
  EXPECT_EQ(c.stats_path, "/tmp/x.json");
}

TEST(RuntimeCpu, FaultPlans) {
  using runtime::detail::FaultKind;
  using runtime::detail::FaultPlan;
  FaultPlan a("device:1,chunk:3");
  EXPECT_TRUE(a.fire(FaultKind::DeviceError, 1, 3));
  EXPECT_FALSE(a.fire(FaultKind::DeviceError, 0, 3));
  EXPECT_FALSE(a.fire(FaultKind::DeviceError, 1, 2));
  EXPECT_FALSE(a.fire(FaultKind::AllocFailure, 1, 3));
  FaultPlan b("kind:alloc,count:2;kind:error,chunk:0");
  EXPECT_TRUE(b.fire(FaultKind::AllocFailure, 0, 9));
  EXPECT_TRUE(b.fire(FaultKind::AllocFailure, 4, 1));
  EXPECT_FALSE(b.fire(FaultKind::AllocFailure, 0, 9));
  EXPECT_TRUE(b.fire(FaultKind::DeviceError, 7, 0));
  FaultPlan c("kind:error,device:1,from:2");
  EXPECT_FALSE(c.fire(FaultKind::DeviceError, 1, 1));
  EXPECT_TRUE(c.fire(FaultKind::DeviceError, 1, 2));
  EXPECT_TRUE(c.fire(FaultKind::DeviceError, 1, 40));
  EXPECT_FALSE(c.fire(FaultKind::DeviceError, 0, 40));
  FaultPlan bad("kind:nonsense;chunk:x");
  EXPECT_TRUE(bad.empty());
}

TEST(RuntimeCpu, ThreadPoolNestsAndCoversEveryIndex) {
  runtime::detail::ThreadPool pool(4);
  std::vector<std::atomic<int>> hits(1000);
  pool.parallel_for(10, [&](std::size_t outer) {
    pool.parallel_for(100, [&](std::size_t inner) { ++hits[outer * 100 + inner]; });
  });
  for (auto& h : hits)
    EXPECT_EQ(h.load(), 1);
}

// Shards call the pool from their own threads at once, as a multi-device call does.
TEST(RuntimeCpu, ThreadPoolServesConcurrentCallers) {
  runtime::detail::ThreadPool pool(4);
  constexpr std::size_t callers = 3, per_caller = 20000;
  std::vector<std::atomic<int>> hits(callers * per_caller);
  std::vector<std::thread> threads;
  for (std::size_t c = 0; c < callers; ++c)
    threads.emplace_back([&, c] {
      for (int round = 0; round < 5; ++round)
        pool.parallel_for(per_caller / 5, [&](std::size_t i) {
          ++hits[c * per_caller + round * (per_caller / 5) + i];
        });
    });
  for (auto& t : threads)
    t.join();
  for (auto& h : hits)
    EXPECT_EQ(h.load(), 1);
}

TEST(RuntimeCpu, SyntheticGridsAreDeterministic) {
  auto a = runtime::random_arc_like_grids(100, 42);
  auto b = runtime::random_arc_like_grids(100, 42);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(a[i], b[i]);
  for (const auto& g : a) {
    EXPECT_GE(g.height(), 1);
    EXPECT_LE(g.height(), 30);
    EXPECT_GE(g.width(), 1);
    EXPECT_LE(g.width(), 30);
  }
}

} // namespace

#include "ops_test_util.hpp"

namespace {

using namespace battgpu;
namespace bt = battgpu::testing;

TEST(RuntimeCpuOps, GridValuesMatchTheDsl) {
  auto grids = runtime::random_arc_like_grids(3000, 13);
  auto edge = bt::edge_case_grids();
  grids.insert(grids.end(), edge.begin(), edge.end());
  EXPECT_EQ(bt::check_grid_values(grids, runtime::Path::Cpu), 0u);
}

TEST(RuntimeCpuOps, MapplyMatchesTheDsl) {
  EXPECT_EQ(bt::check_mapply(bt::sample_containers(150, 17), runtime::Path::Cpu), 0u);
}

TEST(RuntimeCpuOps, BatchPointsRunTheOriginalWithoutGpuResults) {
  runtime::clear_prefetched();
  auto grids = runtime::random_arc_like_grids(20, 19);
  // Prefetching on the CPU path keeps nothing: the original statements stay the CPU path.
  EXPECT_EQ(runtime::prefetch_objects(grids, runtime::all_modes,
                                      runtime::BatchOptions{runtime::Path::Cpu}),
            0u);
  int calls = 0;
  auto r = runtime::batch_objects(grids[0], std::array<int, 3>{5, 1, 5}, [&] {
    ++calls;
    return std::array<dsl::Objects, 3>{dsl::o_g(grids[0], 5), dsl::o_g(grids[0], 1),
                                       dsl::o_g(grids[0], 5)};
  });
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(r[1], dsl::o_g(grids[0], 1));

  dsl::Samples S{{grids[1], grids[2]}, {grids[3], grids[4]}};
  auto t = runtime::batch_process_samples(S, dsl::p_g, dsl::p_g, [&] {
    ++calls;
    auto a = dsl::apply(dsl::first, S);
    auto b = dsl::apply(dsl::second, S);
    return std::make_tuple(a, b, dsl::mapply(dsl::p_g, a), dsl::mapply(dsl::p_g, b));
  });
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(std::get<2>(t), dsl::mapply(dsl::p_g, dsl::apply(dsl::first, S)));

  dsl::Objects objs = dsl::o_g(grids[5], 5);
  auto m = runtime::batch_mapply(dsl::backdrop, objs, [&] {
    ++calls;
    return dsl::mapply(dsl::backdrop, objs);
  });
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(m, dsl::mapply(dsl::backdrop, objs));
}

} // namespace
