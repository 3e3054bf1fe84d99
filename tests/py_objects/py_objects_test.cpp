// Object extraction of the Python dialects (issue 13) on the CPU: the shared simulation
// (battgpu/dialects/objects_sim.hpp), as the dialects' own functions and the batch runtime's
// CPU path run it, against the Python loop of `objects` run statement by statement over
// py::SetTable with the dialect's own asindices, dneighbors, neighbors and mostcolor; results
// compared as text with every frozenset listed in its iteration order. Every ARC training grid
// (inputs and outputs) and random grids, in all 8 modes, for both dialects and every result
// form; which calls objects_request takes; the runtime's statistics.
#include "oracle.hpp"

#include "battgpu/dialects/module.hpp"
#include "battgpu/dialects/objects_request.hpp"
#include "battgpu/py/py.hpp"
#include "battgpu/runtime/config.hpp"
#include "battgpu/runtime/py_objects.hpp"
#include "battgpu/runtime/stats.hpp"
#include "battgpu/tasks/task.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace battgpu;
using dialects::ObjectsShape;
using py::Value;

constexpr py::Dialect kDialects[] = {py::Dialect::Tokpidjin, py::Dialect::ArcDsl};

/// A grid of ints as Python's tuple of row tuples.
Value py_grid(const std::vector<std::int64_t>& cells, std::int64_t h, std::int64_t w) {
  Value rows = py::new_tuple(static_cast<std::size_t>(h));
  for (std::int64_t i = 0; i < h; ++i) {
    Value row = py::new_tuple(static_cast<std::size_t>(w));
    for (std::int64_t j = 0; j < w; ++j)
      py::tuple_items(row)[j] = Value::integer(cells[static_cast<std::size_t>(i * w + j)]);
    py::tuple_items(rows)[i] = std::move(row);
  }
  return rows;
}

const Value& dsl_function(py::Dialect dialect, const char* name) {
  const Value* f = dialects::module(dialect).find(name);
  if (f == nullptr)
    throw std::runtime_error(std::string("no DSL function ") + name);
  return *f;
}

Value call(py::Dialect dialect, const char* name, std::initializer_list<Value> args) {
  return py::call(dsl_function(dialect, name), args);
}

/// The dialect's cell of colour `v` at `loc`: tokpidjin's (i, j, v), arc-dsl's (v, (i, j)).
Value cell(py::Dialect dialect, const Value& v, const Value& loc) {
  const py::TupleObject& ij = py::as_tuple(loc);
  if (dialect == py::Dialect::Tokpidjin)
    return py::tuple_of({ij[0], ij[1], v});
  return py::tuple_of({v, loc});
}

Value item(const Value& x, std::int64_t k) {
  return py::getitem(x, k);
}

