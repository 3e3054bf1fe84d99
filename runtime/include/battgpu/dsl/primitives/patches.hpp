// Patches (objects and indices) and the measurements shared with grids: extent, corners,
// colours, geometry of lines and boxes.
#pragma once

#include "battgpu/dsl/primitives/collections.hpp"
#include "battgpu/dsl/set_order.hpp"

#include <cstdlib>
#include <limits>

namespace battgpu::dsl {

namespace detail {
/// Bounding box of a non-empty patch.
struct Extent {
  Integer top = 0, left = 0, bottom = 0, right = 0;
};
template <Patch P> Extent extent(const P& patch) {
  Extent e{std::numeric_limits<Integer>::max(), std::numeric_limits<Integer>::max(),
           std::numeric_limits<Integer>::min(), std::numeric_limits<Integer>::min()};
  for (const auto& item : patch) {
    const IntegerTuple& p = index_of(item);
    e.top = std::min(e.top, p.first);
    e.bottom = std::max(e.bottom, p.first);
    e.left = std::min(e.left, p.second);
    e.right = std::max(e.right, p.second);
  }
  return e;
}

/// Indices of the patch, as a vector in the patch's iteration order.
template <Patch P> std::vector<IntegerTuple> index_vector(const P& patch) {
  std::vector<IntegerTuple> out;
  out.reserve(patch.size());
  for (const auto& item : patch)
    out.push_back(index_of(item));
  return out;
}

/// `frozenset(f(element) for element in patch)` for a patch of cells or of indices.
template <Patch P, class F> auto map_patch(const P& patch, F f) {
  using T = element_t<P>;
  std::vector<T> out;
  out.reserve(patch.size());
  for (const T& item : patch)
    out.push_back(f(item));
  return FrozenSet<T>(std::move(out));
}

/// Moves one cell or index.
inline Cell moved(const Cell& c, Integer di, Integer dj) {
  return Cell{c.color, {c.index.first + di, c.index.second + dj}};
}
inline IntegerTuple moved(const IntegerTuple& p, Integer di, Integer dj) {
  return {p.first + di, p.second + dj};
}

/// The colours of an element in the order Python lists them.
template <Element E> std::vector<Integer> color_values(const E& element) {
  if constexpr (GridValue<E>) {
    return std::vector<Integer>(element.cells(), element.cells() + element.cell_count());
  } else {
    std::vector<Integer> values;
    values.reserve(element.size());
    for (const Cell& c : element)
      values.push_back(c.color);
    return values;
  }
}

/// The outline of the rectangle spanned by two corners, as inbox, outbox and box build it:
/// `vlines = {(i, sj) for i ...} | {(i, ej) for i ...}`, `hlines` the same over the columns,
/// `frozenset(vlines | hlines)`.
inline Indices rectangle_outline(Integer ai, Integer aj, Integer bi, Integer bj) {
  Integer si = std::min(ai, bi), sj = std::min(aj, bj);
  Integer ei = std::max(ai, bi), ej = std::max(aj, bj);
  auto column = [&](Integer j) {
    SetBuilder<IntegerTuple> line;
    for (Integer i = si; i <= ei; ++i)
      line.add({i, j});
    return line;
  };
  auto row = [&](Integer i) {
    SetBuilder<IntegerTuple> line;
    for (Integer j = sj; j <= ej; ++j)
      line.add({i, j});
    return line;
  };
  const auto vlines = set_union(column(sj), column(ej));
  const auto hlines = set_union(row(si), row(ei));
  return frozen_copy(set_union(vlines, hlines));
}
} // namespace detail

/// Indices of a patch; indices (or a tuple of them) are returned as they are.
struct toindices_fn {
  template <Patch P> auto operator()(const P& patch) const {
    if constexpr (std::same_as<element_t<P>, IntegerTuple>) {
      return patch;
    } else {
      std::vector<IntegerTuple> out;
      out.reserve(patch.size());
      for (const Cell& c : patch)
        out.push_back(c.index);
      return Indices(std::move(out));
    }
  }
};
inline constexpr toindices_fn toindices{};

/// `frozenset((value, index) for index in toindices(patch))`.
struct recolor_fn {
  template <Patch P> Object operator()(Integer value, const P& patch) const {
    std::vector<Cell> out;
    out.reserve(patch.size());
    for (const IntegerTuple& index : toindices(patch))
      out.push_back(Cell{value, index});
    return Object(std::move(out));
  }
};
inline constexpr recolor_fn recolor{};

struct shift_fn {
  template <Patch P> auto operator()(const P& patch, const IntegerTuple& directions) const {
    return detail::map_patch(patch, [&](const auto& item) {
      return detail::moved(item, directions.first, directions.second);
    });
  }
};
inline constexpr shift_fn shift{};

struct uppermost_fn {
  template <Patch P> Integer operator()(const P& patch) const {
    return patch.empty() ? 0 : detail::extent(patch).top;
  }
};
inline constexpr uppermost_fn uppermost{};

struct lowermost_fn {
  template <Patch P> Integer operator()(const P& patch) const {
    return patch.empty() ? 0 : detail::extent(patch).bottom;
  }
};
inline constexpr lowermost_fn lowermost{};

struct leftmost_fn {
  template <Patch P> Integer operator()(const P& patch) const {
    return patch.empty() ? 0 : detail::extent(patch).left;
  }
};
inline constexpr leftmost_fn leftmost{};

struct rightmost_fn {
  template <Patch P> Integer operator()(const P& patch) const {
    return patch.empty() ? 0 : detail::extent(patch).right;
  }
};
inline constexpr rightmost_fn rightmost{};

/// Moves the upper-left corner to the origin (the empty patch stays empty).
struct normalize_fn {
  template <Patch P> auto operator()(const P& patch) const {
    if (patch.empty())
      return FrozenSet<element_t<P>>{};
    auto e = detail::extent(patch);
    return shift(patch, IntegerTuple{-e.top, -e.left});
  }
};
inline constexpr normalize_fn normalize{};

struct dneighbors_fn {
  Indices operator()(const IntegerTuple& loc) const {
    auto [i, j] = loc;
    return Indices{{i - 1, j}, {i + 1, j}, {i, j - 1}, {i, j + 1}};
  }
};
inline constexpr dneighbors_fn dneighbors{};

struct ineighbors_fn {
  Indices operator()(const IntegerTuple& loc) const {
    auto [i, j] = loc;
    return Indices{{i - 1, j - 1}, {i - 1, j + 1}, {i + 1, j - 1}, {i + 1, j + 1}};
  }
};
inline constexpr ineighbors_fn ineighbors{};

/// `dneighbors(loc) | ineighbors(loc)`.
struct neighbors_fn {
  Indices operator()(const IntegerTuple& loc) const {
    return set_union(dneighbors(loc), ineighbors(loc));
  }
};
inline constexpr neighbors_fn neighbors{};

struct ulcorner_fn {
  template <Patch P> IntegerTuple operator()(const P& patch) const {
    if (patch.empty())
      return {};
    auto e = detail::extent(patch);
    return {e.top, e.left};
  }
};
inline constexpr ulcorner_fn ulcorner{};

struct urcorner_fn {
  template <Patch P> IntegerTuple operator()(const P& patch) const {
    if (patch.empty())
      return {};
    auto e = detail::extent(patch);
    return {e.top, e.right};
  }
};
inline constexpr urcorner_fn urcorner{};

struct llcorner_fn {
  template <Patch P> IntegerTuple operator()(const P& patch) const {
    if (patch.empty())
      return {};
    auto e = detail::extent(patch);
    return {e.bottom, e.left};
  }
};
inline constexpr llcorner_fn llcorner{};

struct lrcorner_fn {
  template <Patch P> IntegerTuple operator()(const P& patch) const {
    if (patch.empty())
      return {};
    auto e = detail::extent(patch);
    return {e.bottom, e.right};
  }
};
inline constexpr lrcorner_fn lrcorner{};

struct height_fn {
  Integer operator()(const Grid& grid) const { return grid.height(); }
  template <Patch P> Integer operator()(const P& patch) const {
    if (patch.empty())
      return 0;
    auto e = detail::extent(patch);
    return e.bottom - e.top + 1;
  }
};
inline constexpr height_fn height{};

struct width_fn {
  Integer operator()(const Grid& grid) const { return grid.empty() ? 0 : grid.width(); }
  template <Patch P> Integer operator()(const P& patch) const {
    if (patch.empty())
      return 0;
    auto e = detail::extent(patch);
    return e.right - e.left + 1;
  }
};
inline constexpr width_fn width{};

struct shape_fn {
  template <Piece P> IntegerTuple operator()(const P& piece) const {
    return {height(piece), width(piece)};
  }
};
inline constexpr shape_fn shape{};

struct portrait_fn {
  template <Piece P> Boolean operator()(const P& piece) const {
    return height(piece) > width(piece);
  }
};
inline constexpr portrait_fn portrait{};

struct square_fn {
  Boolean operator()(const Grid& grid) const {
    return !grid.empty() && grid.height() == grid.width();
  }
  template <Patch P> Boolean operator()(const P& patch) const {
    Integer h = height(patch), w = width(patch);
    return h * w == static_cast<Integer>(patch.size()) && h == w;
  }
};
inline constexpr square_fn square{};

struct vline_fn {
  template <Piece P> Boolean operator()(const P& piece) const {
    return height(piece) == static_cast<Integer>(piece.size()) && width(piece) == 1;
  }
};
inline constexpr vline_fn vline{};

struct hline_fn {
  template <Piece P> Boolean operator()(const P& piece) const {
    return width(piece) == static_cast<Integer>(piece.size()) && height(piece) == 1;
  }
};
inline constexpr hline_fn hline{};

struct hmatching_fn {
  template <Patch A, Patch B> Boolean operator()(const A& a, const B& b) const {
    for (const auto& x : a)
      for (const auto& y : b)
        if (index_of(x).first == index_of(y).first)
          return true;
    return false;
  }
};
inline constexpr hmatching_fn hmatching{};

struct vmatching_fn {
  template <Patch A, Patch B> Boolean operator()(const A& a, const B& b) const {
    for (const auto& x : a)
      for (const auto& y : b)
        if (index_of(x).second == index_of(y).second)
          return true;
    return false;
  }
};
inline constexpr vmatching_fn vmatching{};

/// Closest Manhattan distance; 0 where a patch is empty (Python raises).
struct manhattan_fn {
  template <Patch A, Patch B> Integer operator()(const A& a, const B& b) const {
    if (a.empty() || b.empty())
      return 0;
    Integer best = std::numeric_limits<Integer>::max();
    for (const auto& x : a)
      for (const auto& y : b) {
        const auto &p = index_of(x), &q = index_of(y);
        best = std::min(best, std::abs(p.first - q.first) + std::abs(p.second - q.second));
      }
    return best;
  }
};
inline constexpr manhattan_fn manhattan{};

struct adjacent_fn {
  template <Patch A, Patch B> Boolean operator()(const A& a, const B& b) const {
    return manhattan(a, b) == 1;
  }
};
inline constexpr adjacent_fn adjacent{};

struct bordering_fn {
  template <Patch P> Boolean operator()(const P& patch, const Grid& grid) const {
    if (patch.empty())
      return false;
    auto e = detail::extent(patch);
    if (e.top == 0 || e.left == 0 || e.bottom == grid.height() - 1)
      return true;
    return !grid.empty() && e.right == grid.width() - 1;
  }
};
inline constexpr bordering_fn bordering{};

struct centerofmass_fn {
  template <Patch P> IntegerTuple operator()(const P& patch) const {
    if (patch.empty())
      return {};
    // Python sums over toindices(patch), which merges the cells of an object that share an
    // index but keeps a tuple of indices as it is, and divides by the number of elements.
    long long si = 0, sj = 0;
    for (const IntegerTuple& p : toindices(patch)) {
      si += p.first;
      sj += p.second;
    }
    auto n = static_cast<long long>(patch.size());
    auto fdiv = [](long long a, long long b) {
      return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
    };
    return {static_cast<Integer>(fdiv(si, n)), static_cast<Integer>(fdiv(sj, n))};
  }
};
inline constexpr centerofmass_fn centerofmass{};

/// `frozenset({v for ...})`: the colours added to a set in the element's order, then copied.
struct palette_fn {
  template <Element E> IntegerSet operator()(const E& element) const {
    SetBuilder<Integer> colours;
    if constexpr (GridValue<E>) {
      for (const Integer* c = element.cells(); c != element.cells() + element.cell_count(); ++c)
        colours.add(*c);
    } else {
      for (const Cell& c : element)
        colours.add(c.color);
    }
    return frozen_copy(colours);
  }
};
inline constexpr palette_fn palette{};

struct numcolors_fn {
  template <Element E> Integer operator()(const E& element) const {
    return static_cast<Integer>(palette(element).size());
  }
};
inline constexpr numcolors_fn numcolors{};

/// The colour of the object's first cell (its smallest colour); 0 for the empty object.
struct color_fn {
  template <ObjectLike O> Integer operator()(const O& obj) const {
    return obj.empty() ? 0 : obj[0].color;
  }
};
inline constexpr color_fn color{};

namespace detail {
/// Python's `max(set(values), key=values.count)` over colours, with a count table.
template <class Better> Integer color_by_count(const std::vector<Integer>& values, Better better) {
  std::vector<Integer> distinct;
  for (Integer v : values)
    if (std::find(distinct.begin(), distinct.end(), v) == distinct.end())
      distinct.push_back(v);
  to_cpython_set_order(std::span<Integer>(distinct));
  Integer best = 0;
  std::ptrdiff_t best_count = -1;
  for (Integer c : distinct) {
    auto n = std::count(values.begin(), values.end(), c);
    if (best_count < 0 || better(n, best_count)) {
      best = c;
      best_count = n;
    }
  }
  return best;
}
} // namespace detail

/// Most common colour, ties to the first in set order (SPEC section 2); 0 when empty.
struct mostcolor_fn {
  Integer operator()(const Grid& grid) const {
    // Fast path for ARC colours: one counting pass, ties broken in CPython set order.
    constexpr Integer kTable = 16;
    std::ptrdiff_t counts[kTable] = {};
    Integer seen[kTable];
    int distinct = 0;
    bool small = true;
    for (const Integer* c = grid.cells(); c != grid.cells() + grid.cell_count(); ++c) {
      if (*c < 0 || *c >= kTable) {
        small = false;
        break;
      }
      if (counts[*c]++ == 0)
        seen[distinct++] = *c;
    }
    if (small) {
      to_cpython_set_order(std::span<Integer>(seen, static_cast<std::size_t>(distinct)));
      Integer best = 0;
      std::ptrdiff_t best_count = -1;
      for (int k = 0; k < distinct; ++k)
        if (counts[seen[k]] > best_count) {
          best = seen[k];
          best_count = counts[seen[k]];
        }
      return best;
    }
    return detail::color_by_count(detail::color_values(grid), [](auto n, auto m) { return n > m; });
  }
  template <ObjectLike O> Integer operator()(const O& obj) const {
    return detail::color_by_count(detail::color_values(obj), [](auto n, auto m) { return n > m; });
  }
};
inline constexpr mostcolor_fn mostcolor{};

struct leastcolor_fn {
  template <Element E> Integer operator()(const E& element) const {
    return detail::color_by_count(detail::color_values(element),
                                  [](auto n, auto m) { return n < m; });
  }
};
inline constexpr leastcolor_fn leastcolor{};

struct colorcount_fn {
  template <Element E> Integer operator()(const E& element, Integer value) const {
    if constexpr (GridValue<E>) {
      // Counted in place: a copy of the cells here made GCC 12 at -O3 report a spurious
      // -Wfree-nonheap-object in callers.
      return static_cast<Integer>(
          std::count(element.cells(), element.cells() + element.cell_count(), value));
    } else {
      auto values = detail::color_values(element);
      return static_cast<Integer>(std::count(values.begin(), values.end(), value));
    }
  }
};
inline constexpr colorcount_fn colorcount{};

/// Objects whose first cell has colour `value`. Python raises on an empty object in the
/// set, so then the result is empty.
struct colorfilter_fn {
  Objects operator()(const Objects& objs, Integer value) const {
    std::vector<Object> kept;
    for (const Object& obj : objs) {
      if (obj.empty())
        return {};
      if (obj[0].color == value)
        kept.push_back(obj);
    }
    return Objects(std::move(kept));
  }
};
inline constexpr colorfilter_fn colorfilter{};

struct center_fn {
  template <Patch P> IntegerTuple operator()(const P& patch) const {
    if (patch.empty())
      return {};
    return {uppermost(patch) + floor_div(height(patch), 2),
            leftmost(patch) + floor_div(width(patch), 2)};
  }
};
inline constexpr center_fn center{};

struct position_fn {
  template <Patch A, Patch B> IntegerTuple operator()(const A& a, const B& b) const {
    auto [ia, ja] = center(a);
    auto [ib, jb] = center(b);
    if (ia == ib)
      return {0, ja < jb ? 1 : -1};
    if (ja == jb)
      return {ia < ib ? 1 : -1, 0};
    if (ia < ib)
      return {1, ja < jb ? 1 : -1};
    return {-1, ja < jb ? 1 : -1};
  }
};
inline constexpr position_fn position{};

struct corners_fn {
  template <Patch P> Indices operator()(const P& patch) const {
    if (patch.empty())
      return {};
    auto e = detail::extent(patch);
    return Indices{{e.top, e.left}, {e.top, e.right}, {e.bottom, e.left}, {e.bottom, e.right}};
  }
};
inline constexpr corners_fn corners{};

/// Horizontal, vertical or diagonal line between two points; empty otherwise.
struct connect_fn {
  Indices operator()(const IntegerTuple& a, const IntegerTuple& b) const {
    auto [ai, aj] = a;
    auto [bi, bj] = b;
    Integer si = std::min(ai, bi), ei = std::max(ai, bi) + 1;
    Integer sj = std::min(aj, bj), ej = std::max(aj, bj) + 1;
    std::vector<IntegerTuple> out;
    if (ai == bi) {
      for (Integer j = sj; j < ej; ++j)
        out.emplace_back(ai, j);
    } else if (aj == bj) {
      for (Integer i = si; i < ei; ++i)
        out.emplace_back(i, aj);
    } else if (bi - ai == bj - aj) {
      for (Integer k = 0; si + k < ei && sj + k < ej; ++k)
        out.emplace_back(si + k, sj + k);
    } else if (bi - ai == aj - bj) {
      for (Integer k = 0; si + k < ei && ej - 1 - k > sj - 1; ++k)
        out.emplace_back(si + k, ej - 1 - k);
    }
    return Indices(std::move(out));
  }
};
inline constexpr connect_fn connect{};

struct vfrontier_fn {
  Indices operator()(const IntegerTuple& location) const {
    std::vector<IntegerTuple> out;
    for (Integer i = 0; i < 30; ++i)
      out.emplace_back(i, location.second);
    return Indices(std::move(out));
  }
};
inline constexpr vfrontier_fn vfrontier{};

struct hfrontier_fn {
  Indices operator()(const IntegerTuple& location) const {
    std::vector<IntegerTuple> out;
    for (Integer j = 0; j < 30; ++j)
      out.emplace_back(location.first, j);
    return Indices(std::move(out));
  }
};
inline constexpr hfrontier_fn hfrontier{};

struct backdrop_fn {
  template <Patch P> Indices operator()(const P& patch) const {
    if (patch.empty())
      return {};
    auto e = detail::extent(patch);
    std::vector<IntegerTuple> out;
    out.reserve(static_cast<std::size_t>(e.bottom - e.top + 1) * (e.right - e.left + 1));
    for (Integer i = e.top; i <= e.bottom; ++i)
      for (Integer j = e.left; j <= e.right; ++j)
        out.emplace_back(i, j);
    return Indices(std::move(out));
  }
};
inline constexpr backdrop_fn backdrop{};

/// `backdrop(patch) - toindices(patch)` (set_difference).
struct delta_fn {
  template <Patch P> Indices operator()(const P& patch) const {
    if (patch.empty())
      return {};
    return set_difference(backdrop(patch), Indices(detail::index_vector(patch)));
  }
};
inline constexpr delta_fn delta{};

struct inbox_fn {
  template <Patch P> Indices operator()(const P& patch) const {
    if (patch.empty())
      return {};
    auto e = detail::extent(patch);
    return detail::rectangle_outline(e.top + 1, e.left + 1, e.bottom - 1, e.right - 1);
  }
};
inline constexpr inbox_fn inbox{};

struct outbox_fn {
  template <Patch P> Indices operator()(const P& patch) const {
    if (patch.empty())
      return {};
    auto e = detail::extent(patch);
    return detail::rectangle_outline(e.top - 1, e.left - 1, e.bottom + 1, e.right + 1);
  }
};
inline constexpr outbox_fn outbox{};

struct box_fn {
  template <Patch P> Indices operator()(const P& patch) const {
    if (patch.empty())
      return {};
    auto e = detail::extent(patch);
    return detail::rectangle_outline(e.top, e.left, e.bottom, e.right);
  }
};
inline constexpr box_fn box{};

struct shoot_fn {
  Indices operator()(const IntegerTuple& start, const IntegerTuple& direction) const {
    return connect(start, IntegerTuple{start.first + 42 * direction.first,
                                       start.second + 42 * direction.second});
  }
};
inline constexpr shoot_fn shoot{};

/// Direction to move `source` until it is adjacent to `destination` (at most 42 steps).
struct gravitate_fn {
  template <Patch A, Patch B> IntegerTuple operator()(const A& source, const B& destination) const {
    if (source.empty() || destination.empty())
      return {};
    auto [si, sj] = center(source);
    auto [di, dj] = center(destination);
    Integer i = 0, j = 0;
    if (vmatching(source, destination))
      i = si < di ? 1 : -1;
    else
      j = sj < dj ? 1 : -1;
    Integer gi = i, gj = j;
    auto moving = detail::index_vector(source);
    Indices moved{std::move(moving)};
    for (int c = 0; c < 42 && !adjacent(moved, destination); ++c) {
      gi += i;
      gj += j;
      moved = shift(moved, IntegerTuple{i, j});
    }
    return {gi - i, gj - j};
  }
};
inline constexpr gravitate_fn gravitate{};

namespace detail {
/// Smallest period p along one axis such that the object shifted by p lies within itself.
template <bool Horizontal> Integer period(const Object& obj) {
  auto normalized = normalize(obj);
  Integer extent_len = Horizontal ? width(normalized) : height(normalized);
  for (Integer p = 1; p < extent_len; ++p) {
    bool inside = true;
    for (const Cell& c : normalized) {
      Integer i = c.index.first - (Horizontal ? 0 : p);
      Integer j = c.index.second - (Horizontal ? p : 0);
      if ((Horizontal ? j : i) < 0)
        continue;
      if (!normalized.contains(Cell{c.color, {i, j}})) {
        inside = false;
        break;
      }
    }
    if (inside)
      return p;
  }
  return extent_len;
}
} // namespace detail

struct hperiod_fn {
  Integer operator()(const Object& obj) const { return detail::period<true>(obj); }
};
inline constexpr hperiod_fn hperiod{};

struct vperiod_fn {
  Integer operator()(const Object& obj) const { return detail::period<false>(obj); }
};
inline constexpr vperiod_fn vperiod{};

} // namespace battgpu::dsl
