// arc_dsl dialect: the "patches" functions.
//
// Each function follows its Python source statement by statement (order of evaluation, the
// point where it raises, the order in which its sets are built), generically over Values.
// The hot ones also have a fast path for the well-formed arguments programs pass almost
// always (grids of ints, frozensets of cells or indices with int coordinates): it computes
// the same value without the intermediate Python objects, and is taken only where it cannot
// differ (no failure possible, nested calls within the recursion limit).
#include "patches.hpp"
#include "int_grid.hpp"
#include "value_building.hpp"

#include "battgpu/dialects/objects_request.hpp"
#include "battgpu/py/py.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <vector>

namespace battgpu::dialects::arc_dsl {
namespace {

using py::Exc;
using py::Kind;
using py::Value;

// ---- helpers ----

// The recursion levels counted below are battgpu::py's: one per DSL function and per
// Python-level lambda, and for the min()/max() builtins over an iterable one for the call and
// one more for each comparison or key call made under it (py::max_of and friends). A fast
// path computing nested calls inline first checks the deepest level those calls would reach.

/// Whether a uniform patch's toindices(patch) has two or more members (then min()/max() over
/// it compare).
bool several_indices(std::int64_t min_i, std::int64_t max_i, std::int64_t min_j,
                     std::int64_t max_j) {
  return min_i != max_i || min_j != max_j;
}

/// `(value, index)` with `index` already a pair.
Value cell(const Value& value, const Value& index) {
  Value t = py::new_tuple(2);
  Value* items = py::tuple_items(t);
  items[0] = value;
  items[1] = index;
  return t;
}

/// `(value, (i, j))`, shared for small ints (py::arc_cell_of).
Value int_cell(const Value& value, std::int64_t i, std::int64_t j) {
  if (value.is(Kind::Int))
    return py::arc_cell_of(value.as_int(), i, j);
  return cell(value, int_pair(i, j));
}

/// `(value, index)` for an index that may be an int pair (then shared, as int_cell).
Value cell_at(const Value& value, const Value& index) {
  if (value.is(Kind::Int) && index.is_tuple() && py::as_tuple(index).size == 2 &&
      py::as_tuple(index)[0].is(Kind::Int) && py::as_tuple(index)[1].is(Kind::Int))
    return py::arc_cell_of(value.as_int(), py::as_tuple(index)[0].as_int(),
                           py::as_tuple(index)[1].as_int());
  return cell(value, index);
}

/// `a, b = v`.
py::Status unpack2(const Value& v, Value& a, Value& b) {
  if (v.is_tuple() && py::as_tuple(v).size == 2) {
    a = py::as_tuple(v)[0];
    b = py::as_tuple(v)[1];
    return {};
  }
  Value out[2];
  PY_CHECK(py::unpack(v, out, 2));
  a = std::move(out[0]);
  b = std::move(out[1]);
  return {};
}

/// `next(iter(x))` outside a generator: StopIteration when x is empty.
Value first_of(const Value& x) {
  PY_TRY(py::Iter it, py::iter(x));
  const Value* e = it.next();
  if (e == nullptr)
    return py::Error{Exc::StopIteration, ""};
  return *e;
}

/// `isinstance(next(iter(patch))[1], tuple)`: whether a patch holds cells rather than indices.
py::Result<bool> holds_cells(const Value& patch) {
  PY_TRY(Value e, first_of(patch));
  PY_TRY(Value second, py::getitem(e, 1));
  return second.is_tuple();
}

/// Python's chained `0 <= x < n` for an int n.
py::Result<bool> in_range(const Value& x, std::int64_t n) {
  if (x.is_int_like())
    return 0 <= x.as_int() && x.as_int() < n;
  PY_TRY(bool low, py::le(Value::integer(0), x));
  if (!low)
    return false;
  return py::lt(x, Value::integer(n));
}

/// The elements of a frozenset in iteration order, until `f` returns false; whether all
/// were visited.
template <class F> bool each_in_set(const py::SetTable& t, F&& f) {
  for (std::int64_t i = 0; i <= t.mask(); ++i) {
    const Value& k = t.slot(i).key;
    if (k.kind() == Kind::Unbound || k.kind() == Kind::Dummy)
      continue;
    if (!f(k))
      return false;
  }
  return true;
}

/// The (int, int) index of a cell `(anything, (int, int))` or of an index `(int, int)`
/// (`as_cell` picks which), ints not bools; null when `e` is not of that shape.
const py::TupleObject* index_of(const Value& e, bool as_cell) {
  if (!e.is_tuple())
    return nullptr;
  const py::TupleObject* t = &py::as_tuple(e);
  if (t->size != 2)
    return nullptr;
  if (as_cell) {
    if (!(*t)[1].is_tuple())
      return nullptr;
    t = &py::as_tuple((*t)[1]);
    if (t->size != 2)
      return nullptr;
  }
  if (!(*t)[0].is(Kind::Int) || !(*t)[1].is(Kind::Int))
    return nullptr;
  return t;
}

/// A frozenset patch of uniform shape, read without nested calls: all of its elements cells
/// `(anything, (int, int))`, or all indices `(int, int)`. Then toindices(patch) is the set of
/// those int pairs, and every function below that only looks at the indices can compute on
/// them directly.
struct PatchScan {
  enum Form : std::uint8_t { kOther, kEmpty, kCells, kIndices } form = kOther;
  std::int64_t min_i = 0, max_i = 0, min_j = 0, max_j = 0;
};

PatchScan scan_patch(const Value& patch) {
  PatchScan s;
  if (!patch.is_frozenset())
    return s;
  const py::SetTable& t = py::as_set_table(patch);
  if (t.empty()) {
    s.form = PatchScan::kEmpty;
    return s;
  }
  bool first = true;
  bool as_cell = false;
  const bool uniform = each_in_set(t, [&](const Value& e) {
    if (first) {
      // The first element decides, as toindices' test does.
      if (!e.is_tuple() || py::as_tuple(e).size != 2)
        return false;
      as_cell = py::as_tuple(e)[1].is_tuple();
    }
    const py::TupleObject* ij = index_of(e, as_cell);
    if (ij == nullptr)
      return false;
    const std::int64_t i = (*ij)[0].as_int(), j = (*ij)[1].as_int();
    if (first) {
      s.min_i = s.max_i = i;
      s.min_j = s.max_j = j;
      first = false;
    } else {
      s.min_i = std::min(s.min_i, i);
      s.max_i = std::max(s.max_i, i);
      s.min_j = std::min(s.min_j, j);
      s.max_j = std::max(s.max_j, j);
    }
    return true;
  });
  if (uniform)
    s.form = as_cell ? PatchScan::kCells : PatchScan::kIndices;
  return s;
}

/// Python's `sum(x) // n` and friends need Python's floor division of ints.
std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

/// Neighbour offsets in the order dneighbors' and neighbors' frozensets iterate them.
constexpr std::array<std::array<std::int8_t, 2>, 8> kOffsets{
    {{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}};

// ---- the functions ----

/// The colours of `element` for mostcolor/leastcolor: `[v for r in element for v in r]` for
/// a tuple, `[v for v, _ in element]` otherwise.
py::Result<std::vector<Value>> element_values(const Value& element) {
  std::vector<Value> values;
  if (element.is_tuple()) {
    for (const Value& r : py::as_tuple(element)) {
      PY_TRY(py::Iter it, py::iter(r));
      while (const Value* v = it.next())
        values.push_back(*v);
    }
    return values;
  }
  PY_TRY(py::Iter it, py::iter(element));
  values.reserve(static_cast<std::size_t>(it.remaining()));
  while (const Value* e = it.next()) {
    Value v, rest;
    PY_CHECK(unpack2(*e, v, rest));
    values.push_back(std::move(v));
  }
  return values;
}

/// Distinct int colours in order of first appearance, with their counts.
struct ColourCounts {
  std::vector<std::int64_t> colours, counts;
  std::array<std::int32_t, 16> small{}; ///< for colours 0-15: 1 + their index in `colours`
  void add(std::int64_t c) {
    if (c >= 0 && c < 16) {
      std::int32_t& k = small[static_cast<std::size_t>(c)];
      if (k == 0) {
        colours.push_back(c);
        counts.push_back(0);
        k = static_cast<std::int32_t>(colours.size());
      }
      ++counts[static_cast<std::size_t>(k - 1)];
      return;
    }
    for (std::size_t k = 0; k < colours.size(); ++k)
      if (colours[k] == c) {
        ++counts[k];
        return;
      }
    colours.push_back(c);
    counts.push_back(1);
  }
  std::int64_t count_of(std::int64_t c) const {
    if (c >= 0 && c < 16)
      return counts[static_cast<std::size_t>(small[static_cast<std::size_t>(c)] - 1)];
    for (std::size_t k = 0; k < colours.size(); ++k)
      if (colours[k] == c)
        return counts[k];
    return 0;
  }
};

/// The colours of a grid of int rows, or of a frozenset of cells with int colours; false when
/// `element` is not one of those.
bool int_colour_counts(const Value& element, ColourCounts& cc) {
  if (element.is_tuple()) {
    for (const Value& r : py::as_tuple(element)) {
      if (!r.is_tuple())
        return false;
      for (const Value& v : py::as_tuple(r)) {
        if (!v.is(Kind::Int))
          return false;
        cc.add(v.as_int());
      }
    }
    return true;
  }
  if (!element.is_frozenset())
    return false;
  return each_in_set(py::as_set_table(element), [&](const Value& e) {
    if (!e.is_tuple() || py::as_tuple(e).size != 2 || !py::as_tuple(e)[0].is(Kind::Int))
      return false;
    cc.add(py::as_tuple(e)[0].as_int());
    return true;
  });
}

/// `max(set(values), key=values.count)` (most) or `min(...)`: the first value of the set's
/// iteration order with the largest (smallest) count.
Value most_or_least_colour(const Value& element, bool most) {
  ColourCounts cc;
  if (int_colour_counts(element, cc)) {
    // max()'s level, and its key calls one deeper.
    if (!frames_fit(cc.colours.empty() ? 1 : 2))
      return recursion_error();
    // set(values) holds the distinct values, inserted in order of first appearance.
    py::SetTable s;
    for (std::int64_t c : cc.colours)
      s.add(Value::integer(c));
    bool have = false;
    std::int64_t best = 0, best_count = 0;
    s.for_each([&](const Value& x) {
      const std::int64_t n = cc.count_of(x.as_int());
      if (!have || (most ? n > best_count : n < best_count)) {
        have = true;
        best = x.as_int();
        best_count = n;
      }
    });
    if (!have)
      return py::Error{Exc::ValueError, "arg is an empty sequence"};
    return Value::integer(best);
  }
  PY_TRY(std::vector<Value> values, element_values(element));
  py::SetTable s;
  for (const Value& v : values)
    s.add(v);
  // max(set(values), key=values.count): the builtin's level, its key calls one deeper.
  py::FrameGuard level;
  if (!level.ok() || (!s.empty() && !py::FrameGuard::fits(1)))
    return recursion_error();
  // values.count(x) for every element x, in one pass: each value equals exactly the element
  // of the set it was merged into (equal values hash alike; equality among the DSL's values
  // is transitive but for NaNs, which compare by identity).
  std::vector<std::int64_t> counts(static_cast<std::size_t>(s.mask() + 1), 0);
  for (const Value& v : values)
    ++counts[static_cast<std::size_t>(s.find(v))];
  const Value* best = nullptr;
  std::int64_t best_count = 0;
  for (std::int64_t i = 0; i <= s.mask(); ++i) {
    const py::SetEntry& e = s.slot(i);
    if (e.key.kind() == Kind::Unbound || e.key.kind() == Kind::Dummy)
      continue;
    const std::int64_t n = counts[static_cast<std::size_t>(i)];
    if (best == nullptr || (most ? n > best_count : n < best_count)) {
      best = &e.key;
      best_count = n;
    }
  }
  if (best == nullptr)
    return py::Error{Exc::ValueError, "arg is an empty sequence"};
  return *best;
}

// mostcolor(element: Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]]) -> int
Value mostcolor_impl(const Value* args, std::size_t) {
  return most_or_least_colour(args[0], true);
}

// leastcolor(element: Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]]) -> int
Value leastcolor_impl(const Value* args, std::size_t) {
  return most_or_least_colour(args[0], false);
}

/// height (rows) or width of a piece: `lowermost(piece) - uppermost(piece) + 1`.
Value extent(const Value& piece, bool rows) {
  PY_TRY(std::int64_t n, py::len(piece));
  if (n == 0)
    return Value::integer(0);
  if (piece.is_tuple()) {
    if (rows)
      return Value::integer(n);
    PY_TRY(Value first_row, py::getitem(piece, 0));
    PY_TRY(std::int64_t w, py::len(first_row));
    return Value::integer(w);
  }
  const PatchScan s = scan_patch(piece);
  std::int64_t span;
  if ((s.form == PatchScan::kCells || s.form == PatchScan::kIndices) &&
      !__builtin_sub_overflow(rows ? s.max_i : s.max_j, rows ? s.min_i : s.min_j, &span) &&
      span < INT64_MAX) {
    // lowermost/rightmost, then toindices and max() (comparing one deeper) inside it.
    if (!frames_fit(several_indices(s.min_i, s.max_i, s.min_j, s.max_j) ? 3 : 2))
      return recursion_error();
    return Value::integer(span + 1);
  }
  PY_TRY(Value hi, py::call(rows ? fn::lowermost : fn::rightmost, {piece}));
  PY_TRY(Value lo, py::call(rows ? fn::uppermost : fn::leftmost, {piece}));
  PY_TRY(Value d, py::sub(hi, lo));
  return py::add(d, Value::integer(1));
}

// height(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]) -> int
Value height_impl(const Value* args, std::size_t) {
  return extent(args[0], true);
}

// width(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]) -> int
Value width_impl(const Value* args, std::size_t) {
  return extent(args[0], false);
}

// shape(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]) -> Tuple[int, int]
Value shape_impl(const Value* args, std::size_t) {
  PY_TRY(Value h, py::call(fn::height, {args[0]}));
  PY_TRY(Value w, py::call(fn::width, {args[0]}));
  return pair(h, w);
}

// portrait(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]) -> bool
Value portrait_impl(const Value* args, std::size_t) {
  PY_TRY(Value h, py::call(fn::height, {args[0]}));
  PY_TRY(Value w, py::call(fn::width, {args[0]}));
  PY_TRY(bool taller, py::gt(h, w));
  return Value::boolean(taller);
}

/// `s.count(sub)` for strings (non-overlapping; an empty `sub` counts len(s) + 1).
std::int64_t str_count(std::string_view s, std::string_view sub) {
  if (sub.empty())
    return static_cast<std::int64_t>(s.size()) + 1;
  std::int64_t n = 0;
  for (std::size_t pos = s.find(sub); pos != std::string_view::npos;
       pos = s.find(sub, pos + sub.size()))
    ++n;
  return n;
}

// colorcount(element: Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]], value: int)
// -> int
Value colorcount_impl(const Value* args, std::size_t) {
  const Value& element = args[0];
  const Value& value = args[1];
  std::int64_t total = 0;
  if (element.is_tuple()) {
    // sum(row.count(value) for row in element)
    for (const Value& row : py::as_tuple(element)) {
      if (row.is_tuple()) {
        if (value.is(Kind::Int)) {
          for (const Value& v : py::as_tuple(row))
            if (v.is(Kind::Int) ? v.as_int() == value.as_int() : py::eq(v, value))
              ++total;
        } else {
          PY_TRY(std::int64_t n, py::count(row, value));
          total += n;
        }
      } else if (row.is(Kind::Str)) {
        if (!value.is(Kind::Str))
          return py::Error{Exc::TypeError, "must be str"};
        total += str_count(py::as_str(row), py::as_str(value));
      } else {
        return py::Error{Exc::AttributeError, "object has no attribute 'count'"};
      }
    }
    return Value::integer(total);
  }
  // sum(v == value for v, _ in element)
  PY_TRY(py::Iter it, py::iter(element));
  while (const Value* e = it.next()) {
    if (e->is_tuple() && py::as_tuple(*e).size == 2) {
      if (py::op_eq(py::as_tuple(*e)[0], value))
        ++total;
      continue;
    }
    Value v, rest;
    PY_CHECK(unpack2(*e, v, rest));
    if (py::op_eq(v, value))
      ++total;
  }
  return Value::integer(total);
}

// colorfilter(objs: FrozenSet[FrozenSet[Tuple[int, Tuple[int, int]]]], value: int) ->
// FrozenSet[FrozenSet[Tuple[int, Tuple[int, int]]]]
Value colorfilter_impl(const Value* args, std::size_t) {
  // frozenset(obj for obj in objs if next(iter(obj))[0] == value)
  PY_TRY(py::Iter it, py::iter(args[0]));
  py::SetTable t;
  while (const Value* obj = it.next()) {
    PY_TRY(py::Iter inner, py::iter(*obj));
    const Value* first = inner.next();
    if (first == nullptr) // StopIteration inside a generator expression becomes RuntimeError
      return py::Error{Exc::RuntimeError, "generator raised StopIteration"};
    PY_TRY(Value colour, py::getitem(*first, 0));
    if (py::op_eq(colour, args[1]))
      t.add(*obj);
  }
  return py::make_frozenset(std::move(t));
}

// sizefilter(container: Container, n: int) -> FrozenSet
Value sizefilter_impl(const Value* args, std::size_t) {
  // frozenset(item for item in container if len(item) == n)
  PY_TRY(py::Iter it, py::iter(args[0]));
  py::SetTable t;
  const Value& n = args[1];
  while (const Value* item = it.next()) {
    PY_TRY(std::int64_t size, py::len(*item));
    if (n.is(Kind::Int) ? size == n.as_int() : py::op_eq(Value::integer(size), n))
      t.add(*item);
  }
  return py::make_frozenset(std::move(t));
}

/// A frozenset holding every index of an h x w grid, inserted row by row. It depends only
/// on the shape, so for ARC's shapes it is made once and shared (immortal, like the pairs in
/// it); a frozenset's identity is never observed by the DSL.
Value all_indices(std::int64_t h, std::int64_t w) {
  auto build = [](std::int64_t rows, std::int64_t cols) {
    py::SetTable t;
    for (std::int64_t i = 0; i < rows; ++i)
      for (std::int64_t j = 0; j < cols; ++j)
        t.add(int_pair(i, j));
    return py::make_frozenset(std::move(t));
  };
  constexpr std::int64_t kSide = 32;
  if (h < 1 || w < 1 || h > kSide || w > kSide)
    return build(h, w);
  static std::atomic<py::Object*> cache[kSide + 1][kSide + 1];
  static std::mutex building;
  std::atomic<py::Object*>& slot = cache[h][w];
  py::Object* known = slot.load(std::memory_order_acquire);
  if (known == nullptr) {
    std::lock_guard<std::mutex> lock(building);
    known = slot.load(std::memory_order_acquire);
    if (known == nullptr) {
      Value fresh = build(h, w);
      (void)py::hash(fresh);
      known = fresh.object();
      known->immortal = true; // the cache keeps it for good: never freed
      slot.store(known, std::memory_order_release);
    }
  }
  return Value::share(known);
}

// asindices(grid: Tuple[Tuple[int]]) -> FrozenSet[Tuple[int, int]]
Value asindices_impl(const Value* args, std::size_t) {
  // frozenset((i, j) for i in range(len(grid)) for j in range(len(grid[0])))
  const Value& grid = args[0];
  PY_TRY(std::int64_t h, py::len(grid));
  if (h == 0)
    return py::empty_frozenset(); // grid[0] is never looked at
  PY_TRY(Value first_row, py::getitem(grid, 0));
  PY_TRY(std::int64_t w, py::len(first_row));
  return all_indices(h, w);
}

// ofcolor(grid: Tuple[Tuple[int]], value: int) -> FrozenSet[Tuple[int, int]]
Value ofcolor_impl(const Value* args, std::size_t) {
  // frozenset((i, j) for i, r in enumerate(grid) for j, v in enumerate(r) if v == value)
  const Value& grid = args[0];
  const Value& value = args[1];
  py::SetTable t;
  if (grid.is_tuple() && value.is(Kind::Int)) {
    const std::int64_t c = value.as_int();
    std::int64_t i = 0;
    bool fast = true;
    for (const Value& r : py::as_tuple(grid)) {
      if (!r.is_tuple()) {
        fast = false;
        break;
      }
      std::int64_t j = 0;
      for (const Value& v : py::as_tuple(r)) {
        if (v.is(Kind::Int) ? v.as_int() == c : py::op_eq(v, value))
          t.add(int_pair(i, j));
        ++j;
      }
      ++i;
    }
    if (fast)
      return py::make_frozenset(std::move(t));
    t = py::SetTable();
  }
  PY_TRY(py::Iter rows, py::iter(grid));
  std::int64_t i = 0;
  while (const Value* r = rows.next()) {
    PY_TRY(py::Iter it, py::iter(*r));
    std::int64_t j = 0;
    while (const Value* v = it.next()) {
      if (py::op_eq(*v, value))
        t.add(int_pair(i, j));
      ++j;
    }
    ++i;
  }
  return py::make_frozenset(std::move(t));
}

/// Which builtin a corner takes in each column: min or max.
enum class Pick : std::uint8_t { Min, Max };

/// `tuple(map(pick, zip(*toindices(patch))))` for ulcorner/lrcorner (`keyed` false: every
/// column takes `p0`), and urcorner/llcorner's `{0: p0, 1: p1}[k]` (a third column raises
/// KeyError there).
Value corner(const Value& patch, Pick p0, Pick p1, bool keyed) {
  const PatchScan s = scan_patch(patch);
  if (s.form != PatchScan::kOther) {
    // toindices; then per column (the lambda for urcorner and llcorner), min()/max(), and
    // its comparisons one deeper.
    int depth = 1;
    if (s.form != PatchScan::kEmpty)
      depth = (keyed ? 1 : 0) + (several_indices(s.min_i, s.max_i, s.min_j, s.max_j) ? 2 : 1);
    if (!frames_fit(std::max(depth, 1)))
      return recursion_error();
    if (s.form == PatchScan::kEmpty)
      return py::empty_tuple();
    const Pick q1 = keyed ? p1 : p0;
    return int_pair(p0 == Pick::Min ? s.min_i : s.max_i, q1 == Pick::Min ? s.min_j : s.max_j);
  }
  PY_TRY(Value indices, py::call(fn::toindices, {patch}));
  // zip(*indices): every argument is made an iterator up front.
  PY_TRY(std::vector<Value> members, py::to_list(indices));
  std::vector<std::vector<Value>> sources;
  sources.reserve(members.size());
  for (const Value& m : members) {
    PY_TRY(std::vector<Value> items, py::to_list(m));
    sources.push_back(std::move(items));
  }
  TupleOut out;
  if (sources.empty())
    return out.finish();
  for (std::size_t k = 0;; ++k) {
    std::vector<Value> column;
    column.reserve(sources.size());
    for (const auto& src : sources) {
      if (src.size() <= k)
        return out.finish();
      column.push_back(src[k]);
    }
    std::optional<py::FrameGuard> lambda; // urcorner's and llcorner's `lambda ix: ...`
    if (keyed) {
      lambda.emplace();
      if (!lambda->ok())
        return recursion_error();
      if (k >= 2)
        return py::Error{Exc::KeyError, "2"};
    }
    const Pick p = (keyed && k == 1) ? p1 : p0;
    PY_TRY(Value m, p == Pick::Min ? py::min_of_list(column) : py::max_of_list(column));
    out.push(std::move(m));
  }
}

// ulcorner(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// Tuple[int, int]
Value ulcorner_impl(const Value* args, std::size_t) {
  return corner(args[0], Pick::Min, Pick::Min, false);
}

// urcorner(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// Tuple[int, int]
Value urcorner_impl(const Value* args, std::size_t) {
  return corner(args[0], Pick::Min, Pick::Max, true);
}

// llcorner(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// Tuple[int, int]
Value llcorner_impl(const Value* args, std::size_t) {
  return corner(args[0], Pick::Max, Pick::Min, true);
}

// lrcorner(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// Tuple[int, int]
Value lrcorner_impl(const Value* args, std::size_t) {
  return corner(args[0], Pick::Max, Pick::Max, false);
}

/// `seq[start:stop]` with Python values as bounds (ints or None; anything else TypeError).
Value slice_by(const Value& seq, const Value& start, const Value& stop) {
  if (!seq.is_tuple() && !seq.is(Kind::Str))
    return py::Error{Exc::TypeError, "object is not subscriptable"};
  auto bound = [](const Value& v) -> py::Result<std::optional<std::int64_t>> {
    if (v.is_none())
      return std::optional<std::int64_t>{};
    if (v.is_int_like())
      return std::optional<std::int64_t>{v.as_int()};
    return py::Error{Exc::TypeError, "slice indices must be integers or None"};
  };
  PY_TRY(std::optional<std::int64_t> a, bound(start));
  PY_TRY(std::optional<std::int64_t> b, bound(stop));
  return py::getslice(seq, a, b);
}

// crop(grid: Tuple[Tuple[int]], start: Tuple[int, int], dims: Tuple[int, int]) -> Tuple[Tuple[int]]
Value crop_impl(const Value* args, std::size_t) {
  // tuple(r[start[1]:start[1]+dims[1]] for r in grid[start[0]:start[0]+dims[0]])
  const Value& grid = args[0];
  const Value& start = args[1];
  const Value& dims = args[2];
  PY_TRY(Value s0, py::getitem(start, 0));
  PY_TRY(Value d0, py::getitem(dims, 0));
  PY_TRY(Value e0, py::add(s0, d0));
  PY_TRY(Value rows, slice_by(grid, s0, e0));
  PY_TRY(py::Iter it, py::iter(rows));
  if (it.remaining() == 0)
    return py::empty_tuple(); // start[1] and dims[1] are never looked at
  PY_TRY(Value s1, py::getitem(start, 1));
  PY_TRY(Value d1, py::getitem(dims, 1));
  PY_TRY(Value e1, py::add(s1, d1));
  TupleOut out(static_cast<std::size_t>(it.remaining()));
  while (const Value* r = it.next()) {
    PY_TRY(Value piece, slice_by(*r, s1, e1));
    out.push(std::move(piece));
  }
  return out.finish();
}

// toindices(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// FrozenSet[Tuple[int, int]]
Value toindices_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  PY_TRY(std::int64_t n, py::len(patch));
  if (n == 0)
    return py::empty_frozenset();
  PY_TRY(bool cells, holds_cells(patch));
  if (!cells)
    return patch;
  // frozenset(index for value, index in patch)
  PY_TRY(py::Iter it, py::iter(patch));
  py::SetTable t;
  while (const Value* e = it.next()) {
    if (e->is_tuple() && py::as_tuple(*e).size == 2) {
      t.add(py::as_tuple(*e)[1]);
      continue;
    }
    Value v, index;
    PY_CHECK(unpack2(*e, v, index));
    t.add(std::move(index));
  }
  return py::make_frozenset(std::move(t));
}

// recolor(value: int, patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int,
// int]]]) -> FrozenSet[Tuple[int, Tuple[int, int]]]
Value recolor_impl(const Value* args, std::size_t) {
  // frozenset((value, index) for index in toindices(patch))
  PY_TRY(Value indices, py::call(fn::toindices, {args[1]}));
  PY_TRY(py::Iter it, py::iter(indices));
  py::SetTable t;
  while (const Value* index = it.next())
    t.add(cell_at(args[0], *index));
  return py::make_frozenset(std::move(t));
}

/// `a + b` for the coordinates of shift and friends: ints directly.
Value add_coord(const Value& a, const Value& b) {
  std::int64_t r;
  if (a.is(Kind::Int) && b.is(Kind::Int) && !__builtin_add_overflow(a.as_int(), b.as_int(), &r))
    return Value::integer(r);
  return py::add(a, b);
}

// shift(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]],
// directions: Tuple[int, int]) -> Union[FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]
Value shift_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  PY_TRY(std::int64_t n, py::len(patch));
  if (n == 0)
    return patch;
  Value di, dj;
  PY_CHECK(unpack2(args[1], di, dj));
  PY_TRY(bool cells, holds_cells(patch));
  PY_TRY(py::Iter it, py::iter(patch));
  py::SetTable t;
  const bool int_offsets = di.is(Kind::Int) && dj.is(Kind::Int);
  while (const Value* e = it.next()) {
    if (int_offsets) {
      // The common shape, with no failure possible short of overflow.
      if (const py::TupleObject* ij = index_of(*e, cells)) {
        std::int64_t i, j;
        if (!__builtin_add_overflow((*ij)[0].as_int(), di.as_int(), &i) &&
            !__builtin_add_overflow((*ij)[1].as_int(), dj.as_int(), &j)) {
          t.add(cells ? int_cell(py::as_tuple(*e)[0], i, j) : int_pair(i, j));
          continue;
        }
      }
    }
    Value value, ij, i, j;
    if (cells) {
      // for value, (i, j) in patch
      PY_CHECK(unpack2(*e, value, ij));
      PY_CHECK(unpack2(ij, i, j));
    } else {
      PY_CHECK(unpack2(*e, i, j));
    }
    PY_TRY(Value ni, add_coord(i, di));
    PY_TRY(Value nj, add_coord(j, dj));
    Value index = pair(ni, nj);
    t.add(cells ? cell(value, index) : std::move(index));
  }
  return py::make_frozenset(std::move(t));
}

// normalize(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]
Value normalize_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  PY_TRY(std::int64_t n, py::len(patch));
  if (n == 0)
    return patch;
  // shift(patch, (-uppermost(patch), -leftmost(patch)))
  const PatchScan s = scan_patch(patch);
  if ((s.form == PatchScan::kCells || s.form == PatchScan::kIndices) && s.min_i > INT64_MIN &&
      s.min_j > INT64_MIN) {
    // uppermost, then toindices and min() (comparing one deeper) inside it.
    if (!frames_fit(several_indices(s.min_i, s.max_i, s.min_j, s.max_j) ? 3 : 2))
      return recursion_error();
    return py::call(fn::shift, {patch, int_pair(-s.min_i, -s.min_j)});
  }
  PY_TRY(Value top, py::call(fn::uppermost, {patch}));
  PY_TRY(Value ntop, py::neg(top));
  PY_TRY(Value left, py::call(fn::leftmost, {patch}));
  PY_TRY(Value nleft, py::neg(left));
  return py::call(fn::shift, {patch, pair(ntop, nleft)});
}