/// The Python loop of `objects` (the same in both dialects' dsl.py), statement by statement:
/// the oracle. `shape` TupleOfTuples is tokpidjin's objects_t, TupleOfFrozenSets arc-dsl's
/// o_g_t (`tuple(objects(...))`).
Value python_loop(py::Dialect dialect, const Value& grid, int mode, ObjectsShape shape) {
  const bool univalued = (mode & 4) != 0, diagonal = (mode & 2) != 0, without_bg = (mode & 1) != 0;
  const bool tuples = shape == ObjectsShape::TupleOfTuples;
  const Value bg =
      without_bg
          ? call(dialect, dialect == py::Dialect::Tokpidjin ? "mostcolor_t" : "mostcolor", {grid})
          : Value::none();
  py::SetTable objs, occupied;
  std::vector<Value> objs_t;
  const std::int64_t h = *py::len(grid);
  const std::int64_t w = *py::len(item(grid, 0));
  const Value unvisited = call(dialect, "asindices", {grid});
  const char* diagfun = diagonal ? "neighbors" : "dneighbors";
  py::Iter locs = *py::iter(unvisited);
  while (const Value* loc = locs.next()) {
    if (occupied.contains(*loc))
      continue;
    const py::TupleObject& lij = py::as_tuple(*loc);
    const Value val = item(item(grid, lij[0].as_int()), lij[1].as_int());
    if (py::op_eq(val, bg))
      continue;
    py::SetTable obj;
    std::vector<Value> obj_t;
    if (!tuples)
      obj.add(cell(dialect, val, *loc));
    py::SetTable cands;
    cands.add(*loc);
    while (cands.size() > 0) {
      py::SetTable neighborhood;
      for (std::int64_t s = 0; s <= cands.mask(); ++s) {
        const Value& cand = cands.slot(s).key;
        if (cand.kind() == py::Kind::Unbound || cand.kind() == py::Kind::Dummy)
          continue;
        const py::TupleObject& ij = py::as_tuple(cand);
        const Value v = item(item(grid, ij[0].as_int()), ij[1].as_int());
        if (!(univalued ? py::op_eq(val, v) : py::op_ne(v, bg)))
          continue;
        if (tuples)
          obj_t.push_back(cell(dialect, v, cand));
        else
          obj.add(cell(dialect, v, cand));
        occupied.add(cand);
        // neighborhood |= {(i, j) for i, j in diagfun(cand) if 0 <= i < h and 0 <= j < w}
        const Value around = call(dialect, diagfun, {cand});
        py::SetTable comp;
        py::Iter it = *py::iter(around);
        while (const Value* e = it.next()) {
          const std::int64_t i = py::as_tuple(*e)[0].as_int(), j = py::as_tuple(*e)[1].as_int();
          if (0 <= i && i < h && 0 <= j && j < w)
            comp.add(py::tuple_of({Value::integer(i), Value::integer(j)}));
        }
        neighborhood.merge(comp);
      }
      cands = py::SetTable::difference(neighborhood, occupied);
    }
    if (tuples)
      objs_t.push_back(py::tuple_of(obj_t));
    else
      objs.add(py::make_frozenset(py::SetTable::copy_of(obj)));
  }
  if (tuples)
    return py::tuple_of(objs_t);
  Value result = py::make_frozenset(py::SetTable::copy_of(objs));
  if (shape == ObjectsShape::TupleOfFrozenSets)
    return py::to_tuple(result);
  return result;
}

std::string canon(const Value& v) {
  return py::to_canonical(v, py::SetListing::IterationOrder);
}

/// The dialect's own function for a shape and mode: objects / objects_t (flags as bools) or
/// arc-dsl's o_g_t; and o_g for the frozensets.
Value dialect_call(py::Dialect dialect, const Value& grid, int mode, ObjectsShape shape) {
  const Value u = Value::boolean(mode & 4), d = Value::boolean(mode & 2),
              b = Value::boolean(mode & 1);
  switch (shape) {
  case ObjectsShape::FrozenSet:
    return call(dialect, "objects", {grid, u, d, b});
  case ObjectsShape::TupleOfTuples:
    return call(dialect, "objects_t", {grid, u, d, b});
  case ObjectsShape::TupleOfFrozenSets:
    return call(dialect, "o_g_t", {grid, Value::integer(mode)});
  }
  return Value();
}

std::vector<ObjectsShape> shapes_of(py::Dialect dialect) {
  if (dialect == py::Dialect::Tokpidjin)
    return {ObjectsShape::FrozenSet, ObjectsShape::TupleOfTuples};
  return {ObjectsShape::FrozenSet, ObjectsShape::TupleOfFrozenSets};
}

struct Grid {
  std::string label;
  std::int64_t h = 0, w = 0;
  std::vector<std::int64_t> cells;
  Value value;
};

