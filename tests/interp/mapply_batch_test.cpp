// The interpreter's batching of mapply and apply over object sets: a batt module whose
// statements map per-object functions over the objects of every sample
// (tests/program/mapply_objects.py, which tests/program also compares with Python), run over many
// tasks in one block with the batching on, writes exactly the records of the same run one call at a
// time, and its statements reached the runtime as batches. The records hold the results as
// tuples (`totuple`), so that they show the frozensets' iteration order, not only their
// elements.
#include "battgpu/frontend/parser.hpp"
#include "battgpu/interp/runner.hpp"
#include "battgpu/runtime/py_objects.hpp"
#include "battgpu/runtime/stats.hpp"
#include "battgpu/tasks/task.hpp"
#include "test_inputs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

namespace battgpu::interp {
namespace {

using testing::checked_tokpidjin;
using testing::training_tasks;

std::vector<std::string> run_lines(const frontend::Program& program,
                                   const std::vector<tasks::Task>& tasks,
                                   runtime::ObjectBatching batching) {
  const auto mode = runtime::py_objects_batching_mode();
  runtime::set_py_objects_batching(batching);
  std::vector<std::string> lines;
  RunOptions options;
  options.jobs = 1;
  options.block_tasks = tasks.size();
  options.record_sink = [&](const std::string& line) { lines.push_back(line); };
  run_program(program, tasks, options);
  runtime::set_py_objects_batching(mode);
  return lines;
}

TEST(MapplyBatch, RecordsEqualTheCallsOneAtATime) {
  std::ifstream in(BATTGPU_TEST_MAPPLY_PROGRAM);
  const std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(source.empty()) << BATTGPU_TEST_MAPPLY_PROGRAM;
  const frontend::Program program = checked_tokpidjin(source, BATTGPU_TEST_MAPPLY_PROGRAM);
  ASSERT_FALSE(program.has_errors());
  const std::vector<tasks::Task> tasks = training_tasks(40);
  ASSERT_FALSE(tasks.empty());

  const std::vector<std::string> alone = run_lines(program, tasks, runtime::ObjectBatching::Off);
  runtime::reset_stats();
  const std::vector<std::string> batched = run_lines(program, tasks, runtime::ObjectBatching::On);
  const runtime::RuntimeStats stats = runtime::stats();

  ASSERT_EQ(alone.size(), batched.size());
  std::size_t same = 0;
  for (std::size_t k = 0; k < alone.size(); ++k) {
    EXPECT_EQ(batched[k], alone[k]) << "record line " << k;
    same += batched[k] == alone[k];
  }
  std::cout << "mapply batching: " << same << " of " << alone.size() << " record lines identical, "
            << stats.calls << " runtime calls, " << stats.cpu_items << " items on the CPU\n";
  // Batches were made: two extractions and six mapply/apply statements a call, each statement
  // one runtime call for the block.
  EXPECT_GE(stats.calls, 6u);
  // Every call of the five statements over object sets is in a batch (the one over a grid is
  // not: it runs one call at a time and fails as it does alone).
  std::size_t calls = 0;
  for (const tasks::Task& t : tasks)
    calls += t.train.size() + t.test.size();
  EXPECT_GE(stats.cpu_items, 5 * calls);
  // The records are not all failures: the objects' index sets are there.
  EXPECT_NE(alone.front().find("\"toindices\""), std::string::npos);
}

} // namespace
} // namespace battgpu::interp
