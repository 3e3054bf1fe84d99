// Shared checks of the batched grid-value and mapply operations, on either path.
#pragma once

#include "runtime_test_util.hpp"

#include "battgpu/runtime.hpp"
#include "battgpu/runtime/grid_values.hpp"
#include "battgpu/runtime/mapply_batch.hpp"
#include "battgpu/runtime/synthetic.hpp"

namespace battgpu::testing {

inline std::size_t check_grid_values(const std::vector<dsl::Grid>& grids, runtime::Path path) {
  auto batch = runtime::batch_grid_values(grids, runtime::BatchOptions{path});
  std::size_t bad = 0;
  for (std::size_t i = 0; i < grids.size(); ++i) {
    const auto& c = batch[i];
    const dsl::Grid& g = grids[i];
    bool ok = c.p_g() == dsl::p_g(g) && c.palette() == dsl::palette(g) &&
              c.numcolors() == dsl::numcolors(g);
    if (!g.empty())
      ok = ok && c.mostcolor() == dsl::mostcolor(g) && c.leastcolor() == dsl::leastcolor(g);
    if (!ok && ++bad <= 3)
      ADD_FAILURE() << "grid values differ for grid " << i << " " << describe(g);
  }
  return bad;
}

/// Object containers as solvers see them: objects of grids in several modes, plus shifted
/// copies (negative coordinates, far away) and an empty container.
inline std::vector<dsl::Objects> sample_containers(std::size_t grids, std::uint64_t seed) {
  auto g = runtime::random_arc_like_grids(grids, seed);
  auto edge = edge_case_grids();
  g.insert(g.end(), edge.begin(), edge.end());
  std::vector<dsl::Objects> out;
  for (std::size_t i = 0; i < g.size(); ++i) {
    for (int mode : {1, 3, 5, 7, 4})
      out.push_back(dsl::o_g(g[i], mode));
    if (i % 7 == 0)
      out.push_back(dsl::apply([&](const dsl::Object& o) { return dsl::shift(o, {-3, 40}); },
                               dsl::o_g(g[i], 5)));
  }
  out.push_back(dsl::Objects{});
  return out;
}

inline std::size_t check_mapply(const std::vector<dsl::Objects>& containers, runtime::Path path) {
  using runtime::PerObjectOp;
  std::size_t bad = 0;
  auto check = [&](PerObjectOp op, auto f, const char* name) {
    auto batch = runtime::batch_mapply_many(op, containers, runtime::BatchOptions{path});
    for (std::size_t i = 0; i < containers.size(); ++i) {
      // Equal in iteration order too: the DSL's mapply gives CPython's order.
      dsl::Indices expected = dsl::mapply(f, containers[i]);
      const bool same =
          std::equal(batch[i].begin(), batch[i].end(), expected.begin(), expected.end());
      if (!same && ++bad <= 3)
        ADD_FAILURE() << name << " differs for container " << i << ": " << batch[i].size()
                      << " indices, expected " << expected.size();
    }
  };
  check(PerObjectOp::ToIndices, dsl::toindices, "toindices");
  check(PerObjectOp::Corners, dsl::corners, "corners");
  check(PerObjectOp::Backdrop, dsl::backdrop, "backdrop");
  check(PerObjectOp::Delta, dsl::delta, "delta");
  check(PerObjectOp::Box, dsl::box, "box");
  check(PerObjectOp::Inbox, dsl::inbox, "inbox");
  check(PerObjectOp::Outbox, dsl::outbox, "outbox");
  return bad;
}

} // namespace battgpu::testing
