// GridStore on a GPU against the same store on the host, on fresh random chains of ops, and
// with the device failing part way: every result is then the host's, recomputed from the log.
#include "battgpu/runtime/config.hpp"
#include "battgpu/runtime/device.hpp"
#include "battgpu/runtime/grid_store.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace battgpu::runtime {
namespace {

#define REQUIRE_GPU()                                                                              \
  do {                                                                                             \
    if (!gpu_available())                                                                          \
      GTEST_SKIP() << "no usable GPU: " << gpu_unavailable_reason();                               \
  } while (0)

using Cells = std::vector<std::int8_t>;

/// Runs the same random chains of ops on both stores (`rounds` runs of up to `per_run` ops,
/// each op on earlier grids of one shape) and returns how many results differ; `reads` of
/// every result at the end, some in between.
std::size_t compare_stores(GridStore& device, GridStore& host, std::uint64_t seed, int rounds,
                           int per_run, std::size_t& results) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<GridStore::Id>> by_shape; // ids of grids of each shape
  std::vector<std::pair<std::uint32_t, std::uint32_t>> shapes;
  for (int s = 0; s < 12; ++s) {
    const std::uint32_t h = 1 + rng() % 30, w = 1 + rng() % 30;
    shapes.emplace_back(h, w);
    by_shape.emplace_back();
    for (int g = 0; g < 3; ++g) {
      Cells c(std::size_t{h} * w);
      for (auto& v : c)
        v = static_cast<std::int8_t>(static_cast<int>(rng() % 5) - 1);
      const GridStore::Id a = device.add(c.data(), h, w), b = host.add(c.data(), h, w);
      EXPECT_EQ(a, b);
      by_shape.back().push_back(a);
    }
  }
  std::vector<GridStore::Id> all;
  for (int r = 0; r < rounds; ++r) {
    std::vector<GridStore::Op> ops;
    const int n = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(per_run));
    std::vector<std::size_t> shape_of;
    std::vector<std::vector<std::uint32_t>> fills(static_cast<std::size_t>(n));
    std::vector<std::vector<std::int8_t>> colours(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) {
      const std::size_t s = rng() % by_shape.size();
      const auto& pool = by_shape[s];
      GridStore::Op op;
      op.kind = static_cast<GridOpKind>(rng() % 4);
      op.a = pool[rng() % pool.size()];
      op.b = pool[rng() % pool.size()];
      op.x = static_cast<std::int8_t>(static_cast<int>(rng() % 5) - 1);
      op.y = static_cast<std::int8_t>(static_cast<int>(rng() % 7) - 1);
      if (op.kind == GridOpKind::Fill || op.kind == GridOpKind::Paint) {
        // Some of the grid's cells, a few of them twice (a paint's with other colours), in no
        // order.
        std::vector<std::uint32_t>& cells = fills[static_cast<std::size_t>(k)];
        std::vector<std::int8_t>& cs = colours[static_cast<std::size_t>(k)];
        const std::uint32_t total = shapes[s].first * shapes[s].second;
        const std::uint32_t count = static_cast<std::uint32_t>(rng() % (total + 3));
        for (std::uint32_t c = 0; c < count; ++c) {
          cells.push_back(static_cast<std::uint32_t>(rng() % total));
          cs.push_back(static_cast<std::int8_t>(rng() % 10));
        }
        op.cells = cells.data();
        op.ncells = static_cast<std::uint32_t>(cells.size());
        op.colours = cs.data();
      }
      ops.push_back(op);
      shape_of.push_back(s);
    }
    const std::vector<GridStore::Id> d = device.run(ops), h = host.run(ops);
    EXPECT_EQ(d, h);
    for (std::size_t k = 0; k < d.size(); ++k) {
      by_shape[shape_of[k]].push_back(d[k]);
      all.push_back(d[k]);
    }
    if (r % 7 == 3) {
      // A read part way: later ops use grids the host now holds as well.
      Cells dc, hc;
      std::vector<std::size_t> doff, hoff;
      const std::vector<GridStore::Id> some(d.begin(), d.begin() + (d.size() + 1) / 2);
      device.read(some, dc, doff);
      host.read(some, hc, hoff);
      EXPECT_EQ(dc, hc);
    }
  }
  Cells dc, hc;
  std::vector<std::size_t> doff, hoff;
  device.read(all, dc, doff);
  host.read(all, hc, hoff);
  EXPECT_EQ(doff, hoff);
  std::size_t differ = 0;
  for (std::size_t k = 0; k < all.size(); ++k) {
    const std::size_t end = k + 1 < all.size() ? doff[k + 1] : dc.size();
    differ += !std::equal(dc.begin() + doff[k], dc.begin() + end, hc.begin() + hoff[k]);
  }
  results += all.size();
  return differ;
}

// Small enough for compute-sanitizer (memcheck, racecheck).
TEST(GpuGridStore, MatchesTheHost) {
  REQUIRE_GPU();
  std::size_t results = 0, differ = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    GridStore device(GridPlace::Device, usable_devices().front().ordinal);
    GridStore host(GridPlace::Host);
    ASSERT_EQ(device.place(), GridPlace::Device) << device.fallback_reason();
    differ += compare_stores(device, host, seed, 20, 40, results);
    EXPECT_EQ(device.place(), GridPlace::Device) << device.fallback_reason();
  }
  std::printf("grid store: %zu device results, %zu differ from the host's\n", results, differ);
  EXPECT_EQ(differ, 0u);
}

TEST(GpuGridStore, FreshChainsOnEveryDeviceAfterClear) {
  REQUIRE_GPU();
  std::size_t results = 0, differ = 0;
  for (const DeviceInfo& d : usable_devices()) {
    GridStore device(GridPlace::Device, d.ordinal);
    GridStore host(GridPlace::Host);
    for (std::uint64_t seed = 100; seed < 104; ++seed) {
      differ += compare_stores(device, host, seed * 977 + d.ordinal, 60, 500, results);
      device.clear();
      host.clear();
    }
    EXPECT_EQ(device.place(), GridPlace::Device) << device.fallback_reason();
  }
  std::printf("grid store: %zu device results, %zu differ from the host's\n", results, differ);
  EXPECT_EQ(differ, 0u);
}

TEST(GpuGridStore, ADeviceErrorPartWayLosesNoResult) {
  REQUIRE_GPU();
  const RuntimeConfig saved = config();
  for (const char* fault : {"kind:error,chunk:5", "kind:error,chunk:0", "kind:error,chunk:12"}) {
    RuntimeConfig c = saved;
    c.inject_faults = fault;
    configure(c);
    GridStore device(GridPlace::Device, usable_devices().front().ordinal);
    GridStore host(GridPlace::Host);
    std::size_t results = 0;
    EXPECT_EQ(compare_stores(device, host, 42, 20, 30, results), 0u) << fault;
    EXPECT_EQ(device.place(), GridPlace::Host) << fault;
    EXPECT_NE(device.fallback_reason().find("injected"), std::string::npos) << fault;
  }
  configure(saved);
}

} // namespace
} // namespace battgpu::runtime
