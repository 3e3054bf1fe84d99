// batch_objects_many: the typed DSL's objects of many grids, over the extraction simulation.
#include "battgpu/runtime/objects_batch.hpp"

#include "battgpu/dialects/objects_request.hpp"
#include "battgpu/dsl/primitives/objects.hpp"
#include "battgpu/runtime/py_objects.hpp"
#include "core/objects_table.hpp"
#include "core/stats_internal.hpp"
#include "cpu/thread_pool.hpp"

#include <algorithm>
#include <vector>

namespace battgpu::runtime {
// Every result is the simulation's: the Python loop of arc-dsl's `objects` on CPython's set
// algorithms (battgpu/dialects/objects_sim.hpp), so that each object and each result iterate
// as in CPython. batch_py_objects_layouts runs it for the grids it takes, on a GPU or the
// cores; the others (more cells than a 16-bit layout holds) go through dsl::extract_objects.
// The runtime's statistics count the one batch_py_objects_layouts call, an item per grid and
// mode.
ObjectsBatch batch_objects_many(std::span<const dsl::Grid> grids, ModeMask modes,
                                const BatchOptions& options) {
  using namespace detail;
  const std::size_t n = grids.size();
  const std::size_t mc = static_cast<std::size_t>(mode_count(modes));
  auto table = std::make_shared<ObjectsTable>(n * mc);
  ObjectsBatch batch(table, n, modes);
  if (n == 0 || mc == 0) {
    record_call(n, 0, false);
    return batch;
  }
  table->on_gpu.assign(n, 0);
  struct Item {
    std::size_t grid;
    int mode;
  };
  std::vector<std::int8_t> cells;
  std::vector<std::size_t> offsets;
  std::vector<runtime::PyObjectsRequest> requests;
  std::vector<Item> asked, apart;
  for (std::size_t i = 0; i < n; ++i) {
    const dsl::Grid& g = grids[i];
    const auto count = static_cast<std::int64_t>(g.cell_count());
    const bool small =
        count > 0 && count <= dialects::kBatchMaxCells &&
        std::all_of(g.cells(), g.cells() + count, [](int c) { return c >= -128 && c <= 127; });
    const std::size_t at = cells.size();
    if (small)
      for (std::int64_t c = 0; c < count; ++c)
        cells.push_back(static_cast<std::int8_t>(g.cells()[c]));
    for (int mode = 0; mode < 8; ++mode) {
      if ((modes & mode_bit(mode)) == 0 || count == 0)
        continue;
      if (!small) {
        apart.push_back({i, mode});
        continue;
      }
      runtime::PyObjectsRequest r;
      r.h = static_cast<std::uint32_t>(g.height());
      r.w = static_cast<std::uint32_t>(g.width());
      r.mode = static_cast<std::uint8_t>(mode);
      r.dialect = py::Dialect::ArcDsl;
      r.shape = dialects::ObjectsShape::FrozenSet;
      requests.push_back(r);
      offsets.push_back(at);
      asked.push_back({i, mode});
    }
  }
  for (std::size_t k = 0; k < requests.size(); ++k)
    requests[k].cells = cells.data() + offsets[k];

  const PyObjectsLayouts layouts = batch_py_objects_layouts(requests, options);
  auto slot = [&](const Item& item) {
    return item.grid * mc + static_cast<std::size_t>(mode_rank(modes, item.mode));
  };
  const std::size_t grain = cpu_pool().grain(asked.size() + apart.size(), 64);
  const std::size_t total = asked.size() + apart.size();
  cpu_pool().parallel_for((total + grain - 1) / grain, [&](std::size_t t) {
    for (std::size_t k = t * grain; k < std::min(total, (t + 1) * grain); ++k) {
      if (k < asked.size()) {
        const Item& item = asked[k];
        table->data[slot(item)] = dsl::objects_from_layout(grids[item.grid], layouts.layout(k));
      } else {
        const Item& item = apart[k - asked.size()];
        table->data[slot(item)] =
            dsl::extract_objects(grids[item.grid], dsl::ObjectMode::from_index(item.mode));
      }
    }
  });
  std::size_t gpu_grids = 0;
  for (std::size_t k = 0; k < asked.size(); ++k)
    if (layouts.computed_on_gpu(k) && table->on_gpu[asked[k].grid] == 0) {
      table->on_gpu[asked[k].grid] = 1;
      ++gpu_grids;
    }
  table->gpu_grids = gpu_grids;
  return batch;
}

} // namespace battgpu::runtime
