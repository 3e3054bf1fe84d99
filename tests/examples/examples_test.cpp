#include "run.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <vector>

namespace {

namespace fs = std::filesystem;
using battgpu::driver::TaskStatus;

std::vector<const battgpu::SolverInfo*> all_solvers() {
  std::vector<const battgpu::SolverInfo*> solvers;
  for (const auto& s : battgpu::registered_solvers())
    solvers.push_back(&s);
  return solvers;
}

TEST(Examples, EveryExampleTaskHasItsSolver) {
  const fs::path dir = BATTGPU_EXAMPLE_TASKS_DIR;
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".json")
      continue;
    ++files;
    EXPECT_NE(battgpu::find_solver(entry.path().stem().string()), nullptr)
        << "no solver registered for " << entry.path();
  }
  EXPECT_GE(files, 4u);
  EXPECT_LE(files, 6u);
}

TEST(Examples, EveryExampleTaskIsSolvedByItsOwnSolver) {
  const std::vector<fs::path> paths{BATTGPU_EXAMPLE_TASKS_DIR};
  const auto solvers = all_solvers();
  battgpu::driver::RunReport report = battgpu::driver::run(paths, solvers);
  EXPECT_TRUE(report.load_errors.empty());
  ASSERT_GE(report.tasks.size(), 4u);
  EXPECT_EQ(report.solved(), report.tasks.size());
  for (const auto& task : report.tasks) {
    EXPECT_EQ(task.status, TaskStatus::Solved) << task.id << ": " << status_name(task.status);
    EXPECT_TRUE(task.errors.empty()) << task.id;
    // Each solver solves its own task and no other: the tasks are not trivial copies.
    ASSERT_EQ(task.solved_by.size(), 1u) << task.id;
    EXPECT_EQ(task.solved_by[0], task.id);
  }
}

TEST(Examples, TasksHaveTheShapeTheContractAsks) {
  battgpu::tasks::LoadResult loaded =
      battgpu::tasks::load_tasks(fs::path(BATTGPU_EXAMPLE_TASKS_DIR));
  ASSERT_TRUE(loaded.errors.empty());
  for (const auto& task : loaded.tasks) {
    EXPECT_GE(task.train.size(), 2u) << task.id;
    EXPECT_LE(task.train.size(), 4u) << task.id;
    EXPECT_GE(task.test.size(), 1u) << task.id;
    EXPECT_LE(task.test.size(), 2u) << task.id;
    for (const auto& pair : task.test)
      EXPECT_TRUE(pair.output.has_value()) << task.id;
  }
}

} // namespace
