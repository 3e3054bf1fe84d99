// A record nested deeper than py::kMaxCanonicalDepth cannot be written (its writer would
// recurse past the thread's stack; CPython's, which recurses in Python, stops with
// RecursionError far sooner): its call is recorded as raising RecursionError with empty lists,
// and the other calls keep their records; the run's summary keeps the call's own outcome and
// counts it apart. A record nested less deep is written in full.
#include "battgpu/interp/runner.hpp"
#include "battgpu/py/canonical.hpp"
#include "test_inputs.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace battgpu::interp {
namespace {

using testing::checked_tokpidjin;
using testing::training_tasks;

/// A batt module whose record 'deep' is a tuple `depth` levels deep where the input grid has
/// more than 50 cells (0 elsewhere), and whose record 'h' is the grid's height.
std::string deep_batt(int depth) {
  std::string text = "from dsl import *\nfrom constants import *\n\n"
                     "def batt(task_id, S, I, C, log_path):\n    s = []\n    o = []\n"
                     "    t0 = multiply(height_t(I), width_t(I))\n    t1 = greater(t0, 50)\n"
                     "    t2 = ZERO\n";
  for (int k = 2; k < depth + 2; ++k) {
    text += "    t";
    text += std::to_string(k + 1);
    text += " = astuple(t";
    text += std::to_string(k);
    text += ", ZERO)\n";
  }
  text += "    d = branch(t1, t";
  text += std::to_string(depth + 2);
  text += ", ZERO)\n    o.append((1, 'None', 'deep', d))\n";
  text += "    h = height_t(I)\n    o.append((2, 'None', 'h', h))\n    return o, s\n";
  return text;
}

/// Runs `text` over 007bbfb7 (3x3 grids) and 2dee498d, one of whose calls has a grid of 64
/// cells; its record lines go to `lines` where given.
RunSummary run(const std::string& text, std::vector<std::string>* lines) {
  const frontend::Program program = checked_tokpidjin(text, "deep_records.py");
  EXPECT_FALSE(program.has_errors());
  RunOptions options;
  options.jobs = 2;
  if (lines != nullptr)
    options.record_sink = [lines](const std::string& line) { lines->push_back(line); };
  std::vector<tasks::Task> tasks;
  for (tasks::Task& t : training_tasks(400))
    if (t.id == "007bbfb7" || t.id == "2dee498d")
      tasks.push_back(std::move(t));
  EXPECT_EQ(tasks.size(), 2u);
  return run_program(program, tasks, options);
}

std::vector<std::string> run_lines(const std::string& text) {
  std::vector<std::string> lines;
  const RunSummary summary = run(text, &lines);
  EXPECT_EQ(summary.calls, lines.size());
  return lines;
}

TEST(DeepRecords, TooDeepToWriteRaisesRecursionErrorForItsCallOnly) {
  const std::vector<std::string> lines = run_lines(deep_batt(py::kMaxCanonicalDepth + 5));
  ASSERT_EQ(lines.size(), 10u);
  int raised = 0, ok = 0;
  for (const std::string& line : lines) {
    if (line.find("\"status\":\"raised\"") != std::string::npos) {
      EXPECT_NE(line.find("\"error\":\"RecursionError: maximum recursion depth exceeded writing"),
                std::string::npos)
          << line;
      EXPECT_NE(line.find("\"o\":[],\"s\":[]"), std::string::npos) << line;
      ++raised;
    } else {
      EXPECT_NE(line.find("\"o\":[[1,\"None\",\"deep\",0],[2,\"None\",\"h\","), std::string::npos)
          << line;
      ++ok;
    }
  }
  EXPECT_EQ(raised, 1);
  EXPECT_EQ(ok, 9);
}

TEST(DeepRecords, TheSummaryIsTheCallsOwnWhetherRecordsAreWrittenOrNot) {
  // The call's own outcome (ok, two records) in both summaries; only the one that writes
  // records counts a call whose records could not be written.
  const std::string text = deep_batt(py::kMaxCanonicalDepth + 5);
  std::vector<std::string> lines;
  const RunSummary written = run(text, &lines);
  const RunSummary unwritten = run(text, nullptr);
  EXPECT_EQ(written.calls, 10u);
  EXPECT_EQ(written.raised, 0u);
  EXPECT_EQ(unwritten.raised, 0u);
  EXPECT_EQ(written.raised_types, unwritten.raised_types);
  EXPECT_EQ(written.o_records, 20u);
  EXPECT_EQ(unwritten.o_records, 20u);
  EXPECT_EQ(written.records_unwritten, 1u);
  EXPECT_EQ(unwritten.records_unwritten, 0u);
  std::size_t flagged = 0;
  for (const TaskOutcome& t : written.tasks)
    for (const CallOutcome& c : t.calls)
      if (c.records_unwritten) {
        ++flagged;
        EXPECT_EQ(c.status, Call::Status::Ok);
        EXPECT_EQ(c.o_records, 2u);
      }
  EXPECT_EQ(flagged, 1u);
}

TEST(DeepRecords, DeepButWritableIsWrittenInFull) {
  const int depth = 500;
  const std::vector<std::string> lines = run_lines(deep_batt(depth));
  ASSERT_EQ(lines.size(), 10u);
  std::string expected = std::string(depth, '[') + "0";
  for (int k = 0; k < depth; ++k)
    expected += ",0]";
  int found = 0;
  for (const std::string& line : lines) {
    EXPECT_NE(line.find("\"status\":\"ok\""), std::string::npos) << line.substr(0, 200);
    std::string record = "[1,\"None\",\"deep\",";
    record += expected;
    record += "]";
    found += line.find(record) != std::string::npos;
  }
  EXPECT_EQ(found, 1);
}

} // namespace
} // namespace battgpu::interp
