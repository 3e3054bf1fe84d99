// batch_py_objects' GPU path against its CPU path (issue 13): every ARC training grid in all 8
// modes, both dialects and every result form, fresh random grids (over 100 000), grids up to
// 128 x 128; layouts compared entry by entry and values as text with every frozenset in its
// iteration order. Then the machinery: injected device faults and allocation failures, shards
// and small chunks, a tiny memory budget, several devices, statistics. Every test skips with
// the reason where no GPU is usable.
#include "oracle.hpp"

#include "battgpu/dialects/module.hpp"
#include "battgpu/dialects/objects_request.hpp"
#include "battgpu/py/py.hpp"
#include "battgpu/runtime/config.hpp"
#include "battgpu/runtime/device.hpp"
#include "battgpu/runtime/py_objects.hpp"
#include "battgpu/runtime/stats.hpp"
#include "battgpu/tasks/task.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace battgpu;
using dialects::ObjectsShape;
using runtime::BatchOptions;
using runtime::Path;

const BatchOptions gpu{Path::Gpu};
const BatchOptions cpu{Path::Cpu};

#define REQUIRE_GPU()                                                                              \
  do {                                                                                             \
    if (!runtime::gpu_available())                                                                 \
      GTEST_SKIP() << "no usable GPU: " << runtime::gpu_unavailable_reason();                      \
  } while (0)

class ScopedConfig {
public:
  explicit ScopedConfig(const std::function<void(runtime::RuntimeConfig&)>& change)
      : saved_(runtime::config()) {
    runtime::RuntimeConfig c = saved_;
    change(c);
    runtime::configure(c);
  }
  ~ScopedConfig() { runtime::configure(saved_); }
  ScopedConfig(const ScopedConfig&) = delete;
  ScopedConfig& operator=(const ScopedConfig&) = delete;

private:
  runtime::RuntimeConfig saved_;
};

/// Requests over grids kept in one buffer.
struct Requests {
  std::vector<std::vector<std::int8_t>> grids;
  std::vector<runtime::PyObjectsRequest> list;

  void add_grid(std::vector<std::int8_t> cells) { grids.push_back(std::move(cells)); }
  /// Every grid in every mode, dialect and result form.
  void every_request(std::vector<std::pair<std::uint32_t, std::uint32_t>> shapes) {
    for (std::size_t g = 0; g < grids.size(); ++g)
      for (py::Dialect dialect : {py::Dialect::Tokpidjin, py::Dialect::ArcDsl})
        for (ObjectsShape shape : {ObjectsShape::FrozenSet, dialect == py::Dialect::Tokpidjin
                                                                ? ObjectsShape::TupleOfTuples
                                                                : ObjectsShape::TupleOfFrozenSets})
          for (int mode = 0; mode < 8; ++mode)
            list.push_back(request(g, shapes[g], mode, dialect, shape));
  }
  /// One request per grid, the mode, dialect and form cycling.
  void one_request_each(std::vector<std::pair<std::uint32_t, std::uint32_t>> shapes) {
    for (std::size_t g = 0; g < grids.size(); ++g) {
      const py::Dialect dialect = (g / 8) % 2 == 0 ? py::Dialect::Tokpidjin : py::Dialect::ArcDsl;
      const ObjectsShape shape = (g / 16) % 4 != 3 ? ObjectsShape::FrozenSet
                                 : dialect == py::Dialect::Tokpidjin
                                     ? ObjectsShape::TupleOfTuples
                                     : ObjectsShape::TupleOfFrozenSets;
      list.push_back(request(g, shapes[g], static_cast<int>(g % 8), dialect, shape));
    }
  }
  runtime::PyObjectsRequest request(std::size_t g, std::pair<std::uint32_t, std::uint32_t> hw,
                                    int mode, py::Dialect dialect, ObjectsShape shape) const {
    runtime::PyObjectsRequest r;
    r.cells = grids[g].data();
    r.h = hw.first;
    r.w = hw.second;
    r.mode = static_cast<std::uint8_t>(mode);
    r.dialect = dialect;
    r.shape = shape;
    return r;
  }
};

