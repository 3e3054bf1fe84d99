#include "cli.hpp"

#include "output_file.hpp"
#include "progress_line.hpp"

#include "program_command.hpp"
#include "run.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string_view>
#include <vector>

#include <unistd.h>

#ifndef BATTGPU_VERSION
#define BATTGPU_VERSION "unknown"
#endif

namespace battgpu::driver {

namespace {

constexpr const char* exit_codes_help = R"(Exit codes:
  0  the run completed, whether or not every task was solved
  1  some task file or path could not be loaded (the others still ran and are reported)
  2  usage error: unknown command or option, missing PATH or value, unknown solver
  3  --fail-unsolved was given and some task with expected outputs was not solved
  4  the report could not be written (--output)
)";

constexpr const char* main_help = R"(battgpu - run batt-style ARC solvers over ARC task files

Usage:
  battgpu run [OPTIONS] FILE.py [PATH...]
  battgpu run [OPTIONS] --program NAME [PATH...]
  battgpu run [OPTIONS] PATH...
  battgpu solvers
  battgpu programs
  battgpu --help | --version

Commands:
  run       with FILE.py: run a Python batt or solver module as it is over ARC task
            files ('battgpu run --help' shows its options); with --program NAME:
            the same for a module battgpu-import compiled into this program; without:
            load ARC task files (directories are searched recursively for *.json), run
            the linked solvers on every test input and report which tasks they solve
  solvers   list the solvers linked into this program, one name a line
  programs  list the compiled programs (battgpu-import) linked into this program

Options:
  -h, --help   show this help ('battgpu run --help' shows the options of run)
  --version    print the version

)";

constexpr const char* run_help =
    R"(Without FILE.py or --program: the solvers linked into this executable

Usage: battgpu run [OPTIONS] PATH...

Loads every task file given (a directory is searched recursively for *.json files; a
file that fails to load is reported and the others still run), runs the solvers on
each test input with the train pairs as samples, and counts a task as solved when one
solver's candidates contain the expected output of every test pair that has one.
A solver that throws is caught; its task fails with the reason.

Options:
  --solver NAME    run only this solver (repeatable; default: every linked solver)
  --json           write the machine-readable JSON report to stdout instead of the text
  --output FILE    also write the JSON report to FILE (replaced atomically)
  -q, --quiet      print only the summary: no per-task lines, no progress display
  --progress       show the progress display on stderr even when it is not a terminal
  --no-progress    never show the progress display
  --fail-unsolved  exit with 3 when some task with expected outputs was not solved
  --jobs N         run solvers, and read the task files, on N threads (default: every
                   core); the results and the report come in task order whatever N is
  --batch-size N   tasks per batch (default 64): the batch runtime sees the grids of a whole
                   batch at once (cross-task batching): before the batch, every grid its
                   solvers see (sample inputs and outputs, test inputs) is prefetched, and
                   while it runs, its solvers' batch points on grids they compute themselves
                   are gathered into one runtime call per round (see --gather)
  --prefetch WHEN  prefetch each batch's task grids: auto (default), always or never
  --gather WHEN    run each batch's regenerated solvers as coroutines that suspend at their
                   batch points until the whole batch's requests are computed together:
                   auto (default), always or never. auto decides by measurement: a few
                   of the first tasks run plain and estimate the run; where the rest is
                   long enough for a trial to cost under 4% and there is a usable GPU
                   (looked for only then), the same tasks run again with the auto stages
                   on, kept for the rest only where they took under 90% of the plain
                   time; otherwise they stay off
  --time-limit S   seconds a task may take (default: none); a task past it is stopped and
                   fails with status time-limit, and the run goes on (with --gather, the
                   limit counts the task's solver time, the batched stages not included)
  -h, --help       show this help

The progress display appears on stderr once a run has taken more than a second, when
stderr is a terminal (or with --progress).

Text report (stdout): one line per task with its status (solved, wrong-candidates,
no-candidates, solver-error, unchecked, time-limit), its id and details, one line per
file that could not be loaded, then the summary: solved/checked tasks, solver exceptions,
load errors, tasks stopped at the time limit, the seconds spent loading, prefetching,
solving and in total with tasks per second, and the batch runtime's statistics.

)";

/// The progress line of a run over compiled solvers: the tasks solved so far, and the task
/// that finished last.
class ProgressDisplay {
public:
  ProgressDisplay(std::ostream& err, bool terminal) : line_(err, terminal) {}

