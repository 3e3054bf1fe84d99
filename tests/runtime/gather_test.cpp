// Cross-task batching inside solvers (battgpu/runtime/gather.hpp): coroutine solvers run
// under run_gathered() give the values the DSL gives directly, their requests are computed
// in one runtime call per kind and round, exceptions and time limits stay with their solve.
// Runs on whichever path the runtime picks (the CPU path where no GPU is usable).
#include "battgpu/runtime.hpp"
#include "battgpu/runtime/synthetic.hpp"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <functional>
#include <stdexcept>
#include <vector>

namespace {

using namespace battgpu::dsl;
using battgpu::Solve;
namespace rt = battgpu::runtime;

/// Written the way battgpu-rewrite emits a gathered object-batch point: objects of a grid
/// derived inside the solve, in two modes.
Solve mirrored_objects(const Grid& input, std::array<Objects, 2>& out) {
  auto mirrored = hmirror(input);
  auto results = co_await rt::gather_objects(mirrored, std::array<int, 2>{5, 3}, [&] {
    auto a = o_g(mirrored, R5);
    auto b = o_g(mirrored, R3);
    return std::array<Objects, 2>{a, b};
  });
  out = results;
}

/// Two dependent batch points: objects, then mapply over them.
Solve outboxes_of_objects(const Grid& input, Indices& out) {
  auto rotated = rot90(input);
  auto results = co_await rt::gather_objects(
      rotated, std::array<int, 1>{7}, [&] { return std::array<Objects, 1>{o_g(rotated, R7)}; });
  auto objects = results[0];
  out = co_await rt::gather_mapply(outbox, objects, [&] { return mapply(outbox, objects); });
}

rt::GatheredSolve gathered(std::function<Solve()> start, std::size_t group) {
  rt::GatheredSolve solve;
  solve.start = std::move(start);
  solve.group = group;
  return solve;
}

rt::GatherSettings on_threads(unsigned threads, double group_time_limit = 0) {
  rt::GatherSettings settings;
  settings.threads = threads;
  settings.group_time_limit = group_time_limit;
  return settings;
}

std::vector<Grid> grids(std::size_t count, std::uint64_t seed) {
  return rt::random_arc_like_grids(count, seed);
}

TEST(Gather, ObjectsOfDerivedGridsMatchTheDslInOneRound) {
  const std::vector<Grid> inputs = grids(300, 11);
  std::vector<std::array<Objects, 2>> results(inputs.size());
  std::vector<rt::GatheredSolve> solves;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    solves.push_back(gathered([&, i] { return mirrored_objects(inputs[i], results[i]); }, i));
  std::vector<rt::GatheredOutcome> outcomes(solves.size());

  const rt::GatherReport report = rt::run_gathered(solves, outcomes, on_threads(3));

  for (std::size_t i = 0; i < inputs.size(); ++i) {
    ASSERT_FALSE(outcomes[i].error) << "solve " << i;
    const Grid mirrored = hmirror(inputs[i]);
    EXPECT_EQ(results[i][0], o_g(mirrored, R5)) << "grid " << i;
    EXPECT_EQ(results[i][1], o_g(mirrored, R3)) << "grid " << i;
  }
  EXPECT_EQ(report.batched.rounds, 1u);
  EXPECT_EQ(report.batched.object_requests, inputs.size());
  EXPECT_EQ(report.batched.runtime_calls, 1u); // one mode set: one call
  EXPECT_EQ(report.batched.failed_calls, 0u);
}

// Equal grids with storage of their own, filed by many solves, are computed once each and
// every solve gets its own grid's objects.
TEST(Gather, EqualRequestsAreComputedOnce) {
  const std::vector<Grid> distinct = grids(40, 18);
  std::vector<Grid> inputs;
  for (int copy = 0; copy < 30; ++copy)
    for (const Grid& g : distinct)
      inputs.push_back(
          Grid(g.height(), g.width(), std::vector<int>(g.cells(), g.cells() + g.cell_count())));
  std::vector<std::array<Objects, 2>> results(inputs.size());
  std::vector<rt::GatheredSolve> solves;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    solves.push_back(gathered([&, i] { return mirrored_objects(inputs[i], results[i]); }, i));
  std::vector<rt::GatheredOutcome> outcomes(solves.size());
  const rt::GatherReport report = rt::run_gathered(solves, outcomes, on_threads(2));
  EXPECT_EQ(report.batched.object_requests, inputs.size());
  EXPECT_LE(report.batched.distinct_grids, distinct.size());
  EXPECT_GE(report.batched.distinct_grids, distinct.size() - 2); // random grids may repeat
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    ASSERT_FALSE(outcomes[i].error);
    const Grid mirrored = hmirror(inputs[i]);
    ASSERT_EQ(results[i][0], o_g(mirrored, R5)) << "solve " << i;
    ASSERT_EQ(results[i][1], o_g(mirrored, R3)) << "solve " << i;
  }
}