/// Random grids of 1x1 to max_side x max_side in 1 to 10 colours (noise over a background of
/// random weight).
std::vector<std::pair<std::uint32_t, std::uint32_t>>
random_grids(Requests& out, std::size_t count, std::uint64_t seed, int max_side) {
  std::mt19937_64 rng(seed);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> shapes;
  for (std::size_t n = 0; n < count; ++n) {
    const auto h = static_cast<std::uint32_t>(rng() % static_cast<std::uint64_t>(max_side)) + 1;
    const auto w = static_cast<std::uint32_t>(rng() % static_cast<std::uint64_t>(max_side)) + 1;
    const int colours = static_cast<int>(rng() % 10) + 1;
    std::vector<std::int8_t> pick;
    for (int c = 0; c < colours; ++c)
      pick.push_back(static_cast<std::int8_t>(rng() % 10));
    const std::uint64_t background = rng() % 1000;
    std::vector<std::int8_t> cells(std::size_t{h} * w);
    for (auto& c : cells)
      c = rng() % 1000 < background ? pick[0] : pick[rng() % pick.size()];
    out.add_grid(std::move(cells));
    shapes.push_back({h, w});
  }
  return shapes;
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> training_grids(Requests& out) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> shapes;
  const auto dir = battgpu::testing::shared_dir();
  if (!dir)
    return shapes;
  const auto loaded = tasks::load_tasks(*dir / "arc-agi" / "training");
  for (const auto& task : loaded.tasks)
    for (const auto* pairs : {&task.train, &task.test})
      for (const auto& pair : *pairs)
        for (const dsl::Grid* g : {&pair.input, pair.output ? &*pair.output : nullptr}) {
          if (g == nullptr)
            continue;
          std::vector<std::int8_t> cells(g->cell_count());
          for (std::size_t k = 0; k < cells.size(); ++k)
            cells[k] = static_cast<std::int8_t>(g->cells()[k]);
          out.add_grid(std::move(cells));
          shapes.push_back(
              {static_cast<std::uint32_t>(g->height()), static_cast<std::uint32_t>(g->width())});
        }
  return shapes;
}

/// Layouts of the same request compared entry by entry (what the layout holds; the rest of
/// its memory is unused).
bool same_layout(const dialects::sim::Layout<std::uint16_t>& a,
                 const dialects::sim::Layout<std::uint16_t>& b, bool sets) {
  const auto& x = *a.header;
  const auto& y = *b.header;
  if (x.status != y.status || x.objects != y.objects || x.cells != y.cells ||
      x.outer_log2 != y.outer_log2)
    return false;
  auto eq = [](const auto* p, const auto* q, std::size_t n) {
    return std::memcmp(p, q, n * sizeof(*p)) == 0;
  };
  if (!eq(a.cell, b.cell, x.cells) || !eq(a.obj_cells, b.obj_cells, x.objects) ||
      !eq(a.outer, b.outer, x.objects))
    return false;
  return !sets || (eq(a.slot, b.slot, x.cells) && eq(a.outer_slot, b.outer_slot, x.objects) &&
                   eq(a.obj_log2, b.obj_log2, x.objects));
}

std::string canon(const py::Value& v) {
  return py::to_canonical(v, py::SetListing::IterationOrder);
}

/// GPU and CPU layouts of every request compared; the number of differences (the first few
/// reported). `expect_all_on_gpu`: no request fell back to the CPU path.
std::size_t compare_paths(const std::vector<runtime::PyObjectsRequest>& requests,
                          const std::string& what, bool expect_all_on_gpu = true) {
  const runtime::PyObjectsLayouts on_gpu = runtime::batch_py_objects_layouts(requests, gpu);
  const runtime::PyObjectsLayouts on_cpu = runtime::batch_py_objects_layouts(requests, cpu);
  EXPECT_EQ(on_gpu.size(), requests.size());
  EXPECT_EQ(on_cpu.gpu_items(), 0u);
  if (expect_all_on_gpu)
    EXPECT_EQ(on_gpu.gpu_items(), requests.size()) << what;
  else
    EXPECT_GT(on_gpu.gpu_items(), 0u) << what;
  std::size_t differences = 0;
  for (std::size_t k = 0; k < requests.size(); ++k) {
    const bool sets = requests[k].shape != ObjectsShape::TupleOfTuples;
    if (same_layout(on_gpu.layout(k), on_cpu.layout(k), sets))
      continue;
    if (++differences <= 5)
      ADD_FAILURE() << what << ": request " << k << " (" << requests[k].h << "x" << requests[k].w
                    << ", mode " << int(requests[k].mode) << ", "
                    << dialects::dialect_name(requests[k].dialect) << ") differs";
  }
  return differences;
}

