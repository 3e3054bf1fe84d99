// GridStore on the host: chains of grid ops against the same cells computed here by hand, and
// a store asked for a device it cannot open (the GPU tests compare the device with the host).
#include "battgpu/runtime/device.hpp"
#include "battgpu/runtime/grid_store.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

namespace battgpu::runtime {
namespace {

using Cells = std::vector<std::int8_t>;

Cells random_cells(std::mt19937& rng, std::size_t n, int colours) {
  std::uniform_int_distribution<int> colour(-1, colours - 1);
  Cells c(n);
  for (auto& v : c)
    v = static_cast<std::int8_t>(colour(rng));
  return c;
}

Cells read_one(GridStore& store, GridStore::Id id) {
  Cells cells;
  std::vector<std::size_t> offsets;
  const GridStore::Id ids[] = {id};
  store.read(ids, cells, offsets);
  EXPECT_EQ(offsets, std::vector<std::size_t>{0});
  return cells;
}

TEST(GridStore, ChainsOnTheHostGiveTheCellsComputedByHand) {
  std::mt19937 rng(7);
  std::size_t checked = 0;
  for (int round = 0; round < 200; ++round) {
    GridStore store(GridPlace::Host);
    const std::uint32_t h = 1 + rng() % 30, w = 1 + rng() % 30;
    const Cells a = random_cells(rng, h * w, 4), b = random_cells(rng, h * w, 4);
    const GridStore::Id ia = store.add(a.data(), h, w), ib = store.add(b.data(), h, w);
    // cellwise(a, b, 9), then replace(that, 9, -7), then cellwise(that, a, 3): one run each,
    // and the three in one run as well (ops of a run may read earlier runs' results only).
    const GridStore::Op first[] = {{GridOpKind::Cellwise, ia, ib, 9, 0}};
    const GridStore::Id c1 = store.run(first).at(0);
    const GridStore::Op second[] = {{GridOpKind::Replace, c1, 0, 9, -7}};
    const GridStore::Id c2 = store.run(second).at(0);
    // A fill of c2 at some cells, one of them twice.
    std::vector<std::uint32_t> filled;
    for (std::uint32_t c = 0; c < h * w; ++c)
      if (rng() % 3 == 0)
        filled.push_back(c);
    filled.push_back(0);
    GridStore::Op fill{GridOpKind::Fill, c2, 0, 6, 0};
    fill.cells = filled.data();
    fill.ncells = static_cast<std::uint32_t>(filled.size());
    const GridStore::Op third[] = {
        {GridOpKind::Cellwise, c2, ia, 3, 0}, {GridOpKind::Replace, ia, 0, 0, 5}, fill};
    const std::vector<GridStore::Id> last = store.run(third);
    ASSERT_EQ(last.size(), 3u);
    Cells want1(h * w), want2(h * w), want3(h * w), want4(h * w), want5(h * w);
    for (std::size_t k = 0; k < h * w; ++k) {
      want1[k] = a[k] == b[k] ? a[k] : 9;
      want2[k] = want1[k] == 9 ? -7 : want1[k];
      want3[k] = want2[k] == a[k] ? a[k] : 3;
      want4[k] = a[k] == 0 ? 5 : a[k];
      want5[k] =
          k == 0 || std::find(filled.begin(), filled.end(), k) != filled.end() ? 6 : want2[k];
    }
    EXPECT_EQ(read_one(store, c1), want1);
    EXPECT_EQ(read_one(store, c2), want2);
    EXPECT_EQ(read_one(store, last[0]), want3);
    EXPECT_EQ(read_one(store, last[1]), want4);
    EXPECT_EQ(read_one(store, last[2]), want5);
    EXPECT_EQ(store.height(last[0]), h);
    EXPECT_EQ(store.width(last[0]), w);
    // Several grids in one read, one after the other.
    Cells cells;
    std::vector<std::size_t> offsets;
    const GridStore::Id ids[] = {c2, ia, c2};
    store.read(ids, cells, offsets);
    ASSERT_EQ(offsets, (std::vector<std::size_t>{0, h * w, 2 * h * w}));
    EXPECT_EQ(Cells(cells.begin(), cells.begin() + h * w), want2);
    EXPECT_EQ(Cells(cells.begin() + h * w, cells.begin() + 2 * h * w), a);
    EXPECT_EQ(Cells(cells.begin() + 2 * h * w, cells.end()), want2);
    EXPECT_EQ(store.place(), GridPlace::Host);
    checked += 5;
  }
  std::printf("grid store: %zu results checked\n", checked);
}

TEST(GridStore, APaintsLaterWriteToACellWins) {
  std::mt19937 rng(11);
  for (int round = 0; round < 100; ++round) {
    GridStore store(GridPlace::Host);
    const std::uint32_t h = 1 + rng() % 12, w = 1 + rng() % 12;
    const Cells a = random_cells(rng, h * w, 5);
    const GridStore::Id ia = store.add(a.data(), h, w);
    // Writes in order, many cells more than once with other colours.
    std::vector<std::uint32_t> cells;
    Cells colours;
    for (std::uint32_t k = 0; k < 2 * h * w; ++k) {
      cells.push_back(static_cast<std::uint32_t>(rng() % (h * w)));
      colours.push_back(static_cast<std::int8_t>(rng() % 10));
    }
    Cells want = a;
    for (std::size_t k = 0; k < cells.size(); ++k)
      want[cells[k]] = colours[k];
    GridStore::Op paint{GridOpKind::Paint, ia, 0, 0, 0};
    paint.cells = cells.data();
    paint.ncells = static_cast<std::uint32_t>(cells.size());
    paint.colours = colours.data();
    const GridStore::Op ops[] = {paint};
    EXPECT_EQ(read_one(store, store.run(ops).at(0)), want);
  }
}

TEST(GridStore, ClearForgetsTheGrids) {
  GridStore store(GridPlace::Host);
  const Cells a = {1, 2, 3, 4};
  store.add(a.data(), 2, 2);
  EXPECT_EQ(store.size(), 1u);
  store.clear();
  EXPECT_EQ(store.size(), 0u);
  const GridStore::Id id = store.add(a.data(), 1, 4);
  EXPECT_EQ(id, 0u);
  EXPECT_EQ(read_one(store, id), a);
}

TEST(GridStore, CellwiseOfTwoShapesAndAFillOutsideItsGridAreRefused) {
  GridStore store(GridPlace::Host);
  const Cells a = {1, 2, 3, 4};
  const GridStore::Id x = store.add(a.data(), 2, 2), y = store.add(a.data(), 1, 4);
  const GridStore::Op op[] = {{GridOpKind::Cellwise, x, y, 0, 0}};
  EXPECT_THROW(store.run(op), std::invalid_argument);
  const std::uint32_t outside[] = {1, 4};
  GridStore::Op fill{GridOpKind::Fill, x, 0, 7, 0};
  fill.cells = outside;
  fill.ncells = 2;
  const GridStore::Op ops[] = {{GridOpKind::Replace, x, 0, 1, 2}, fill};
  EXPECT_THROW(store.run(ops), std::invalid_argument);
  EXPECT_EQ(store.size(), 2u); // nothing of the refused run was logged
}

TEST(GridStore, ADeviceItCannotOpenLeavesItOnTheHost) {
  if (gpu_available())
    GTEST_SKIP() << "a GPU is usable here: the GPU tests cover the device";
  GridStore store(GridPlace::Device, 0);
  EXPECT_EQ(store.place(), GridPlace::Host);
  EXPECT_FALSE(store.fallback_reason().empty());
  const Cells a = {1, 2, 3, 4}, b = {1, 0, 3, 0};
  const GridStore::Id x = store.add(a.data(), 2, 2), y = store.add(b.data(), 2, 2);
  const GridStore::Op op[] = {{GridOpKind::Cellwise, x, y, -1, 0}};
  EXPECT_EQ(read_one(store, store.run(op).at(0)), (Cells{1, -1, 3, -1}));
}

} // namespace
} // namespace battgpu::runtime
