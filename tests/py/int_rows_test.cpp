// Rows marked as holding ints only (TupleObject::ints_only): the grid functions that read the
// mark must give what they give on the same grid unmarked, and those that mark their results
// must mark only rows of ints.
#include "battgpu/dialects/module.hpp"
#include "battgpu/py/call.hpp"
#include "battgpu/py/canonical.hpp"
#include "battgpu/py/compare.hpp"
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace py = battgpu::py;
using py::Value;

namespace {

/// A grid of h rows of w cells from `cell(i, j)`, its rows marked or not.
template <class Cell> Value grid_of(std::int64_t h, std::int64_t w, bool marked, Cell cell) {
  Value rows = py::new_tuple(static_cast<std::size_t>(h));
  for (std::int64_t i = 0; i < h; ++i) {
    Value row = py::new_tuple(static_cast<std::size_t>(w));
    for (std::int64_t j = 0; j < w; ++j)
      py::tuple_items(row)[j] = cell(i, j);
    if (marked)
      py::mark_ints_only(row);
    py::tuple_items(rows)[i] = std::move(row);
  }
  return rows;
}

/// Whether every tuple reachable from `v` (grids and their rows, tuples of them) that is marked
/// holds ints only; counts the marked ones.
bool marks_hold(const Value& v, std::size_t& marked) {
  if (!v.is_tuple())
    return true;
  const py::TupleObject& t = py::as_tuple(v);
  if (t.ints_only) {
    ++marked;
    for (const Value& item : t)
      if (!item.is(py::Kind::Int))
        return false;
  }
  for (const Value& item : t)
    if (!marks_hold(item, marked))
      return false;
  return true;
}

struct Case {
  const char* function;
  std::vector<Value> extra; ///< the arguments after the grid
};

TEST(IntRows, GridFunctionsGiveOnMarkedRowsWhatTheyGiveUnmarked) {
  const auto& tok = battgpu::dialects::module(py::Dialect::Tokpidjin);
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> side(1, 12), colour(0, 9), odd(0, 19);
  std::size_t cases = 0, marked_results = 0;
  for (int round = 0; round < 400; ++round) {
    const std::int64_t h = side(rng), w = side(rng);
    // A few grids hold a cell of another kind (a bool, a float, None, a tuple): their rows
    // must never come out marked.
    const bool mixed = odd(rng) == 0;
    std::vector<int> cells(static_cast<std::size_t>(h * w));
    for (int& c : cells)
      c = colour(rng);
    const auto cell = [&](std::int64_t i, std::int64_t j) {
      const int c = cells[static_cast<std::size_t>(i * w + j)];
      if (mixed && i == h / 2 && j == w / 2)
        switch (c % 4) {
        case 0:
          return Value::boolean(true);
        case 1:
          return Value::floating(1.0);
        case 2:
          return Value::none();
        default:
          return py::tuple_of({Value::integer(c)});
        }
      return Value::integer(c);
    };
    const Value marked = grid_of(h, w, !mixed, cell);
    const Value plain = grid_of(h, w, false, cell);
    ASSERT_EQ(py::hash(marked), py::hash(plain));
    ASSERT_TRUE(py::eq(marked, plain));
    const Value patch = py::call(*tok.find("f_ofcolor"), {plain, Value::integer(colour(rng))});
    const std::vector<Case> each = {
        {"rot90", {}},
        {"rot180", {}},
        {"rot270", {}},
        {"dmirror_t", {}},
        {"cmirror_t", {}},
        {"vmirror_t", {}},
        {"hmirror_t", {}},
        {"lefthalf", {}},
        {"righthalf", {}},
        {"tophalf", {}},
        {"p_g", {}},
        {"hconcat", {marked}},
        {"vconcat", {marked}},
        {"replace", {Value::integer(colour(rng)), Value::integer(colour(rng))}},
        {"replace", {Value::integer(colour(rng)), Value::floating(2.5)}},
        {"cellwise", {Value::none(), Value::integer(-1)}},
        {"cellwise", {Value::none(), Value::floating(0.5)}},
        {"cellwise", {plain, Value::integer(7)}},
        {"f_ofcolor", {Value::integer(colour(rng))}},
        {"fill", {Value::integer(colour(rng)), patch}},
        {"fill", {Value::boolean(false), patch}},
        {"objects", {Value::boolean(true), Value::boolean(false), Value::boolean(true)}},
        {"o_g", {Value::integer(round % 8)}},
    };
    for (const Case& c : each) {
      std::vector<Value> on_marked{marked}, on_plain{plain};
      on_marked.insert(on_marked.end(), c.extra.begin(), c.extra.end());
      on_plain.insert(on_plain.end(), c.extra.begin(), c.extra.end());
      const Value f = *tok.find(c.function);
      const Value a = py::call(f, on_marked.data(), on_marked.size());
      const Value b = py::call(f, on_plain.data(), on_plain.size());
      ASSERT_EQ(a.ok(), b.ok()) << c.function << " round " << round;
      if (!a.ok())
        continue;
      EXPECT_EQ(py::to_canonical(a), py::to_canonical(b)) << c.function << " round " << round;
      EXPECT_TRUE(py::eq(a, b)) << c.function << " round " << round;
      std::size_t marked_here = 0;
      EXPECT_TRUE(marks_hold(a, marked_here)) << c.function << " marked a row of non-ints";
      std::size_t marked_plain = 0;
      EXPECT_TRUE(marks_hold(b, marked_plain)) << c.function << " marked a row of non-ints";
      marked_results += marked_here;
      ++cases;
    }
  }
  std::cout << "int rows: " << cases << " cases matched, " << marked_results
            << " marked rows in their results\n";
  EXPECT_GT(marked_results, 0u); // the marks do travel
}

TEST(IntRows, ComparingMarkedRowsAtTheRecursionLimitStillRaises) {
  // Each item comparison of a row takes a recursion level unless the items are one object
  // (CPython's small ints are): near the limit a marked row of large ints must fail as an
  // unmarked one does, not compare by value.
  const auto row = [](bool marked) {
    Value r = py::new_tuple(3);
    for (int j = 0; j < 3; ++j)
      py::tuple_items(r)[j] = Value::integer(100000 + j);
    if (marked)
      py::mark_ints_only(r);
    return r;
  };
  const Value a = row(true), b = row(true), c = row(false), d = row(false);
  EXPECT_TRUE(py::eq(a, b));
  EXPECT_TRUE(py::eq(c, d));
  // The comparison's own level fits; its items' do not.
  const int room = py::kRecursionLimit - py::FrameGuard::base_depth() - py::FrameGuard::depth();
  py::FrameGuard at_the_limit(room - 1);
  const bool marked_equal = py::eq(a, b);
  const bool marked_too_deep = py::take_comparison_too_deep();
  const bool plain_equal = py::eq(c, d);
  const bool plain_too_deep = py::take_comparison_too_deep();
  EXPECT_TRUE(plain_too_deep);
  EXPECT_EQ(marked_equal, plain_equal);
  EXPECT_EQ(marked_too_deep, plain_too_deep);
}

} // namespace
