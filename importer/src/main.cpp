// battgpu-import: a Python batt or solver module into C++ that registers itself as a compiled
// program and gives the records `battgpu run FILE.py` gives (importer/README.md).
#include "emit.hpp"

#include "battgpu/dialects/module.hpp"
#include "battgpu/frontend/parser.hpp"
#include "battgpu/frontend/program.hpp"
#include "battgpu/tasks/json.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace {

using namespace battgpu;

/// Exit codes (stable; documented in --help and importer/README.md).
enum ExitCode : int {
  exit_ok = 0,             // the C++ was written (warnings, if any, were printed)
  exit_not_importable = 1, // errors (outside the batt and solver forms): nothing written
  exit_usage = 2,          // bad command line
  exit_input_error = 3,    // the file is missing or unreadable: nothing written
  exit_output_error = 4,   // the output or the report could not be written
  exit_internal = 5,       // a bug of battgpu-import: nothing written
};

constexpr const char* usage_text = R"(usage: battgpu-import [options] FILE.py

Writes a Python batt module (`def batt(task_id, S, I, C, log_path)`, tokpidjin's dialect) or
solver module (`def solve_<id>(I)` functions, arc-dsl's dialect) as C++ that computes with
battgpu's Python values exactly as `battgpu run FILE.py` does: every statement kept, with
Python's control flow (a failing statement skips the rest of its try body, a matching `except`
clause runs its handler, an exception escaping the function ends the call as raised; a name
the dialect lacks raises NameError when its statement runs). The C++ registers itself as a
compiled program: linked into battgpu (or any program built on battgpu::driver), it runs with
`battgpu run --program NAME [PATH...]` and writes the same records.

options:
  -o FILE, --output FILE    write the C++ to FILE (through a temporary file and a rename:
                            never a partial file); default: standard output
  --name NAME               the program's name for `battgpu run --program` (default: the
                            file's stem)
  --namespace NAME          the C++ namespace battgpu::imported::NAME (default: from the
                            name); two programs linked together need different ones
  --dialect D               arc-dsl or tokpidjin (default: read off the module's form)
  --source TEXT             how the generated code names its source (default: the file name)
  --nodes-per-function N    the most statements one generated C++ function holds (default
                            200); longer bodies are cut into several functions
  --report FORMAT           the summary on standard error: text (default) or json
  --report-file FILE        write the summary to FILE instead
  -q, --quiet               print no warnings, only errors
  --list-names D            print every public name of dialect D (arc-dsl or tokpidjin), one
                            a line with its kind (function or constant), and exit
  -h, --help                this text

Diagnostics are printed as
  FILE:LINE:COL: error: MESSAGE [STATEMENT]
Errors are constructs outside the batt and solver forms (a loop, an operator, a class, ...):
the file is not imported, and nothing is written. Warnings (a name the dialect lacks) do not
stop the import: the statement raises NameError when it runs, as in Python.

exit status:
  0  the C++ was written
  1  the file cannot be imported (errors above); nothing written
  2  usage error
  3  the file is missing or unreadable; nothing written
  4  the output or the report could not be written
  5  internal error of battgpu-import; nothing written
)";

/// Writes through a temporary file in the same directory and a rename.
std::string write_atomically(const std::string& path, const std::string& content) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  const fs::path tmp =
      target.parent_path() / (".#" + target.filename().string() + "." + std::to_string(::getpid()));
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f)
      return "cannot create " + tmp.string();
    f << content;
    f.flush();
    if (!f) {
      std::error_code ec;
      fs::remove(tmp, ec);
      return "cannot write " + tmp.string();
    }
  }
  std::error_code ec;
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::remove(tmp, ec);
    return "cannot rename onto " + path + ": " + ec.message();
  }
  return "";
}

struct Options {
  std::string input;
  std::string output;
  std::string name;
  std::string cpp_namespace;
  std::string source;
  std::optional<py::Dialect> dialect;
  std::size_t nodes_per_function = 500;
  std::string report = "text";
  std::string report_file;
  bool quiet = false;
};

bool valid_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])) != 0)
    return false;
  for (const char c : s)
    if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_')
      return false;
  return true;
}

int usage(const std::string& message) {
  std::cerr << "battgpu-import: " << message << " (see --help)\n";
  return exit_usage;
}

