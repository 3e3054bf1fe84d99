// The interpreter's grid statements (--grid-statements): which locals stay packed, and whole
// programs run over many tasks in blocks with the grid statements on the host's packed path
// and on a GPU (the host's where none is usable), against the same calls with them off. The
// program tests (tests/program) compare the same runs with CPython.
#include "../../interp/src/packed_locals.hpp"
#include "battgpu/frontend/parser.hpp"
#include "battgpu/interp/runner.hpp"
#include "battgpu/runtime/device.hpp"
#include "battgpu/runtime/py_objects.hpp"
#include "battgpu/runtime/stats.hpp"
#include "battgpu/tasks/task.hpp"
#include "test_inputs.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

namespace battgpu::interp {
namespace {

using testing::checked_tokpidjin;
using testing::training_tasks;

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::vector<std::string> run_lines(const frontend::Program& program,
                                   const std::vector<tasks::Task>& tasks, GridStatements mode,
                                   std::size_t block) {
  std::vector<std::string> lines;
  RunOptions options;
  options.jobs = 2;
  options.block_tasks = block;
  options.score = true;
  options.grid_statements = mode;
  options.record_sink = [&](const std::string& line) { lines.push_back(line); };
  run_program(program, tasks, options);
  return lines;
}

/// Runs `program` with the grid statements off, on the host and on a GPU, and expects every
/// record line equal; returns the grid ops the runtime computed with them on the host.
std::uint64_t expect_same_records(const frontend::Program& program, std::size_t ntasks,
                                  std::size_t block) {
  // The runtime's statistics count the grid ops alone: no extraction is batched (on a machine
  // with cores to spare it would be, and count there too).
  const runtime::ObjectBatching batching = runtime::py_objects_batching_mode();
  runtime::set_py_objects_batching(runtime::ObjectBatching::Off);
  const std::vector<tasks::Task> tasks = training_tasks(ntasks);
  EXPECT_FALSE(tasks.empty());
  const std::vector<std::string> off = run_lines(program, tasks, GridStatements::Off, block);
  runtime::reset_stats();
  const std::vector<std::string> cpu = run_lines(program, tasks, GridStatements::Cpu, block);
  const runtime::RuntimeStats on_host = runtime::stats();
  runtime::reset_stats();
  const std::vector<std::string> gpu = run_lines(program, tasks, GridStatements::Gpu, block);
  const runtime::RuntimeStats on_gpu = runtime::stats();
  std::size_t same = 0;
  EXPECT_EQ(cpu.size(), off.size());
  EXPECT_EQ(gpu.size(), off.size());
  for (std::size_t k = 0; k < off.size() && k < cpu.size() && k < gpu.size(); ++k) {
    EXPECT_EQ(cpu[k], off[k]) << "record line " << k << " (host)";
    EXPECT_EQ(gpu[k], off[k]) << "record line " << k << " (GPU)";
    same += cpu[k] == off[k] && gpu[k] == off[k];
  }
  std::cout << program.path << ": " << same << " of " << off.size()
            << " record lines identical off, on the host and on the GPU path; " << on_host.items
            << " grid ops on the host, " << on_gpu.gpu_items << " on a GPU\n";
  if (runtime::gpu_available()) {
    EXPECT_EQ(on_gpu.gpu_items, on_host.items);
    EXPECT_TRUE(on_gpu.fallbacks.empty());
  }
  runtime::set_py_objects_batching(batching);
  return on_host.items;
}

TEST(GridStatements, OnlyLocalsThatGridStatementsAloneReadStayPacked) {
  const frontend::Program program =
      checked_tokpidjin(read_file(BATTGPU_TEST_GRID_PROGRAM), BATTGPU_TEST_GRID_PROGRAM);
  ASSERT_FALSE(program.has_errors());
  const frontend::Function& fn = program.functions.front();
  const std::vector<bool> packed = packed_locals(program, fn);
  std::vector<std::string> names;
  for (std::size_t s = 0; s < packed.size(); ++s)
    if (packed[s])
      names.push_back(fn.locals[s]);
  // t1 and t2 are read by grid statements alone, t14 by replace and f_ofcolor, t20 by fill,
  // t21 by f_ofcolor and paint, t27 (paint's) by f_ofcolor; t3 and t13 go to records; t10 and
  // t12 are replace's results of colours that are not small ints but read only by grid
  // statements (so packed where they can be), t8 by f_ofcolor alone. t19, a fill's patch and
  // a paint's object, is no grid statement's result.
  EXPECT_EQ(names,
            (std::vector<std::string>{"t1", "t2", "t8", "t10", "t12", "t14", "t20", "t21", "t27"}));
}

TEST(GridStatements, ChainsAndTheCallsLeftToOneAtATimeGiveTheSameRecords) {
  const frontend::Program program =
      checked_tokpidjin(read_file(BATTGPU_TEST_GRID_PROGRAM), BATTGPU_TEST_GRID_PROGRAM);
  ASSERT_FALSE(program.has_errors());
  for (std::size_t block : {1u, 16u})
    EXPECT_GT(expect_same_records(program, 60, block), 0u);
}

TEST(GridStatements, BattSmallGivesTheSameRecords) {
  const std::string path = std::string(BATTGPU_SHARED_DIR) + "/reference/tokpidjin/batt_small.py";
  const std::string source = read_file(path);
  if (source.empty())
    GTEST_SKIP() << path << " is absent";
  const frontend::Program program = checked_tokpidjin(source, path);
  ASSERT_FALSE(program.has_errors());
  EXPECT_GT(expect_same_records(program, 80, 8), 0u);
}

} // namespace
} // namespace battgpu::interp
