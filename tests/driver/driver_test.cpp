// The `battgpu` command line, run in-process: flags, reports, exit codes, failing solvers.
#include "cli.hpp"
#include "output_file.hpp"
#include "progress_line.hpp"
#include "run.hpp"

#include "battgpu/runtime/device.hpp"
#include "battgpu/runtime/py_objects.hpp"
#include "battgpu/tasks/json.hpp"

#include "temp_dir.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace battgpu::driver_test {
using namespace battgpu::dsl;

// Solvers for these tests only. The tests name them with --solver.
void copy_input([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
                Outputs& o) {
  o.emplace_back(1, "test-copy", I);
}
void throws_on_threes([[maybe_unused]] const Samples& S, const Grid& I,
                      [[maybe_unused]] const Grid& C, Outputs& o) {
  o.emplace_back(1, "test-throws", I);
  if (I.at(0, 0) == 3)
    throw std::runtime_error("boom");
}
void throws_something([[maybe_unused]] const Samples& S, [[maybe_unused]] const Grid& I,
                      [[maybe_unused]] const Grid& C, [[maybe_unused]] Outputs& o) {
  throw 42;
}
void records_nothing([[maybe_unused]] const Samples& S, [[maybe_unused]] const Grid& I,
                     [[maybe_unused]] const Grid& C, [[maybe_unused]] Outputs& o) {}
void slow_copy([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
               Outputs& o) {
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  o.emplace_back(1, "test-slow", I);
}
BATTGPU_REGISTER_SOLVER("test-copy", copy_input);
BATTGPU_REGISTER_SOLVER("test-throws", throws_on_threes);
BATTGPU_REGISTER_SOLVER("test-throws-int", throws_something);
BATTGPU_REGISTER_SOLVER("test-nothing", records_nothing);
BATTGPU_REGISTER_SOLVER("test-slow", slow_copy);

} // namespace battgpu::driver_test

namespace {

namespace fs = std::filesystem;
using battgpu::json::Value;

using battgpu::testing::TempDir;

/// A task whose answer is its test input (so "test-copy" solves it) or not.
std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string task_text(int colour, bool identity, bool with_output = true) {
  std::string in = "[[" + std::to_string(colour) + ", 0]]";
  std::string out = identity ? in : "[[0, " + std::to_string(colour) + "]]";
  std::string test = R"({"input": )" + in + (with_output ? R"(, "output": )" + out : "") + "}";
  return R"({"train": [{"input": )" + in + R"(, "output": )" + out + R"(}], "test": [)" + test +
         "]}";
}

/// Two tasks in `dir`/tasks (a's output is its input, b's is not) and a batt module of
/// `statements` (between `o = []` and `return o, s`): the module's path and the tasks'.
std::pair<std::string, std::string> two_tasks_and_batt(const TempDir& dir,
                                                       const std::string& statements) {
  fs::create_directories(dir.path() / "tasks");
  dir.write("tasks/a.json", task_text(1, true));
  dir.write("tasks/b.json", task_text(2, false));
  dir.write("batt.py", "from dsl import *\n\ndef batt(task_id, S, I, C, log_path):\n"
                       "    s = []\n    o = []\n" +
                           statements + "    return o, s\n");
  return {(dir.path() / "batt.py").string(), (dir.path() / "tasks").string()};
}

/// A batt module of one statement whose one candidate is the sample's input.
constexpr const char* kIdentityBatt = "from dsl import *\n\ndef batt(task_id, S, I, C, log_path):\n"
                                      "    s = []\n    o = []\n    t1 = identity(I)\n"
                                      "    o.append((1, True, 'x', t1))\n    return o, s\n";

struct Result {
  int code;
  std::string out;
  std::string err;
};

Result run_cli(std::vector<std::string> args, bool terminal = false) {
  args.insert(args.begin(), "battgpu");
  std::vector<const char*> argv;
  for (const std::string& a : args)
    argv.push_back(a.c_str());
  std::ostringstream out, err;
  int code =
      battgpu::driver::cli_main(static_cast<int>(argv.size()), argv.data(), out, err, terminal);
  return Result{code, out.str(), err.str()};
}

TEST(Driver, HelpDocumentsEveryFlagAndExitCode) {
  Result main_help = run_cli({"--help"});
  EXPECT_EQ(main_help.code, 0);
  for (const char* word : {"run", "solvers", "--version", "Exit codes", "  0 ", "  1 ", "  2 "})
    EXPECT_NE(main_help.out.find(word), std::string::npos) << word;

  Result run_help = run_cli({"run", "--help"});
  EXPECT_EQ(run_help.code, 0);
  for (const char* flag :
       {"--solver NAME", "--json", "--output FILE", "--quiet", "--progress", "--no-progress",
        "--fail-unsolved", "--jobs N", "--batch-size N", "--time-limit S", "--prefetch WHEN",
        "--help", "Exit codes", "  0 ", "  1 ", "  2 ", "  3 ", "  4 "})
    EXPECT_NE(run_help.out.find(flag), std::string::npos) << flag;
  // The form people run most, a Python module, is documented there too, not only behind a
  // FILE.py argument (the usage errors of that form point at 'battgpu run --help').
  for (const char* flag : {"FILE.py", "--program NAME", "--records FILE", "--score", "--block N",
                           "--trace T:S:I", "--grid-statements off|cpu|gpu", "  5 "})
    EXPECT_NE(run_help.out.find(flag), std::string::npos) << flag;
  EXPECT_EQ(run_cli({"run", "x.py", "--help"}).out, run_cli({"run", "--help", "x.py"}).out);

  Result version = run_cli({"--version"});
  EXPECT_EQ(version.code, 0);
  EXPECT_EQ(version.out.rfind("battgpu ", 0), 0u);
}

TEST(Driver, UsageErrorsExitWith2) {
  Result none = run_cli({});
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("Usage:"), std::string::npos);

  Result unknown_command = run_cli({"jump"});
  EXPECT_EQ(unknown_command.code, 2);
  EXPECT_NE(unknown_command.err.find("unknown command 'jump'"), std::string::npos);

  Result no_paths = run_cli({"run"});
  EXPECT_EQ(no_paths.code, 2);
  EXPECT_NE(no_paths.err.find("no task file or directory given"), std::string::npos);

  Result unknown_option = run_cli({"run", "--frobnicate", "x.json"});
  EXPECT_EQ(unknown_option.code, 2);
  EXPECT_NE(unknown_option.err.find("unknown option '--frobnicate'"), std::string::npos);

  Result missing_value = run_cli({"run", "x.json", "--solver"});
  EXPECT_EQ(missing_value.code, 2);
  EXPECT_NE(missing_value.err.find("--solver needs a value"), std::string::npos);

  Result unknown_solver = run_cli({"run", "--solver", "no-such-solver", "x.json"});
  EXPECT_EQ(unknown_solver.code, 2);
  EXPECT_NE(unknown_solver.err.find("unknown solver 'no-such-solver'"), std::string::npos);
}

TEST(Driver, ListsSolvers) {
  Result r = run_cli({"solvers"});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("test-copy\n"), std::string::npos);
  EXPECT_NE(r.out.find("test-throws\n"), std::string::npos);
}

