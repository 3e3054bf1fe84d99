#include "run.hpp"

#include "battgpu/tasks/json.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>

#ifndef BATTGPU_VERSION
#define BATTGPU_VERSION "unknown"
#endif

namespace battgpu::driver {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string format(const char* fmt, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, value);
  return buf;
}

/// "12.3 ms" below a second, "4.56 s" from there on.
std::string duration(double seconds) {
  return seconds < 1.0 ? format("%.1f ms", seconds * 1000.0) : format("%.2f s", seconds);
}

} // namespace

const char* status_name(TaskStatus status) {
  switch (status) {
  case TaskStatus::Solved:
    return "solved";
  case TaskStatus::WrongCandidates:
    return "wrong-candidates";
  case TaskStatus::NoCandidates:
    return "no-candidates";
  case TaskStatus::SolverError:
    return "solver-error";
  case TaskStatus::Unchecked:
    return "unchecked";
  }
  return "unknown";
}

std::size_t RunReport::count(TaskStatus status) const {
  return static_cast<std::size_t>(std::count_if(
      tasks.begin(), tasks.end(), [&](const TaskReport& t) { return t.status == status; }));
}

std::size_t RunReport::solver_errors() const {
  std::size_t n = 0;
  for (const TaskReport& t : tasks)
    n += t.errors.size();
  return n;
}

TaskReport solve_task(const tasks::Task& task, std::span<const SolverInfo* const> solvers) {
  const Clock::time_point start = Clock::now();
  TaskReport report;
  report.id = task.id;
  report.path = task.path;
  report.tests.resize(task.test.size());
  for (std::size_t t = 0; t < task.test.size(); ++t)
    report.tests[t].has_expected = task.test[t].output.has_value();
  const bool checked = std::any_of(report.tests.begin(), report.tests.end(),
                                   [](const TestReport& t) { return t.has_expected; });

  const dsl::Samples samples = task.samples();
  const dsl::Grid no_candidate;
  std::size_t checked_candidates = 0;
  for (const SolverInfo* solver : solvers) {
    bool solved_all = checked;
    for (std::size_t t = 0; t < task.test.size(); ++t) {
      const tasks::Pair& pair = task.test[t];
      Outputs outputs;
      std::string error;
      try {
        solver->function(samples, pair.input, no_candidate, outputs);
      } catch (const std::exception& e) {
        error = e.what();
      } catch (...) {
        error = "an exception not derived from std::exception";
      }
      TestReport& test = report.tests[t];
      test.candidates += outputs.size();
      report.candidates += outputs.size();
      if (test.has_expected)
        checked_candidates += outputs.size();
      if (!error.empty()) {
        report.errors.push_back("solver '" + solver->name + "' threw on test[" + std::to_string(t) +
                                "]: " + error);
        solved_all = false;
        continue;
      }
      if (!test.has_expected)
        continue;
      const bool hit = std::any_of(outputs.begin(), outputs.end(),
                                   [&](const Candidate& c) { return c.grid == *pair.output; });
      if (hit)
        test.matched_by.push_back(solver->name);
      else
        solved_all = false;
    }
    if (solved_all)
      report.solved_by.push_back(solver->name);
  }

  if (!checked)
    report.status = TaskStatus::Unchecked;
  else if (!report.solved_by.empty())
    report.status = TaskStatus::Solved;
  else if (checked_candidates > 0)
    report.status = TaskStatus::WrongCandidates;
  else if (!report.errors.empty())
    report.status = TaskStatus::SolverError;
  else
    report.status = TaskStatus::NoCandidates;
  report.seconds = seconds_since(start);
  return report;
}

RunReport run(std::span<const std::filesystem::path> paths,
              std::span<const SolverInfo* const> solvers, const ProgressCallback& progress) {
  const Clock::time_point start = Clock::now();
  RunReport report;
  for (const SolverInfo* s : solvers)
    report.solvers.push_back(s->name);

  tasks::LoadResult loaded = tasks::load_tasks(paths);
  report.load_errors = std::move(loaded.errors);
  report.load_seconds = seconds_since(start);

  const Clock::time_point solve_start = Clock::now();
  report.tasks.reserve(loaded.tasks.size());
  for (const tasks::Task& task : loaded.tasks) {
    report.tasks.push_back(solve_task(task, solvers));
    if (progress)
      progress(report.tasks.size(), loaded.tasks.size(), report.tasks.back());
  }
  report.solve_seconds = seconds_since(solve_start);
  report.total_seconds = seconds_since(start);
  return report;
}