/// Every path on every grid, mode, dialect and shape; the number of mismatches (the first few
/// reported). The batch runtime's CPU path takes all requests in one call.
std::size_t check_all(const std::vector<Grid>& grids, std::size_t& compared) {
  std::size_t mismatches = 0;
  std::vector<runtime::PyObjectsRequest> requests;
  std::vector<std::string> expected, labels;
  std::vector<std::vector<std::int8_t>> small(grids.size());
  auto report = [&](const std::string& what, const std::string& want, const std::string& got) {
    if (++mismatches <= 5)
      ADD_FAILURE() << what << "\n  python loop: " << want.substr(0, 400)
                    << "\n  got:         " << got.substr(0, 400);
  };
  for (std::size_t g = 0; g < grids.size(); ++g) {
    const Grid& grid = grids[g];
    std::uint32_t h = 0, w = 0;
    const bool batchable = dialects::read_small_grid(grid.value, small[g], h, w);
    for (py::Dialect dialect : kDialects)
      for (ObjectsShape shape : shapes_of(dialect))
        for (int mode = 0; mode < 8; ++mode) {
          const std::string want = canon(python_loop(dialect, grid.value, mode, shape));
          const std::string what = grid.label + " " + std::string(dialects::dialect_name(dialect)) +
                                   " mode " + std::to_string(mode) + " shape " +
                                   std::to_string(static_cast<int>(shape));
          const std::string got = canon(dialect_call(dialect, grid.value, mode, shape));
          ++compared;
          if (got != want)
            report(what + " (the dialect's function)", want, got);
          if (shape == ObjectsShape::FrozenSet) {
            const std::string by_code =
                canon(call(dialect, "o_g", {grid.value, Value::integer(mode)}));
            ++compared;
            if (by_code != want)
              report(what + " (o_g)", want, by_code);
          }
          if (!batchable)
            continue;
          runtime::PyObjectsRequest r;
          r.cells = small[g].data();
          r.h = h;
          r.w = w;
          r.mode = static_cast<std::uint8_t>(mode);
          r.dialect = dialect;
          r.shape = shape;
          requests.push_back(r);
          expected.push_back(want);
          labels.push_back(what);
        }
  }
  const std::vector<Value> batch =
      runtime::batch_py_objects(requests, runtime::BatchOptions{runtime::Path::Cpu});
  EXPECT_EQ(batch.size(), requests.size());
  for (std::size_t k = 0; k < batch.size(); ++k) {
    ++compared;
    const std::string got = canon(batch[k]);
    if (got != expected[k])
      report(labels[k] + " (batch CPU path)", expected[k], got);
  }
  return mismatches;
}

std::vector<Grid> training_grids() {
  std::vector<Grid> grids;
  const auto dir = battgpu::testing::shared_dir();
  if (!dir)
    return grids;
  const auto loaded = tasks::load_tasks(*dir / "arc-agi" / "training");
  for (const auto& task : loaded.tasks) {
    int k = 0;
    for (const auto* pairs : {&task.train, &task.test})
      for (const auto& pair : *pairs) {
        for (const dsl::Grid* g : {&pair.input, pair.output ? &*pair.output : nullptr}) {
          if (g == nullptr)
            continue;
          Grid grid;
          grid.label = task.id + "#" + std::to_string(k++);
          grid.h = g->height();
          grid.w = g->width();
          grid.cells.assign(g->cells(), g->cells() + g->cell_count());
          grid.value = py_grid(grid.cells, grid.h, grid.w);
          grids.push_back(std::move(grid));
        }
      }
  }
  return grids;
}

/// Random grids of 1x1 to max_side x max_side in 1 to 10 colours: noise over a background of
/// random weight, so that objects of every size occur. With `palette` the colours are drawn
/// from it instead of 0..9.
std::vector<Grid> random_grids(std::size_t count, std::uint64_t seed, int max_side,
                               const std::vector<std::int64_t>& palette = {}) {
  std::mt19937_64 rng(seed);
  std::vector<Grid> grids;
  for (std::size_t n = 0; n < count; ++n) {
    Grid g;
    g.h = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(max_side)) + 1;
    g.w = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(max_side)) + 1;
    const int colours = static_cast<int>(rng() % 10) + 1;
    std::vector<std::int64_t> pick;
    for (int c = 0; c < colours; ++c)
      pick.push_back(palette.empty() ? static_cast<std::int64_t>(rng() % 10)
                                     : palette[rng() % palette.size()]);
    const double background = static_cast<double>(rng() % 1000) / 1000.0;
    std::uniform_real_distribution<double> unit(0, 1);
    for (std::int64_t k = 0; k < g.h * g.w; ++k)
      g.cells.push_back(unit(rng) < background ? pick[0] : pick[rng() % pick.size()]);
    g.label = "random#" + std::to_string(n) + " (" + std::to_string(g.h) + "x" +
              std::to_string(g.w) + ")";
    g.value = py_grid(g.cells, g.h, g.w);
    grids.push_back(std::move(g));
  }
  return grids;
}