TEST(Driver, ReportsSolvedAndFailedTasks) {
  TempDir dir;
  dir.write("a-solved.json", task_text(1, true));
  dir.write("b-wrong.json", task_text(2, false));
  Result r = run_cli({"run", "--solver", "test-copy", dir.str()});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("solved           a-solved     by test-copy"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("wrong-candidates b-wrong      1 candidate, none matches test[0]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("solved 1/2 tasks (50.0%) with 1 solver\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("time: load "), std::string::npos);
  EXPECT_NE(r.out.find(" ms, solve "), std::string::npos);
  EXPECT_NE(r.out.find(" ms, total "), std::string::npos);

  Result quiet = run_cli({"run", "-q", "--solver=test-copy", dir.str()});
  EXPECT_EQ(quiet.code, 0);
  EXPECT_EQ(quiet.out.find("a-solved"), std::string::npos);
  EXPECT_EQ(quiet.out.rfind("solved 1/2 tasks", 0), 0u) << quiet.out;

  Result strict = run_cli({"run", "--fail-unsolved", "--solver", "test-copy", dir.str()});
  EXPECT_EQ(strict.code, 3);
}

TEST(Driver, NoCandidatesAndUncheckedTasks) {
  TempDir dir;
  dir.write("a.json", task_text(1, true));
  dir.write("b.json", task_text(1, true, /*with_output=*/false));
  Result r = run_cli({"run", "--solver", "test-nothing", dir.str()});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("no-candidates    a            no solver recorded a candidate"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("unchecked        b"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("solved 0/1 tasks (0.0%) with 1 solver; 1 more without expected test "
                       "outputs"),
            std::string::npos)
      << r.out;
}

TEST(Driver, ThrowingSolverDoesNotStopTheRun) {
  TempDir dir;
  dir.write("a.json", task_text(1, true));
  dir.write("b.json", task_text(3, true));
  dir.write("c.json", task_text(5, true));
  Result r = run_cli({"run", "--solver", "test-throws", "--solver", "test-throws-int", dir.str()});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("solved           a            by test-throws"), std::string::npos) << r.out;
  // b: test-throws recorded the right grid, then threw: the task is not solved.
  EXPECT_NE(r.out.find("    solver 'test-throws' threw on test[0]: boom"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("    solver 'test-throws-int' threw on test[0]: an exception not derived "
                       "from std::exception"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("solved 2/3 tasks"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("4 solver exceptions caught"), std::string::npos) << r.out;

  Result only_int = run_cli({"run", "--solver", "test-throws-int", dir.str()});
  EXPECT_NE(only_int.out.find("solver-error     a            no candidates; 1 solver error"),
            std::string::npos)
      << only_int.out;
}

TEST(Driver, LoadErrorsAreReportedAndExitWith1) {
  TempDir dir;
  dir.write("good.json", task_text(1, true));
  fs::path bad = dir.write("bad.json", "{\"train\": [}");
  Result r = run_cli({"run", "--solver", "test-copy", dir.str(), (dir.path() / "gone").string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("load-error       " + bad.string() + ":1:12: invalid JSON"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("load-error       " + (dir.path() / "gone").string() +
                       ": no such file or directory"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("solved 1/1 tasks"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 task files could not be loaded"), std::string::npos) << r.out;
  // A load error outranks --fail-unsolved.
  EXPECT_EQ(run_cli({"run", "--fail-unsolved", "--solver", "test-nothing", dir.str()}).code, 1);
}

TEST(Driver, JsonReport) {
  TempDir dir;
  dir.write("a.json", task_text(1, true));
  dir.write("b.json", task_text(3, true));
  dir.write("z.json", "[]");
  Result r = run_cli({"run", "--json", "--solver", "test-throws", dir.str()});
  EXPECT_EQ(r.code, 1);
  Value report = battgpu::json::parse(r.out);
  ASSERT_TRUE(report.is_object());
  EXPECT_EQ(report.find("solvers")->items().at(0).text(), "test-throws");
  const Value* summary = report.find("summary");
  ASSERT_NE(summary, nullptr);
  EXPECT_EQ(summary->find("tasks")->as_int64(), 2);
  EXPECT_EQ(summary->find("checked")->as_int64(), 2);
  EXPECT_EQ(summary->find("solved")->as_int64(), 1);
  EXPECT_EQ(summary->find("unsolved")->as_int64(), 1);
  EXPECT_EQ(summary->find("load_errors")->as_int64(), 1);
  EXPECT_EQ(summary->find("solver_exceptions")->as_int64(), 1);
  const Value* timing = report.find("timing");
  ASSERT_NE(timing, nullptr);
  for (const char* key : {"load_seconds", "solve_seconds", "total_seconds"}) {
    ASSERT_NE(timing->find(key), nullptr) << key;
    EXPECT_GE(timing->find(key)->as_double(), 0.0) << key;
  }
  const auto& tasks = report.find("tasks")->items();
  ASSERT_EQ(tasks.size(), 2u);
  EXPECT_EQ(tasks[0].find("id")->text(), "a");
  EXPECT_EQ(tasks[0].find("status")->text(), "solved");
  EXPECT_EQ(tasks[0].find("solved_by")->items().at(0).text(), "test-throws");
  EXPECT_EQ(tasks[0].find("tests")->items().at(0).find("matched_by")->items().size(), 1u);
  EXPECT_EQ(tasks[1].find("id")->text(), "b");
  // b's solver recorded the right grid before throwing.
  EXPECT_EQ(tasks[1].find("status")->text(), "wrong-candidates");
  EXPECT_EQ(tasks[1].find("errors")->items().at(0).text(),
            "solver 'test-throws' threw on test[0]: boom");
  const auto& load_errors = report.find("load_errors")->items();
  ASSERT_EQ(load_errors.size(), 1u);
  EXPECT_EQ(load_errors[0].find("path")->text(), (dir.path() / "z.json").string());
}

TEST(Driver, OutputFileIsWrittenWhole) {
  TempDir dir;
  fs::path task = dir.write("a.json", task_text(1, true));
  fs::path report_file = dir.path() / "report.json";
  std::ofstream(report_file) << "old";
  Result r =
      run_cli({"run", "--solver", "test-copy", "--output", report_file.string(), task.string()});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("solved 1/1 tasks"), std::string::npos); // the text report still prints
  std::ifstream in(report_file);
  std::stringstream text;
  text << in.rdbuf();
  Value report = battgpu::json::parse(text.str());
  EXPECT_EQ(report.find("summary")->find("solved")->as_int64(), 1);
  // No temporary file is left behind.
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path()))
    ++entries;
  EXPECT_EQ(entries, 2u);

  Result unwritable = run_cli({"run", "--solver", "test-copy", "--output",
                               (dir.path() / "no-such-dir" / "r.json").string(), task.string()});
  EXPECT_EQ(unwritable.code, 4);
  EXPECT_NE(unwritable.err.find("cannot write report"), std::string::npos) << unwritable.err;
}

TEST(Driver, ProgressDisplayOnlyForRunsOverASecond) {
  TempDir dir;
  for (const char* name : {"t0.json", "t1.json", "t2.json", "t3.json"})
    dir.write(name, task_text(1, true));
  // Fast run on a terminal: no progress shown.
  Result fast = run_cli({"run", "--solver", "test-copy", dir.str()}, /*terminal=*/true);
  EXPECT_EQ(fast.err, "");
  // Slow run (4 x 0.3 s on one thread), not a terminal: nothing unless --progress.
  Result quiet = run_cli({"run", "--jobs", "1", "--solver", "test-slow", dir.str()});
  EXPECT_EQ(quiet.err, "");
  Result forced = run_cli({"run", "--jobs", "1", "--progress", "--solver", "test-slow", dir.str()});
  EXPECT_NE(forced.err.find("[4/4] solved 4, "), std::string::npos) << forced.err;
  EXPECT_NE(forced.err.find(" tasks/s, "), std::string::npos) << forced.err;
  EXPECT_EQ(forced.err.find('\r'), std::string::npos);
  // On a terminal the line is redrawn in place and cleared at the end.
  Result tty =
      run_cli({"run", "--jobs", "1", "--solver", "test-slow", dir.str()}, /*terminal=*/true);
  EXPECT_NE(tty.err.find("\r\033[K["), std::string::npos) << tty.err;
  EXPECT_EQ(tty.err.substr(tty.err.size() - 4), "\r\033[K");
  Result off = run_cli({"run", "--no-progress", "--solver", "test-slow", dir.str()}, true);
  EXPECT_EQ(off.err, "");
}

TEST(Driver, ProgressLineShowsRateElapsedAndTimeLeft) {
  using battgpu::driver::ProgressLine;
  const auto two_seconds_ago = ProgressLine::Clock::now() - std::chrono::seconds(2);
  std::ostringstream log;
  ProgressLine line(log, /*terminal=*/false, two_seconds_ago);
  line.update(0, 4);
  EXPECT_EQ(log.str(), "");
  line.update(1, 4, "solved 1, ", "t1");
  // One task in two seconds: 0.5 a second, three left, six seconds.
  EXPECT_EQ(log.str().rfind("[1/4] solved 1, 0.5 tasks/s, 2.0 s elapsed, ~6 s left  t1\n", 0), 0u)
      << log.str();
  line.update(2, 4); // within a second of the last line, in a log: not drawn
  EXPECT_EQ(log.str().find("[2/4]"), std::string::npos);
  line.update(4, 4); // the last is always drawn
  EXPECT_NE(log.str().find("[4/4] "), std::string::npos) << log.str();
  EXPECT_NE(log.str().find("~0 s left\n"), std::string::npos) << log.str();
  line.finish();
  EXPECT_EQ(log.str().find('\r'), std::string::npos);

  std::ostringstream tty;
  ProgressLine on_terminal(tty, /*terminal=*/true, two_seconds_ago);
  on_terminal.update(3, 4);
  on_terminal.finish();
  EXPECT_EQ(tty.str().rfind("\r\033[K[3/4] ", 0), 0u) << tty.str();
  EXPECT_EQ(tty.str().substr(tty.str().size() - 4), "\r\033[K");

  std::ostringstream early;
  ProgressLine fresh(early, /*terminal=*/true);
  fresh.update(1, 4); // under a second into the run
  fresh.finish();
  EXPECT_EQ(early.str(), "");
}

TEST(Driver, AProgramRunShowsTheProgressLine) {
  // The example batt module over the shipped tasks taken twice, on one thread: seconds, long
  // enough for the line on any machine.
  Result r = run_cli({"run", BATTGPU_EXAMPLE_BATT, BATTGPU_TRAINING_TASKS, BATTGPU_TRAINING_TASKS,
                      "--jobs", "1", "--progress", "-q"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("[800/800] "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(" tasks/s, "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(" s left"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos) << r.err; // not a terminal: lines
}

TEST(Driver, AProgramFileThatCannotBeReadIsReportedAsSuch) {
  TempDir dir;
  fs::create_directories(dir.path() / "tasks");
  dir.write("tasks/a.json", task_text(1, true));
  const std::string absent = (dir.path() / "absent.py").string();
  Result r = run_cli({"run", absent, (dir.path() / "tasks").string()});
  EXPECT_EQ(r.code, 5);
  EXPECT_NE(r.err.find(absent + ": error: cannot read the file"), std::string::npos) << r.err;
  // The one reason, not a second error about the module's form that follows from it.
  EXPECT_EQ(r.err.find("not a solver or batt module"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(Driver, ScoreSaysItChangesNothingForASolverModule) {
  TempDir dir;
  fs::create_directories(dir.path() / "tasks");
  dir.write("tasks/a.json", task_text(1, true));
  dir.write("solvers.py", "def solve_a(I):\n    O = vmirror(I)\n    return O\n");
  const std::string tasks = (dir.path() / "tasks").string();
  const std::string records = (dir.path() / "records.jsonl").string();
  const std::string scored = (dir.path() / "scored.jsonl").string();
  Result plain =
      run_cli({"run", (dir.path() / "solvers.py").string(), tasks, "--records", records, "-q"});
  Result r = run_cli(
      {"run", (dir.path() / "solvers.py").string(), tasks, "--score", "--records", scored, "-q"});
  EXPECT_EQ(plain.code, 0) << plain.err;
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("note: --score changes nothing for a solver module"), std::string::npos)
      << r.err;
  EXPECT_EQ(plain.err.find("note:"), std::string::npos) << plain.err;
  EXPECT_EQ(file_text(scored), file_text(records)); // each sample called once
}

/// A batt module of `statements` (lines of its body before `return o, s`) and two tasks of one
/// train and one test sample each (four calls), in `dir`.
void write_profiled_run(const TempDir& dir, const std::string& statements) {
  dir.write("batt.py", "from dsl import *\nfrom constants import *\n\n\n"
                       "def batt(task_id, S, I, C, log_path):\n"
                       "    s = []\n    o = []\n" +
                           statements + "    return o, s\n");
  fs::create_directories(dir.path() / "tasks");
  dir.write("tasks/a.json", task_text(1, true));
  dir.write("tasks/b.json", task_text(3, true));
}

TEST(Driver, ProfileCountsEveryDslCallByKindsOfArgument) {
  // Two tasks of one train and one test sample: four calls. In each, objects(I, T, F, F) on a
  // 1x2 grid of two colours gives two one-cell objects, and apply calls size on each.
  TempDir dir;
  write_profiled_run(dir, "    t1 = objects(I, T, F, F)\n"
                          "    t2 = apply(size, t1)\n"
                          "    o.append((2, True, 'sizes', t2))\n");
  const std::string program = (dir.path() / "batt.py").string();
  const std::string tasks = (dir.path() / "tasks").string();
  // Extraction batched over the calls in flight or one call at a time: the same counts.
  const battgpu::runtime::ObjectBatching mode = battgpu::runtime::py_objects_batching_mode();
  for (const bool batched : {false, true}) {
    battgpu::runtime::set_py_objects_batching(batched);
    // Each task's two calls extract interchangeable grids, whose remembered results are one
    // object: with calls reused, apply would run once for both. Counted here: every call's.
    Result r = run_cli(
        {"run", program, tasks, "--profile", "--json", "--jobs", "1", "--reuse-calls", "off"});
    ASSERT_EQ(r.code, 0) << r.err;
    const Value report = battgpu::json::parse(r.out);
    std::map<std::string, std::int64_t> calls; // "function(kinds)" -> calls
    std::int64_t function_calls = 0;
    for (const Value& f : report.find("functions")->items()) {
      std::string kinds;
      for (const Value& k : f.find("kinds")->items())
        kinds += (kinds.empty() ? "" : ", ") + k.text();
      calls[f.find("function")->text() + "(" + kinds + ")"] += *f.find("calls")->as_int64();
      function_calls += *f.find("calls")->as_int64();
      EXPECT_LE(f.find("self_seconds")->as_double(), f.find("total_seconds")->as_double() + 1e-9);
    }
    const std::string extraction = batched ? "batched extraction" : "objects";
    EXPECT_EQ(calls[extraction + "(grid, bool, bool, bool)"], 4) << r.out;
    EXPECT_EQ(calls["apply(function, objects)"], 4) << r.out;
    EXPECT_EQ(calls["size(object)"], 8) << r.out;
    EXPECT_EQ(calls.size(), 3u) << r.out;
    std::map<std::string, std::int64_t> by_kind;
    std::int64_t kind_calls = 0;
    for (const Value& k : report.find("value_kinds")->items()) {
      by_kind[k.find("kind")->text()] = *k.find("calls")->as_int64();
      kind_calls += *k.find("calls")->as_int64();
    }
    EXPECT_EQ(by_kind["grid"], 4);
    EXPECT_EQ(by_kind["objects"], 4); // apply's first argument is a function
    EXPECT_EQ(by_kind["object"], 8);
    EXPECT_EQ(kind_calls, function_calls);
  }
  battgpu::runtime::set_py_objects_batching(mode);
  Result text =
      run_cli({"run", program, tasks, "--profile", "--jobs", "1", "--reuse-calls", "off"});
  EXPECT_NE(text.out.find("size(object)  calls 8"), std::string::npos) << text.out;
  // With reuse (the default), the second call of each task takes the first one's apply.
  Result reused = run_cli({"run", program, tasks, "--profile", "--jobs", "1"});
  EXPECT_NE(reused.out.find("size(object)  calls 4"), std::string::npos) << reused.out;
  EXPECT_NE(text.out.find("outside DSL functions"), std::string::npos) << text.out;
}

TEST(Driver, ProfileNamesClosuresByTheFunctionTheyHoldAndLeavesOutItsOwnCost) {
  // Two tasks of one train and one test sample: four calls of a closure of o_g.
  TempDir dir;
  write_profiled_run(dir, "    t1 = rbind(o_g, R5)\n"
                          "    t2 = t1(I)\n"
                          "    t3 = size(t2)\n"
                          "    o.append((3, True, 'objects', t3))\n");
  Result r = run_cli({"run", (dir.path() / "batt.py").string(), (dir.path() / "tasks").string(),
                      "--profile", "--json", "--jobs", "1", "--reuse-calls", "off"});
  ASSERT_EQ(r.code, 0) << r.err;
  const Value report = battgpu::json::parse(r.out);
  std::map<std::string, std::int64_t> calls;
  double statement_seconds = 0;
  for (const Value& e : report.find("profile")->items()) {
    calls[e.find("function")->text()] = *e.find("calls")->as_int64();
    statement_seconds += e.find("seconds")->as_double();
  }
  EXPECT_EQ(calls["closure f of o_g"], 4) << r.out;
  EXPECT_EQ(calls["rbind"], 4) << r.out;
  EXPECT_EQ(calls["size"], 4) << r.out;
  EXPECT_EQ(calls.size(), 3u) << r.out;
  // The statements' times are parts of their calls' time, which the profile's own records
  // (telling the arguments' kinds apart) are taken out of too.
  const double in_calls = report.find("timing")->find("seconds_in_calls")->as_double();
  EXPECT_GT(statement_seconds, 0.0);
  EXPECT_LE(statement_seconds, in_calls + 1e-9) << r.out;
}

TEST(Driver, RecordsThatCannotBeWrittenStopTheRunBeforeItStarts) {
  TempDir dir;
  fs::create_directories(dir.path() / "tasks");
  dir.write("tasks/a.json", task_text(1, true));
  dir.write("batt.py", kIdentityBatt);
  const std::string program = (dir.path() / "batt.py").string();
  const std::string tasks = (dir.path() / "tasks").string();
  for (const std::string& target : {tasks, (dir.path() / "no_such_dir" / "r.jsonl").string()}) {
    Result r = run_cli({"run", program, tasks, "--records", target});
    EXPECT_EQ(r.code, 4) << target;
    EXPECT_NE(r.err.find("cannot write the records"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nothing was run"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "") << target;
  }
  // Written as the blocks finish, in place once the run is done, no temporary left.
  const std::string records = (dir.path() / "r.jsonl").string();
  Result ok = run_cli({"run", program, tasks, "--records", records, "-q"});
  EXPECT_EQ(ok.code, 0) << ok.err;
  std::ifstream in(records);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    EXPECT_EQ(line.rfind("{\"task\":\"a\"", 0), 0u) << line;
    ++lines;
  }
  EXPECT_EQ(lines, 2); // the train and the test sample
  for (const auto& e : fs::directory_iterator(dir.path()))
    EXPECT_EQ(e.path().filename().string().find(".r.jsonl.tmp"), std::string::npos);
}

TEST(Driver, RecordsToStandardOutput) {
  TempDir dir;
  fs::create_directories(dir.path() / "tasks");
  dir.write("tasks/a.json", task_text(1, true));
  dir.write("tasks/b.json", task_text(2, false));
  dir.write("batt.py", kIdentityBatt);
  const std::string program = (dir.path() / "batt.py").string();
  const std::string tasks = (dir.path() / "tasks").string();
  const std::string file = (dir.path() / "r.jsonl").string();
  Result to_file = run_cli({"run", program, tasks, "--records", file, "--jobs", "2"});
  ASSERT_EQ(to_file.code, 0) << to_file.err;
  // "-" is standard output: the same lines as the file, and the text report moves to
  // standard error; no file named "-" appears.
  Result piped = run_cli({"run", program, tasks, "--records", "-", "--jobs", "2"});
  EXPECT_EQ(piped.code, 0) << piped.err;
  EXPECT_EQ(piped.out, file_text(file));
  EXPECT_EQ(std::count(piped.out.begin(), piped.out.end(), '\n'), 4); // 2 tasks x 2 samples
  EXPECT_NE(piped.err.find("calls 4: raised 0"), std::string::npos) << piped.err;
  // The text report, up to its timings, as the run with a file printed it.
  const std::string report = to_file.out.substr(0, to_file.out.find("time: "));
  ASSERT_NE(report.find("solved 1/2 tasks"), std::string::npos) << report;
  EXPECT_NE(piped.err.find(report), std::string::npos) << piped.err;
  EXPECT_FALSE(fs::exists("-"));
  // Two things on standard output at once is a usage error, before anything runs.
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--json"}, {"--output", "-"}, {"--trace", "a:test:0"}}) {
    std::vector<std::string> args{"run", program, tasks, "--records", "-"};
    args.insert(args.end(), extra.begin(), extra.end());
    Result r = run_cli(args);
    EXPECT_EQ(r.code, 2) << extra.front();
    EXPECT_NE(r.err.find("standard output"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "") << extra.front();
  }
  // --output - is the JSON report on standard output, as --json.
  Result json = run_cli({"run", program, tasks, "--output", "-"});
  EXPECT_EQ(json.code, 0) << json.err;
  EXPECT_EQ(json.out.rfind("{", 0), 0u) << json.out;
  EXPECT_FALSE(fs::exists("-"));
}

TEST(Driver, ReusedCallsChangeNoRecord) {
  // The plain and the scoring call of each sample in one block: with reuse, the statements
  // on I alone run once for both; the records are those of every call run for itself.
  TempDir dir;
  const auto [program, tasks] = two_tasks_and_batt(
      dir, "    t1 = vmirror_t(I)\n    t2 = cellwise(t1, C, ZERO)\n"
           "    o.append((1, True, 'x', t1))\n    s.append((2, 'x', 'y', t2))\n");
  std::map<std::string, std::string> records;
  for (const char* reuse : {"on", "off"}) {
    const std::string file = (dir.path() / (std::string(reuse) + ".jsonl")).string();
    Result r = run_cli(
        {"run", program, tasks, "--score", "--records", file, "--reuse-calls", reuse, "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    records[reuse] = file_text(file);
    const Value report = battgpu::json::parse(r.out);
    EXPECT_EQ(report.find("settings")->find("reuse_calls")->as_bool(), std::string(reuse) == "on");
  }
  EXPECT_EQ(std::count(records["on"].begin(), records["on"].end(), '\n'), 8);
  EXPECT_EQ(records["on"], records["off"]);
  Result bad = run_cli({"run", program, tasks, "--reuse-calls", "maybe"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--reuse-calls takes on or off"), std::string::npos) << bad.err;
}

TEST(Driver, GridStatementsChangeNoRecord) {
  // cellwise and f_ofcolor of the samples' grids, a packed local between them, computed for
  // the block's calls at once: the records are those of every statement run one at a time.
  TempDir dir;
  const auto [program, tasks] = two_tasks_and_batt(
      dir, "    t1 = cellwise(I, C, NEG_ONE)\n    t2 = f_ofcolor(t1, NEG_ONE)\n"
           "    t3 = replace(I, ZERO, FIVE)\n"
           "    o.append((3, True, 'x', t3))\n    s.append((2, 'x', 'y', t2))\n");
  std::map<std::string, std::string> records;
  for (const char* mode : {"off", "cpu", "gpu"}) {
    const std::string file = (dir.path() / (std::string(mode) + ".jsonl")).string();
    Result r = run_cli(
        {"run", program, tasks, "--score", "--records", file, "--grid-statements", mode, "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    records[mode] = file_text(file);
    const Value report = battgpu::json::parse(r.out);
    // Where they ran: without a usable GPU, gpu runs them on the host, and says so.
    const bool moved = std::string(mode) == "gpu" && !battgpu::runtime::gpu_available();
    EXPECT_EQ(report.find("settings")->find("grid_statements")->text(), moved ? "cpu" : mode);
    EXPECT_EQ(r.err.find("the grid statements run on the host") != std::string::npos, moved)
        << r.err;
  }
  EXPECT_EQ(std::count(records["off"].begin(), records["off"].end(), '\n'), 8);
  // The scoring call of task b finds its input's 2 where the expected output has 0.
  EXPECT_NE(records["off"].find("{\"frozenset\":[[0,0],[0,1]]}"), std::string::npos)
      << records["off"];
  EXPECT_EQ(records["cpu"], records["off"]);
  EXPECT_EQ(records["gpu"], records["off"]);
  Result bad = run_cli({"run", program, tasks, "--grid-statements", "fast"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--grid-statements takes off, cpu or gpu"), std::string::npos) << bad.err;
}

TEST(Driver, AnOutputFileNotCommittedLeavesNothing) {
  TempDir dir;
  const std::string file = (dir.path() / "out.txt").string();
  {
    battgpu::driver::OutputFile f;
    ASSERT_EQ(f.open(file), "");
    f.write("partial");
  } // abandoned: a run that failed
  EXPECT_FALSE(fs::exists(file));
  EXPECT_TRUE(fs::is_empty(dir.path()));
  battgpu::driver::OutputFile f;
  ASSERT_EQ(f.open(file), "");
  f.write(std::string(3 << 20, 'x')); // past the buffer: written as it comes
  f.write("y");
  EXPECT_FALSE(fs::exists(file));
  EXPECT_EQ(f.commit(), "");
  EXPECT_EQ(fs::file_size(file), (3u << 20) + 1);
}

TEST(Driver, WriteFileAtomicallyReplacesTheFile) {
  TempDir dir;
  std::string file = (dir.path() / "f.txt").string();
  EXPECT_EQ(battgpu::driver::write_file_atomically(file, "one"), "");
  EXPECT_EQ(battgpu::driver::write_file_atomically(file, "two"), "");
  std::ifstream in(file);
  std::string text;
  std::getline(in, text);
  EXPECT_EQ(text, "two");
}

} // namespace