/// dneighbors / ineighbors: the set display of four pairs `(loc[0] + a, loc[1] + b)` (an
/// offset of 0 leaves loc's item itself), evaluated left to right, copied into a frozenset.
Value neighbour_display(const Value& loc, std::size_t from) {
  py::SetTable s;
  if (loc.is_tuple() && py::as_tuple(loc).size == 2 && py::as_tuple(loc)[0].is(Kind::Int) &&
      py::as_tuple(loc)[1].is(Kind::Int)) {
    const std::int64_t i = py::as_tuple(loc)[0].as_int(), j = py::as_tuple(loc)[1].as_int();
    if (i > INT64_MIN && i < INT64_MAX && j > INT64_MIN && j < INT64_MAX) {
      for (std::size_t k = from; k < from + 4; ++k)
        s.add(int_pair(i + kOffsets[k][0], j + kOffsets[k][1]));
      return py::frozenset_of_set(s);
    }
  }
  Value items[2];
  bool have[2] = {false, false};
  auto item = [&](int k) -> Value {
    if (!have[k]) {
      Value v = py::getitem(loc, k);
      if (!v.ok())
        return v;
      items[k] = std::move(v);
      have[k] = true;
    }
    return items[k];
  };
  auto moved = [](const Value& v, int offset) -> Value {
    if (offset == 0)
      return v;
    return offset < 0 ? py::sub(v, Value::integer(1)) : py::add(v, Value::integer(1));
  };
  for (std::size_t k = from; k < from + 4; ++k) {
    PY_TRY(Value a, item(0));
    PY_TRY(Value x, moved(a, kOffsets[k][0]));
    PY_TRY(Value b, item(1));
    PY_TRY(Value y, moved(b, kOffsets[k][1]));
    s.add(pair(x, y));
  }
  return py::frozenset_of_set(s);
}