/// Parses the command line; -1 to go on, else the exit status.
int parse_args(int argc, char** argv, Options& opt) {
  std::string dialect, nodes;
  for (int k = 1; k < argc; ++k) {
    const std::string a = argv[k];
    // "--name value" or "--name=value": 1 taken, 0 not this option, -1 value missing.
    auto value = [&](std::string_view name, std::string& dest) -> int {
      if (a == name) {
        if (k + 1 >= argc)
          return -1;
        dest = argv[++k];
        return 1;
      }
      if (a.size() > name.size() && a.starts_with(name) && a[name.size()] == '=') {
        dest = a.substr(name.size() + 1);
        return 1;
      }
      return 0;
    };
    if (a == "-h" || a == "--help") {
      std::cout << usage_text;
      return exit_ok;
    }
    if (a == "--list-names" || a.starts_with("--list-names=")) {
      std::string d = a.size() > 13 ? a.substr(13) : (k + 1 < argc ? argv[++k] : "");
      const auto which = dialects::dialect_from_name(d);
      if (!which)
        return usage("--list-names takes arc-dsl or tokpidjin");
      for (const auto& e : dialects::module(*which).entries())
        std::cout << e.name
                  << (e.value.kind() == py::Kind::Function ? " function\n" : " constant\n");
      return exit_ok;
    }
    if (a == "-q" || a == "--quiet") {
      opt.quiet = true;
      continue;
    }
    const std::pair<std::string_view, std::string*> valued[] = {{"-o", &opt.output},
                                                                {"--output", &opt.output},
                                                                {"--name", &opt.name},
                                                                {"--namespace", &opt.cpp_namespace},
                                                                {"--dialect", &dialect},
                                                                {"--source", &opt.source},
                                                                {"--report", &opt.report},
                                                                {"--report-file", &opt.report_file},
                                                                {"--nodes-per-function", &nodes}};
    int r = 0;
    for (const auto& [name, dest] : valued) {
      r = value(name, *dest);
      if (r == -1)
        return usage(std::string(name) + " needs a value");
      if (r == 1)
        break;
    }
    if (r == 1)
      continue;
    if (a.size() > 1 && a[0] == '-')
      return usage("unknown option '" + a + "'");
    if (!opt.input.empty())
      return usage("one input file at a time ('" + opt.input + "' and '" + a + "')");
    opt.input = a;
  }
  if (opt.input.empty())
    return usage("no input file");
  if (opt.report != "text" && opt.report != "json")
    return usage("--report takes text or json");
  if (!dialect.empty()) {
    opt.dialect = dialects::dialect_from_name(dialect);
    if (!opt.dialect)
      return usage("--dialect takes arc-dsl or tokpidjin");
  }
  if (!nodes.empty()) {
    if (nodes.size() > 7 || nodes.find_first_not_of("0123456789") != std::string::npos ||
        std::stoul(nodes) < 1)
      return usage("--nodes-per-function takes a number from 1");
    opt.nodes_per_function = std::stoul(nodes);
  }
  const std::string stem = std::filesystem::path(opt.input).stem().string();
  if (opt.name.empty())
    opt.name = stem;
  if (opt.name.empty() || opt.name.find_first_of(" \t\n\r\"\\") != std::string::npos)
    return usage("--name needs a name without spaces, quotes or backslashes");
  if (opt.cpp_namespace.empty()) {
    opt.cpp_namespace = importer::cpp_identifier(opt.name);
    if (opt.cpp_namespace.starts_with("_"))
      opt.cpp_namespace.insert(0, "p");
  }
  if (!valid_identifier(opt.cpp_namespace))
    return usage("--namespace needs a C++ identifier");
  if (opt.source.empty())
    opt.source = std::filesystem::path(opt.input).filename().string();
  return -1;
}

std::string report_text(const Options& opt, const frontend::Program& p,
                        const importer::EmitStats& s, double seconds) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", seconds);
  std::ostringstream out;
  out << "battgpu-import: " << opt.input << ": " << dialects::dialect_name(p.dialect)
      << (p.form == frontend::ModuleForm::Batt ? " batt module" : " solver module") << ", "
      << s.functions << (s.functions == 1 ? " function, " : " functions, ") << s.statements
      << " statements (" << s.assignments << " assignments, " << s.records
      << " records), every one kept; " << s.name_errors << " raising NameError, "
      << s.unbound_checks << " unbound-local checks; " << s.cpp_functions
      << (s.cpp_functions == 1 ? " C++ function, " : " C++ functions, ") << s.lines
      << " lines; program \"" << opt.name << "\" in " << buf << " s\n";
  return out.str();
}