// The same on the GPU path where a GPU is usable (the CPU path elsewhere): a batch large
// enough for several chunks, every result compared with the DSL's.
TEST(Gather, ForcedOntoTheGpuPathTheResultsAreTheDsls) {
  const std::vector<Grid> inputs = grids(20000, 17);
  std::vector<Indices> results(inputs.size());
  std::vector<rt::GatheredSolve> solves;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    solves.push_back(gathered([&, i] { return outboxes_of_objects(inputs[i], results[i]); }, i));
  std::vector<rt::GatheredOutcome> outcomes(solves.size());
  rt::GatherSettings settings = on_threads(0);
  settings.options.path = rt::Path::Gpu;
  const rt::GatherReport report = rt::run_gathered(solves, outcomes, settings);
  EXPECT_EQ(report.batched.failed_calls, 0u);
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    ASSERT_FALSE(outcomes[i].error);
    ASSERT_EQ(results[i], mapply(outbox, o_g(rot90(inputs[i]), R7))) << "grid " << i;
  }
}

TEST(Gather, DependentBatchPointsTakeOneRoundEach) {
  const std::vector<Grid> inputs = grids(120, 12);
  std::vector<Indices> results(inputs.size());
  std::vector<rt::GatheredSolve> solves;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    solves.push_back(gathered([&, i] { return outboxes_of_objects(inputs[i], results[i]); }, i));
  std::vector<rt::GatheredOutcome> outcomes(solves.size());

  const rt::GatherReport report = rt::run_gathered(solves, outcomes, on_threads(2));

  for (std::size_t i = 0; i < inputs.size(); ++i) {
    ASSERT_FALSE(outcomes[i].error);
    EXPECT_EQ(results[i], mapply(outbox, o_g(rot90(inputs[i]), R7))) << "grid " << i;
  }
  EXPECT_EQ(report.batched.rounds, 2u);
  EXPECT_EQ(report.batched.object_requests, inputs.size());
  // Grids whose objects are all empty containers never suspend at the mapply point.
  EXPECT_LE(report.batched.mapply_requests, inputs.size());
  EXPECT_GT(report.batched.mapply_requests, inputs.size() / 2);
}

TEST(Gather, WithoutASchedulerASolveRunsToTheEndAtOnce) {
  const Grid input = grids(1, 13).front();
  Indices result;
  Solve solve = outboxes_of_objects(input, result);
  EXPECT_TRUE(solve.done());
  EXPECT_NO_THROW(solve.get());
  EXPECT_EQ(result, mapply(outbox, o_g(rot90(input), R7)));
}

Solve throws_after_its_batch_point(const Grid& input, bool throw_it) {
  auto results = co_await rt::gather_objects(
      input, std::array<int, 1>{5}, [&] { return std::array<Objects, 1>{o_g(input, R5)}; });
  if (throw_it)
    throw std::runtime_error("solver error " + std::to_string(results[0].size()));
}

TEST(Gather, AnExceptionStaysWithItsSolve) {
  const std::vector<Grid> inputs = grids(40, 14);
  std::vector<rt::GatheredSolve> solves;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    solves.push_back(
        gathered([&, i] { return throws_after_its_batch_point(inputs[i], i % 3 == 0); }, i));
  std::vector<rt::GatheredOutcome> outcomes(solves.size());
  rt::run_gathered(solves, outcomes, on_threads(2));
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    EXPECT_FALSE(outcomes[i].timed_out);
    if (i % 3 != 0) {
      EXPECT_FALSE(outcomes[i].error) << i;
      continue;
    }
    ASSERT_TRUE(outcomes[i].error) << i;
    try {
      std::rethrow_exception(outcomes[i].error);
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "solver error " + std::to_string(o_g(inputs[i], R5).size()));
    }
  }
}