// dneighbors(loc: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value dneighbors_impl(const Value* args, std::size_t) {
  return neighbour_display(args[0], 0);
}

// ineighbors(loc: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value ineighbors_impl(const Value* args, std::size_t) {
  return neighbour_display(args[0], 4);
}

// neighbors(loc: Tuple[int, int]) -> FrozenSet[Tuple[int, int]]
Value neighbors_impl(const Value* args, std::size_t) {
  PY_TRY(Value d, py::call(fn::dneighbors, {args[0]}));
  PY_TRY(Value i, py::call(fn::ineighbors, {args[0]}));
  return py::make_frozenset(py::SetTable::union_of(py::as_set_table(d), py::as_set_table(i)));
}

/// `grid[loc[0]][loc[1]]`.
Value grid_at(const Value& grid, const Value& loc) {
  PY_TRY(Value i, py::getitem(loc, 0));
  PY_TRY(Value row, py::getitem(grid, i));
  PY_TRY(Value j, py::getitem(loc, 1));
  return py::getitem(row, j);
}

/// objects() over any values, statement by statement.
Value objects_generic(const Value& grid, const Value& univalued, const Value& diagonal,
                      const Value& without_bg) {
  Value bg = Value::none();
  if (py::truthy(without_bg)) {
    PY_TRY(Value m, py::call(fn::mostcolor, {grid}));
    bg = std::move(m);
  }
  py::SetTable objs, occupied;
  PY_TRY(std::int64_t h, py::len(grid));
  PY_TRY(Value first_row, py::getitem(grid, 0));
  PY_TRY(std::int64_t w, py::len(first_row));
  PY_TRY(Value unvisited, py::call(fn::asindices, {grid}));
  const py::Builtin& diagfun = py::truthy(diagonal) ? fn::neighbors : fn::dneighbors;
  PY_TRY(py::Iter locs, py::iter(unvisited));
  while (const Value* loc = locs.next()) {
    if (occupied.contains(*loc))
      continue;
    PY_TRY(Value val, grid_at(grid, *loc));
    if (py::op_eq(val, bg))
      continue;
    py::SetTable obj;
    obj.add(cell(val, *loc));
    py::SetTable cands;
    cands.add(*loc);
    while (cands.size() > 0) {
      py::SetTable neighborhood;
      for (std::int64_t s = 0; s <= cands.mask(); ++s) {
        const Value& cand = cands.slot(s).key;
        if (cand.kind() == Kind::Unbound || cand.kind() == Kind::Dummy)
          continue;
        PY_TRY(Value v, grid_at(grid, cand));
        const bool take = py::truthy(univalued) ? py::op_eq(val, v) : py::op_ne(v, bg);
        if (!take)
          continue;
        obj.add(cell(v, cand));
        occupied.add(cand);
        PY_TRY(Value around, py::call(diagfun, {cand}));
        py::SetTable near;
        PY_TRY(py::Iter it, py::iter(around));
        while (const Value* e = it.next()) {
          Value i, j;
          PY_CHECK(unpack2(*e, i, j));
          PY_TRY(bool row_ok, in_range(i, h));
          if (!row_ok)
            continue;
          PY_TRY(bool col_ok, in_range(j, w));
          if (col_ok)
            near.add(pair(i, j));
        }
        neighborhood.merge(near);
      }
      cands = py::SetTable::difference(neighborhood, occupied);
    }
    objs.add(py::make_frozenset(py::SetTable::copy_of(obj)));
  }
  return py::make_frozenset(py::SetTable::copy_of(objs));
}

