// Calls whose statements several threads run (HelpBoard, Executor::run_shared) give exactly
// the outcome of the call run by one thread: the same records in the same order, the same
// status and exception, the same returned value. Each program runs every sample of a set of
// ARC tasks twice: once alone, once with helper threads idle from the start, so that every
// call is shared from its first statement. The programs: the small cases of the compiled
// path (nested try statements, else and finally, unknown names, unpacking, record lists,
// closures, unbound locals, sample batches, falling off the end), a synthetic batt in
// tokpidjin's generator's format, and tokpidjin's own batt file where ../shared is there.
#include "battgpu/frontend/parser.hpp"
#include "battgpu/interp/executor.hpp"
#include "battgpu/interp/runner.hpp"
#include "battgpu/py/canonical.hpp"
#include "battgpu/py/py.hpp"
#include "battgpu/tasks/task.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace battgpu::interp {
namespace {

namespace fs = std::filesystem;

const std::vector<tasks::Task>& sample_tasks() {
  static const std::vector<tasks::Task> tasks = [] {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(BATTGPU_TEST_TASKS))
      if (e.path().extension() == ".json")
        files.push_back(e.path());
    std::sort(files.begin(), files.end());
    files.resize(std::min<std::size_t>(files.size(), 12));
    return tasks::load_tasks(files).tasks;
  }();
  return tasks;
}

/// A batt call's arguments for every train and test input of the tasks, as the runner makes
/// them (C = None).
std::vector<std::vector<py::Value>> batt_calls() {
  std::vector<std::vector<py::Value>> calls;
  for (const tasks::Task& task : sample_tasks()) {
    std::vector<py::Value> pairs;
    for (const tasks::Pair& p : task.train)
      pairs.push_back(py::tuple_of({grid_value(p.input), grid_value(*p.output)}));
    const py::Value samples = py::tuple_of(pairs);
    auto add = [&](const dsl::Grid& input) {
      calls.push_back({py::make_str(task.id), samples, grid_value(input), py::Value::none(),
                       py::make_str("/dev/null")});
    };
    for (const tasks::Pair& p : task.train)
      add(p.input);
    for (const tasks::Pair& p : task.test)
      add(p.input);
  }
  return calls;
}

/// What a test compares of a call: its status, exception and records, as text.
std::string outcome(const Call& c) {
  std::string text = std::to_string(static_cast<int>(c.status));
  text += ' ';
  text += py::exc_name(c.error);
  auto list = [&](const char* name, const std::vector<py::Value>& values) {
    text += name;
    for (const py::Value& v : values) {
      text += ' ';
      py::write_canonical(text, v, py::SetListing::IterationOrder);
    }
  };
  list("\no:", c.o);
  list("\ns:", c.s);
  list("\nreturned:", c.returned);
  return text;
}

/// Runs every call of `function` alone, then in blocks of `per_block` calls with `helpers`
/// threads idle from the start, and compares each call's outcomes. Blocks of one take the
/// calls of batt_calls(); blocks of two pair each with a scoring call (C = its input), as a
/// scored sample's calls run apart, and are shared one call after the other.
void expect_shared_calls_match(const frontend::Program& program, const frontend::Function& function,
                               unsigned helpers, std::size_t per_block) {
  std::vector<std::vector<py::Value>> args;
  for (std::vector<py::Value> a : batt_calls()) {
    args.push_back(a);
    if (per_block == 2) {
      a[3] = a[2];
      args.push_back(a);
    }
  }
  ASSERT_FALSE(args.empty());
  std::vector<std::string> alone;
  {
    Executor executor(program, function);
    for (const auto& a : args) {
      Call c;
      c.args = a;
      Call* one[] = {&c};
      executor.run(one);
      alone.push_back(outcome(c));
    }
  }
  HelpBoard board;
  std::atomic<bool> finished{false};
  std::vector<std::jthread> threads;
  for (unsigned h = 0; h < helpers; ++h) {
    board.set_idle(true);
    threads.emplace_back([&] {
      Executor own(program, function);
      const auto executor_for = [&](const frontend::Function&) -> Executor& { return own; };
      while (!finished.load())
        if (!board.help(executor_for))
          std::this_thread::yield();
    });
  }
  ExecutorOptions options;
  options.helpers = &board;
  Executor executor(program, function, options);
  std::size_t differ = 0;
  for (std::size_t i = 0; i + per_block <= args.size(); i += per_block) {
    std::vector<Call> block(per_block);
    std::vector<Call*> running;
    for (std::size_t k = 0; k < per_block; ++k) {
      block[k].args = args[i + k];
      running.push_back(&block[k]);
    }
    executor.run(running);
    for (std::size_t k = 0; k < per_block; ++k) {
      const std::string shared = outcome(block[k]);
      if (shared != alone[i + k] && ++differ <= 3)
        ADD_FAILURE() << "call " << i + k << "\n  alone:  " << alone[i + k].substr(0, 800)
                      << "\n  shared: " << shared.substr(0, 800);
    }
  }
  finished = true;
  threads.clear();
  EXPECT_EQ(differ, 0u) << "of " << args.size() << " calls";
  // Every call was shared from its first statement; in a long function the helpers ran
  // some statements (in a short one the call's own thread may well run them all first).
  EXPECT_TRUE(executor.shareable());
  EXPECT_EQ(executor.shared_calls(), args.size());
  if (function.body.size() >= 100) {
    EXPECT_GT(board.statements_helped(), 0u);
  }
  std::cout << args.size() << " calls in blocks of " << per_block << ", " << args.size() - differ
            << " identical when shared; " << board.statements_helped()
            << " statements run by helpers\n";
}

