// CPU connected components for `objects` / `o_g`, building the DSL values directly.
#include "battgpu/dsl/primitives/objects.hpp"
#include "battgpu/dsl/primitives/patches.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

namespace battgpu::dsl {
namespace {

/// Per-thread buffers, so a labelling allocates nothing but its result.
struct Scratch {
  std::vector<std::int32_t> label;
  std::vector<std::int32_t> stack;
  std::vector<std::int32_t> first_cell; // per component: index of its smallest cell
  std::vector<std::int32_t> order;      // components in object order
  std::vector<std::int32_t> offset;     // per component: where its cells start
};
thread_local Scratch scratch;

constexpr int kDirectOffsets[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
constexpr int kAllOffsets[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1},
                                   {0, 1},   {1, -1}, {1, 0},  {1, 1}};

/// Labels components by depth-first flood fill; returns the number of components.
/// Background cells (when there is a background) keep the label -1.
int label_components(const Grid& grid, ObjectMode mode, bool has_bg, Integer bg) {
  const int h = grid.height(), w = grid.width();
  const Integer* g = grid.cells();
  auto& label = scratch.label;
  auto& stack = scratch.stack;
  label.assign(static_cast<std::size_t>(h) * w, -1);
  stack.resize(static_cast<std::size_t>(h) * w);
  const int(*offsets)[2] = mode.diagonal ? kAllOffsets : kDirectOffsets;
  const int neighbour_count = mode.diagonal ? 8 : 4;

  int count = 0;
  for (int seed = 0; seed < h * w; ++seed) {
    if (label[seed] >= 0 || (has_bg && g[seed] == bg))
      continue;
    const Integer seed_color = g[seed];
    label[seed] = count;
    int top = 0;
    stack[top++] = seed;
    while (top > 0) {
      const int cell = stack[--top];
      const int i = cell / w, j = cell % w;
      for (int k = 0; k < neighbour_count; ++k) {
        const int ni = i + offsets[k][0], nj = j + offsets[k][1];
        if (ni < 0 || ni >= h || nj < 0 || nj >= w)
          continue;
        const int next = ni * w + nj;
        if (label[next] >= 0)
          continue;
        const Integer v = g[next];
        const bool joins = mode.univalued ? v == seed_color : !(has_bg && v == bg);
        if (joins) {
          label[next] = count;
          stack[top++] = next;
        }
      }
    }
    ++count;
  }
  return count;
}

} // namespace

Objects extract_objects(const Grid& grid, ObjectMode mode) {
  const int h = grid.height(), w = grid.width();
  if (h == 0 || w == 0)
    return {};
  const bool has_bg = mode.without_bg;
  const Integer bg = has_bg ? mostcolor(grid) : 0;
  const int count = label_components(grid, mode, has_bg, bg);
  if (count == 0)
    return {};

  const Integer* g = grid.cells();
  const auto& label = scratch.label;
  const int n = h * w;

  // Each object's smallest cell: (colour, row, col) order; row-major scan keeps the first.
  auto& first_cell = scratch.first_cell;
  auto& offset = scratch.offset;
  first_cell.assign(count, -1);
  offset.assign(count + 1, 0);
  for (int p = 0; p < n; ++p) {
    const int k = label[p];
    if (k < 0)
      continue;
    ++offset[k + 1];
    if (first_cell[k] < 0 || g[p] < g[first_cell[k]])
      first_cell[k] = p;
  }

  // Disjoint objects differ in their smallest cell, so that cell decides the set order.
  auto& order = scratch.order;
  order.resize(count);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const int pa = first_cell[a], pb = first_cell[b];
    return g[pa] != g[pb] ? g[pa] < g[pb] : pa < pb;
  });

  // Lay the objects out in set order in one buffer.
  std::vector<std::int32_t> start(count);
  std::int32_t total = 0;
  for (int k : order) {
    start[k] = total;
    total += offset[k + 1];
  }
  std::shared_ptr<Cell[]> cells(new Cell[total]);
  std::vector<std::int32_t> fill = start;
  for (int p = 0; p < n; ++p) {
    const int k = label[p];
    if (k >= 0)
      cells[fill[k]++] = Cell{g[p], {p / w, p % w}};
  }

  std::vector<Object> objects_out;
  objects_out.reserve(count);
  for (int k : order) {
    Cell* first = cells.get() + start[k];
    Cell* last = first + offset[k + 1];
    // Row-major is already (colour, row, col) order within one colour.
    if (!mode.univalued)
      std::stable_sort(first, last, [](const Cell& a, const Cell& b) { return a.color < b.color; });
    objects_out.push_back(Object::from_canonical(SharedArray<Cell>(cells, first, last - first)));
  }
  return Objects::from_canonical(std::move(objects_out));
}

} // namespace battgpu::dsl