/// objects() of a grid of ints: the same statements, run by the shared simulation of their
/// set operations on cell numbers (battgpu/dialects/objects_sim.hpp: same slots as CPython's,
/// so the same iteration order), the cells then placed into the slots it computed; the nested
/// calls' failures (mostcolor's, and RecursionError near the limit) where Python meets them.
Value objects_ints(const Value& grid, const IntGrid& g, bool univalued, bool diagonal,
                   bool without_bg) {
  bool has_bg = false;
  std::int64_t bg = 0;
  if (without_bg) {
    PY_TRY(Value m, py::call(fn::mostcolor, {grid}));
    has_bg = true;
    bg = m.as_int(); // the grid's ints: mostcolor returns one of them
  }
  if (!frames_fit(1)) // asindices
    return recursion_error();
  // The first cell the loop starts an object from calls diagfun (neighbors calls dneighbors).
  const bool starts_object = !has_bg || std::any_of(g.cells.begin(), g.cells.end(),
                                                    [&](std::int64_t v) { return v != bg; });
  if (starts_object && !frames_fit(diagonal ? 2 : 1))
    return recursion_error();
  Value objs =
      dialects::objects_of_int_grid(py::Dialect::ArcDsl, dialects::ObjectsShape::FrozenSet,
                                    g.cells.data(), g.h, g.w, univalued, diagonal, has_bg, bg);
  if (!objs.is_bound())
    return objects_generic(grid, Value::boolean(univalued), Value::boolean(diagonal),
                           Value::boolean(without_bg));
  return objs;
}

