// CPU connected components for `objects` / `o_g`, building the DSL values directly.
//
// The grid is copied into a frame one cell wider on every side whose border is marked
// visited, so the flood fill needs no bounds checks. Objects are then laid out in one
// buffer in set order, each a view into it.
#include "battgpu/dsl/primitives/objects.hpp"
#include "battgpu/dsl/primitives/patches.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

namespace battgpu::dsl {
namespace {

constexpr std::int32_t kUnvisited = -1;
constexpr std::int32_t kBorder = -2;

/// Per-thread buffers, so a labelling allocates nothing but its result.
struct Scratch {
  std::vector<std::int32_t> label; // framed: component, kUnvisited, or kBorder
  std::vector<Integer> color;      // framed copy of the grid
  std::vector<std::int32_t> stack;
  std::vector<std::int32_t> first_cell; // per component: framed index of its smallest cell
  std::vector<std::int32_t> size;       // per component: number of cells (both from the fill)
  std::vector<std::int32_t> order;      // components in set order
  std::vector<std::int32_t> cursor;     // per component: next free slot in the buffer
  std::vector<std::int32_t> by_color;   // framed cell indices sorted by (colour, row, col)
};
thread_local Scratch scratch;

/// Copies the grid into the framed buffers and resets the per-component lists.
void prepare_frame(const Grid& grid) {
  const int h = grid.height(), w = grid.width();
  const int fw = w + 2;
  auto& label = scratch.label;
  auto& color = scratch.color;
  label.assign(static_cast<std::size_t>(h + 2) * fw, kBorder);
  color.resize(label.size());
  scratch.stack.resize(static_cast<std::size_t>(h) * w);
  for (int i = 0; i < h; ++i) {
    std::copy_n(grid.cells() + i * w, w, color.begin() + (i + 1) * fw + 1);
    std::fill_n(label.begin() + (i + 1) * fw + 1, w, kUnvisited);
  }
  scratch.first_cell.clear();
  scratch.size.clear();
}

/// Labels components by depth-first flood fill; returns the number of components.
/// Background cells (when there is a background) keep kUnvisited. The mode is a template
/// parameter so that the inner loop carries no mode tests.
template <bool Univalued, bool Diagonal, bool HasBg>
int label_components(int h, int w, Integer bg) {
  const int fw = w + 2;
  std::int32_t* label = scratch.label.data();
  const Integer* color = scratch.color.data();
  std::int32_t* stack = scratch.stack.data();
  const int steps[8] = {-fw, fw, -1, 1, -fw - 1, -fw + 1, fw - 1, fw + 1};
  constexpr int step_count = Diagonal ? 8 : 4;

  int count = 0;
  for (int i = 1; i <= h; ++i) {
    for (int seed = i * fw + 1; seed < i * fw + 1 + w; ++seed) {
      if (label[seed] != kUnvisited || (HasBg && color[seed] == bg))
        continue;
      const Integer seed_color = color[seed];
      label[seed] = count;
      int top = 0;
      stack[top++] = seed;
      int smallest = seed; // (colour, row, col) order; the seed is row-major first
      int cells = 0;
      while (top > 0) {
        const int cell = stack[--top];
        ++cells;
        for (int k = 0; k < step_count; ++k) {
          const int next = cell + steps[k];
          if (label[next] != kUnvisited)
            continue;
          const Integer v = color[next];
          bool joins = true;
          if constexpr (Univalued)
            joins = v == seed_color;
          else if constexpr (HasBg)
            joins = v != bg;
          if (joins) {
            label[next] = count;
            stack[top++] = next;
            if constexpr (!Univalued)
              if (v < color[smallest] || (v == color[smallest] && next < smallest))
                smallest = next;
          }
        }
      }
      scratch.first_cell.push_back(smallest);
      scratch.size.push_back(cells);
      ++count;
    }
  }
  return count;
}

int label_components(const Grid& grid, ObjectMode mode, Integer bg) {
  prepare_frame(grid);
  const int h = grid.height(), w = grid.width();
  switch (mode.index()) {
  case 0:
    return label_components<false, false, false>(h, w, bg);
  case 1:
    return label_components<false, false, true>(h, w, bg);
  case 2:
    return label_components<false, true, false>(h, w, bg);
  case 3:
    return label_components<false, true, true>(h, w, bg);
  case 4:
    return label_components<true, false, false>(h, w, bg);
  case 5:
    return label_components<true, false, true>(h, w, bg);
  case 6:
    return label_components<true, true, false>(h, w, bg);
  default:
    return label_components<true, true, true>(h, w, bg);
  }
}

/// Framed indices of the labelled cells in (colour, row, col) order: a counting sort when
/// the colours are small, a comparison sort otherwise.
void sort_cells_by_color(int h, int w) {
  const int fw = w + 2;
  const auto& label = scratch.label;
  const auto& color = scratch.color;
  auto& out = scratch.by_color;
  out.clear();
  constexpr Integer kColors = 16;
  std::int32_t counts[kColors + 1] = {};
  bool small = true;
  for (int i = 1; i <= h && small; ++i)
    for (int p = i * fw + 1; p < i * fw + 1 + w; ++p)
      if (label[p] >= 0) {
        if (color[p] < 0 || color[p] >= kColors) {
          small = false;
          break;
        }
        ++counts[color[p] + 1];
      }
  if (small) {
    std::partial_sum(counts, counts + kColors + 1, counts);
    out.resize(static_cast<std::size_t>(counts[kColors]));
    for (int i = 1; i <= h; ++i)
      for (int p = i * fw + 1; p < i * fw + 1 + w; ++p)
        if (label[p] >= 0)
          out[counts[color[p]]++] = p;
    return;
  }
  for (int i = 1; i <= h; ++i)
    for (int p = i * fw + 1; p < i * fw + 1 + w; ++p)
      if (label[p] >= 0)
        out.push_back(p);
  std::stable_sort(out.begin(), out.end(), [&](int a, int b) { return color[a] < color[b]; });
}

} // namespace

Objects extract_objects(const Grid& grid, ObjectMode mode) {
  const int h = grid.height(), w = grid.width();
  if (h == 0 || w == 0)
    return {};
  const bool has_bg = mode.without_bg;
  const Integer bg = has_bg ? mostcolor(grid) : 0;
  const int count = label_components(grid, mode, bg);
  if (count == 0)
    return {};

  const int fw = w + 2;
  const auto& label = scratch.label;
  const auto& color = scratch.color;

  const auto& first_cell = scratch.first_cell;
  const auto& size = scratch.size;

  // Disjoint objects differ in their smallest cell, so that cell decides the set order.
  auto& order = scratch.order;
  order.resize(count);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const int pa = first_cell[a], pb = first_cell[b];
    return color[pa] != color[pb] ? color[pa] < color[pb] : pa < pb;
  });

  auto& cursor = scratch.cursor;
  cursor.resize(count);
  std::int32_t total = 0;
  for (int k : order) {
    cursor[k] = total;
    total += size[k];
  }
  auto cells = std::make_shared_for_overwrite<Cell[]>(static_cast<std::size_t>(total));
  auto place = [&](int p) { cells[cursor[label[p]]++] = Cell{color[p], {p / fw - 1, p % fw - 1}}; };
  if (mode.univalued) {
    // One colour per object: row-major order is already (colour, row, col) order.
    for (int i = 1; i <= h; ++i)
      for (int p = i * fw + 1; p < i * fw + 1 + w; ++p)
        if (label[p] >= 0)
          place(p);
  } else {
    sort_cells_by_color(h, w);
    for (int p : scratch.by_color)
      place(p);
  }

  // Two allocations in all: the cells above and the array of object views.
  auto objects_out = std::make_shared<Object[]>(static_cast<std::size_t>(count));
  const Cell* next = cells.get();
  for (int n = 0; n < count; ++n) {
    const int k = order[n];
    objects_out[n] = Object::from_canonical(SharedArray<Cell>(cells, next, size[k]));
    next += size[k];
  }
  return Objects::from_canonical(SharedArray<Object>(objects_out, objects_out.get(), count));
}

} // namespace battgpu::dsl
