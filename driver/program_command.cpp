// `battgpu run FILE.py [TASKS...]`: a Python batt or solver module run as it is; `battgpu run
// --program NAME [TASKS...]`: the same module compiled by battgpu-import and linked in.
#include "program_command.hpp"

#include "allocator.hpp"
#include "cli.hpp"
#include "output_file.hpp"
#include "progress_line.hpp"

#include "battgpu/dialects/module.hpp"
#include "battgpu/frontend/parser.hpp"
#include "battgpu/frontend/program.hpp"
#include "battgpu/interp/runner.hpp"
#include "battgpu/py/canonical.hpp"
#include "battgpu/runtime/device.hpp"
#include "battgpu/tasks/json.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <sys/resource.h>

#ifndef BATTGPU_DEFAULT_TASKS
#define BATTGPU_DEFAULT_TASKS ""
#endif

namespace battgpu::driver {
namespace {

constexpr const char* program_help = R"(Usage: battgpu run [OPTIONS] FILE.py [PATH...]
       battgpu run [OPTIONS] --program NAME [PATH...]

Runs a Python batt module (`def batt(task_id, S, I, C, log_path)`, tokpidjin's dialect) or
solver module (`def solve_<id>(I)` functions, arc-dsl's dialect) as it is, with battgpu's C++
DSL, over ARC task files (a directory is searched recursively for *.json; without PATH, the
ARC-AGI training tasks shipped with battgpu). Calls are made as tokpidjin's runner makes them:
every train sample, then every test sample, of every task, with S = the train pairs, I = the
sample's input and C = None; a solver module's call runs the solver named after the task.
With --program, the module runs as battgpu-import compiled it into this executable ('battgpu
programs' lists them), one call at a time per worker, with the same records and reports.

Options:
  --program NAME    run the compiled program NAME instead of a FILE.py
  --records FILE    write one JSON line per call (SPEC section 7): task, split, index,
                    status, the `o` and `s` record lists, values in canonical form
                    (written to a temporary file as the run goes, then renamed: never a
                    partial file; a FILE that cannot be written stops the run at once);
                    FILE - writes them to standard output as the run goes, and the text
                    report to standard error
  --score           also make the scoring call of each sample with an expected output
                    (C = that output), recorded with split train_diff / test_diff (batt
                    modules; a solver module's solvers take I alone)
  --dialect D       arc-dsl or tokpidjin (default: read off the module's form)
  --time-limit S    seconds a call may take (default 30, as the reference runner); a call
                    past it is recorded with status timeout and the run goes on; 0: none
  --jobs N          worker threads, which read the task files too (default: every core)
  --block N         tasks whose calls run together, statement by statement (default: one;
                    with extraction batched, BATTGPU_BATCH_OBJECTS=1, or grid statements
                    on, up to 8, fewer where needed to give every thread several blocks,
                    and for long programs, to bound memory)
  --calls-apart N   without --block, a program of N statements or more runs each call
                    in a block of its own (with --score and calls reused, each sample's
                    two calls), so that one task's calls run on several threads (0: never;
                    default 10000 where the run has more than one thread and fewer than
                    32 tasks a thread, else never)
  --share-calls on|off
                    with calls apart, threads left without a call run statements of the
                    calls still running, in dependency order, with the same results
                    (default on)
  --reuse-calls on|off
                    a call of a block that makes a statement's call on the very values
                    (the same objects) an earlier call of the block used takes its outcome
                    instead of calling again, as the scoring call of a sample does for
                    every statement that does not read C (default on; the results are the
                    same either way)
  --grid-statements off|cpu|gpu
                    cellwise, replace, fill, paint and f_ofcolor on grids of small ints run
                    for every call of a block at once, on packed grids kept on the host
                    (cpu) or on a GPU (gpu), a grid that only such statements read staying
                    packed; without a usable GPU, gpu runs as cpu and says so (default
                    off, measured the fastest; the results are the same either way)
  --profile         report the time spent in each statement's callee (with --program: in
                    each compiled function), then in every DSL function called, per kinds
                    of argument, and per kind of value (grid, object, ...)
  --trace T:S:I     print every value the call of task T, split S, index I assigns to a
                    variable, in execution order, one JSON line each (frozensets listed in
                    iteration order): how a difference from Python is tracked down (FILE.py
                    only)
  --json            write the JSON report to stdout instead of the text report
  --output FILE     also write the JSON report to FILE (FILE -: the same as --json)
  -q, --quiet       print only the summary
  --progress        show the progress display even when stderr is not a terminal
  --no-progress     never show the progress display
  -h, --help        show this help

Exit codes:
  0  the run completed (calls that raised or timed out are part of the results)
  1  some task file or path could not be loaded (the others still ran)
  2  usage error
  4  a report or the records could not be written
  5  the program cannot be run: not Python, or outside the batt and solver forms (every
     problem is reported as FILE:LINE:COL: error: MESSAGE [STATEMENT]); nothing is run
)";

/// What the reports say of the program, interpreted or compiled.
struct ProgramInfo {
  std::string label; ///< the file, or the compiled program's name
  bool compiled = false;
  std::string source;
  py::Dialect dialect = py::Dialect::Tokpidjin;
  frontend::ModuleForm form = frontend::ModuleForm::Batt;
  std::size_t functions = 0, statements = 0, records = 0;
};

constexpr int exit_program_error = 5;

struct ProgramArguments {
  std::string program;
  std::string compiled;
  std::vector<std::filesystem::path> paths;
  std::string records;
  std::string output;
  std::optional<py::Dialect> dialect;
  interp::RunOptions run;
  bool json = false;
  bool quiet = false;
  enum class Progress { Auto, On, Off } progress = Progress::Auto;
};

/// The process's peak resident memory so far, in MiB (0 where the system does not say).
double peak_memory_mib() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0)
    return 0;
  return static_cast<double>(usage.ru_maxrss) / 1024.0; // Linux reports KiB
}

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

/// The text report's profile of DSL calls: the functions by own time, per kinds of argument,
/// then the own time per kind of value and the time outside the DSL functions.
void write_call_profile(std::ostream& out, const interp::RunSummary& s) {
  constexpr std::size_t kShown = 40;
  double in_functions = 0;
  for (const interp::ValueKindProfile& k : s.value_kinds)
    in_functions += k.self_seconds;
  const auto share = [&](double seconds) {
    return fixed(s.seconds_in_calls > 0 ? 100 * seconds / s.seconds_in_calls : 0.0, 1) + "%";
  };
  out << "DSL functions by kinds of argument (own seconds, not counting the DSL calls they make; "
      << std::min(kShown, s.functions.size()) << " of " << s.functions.size() << "):\n";
  for (std::size_t i = 0; i < std::min(kShown, s.functions.size()); ++i) {
    const interp::FunctionKindsProfile& f = s.functions[i];
    std::string kinds;
    for (const std::string& k : f.kinds)
      kinds += (kinds.empty() ? "" : ", ") + k;
    if (f.arguments > f.kinds.size())
      kinds += ", ...";
    out << "  " << fixed(f.self_seconds, 4) << "  " << share(f.self_seconds) << "  " << f.function
        << "(" << kinds << ")  calls " << f.calls << ", with callees " << fixed(f.total_seconds, 4)
        << "\n";
  }
  out << "own seconds by kind of value (a call counts under its first argument that is not a "
         "function):\n";
  for (const interp::ValueKindProfile& k : s.value_kinds)
    out << "  " << fixed(k.self_seconds, 4) << "  " << share(k.self_seconds) << "  " << k.kind
        << "  calls " << k.calls << "\n";
  out << "  " << fixed(s.seconds_in_calls - in_functions, 4) << "  "
      << share(s.seconds_in_calls - in_functions)
      << "  outside DSL functions (the interpreter or compiled code, closures, records)\n";
}

std::string json_report(const ProgramArguments& a, const ProgramInfo& program,
                        const interp::RunSummary& s, std::size_t load_errors, double load_seconds,
                        double check_seconds) {
  json::Writer w(2);
  w.begin_object();
  w.key("program").begin_object();
  if (program.compiled) {
    w.key("compiled").value(program.label);
    w.key("source").value(program.source);
  } else {
    w.key("path").value(program.label);
  }
  w.key("dialect").value(std::string(dialects::dialect_name(program.dialect)));
  w.key("form").value(program.form == frontend::ModuleForm::Batt ? "batt" : "solvers");
  w.key("functions").value(static_cast<std::int64_t>(program.functions));
  w.key("statements").value(static_cast<std::int64_t>(program.statements));
  w.key("records").value(static_cast<std::int64_t>(program.records));
  w.end_object();
  std::size_t solved = 0, checked = 0;
  std::map<std::string, std::size_t> matching;
  for (const interp::TaskOutcome& t : s.tasks) {
    solved += t.solved;
    checked += t.checked_tests > 0;
    for (const auto& [id, n] : t.matching_candidates)
      matching[id] += n;
  }
  w.key("summary").begin_object();
  w.key("tasks").value(static_cast<std::int64_t>(s.tasks.size()));
  w.key("checked_tasks").value(static_cast<std::int64_t>(checked));
  w.key("solved_tasks").value(static_cast<std::int64_t>(solved));
  w.key("calls").value(static_cast<std::int64_t>(s.calls));
  w.key("raised").value(static_cast<std::int64_t>(s.raised));
  w.key("timeouts").value(static_cast<std::int64_t>(s.timeouts));
  w.key("o_records").value(static_cast<std::int64_t>(s.o_records));
  w.key("s_records").value(static_cast<std::int64_t>(s.s_records));
  w.key("records_unwritten").value(static_cast<std::int64_t>(s.records_unwritten));
  w.key("load_errors").value(static_cast<std::int64_t>(load_errors));
  w.key("raised_types").begin_object();
  for (const auto& [type, n] : s.raised_types)
    w.key(type).value(static_cast<std::int64_t>(n));
  w.end_object();
  w.key("matching_candidates").begin_object();
  for (const auto& [id, n] : matching)
    w.key(id).value(static_cast<std::int64_t>(n));
  w.end_object();
  w.end_object();
  w.key("settings").begin_object();
  w.key("jobs").value(static_cast<std::int64_t>(s.jobs));
  w.key("block_tasks").value(static_cast<std::int64_t>(s.block_tasks));
  w.key("batch_objects").value(s.batch_objects);
  w.key("calls_apart").value(s.calls_apart);
  w.key("reuse_calls").value(a.run.reuse_calls);
  w.key("grid_statements")
      .value(s.grid_statements == interp::GridStatements::Off   ? "off"
             : s.grid_statements == interp::GridStatements::Cpu ? "cpu"
                                                                : "gpu");
  w.key("share_calls").value(s.share_calls);
  w.key("tasks_split").value(static_cast<std::int64_t>(s.tasks_split));
  w.key("time_limit").number(a.run.time_limit);
  w.key("score").value(a.run.score);
  w.key("allocator").value(allocator_name());
  w.end_object();
  w.key("timing").begin_object();
  w.key("load_seconds").number(load_seconds);
  w.key("check_seconds").number(check_seconds);
  w.key("run_seconds").number(s.wall_seconds);
  w.key("seconds_in_calls").number(s.seconds_in_calls);
  w.key("ms_per_call")
      .number(s.calls ? 1000 * s.wall_seconds * s.jobs / static_cast<double>(s.calls) : 0.0);
  w.key("peak_memory_mib").number(peak_memory_mib());
  w.key("threads").begin_array();
  for (const interp::ThreadTiming& t : s.threads) {
    w.begin_object();
    w.key("blocks").value(static_cast<std::int64_t>(t.blocks));
    w.key("started_seconds").number(t.started);
    w.key("busy_seconds").number(t.busy);
    w.key("finished_seconds").number(t.finished);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  w.key("tasks").begin_array();
  for (const interp::TaskOutcome& t : s.tasks) {
    w.begin_object();
    w.key("id").value(t.id);
    w.key("solved").value(t.solved);
    w.key("checked_tests").value(static_cast<std::int64_t>(t.checked_tests));
    std::size_t raised = 0, timeouts = 0;
    for (const auto& c : t.calls) {
      raised += c.status == interp::Call::Status::Raised;
      timeouts += c.status == interp::Call::Status::Timeout;
    }
    w.key("calls").value(static_cast<std::int64_t>(t.calls.size()));
    w.key("raised").value(static_cast<std::int64_t>(raised));
    w.key("timeouts").value(static_cast<std::int64_t>(timeouts));
    w.end_object();
  }
  w.end_array();
  if (!s.profile.empty()) {
    w.key("profile").begin_array();
    for (const interp::ProfileEntry& e : s.profile) {
      w.begin_object();
      w.key("function").value(e.name);
      w.key("calls").value(static_cast<std::int64_t>(e.calls));
      w.key("failures").value(static_cast<std::int64_t>(e.failures));
      w.key("seconds").number(e.seconds);
      w.end_object();
    }
    w.end_array();
  }
  if (!s.functions.empty()) {
    w.key("functions").begin_array();
    for (const interp::FunctionKindsProfile& f : s.functions) {
      w.begin_object();
      w.key("function").value(f.function);
      w.key("kinds").begin_array();
      for (const std::string& k : f.kinds)
        w.value(k);
      w.end_array();
      w.key("arguments").value(static_cast<std::int64_t>(f.arguments));
      w.key("calls").value(static_cast<std::int64_t>(f.calls));
      w.key("self_seconds").number(f.self_seconds);
      w.key("total_seconds").number(f.total_seconds);
      w.end_object();
    }
    w.end_array();
    w.key("value_kinds").begin_array();
    for (const interp::ValueKindProfile& k : s.value_kinds) {
      w.begin_object();
      w.key("kind").value(k.kind);
      w.key("calls").value(static_cast<std::int64_t>(k.calls));
      w.key("self_seconds").number(k.self_seconds);
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
  return w.str();
}

int usage(std::ostream& err, const std::string& message) {
  err << "battgpu run: " << message << "\nRun 'battgpu run --help' for usage.\n";
  return exit_usage;
}

} // namespace

const char* program_run_help() {
  return program_help;
}

bool is_program_path(std::string_view arg) {
  return arg.size() > 3 && arg.ends_with(".py");
}

bool is_program_option(std::string_view arg) {
  return arg == "--program" || arg.starts_with("--program=");
}

int programs_command(const std::vector<std::string_view>& args, std::ostream& out,
                     std::ostream& err) {
  if (!args.empty() && (args.front() == "-h" || args.front() == "--help")) {
    out << "Usage: battgpu programs\n\nLists the compiled programs linked into this executable "
           "(battgpu-import's output), one a line: name, dialect, form, functions and the "
           "Python file it came from. Run one with 'battgpu run --program NAME [PATH...]'.\n";
    return exit_ok;
  }
  if (!args.empty()) {
    err << "battgpu programs: unexpected argument '" << args.front()
        << "'\nRun 'battgpu programs --help' for usage.\n";
    return exit_usage;
  }
  for (const interp::CompiledProgram* p : interp::compiled_programs())
    out << p->name << "  " << dialects::dialect_name(p->dialect)
        << (p->form == frontend::ModuleForm::Batt ? " batt" : " solvers") << ", "
        << p->functions.size() << (p->functions.size() == 1 ? " function" : " functions")
        << ", from " << p->source << "\n";
  for (std::string_view name : interp::duplicate_compiled_programs())
    err << "battgpu programs: warning: a second program named '" << name
        << "' is linked in; only the first is run\n";
  return exit_ok;
}

int program_command(const std::vector<std::string_view>& args, std::ostream& out, std::ostream& err,
                    bool err_is_terminal) {
  ProgramArguments a;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string arg(args[i]);
    auto value = [&](std::string& into) {
      const std::size_t eq = arg.find('=');
      if (eq != std::string::npos) {
        into = arg.substr(eq + 1);
        return !into.empty();
      }
      if (i + 1 >= args.size())
        return false;
      into = std::string(args[++i]);
      return true;
    };
    auto is = [&](std::string_view name) {
      return arg == name ||
             (arg.starts_with(name) && arg.size() > name.size() && arg[name.size()] == '=');
    };
    std::string v;
    if (arg == "-h" || arg == "--help") {
      out << program_help;
      return exit_ok;
    } else if (is("--program")) {
      if (!value(a.compiled))
        return usage(err, "--program needs a NAME ('battgpu programs' lists them)");
    } else if (is("--records")) {
      if (!value(a.records))
        return usage(err, "--records needs a FILE");
    } else if (is("--output")) {
      if (!value(a.output))
        return usage(err, "--output needs a FILE");
    } else if (arg == "--score") {
      a.run.score = true;
    } else if (is("--dialect")) {
      if (!value(v) || !dialects::dialect_from_name(v))
        return usage(err, "--dialect takes arc-dsl or tokpidjin");
      a.dialect = dialects::dialect_from_name(v);
    } else if (is("--time-limit")) {
      char* end = nullptr;
      if (!value(v))
        return usage(err, "--time-limit needs SECONDS");
      a.run.time_limit = std::strtod(v.c_str(), &end);
      if (end != v.c_str() + v.size() || !(a.run.time_limit >= 0) ||
          !std::isfinite(a.run.time_limit))
        return usage(err, "--time-limit takes a number of seconds >= 0");
    } else if (is("--jobs")) {
      if (!value(v) || v.find_first_not_of("0123456789") != std::string::npos || v.size() > 4 ||
          std::stoi(v) < 1)
        return usage(err, "--jobs takes a number from 1 to 9999");
      a.run.jobs = static_cast<unsigned>(std::stoi(v));
    } else if (is("--block")) {
      if (!value(v) || v.find_first_not_of("0123456789") != std::string::npos || v.size() > 6 ||
          std::stoi(v) < 1)
        return usage(err, "--block takes a number of tasks from 1");
      a.run.block_tasks = static_cast<std::size_t>(std::stoi(v));
    } else if (is("--calls-apart")) {
      if (!value(v) || v.empty() || v.find_first_not_of("0123456789") != std::string::npos ||
          v.size() > 9)
        return usage(err, "--calls-apart takes a number of statements (0: never)");
      a.run.calls_apart_statements = static_cast<std::size_t>(std::stoull(v));
    } else if (is("--share-calls")) {
      if (!value(v) || (v != "on" && v != "off"))
        return usage(err, "--share-calls takes on or off");
      a.run.share_calls = v == "on";
    } else if (is("--reuse-calls")) {
      if (!value(v) || (v != "on" && v != "off"))
        return usage(err, "--reuse-calls takes on or off");
      a.run.reuse_calls = v == "on";
    } else if (is("--grid-statements")) {
      if (!value(v) || (v != "off" && v != "cpu" && v != "gpu"))
        return usage(err, "--grid-statements takes off, cpu or gpu");
      a.run.grid_statements = v == "off"   ? interp::GridStatements::Off
                              : v == "cpu" ? interp::GridStatements::Cpu
                                           : interp::GridStatements::Gpu;
    } else if (is("--trace")) {
      if (!value(a.run.trace_call))
        return usage(err, "--trace needs TASK:SPLIT:INDEX");
    } else if (arg == "--profile") {
      a.run.profile = true;
    } else if (arg == "--json") {
      a.json = true;
    } else if (arg == "-q" || arg == "--quiet") {
      a.quiet = true;
    } else if (arg == "--progress") {
      a.progress = ProgramArguments::Progress::On;
    } else if (arg == "--no-progress") {
      a.progress = ProgramArguments::Progress::Off;
    } else if (arg.starts_with("-") && arg != "-") {
      return usage(err, "unknown option '" + arg + "'");
    } else if (a.program.empty() && is_program_path(arg)) {
      a.program = arg;
    } else {
      a.paths.emplace_back(arg);
    }
  }
  if (a.output == "-") {
    a.output.clear();
    a.json = true;
  }
  const bool records_to_stdout = a.records == "-";
  if (records_to_stdout && a.json)
    return usage(err, "--records - and the JSON report (--json) would both go to standard "
                      "output; write one of them to a FILE");
  if (records_to_stdout && !a.run.trace_call.empty())
    return usage(err, "--records - and --trace would both go to standard output; write the "
                      "records to a FILE");
  if (!a.program.empty() && !a.compiled.empty())
    return usage(err, "give FILE.py or --program NAME, not both");
  if (a.program.empty() && a.compiled.empty())
    return usage(err, "no program (FILE.py or --program NAME) given");

  // The records go to their file as the blocks finish, through a temporary file renamed at
  // the end: opened first, so that a path that cannot be written stops the run before it
  // starts, not after it.
  OutputFile records;
  if (!a.records.empty() && !records_to_stdout) {
    if (const std::string problem = records.open(a.records); !problem.empty()) {
      err << "battgpu run: cannot write the records: " << problem << "; nothing was run\n";
      return exit_output_error;
    }
  }

  const auto t0 = std::chrono::steady_clock::now();
  ProgramInfo info;
  frontend::Program program;
  const interp::CompiledProgram* compiled = nullptr;
  if (!a.compiled.empty()) {
    compiled = interp::find_compiled_program(a.compiled);
    if (compiled == nullptr)
      return usage(err, "no compiled program '" + a.compiled +
                            "' in this executable (run 'battgpu programs' to list them)");
    if (a.dialect && *a.dialect != compiled->dialect)
      return usage(err, "--program " + a.compiled + " was compiled for the " +
                            std::string(dialects::dialect_name(compiled->dialect)) +
                            " dialect; import it again to change it");
    if (!a.run.trace_call.empty())
      return usage(err, "--trace needs the interpreter: run the module's FILE.py (" +
                            std::string(compiled->source) + ")");
    info.label = a.compiled;
    info.compiled = true;
    info.source = compiled->source;
    info.dialect = compiled->dialect;
    info.form = compiled->form;
    info.functions = compiled->functions.size();
    for (const interp::CompiledFunctionInfo& f : compiled->functions) {
      info.statements += f.assignments;
      info.records += f.records;
    }
  } else {
    frontend::ModuleAst ast = frontend::parse_file(a.program);
    frontend::CheckOptions check_options;
    check_options.dialect = a.dialect;
    program = frontend::check(ast, check_options);
    for (const frontend::Diagnostic& d : program.diagnostics)
      if (!a.quiet || d.severity == frontend::Diagnostic::Severity::Error)
        err << frontend::format_diagnostic(a.program, d) << "\n";
    if (program.has_errors()) {
      err << "battgpu run: " << a.program << " cannot be run (errors above); nothing was run\n";
      return exit_program_error;
    }
    info.label = a.program;
    info.dialect = program.dialect;
    info.form = program.form;
    info.functions = program.functions.size();
    for (const frontend::Function& f : program.functions) {
      info.statements += f.assignments;
      info.records += f.records;
    }
  }
  if (a.run.score && info.form == frontend::ModuleForm::Solvers)
    err << "battgpu run: note: --score changes nothing for a solver module (a solver takes I "
           "alone): each sample is called once, as the reference runner calls it\n";
  const auto t1 = std::chrono::steady_clock::now();

  if (a.paths.empty()) {
    if (std::string(BATTGPU_DEFAULT_TASKS).empty())
      return usage(err, "no task PATH given and this build has no default task set");
    a.paths.emplace_back(BATTGPU_DEFAULT_TASKS);
  }
  tasks::LoadResult loaded = tasks::load_tasks(a.paths, a.run.jobs);
  const auto t2 = std::chrono::steady_clock::now();
  for (const tasks::LoadError& e : loaded.errors)
    err << e.message << "\n";

  if (records_to_stdout)
    a.run.record_sink = [&](const std::string& line) { out << line << '\n'; };
  else if (!a.records.empty())
    a.run.record_sink = [&](const std::string& line) {
      records.write(line);
      records.write("\n");
    };
  const bool show_progress =
      a.progress == ProgramArguments::Progress::On ||
      (a.progress == ProgramArguments::Progress::Auto && err_is_terminal && !a.quiet);
  ProgressLine progress(err, err_is_terminal);
  if (show_progress)
    a.run.progress = [&](std::size_t done, std::size_t total) { progress.update(done, total); };
  if (!a.run.trace_call.empty())
    a.run.trace = [&](const interp::Call&, const frontend::SourceStatement& statement,
                      const std::string& target, const py::Value& value) {
      std::string line = "{\"line\":" + std::to_string(statement.loc.line) + ",\"target\":";
      py::write_json_string(line, target);
      line += ",\"value\":";
      py::write_canonical(line, value, py::SetListing::IterationOrder);
      out << line << "}\n";
    };
  if (a.run.grid_statements == interp::GridStatements::Gpu && !runtime::gpu_available()) {
    // Asked for, not there: say so, and run them where they can run (the report says cpu).
    err << "battgpu: --grid-statements gpu: " << runtime::gpu_unavailable_reason()
        << "; the grid statements run on the host\n";
    a.run.grid_statements = interp::GridStatements::Cpu;
  }
  interp::RunSummary summary = compiled != nullptr
                                   ? interp::run_program(*compiled, loaded.tasks, a.run)
                                   : interp::run_program(program, loaded.tasks, a.run);
  progress.finish();
  if (!a.run.trace_call.empty())
    return loaded.errors.empty() ? exit_ok : exit_load_error;

  int code = loaded.errors.empty() ? exit_ok : exit_load_error;
  if (records_to_stdout) {
    out.flush();
    if (!out) {
      err << "battgpu run: cannot write the records to standard output\n";
      code = exit_output_error;
    }
  } else if (!a.records.empty()) {
    const std::string problem = records.commit();
    if (!problem.empty()) {
      err << "battgpu run: cannot write the records: " << problem << "\n";
      code = exit_output_error;
    }
  }
  const double load_seconds = std::chrono::duration<double>(t2 - t1).count();
  const double check_seconds = std::chrono::duration<double>(t1 - t0).count();
  const std::string report =
      json_report(a, info, summary, loaded.errors.size(), load_seconds, check_seconds);
  if (!a.output.empty()) {
    const std::string problem = write_file_atomically(a.output, report);
    if (!problem.empty()) {
      err << "battgpu run: cannot write the report: " << problem << "\n";
      code = exit_output_error;
    }
  }
  if (a.json) {
    out << report;
    return code;
  }
  // With the records on standard output, the report for people goes beside the progress line.
  std::ostream& text = records_to_stdout ? err : out;
  std::size_t solved = 0, checked = 0;
  for (const interp::TaskOutcome& t : summary.tasks) {
    solved += t.solved;
    checked += t.checked_tests > 0;
    if (!a.quiet) {
      std::size_t raised = 0, timeouts = 0;
      for (const auto& c : t.calls) {
        raised += c.status == interp::Call::Status::Raised;
        timeouts += c.status == interp::Call::Status::Timeout;
      }
      text << (t.solved          ? "solved          "
               : t.checked_tests ? "not-solved      "
                                 : "unchecked       ")
           << t.id << "  calls " << t.calls.size();
      if (raised)
        text << ", raised " << raised;
      if (timeouts)
        text << ", timeouts " << timeouts;
      text << "\n";
    }
  }
  text << (info.compiled ? "compiled program " + info.label + " (" + info.source + ")" : info.label)
       << ": " << dialects::dialect_name(info.dialect)
       << (info.form == frontend::ModuleForm::Batt ? " batt module, " : " solver module, ")
       << info.functions << (info.functions == 1 ? " function, " : " functions, ")
       << info.statements << " statements, " << info.records << " records\n";
  text << "solved " << solved << "/" << checked << " tasks\n";
  text << "calls " << summary.calls << ": raised " << summary.raised;
  for (const auto& [type, n] : summary.raised_types)
    text << " (" << type << " " << n << ")";
  text << ", timeouts " << summary.timeouts << "\n";
  text << "records: o " << summary.o_records << ", s " << summary.s_records;
  if (summary.records_unwritten > 0)
    text << "; " << summary.records_unwritten
         << (summary.records_unwritten == 1 ? " call's" : " calls'")
         << " records could not be written (written as raising)";
  text << "\n";
  text << "time: check " << fixed(check_seconds, 3) << " s, load " << fixed(load_seconds, 3)
       << " s, run " << fixed(summary.wall_seconds, 3) << " s on " << summary.jobs << " threads ("
       << fixed(summary.calls ? 1000 * summary.wall_seconds * summary.jobs /
                                    static_cast<double>(summary.calls)
                              : 0.0,
                3)
       << " ms a call, " << fixed(summary.tasks.size() / std::max(summary.wall_seconds, 1e-9), 1)
       << " tasks/s), peak memory " << fixed(peak_memory_mib(), 0) << " MiB (" << allocator_name()
       << ")\n";
  if (!summary.profile.empty()) {
    text << "profile (seconds in calls of each function):\n";
    for (const interp::ProfileEntry& e : summary.profile)
      text << "  " << fixed(e.seconds, 4) << "  " << e.name << "  calls " << e.calls << ", failed "
           << e.failures << "\n";
  }
  if (!summary.functions.empty())
    write_call_profile(text, summary);
  return code;
}

} // namespace battgpu::driver