// objects(grid: Tuple[Tuple[int]], univalued: bool, diagonal: bool, without_bg: bool) ->
// FrozenSet[FrozenSet[Tuple[int, Tuple[int, int]]]]
Value objects_impl(const Value* args, std::size_t) {
  IntGrid g;
  if (read_int_grid(args[0], g))
    return objects_ints(args[0], g, py::truthy(args[1]), py::truthy(args[2]), py::truthy(args[3]));
  return objects_generic(args[0], args[1], args[2], args[3]);
}

/// `frozenset((v, (i, j)) for i, r in enumerate(grid) for j, v in enumerate(r) if v == value)`
Value cells_of_colour(const Value& grid, const Value& value) {
  py::SetTable inner;
  if (grid.is_tuple() && value.is(Kind::Int)) {
    bool fast = true;
    std::int64_t i = 0;
    for (const Value& r : py::as_tuple(grid)) {
      if (!r.is_tuple()) {
        fast = false;
        break;
      }
      std::int64_t j = 0;
      for (const Value& v : py::as_tuple(r)) {
        if (v.is(Kind::Int) ? v.as_int() == value.as_int() : py::op_eq(v, value))
          inner.add(int_cell(v, i, j));
        ++j;
      }
      ++i;
    }
    if (fast)
      return py::make_frozenset(std::move(inner));
    inner = py::SetTable();
  }
  PY_TRY(py::Iter rows, py::iter(grid));
  std::int64_t i = 0;
  while (const Value* r = rows.next()) {
    PY_TRY(py::Iter it, py::iter(*r));
    std::int64_t j = 0;
    while (const Value* v = it.next()) {
      if (py::op_eq(*v, value))
        inner.add(int_cell(*v, i, j));
      ++j;
    }
    ++i;
  }
  return py::make_frozenset(std::move(inner));
}

// partition(grid: Tuple[Tuple[int]]) -> FrozenSet[FrozenSet[Tuple[int, Tuple[int, int]]]]
Value partition_impl(const Value* args, std::size_t) {
  PY_TRY(Value colours, py::call(fn::palette, {args[0]}));
  py::SetTable outer;
  const py::SetTable& t = py::as_set_table(colours);
  for (std::int64_t s = 0; s <= t.mask(); ++s) {
    const Value& value = t.slot(s).key;
    if (value.kind() == Kind::Unbound || value.kind() == Kind::Dummy)
      continue;
    PY_TRY(Value part, cells_of_colour(args[0], value));
    outer.add(std::move(part));
  }
  return py::make_frozenset(std::move(outer));
}

// fgpartition(grid: Tuple[Tuple[int]]) -> FrozenSet[FrozenSet[Tuple[int, Tuple[int, int]]]]
Value fgpartition_impl(const Value* args, std::size_t) {
  // palette(grid) - {mostcolor(grid)}
  PY_TRY(Value colours, py::call(fn::palette, {args[0]}));
  PY_TRY(Value bg, py::call(fn::mostcolor, {args[0]}));
  py::SetTable one;
  one.add(std::move(bg));
  const py::SetTable rest = py::SetTable::difference(py::as_set_table(colours), one);
  py::SetTable outer;
  for (std::int64_t s = 0; s <= rest.mask(); ++s) {
    const Value& value = rest.slot(s).key;
    if (value.kind() == Kind::Unbound || value.kind() == Kind::Dummy)
      continue;
    PY_TRY(Value part, cells_of_colour(args[0], value));
    outer.add(std::move(part));
  }
  return py::make_frozenset(std::move(outer));
}