TEST(SharedSimulation, EveryTrainingGridMatchesThePythonLoop) {
  const std::vector<Grid> grids = training_grids();
  if (grids.empty())
    GTEST_SKIP() << "../shared/arc-agi/training is absent";
  std::size_t compared = 0;
  EXPECT_EQ(check_all(grids, compared), 0u);
  std::printf("training grids: %zu, results compared: %zu\n", grids.size(), compared);
}

TEST(SharedSimulation, RandomGridsMatchThePythonLoop) {
  const std::vector<Grid> grids = random_grids(1500, 20261126, 40);
  std::size_t compared = 0;
  EXPECT_EQ(check_all(grids, compared), 0u);
  std::printf("random grids: %zu, results compared: %zu\n", grids.size(), compared);
}

TEST(SharedSimulation, SmallIntsOutsideArcColours) {
  // Negative colours (-1 hashes as -2), the ends of the batch path's range, and colours whose
  // hashes collide modulo small tables.
  const std::vector<Grid> grids =
      random_grids(400, 77, 24, {-128, -2, -1, 0, 1, 8, 16, 24, 32, 100, 127});
  std::size_t compared = 0;
  EXPECT_EQ(check_all(grids, compared), 0u);
}

TEST(SharedSimulation, LargeIntsOnTheDialectsOwnPath) {
  // Colours the batch path does not take (read_small_grid refuses them): the dialects' fast
  // paths run the simulation on 64-bit colours.
  const std::vector<Grid> grids =
      random_grids(200, 99, 16,
                   {1000, -1000, 128, -129, std::int64_t{1} << 40, (std::int64_t{1} << 61) - 1,
                    (std::int64_t{1} << 61) + 5, -(std::int64_t{1} << 62), 3});
  std::size_t compared = 0;
  EXPECT_EQ(check_all(grids, compared), 0u);
  for (const Grid& g : grids) {
    std::vector<std::int8_t> cells;
    std::uint32_t h = 0, w = 0;
    const bool small = std::all_of(g.cells.begin(), g.cells.end(),
                                   [](std::int64_t v) { return v >= -128 && v <= 127; });
    EXPECT_EQ(dialects::read_small_grid(g.value, cells, h, w), small) << g.label;
  }
}

TEST(SharedSimulation, LargeGrids) {
  // Up to 128 x 128: the largest grids the batch path (and the GPU) takes.
  std::vector<Grid> grids = random_grids(12, 5, 128);
  for (const auto& [h, w] : {std::pair{128, 128}, std::pair{1, 128}, std::pair{128, 1}}) {
    Grid g;
    g.h = h;
    g.w = w;
    for (int k = 0; k < h * w; ++k)
      g.cells.push_back((k / 7 + k % 3) % 4);
    g.label = "pattern " + std::to_string(h) + "x" + std::to_string(w);
    g.value = py_grid(g.cells, g.h, g.w);
    grids.push_back(std::move(g));
  }
  std::size_t compared = 0;
  EXPECT_EQ(check_all(grids, compared), 0u);
}

TEST(SharedSimulation, HugeGridsOnTheDialectsOwnPath) {
  // Past 65536 cells the host first tries smaller tables and retries with the bound when one
  // overflows: in mode 0 the whole grid is one object, whose table outgrows the first try; in
  // mode 4 noise in two colours gives thousands of objects.
  std::mt19937_64 rng(260);
  Grid g;
  g.h = g.w = 260;
  for (std::int64_t k = 0; k < g.h * g.w; ++k)
    g.cells.push_back(static_cast<std::int64_t>(rng() % 2) * 700);
  g.value = py_grid(g.cells, g.h, g.w);
  for (py::Dialect dialect : kDialects)
    for (int mode : {0, 4}) {
      const std::string want =
          canon(python_loop(dialect, g.value, mode, dialects::ObjectsShape::FrozenSet));
      EXPECT_EQ(canon(dialect_call(dialect, g.value, mode, dialects::ObjectsShape::FrozenSet)),
                want)
          << dialects::dialect_name(dialect) << " mode " << mode;
    }
}