std::size_t count_fallbacks(const runtime::RuntimeStats& s, const std::string& reason) {
  std::size_t n = 0;
  for (const auto& f : s.fallbacks)
    if (f.reason.find(reason) != std::string::npos)
      n += f.items;
  return n;
}

// Small enough for compute-sanitizer (memcheck, racecheck).
TEST(GpuPySmall, MatchesTheCpuPath) {
  REQUIRE_GPU();
  Requests r;
  auto shapes = random_grids(r, 300, 17, 30);
  r.one_request_each(shapes);
  runtime::reset_stats();
  EXPECT_EQ(compare_paths(r.list, "small"), 0u);
  const runtime::RuntimeStats s = runtime::stats();
  EXPECT_GE(s.gpu_calls, 1u);
  EXPECT_TRUE(s.fallbacks.empty());
  runtime::release_cached_memory();
}

TEST(GpuPyObjects, EveryTrainingGridEveryModeLayoutsAndValues) {
  REQUIRE_GPU();
  Requests r;
  auto shapes = training_grids(r);
  if (shapes.empty())
    GTEST_SKIP() << "../shared/arc-agi/training is absent";
  r.every_request(shapes);
  runtime::reset_stats();
  EXPECT_EQ(compare_paths(r.list, "training"), 0u);
  // The values, as the interpreter gets them.
  std::vector<std::uint8_t> on_gpu;
  const std::vector<py::Value> g = runtime::batch_py_objects(r.list, gpu, &on_gpu);
  const std::vector<py::Value> c = runtime::batch_py_objects(r.list, cpu);
  ASSERT_EQ(g.size(), c.size());
  std::size_t differences = 0, computed = 0;
  for (std::size_t k = 0; k < g.size(); ++k) {
    computed += on_gpu[k];
    differences += canon(g[k]) != canon(c[k]);
  }
  EXPECT_EQ(differences, 0u);
  EXPECT_EQ(computed, g.size());
  std::printf("training: %zu grids, %zu requests on the GPU and the CPU\n", r.grids.size(),
              r.list.size());
  EXPECT_TRUE(runtime::stats().fallbacks.empty());
}

TEST(GpuPyObjects, FreshRandomGrids) {
  REQUIRE_GPU();
  Requests r;
  auto shapes = random_grids(r, 120000, 0xF7E5A11ull, 40);
  r.one_request_each(shapes);
  EXPECT_EQ(compare_paths(r.list, "random"), 0u);
  std::printf("random: %zu requests\n", r.list.size());
}

TEST(GpuPyObjects, GridsUpTo128x128) {
  REQUIRE_GPU();
  Requests r;
  auto shapes = random_grids(r, 300, 128, 128);
  // Edge cases: a checkerboard (every cell its own object in the univalued modes), one colour,
  // single rows and columns.
  std::vector<std::int8_t> checker(128 * 128), plain(128 * 128, 3);
  for (int k = 0; k < 128 * 128; ++k)
    checker[static_cast<std::size_t>(k)] = static_cast<std::int8_t>((k / 128 + k % 128) % 2);
  r.add_grid(checker);
  shapes.push_back({128, 128});
  r.add_grid(plain);
  shapes.push_back({128, 128});
  r.add_grid(std::vector<std::int8_t>(128, 1));
  shapes.push_back({1, 128});
  r.add_grid(std::vector<std::int8_t>(128, -1));
  shapes.push_back({128, 1});
  r.add_grid({5});
  shapes.push_back({1, 1});
  r.every_request(shapes);
  EXPECT_EQ(compare_paths(r.list, "large"), 0u);
}

TEST(GpuPyObjects, InjectedDeviceFaultFallsBackExactly) {
  REQUIRE_GPU();
  Requests r;
  auto shapes = random_grids(r, 4000, 23, 30);
  r.one_request_each(shapes);
  ScopedConfig scoped([](runtime::RuntimeConfig& c) {
    c.inject_faults = "kind:error,chunk:1";
    c.max_chunk_grids = 500;
  });
  runtime::reset_stats();
  EXPECT_EQ(compare_paths(r.list, "device fault", false), 0u);
  const runtime::RuntimeStats s = runtime::stats();
  EXPECT_GT(count_fallbacks(s, "injected device fault"), 0u);
  EXPECT_LT(s.gpu_items, s.items);
}