  void update(std::size_t done, std::size_t total, const TaskReport& task) {
    solved_ += task.status == TaskStatus::Solved;
    std::string before = "solved ";
    before += std::to_string(solved_);
    before += ", ";
    line_.update(done, total, before, task.id);
  }
  void finish() { line_.finish(); }

private:
  ProgressLine line_;
  std::size_t solved_ = 0;
};

struct RunArguments {
  std::vector<std::string> solvers;
  std::vector<std::filesystem::path> paths;
  std::string output;
  bool json = false;
  bool quiet = false;
  bool fail_unsolved = false;
  RunSettings settings;
  enum class Progress { Auto, On, Off } progress = Progress::Auto;
};

/// A whole number from 1 to `max`, digits only.
bool parse_count(const std::string& text, std::size_t max, std::size_t& n) {
  if (text.empty() || text.size() > 12 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  n = std::stoull(text);
  return n >= 1 && n <= max;
}

/// A positive, finite number of seconds ("2", "0.5", "1e-3").
bool parse_seconds(const std::string& text, double& seconds) {
  if (text.empty() || text.size() > 32)
    return false;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  if (errno != 0 || end != text.c_str() + text.size() || !(v > 0) || !std::isfinite(v))
    return false;
  seconds = v;
  return true;
}

int usage_error(std::ostream& err, const std::string& context, const std::string& message) {
  err << context << ": " << message << "\nRun '" << context << " --help' for usage.\n";
  return exit_usage;
}

int run_command(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err,
                bool err_is_terminal) {
  const std::string context = "battgpu run";
  RunArguments a;
  bool options_done = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (options_done || arg == "-" || arg.empty() || arg[0] != '-') {
      a.paths.emplace_back(std::string(arg));
      continue;
    }
    // Whether `arg` is the option `name` that takes a value ("--name=value" or
    // "--name value"); the value goes to `value`, a missing one to `error`.
    std::string value, error;
    auto takes_value = [&](std::string_view name) {
      if (arg.size() > name.size() && arg.substr(0, name.size()) == name &&
          arg[name.size()] == '=') {
        value = std::string(arg.substr(name.size() + 1));
        if (value.empty())
          error = "empty value for " + std::string(name);
        return true;
      }
      if (arg != name)
        return false;
      if (i + 1 < args.size())
        value = std::string(args[++i]);
      else
        error = std::string(name) + " needs a value";
      return true;
    };
    if (arg == "--") {
      options_done = true;
    } else if (arg == "-h" || arg == "--help") {
      out << program_run_help() << "\n" << run_help << exit_codes_help;
      return exit_ok;
    } else if (arg == "--json") {
      a.json = true;
    } else if (arg == "-q" || arg == "--quiet") {
      a.quiet = true;
    } else if (arg == "--progress") {
      a.progress = RunArguments::Progress::On;
    } else if (arg == "--no-progress") {
      a.progress = RunArguments::Progress::Off;
    } else if (arg == "--fail-unsolved") {
      a.fail_unsolved = true;
    } else if (takes_value("--solver")) {
      if (!error.empty())
        return usage_error(err, context, error);
      if (std::find(a.solvers.begin(), a.solvers.end(), value) == a.solvers.end())
        a.solvers.push_back(value);
    } else if (takes_value("--jobs")) {
      if (!error.empty())
        return usage_error(err, context, error);
      std::size_t n = 0;
      if (!parse_count(value, 4096, n))
        return usage_error(err, context,
                           "--jobs needs a whole number from 1 to 4096, not '" + value + "'");
      a.settings.jobs = static_cast<unsigned>(n);
    } else if (takes_value("--batch-size")) {
      if (!error.empty())
        return usage_error(err, context, error);
      std::size_t n = 0;
      if (!parse_count(value, std::size_t{1} << 30, n))
        return usage_error(err, context,
                           "--batch-size needs a whole number of at least 1, not '" + value + "'");
      a.settings.batch_size = n;
    } else if (takes_value("--time-limit")) {
      if (!error.empty())
        return usage_error(err, context, error);
      if (!parse_seconds(value, a.settings.time_limit))
        return usage_error(err, context,
                           "--time-limit needs a positive number of seconds, not '" + value + "'");
    } else if (takes_value("--prefetch") || takes_value("--gather")) {
      if (!error.empty())
        return usage_error(err, context, error);
      const bool prefetch = arg.starts_with("--prefetch");
      Batching& when = prefetch ? a.settings.prefetch : a.settings.gather;
      if (value == "auto")
        when = Batching::Auto;
      else if (value == "always")
        when = Batching::Always;
      else if (value == "never")
        when = Batching::Never;
      else
        return usage_error(err, context,
                           std::string(prefetch ? "--prefetch" : "--gather") +
                               " is auto, always or never, not '" + value + "'");
    } else if (takes_value("--output")) {
      if (!error.empty())
        return usage_error(err, context, error);
      a.output = value;
    } else {
      return usage_error(err, context, "unknown option '" + std::string(arg) + "'");
    }
  }
  if (a.paths.empty())
    return usage_error(err, context, "no task file or directory given");

  std::vector<const SolverInfo*> solvers;
  if (a.solvers.empty()) {
    for (const SolverInfo& s : registered_solvers())
      solvers.push_back(&s);
  } else {
    for (const std::string& name : a.solvers) {
      const SolverInfo* s = find_solver(name);
      if (s == nullptr)
        return usage_error(err, context,
                           "unknown solver '" + name + "' (run 'battgpu solvers' to list them)");
      solvers.push_back(s);
    }
  }

  const bool show_progress =
      a.progress == RunArguments::Progress::On ||
      (a.progress == RunArguments::Progress::Auto && err_is_terminal && !a.quiet);
  ProgressDisplay display(err, err_is_terminal);
  ProgressCallback progress;
  if (show_progress)
    progress = [&](std::size_t done, std::size_t total, const TaskReport& t) {
      display.update(done, total, t);
    };
  RunReport report = run(a.paths, solvers, a.settings, progress);
  display.finish();

  int code = exit_ok;
  if (!report.load_errors.empty())
    code = exit_load_error;
  else if (a.fail_unsolved && report.unsolved() > 0)
    code = exit_unsolved;

  if (!a.output.empty() || a.json) {
    std::string text = report_json(report);
    if (a.json)
      out << text << std::flush;
    if (!a.output.empty()) {
      std::string error = write_file_atomically(a.output, text);
      if (!error.empty()) {
        err << context << ": cannot write report: " << error << "\n";
        code = exit_output_error;
      }
    }
  }
  if (!a.json)
    out << report_text(report, a.quiet) << std::flush;
  return code;
}

} // namespace