frontend::Program load(const fs::path& source) {
  frontend::CheckOptions options;
  options.dialect = py::Dialect::Tokpidjin;
  return frontend::check(frontend::parse_file(source.string()), options);
}

class SharedCase : public ::testing::TestWithParam<std::string> {};

TEST_P(SharedCase, OutcomesAreTheSequentialOnes) {
  const frontend::Program program = load(GetParam());
  ASSERT_FALSE(program.has_errors()) << GetParam();
  if (program.form != frontend::ModuleForm::Batt)
    GTEST_SKIP() << "not a batt module";
  for (const frontend::Function& f : program.functions) {
    expect_shared_calls_match(program, f, 3, 1);
    expect_shared_calls_match(program, f, 3, 2);
  }
}

std::vector<std::string> programs() {
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(BATTGPU_TEST_CASES))
    if (e.path().extension() == ".py")
      files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  files.push_back(BATTGPU_TEST_SYNTH);
  const fs::path small = fs::path(BATTGPU_SHARED_DIR) / "reference/tokpidjin/batt_small.py";
  if (fs::exists(small))
    files.push_back(small.string());
  return files;
}

INSTANTIATE_TEST_SUITE_P(Programs, SharedCase, ::testing::ValuesIn(programs()),
                         [](const auto& param) {
                           std::string name = fs::path(param.param).stem().string();
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c)))
                               c = '_';
                           return name;
                         });

TEST(SharedCalls, ARunShareCallsOnlyWhereAsked) {
  // The runner shares calls only when they run apart; the records are the same either way.
  const frontend::Program program = load(BATTGPU_TEST_SYNTH);
  ASSERT_FALSE(program.has_errors());
  std::vector<std::string> lines[2];
  RunSummary summary[2];
  for (int share = 0; share < 2; ++share) {
    RunOptions options;
    options.jobs = 4;
    options.calls_apart_statements = 1;
    options.share_calls = share == 1;
    options.record_sink = [&](const std::string& line) { lines[share].push_back(line); };
    summary[share] = run_program(program, sample_tasks(), options);
  }
  EXPECT_FALSE(summary[0].share_calls);
  EXPECT_TRUE(summary[1].share_calls);
  ASSERT_FALSE(lines[0].empty());
  EXPECT_EQ(lines[0], lines[1]);
}

TEST(SharedCalls, AScoredSampleRunsApartAsOneBlockOfItsTwoCalls) {
  // Calls apart and scored: with calls reused, a sample's plain and scoring call make one
  // block (and share what does not read C); without, a block each. Shared or not, the records
  // are those of every call run alone.
  const frontend::Program program = load(BATTGPU_TEST_SYNTH);
  ASSERT_FALSE(program.has_errors());
  std::size_t samples = 0;
  for (const tasks::Task& t : sample_tasks())
    samples += t.train.size() + t.test.size();
  std::vector<std::string> lines[3];
  RunSummary summary[3];
  for (int run = 0; run < 3; ++run) {
    RunOptions options;
    options.jobs = 4;
    options.score = true;
    options.calls_apart_statements = 1;
    options.reuse_calls = run != 0;
    options.share_calls = run == 2;
    options.record_sink = [&](const std::string& line) { lines[run].push_back(line); };
    summary[run] = run_program(program, sample_tasks(), options);
  }
  auto blocks = [](const RunSummary& s) {
    std::size_t n = 0;
    for (const ThreadTiming& t : s.threads)
      n += t.blocks;
    return n;
  };
  EXPECT_TRUE(summary[0].calls_apart);
  EXPECT_EQ(blocks(summary[0]), summary[0].calls);
  EXPECT_EQ(blocks(summary[1]), samples);
  EXPECT_GT(summary[1].calls, samples); // some samples were scored
  ASSERT_FALSE(lines[0].empty());
  EXPECT_EQ(lines[0], lines[1]);
  EXPECT_EQ(lines[0], lines[2]);
}

} // namespace
} // namespace battgpu::interp