TEST(SharedSimulation, FrozenSetHashesAreCPythons) {
  // materialise_objects stores each object's hash as it computes it: it must be the table's.
  const std::vector<Grid> grids = random_grids(100, 3, 30);
  for (const Grid& g : grids)
    for (py::Dialect dialect : kDialects)
      for (int mode = 0; mode < 8; ++mode) {
        const Value objs = call(dialect, "o_g", {g.value, Value::integer(mode)});
        ASSERT_TRUE(objs.is_frozenset());
        py::as_set_table(objs).for_each([&](const Value& obj) {
          EXPECT_EQ(py::hash(obj), py::as_set_table(obj).frozenset_hash()) << g.label;
        });
      }
}

// ---- which calls are object extractions ----

Value rbind(py::Dialect dialect, const char* function, const Value& fixed) {
  return call(dialect, "rbind", {dsl_function(dialect, function), fixed});
}

TEST(ObjectsRequest, RecognisesTheExtractions) {
  const Value grid = py_grid({1, 0, 0, 2}, 2, 2);
  const Value T = Value::boolean(true), F = Value::boolean(false);
  struct Case {
    py::Dialect dialect;
    Value callee;
    std::vector<Value> args;
    bool taken;
    int mode;
    ObjectsShape shape;
  };
  using enum py::Dialect;
  const std::vector<Case> cases = {
      {Tokpidjin,
       dsl_function(Tokpidjin, "o_g"),
       {grid, Value::integer(5)},
       true,
       5,
       ObjectsShape::FrozenSet},
      {Tokpidjin, dsl_function(Tokpidjin, "o_g"), {grid, T}, true, 1, ObjectsShape::FrozenSet},
      {Tokpidjin,
       dsl_function(Tokpidjin, "o_g"),
       {grid, Value::integer(8)},
       false,
       0,
       ObjectsShape::FrozenSet},
      {Tokpidjin,
       dsl_function(Tokpidjin, "o_g"),
       {grid, Value::floating(3.0)},
       false,
       0,
       ObjectsShape::FrozenSet},
      {Tokpidjin, dsl_function(Tokpidjin, "o_g"), {grid}, false, 0, ObjectsShape::FrozenSet},
      {Tokpidjin,
       dsl_function(Tokpidjin, "o_g_t"),
       {grid, Value::integer(7)},
       true,
       7,
       ObjectsShape::TupleOfTuples},
      {Tokpidjin,
       dsl_function(Tokpidjin, "objects"),
       {grid, T, F, T},
       true,
       5,
       ObjectsShape::FrozenSet},
      {Tokpidjin,
       dsl_function(Tokpidjin, "objects_t"),
       {grid, F, T, Value::integer(0)},
       true,
       2,
       ObjectsShape::TupleOfTuples},
      {Tokpidjin,
       rbind(Tokpidjin, "o_g", Value::integer(5)),
       {grid},
       true,
       5,
       ObjectsShape::FrozenSet},
      {Tokpidjin,
       rbind(Tokpidjin, "o_g_t", Value::integer(3)),
       {grid},
       true,
       3,
       ObjectsShape::TupleOfTuples},
      {Tokpidjin,
       rbind(Tokpidjin, "o_g", Value::integer(9)),
       {grid},
       false,
       0,
       ObjectsShape::FrozenSet},
      {Tokpidjin,
       rbind(Tokpidjin, "o_g", Value::integer(5)),
       {grid, grid},
       false,
       0,
       ObjectsShape::FrozenSet},
      {Tokpidjin,
       rbind(Tokpidjin, "shift", Value::integer(5)),
       {grid},
       false,
       0,
       ObjectsShape::FrozenSet},
      {Tokpidjin,
       dsl_function(Tokpidjin, "shift"),
       {grid, grid},
       false,
       0,
       ObjectsShape::FrozenSet},
      {ArcDsl,
       dsl_function(ArcDsl, "o_g"),
       {grid, Value::integer(13)},
       true,
       5,
       ObjectsShape::FrozenSet},
      {ArcDsl,
       dsl_function(ArcDsl, "o_g"),
       {grid, Value::integer(-1)},
       true,
       7,
       ObjectsShape::FrozenSet},
      {ArcDsl, dsl_function(ArcDsl, "o_g"), {grid, T}, true, 1, ObjectsShape::FrozenSet},
      {ArcDsl,
       dsl_function(ArcDsl, "o_g"),
       {grid, Value::floating(1.0)},
       false,
       0,
       ObjectsShape::FrozenSet},
      {ArcDsl,
       dsl_function(ArcDsl, "o_g_t"),
       {grid, Value::integer(6)},
       true,
       6,
       ObjectsShape::TupleOfFrozenSets},
      {ArcDsl, dsl_function(ArcDsl, "objects"), {grid, T, T, F}, true, 6, ObjectsShape::FrozenSet},
      {ArcDsl, rbind(ArcDsl, "o_g", Value::integer(4)), {grid}, true, 4, ObjectsShape::FrozenSet},
      {ArcDsl, rbind(ArcDsl, "objects", T), {grid, T, T}, false, 0, ObjectsShape::FrozenSet},
  };
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const Case& c = cases[k];
    const auto r = dialects::objects_request(c.callee, c.args.data(), c.args.size());
    ASSERT_EQ(r.has_value(), c.taken) << "case " << k;
    if (!r)
      continue;
    EXPECT_EQ(r->dialect, c.dialect) << "case " << k;
    EXPECT_EQ(r->mode, c.mode) << "case " << k;
    EXPECT_EQ(r->shape, c.shape) << "case " << k;
    EXPECT_EQ(r->grid, &c.args[0]) << "case " << k;
    EXPECT_TRUE(dialects::may_extract_objects(c.callee)) << "case " << k;
    // The batch's value is py::call's.
    std::vector<std::int8_t> cells;
    runtime::PyObjectsRequest req;
    ASSERT_TRUE(dialects::read_small_grid(*r->grid, cells, req.h, req.w));
    req.cells = cells.data();
    req.mode = r->mode;
    req.dialect = r->dialect;
    req.shape = r->shape;
    const std::vector<Value> got =
        runtime::batch_py_objects({&req, 1}, runtime::BatchOptions{runtime::Path::Cpu});
    EXPECT_EQ(canon(got.at(0)), canon(py::call(c.callee, c.args.data(), c.args.size())))
        << "case " << k;
  }
}

