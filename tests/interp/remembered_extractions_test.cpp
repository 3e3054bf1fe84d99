// The object extractions a thread's batches remember hold their grids and results only until
// forget_remembered_extractions(), which the runner calls when a block of calls is done.
#include "battgpu/frontend/parser.hpp"
#include "battgpu/interp/executor.hpp"
#include "battgpu/py/py.hpp"
#include "battgpu/runtime/py_objects.hpp"
#include "test_inputs.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace battgpu::interp {
namespace {

constexpr const char* kBatt = R"(from dsl import *
from constants import *

def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    t1 = o_g(I, R5)
    t2 = size(t1)
    o.append((2, 'None', 'objects', t2))
    return o, s
)";

std::uint32_t refs(const py::Value& v) {
  return v.object()->refs.load();
}

TEST(RememberedExtractions, AreFreedWhenForgotten) {
  const frontend::Program program = testing::checked_tokpidjin(kBatt, "remembered.py");
  ASSERT_FALSE(program.has_errors());
  const py::Value row = py::tuple_of({py::Value::integer(1), py::Value::integer(0)});
  const py::Value grid = py::tuple_of({row, row});
  const auto mode = runtime::py_objects_batching_mode();
  runtime::set_py_objects_batching(runtime::ObjectBatching::On);
  forget_remembered_extractions();
  {
    Executor executor(program, program.functions.front());
    // Two calls on one grid: one extraction in the batch, for both.
    std::vector<Call> calls(2);
    for (Call& c : calls)
      c.args = {py::make_str("t"), py::empty_tuple(), grid, py::Value::none(),
                py::make_str("/dev/null")};
    Call* running[] = {&calls[0], &calls[1]};
    executor.run(running);
    for (const Call& c : calls) {
      ASSERT_EQ(c.status, Call::Status::Ok);
      ASSERT_EQ(c.o.size(), 1u);
    }
  }
  runtime::set_py_objects_batching(mode);
  // The calls are gone; what still holds the grid is this test and the remembered extraction.
  const std::uint32_t held = refs(grid);
  EXPECT_GE(held, 2u);
  forget_remembered_extractions();
  EXPECT_EQ(refs(grid), held - 1);
}

} // namespace
} // namespace battgpu::interp
