// Helpers of the runtime suites: scoped configuration, the oracle grids, result comparison.
#pragma once

#include "battgpu/dsl.hpp"
#include "battgpu/runtime/config.hpp"
#include "battgpu/runtime/objects_batch.hpp"
#include "oracle.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace battgpu::testing {

/// Changes the runtime configuration for one scope.
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

/// The oracle's grids and results, or nullptr when ../shared is absent.
inline const std::vector<OracleGrid>* oracle_grids() {
  static std::optional<std::vector<OracleGrid>> grids = [] {
    std::optional<std::vector<OracleGrid>> g;
    if (auto dir = shared_dir()) {
      auto file = *dir / "oracle" / "objects-training.jsonl.gz";
      if (std::filesystem::exists(file))
        g = load_oracle(file);
    }
    return g;
  }();
  return grids ? &*grids : nullptr;
}

inline std::string describe(const dsl::Grid& g) {
  std::ostringstream os;
  os << g.height() << "x" << g.width() << " [";
  for (int r = 0; r < g.height(); ++r) {
    os << (r ? " / " : "");
    for (int c = 0; c < g.width(); ++c)
      os << g.at(r, c) << (c + 1 < g.width() ? "," : "");
  }
  return os.str() + "]";
}

inline std::string describe(const dsl::Objects& objects) {
  std::ostringstream os;
  os << objects.size() << " objects {";
  for (const dsl::Object& o : objects) {
    os << " {";
    for (const dsl::Cell& c : o)
      os << "(" << c.color << "," << c.index.first << "," << c.index.second << ")";
    os << "}";
  }
  return os.str() + " }";
}

/// True when `a` and `b` hold the same objects in the same iteration order, each object's
/// cells in the same order too (CPython's order, which every path must give).
inline bool same_iteration(const dsl::Objects& a, const dsl::Objects& b) {
  if (a.size() != b.size())
    return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (!std::equal(a[k].begin(), a[k].end(), b[k].begin(), b[k].end()))
      return false;
  return true;
}

/// Counts the (grid, mode) results where `a` and `b` differ (in content or in iteration
/// order), reporting the first few.
inline std::size_t count_differences(const std::vector<dsl::Grid>& grids,
                                     const runtime::ObjectsBatch& a, const runtime::ObjectsBatch& b,
                                     const std::string& what, std::size_t offset = 0) {
  std::size_t bad = 0;
  for (std::size_t g = 0; g < grids.size(); ++g)
    for (int mode = 0; mode < 8; ++mode) {
      if (!(a.modes() & runtime::mode_bit(mode)))
        continue;
      if (same_iteration(a(g, mode), b(g, mode)))
        continue;
      if (++bad <= 3)
        ADD_FAILURE() << what << ": grid " << offset + g << " mode " << mode << " "
                      << describe(grids[g]) << "\n  got      " << describe(a(g, mode))
                      << "\n  expected " << describe(b(g, mode));
    }
  return bad;
}

/// Hand-picked grids: degenerate shapes, background ties, odd colours, too large for the GPU.
inline std::vector<dsl::Grid> edge_case_grids() {
  std::vector<dsl::Grid> g;
  g.push_back(dsl::Grid{});
  g.push_back(dsl::Grid(3, 0, {}));
  g.push_back(dsl::Grid{{5}});
  g.push_back(dsl::Grid{{1, 8}});         // tie: CPython set order gives 8
  g.push_back(dsl::Grid{{8, 1}, {1, 8}}); // tie, diagonal objects
  g.push_back(dsl::Grid{{0, 7, 7}, {7, 7, 7}, {0, 7, 7}});
  g.push_back(dsl::Grid{{1, 2, 3, 4, 5, 6, 7, 8, 9, 0}});
  g.push_back(dsl::Grid{{3, 3}, {4, 4}, {3, 3}, {4, 4}});
  g.push_back(dsl::Grid{{-1, 2}, {2, 12}}); // colours outside 0..9
  g.push_back(dsl::Grid{{0, 1, 0}, {1, 0, 1}, {0, 1, 0}});
  // One row and one column of 30, a checkerboard of 30x30, a spiral-like comb.
  {
    std::vector<int> c(30);
    for (int i = 0; i < 30; ++i)
      c[static_cast<std::size_t>(i)] = i % 3;
    g.push_back(dsl::Grid(1, 30, std::vector<int>(c)));
    g.push_back(dsl::Grid(30, 1, std::move(c)));
  }
  {
    std::vector<int> c(900);
    for (int i = 0; i < 900; ++i)
      c[static_cast<std::size_t>(i)] = ((i / 30) + (i % 30)) % 2 ? 4 : 0;
    g.push_back(dsl::Grid(30, 30, std::move(c)));
  }
  {
    std::vector<int> c(900, 0);
    for (int r = 0; r < 30; ++r)
      for (int col = 0; col < 30; ++col)
        if (col % 2 == 0 || (r == 0 && col % 4 == 1) || (r == 29 && col % 4 == 3))
          c[static_cast<std::size_t>(r * 30 + col)] = 2;
    g.push_back(dsl::Grid(30, 30, std::move(c)));
  }
  {
    std::vector<int> c(32 * 32); // 1024 cells: the largest GPU size class
    for (int i = 0; i < 1024; ++i)
      c[static_cast<std::size_t>(i)] = (i * 7 / 5) % 3;
    g.push_back(dsl::Grid(32, 32, std::move(c)));
  }
  {
    std::vector<int> c(41 * 37); // more than 1024 cells: the CPU path
    for (int i = 0; i < 41 * 37; ++i)
      c[static_cast<std::size_t>(i)] = (i % 11 == 0) ? 6 : (i % 37 < 18 ? 0 : 1);
    g.push_back(dsl::Grid(41, 37, std::move(c)));
  }
  return g;
}

} // namespace battgpu::testing
