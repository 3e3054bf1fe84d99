// Cross-task batching in the driver (--gather): synthetic batt solvers regenerated as
// coroutines give, over the 400 ARC training tasks, exactly the report their original form
// gives run one task at a time, for every batch size (1, 7, 64, all 400) and either way of
// running the batch points. Needs ../shared/arc-agi/training (skipped where it is absent).
#include "run.hpp"

#include "battgpu/runtime/device.hpp"
#include "battgpu/tasks/json.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
namespace driver = battgpu::driver;

/// The JSON and text reports state the gathered stage as the run report has it.
void expect_gathered_reported(const driver::RunReport& report) {
  const battgpu::json::Value json = battgpu::json::parse(driver::report_json(report));
  const battgpu::json::Value* g = json.find("gathered");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->find("rounds")->as_int64(), static_cast<std::int64_t>(report.gathered.rounds));
  EXPECT_EQ(g->find("object_requests")->as_int64(),
            static_cast<std::int64_t>(report.gathered.object_requests));
  EXPECT_EQ(g->find("distinct_grids")->as_int64(),
            static_cast<std::int64_t>(report.gathered.distinct_grids));
  EXPECT_LE(report.gathered.distinct_grids, report.gathered.object_requests);
  EXPECT_EQ(json.find("settings")->find("gathered_batches")->as_int64(),
            static_cast<std::int64_t>(report.gathered_batches));
  const std::string text = driver::report_text(report, true);
  EXPECT_NE(text.find("gathered: " + std::to_string(report.gathered.object_requests) +
                      " object and " + std::to_string(report.gathered.mapply_requests) +
                      " mapply requests in " + std::to_string(report.gathered.rounds) + " rounds"),
            std::string::npos)
      << text;
}

fs::path training_tasks() {
  return fs::path(BATTGPU_SHARED_DIR) / "arc-agi" / "training";
}

TEST(DriverGathered, RegeneratedSolversHaveSuspendingBatchPointsWhereTheGeneratorRan) {
  const auto regenerated = battgpu::find_solvers_with_prefix("gathered_regenerated-");
  ASSERT_EQ(regenerated.size(), 40u);
  std::size_t coroutines = 0;
  for (const battgpu::SolverInfo* s : regenerated)
    coroutines += s->has_suspension_points;
#ifdef BATTGPU_TEST_EXPECT_REGENERATED
  EXPECT_GT(coroutines, 10u);
#endif
  for (const battgpu::SolverInfo* s : battgpu::find_solvers_with_prefix("gathered_original-"))
    EXPECT_FALSE(s->has_suspension_points) << s->name;
  std::cout << coroutines << " of 40 regenerated solvers are coroutines\n";
}

TEST(DriverGathered, SameResultsAsTheOriginalsOneTaskAtATimeForEveryBatchSize) {
  if (!fs::is_directory(training_tasks()))
    GTEST_SKIP() << training_tasks() << " is not present";
  const std::vector<fs::path> paths{training_tasks()};

  driver::RunSettings one_at_a_time;
  one_at_a_time.jobs = 2;
  one_at_a_time.batch_size = 1;
  one_at_a_time.prefetch = driver::Batching::Never;
  one_at_a_time.gather = driver::Batching::Never;
  const driver::RunReport reference =
      driver::run(paths, battgpu::find_solvers_with_prefix("gathered_original-"), one_at_a_time);
  ASSERT_EQ(reference.tasks.size(), 400u);
  ASSERT_TRUE(reference.load_errors.empty());
  const std::string expected = driver::comparable_results(reference, "gathered_original-");
  // One line per task, the solvers named without their form's prefix, some task solved.
  EXPECT_EQ(std::count(expected.begin(), expected.end(), '\n'), 400);
  EXPECT_EQ(expected.find("gathered_original-"), std::string::npos);
  EXPECT_NE(expected.find(" solved "), std::string::npos);

  const auto regenerated = battgpu::find_solvers_with_prefix("gathered_regenerated-");
  bool any_requests = false;
  for (std::size_t batch : {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{400}}) {
    driver::RunSettings settings;
    settings.jobs = 2;
    settings.batch_size = batch;
    settings.prefetch = driver::Batching::Always;
    settings.gather = driver::Batching::Always;
    const driver::RunReport gathered = driver::run(paths, regenerated, settings);
    EXPECT_EQ(gathered.gathered_batches, (400 + batch - 1) / batch);
    EXPECT_EQ(gathered.gathered.failed_calls, 0u);
    any_requests |= gathered.gathered.object_requests + gathered.gathered.mapply_requests > 0;
    EXPECT_EQ(driver::comparable_results(gathered, "gathered_regenerated-"), expected)
        << "batch size " << batch;
    if (batch == 64)
      expect_gathered_reported(gathered);
  }
  // The regenerated solvers run blocking as well (the coroutines never suspend).
  driver::RunSettings blocking;
  blocking.jobs = 2;
  blocking.batch_size = 64;
  blocking.gather = driver::Batching::Never;
  EXPECT_EQ(driver::comparable_results(driver::run(paths, regenerated, blocking),
                                       "gathered_regenerated-"),
            expected);
#ifdef BATTGPU_TEST_EXPECT_REGENERATED
  EXPECT_TRUE(any_requests) << "no batch point suspended";
#else
  (void)any_requests;
#endif

  // `auto`: the same results; a plain and a staged trial only where the first tasks show the
  // run long enough and there is a GPU, and the stages kept only where their trial took under
  // 90% of the plain one's time; without a GPU no trial and the stages off.
  for (unsigned jobs : {1u, 2u}) {
    driver::RunSettings automatic;
    automatic.jobs = jobs;
    automatic.batch_size = 400;
    const driver::RunReport chosen = driver::run(paths, regenerated, automatic);
    EXPECT_EQ(driver::comparable_results(chosen, "gathered_regenerated-"), expected);
    if (!battgpu::runtime::gpu_available()) {
      EXPECT_TRUE(chosen.trials.empty());
      EXPECT_FALSE(chosen.prefetch_used || chosen.gather_used);
      continue;
    }
    ASSERT_TRUE(chosen.trials.empty() || chosen.trials.size() == 2u);
    if (chosen.trials.size() == 2) {
      EXPECT_FALSE(chosen.trials[0].prefetch || chosen.trials[0].gather);
      EXPECT_TRUE(chosen.trials[1].prefetch && chosen.trials[1].gather);
    }
    const bool staged = chosen.prefetch_used || chosen.gather_used;
    if (staged) {
      ASSERT_EQ(chosen.trials.size(), 2u);
      EXPECT_LT(chosen.trials[1].seconds_per_task, 0.9 * chosen.trials[0].seconds_per_task);
    }
    std::cout << "auto on " << jobs << " threads: " << chosen.trials.size() << " trials, stages "
              << (staged ? "on" : "off") << "\n";
  }
}

} // namespace
