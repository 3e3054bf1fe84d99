// Calls of one block that make a statement's call on the very values an earlier call used take
// that call's outcome (interp/src/repeated_calls.hpp): the DSL's functions run once for both,
// and every call's records are those of the calls run without it.
#include "../../interp/src/repeated_calls.hpp"
#include "battgpu/interp/executor.hpp"
#include "battgpu/py/call_profile.hpp"
#include "battgpu/py/py.hpp"
#include "test_inputs.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

namespace battgpu::interp {
namespace {

// The sample's plain call and its scoring call share S and I; C differs.
constexpr std::string_view kProgram = R"(from dsl import *
from constants import *

def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    t1 = vmirror_t(I)
    t2 = cellwise(I, C, ZERO)
    try:
        t3 = add(I, ONE)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t3 = _get_safe_default(add)
    t4 = hmirror_t(t1)
    t4 = hmirror_t(t4)
    o.append((1, 'None', 'a', t1))
    o.append((2, 'None', 'b', t2))
    o.append((3, 'None', 'c', t3))
    s.append((4, 'None', 'd', t4))
    return o, s
)";

py::Value grid(std::vector<std::vector<std::int64_t>> rows) {
  std::vector<py::Value> out;
  for (const auto& r : rows) {
    std::vector<py::Value> cells;
    for (std::int64_t c : r)
      cells.push_back(py::Value::integer(c));
    out.push_back(py::tuple_of(cells));
  }
  return py::tuple_of(out);
}

struct Outcome {
  std::vector<Call> calls;
  std::uint64_t calls_of(std::string_view function) const {
    std::uint64_t n = 0;
    for (const py::CallProfile::Entry& e : profile)
      if (e.function == function)
        n += e.calls;
    return n;
  }
  std::vector<py::CallProfile::Entry> profile;
};

/// Two samples, each called plain (C = None) and to be scored (C = its output), in one block.
Outcome run_block(bool reuse, double time_limit, std::string_view source = kProgram) {
  const frontend::Program program = testing::checked_tokpidjin(source, "repeated.py");
  ExecutorOptions options;
  options.reuse_repeated_calls = reuse;
  options.time_limit = time_limit;
  Executor executor(program, program.functions.front(), options);
  const py::Value task = py::make_str("t"), log = py::make_str("/dev/null");
  const py::Value inputs[] = {grid({{1, 2}, {3, 4}}), grid({{5, 0, 5}})};
  const py::Value outputs[] = {grid({{2, 2}, {3, 0}}), grid({{5, 5, 5}})};
  const py::Value samples = py::tuple_of({py::tuple_of({inputs[0], outputs[0]})});
  Outcome out;
  for (int k = 0; k < 2; ++k)
    for (const py::Value& c : {py::Value::none(), outputs[k]}) {
      Call call;
      call.args = {task, samples, inputs[k], c, log};
      out.calls.push_back(std::move(call));
    }
  std::vector<Call*> running;
  for (Call& c : out.calls)
    running.push_back(&c);
  py::CallProfile profile;
  {
    py::CallProfile::Scope scope(profile);
    executor.run(running);
  }
  out.profile = profile.entries();
  return out;
}

void expect_same_records(const Outcome& a, const Outcome& b) {
  ASSERT_EQ(a.calls.size(), b.calls.size());
  for (std::size_t k = 0; k < a.calls.size(); ++k) {
    const Call &x = a.calls[k], &y = b.calls[k];
    EXPECT_EQ(x.status, y.status) << k;
    ASSERT_EQ(x.o.size(), y.o.size()) << k;
    ASSERT_EQ(x.s.size(), y.s.size()) << k;
    for (std::size_t i = 0; i < x.o.size(); ++i)
      EXPECT_TRUE(py::op_eq(x.o[i], y.o[i])) << k << " o " << i;
    for (std::size_t i = 0; i < x.s.size(); ++i)
      EXPECT_TRUE(py::op_eq(x.s[i], y.s[i])) << k << " s " << i;
  }
}

TEST(RepeatedCalls, CallsOnTheSameValuesRunOnceWithTheRecordsOfEachCallRunAlone) {
  for (double time_limit : {0.0, 1000.0}) { // the plain and the timed statement loops
    const Outcome alone = run_block(false, time_limit);
    const Outcome reused = run_block(true, time_limit);
    expect_same_records(alone, reused);
    for (const Call& c : reused.calls)
      EXPECT_EQ(c.status, Call::Status::Ok);
    // Four calls, two inputs: vmirror_t(I) and the failing add(I, ONE) run once an input.
    EXPECT_EQ(alone.calls_of("vmirror_t"), 4u);
    EXPECT_EQ(reused.calls_of("vmirror_t"), 2u);
    EXPECT_EQ(alone.calls_of("add"), 4u);
    EXPECT_EQ(reused.calls_of("add"), 2u);
    // cellwise reads C, which the plain and the scoring call give differently.
    EXPECT_EQ(reused.calls_of("cellwise"), 4u);
    // `t4 = hmirror_t(t4)` assigns its own operand, so it is made by every call; the first
    // hmirror_t, on t1 shared by the pair, once an input: 2 + 4.
    EXPECT_EQ(alone.calls_of("hmirror_t"), 8u);
    EXPECT_EQ(reused.calls_of("hmirror_t"), 6u);
  }
}

TEST(RepeatedCalls, AStatementThatTakesOutcomesIsStillLookedUpAfterManyBlocks) {
  // One executor over many blocks, as a worker thread runs them: two calls a block, each with
  // its own input and both with the block's S. vmirror_t(I) never finds an earlier call's
  // outcome, and is looked up no more after a few blocks; hmirror_t(S) finds one in every
  // block, and keeps doing so.
  constexpr std::string_view source = R"(from dsl import *
from constants import *

def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    t1 = vmirror_t(I)
    t2 = hmirror_t(S)
    o.append((1, 'None', 'a', t1))
    s.append((2, 'None', 'b', t2))
    return o, s
)";
  const frontend::Program program = testing::checked_tokpidjin(source, "blocks.py");
  constexpr int kBlocks = 3 * Executor::kReuseTrials;
  std::vector<Call> calls[2];
  std::uint64_t hmirror_calls[2] = {0, 0};
  for (const bool reuse : {false, true}) {
    ExecutorOptions options;
    options.reuse_repeated_calls = reuse;
    Executor executor(program, program.functions.front(), options);
    const py::Value task = py::make_str("t"), log = py::make_str("/dev/null");
    py::CallProfile profile;
    py::CallProfile::Scope scope(profile);
    for (int b = 0; b < kBlocks; ++b) {
      const py::Value samples = py::tuple_of({grid({{b, 1}}), grid({{2, b}})});
      std::vector<Call> block(2);
      std::vector<Call*> running;
      for (int k = 0; k < 2; ++k) {
        block[k].args = {task, samples, grid({{b, k}, {k, 3}}), py::Value::none(), log};
        running.push_back(&block[k]);
      }
      executor.run(running);
      for (Call& c : block)
        calls[reuse].push_back(std::move(c));
    }
    for (const py::CallProfile::Entry& e : profile.entries())
      if (e.function == "hmirror_t")
        hmirror_calls[reuse] += e.calls;
  }
  Outcome alone, reused;
  alone.calls = std::move(calls[0]);
  reused.calls = std::move(calls[1]);
  expect_same_records(alone, reused);
  EXPECT_EQ(hmirror_calls[0], 2u * kBlocks);
  EXPECT_EQ(hmirror_calls[1], 1u * kBlocks);
}

