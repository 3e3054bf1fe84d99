// `battgpu run` at scale: --jobs, --batch-size, --prefetch and --time-limit. Reports are the
// same, in task order, whatever the threads and batches; a runaway solver is stopped.
#include "cli.hpp"
#include "run.hpp"

#include "battgpu/dsl.hpp"
#include "battgpu/tasks/json.hpp"

#include "temp_dir.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace battgpu::driver_scale_test {
using namespace battgpu::dsl;

std::atomic<bool> release_loops{false};

// Records its input, except on inputs starting with colour 3, where it loops until the test
// releases it (a runaway solver that the driver cannot stop from outside).
void loops_on_threes([[maybe_unused]] const Samples& S, const Grid& I,
                     [[maybe_unused]] const Grid& C, Outputs& o) {
  while (I.at(0, 0) == 3 && !release_loops.load())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  o.emplace_back(1, "test-loops", I);
}
BATTGPU_REGISTER_SOLVER("test-loops", loops_on_threes);

// Builds DSL values forever on inputs starting with colour 3 (a runaway that the time limit
// can cancel at the values it builds); records its input otherwise.
void builds_on_threes([[maybe_unused]] const Samples& S, const Grid& I,
                      [[maybe_unused]] const Grid& C, Outputs& o) {
  while (I.at(0, 0) == 3)
    (void)hmirror(I);
  o.emplace_back(1, "test-builds", I);
}
BATTGPU_REGISTER_SOLVER("test-builds", builds_on_threes);

} // namespace battgpu::driver_scale_test

namespace {

namespace fs = std::filesystem;
using battgpu::testing::TempDir;
namespace driver = battgpu::driver;

struct Result {
  int code;
  std::string out;
  std::string err;
};

Result run_cli(std::vector<std::string> args) {
  args.insert(args.begin(), "battgpu");
  std::vector<const char*> argv;
  for (const std::string& a : args)
    argv.push_back(a.c_str());
  std::ostringstream out, err;
  int code = driver::cli_main(static_cast<int>(argv.size()), argv.data(), out, err, false);
  return Result{code, out.str(), err.str()};
}

/// The report without what may differ between runs: timings, settings, runtime statistics.
std::string results_of(const driver::RunReport& report) {
  std::string text;
  for (const driver::TaskReport& t : report.tasks) {
    text += t.id + " " + t.path + " " + driver::status_name(t.status) + " " +
            std::to_string(t.candidates) + " [";
    for (const std::string& s : t.solved_by)
      text += s + ",";
    text += "] ";
    for (const driver::TestReport& test : t.tests) {
      text += '(';
      text += test.has_expected ? "1 " : "0 ";
      text += std::to_string(test.candidates);
      for (const std::string& s : test.matched_by) {
        text += ' ';
        text += s;
      }
      text += ")";
    }
    for (const std::string& e : t.errors)
      text += " !" + e;
    text += "\n";
  }
  std::istringstream lines(driver::report_text(report, false));
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("time:", 0) != 0 && line.rfind("runtime:", 0) != 0)
      text += line + "\n";
  return text;
}

std::vector<const battgpu::SolverInfo*> solvers_except_tests() {
  std::vector<const battgpu::SolverInfo*> solvers;
  for (const battgpu::SolverInfo& s : battgpu::registered_solvers())
    if (s.name.rfind("test-", 0) != 0)
      solvers.push_back(&s);
  return solvers;
}

