// The CPU path of the batch runtime against the oracle and against the DSL's own objects.
#include "runtime_test_util.hpp"

#include "battgpu/runtime/device.hpp"
#include "battgpu/runtime/stats.hpp"
#include "battgpu/runtime/synthetic.hpp"
#include "battgpu/tasks/json.hpp"
#include "core/faults.hpp"
#include "core/grid_summary.hpp"
#include "core/host_memory.hpp"
#include "core/layout.hpp"
#include "core/objects_table.hpp"
#include "cpu/labeler.hpp"
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
      if (batch(g, mode) != expected && ++bad <= 3)
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
  EXPECT_EQ(s.calls, 1u);
  EXPECT_EQ(s.cpu_calls, 1u);
  EXPECT_EQ(s.items, 100u);
  EXPECT_EQ(s.labelings, 200u);
  EXPECT_EQ(s.cpu_items, 100u);
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

TEST(RuntimeCpu, ResultLayoutSetting) {
  EXPECT_EQ(runtime::RuntimeConfig{}.result_layout, runtime::ResultLayout::Cells);
  const char* before = std::getenv("BATTGPU_RESULT_LAYOUT");
  const std::string saved = before != nullptr ? before : "";
  ::setenv("BATTGPU_RESULT_LAYOUT", "compact", 1);
  EXPECT_EQ(runtime::config_from_environment().result_layout, runtime::ResultLayout::Compact);
  ::setenv("BATTGPU_RESULT_LAYOUT", "cells", 1);
  EXPECT_EQ(runtime::config_from_environment().result_layout, runtime::ResultLayout::Cells);
  if (before != nullptr)
    ::setenv("BATTGPU_RESULT_LAYOUT", saved.c_str(), 1);
  else
    ::unsetenv("BATTGPU_RESULT_LAYOUT");
  EXPECT_STREQ(runtime::result_layout_name(runtime::ResultLayout::Cells), "cells");
  EXPECT_STREQ(runtime::result_layout_name(runtime::ResultLayout::Compact), "compact");
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

// The host half of the GPU path without a GPU: results in the device's compact layout (uint16
// cell indices, made here from the CPU labeller's cells) expand and build into exactly the
// objects of the CPU path, for every mode subset that shares a family in different ways.
TEST(RuntimeCpu, CompactResultsExpandToTheSameObjects) {
  using namespace runtime::detail;
  auto grids = runtime::random_arc_like_grids(20000, 23);
  auto edge = bt::edge_case_grids();
  for (const auto& g : edge) {
    // The grids the GPU takes: 1..1024 cells of colours 0..9.
    std::vector<std::uint8_t> packed(g.cell_count());
    if (g.cell_count() != 0 && g.cell_count() <= kMaxGpuCells &&
        summarise_and_pack(g, packed.data()).small_colours)
      grids.push_back(g);
  }
  for (runtime::ModeMask modes :
       {runtime::all_modes, runtime::ModeMask{0x30}, runtime::ModeMask{0x20},
        runtime::ModeMask{0xC5}, runtime::ModeMask{0x0A}}) {
    const std::uint32_t families = families_for_modes(modes);
    std::vector<BuildGrid> plan;
    std::uint64_t cells = 0, words = 0, device_cells = 0;
    for (std::size_t k = 0; k < grids.size(); ++k) {
      GridSummary s = summarise_grid(grids[k]);
      FamilyLayout l = family_layout(s.cells, s.foreground, families);
      plan.push_back(BuildGrid{k, cells, words, s.cells, s.foreground, s.background,
                               s.below_background, device_cells});
      cells += l.cells;
      device_cells += family_layout(s.cells, s.foreground, device_families(families)).cells;
      words += l.words;
    }
    std::vector<dsl::Cell> labelled(cells);
    std::vector<std::uint32_t> masks(words, 0);
    CpuLabeler labeler;
    for (const BuildGrid& b : plan)
      labeler.label(grids[b.result], b.background, families,
                    family_layout(b.cells, b.foreground, families), labelled.data() + b.cell_base,
                    masks.data() + b.mask_base);
    // The device's form: each cell as its row-major index (padding cells stay 0), every
    // family but the whole grid's.
    std::vector<std::uint16_t> indices(device_cells, 0);
    for (const BuildGrid& b : plan) {
      FamilyLayout l = family_layout(b.cells, b.foreground, families);
      FamilyLayout d = family_layout(b.cells, b.foreground, device_families(families));
      const int w = grids[b.result].width();
      for (int f = kL4; f < kFamilyCount; ++f) {
        ASSERT_EQ(l.count[f], d.count[f]);
        for (std::uint32_t p = 0; p < l.count[f]; ++p) {
          const dsl::Cell& c = labelled[b.cell_base + l.cell_off[f] + p];
          indices[b.index_base + d.cell_off[f] + p] =
              static_cast<std::uint16_t>(c.index.first * w + c.index.second);
        }
      }
    }
    auto expanded = acquire_host_buffer(cells * sizeof(dsl::Cell), false);
    BuildSource source;
    source.owner = expanded;
    source.cells = reinterpret_cast<const dsl::Cell*>(expanded.get());
    source.expand_to = reinterpret_cast<dsl::Cell*>(expanded.get());
    source.indices = indices.data();
    source.masks = masks.data();
    source.grids = grids.data();
    source.families = families;
    source.modes = modes;
    const std::size_t mc = static_cast<std::size_t>(runtime::mode_count(modes));
    ObjectsTable table(grids.size() * mc);
    constexpr std::size_t grain = 512;
    auto build_all = [&](const BuildSource& from, ObjectsTable& into) {
      auto start = std::chrono::steady_clock::now();
      cpu_pool().parallel_for((plan.size() + grain - 1) / grain, [&](std::size_t t) {
        std::size_t first = t * grain;
        build_objects(
            from,
            std::span<const BuildGrid>(plan.data() + first, std::min(grain, plan.size() - first)),
            into.data);
      });
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    // For comparison: the same build from cells already in dsl::Cell form (no expansion).
    BuildSource plain;
    plain.owner = std::make_shared<int>(0);
    plain.cells = labelled.data();
    plain.masks = masks.data();
    plain.families = families;
    plain.modes = modes;
    ObjectsTable plain_table(grids.size() * mc);
    {
      // Untimed: the first build touches the expanded buffer's pages for the first time.
      ObjectsTable warm(grids.size() * mc);
      build_all(source, warm);
    }
    const double plain_seconds = build_all(plain, plain_table);
    const double seconds = build_all(source, table);
    std::cout << "modes 0x" << std::hex << static_cast<unsigned>(modes) << std::dec << ", "
              << grids.size() << " grids on " << cpu_pool().concurrency()
              << " threads: expanded and built in " << seconds * 1e3
              << " ms; built from dsl::Cell results in " << plain_seconds * 1e3 << " ms\n";

    auto expected = runtime::batch_objects_many(grids, modes, cpu);
    std::size_t bad = 0;
    for (std::size_t g = 0; g < grids.size(); ++g)
      for (int mode = 0; mode < 8; ++mode) {
        if (!(modes & runtime::mode_bit(mode)))
          continue;
        const dsl::Objects& got =
            table.data[g * mc + static_cast<std::size_t>(runtime::mode_rank(modes, mode))];
        if (got != expected(g, mode) && ++bad <= 3)
          ADD_FAILURE() << "modes " << static_cast<unsigned>(modes) << " grid " << g << " mode "
                        << mode << " " << bt::describe(grids[g]) << "\n  got      "
                        << bt::describe(got) << "\n  expected " << bt::describe(expected(g, mode));
      }
    EXPECT_EQ(bad, 0u) << "modes " << static_cast<unsigned>(modes);
  }
}

} // namespace
