// Grids: construction, cropping, rotation and mirroring, painting, scaling, splitting.
#pragma once

#include "battgpu/dsl/primitives/patches.hpp"

namespace battgpu::dsl {

namespace detail {
/// Python's `seq[start:stop]` bounds on a sequence of length n, as [first, last).
inline std::pair<Integer, Integer> slice_bounds(Integer n, long long start, long long stop) {
  auto clamp = [n](long long v) {
    if (v < 0)
      v += n;
    return static_cast<Integer>(std::clamp<long long>(v, 0, n));
  };
  Integer a = clamp(start), b = clamp(stop);
  return {a, std::max(a, b)};
}

/// A grid of `rows` x `cols` cells computed by `value(i, j)`; `rows` = 0 gives the empty grid.
template <class F> Grid make_grid(Integer rows, Integer cols, F value) {
  if (rows <= 0)
    return {};
  cols = std::max(cols, 0);
  std::vector<Integer> cells;
  cells.reserve(static_cast<std::size_t>(rows) * cols);
  for (Integer i = 0; i < rows; ++i)
    for (Integer j = 0; j < cols; ++j)
      cells.push_back(value(i, j));
  return Grid(rows, cols, std::move(cells));
}

/// A copy of the grid with `change(cells)` applied; the empty grid stays empty (Python
/// raises on `grid[0]` there).
template <class F> Grid edited(const Grid& grid, F change) {
  if (grid.empty())
    return {};
  std::vector<Integer> cells(grid.cells(), grid.cells() + grid.cell_count());
  change(cells);
  return Grid(grid.height(), grid.width(), std::move(cells));
}
} // namespace detail

struct asindices_fn {
  Indices operator()(const Grid& grid) const {
    std::vector<IntegerTuple> out;
    out.reserve(grid.cell_count());
    for (Integer i = 0; i < grid.height(); ++i)
      for (Integer j = 0; j < grid.width(); ++j)
        out.emplace_back(i, j);
    return Indices(std::move(out));
  }
};
inline constexpr asindices_fn asindices{};

struct ofcolor_fn {
  Indices operator()(const Grid& grid, Integer value) const {
    std::vector<IntegerTuple> out;
    for (Integer i = 0; i < grid.height(); ++i)
      for (Integer j = 0; j < grid.width(); ++j)
        if (grid.at(i, j) == value)
          out.emplace_back(i, j);
    return Indices(std::move(out));
  }
};
inline constexpr ofcolor_fn ofcolor{};

/// `tuple(r[start[1]:start[1]+dims[1]] for r in grid[start[0]:start[0]+dims[0]])`.
struct crop_fn {
  Grid operator()(const Grid& grid, const IntegerTuple& start, const IntegerTuple& dims) const {
    auto [r0, r1] =
        detail::slice_bounds(grid.height(), start.first, 1LL * start.first + dims.first);
    auto [c0, c1] =
        detail::slice_bounds(grid.width(), start.second, 1LL * start.second + dims.second);
    return detail::make_grid(r1 - r0, c1 - c0,
                             [&](Integer i, Integer j) { return grid.at(r0 + i, c0 + j); });
  }
};
inline constexpr crop_fn crop{};

/// `frozenset((grid[i][j], (i, j)) for i, j in toindices(patch) if ...)`.
struct toobject_fn {
  template <Patch P> Object operator()(const P& patch, const Grid& grid) const {
    std::vector<Cell> out;
    for (const IntegerTuple& index : toindices(patch)) {
      auto [i, j] = index;
      if (grid.in_bounds(i, j))
        out.push_back(Cell{grid.at(i, j), {i, j}});
    }
    return Object(std::move(out));
  }
};
inline constexpr toobject_fn toobject{};

struct asobject_fn {
  Object operator()(const Grid& grid) const {
    std::vector<Cell> out;
    out.reserve(grid.cell_count());
    for (Integer i = 0; i < grid.height(); ++i)
      for (Integer j = 0; j < grid.width(); ++j)
        out.push_back(Cell{grid.at(i, j), {i, j}});
    return Object(std::move(out));
  }
};
inline constexpr asobject_fn asobject{};

struct rot90_fn {
  Grid operator()(const Grid& g) const {
    return detail::make_grid(g.empty() ? 0 : g.width(), g.height(),
                             [&](Integer i, Integer j) { return g.at(g.height() - 1 - j, i); });
  }
};
inline constexpr rot90_fn rot90{};

struct rot180_fn {
  Grid operator()(const Grid& g) const {
    return detail::make_grid(g.height(), g.width(), [&](Integer i, Integer j) {
      return g.at(g.height() - 1 - i, g.width() - 1 - j);
    });
  }
};
inline constexpr rot180_fn rot180{};

struct rot270_fn {
  Grid operator()(const Grid& g) const {
    return detail::make_grid(g.empty() ? 0 : g.width(), g.height(),
                             [&](Integer i, Integer j) { return g.at(j, g.width() - 1 - i); });
  }
};
inline constexpr rot270_fn rot270{};

namespace detail {
/// Mirrors a patch by `f(index, upper-left, lower-right)`; the empty patch stays empty.
template <Patch P, class F> auto mirror_patch(const P& patch, F f) {
  if (patch.empty())
    return FrozenSet<element_t<P>>{};
  auto e = extent(patch);
  return map_patch(patch, [&](const auto& item) {
    IntegerTuple to = f(index_of(item), e);
    if constexpr (std::same_as<element_t<P>, Cell>)
      return Cell{item.color, to};
    else
      return to;
  });
}
} // namespace detail

struct hmirror_fn {
  Grid operator()(const Grid& g) const {
    return detail::make_grid(g.height(), g.width(),
                             [&](Integer i, Integer j) { return g.at(g.height() - 1 - i, j); });
  }
  template <Patch P> auto operator()(const P& patch) const {
    return detail::mirror_patch(patch, [](IntegerTuple p, const detail::Extent& e) {
      return IntegerTuple{e.top + e.bottom - p.first, p.second};
    });
  }
};
inline constexpr hmirror_fn hmirror{};

struct vmirror_fn {
  Grid operator()(const Grid& g) const {
    return detail::make_grid(g.height(), g.width(),
                             [&](Integer i, Integer j) { return g.at(i, g.width() - 1 - j); });
  }
  template <Patch P> auto operator()(const P& patch) const {
    return detail::mirror_patch(patch, [](IntegerTuple p, const detail::Extent& e) {
      return IntegerTuple{p.first, e.left + e.right - p.second};
    });
  }
};
inline constexpr vmirror_fn vmirror{};

struct dmirror_fn {
  Grid operator()(const Grid& g) const {
    return detail::make_grid(g.empty() ? 0 : g.width(), g.height(),
                             [&](Integer i, Integer j) { return g.at(j, i); });
  }
  template <Patch P> auto operator()(const P& patch) const {
    return detail::mirror_patch(patch, [](IntegerTuple p, const detail::Extent& e) {
      return IntegerTuple{p.second - e.left + e.top, p.first - e.top + e.left};
    });
  }
};
inline constexpr dmirror_fn dmirror{};

struct cmirror_fn {
  Grid operator()(const Grid& g) const {
    return detail::make_grid(g.empty() ? 0 : g.width(), g.height(), [&](Integer i, Integer j) {
      return g.at(g.height() - 1 - j, g.width() - 1 - i);
    });
  }
  template <Patch P> auto operator()(const P& patch) const {
    return vmirror(dmirror(vmirror(patch)));
  }
};
inline constexpr cmirror_fn cmirror{};

struct fill_fn {
  template <Patch P> Grid operator()(const Grid& grid, Integer value, const P& patch) const {
    return detail::edited(grid, [&](std::vector<Integer>& cells) {
      for (const auto& item : patch) {
        auto [i, j] = index_of(item);
        if (grid.in_bounds(i, j))
          cells[i * grid.width() + j] = value;
      }
    });
  }
};
inline constexpr fill_fn fill{};

struct paint_fn {
  template <ObjectLike O> Grid operator()(const Grid& grid, const O& obj) const {
    return detail::edited(grid, [&](std::vector<Integer>& cells) {
      for (const Cell& c : obj)
        if (grid.in_bounds(c.index.first, c.index.second))
          cells[c.index.first * grid.width() + c.index.second] = c.color;
    });
  }
};
inline constexpr paint_fn paint{};

struct underfill_fn {
  template <Patch P> Grid operator()(const Grid& grid, Integer value, const P& patch) const {
    if (grid.cell_count() == 0)
      return {}; // mostcolor of no cells raises in Python
    Integer bg = mostcolor(grid);
    return detail::edited(grid, [&](std::vector<Integer>& cells) {
      for (const auto& item : patch) {
        auto [i, j] = index_of(item);
        if (grid.in_bounds(i, j) && cells[i * grid.width() + j] == bg)
          cells[i * grid.width() + j] = value;
      }
    });
  }
};
inline constexpr underfill_fn underfill{};

struct underpaint_fn {
  template <ObjectLike O> Grid operator()(const Grid& grid, const O& obj) const {
    if (grid.cell_count() == 0)
      return {}; // mostcolor of no cells raises in Python
    Integer bg = mostcolor(grid);
    return detail::edited(grid, [&](std::vector<Integer>& cells) {
      for (const Cell& c : obj) {
        auto [i, j] = c.index;
        if (grid.in_bounds(i, j) && cells[i * grid.width() + j] == bg)
          cells[i * grid.width() + j] = c.color;
      }
    });
  }
};
inline constexpr underpaint_fn underpaint{};

struct hupscale_fn {
  Grid operator()(const Grid& g, Integer factor) const {
    Integer f = std::max(factor, 0);
    return detail::make_grid(g.height(), g.width() * f,
                             [&](Integer i, Integer j) { return g.at(i, j / f); });
  }
};
inline constexpr hupscale_fn hupscale{};

struct vupscale_fn {
  Grid operator()(const Grid& g, Integer factor) const {
    Integer f = std::max(factor, 0);
    return detail::make_grid(g.height() * f, g.width(),
                             [&](Integer i, Integer j) { return g.at(i / f, j); });
  }
};
inline constexpr vupscale_fn vupscale{};

struct upscale_fn {
  Grid operator()(const Grid& g, Integer factor) const {
    Integer f = std::max(factor, 0);
    return detail::make_grid(g.height() * f, g.width() * f,
                             [&](Integer i, Integer j) { return g.at(i / f, j / f); });
  }
  template <ObjectLike O> Object operator()(const O& obj, Integer factor) const {
    if (obj.empty())
      return {};
    // Python shifts the object to the origin, adds the scaled cells to a set in that
    // object's order, freezes the set and shifts it back.
    auto e = detail::extent(obj);
    SetBuilder<Cell> scaled;
    for (const Cell& c : shift(obj, IntegerTuple{-e.top, -e.left}))
      for (Integer io = 0; io < factor; ++io)
        for (Integer jo = 0; jo < factor; ++jo)
          scaled.add(Cell{c.color, {c.index.first * factor + io, c.index.second * factor + jo}});
    return shift(frozen_copy(scaled), IntegerTuple{e.top, e.left});
  }
};
inline constexpr upscale_fn upscale{};

/// Keeps every factor-th row and column; factor 0 gives the empty grid (Python divides by 0).
struct downscale_fn {
  Grid operator()(const Grid& g, Integer factor) const {
    if (factor == 0 || g.empty())
      return {};
    Integer step = std::abs(factor);
    Integer rows = (g.height() + step - 1) / step, cols = (g.width() + step - 1) / step;
    return detail::make_grid(rows, cols,
                             [&](Integer i, Integer j) { return g.at(i * step, j * step); });
  }
};
inline constexpr downscale_fn downscale{};

/// Rows side by side; as Python's zip, only as many rows as the shorter grid has.
struct hconcat_fn {
  Grid operator()(const Grid& a, const Grid& b) const {
    Integer rows = std::min(a.height(), b.height());
    return detail::make_grid(rows, a.width() + b.width(), [&](Integer i, Integer j) {
      return j < a.width() ? a.at(i, j) : b.at(i, j - a.width());
    });
  }
};
inline constexpr hconcat_fn hconcat{};

struct vconcat_fn {
  Grid operator()(const Grid& a, const Grid& b) const { return combine(a, b); }
};
inline constexpr vconcat_fn vconcat{};

struct subgrid_fn {
  template <Patch P> Grid operator()(const P& patch, const Grid& grid) const {
    return crop(grid, ulcorner(patch), shape(patch));
  }
};
inline constexpr subgrid_fn subgrid{};

struct hsplit_fn {
  Tuple<Grid> operator()(const Grid& grid, Integer n) const {
    if (n == 0 || grid.empty())
      return {};
    Integer w = floor_div(grid.width(), n);
    Integer offset = floor_mod(grid.width(), n) != 0 ? 1 : 0;
    std::vector<Grid> parts;
    for (Integer i = 0; i < n; ++i)
      parts.push_back(
          crop(grid, IntegerTuple{0, w * i + i * offset}, IntegerTuple{grid.height(), w}));
    return Tuple<Grid>(std::move(parts));
  }
};
inline constexpr hsplit_fn hsplit{};

struct vsplit_fn {
  Tuple<Grid> operator()(const Grid& grid, Integer n) const {
    if (n == 0 || grid.empty())
      return {};
    Integer h = floor_div(grid.height(), n);
    Integer offset = floor_mod(grid.height(), n) != 0 ? 1 : 0;
    std::vector<Grid> parts;
    for (Integer i = 0; i < n; ++i)
      parts.push_back(
          crop(grid, IntegerTuple{h * i + i * offset, 0}, IntegerTuple{h, grid.width()}));
    return Tuple<Grid>(std::move(parts));
  }
};
inline constexpr vsplit_fn vsplit{};

/// Keeps a's colour where the grids agree, `fallback` elsewhere; the empty grid where b is
/// smaller than a (Python raises IndexError).
struct cellwise_fn {
  Grid operator()(const Grid& a, const Grid& b, Integer fallback) const {
    if (a.empty() || b.height() < a.height() || (a.height() > 0 && b.width() < a.width()))
      return {};
    return detail::make_grid(a.height(), a.width(), [&](Integer i, Integer j) {
      return a.at(i, j) == b.at(i, j) ? a.at(i, j) : fallback;
    });
  }
};
inline constexpr cellwise_fn cellwise{};

struct replace_fn {
  Grid operator()(const Grid& grid, Integer replacee, Integer replacer) const {
    return detail::make_grid(grid.height(), grid.width(), [&](Integer i, Integer j) {
      Integer v = grid.at(i, j);
      return v == replacee ? replacer : v;
    });
  }
};
inline constexpr replace_fn replace{};

/// Swaps two colours (Python's `switch`, a C++ keyword, hence the trailing underscore).
struct switch_fn {
  Grid operator()(const Grid& grid, Integer a, Integer b) const {
    return detail::make_grid(grid.height(), grid.width(), [&](Integer i, Integer j) {
      Integer v = grid.at(i, j);
      return v == a ? b : (v == b ? a : v);
    });
  }
};
inline constexpr switch_fn switch_{};

/// Colour at a location; 0 outside the grid (where Python returns None).
struct index_fn {
  Integer operator()(const Grid& grid, const IntegerTuple& loc) const {
    return grid.in_bounds(loc.first, loc.second) ? grid.at(loc.first, loc.second) : 0;
  }
};
inline constexpr index_fn index{};

struct canvas_fn {
  Grid operator()(Integer value, const IntegerTuple& dimensions) const {
    return detail::make_grid(dimensions.first, dimensions.second,
                             [&](Integer, Integer) { return value; });
  }
};
inline constexpr canvas_fn canvas{};

struct cover_fn {
  template <Patch P> Grid operator()(const Grid& grid, const P& patch) const {
    if (grid.cell_count() == 0)
      return {}; // mostcolor of no cells raises in Python
    return fill(grid, mostcolor(grid), patch);
  }
};
inline constexpr cover_fn cover{};

struct trim_fn {
  Grid operator()(const Grid& grid) const {
    auto [r0, r1] = detail::slice_bounds(grid.height(), 1, -1);
    auto [c0, c1] = detail::slice_bounds(grid.width(), 1, -1);
    return detail::make_grid(r1 - r0, c1 - c0,
                             [&](Integer i, Integer j) { return grid.at(r0 + i, c0 + j); });
  }
};
inline constexpr trim_fn trim{};

struct move_fn {
  template <ObjectLike O>
  Grid operator()(const Grid& grid, const O& obj, const IntegerTuple& offset) const {
    return paint(cover(grid, obj), shift(obj, offset));
  }
};
inline constexpr move_fn move{};

struct tophalf_fn {
  Grid operator()(const Grid& grid) const {
    return crop(grid, IntegerTuple{0, 0}, IntegerTuple{grid.height() / 2, grid.width()});
  }
};
inline constexpr tophalf_fn tophalf{};

struct bottomhalf_fn {
  Grid operator()(const Grid& grid) const {
    Integer start = grid.height() / 2 + grid.height() % 2;
    return crop(grid, IntegerTuple{start, 0}, IntegerTuple{grid.height() - start, grid.width()});
  }
};
inline constexpr bottomhalf_fn bottomhalf{};

struct lefthalf_fn {
  Grid operator()(const Grid& grid) const { return rot270(tophalf(rot90(grid))); }
};
inline constexpr lefthalf_fn lefthalf{};

struct righthalf_fn {
  Grid operator()(const Grid& grid) const { return rot270(bottomhalf(rot90(grid))); }
};
inline constexpr righthalf_fn righthalf{};

/// Upper-left positions where the object, normalised, matches the grid cell for cell.
struct occurrences_fn {
  Indices operator()(const Grid& grid, const Object& obj) const {
    if (grid.empty() || obj.empty())
      return {};
    auto normed = normalize(obj);
    auto [oh, ow] = shape(obj);
    SetBuilder<IntegerTuple> out; // a set, frozen at the end
    for (Integer i = 0; i < grid.height() - oh + 1; ++i)
      for (Integer j = 0; j < grid.width() - ow + 1; ++j) {
        bool occurs = true;
        for (const Cell& c : normed) {
          Integer a = c.index.first + i, b = c.index.second + j;
          if (!grid.in_bounds(a, b) || grid.at(a, b) != c.color) {
            occurs = false;
            break;
          }
        }
        if (occurs)
          out.add({i, j});
      }
    return frozen_copy(out);
  }
};
inline constexpr occurrences_fn occurrences{};

namespace detail {
inline std::vector<Integer> uniform_rows(const Grid& g) {
  std::vector<Integer> rows;
  for (Integer i = 0; i < g.height(); ++i) {
    bool uniform = true;
    for (Integer j = 1; j < g.width(); ++j)
      uniform = uniform && g.at(i, j) == g.at(i, 0);
    if (uniform && g.width() > 0)
      rows.push_back(i);
  }
  return rows;
}
inline std::vector<Integer> uniform_cols(const Grid& g) {
  return uniform_rows(dmirror(g));
}
} // namespace detail

/// Rows and columns of a single colour, each as an object: `hfrontiers | vfrontiers`, each a
/// frozenset of a set comprehension of frozensets of set comprehensions.
struct frontiers_fn {
  Objects operator()(const Grid& grid) const {
    if (grid.empty())
      return {};
    auto lines = [&](const std::vector<Integer>& which, bool rows) {
      SetBuilder<Object> out;
      for (Integer k : which) {
        SetBuilder<Cell> cells;
        const Integer n = rows ? grid.width() : grid.height();
        for (Integer m = 0; m < n; ++m) {
          const Integer i = rows ? k : m, j = rows ? m : k;
          cells.add(Cell{grid.at(i, j), {i, j}});
        }
        out.add(frozen_copy(cells));
      }
      return frozen_copy(out);
    };
    return set_union(lines(detail::uniform_rows(grid), true),
                     lines(detail::uniform_cols(grid), false));
  }
};
inline constexpr frontiers_fn frontiers{};

/// The grid without its single-colour rows and columns.
struct compress_fn {
  Grid operator()(const Grid& grid) const {
    auto rows = detail::uniform_rows(grid);
    auto cols = detail::uniform_cols(grid);
    std::vector<Integer> keep_rows, keep_cols;
    for (Integer i = 0; i < grid.height(); ++i)
      if (std::find(rows.begin(), rows.end(), i) == rows.end())
        keep_rows.push_back(i);
    for (Integer j = 0; j < grid.width(); ++j)
      if (std::find(cols.begin(), cols.end(), j) == cols.end())
        keep_cols.push_back(j);
    if (keep_cols.empty() && !keep_rows.empty())
      return Grid(static_cast<Integer>(keep_rows.size()), 0, {});
    return detail::make_grid(
        static_cast<Integer>(keep_rows.size()), static_cast<Integer>(keep_cols.size()),
        [&](Integer i, Integer j) { return grid.at(keep_rows[i], keep_cols[j]); });
  }
};
inline constexpr compress_fn compress{};

namespace detail {
/// One object per colour in `colors`, its cells in row-major order.
inline Objects objects_by_color(const Grid& grid, const IntegerSet& colors) {
  std::vector<Object> out;
  for (Integer value : colors) {
    std::vector<Cell> cells;
    for (Integer i = 0; i < grid.height(); ++i)
      for (Integer j = 0; j < grid.width(); ++j)
        if (grid.at(i, j) == value)
          cells.push_back(Cell{value, {i, j}});
    out.push_back(Object(std::move(cells)));
  }
  return Objects(std::move(out));
}
} // namespace detail

struct partition_fn {
  Objects operator()(const Grid& grid) const {
    return detail::objects_by_color(grid, palette(grid));
  }
};
inline constexpr partition_fn partition{};

struct fgpartition_fn {
  Objects operator()(const Grid& grid) const {
    // `palette(grid) - {mostcolor(grid)}`: set_difference, not the DSL's difference.
    return detail::objects_by_color(grid,
                                    set_difference(palette(grid), IntegerSet{mostcolor(grid)}));
  }
};
inline constexpr fgpartition_fn fgpartition{};

} // namespace battgpu::dsl
