// Memory running out between statements (where no statement's MemoryError can take it) stops
// the calls of its block with MemoryError, and the run goes on: every other block's records are
// those of a run without the failure, and every call still has its line. The failure is made
// by the trace hook, which the executor calls between statements, throwing std::bad_alloc for
// one call.
#include "battgpu/frontend/parser.hpp"
#include "battgpu/interp/runner.hpp"
#include "battgpu/tasks/task.hpp"
#include "test_inputs.hpp"

#include <gtest/gtest.h>

#include <new>
#include <string>
#include <vector>

namespace battgpu::interp {
namespace {

using testing::checked_tokpidjin;
using testing::training_tasks;

constexpr const char* kBatt = R"(from dsl import *
from constants import *
from safe_dsl import _get_safe_default

def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    t1 = o_g(I, R5)
    t2 = size(t1)
    o.append((2, 'None', 'objects', t2))
    t3 = p_g(I)
    s.append((3, 'None', 'colours', t3))
    return o, s
)";

std::vector<std::string> run_lines(const frontend::Program& program,
                                   const std::vector<tasks::Task>& tasks, const std::string& fail) {
  std::vector<std::string> lines;
  RunOptions options;
  options.jobs = 2;
  options.block_tasks = 1;
  options.record_sink = [&](const std::string& line) { lines.push_back(line); };
  if (!fail.empty()) {
    options.trace_call = fail;
    options.trace = [](const Call&, const frontend::SourceStatement&, const std::string& target,
                       const py::Value&) {
      if (target == "t2")
        throw std::bad_alloc();
    };
  }
  const RunSummary summary = run_program(program, tasks, options);
  EXPECT_EQ(summary.calls, lines.size());
  return lines;
}

TEST(OutOfMemory, BetweenStatementsStopsItsBlockOnly) {
  const frontend::Program program = checked_tokpidjin(kBatt, "out_of_memory.py");
  ASSERT_FALSE(program.has_errors());
  const std::vector<tasks::Task> tasks = training_tasks(5);
  ASSERT_EQ(tasks.size(), 5u);
  const std::vector<std::string> plain = run_lines(program, tasks, "");
  const std::vector<std::string> failed = run_lines(program, tasks, tasks[2].id + ":train:0");
  ASSERT_EQ(plain.size(), failed.size());
  std::size_t same = 0, out_of_memory = 0;
  for (std::size_t k = 0; k < plain.size(); ++k) {
    const bool in_failed_task =
        failed[k].find("\"task\":\"" + tasks[2].id + "\"") != std::string::npos;
    if (in_failed_task) {
      EXPECT_NE(failed[k].find("\"status\":\"raised\",\"error\":\"MemoryError"), std::string::npos)
          << failed[k];
      EXPECT_NE(failed[k].find("\"o\":[],\"s\":[]"), std::string::npos) << failed[k];
      ++out_of_memory;
    } else {
      EXPECT_EQ(failed[k], plain[k]);
      same += failed[k] == plain[k];
    }
  }
  // Task 2's calls (one block: all of them) raised; the other four tasks' are untouched.
  EXPECT_EQ(out_of_memory, tasks[2].train.size() + tasks[2].test.size());
  EXPECT_EQ(same + out_of_memory, plain.size());
}

} // namespace
} // namespace battgpu::interp