TEST(RepeatedCalls, AnUnboundOperandRaisesInEveryCall) {
  // t1 is never assigned (calling a grid raises TypeError, which the handler passes: the
  // reference runner's records say so too), so the statement reading it raises
  // UnboundLocalError in each call, taken over or not.
  constexpr std::string_view source = R"(from dsl import *
from constants import *

def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    try:
        t1 = I(ONE)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        pass
    t2 = vmirror_t(t1)
    o.append((1, 'None', 'a', t2))
    return o, s
)";
  for (const bool reuse : {false, true}) {
    const Outcome out = run_block(reuse, 0.0, source);
    for (const Call& c : out.calls) {
      EXPECT_EQ(c.status, Call::Status::Raised) << reuse;
      EXPECT_EQ(c.error, py::Exc::UnboundLocalError) << reuse;
    }
    EXPECT_EQ(out.calls_of("vmirror_t"), 0u);
  }
}

TEST(RepeatedCalls, OperandsAreIdenticalOnlyAsOneObjectOrTheSameBits) {
  const py::Value t = py::tuple_of({py::Value::integer(1)});
  EXPECT_TRUE(identical_operands(t, t));
  EXPECT_FALSE(identical_operands(t, py::tuple_of({py::Value::integer(1)}))); // equal, two
  EXPECT_TRUE(identical_operands(py::Value::integer(7), py::Value::integer(7)));
  EXPECT_FALSE(identical_operands(py::Value::integer(1), py::Value::boolean(true)));
  EXPECT_FALSE(identical_operands(py::Value::floating(0.0), py::Value::floating(-0.0)));
  EXPECT_TRUE(identical_operands(py::Value::floating(2.5), py::Value::floating(2.5)));
  const py::Value nan = py::Value::fresh_nan();
  EXPECT_TRUE(identical_operands(nan, nan));
  EXPECT_FALSE(identical_operands(nan, py::Value::fresh_nan()));
  EXPECT_TRUE(identical_operands(py::Value::none(), py::Value::none()));
  for (const py::Value& v : {t, py::Value::integer(7), py::Value::floating(-0.0), nan})
    EXPECT_EQ(identity_hash(v), identity_hash(py::Value(v)));
}

} // namespace
} // namespace battgpu::interp