TEST(GpuPyObjects, AllocationFailuresSplitChunks) {
  REQUIRE_GPU();
  Requests r;
  auto shapes = random_grids(r, 3000, 29, 30);
  r.one_request_each(shapes);
  ScopedConfig scoped([](runtime::RuntimeConfig& c) {
    c.inject_faults = "kind:alloc,count:3";
    c.max_chunk_grids = 1000;
  });
  runtime::reset_stats();
  EXPECT_EQ(compare_paths(r.list, "allocation failures"), 0u);
  EXPECT_GE(runtime::stats().split_retries, 3u);
}

TEST(GpuPyObjects, AllocationFailingEverywhereRunsOnTheCpu) {
  REQUIRE_GPU();
  Requests r;
  auto shapes = random_grids(r, 200, 31, 20);
  r.one_request_each(shapes);
  ScopedConfig scoped([](runtime::RuntimeConfig& c) { c.inject_faults = "kind:alloc"; });
  const runtime::PyObjectsLayouts g = runtime::batch_py_objects_layouts(r.list, gpu);
  const runtime::PyObjectsLayouts c = runtime::batch_py_objects_layouts(r.list, cpu);
  EXPECT_EQ(g.gpu_items(), 0u);
  for (std::size_t k = 0; k < r.list.size(); ++k)
    EXPECT_TRUE(
        same_layout(g.layout(k), c.layout(k), r.list[k].shape != ObjectsShape::TupleOfTuples));
}

TEST(GpuPyObjects, ShardsStreamsAndSmallChunks) {
  REQUIRE_GPU();
  Requests r;
  auto shapes = random_grids(r, 5000, 37, 30);
  r.one_request_each(shapes);
  ScopedConfig scoped([](runtime::RuntimeConfig& c) {
    c.shards_per_device = 3;
    c.max_chunk_grids = 64;
    c.streams = 2;
  });
  runtime::reset_stats();
  EXPECT_EQ(compare_paths(r.list, "shards"), 0u);
  EXPECT_GE(runtime::stats().chunks, 5000u / 64);
}

TEST(GpuPyObjects, TinyMemoryBudget) {
  REQUIRE_GPU();
  Requests r;
  auto shapes = random_grids(r, 500, 41, 30);
  r.one_request_each(shapes);
  ScopedConfig scoped([](runtime::RuntimeConfig& c) { c.memory_fraction = 1e-6; });
  EXPECT_EQ(compare_paths(r.list, "tiny memory"), 0u);
}

TEST(GpuPyObjects, EveryDeviceTakesAShare) {
  REQUIRE_GPU();
  if (runtime::usable_devices().size() < 2)
    GTEST_SKIP() << "one usable GPU";
  Requests r;
  auto shapes = random_grids(r, 60000, 43, 30);
  r.one_request_each(shapes);
  runtime::reset_stats();
  EXPECT_EQ(compare_paths(r.list, "devices"), 0u);
  const runtime::RuntimeStats s = runtime::stats();
  std::size_t used = 0;
  for (const auto& d : s.devices)
    used += d.chunks > 0;
  EXPECT_GE(used, 2u);
}

TEST(GpuPyObjects, AutoPathIsExact) {
  REQUIRE_GPU();
  Requests r;
  auto shapes = random_grids(r, 20000, 47, 30);
  r.one_request_each(shapes);
  runtime::reset_stats();
  const std::vector<py::Value> a = runtime::batch_py_objects(r.list);
  const std::vector<py::Value> c = runtime::batch_py_objects(r.list, cpu);
  std::size_t differences = 0;
  for (std::size_t k = 0; k < a.size(); ++k)
    differences += canon(a[k]) != canon(c[k]);
  EXPECT_EQ(differences, 0u);
  const runtime::RuntimeStats s = runtime::stats();
  EXPECT_GE(s.calls, 2u);
  std::printf("auto path: %llu of %zu requests on the GPU\n",
              static_cast<unsigned long long>(s.gpu_items), r.list.size());
}

} // namespace