TEST(ObjectsRequest, RefusesCallsNearTheRecursionLimit) {
  const Value grid = py_grid({1, 0, 0, 2}, 2, 2);
  const Value args[2] = {grid, Value::integer(5)};
  const Value& o_g = dsl_function(py::Dialect::Tokpidjin, "o_g");
  EXPECT_TRUE(dialects::objects_request(o_g, args, 2).has_value());
  py::FrameGuard::set_base_depth(py::kRecursionLimit - 10);
  EXPECT_FALSE(dialects::objects_request(o_g, args, 2).has_value());
  py::FrameGuard::set_base_depth(3);
  EXPECT_TRUE(dialects::objects_request(o_g, args, 2).has_value());
}

TEST(ObjectsRequest, ReadsOnlyWellFormedSmallGrids) {
  std::vector<std::int8_t> cells{42};
  std::uint32_t h = 0, w = 0;
  const Value row = py::tuple_of({Value::integer(1), Value::integer(2)});
  const Value ragged = py::tuple_of({row, py::tuple_of({Value::integer(1)})});
  const Value with_bool = py::tuple_of({py::tuple_of({Value::integer(1), Value::boolean(true)})});
  const Value wide = py::tuple_of({py::tuple_of({Value::integer(128)})});
  for (const Value& bad : {Value::none(), py::empty_tuple(), py::tuple_of({py::empty_tuple()}),
                           ragged, with_bool, wide, py::tuple_of({Value::integer(1)})}) {
    EXPECT_FALSE(dialects::read_small_grid(bad, cells, h, w));
    EXPECT_EQ(cells.size(), 1u); // nothing appended
  }
  EXPECT_TRUE(dialects::read_small_grid(py::tuple_of({row, row}), cells, h, w));
  EXPECT_EQ(h, 2u);
  EXPECT_EQ(w, 2u);
  EXPECT_EQ(cells, (std::vector<std::int8_t>{42, 1, 2, 1, 2}));
  // More than 128 x 128 cells: not for the batch path.
  std::vector<std::int64_t> big(129 * 128, 0);
  cells.clear();
  EXPECT_FALSE(dialects::read_small_grid(py_grid(big, 129, 128), cells, h, w));
}