int run_main(int argc, char** argv) {
  const int code = cli_main(argc, argv, std::cout, std::cerr, ::isatty(STDERR_FILENO) == 1);
  if (abandoned_threads() > 0) {
    // Solvers stopped at the time limit still run on detached threads: leave without the
    // static destructors they might still use.
    std::cout.flush();
    std::cerr.flush();
    std::_Exit(code);
  }
  return code;
}

int cli_main(int argc, const char* const* argv, std::ostream& out, std::ostream& err,
             bool err_is_terminal) {
  std::vector<std::string_view> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  if (args.empty()) {
    err << main_help << exit_codes_help;
    return exit_usage;
  }
  const std::string_view command = args.front();
  if (command == "-h" || command == "--help" || command == "help") {
    out << main_help << exit_codes_help;
    return exit_ok;
  }
  if (command == "--version") {
    out << "battgpu " << BATTGPU_VERSION << "\n";
    return exit_ok;
  }
  const std::vector<std::string_view> rest(args.begin() + 1, args.end());
  if (command == "run") {
    // A Python module among the arguments: run it as it is (program_command.hpp).
    if (std::any_of(rest.begin(), rest.end(), is_program_path) ||
        std::any_of(rest.begin(), rest.end(), is_program_option))
      return program_command(rest, out, err, err_is_terminal);
    return run_command(rest, out, err, err_is_terminal);
  }
  if (command == "programs")
    return programs_command(rest, out, err);
  if (command == "solvers") {
    if (!rest.empty() && (rest.front() == "-h" || rest.front() == "--help")) {
      out << "Usage: battgpu solvers\n\nLists the solvers linked into this program, one name a "
             "line.\n";
      return exit_ok;
    }
    if (!rest.empty())
      return usage_error(err, "battgpu solvers",
                         "unexpected argument '" + std::string(rest.front()) + "'");
    for (const SolverInfo& s : registered_solvers())
      out << s.name << "\n";
    return exit_ok;
  }
  return usage_error(err, "battgpu", "unknown command '" + std::string(command) + "'");
}

} // namespace battgpu::driver