void expect_same_results_for_every_setting(const fs::path& tasks, std::size_t min_tasks) {
  const std::vector<fs::path> paths{tasks};
  const auto solvers = solvers_except_tests();
  ASSERT_FALSE(solvers.empty());
  const driver::RunReport reference = driver::run(paths, solvers, driver::RunSettings{1, 1});
  ASSERT_GE(reference.tasks.size(), min_tasks);
  ASSERT_TRUE(reference.load_errors.empty());
  for (std::size_t i = 1; i < reference.tasks.size(); ++i)
    ASSERT_LT(reference.tasks[i - 1].path, reference.tasks[i].path) << "not in task order";
  const std::string expected = results_of(reference);
  for (unsigned jobs : {1u, 4u})
    for (std::size_t batch : {std::size_t{1}, std::size_t{7}, std::size_t{64}}) {
      driver::RunSettings settings{jobs, batch};
      // The prefetch path runs in CI too (on the CPU it keeps no results).
      if (batch == 7)
        settings.prefetch = driver::Batching::Always;
      const driver::RunReport r = driver::run(paths, solvers, settings);
      EXPECT_EQ(r.settings.jobs, jobs);
      EXPECT_EQ(r.batches, (r.tasks.size() + batch - 1) / batch);
      EXPECT_EQ(results_of(r), expected) << "jobs " << jobs << ", batch size " << batch;
    }
}

TEST(DriverScale, SameReportForEveryJobsAndBatchSizeOnTheExampleTasks) {
  expect_same_results_for_every_setting(BATTGPU_EXAMPLE_TASKS_DIR, 6);
}

TEST(DriverScale, SameReportForEveryJobsAndBatchSizeOnArcTraining) {
  const fs::path training = fs::path(BATTGPU_SHARED_DIR) / "arc-agi" / "training";
  if (!fs::is_directory(training))
    GTEST_SKIP() << training << " is not present";
  expect_same_results_for_every_setting(training, 400);
}