TEST(PyObjectsBatch, StatisticsAndTheCpuPath) {
  const std::vector<Grid> grids = random_grids(50, 11, 30);
  std::vector<std::vector<std::int8_t>> cells(grids.size());
  std::vector<runtime::PyObjectsRequest> requests;
  for (std::size_t g = 0; g < grids.size(); ++g) {
    runtime::PyObjectsRequest r;
    ASSERT_TRUE(dialects::read_small_grid(grids[g].value, cells[g], r.h, r.w));
    r.cells = cells[g].data();
    r.mode = static_cast<std::uint8_t>(g % 8);
    requests.push_back(r);
  }
  runtime::reset_stats();
  const runtime::PyObjectsLayouts layouts =
      runtime::batch_py_objects_layouts(requests, runtime::BatchOptions{runtime::Path::Cpu});
  ASSERT_EQ(layouts.size(), requests.size());
  EXPECT_EQ(layouts.gpu_items(), 0u);
  for (std::size_t k = 0; k < requests.size(); ++k) {
    EXPECT_EQ(layouts.layout(k).header->status, dialects::sim::kLayoutOk);
    EXPECT_EQ(canon(runtime::materialise_py_objects(requests[k], layouts, k)),
              canon(python_loop(requests[k].dialect, grids[k].value, requests[k].mode,
                                requests[k].shape)));
  }
  const runtime::RuntimeStats s = runtime::stats();
  EXPECT_EQ(s.calls, 1u);
  EXPECT_EQ(s.cpu_calls, 1u);
  EXPECT_EQ(s.items, requests.size());
  EXPECT_EQ(s.cpu_items, requests.size());
  EXPECT_EQ(s.gpu_items, 0u);
  // An empty batch is a call too, with nothing in it.
  EXPECT_TRUE(runtime::batch_py_objects({}, {}).empty());
}

TEST(PyObjectsBatch, DisabledCudaRunsOnTheCpu) {
  runtime::RuntimeConfig saved = runtime::config();
  runtime::RuntimeConfig c = saved;
  c.disable_cuda = true;
  runtime::configure(c);
  const std::vector<Grid> grids = random_grids(20, 12, 20);
  std::vector<std::vector<std::int8_t>> cells(grids.size());
  std::vector<runtime::PyObjectsRequest> requests;
  for (std::size_t g = 0; g < grids.size(); ++g) {
    runtime::PyObjectsRequest r;
    ASSERT_TRUE(dialects::read_small_grid(grids[g].value, cells[g], r.h, r.w));
    r.cells = cells[g].data();
    r.mode = 3;
    r.dialect = py::Dialect::ArcDsl;
    requests.push_back(r);
  }
  std::vector<std::uint8_t> on_gpu;
  const std::vector<Value> values =
      runtime::batch_py_objects(requests, runtime::BatchOptions{runtime::Path::Gpu}, &on_gpu);
  runtime::configure(saved);
  ASSERT_EQ(values.size(), requests.size());
  for (std::size_t k = 0; k < values.size(); ++k) {
    EXPECT_EQ(on_gpu[k], 0);
    EXPECT_EQ(canon(values[k]),
              canon(python_loop(py::Dialect::ArcDsl, grids[k].value, 3, ObjectsShape::FrozenSet)));
  }
}

TEST(PyObjectsBatch, BatchingSwitch) {
  const bool before = runtime::py_objects_batching();
  runtime::set_py_objects_batching(false);
  EXPECT_FALSE(runtime::py_objects_batching());
  runtime::set_py_objects_batching(true);
  EXPECT_TRUE(runtime::py_objects_batching());
  runtime::set_py_objects_batching(before);
}

} // namespace