std::string report_json(const RunReport& report) {
  json::Writer w(2);
  w.begin_object();
  w.member("battgpu_version", BATTGPU_VERSION);
  w.key("solvers").begin_array();
  for (const std::string& s : report.solvers)
    w.value(s);
  w.end_array();

  w.key("summary").begin_object();
  w.member("tasks", report.tasks.size());
  w.member("checked", report.checked());
  w.member("solved", report.solved());
  w.member("unsolved", report.unsolved());
  w.member("wrong_candidates", report.count(TaskStatus::WrongCandidates));
  w.member("no_candidates", report.count(TaskStatus::NoCandidates));
  w.member("solver_error", report.count(TaskStatus::SolverError));
  w.member("unchecked", report.count(TaskStatus::Unchecked));
  w.member("load_errors", report.load_errors.size());
  w.member("solver_exceptions", report.solver_errors());
  w.end_object();

  w.key("timing").begin_object();
  w.key("load_seconds").number(report.load_seconds);
  w.key("solve_seconds").number(report.solve_seconds);
  w.key("total_seconds").number(report.total_seconds);
  w.end_object();

  w.key("tasks").begin_array();
  for (const TaskReport& t : report.tasks) {
    w.begin_object();
    w.member("id", t.id);
    w.member("path", t.path);
    w.member("status", status_name(t.status));
    w.key("solved_by").begin_array();
    for (const std::string& s : t.solved_by)
      w.value(s);
    w.end_array();
    w.member("candidates", t.candidates);
    w.key("seconds").number(t.seconds);
    w.key("tests").begin_array();
    for (const TestReport& test : t.tests) {
      w.begin_object();
      w.member("has_output", test.has_expected);
      w.member("candidates", test.candidates);
      w.key("matched_by").begin_array();
      for (const std::string& s : test.matched_by)
        w.value(s);
      w.end_array();
      w.end_object();
    }
    w.end_array();
    w.key("errors").begin_array();
    for (const std::string& e : t.errors)
      w.value(e);
    w.end_array();
    w.end_object();
  }
  w.end_array();

  w.key("load_errors").begin_array();
  for (const tasks::LoadError& e : report.load_errors) {
    w.begin_object();
    w.member("path", e.path);
    w.member("message", e.message);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.str() + "\n";
}

namespace {

std::string detail(const TaskReport& t) {
  switch (t.status) {
  case TaskStatus::Solved: {
    std::string by = "by ";
    for (std::size_t i = 0; i < t.solved_by.size(); ++i)
      by += (i ? ", " : "") + t.solved_by[i];
    return by;
  }
  case TaskStatus::WrongCandidates: {
    std::string missed;
    for (std::size_t i = 0; i < t.tests.size(); ++i)
      if (t.tests[i].has_expected && t.tests[i].matched_by.empty())
        missed += (missed.empty() ? "test[" : ", test[") + std::to_string(i) + "]";
    std::string text =
        std::to_string(t.candidates) + " candidate" + (t.candidates == 1 ? "" : "s") + ", ";
    if (missed.empty())
      return text + "each test pair was matched by some solver, but no solver matched all";
    return text + "none matches " + missed;
  }
  case TaskStatus::NoCandidates:
    return "no solver recorded a candidate";
  case TaskStatus::SolverError:
    return "no candidates; " + std::to_string(t.errors.size()) + " solver error" +
           (t.errors.size() == 1 ? "" : "s");
  case TaskStatus::Unchecked:
    return std::to_string(t.candidates) + " candidates, no expected test output to check";
  }
  return "";
}

} // namespace

std::string report_text(const RunReport& report, bool summary_only) {
  std::string out;
  if (!summary_only) {
    std::size_t id_width = 12;
    for (const TaskReport& t : report.tasks)
      id_width = std::max(id_width, std::min<std::size_t>(t.id.size(), 40));
    for (const TaskReport& t : report.tasks) {
      std::string name = status_name(t.status);
      name.resize(std::max<std::size_t>(name.size(), 16), ' ');
      std::string id = t.id;
      id.resize(std::max(id.size(), id_width), ' ');
      out += name + " " + id + " ";
      out += detail(t) + "\n";
      for (const std::string& e : t.errors)
        out += "    " + e + "\n";
    }
    for (const tasks::LoadError& e : report.load_errors)
      out += "load-error       " + e.message + "\n";
  }

  const std::size_t checked = report.checked();
  out += "solved " + std::to_string(report.solved()) + "/" + std::to_string(checked) + " tasks";
  if (checked > 0)
    out += format(" (%.1f%%)",
                  100.0 * static_cast<double>(report.solved()) / static_cast<double>(checked));
  out += " with " + std::to_string(report.solvers.size()) + " solver" +
         (report.solvers.size() == 1 ? "" : "s");
  if (std::size_t n = report.count(TaskStatus::Unchecked))
    out += "; " + std::to_string(n) + " more without expected test outputs";
  out += "\n";
  if (std::size_t n = report.solver_errors())
    out += std::to_string(n) + " solver exception" + (n == 1 ? "" : "s") + " caught\n";
  if (!report.load_errors.empty())
    out += std::to_string(report.load_errors.size()) + " task file" +
           (report.load_errors.size() == 1 ? "" : "s") + " could not be loaded\n";
  out += "time: load " + duration(report.load_seconds) + ", solve " +
         duration(report.solve_seconds) + ", total " + duration(report.total_seconds) + "\n";
  return out;
}

} // namespace battgpu::driver