TEST(DriverScale, JsonReportHasStagesSettingsAndRuntimeStatistics) {
  Result r = run_cli({"run", "--json", "--jobs", "2", "--batch-size=4", "--prefetch", "always",
                      "--gather", "never", BATTGPU_EXAMPLE_TASKS_DIR});
  ASSERT_EQ(r.code, 0) << r.err;
  battgpu::json::Value report = battgpu::json::parse(r.out);
  const battgpu::json::Value* settings = report.find("settings");
  ASSERT_NE(settings, nullptr);
  EXPECT_EQ(settings->find("jobs")->as_int64(), 2);
  EXPECT_EQ(settings->find("batch_size")->as_int64(), 4);
  EXPECT_EQ(settings->find("batches")->as_int64(), 2);
  EXPECT_GT(settings->find("prefetched_grids")->as_int64(), 0);
  const battgpu::json::Value* timing = report.find("timing");
  ASSERT_NE(timing, nullptr);
  for (const char* key :
       {"load_seconds", "prefetch_seconds", "solve_seconds", "total_seconds", "tasks_per_second"})
    ASSERT_NE(timing->find(key), nullptr) << key;
  const battgpu::json::Value* runtime = report.find("runtime");
  ASSERT_NE(runtime, nullptr);
  // The prefetch made one object call and one colour call per batch.
  EXPECT_GE(runtime->find("calls")->as_int64(), 4);
  for (const char* key : {"items", "gpu_items", "cpu_items", "seconds", "fallbacks"})
    EXPECT_NE(runtime->find(key), nullptr) << key;
  EXPECT_EQ(report.find("summary")->find("time_limit")->as_int64(), 0);

  Result text = run_cli({"run", "--quiet", "--jobs=3", BATTGPU_EXAMPLE_TASKS_DIR});
  ASSERT_EQ(text.code, 0);
  EXPECT_NE(text.out.find("tasks/s, 3 jobs, 1 batch)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("runtime: "), std::string::npos) << text.out;
}

/// Tasks a, b and c of one 1x2 grid each, with first colour 1, 3 and 2: the runaway solvers
/// below run away on b only.
void write_tasks_with_a_runaway(TempDir& dir) {
  auto task = [](int colour) {
    std::string grid = "[[" + std::to_string(colour) + ", 0]]";
    return R"({"train": [{"input": )" + grid + R"(, "output": )" + grid +
           R"(}], "test": [{"input": )" + grid + R"(, "output": )" + grid + "}]}";
  };
  dir.write("a.json", task(1));
  dir.write("b.json", task(3));
  dir.write("c.json", task(2));
}

TEST(DriverScale, TimeLimitStopsARunawaySolver) {
  TempDir dir;
  write_tasks_with_a_runaway(dir);
  const auto start = std::chrono::steady_clock::now();
  Result r = run_cli(
      {"run", "--solver", "test-loops", "--time-limit", "0.3", "--jobs", "2", "--json", dir.str()});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_LT(seconds, 10.0);
  battgpu::json::Value report = battgpu::json::parse(r.out);
  const auto& tasks = report.find("tasks")->items();
  ASSERT_EQ(tasks.size(), 3u);
  EXPECT_EQ(tasks[0].find("status")->text(), "solved");
  EXPECT_EQ(tasks[1].find("status")->text(), "time-limit");
  EXPECT_EQ(tasks[1].find("errors")->items().at(0).text(),
            "time limit of 0.3 s exceeded: solver 'test-loops' on test[0] was abandoned");
  EXPECT_EQ(tasks[2].find("status")->text(), "solved");
  EXPECT_EQ(report.find("summary")->find("time_limit")->as_int64(), 1);
  EXPECT_EQ(report.find("summary")->find("unsolved")->as_int64(), 1);
  EXPECT_EQ(driver::abandoned_threads(), 1u);

  Result text = run_cli({"run", "--solver", "test-loops", "--time-limit=0.2", dir.str()});
  EXPECT_NE(text.out.find("time-limit       b"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("1 task stopped at the time limit"), std::string::npos) << text.out;

  // Let the abandoned solvers return; the count goes back to zero.
  battgpu::driver_scale_test::release_loops = true;
  for (int i = 0; i < 500 && driver::abandoned_threads() != 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(driver::abandoned_threads(), 0u);
}

TEST(DriverScale, TimeLimitCancelsARunawayThatBuildsValues) {
  TempDir dir;
  write_tasks_with_a_runaway(dir);
  const std::size_t abandoned_before = driver::abandoned_threads();
  for (const char* gather : {"never", "always"}) {
    const auto start = std::chrono::steady_clock::now();
    Result r = run_cli({"run", "--solver", "test-builds", "--time-limit", "0.3", "--jobs", "2",
                        "--gather", gather, "--json", dir.str()});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_LT(seconds, 10.0);
    battgpu::json::Value report = battgpu::json::parse(r.out);
    const auto& tasks = report.find("tasks")->items();
    ASSERT_EQ(tasks.size(), 3u);
    EXPECT_EQ(tasks[0].find("status")->text(), "solved") << gather;
    EXPECT_EQ(tasks[1].find("status")->text(), "time-limit") << gather;
    EXPECT_EQ(tasks[1].find("errors")->items().at(0).text(),
              "time limit of 0.3 s exceeded: solver 'test-builds' on test[0] was stopped")
        << gather;
    EXPECT_EQ(tasks[2].find("status")->text(), "solved") << gather;
    // Cancelled, not abandoned: no thread is left running.
    EXPECT_EQ(driver::abandoned_threads(), abandoned_before) << gather;
  }
}

TEST(DriverScale, BadFlagsExitWith2) {
  for (std::vector<std::string> args : {std::vector<std::string>{"--jobs", "0"},
                                        {"--jobs", "x"},
                                        {"--jobs=-2"},
                                        {"--jobs"},
                                        {"--batch-size", "0"},
                                        {"--batch-size=1.5"},
                                        {"--time-limit", "-1"},
                                        {"--time-limit", "abc"},
                                        {"--time-limit=0"},
                                        {"--time-limit=inf"},
                                        {"--prefetch=maybe"},
                                        {"--gather", "sometimes"}}) {
    std::vector<std::string> full{"run"};
    full.insert(full.end(), args.begin(), args.end());
    if (args.size() != 1 || args[0] != "--jobs")
      full.push_back(BATTGPU_EXAMPLE_TASKS_DIR);
    Result r = run_cli(full);
    EXPECT_EQ(r.code, 2) << args[0];
    EXPECT_NE(r.err.find(args[0].substr(0, args[0].find('='))), std::string::npos) << r.err;
  }
}

} // namespace