/// Builds values until it is cancelled (a solver that runs away), after a batch point.
Solve runs_away(const Grid& input, std::atomic<int>& built) {
  auto results = co_await rt::gather_objects(
      input, std::array<int, 1>{1}, [&] { return std::array<Objects, 1>{o_g(input, R1)}; });
  for (;;) {
    (void)hmirror(input);
    ++built;
  }
}

Solve finishes(const Grid& input, Objects& out) {
  auto results = co_await rt::gather_objects(
      input, std::array<int, 1>{1}, [&] { return std::array<Objects, 1>{o_g(input, R1)}; });
  out = results[0];
}

TEST(Gather, ARunawayGroupIsCancelledAndTheOthersFinish) {
  const std::vector<Grid> inputs = grids(6, 15);
  std::atomic<int> built{0};
  std::vector<Objects> results(inputs.size());
  std::vector<rt::GatheredSolve> solves;
  // Group 0 runs away (its second solve finishes before the batch point resumes it).
  solves.push_back(gathered([&] { return runs_away(inputs[0], built); }, 0));
  solves.push_back(gathered([&] { return finishes(inputs[0], results[0]); }, 0));
  for (std::size_t i = 1; i < inputs.size(); ++i)
    solves.push_back(gathered([&, i] { return finishes(inputs[i], results[i]); }, i));
  std::vector<rt::GatheredOutcome> outcomes(solves.size());

  const auto start = std::chrono::steady_clock::now();
  rt::run_gathered(solves, outcomes, on_threads(1, 0.2));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  EXPECT_TRUE(outcomes[0].timed_out);
  EXPECT_GT(built.load(), 0);
  EXPECT_LT(seconds, 5.0);
  for (std::size_t i = 2; i < solves.size(); ++i) {
    EXPECT_FALSE(outcomes[i].error) << i;
    EXPECT_EQ(results[i - 1], o_g(inputs[i - 1], R1));
  }
}

// A plain solver and a coroutine solver, registered the same way.
void plain_solver(const Samples&, const Grid& I, const Grid&, battgpu::Outputs& o) {
  o.emplace_back(1, "gather-test-plain", vmirror(I));
}
Solve coroutine_solver(const Samples&, const Grid& I, const Grid&, battgpu::Outputs& o) {
  auto results = co_await rt::gather_objects(I, std::array<int, 1>{5},
                                             [&] { return std::array<Objects, 1>{o_g(I, R5)}; });
  o.emplace_back(2, "gather-test-coroutine",
                 paint(I, results[0].empty() ? Object{} : first(results[0])));
}
BATTGPU_REGISTER_SOLVER("gather-test-plain", plain_solver);
BATTGPU_REGISTER_SOLVER("gather-test-coroutine", coroutine_solver);

TEST(Gather, RegisteredSolversRunBothWays) {
  const battgpu::SolverInfo* plain = battgpu::find_solver("gather-test-plain");
  const battgpu::SolverInfo* coroutine = battgpu::find_solver("gather-test-coroutine");
  ASSERT_NE(plain, nullptr);
  ASSERT_NE(coroutine, nullptr);
  EXPECT_FALSE(plain->has_suspension_points);
  EXPECT_TRUE(coroutine->has_suspension_points);

  const std::vector<Grid> inputs = grids(30, 16);
  const Samples samples;
  for (const battgpu::SolverInfo* solver : {plain, coroutine}) {
    std::vector<battgpu::Outputs> direct(inputs.size()), via_gather(inputs.size());
    std::vector<rt::GatheredSolve> solves;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      solver->function(samples, inputs[i], Grid{}, direct[i]);
      solves.push_back(gathered(
          [&, i] { return solver->suspending(samples, inputs[i], Grid{}, via_gather[i]); }, i));
    }
    std::vector<rt::GatheredOutcome> outcomes(solves.size());
    rt::run_gathered(solves, outcomes, on_threads(2));
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      ASSERT_FALSE(outcomes[i].error);
      ASSERT_EQ(direct[i].size(), 1u);
      ASSERT_EQ(via_gather[i].size(), 1u);
      EXPECT_EQ(direct[i][0].grid, via_gather[i][0].grid) << solver->name << " " << i;
    }
  }
}

} // namespace