/// `min(i for i, j in toindices(patch))` and its siblings: `column` 0 reads i, 1 reads j.
Value patch_extreme(const Value& patch, int column, bool want_max) {
  const PatchScan s = scan_patch(patch);
  if (s.form == PatchScan::kCells || s.form == PatchScan::kIndices) {
    // toindices, then min()/max(), comparing one deeper.
    if (!frames_fit(several_indices(s.min_i, s.max_i, s.min_j, s.max_j) ? 2 : 1))
      return recursion_error();
    if (column == 0)
      return Value::integer(want_max ? s.max_i : s.min_i);
    return Value::integer(want_max ? s.max_j : s.min_j);
  }
  PY_TRY(Value indices, py::call(fn::toindices, {patch}));
  PY_TRY(py::Iter it, py::iter(indices));
  py::FrameGuard level; // the builtin's
  if (!level.ok())
    return recursion_error();
  const bool compare_fits = py::FrameGuard::fits(1);
  Value best;
  bool have = false;
  while (const Value* e = it.next()) {
    Value ij[2];
    PY_CHECK(unpack2(*e, ij[0], ij[1]));
    Value& k = ij[column];
    if (!have) {
      best = std::move(k);
      have = true;
      continue;
    }
    if (!compare_fits)
      return recursion_error();
    PY_TRY(bool better, py::compare(k, best, want_max ? py::CompareOp::Gt : py::CompareOp::Lt));
    if (better)
      best = std::move(k);
  }
  if (!have)
    return py::Error{Exc::ValueError, "arg is an empty sequence"};
  return best;
}

// uppermost(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// int
Value uppermost_impl(const Value* args, std::size_t) {
  return patch_extreme(args[0], 0, false);
}

// lowermost(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// int
Value lowermost_impl(const Value* args, std::size_t) {
  return patch_extreme(args[0], 0, true);
}

// leftmost(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> int
Value leftmost_impl(const Value* args, std::size_t) {
  return patch_extreme(args[0], 1, false);
}

// rightmost(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// int
Value rightmost_impl(const Value* args, std::size_t) {
  return patch_extreme(args[0], 1, true);
}

// square(piece: Union[Tuple[Tuple[int]], FrozenSet[Tuple[int, Tuple[int, int]]],
// FrozenSet[Tuple[int, int]]]) -> bool
Value square_impl(const Value* args, std::size_t) {
  const Value& piece = args[0];
  if (piece.is_tuple()) {
    // len(piece) == len(piece[0])
    PY_TRY(Value first_row, py::getitem(piece, 0));
    PY_TRY(std::int64_t w, py::len(first_row));
    return Value::boolean(static_cast<std::int64_t>(py::as_tuple(piece).size) == w);
  }
  // height(piece) * width(piece) == len(piece) and height(piece) == width(piece)
  PY_TRY(Value h, py::call(fn::height, {piece}));
  PY_TRY(Value w, py::call(fn::width, {piece}));
  PY_TRY(Value area, py::mul(h, w));
  PY_TRY(std::int64_t n, py::len(piece));
  if (!py::op_eq(area, Value::integer(n)))
    return Value::boolean(false);
  PY_TRY(Value h2, py::call(fn::height, {piece}));
  PY_TRY(Value w2, py::call(fn::width, {piece}));
  return Value::boolean(py::op_eq(h2, w2));
}

/// vline (`height(patch) == len(patch) and width(patch) == 1`) and hline (the other way).
Value line(const Value& patch, bool vertical) {
  PY_TRY(Value along, py::call(vertical ? fn::height : fn::width, {patch}));
  PY_TRY(std::int64_t n, py::len(patch));
  if (!py::op_eq(along, Value::integer(n)))
    return Value::boolean(false);
  PY_TRY(Value across, py::call(vertical ? fn::width : fn::height, {patch}));
  return Value::boolean(py::op_eq(across, Value::integer(1)));
}

// vline(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> bool
Value vline_impl(const Value* args, std::size_t) {
  return line(args[0], true);
}

// hline(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> bool
Value hline_impl(const Value* args, std::size_t) {
  return line(args[0], false);
}

/// The int pairs of a uniform patch (cells or indices), in iteration order.
void collect_indices(const Value& patch, std::vector<std::array<std::int64_t, 2>>& out) {
  const py::SetTable& t = py::as_set_table(patch);
  out.reserve(static_cast<std::size_t>(t.size()));
  bool as_cell = false;
  bool first = true;
  each_in_set(t, [&](const Value& e) {
    if (first) {
      as_cell = py::as_tuple(e)[1].is_tuple();
      first = false;
    }
    const py::TupleObject* ij = index_of(e, as_cell);
    out.push_back({(*ij)[0].as_int(), (*ij)[1].as_int()});
    return true;
  });
}

bool uniform(const PatchScan& s) {
  return s.form == PatchScan::kCells || s.form == PatchScan::kIndices ||
         s.form == PatchScan::kEmpty;
}

/// hmatching (column 0) and vmatching (column 1):
/// `len(set(i for i, j in toindices(a)) & set(i for i, j in toindices(b))) > 0`.
Value matching(const Value& a, const Value& b, int column) {
  if (uniform(scan_patch(a)) && uniform(scan_patch(b))) {
    if (!frames_fit(1))
      return recursion_error();
    std::vector<std::array<std::int64_t, 2>> xa, xb;
    if (!py::as_set_table(a).empty())
      collect_indices(a, xa);
    if (!py::as_set_table(b).empty())
      collect_indices(b, xb);
    std::vector<std::int64_t> keys;
    keys.reserve(xa.size());
    for (const auto& ij : xa)
      keys.push_back(ij[static_cast<std::size_t>(column)]);
    std::sort(keys.begin(), keys.end());
    for (const auto& ij : xb)
      if (std::binary_search(keys.begin(), keys.end(), ij[static_cast<std::size_t>(column)]))
        return Value::boolean(true);
    return Value::boolean(false);
  }
  py::SetTable sets[2];
  for (int k = 0; k < 2; ++k) {
    PY_TRY(Value indices, py::call(fn::toindices, {k == 0 ? a : b}));
    PY_TRY(py::Iter it, py::iter(indices));
    while (const Value* e = it.next()) {
      Value ij[2];
      PY_CHECK(unpack2(*e, ij[0], ij[1]));
      sets[k].add(std::move(ij[column]));
    }
  }
  return Value::boolean(!py::SetTable::intersection(sets[0], sets[1]).empty());
}

// hmatching(a: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], b:
// Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> bool
Value hmatching_impl(const Value* args, std::size_t) {
  return matching(args[0], args[1], 0);
}

// vmatching(a: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], b:
// Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> bool
Value vmatching_impl(const Value* args, std::size_t) {
  return matching(args[0], args[1], 1);
}

