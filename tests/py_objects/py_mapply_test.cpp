// Batched mapply and apply over object sets (runtime/py_mapply.hpp) against the same calls
// made one by one on the calling thread with py::call: every result listed with its frozensets
// in iteration order, exceptions by type and message, for both dialects, every mapper and
// per-object function, containers whose elements make the function fail, and near the
// recursion limit (the frames the batch carries to the threads it spreads over), and a C++
// failure on one of those threads.
#include "battgpu/dialects/module.hpp"
#include "battgpu/py/py.hpp"
#include "battgpu/runtime/py_mapply.hpp"
#include "battgpu/runtime/stats.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace battgpu;
using py::Value;

const Value& dsl_function(py::Dialect dialect, const char* name) {
  const Value* f = dialects::module(dialect).find(name);
  if (f == nullptr)
    throw std::runtime_error(std::string("no DSL function ") + name);
  return *f;
}

Value random_grid(std::mt19937& rng) {
  const int h = 3 + static_cast<int>(rng() % 20), w = 3 + static_cast<int>(rng() % 20);
  const int colours = 2 + static_cast<int>(rng() % 3);
  Value rows = py::new_tuple(static_cast<std::size_t>(h));
  for (int i = 0; i < h; ++i) {
    Value row = py::new_tuple(static_cast<std::size_t>(w));
    for (int j = 0; j < w; ++j)
      py::tuple_items(row)[j] = Value::integer(static_cast<std::int64_t>(rng() % colours));
    py::tuple_items(rows)[i] = std::move(row);
  }
  return rows;
}

/// What a result shows a program: the value with its sets in iteration order, or the
/// exception.
std::string shown(const Value& v) {
  if (!v.ok())
    return "raised " + std::to_string(static_cast<int>(v.error().type)) + ": " + v.error().message;
  return py::to_canonical(v, py::SetListing::IterationOrder);
}

struct Case {
  std::vector<Value> containers; // kept alive for the requests
  std::vector<runtime::PyMapplyRequest> requests;
};

constexpr const char* kPerObject[] = {"toindices", "corners", "backdrop", "delta",
                                      "box",       "inbox",   "outbox"};

/// Object sets of random grids in every mode, and frozensets that are not of objects (ints,
/// pairs), each under every mapper and per-object function of the dialect.
Case make_case(py::Dialect dialect, std::mt19937& rng, int grids) {
  Case c;
  const char* objects = dialect == py::Dialect::Tokpidjin ? "o_g" : "objects";
  for (int g = 0; g < grids; ++g) {
    const Value grid = random_grid(rng);
    if (dialect == py::Dialect::Tokpidjin)
      c.containers.push_back(
          py::call(dsl_function(dialect, objects),
                   {grid, Value::integer(static_cast<std::int64_t>(rng() % 8))}));
    else
      c.containers.push_back(py::call(
          dsl_function(dialect, objects),
          {grid, Value::boolean(rng() % 2), Value::boolean(rng() % 2), Value::boolean(rng() % 2)}));
  }
  py::SetTable ints, pairs;
  for (int k = 0; k < 5; ++k) {
    ints.add(Value::integer(k));
    pairs.add(py::pair_of(k, k + 1));
  }
  c.containers.push_back(py::make_frozenset(std::move(ints)));
  c.containers.push_back(py::make_frozenset(std::move(pairs)));
  c.containers.push_back(py::empty_frozenset());
  const std::vector<const char*> mappers =
      dialect == py::Dialect::Tokpidjin
          ? std::vector<const char*>{"mapply", "mapply_f", "apply", "apply_f"}
          : std::vector<const char*>{"mapply", "apply"};
  for (const Value& container : c.containers) {
    EXPECT_TRUE(container.ok());
    const char* mapper = mappers[rng() % mappers.size()];
    const char* function = kPerObject[rng() % std::size(kPerObject)];
    c.requests.push_back(
        {&dsl_function(dialect, mapper), &dsl_function(dialect, function), &container});
  }
  return c;
}

/// Compares the batch with the calls one by one; returns how many requests were compared.
std::size_t expect_batch_equals_calls(const Case& c) {
  std::vector<std::string> expected;
  for (const runtime::PyMapplyRequest& r : c.requests)
    expected.push_back(shown(py::call(*r.callee, {*r.function, *r.container})));
  const std::vector<Value> batch = runtime::batch_py_mapply(c.requests);
  EXPECT_EQ(batch.size(), c.requests.size());
  std::size_t same = 0;
  for (std::size_t k = 0; k < batch.size() && k < expected.size(); ++k) {
    EXPECT_EQ(shown(batch[k]), expected[k]) << "request " << k;
    same += shown(batch[k]) == expected[k];
  }
  return same;
}

TEST(PyMapply, BatchEqualsEachCall) {
  for (py::Dialect dialect : {py::Dialect::Tokpidjin, py::Dialect::ArcDsl}) {
    std::mt19937 rng(dialect == py::Dialect::Tokpidjin ? 11 : 12);
    for (int round = 0; round < 8; ++round) {
      const Case c = make_case(dialect, rng, 120);
      std::int64_t cells = 0;
      for (const runtime::PyMapplyRequest& r : c.requests) {
        ASSERT_TRUE(runtime::is_py_mapply_batchable(*r.callee, *r.function, *r.container));
        cells += runtime::py_mapply_cells(r);
      }
      // Enough cells to be spread over the CPU threads (where there are several).
      ASSERT_GE(cells, runtime::kMapplySpreadCells);
      runtime::reset_stats();
      const std::size_t same = expect_batch_equals_calls(c);
      EXPECT_EQ(same, c.requests.size());
      const runtime::RuntimeStats s = runtime::stats();
      EXPECT_EQ(s.calls, 1u);
      EXPECT_EQ(s.cpu_items, c.requests.size());
    }
  }
}