std::string report_json(const Options& opt, const frontend::Program& p,
                        const importer::EmitStats& s, bool written, double seconds) {
  json::Writer w(0);
  w.begin_object();
  w.key("input").value(opt.input);
  w.key("written").value(written);
  w.key("program").value(opt.name);
  w.key("dialect").value(std::string(dialects::dialect_name(p.dialect)));
  w.key("form").value(p.form == frontend::ModuleForm::Batt ? "batt" : "solvers");
  w.key("functions").value(static_cast<std::int64_t>(s.functions));
  w.key("statements").value(static_cast<std::int64_t>(s.statements));
  w.key("assignments").value(static_cast<std::int64_t>(s.assignments));
  w.key("records").value(static_cast<std::int64_t>(s.records));
  w.key("name_errors").value(static_cast<std::int64_t>(s.name_errors));
  w.key("unbound_checks").value(static_cast<std::int64_t>(s.unbound_checks));
  w.key("cpp_functions").value(static_cast<std::int64_t>(s.cpp_functions));
  w.key("lines").value(static_cast<std::int64_t>(s.lines));
  w.key("seconds").number(seconds);
  w.key("diagnostics").begin_array();
  for (const frontend::Diagnostic& d : p.diagnostics) {
    w.begin_object();
    w.key("severity")
        .value(d.severity == frontend::Diagnostic::Severity::Error ? "error" : "warning");
    w.key("line").value(static_cast<std::int64_t>(d.loc.line));
    w.key("col").value(static_cast<std::int64_t>(d.loc.col));
    w.key("message").value(d.message);
    w.key("statement").value(d.statement);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.str() + "\n";
}

int run(int argc, char** argv) {
  Options opt;
  if (const int r = parse_args(argc, argv, opt); r >= 0)
    return r;
  const auto start = std::chrono::steady_clock::now();
  {
    std::error_code ec;
    if (!std::filesystem::exists(opt.input, ec)) {
      std::cerr << opt.input << ": error: no such file\n";
      return exit_input_error;
    }
    if (std::filesystem::is_directory(opt.input, ec)) {
      std::cerr << opt.input << ": error: is a directory\n";
      return exit_input_error;
    }
    if (!std::ifstream(opt.input, std::ios::binary)) {
      std::cerr << opt.input << ": error: cannot read the file\n";
      return exit_input_error;
    }
  }
  const frontend::ModuleAst ast = frontend::parse_file(opt.input);
  frontend::CheckOptions check;
  check.dialect = opt.dialect;
  const frontend::Program program = frontend::check(ast, check);

  std::string diagnostics;
  for (const frontend::Diagnostic& d : program.diagnostics)
    if (!opt.quiet || d.severity == frontend::Diagnostic::Severity::Error)
      diagnostics += frontend::format_diagnostic(opt.input, d) + "\n";
  importer::EmitStats stats;
  std::string cpp;
  if (!program.has_errors()) {
    importer::EmitOptions emit;
    emit.program_name = opt.name;
    emit.cpp_namespace = opt.cpp_namespace;
    emit.source = opt.source;
    emit.nodes_per_function = opt.nodes_per_function;
    cpp = importer::emit_program(program, emit, stats);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  int code = exit_ok;
  if (program.has_errors()) {
    diagnostics += "battgpu-import: " + opt.input + " cannot be imported (errors above); " +
                   "nothing written\n";
    code = exit_not_importable;
  } else if (opt.output.empty() || opt.output == "-") {
    std::cout << cpp;
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "battgpu-import: cannot write to standard output\n";
      return exit_output_error;
    }
  } else if (const std::string err = write_atomically(opt.output, cpp); !err.empty()) {
    std::cerr << "battgpu-import: " << err << "\n";
    return exit_output_error;
  }

  // The JSON report holds the diagnostics itself.
  const std::string report =
      opt.report == "json"
          ? report_json(opt, program, stats, code == exit_ok, seconds)
          : diagnostics + (code == exit_ok ? report_text(opt, program, stats, seconds) : "");
  if (opt.report_file.empty()) {
    std::cerr << report;
  } else if (const std::string err = write_atomically(opt.report_file, report); !err.empty()) {
    std::cerr << "battgpu-import: " << err << "\n";
    return exit_output_error;
  }
  return code;
}

} // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "battgpu-import: internal error: " << e.what() << "\n";
    return exit_internal;
  }
}