// manhattan(a: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], b:
// Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> int
Value manhattan_impl(const Value* args, std::size_t) {
  // min(abs(ai - bi) + abs(aj - bj) for ai, aj in toindices(a) for bi, bj in toindices(b))
  const Value& a = args[0];
  const Value& b = args[1];
  if (uniform(scan_patch(a)) && uniform(scan_patch(b))) {
    // toindices(a), then min(), under which toindices(b) and the comparisons run one deeper.
    if (!frames_fit(py::as_set_table(a).empty() ? 1 : 2))
      return recursion_error();
    std::vector<std::array<std::int64_t, 2>> xa, xb;
    if (!py::as_set_table(a).empty())
      collect_indices(a, xa);
    if (!py::as_set_table(b).empty())
      collect_indices(b, xb);
    bool have = false;
    std::int64_t best = 0;
    bool small = true; // coordinates small enough for the differences not to overflow
    for (const auto* xs : {&xa, &xb})
      for (const auto& ij : *xs)
        small = small && ij[0] > -(std::int64_t{1} << 60) && ij[0] < (std::int64_t{1} << 60) &&
                ij[1] > -(std::int64_t{1} << 60) && ij[1] < (std::int64_t{1} << 60);
    if (small) {
      for (const auto& p : xa)
        for (const auto& q : xb) {
          const std::int64_t d = std::abs(p[0] - q[0]) + std::abs(p[1] - q[1]);
          if (!have || d < best) {
            best = d;
            have = true;
          }
        }
      if (!have)
        return py::Error{Exc::ValueError, "min() arg is an empty sequence"};
      return Value::integer(best);
    }
  }
  PY_TRY(Value ia, py::call(fn::toindices, {a}));
  PY_TRY(py::Iter outer, py::iter(ia));
  py::FrameGuard level; // min()'s: the generator, and so toindices(b), runs under it
  if (!level.ok())
    return recursion_error();
  const bool compare_fits = py::FrameGuard::fits(1);
  Value ib;
  Value best;
  bool have = false;
  while (const Value* ea = outer.next()) {
    Value ai, aj;
    PY_CHECK(unpack2(*ea, ai, aj));
    if (!ib.is_bound()) {
      PY_TRY(Value x, py::call(fn::toindices, {b}));
      ib = std::move(x);
    }
    PY_TRY(py::Iter inner, py::iter(ib));
    while (const Value* eb = inner.next()) {
      Value bi, bj;
      PY_CHECK(unpack2(*eb, bi, bj));
      PY_TRY(Value di, py::sub(ai, bi));
      PY_TRY(Value adi, py::abs(di));
      PY_TRY(Value dj, py::sub(aj, bj));
      PY_TRY(Value adj, py::abs(dj));
      PY_TRY(Value d, py::add(adi, adj));
      if (!have) {
        best = std::move(d);
        have = true;
        continue;
      }
      if (!compare_fits)
        return recursion_error();
      PY_TRY(bool less, py::lt(d, best));
      if (less)
        best = std::move(d);
    }
  }
  if (!have)
    return py::Error{Exc::ValueError, "min() arg is an empty sequence"};
  return best;
}

// adjacent(a: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], b:
// Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) -> bool
Value adjacent_impl(const Value* args, std::size_t) {
  PY_TRY(Value d, py::call(fn::manhattan, {args[0], args[1]}));
  return Value::boolean(py::op_eq(d, Value::integer(1)));
}

// bordering(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], grid:
// Tuple[Tuple[int]]) -> bool
Value bordering_impl(const Value* args, std::size_t) {
  const Value& patch = args[0];
  const Value& grid = args[1];
  PY_TRY(Value top, py::call(fn::uppermost, {patch}));
  if (py::op_eq(top, Value::integer(0)))
    return Value::boolean(true);
  PY_TRY(Value left, py::call(fn::leftmost, {patch}));
  if (py::op_eq(left, Value::integer(0)))
    return Value::boolean(true);
  PY_TRY(Value bottom, py::call(fn::lowermost, {patch}));
  PY_TRY(std::int64_t h, py::len(grid));
  if (py::op_eq(bottom, Value::integer(h - 1)))
    return Value::boolean(true);
  PY_TRY(Value right, py::call(fn::rightmost, {patch}));
  PY_TRY(Value first_row, py::getitem(grid, 0));
  PY_TRY(std::int64_t w, py::len(first_row));
  return Value::boolean(py::op_eq(right, Value::integer(w - 1)));
}

// centerofmass(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]]) ->
// Tuple[int, int]
Value centerofmass_impl(const Value* args, std::size_t) {
  // tuple(map(lambda x: sum(x) // len(patch), zip(*toindices(patch))))
  const Value& patch = args[0];
  PY_TRY(Value indices, py::call(fn::toindices, {patch}));
  const PatchScan s = scan_patch(indices);
  if (s.form == PatchScan::kIndices) {
    if (!frames_fit(1)) // the lambda
      return recursion_error();
    std::int64_t si = 0, sj = 0;
    bool fits = true;
    each_in_set(py::as_set_table(indices), [&](const Value& e) {
      fits = fits && !__builtin_add_overflow(si, py::as_tuple(e)[0].as_int(), &si) &&
             !__builtin_add_overflow(sj, py::as_tuple(e)[1].as_int(), &sj);
      return fits;
    });
    if (fits) {
      PY_TRY(std::int64_t n, py::len(patch));
      return int_pair(floor_div(si, n), floor_div(sj, n));
    }
  }
  PY_TRY(std::vector<Value> members, py::to_list(indices));
  std::vector<std::vector<Value>> sources;
  sources.reserve(members.size());
  for (const Value& m : members) {
    PY_TRY(std::vector<Value> items, py::to_list(m));
    sources.push_back(std::move(items));
  }
  TupleOut out;
  if (sources.empty())
    return out.finish();
  for (std::size_t k = 0;; ++k) {
    TupleOut column(sources.size());
    for (const auto& src : sources) {
      if (src.size() <= k)
        return out.finish();
      column.push(src[k]);
    }
    py::FrameGuard lambda; // `lambda x: sum(x) // len(patch)`
    if (!lambda.ok())
      return recursion_error();
    PY_TRY(Value total, py::sum(column.finish()));
    PY_TRY(std::int64_t n, py::len(patch));
    PY_TRY(Value q, py::floordiv(total, Value::integer(n)));
    out.push(std::move(q));
  }
}

// palette(element: Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]]) ->
// FrozenSet[int]
Value palette_impl(const Value* args, std::size_t) {
  const Value& element = args[0];
  py::SetTable s;
  if (element.is_tuple()) {
    // frozenset({v for r in element for v in r})
    std::uint64_t seen = 0; // small ints already added: adding them again changes nothing
    for (const Value& r : py::as_tuple(element)) {
      if (r.is_tuple()) {
        for (const Value& v : py::as_tuple(r)) {
          if (v.is(Kind::Int) && v.as_int() >= 0 && v.as_int() < 64) {
            const std::uint64_t bit = std::uint64_t{1} << v.as_int();
            if ((seen & bit) != 0)
              continue;
            seen |= bit;
          }
          s.add(v);
        }
        continue;
      }
      PY_TRY(py::Iter it, py::iter(r));
      while (const Value* v = it.next())
        s.add(*v);
    }
    return py::frozenset_of_set(s);
  }
  // frozenset({v for v, _ in element})
  PY_TRY(py::Iter it, py::iter(element));
  while (const Value* e = it.next()) {
    if (e->is_tuple() && py::as_tuple(*e).size == 2) {
      s.add(py::as_tuple(*e)[0]);
      continue;
    }
    Value v, rest;
    PY_CHECK(unpack2(*e, v, rest));
    s.add(std::move(v));
  }
  return py::frozenset_of_set(s);
}

// numcolors(element: Union[FrozenSet[Tuple[int, Tuple[int, int]]], Tuple[Tuple[int]]]) ->
// FrozenSet[int]
Value numcolors_impl(const Value* args, std::size_t) {
  PY_TRY(Value colours, py::call(fn::palette, {args[0]}));
  return Value::integer(py::as_set_table(colours).size());
}

// color(obj: FrozenSet[Tuple[int, Tuple[int, int]]]) -> int
Value color_impl(const Value* args, std::size_t) {
  PY_TRY(Value first, first_of(args[0]));
  return py::getitem(first, 0);
}