TEST(PyMapply, SmallBatchesRunOnTheCallingThread) {
  std::mt19937 rng(3);
  Case c = make_case(py::Dialect::Tokpidjin, rng, 2);
  c.requests.resize(2);
  std::int64_t cells = 0;
  for (const runtime::PyMapplyRequest& r : c.requests)
    cells += runtime::py_mapply_cells(r);
  ASSERT_LT(cells, runtime::kMapplySpreadCells);
  EXPECT_EQ(expect_batch_equals_calls(c), c.requests.size());
}

TEST(PyMapply, RecursionLimitIsTheCallingThreads) {
  // Near the limit, the frames of mapply, apply and the function decide between a result and
  // RecursionError (tokpidjin: the safe default): a thread that ran a request with its own
  // depth would give the result where the calling thread gives the error.
  const int base = py::FrameGuard::base_depth();
  std::mt19937 rng(5);
  for (py::Dialect dialect : {py::Dialect::Tokpidjin, py::Dialect::ArcDsl}) {
    const Case c = make_case(dialect, rng, 120);
    for (int left = 1; left <= 8; ++left) {
      py::FrameGuard::set_base_depth(py::kRecursionLimit - left);
      EXPECT_EQ(expect_batch_equals_calls(c), c.requests.size()) << left << " frames left";
    }
  }
  py::FrameGuard::set_base_depth(base);
}

/// The thread that runs the batch in AFailureOnAnyThreadReachesTheCaller.
std::thread::id g_batch_caller;

/// A mapper that fails in C++ (as running out of memory would) on every thread but the one
/// that runs the batch, and there for the container of 64 cells of the last round only.
Value throwing_mapper(const Value* args, std::size_t) {
  if (std::this_thread::get_id() != g_batch_caller ||
      py::as_set_table(args[1]).contains(py::pair_of(3, 63)))
    throw std::runtime_error("injected failure");
  // Slow on the calling thread, so that the pool's threads take requests too.
  std::this_thread::sleep_for(std::chrono::microseconds(200));
  return Value::none();
}
constexpr py::Builtin kThrowingMapper{"throwing_mapper", py::Dialect::ArcDsl,  2, 2,
                                      &throwing_mapper,  py::SafeDefault::Zero};

TEST(PyMapply, AFailureOnAnyThreadReachesTheCaller) {
  // Containers of 1 to 64 cells in four rounds (8 320 cells in all: spread over the threads).
  // Every request fails on the pool's threads: the batch (the pool's parallel_for) throws the
  // failure to the caller, which then runs the statement one call at a time, instead of the
  // process ending there.
  std::vector<Value> containers;
  for (int round = 0; round < 4; ++round)
    for (std::int64_t n = 1; n <= 64; ++n) {
      py::SetTable t;
      for (std::int64_t k = 0; k < n; ++k)
        t.add(py::pair_of(round, k));
      containers.push_back(py::make_frozenset(std::move(t)));
    }
  const Value mapper = Value::function(&kThrowingMapper);
  const Value& toindices = dsl_function(py::Dialect::ArcDsl, "toindices");
  std::vector<runtime::PyMapplyRequest> requests;
  std::int64_t cells = 0;
  for (const Value& c : containers) {
    requests.push_back({&mapper, &toindices, &c});
    cells += runtime::py_mapply_cells(requests.back());
  }
  ASSERT_GE(cells, runtime::kMapplySpreadCells);
  g_batch_caller = std::this_thread::get_id();
  EXPECT_THROW(runtime::batch_py_mapply(requests), std::runtime_error);
}

TEST(PyMapply, TakesOnlyPerObjectFunctionsOverFrozensets) {
  for (py::Dialect dialect : {py::Dialect::Tokpidjin, py::Dialect::ArcDsl}) {
    const py::Dialect other =
        dialect == py::Dialect::Tokpidjin ? py::Dialect::ArcDsl : py::Dialect::Tokpidjin;
    const Value& mapply = dsl_function(dialect, "mapply");
    const Value& toindices = dsl_function(dialect, "toindices");
    py::SetTable t;
    t.add(Value::integer(1));
    const Value set = py::make_frozenset(std::move(t));
    EXPECT_TRUE(runtime::is_py_mapply_callee(mapply));
    EXPECT_TRUE(runtime::is_py_mapply_batchable(mapply, toindices, set));
    // A tuple container, a function that is not per-object, a closure, a mapper that is not
    // one, functions of two dialects.
    EXPECT_FALSE(runtime::is_py_mapply_batchable(mapply, toindices, py::empty_tuple()));
    EXPECT_FALSE(runtime::is_py_mapply_batchable(mapply, dsl_function(dialect, "size"), set));
    const Value closure = py::call(dsl_function(dialect, "rbind"),
                                   {dsl_function(dialect, "shift"), py::pair_of(1, 1)});
    ASSERT_TRUE(closure.ok());
    EXPECT_FALSE(runtime::is_py_mapply_batchable(mapply, closure, set));
    EXPECT_FALSE(runtime::is_py_mapply_callee(dsl_function(dialect, "sfilter")));
    EXPECT_FALSE(runtime::is_py_mapply_batchable(dsl_function(dialect, "sfilter"), toindices, set));
    EXPECT_FALSE(runtime::is_py_mapply_batchable(mapply, dsl_function(other, "toindices"), set));
  }
}

} // namespace