// toobject(patch: Union[FrozenSet[Tuple[int, Tuple[int, int]]], FrozenSet[Tuple[int, int]]], grid:
// Tuple[Tuple[int]]) -> FrozenSet[Tuple[int, Tuple[int, int]]]
Value toobject_impl(const Value* args, std::size_t) {
  const Value& grid = args[1];
  PY_TRY(std::int64_t h, py::len(grid));
  PY_TRY(Value first_row, py::getitem(grid, 0));
  PY_TRY(std::int64_t w, py::len(first_row));
  // frozenset((grid[i][j], (i, j)) for i, j in toindices(patch) if 0 <= i < h and 0 <= j < w)
  PY_TRY(Value indices, py::call(fn::toindices, {args[0]}));
  PY_TRY(py::Iter it, py::iter(indices));
  py::SetTable t;
  while (const Value* e = it.next()) {
    if (grid.is_tuple()) {
      if (const py::TupleObject* ij = index_of(*e, false)) {
        const std::int64_t i = (*ij)[0].as_int(), j = (*ij)[1].as_int();
        if (i < 0 || i >= h || j < 0 || j >= w)
          continue;
        const Value& row = py::as_tuple(grid)[static_cast<std::size_t>(i)];
        if (row.is_tuple() && j < static_cast<std::int64_t>(py::as_tuple(row).size)) {
          t.add(cell_at(py::as_tuple(row)[static_cast<std::size_t>(j)], *e));
          continue;
        }
      }
    }
    Value i, j;
    PY_CHECK(unpack2(*e, i, j));
    PY_TRY(bool row_ok, in_range(i, h));
    if (!row_ok)
      continue;
    PY_TRY(bool col_ok, in_range(j, w));
    if (!col_ok)
      continue;
    PY_TRY(Value row, py::getitem(grid, i));
    PY_TRY(Value v, py::getitem(row, j));
    t.add(cell(v, pair(i, j)));
  }
  return py::make_frozenset(std::move(t));
}

// asobject(grid: Tuple[Tuple[int]]) -> FrozenSet[Tuple[int, Tuple[int, int]]]
Value asobject_impl(const Value* args, std::size_t) {
  // frozenset((v, (i, j)) for i, r in enumerate(grid) for j, v in enumerate(r))
  PY_TRY(py::Iter rows, py::iter(args[0]));
  py::SetTable t;
  std::int64_t i = 0;
  while (const Value* r = rows.next()) {
    PY_TRY(py::Iter it, py::iter(*r));
    std::int64_t j = 0;
    while (const Value* v = it.next())
      t.add(int_cell(*v, i, j++));
    ++i;
  }
  return py::make_frozenset(std::move(t));
}

} // namespace

namespace fn {
constinit const py::Builtin mostcolor{"mostcolor",     py::Dialect::ArcDsl,        1, 1,
                                      &mostcolor_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin leastcolor{"leastcolor",     py::Dialect::ArcDsl,        1, 1,
                                       &leastcolor_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin height{"height", py::Dialect::ArcDsl, 1,
                                   1,        &height_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin width{"width", py::Dialect::ArcDsl, 1,
                                  1,       &width_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin shape{"shape", py::Dialect::ArcDsl, 1,
                                  1,       &shape_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin portrait{"portrait", py::Dialect::ArcDsl, 1,
                                     1,          &portrait_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin colorcount{"colorcount",     py::Dialect::ArcDsl,        2, 2,
                                       &colorcount_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin colorfilter{"colorfilter",     py::Dialect::ArcDsl,        2, 2,
                                        &colorfilter_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin sizefilter{"sizefilter",     py::Dialect::ArcDsl,        2, 2,
                                       &sizefilter_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin asindices{"asindices",     py::Dialect::ArcDsl,        1, 1,
                                      &asindices_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin ofcolor{"ofcolor", py::Dialect::ArcDsl, 2,
                                    2,         &ofcolor_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin ulcorner{"ulcorner", py::Dialect::ArcDsl, 1,
                                     1,          &ulcorner_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin urcorner{"urcorner", py::Dialect::ArcDsl, 1,
                                     1,          &urcorner_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin llcorner{"llcorner", py::Dialect::ArcDsl, 1,
                                     1,          &llcorner_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin lrcorner{"lrcorner", py::Dialect::ArcDsl, 1,
                                     1,          &lrcorner_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin crop{"crop", py::Dialect::ArcDsl, 3,
                                 3,      &crop_impl,          py::SafeDefault::EmptyTuple};
constinit const py::Builtin toindices{"toindices",     py::Dialect::ArcDsl,        1, 1,
                                      &toindices_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin recolor{"recolor", py::Dialect::ArcDsl, 2,
                                    2,         &recolor_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin shift{"shift", py::Dialect::ArcDsl, 2,
                                  2,       &shift_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin normalize{"normalize",     py::Dialect::ArcDsl,        1, 1,
                                      &normalize_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin dneighbors{"dneighbors",     py::Dialect::ArcDsl,        1, 1,
                                       &dneighbors_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin ineighbors{"ineighbors",     py::Dialect::ArcDsl,        1, 1,
                                       &ineighbors_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin neighbors{"neighbors",     py::Dialect::ArcDsl,        1, 1,
                                      &neighbors_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin objects{"objects", py::Dialect::ArcDsl, 4,
                                    4,         &objects_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin partition{"partition",     py::Dialect::ArcDsl,        1, 1,
                                      &partition_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin fgpartition{"fgpartition",     py::Dialect::ArcDsl,        1, 1,
                                        &fgpartition_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin uppermost{"uppermost",     py::Dialect::ArcDsl,        1, 1,
                                      &uppermost_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin lowermost{"lowermost",     py::Dialect::ArcDsl,        1, 1,
                                      &lowermost_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin leftmost{"leftmost", py::Dialect::ArcDsl, 1,
                                     1,          &leftmost_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin rightmost{"rightmost",     py::Dialect::ArcDsl,        1, 1,
                                      &rightmost_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin square{"square", py::Dialect::ArcDsl, 1,
                                   1,        &square_impl,        py::SafeDefault::EmptyTuple};
constinit const py::Builtin vline{"vline", py::Dialect::ArcDsl, 1,
                                  1,       &vline_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin hline{"hline", py::Dialect::ArcDsl, 1,
                                  1,       &hline_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin hmatching{"hmatching",     py::Dialect::ArcDsl,        2, 2,
                                      &hmatching_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin vmatching{"vmatching",     py::Dialect::ArcDsl,        2, 2,
                                      &vmatching_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin manhattan{"manhattan",     py::Dialect::ArcDsl,        2, 2,
                                      &manhattan_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin adjacent{"adjacent", py::Dialect::ArcDsl, 2,
                                     2,          &adjacent_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin bordering{"bordering",     py::Dialect::ArcDsl,        2, 2,
                                      &bordering_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin centerofmass{"centerofmass",     py::Dialect::ArcDsl,        1, 1,
                                         &centerofmass_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin palette{"palette", py::Dialect::ArcDsl, 1,
                                    1,         &palette_impl,       py::SafeDefault::EmptyTuple};
constinit const py::Builtin numcolors{"numcolors",     py::Dialect::ArcDsl,        1, 1,
                                      &numcolors_impl, py::SafeDefault::EmptyTuple};
constinit const py::Builtin color{"color", py::Dialect::ArcDsl, 1,
                                  1,       &color_impl,         py::SafeDefault::EmptyTuple};
constinit const py::Builtin toobject{"toobject", py::Dialect::ArcDsl, 2,
                                     2,          &toobject_impl,      py::SafeDefault::EmptyTuple};
constinit const py::Builtin asobject{"asobject", py::Dialect::ArcDsl, 1,
                                     1,          &asobject_impl,      py::SafeDefault::EmptyTuple};
} // namespace fn

namespace {
const py::Builtin* const kFamily[] = {
    &fn::mostcolor,   &fn::leastcolor, &fn::height,      &fn::width,        &fn::shape,
    &fn::portrait,    &fn::colorcount, &fn::colorfilter, &fn::sizefilter,   &fn::asindices,
    &fn::ofcolor,     &fn::ulcorner,   &fn::urcorner,    &fn::llcorner,     &fn::lrcorner,
    &fn::crop,        &fn::toindices,  &fn::recolor,     &fn::shift,        &fn::normalize,
    &fn::dneighbors,  &fn::ineighbors, &fn::neighbors,   &fn::objects,      &fn::partition,
    &fn::fgpartition, &fn::uppermost,  &fn::lowermost,   &fn::leftmost,     &fn::rightmost,
    &fn::square,      &fn::vline,      &fn::hline,       &fn::hmatching,    &fn::vmatching,
    &fn::manhattan,   &fn::adjacent,   &fn::bordering,   &fn::centerofmass, &fn::palette,
    &fn::numcolors,   &fn::color,      &fn::toobject,    &fn::asobject,
};
} // namespace

std::span<const py::Builtin* const> patches_family() {
  return kFamily;
}

} // namespace battgpu::dialects::arc_dsl
