// battgpu-import: Python ARC-DSL solver modules and batt functions into batt-style C++.
#include "dsl_names.hpp"
#include "importer.hpp"
#include "python_subset.hpp"

#include "battgpu/tasks/json.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace {

using namespace battgpu::importer;

/// Exit codes (stable; documented in --help and importer/README.md).
enum ExitCode : int {
  exit_ok = 0,           // every function imported
  exit_left_out = 1,     // output written, but some functions were left out (see diagnostics)
  exit_usage = 2,        // bad command line
  exit_input_error = 3,  // a file is missing, unreadable, not UTF-8 or truncated: nothing written
  exit_output_error = 4, // the output or report file could not be written
};

constexpr const char* usage_text =
    R"(usage: battgpu-import [options] FILE.py...

Translates Python ARC-DSL solver modules (`def solve_<id>(I):` ... `return O`) and batt
functions (`def batt(task_id, S, I, C, log_path):`) into batt-style C++ solvers that
compile against battgpu's DSL and register themselves with the driver.

options:
  -o FILE, --output FILE   write the C++ to FILE (atomically; default: standard output)
  --portfolio[=NAME]       one function running every solver, each identical call on
                           identical arguments computed once, every solver's output
                           recorded under its own id; registered as NAME (default
                           "portfolio")
  --namespace NAME         C++ namespace battgpu::NAME (default "imported")
  --report=FORMAT          the summary: text (default) or json
  --report-file FILE       write the summary there instead of standard error
  --list-names             print the DSL names the importer knows, with arities, and exit
  -h, --help               this text

Each statement outside the supported subset, each unknown name, wrong number of
arguments or call of a non-function is reported as
  FILE:LINE:COL: error: MESSAGE [STATEMENT]
and its function is left out; the other functions are still written. In a batt function
only that statement and what depends on it are left out (each record lost is reported).

exit status:
  0  every function imported
  1  something was left out (the output holds the rest)
  2  usage error
  3  an input file is missing, unreadable, not UTF-8 or truncated (nothing is written)
  4  the output or report file could not be written
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
  std::vector<std::string> inputs;
  std::string output;
  std::string portfolio;
  std::string cpp_namespace = "imported";
  std::string report = "text";
  std::string report_file;
  bool list_names = false;
};

bool valid_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])) != 0)
    return false;
  for (const char c : s)
    if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_')
      return false;
  return true;
}

int parse_args(int argc, char** argv, Options& opt) {
  for (int k = 1; k < argc; ++k) {
    const std::string a = argv[k];
    auto value = [&](const std::string& name, std::string& dest) -> int {
      if (a == name) {
        if (k + 1 >= argc) {
          std::cerr << "battgpu-import: " << name << " needs a value\n";
          return exit_usage;
        }
        dest = argv[++k];
        return -1;
      }
      if (a.starts_with(name + "=")) {
        dest = a.substr(name.size() + 1);
        return -1;
      }
      return 0;
    };
    if (a == "-h" || a == "--help") {
      std::cout << usage_text;
      return exit_ok;
    }
    if (a == "--list-names") {
      opt.list_names = true;
      continue;
    }
    if (a == "--portfolio") {
      opt.portfolio = "portfolio";
      continue;
    }
    int r = 0;
    for (auto [name, dest] : {std::pair<std::string, std::string*>{"--output", &opt.output},
                              {"-o", &opt.output},
                              {"--portfolio", &opt.portfolio},
                              {"--namespace", &opt.cpp_namespace},
                              {"--report", &opt.report},
                              {"--report-file", &opt.report_file}}) {
      r = value(name, *dest);
      if (r != 0)
        break;
    }
    if (r == exit_usage)
      return exit_usage;
    if (r == -1)
      continue;
    if (a.size() > 1 && a[0] == '-') {
      std::cerr << "battgpu-import: unknown option '" << a << "' (see --help)\n";
      return exit_usage;
    }
    opt.inputs.push_back(a);
  }
  if (opt.report != "text" && opt.report != "json") {
    std::cerr << "battgpu-import: --report must be 'text' or 'json'\n";
    return exit_usage;
  }
  if (!valid_identifier(opt.cpp_namespace)) {
    std::cerr << "battgpu-import: --namespace needs a C++ identifier\n";
    return exit_usage;
  }
  if (opt.inputs.empty() && !opt.list_names) {
    std::cerr << "battgpu-import: no input files (see --help)\n";
    return exit_usage;
  }
  return -1;
}

bool read_file(const std::string& path, std::string& text, std::string& error) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    error = "no such file";
    return false;
  }
  if (std::filesystem::is_directory(path, ec)) {
    error = "is a directory";
    return false;
  }
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    error = "cannot open the file";
    return false;
  }
  std::ostringstream ss;
  ss << f.rdbuf();
  if (f.bad()) {
    error = "read error";
    return false;
  }
  text = ss.str();
  return true;
}

std::string report_text(const Module& m, const PortfolioStats& stats, bool portfolio) {
  std::size_t imported = 0;
  std::map<std::string, std::size_t> reasons;
  for (const Function& fn : m.functions) {
    if (fn.left_out_reason.empty())
      ++imported;
    else
      ++reasons[fn.left_out_reason];
  }
  std::ostringstream s;
  s << "battgpu-import: imported " << imported << " of " << m.functions.size()
    << " functions, left out " << (m.functions.size() - imported);
  if (!reasons.empty()) {
    s << " (";
    bool first = true;
    for (const auto& [reason, n] : reasons) {
      s << (first ? "" : ", ") << reason << ": " << n;
      first = false;
    }
    s << ")";
  }
  s << "; " << m.diagnostics.size() << " diagnostic" << (m.diagnostics.size() == 1 ? "" : "s");
  if (m.ignored_statements > 0)
    s << ", " << m.ignored_statements << " module-level statement"
      << (m.ignored_statements == 1 ? "" : "s") << " ignored";
  s << "\n";
  for (const Function& fn : m.functions)
    if (fn.left_out_reason.empty() && fn.errors > 0)
      s << "battgpu-import: " << fn.python_name << " (" << fn.file
        << ") imported in part: " << fn.statements_left_out << " statement"
        << (fn.statements_left_out == 1 ? "" : "s") << " and " << fn.records_left_out << " record"
        << (fn.records_left_out == 1 ? "" : "s") << " left out\n";
  if (portfolio)
    s << "battgpu-import: portfolio: " << stats.calls << " calls, " << stats.computed
      << " computed, " << (stats.calls - stats.computed) << " shared\n";
  return s.str();
}

std::string report_json(const Module& m, const PortfolioStats& stats, bool portfolio) {
  std::size_t imported = 0;
  std::map<std::string, std::size_t> reasons;
  for (const Function& fn : m.functions) {
    if (fn.left_out_reason.empty())
      ++imported;
    else
      ++reasons[fn.left_out_reason];
  }
  std::ostringstream s;
  s << "{\"functions\": " << m.functions.size() << ", \"imported\": " << imported
    << ", \"left_out\": " << (m.functions.size() - imported) << ", \"left_out_by_reason\": {";
  bool first = true;
  for (const auto& [reason, n] : reasons) {
    s << (first ? "" : ", ") << battgpu::json::quote(reason) << ": " << n;
    first = false;
  }
  s << "}, \"ignored_statements\": " << m.ignored_statements;
  if (portfolio)
    s << ", \"portfolio\": {\"calls\": " << stats.calls << ", \"computed\": " << stats.computed
      << ", \"shared\": " << (stats.calls - stats.computed) << "}";
  s << ", \"solvers\": [";
  first = true;
  for (const Function& fn : m.functions) {
    s << (first ? "" : ", ") << "{\"function\": " << battgpu::json::quote(fn.python_name)
      << ", \"id\": " << battgpu::json::quote(fn.id)
      << ", \"file\": " << battgpu::json::quote(fn.file) << ", \"line\": " << fn.loc.line
      << ", \"imported\": " << (fn.left_out_reason.empty() ? "true" : "false");
    if (!fn.left_out_reason.empty())
      s << ", \"reason\": " << battgpu::json::quote(fn.left_out_reason);
    if (fn.batt)
      s << ", \"errors\": " << fn.errors << ", \"statements_left_out\": " << fn.statements_left_out
        << ", \"records_left_out\": " << fn.records_left_out;
    s << "}";
    first = false;
  }
  s << "], \"diagnostics\": [";
  first = true;
  for (const Diagnostic& d : m.diagnostics) {
    s << (first ? "" : ", ") << "{\"file\": " << battgpu::json::quote(d.file)
      << ", \"line\": " << d.loc.line << ", \"col\": " << d.loc.col
      << ", \"reason\": " << battgpu::json::quote(d.reason)
      << ", \"message\": " << battgpu::json::quote(d.message)
      << ", \"statement\": " << battgpu::json::quote(d.statement)
      << ", \"function\": " << battgpu::json::quote(d.function) << "}";
    first = false;
  }
  s << "]}\n";
  return s.str();
}

int run(int argc, char** argv) {
  Options opt;
  if (const int r = parse_args(argc, argv, opt); r >= 0)
    return r;
  if (opt.list_names) {
    for (const Primitive& p : primitives())
      std::cout << p.python << " " << p.cpp << " " << p.arity << "\n";
    for (std::string_view c : constants())
      std::cout << c << " " << c << " -\n";
    return exit_ok;
  }
  Module module;
  for (const std::string& path : opt.inputs) {
    std::string text, error;
    if (!read_file(path, text, error)) {
      std::cerr << path << ": error: " << error << "\n";
      return exit_input_error;
    }
    try {
      const std::vector<Line> lines = parse_lines(text);
      translate_file(path, std::filesystem::path(path).stem().string(), lines, module);
    } catch (const FileError& e) {
      std::cerr << path << ":" << e.location.line << ":" << e.location.col
                << ": error: " << e.what() << "\n";
      std::cerr << "battgpu-import: nothing written\n";
      return exit_input_error;
    }
  }
  finish_module(module);
  EmitOptions emit;
  emit.cpp_namespace = opt.cpp_namespace;
  emit.portfolio = opt.portfolio;
  for (const std::string& p : opt.inputs)
    emit.sources.push_back(std::filesystem::path(p).filename().string());
  PortfolioStats stats;
  const std::string cpp = emit_cpp(module, emit, stats);

  const bool json = opt.report == "json";
  std::string report;
  if (!json)
    for (const Diagnostic& d : module.diagnostics)
      report += format_diagnostic(d) + "\n";
  report += json ? report_json(module, stats, !opt.portfolio.empty())
                 : report_text(module, stats, !opt.portfolio.empty());

  if (opt.output.empty() || opt.output == "-") {
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
  if (opt.report_file.empty()) {
    std::cerr << report;
  } else if (const std::string err = write_atomically(opt.report_file, report); !err.empty()) {
    std::cerr << "battgpu-import: " << err << "\n";
    return exit_output_error;
  }
  bool left_out = false;
  for (const Function& fn : module.functions)
    left_out = left_out || !fn.left_out_reason.empty();
  return left_out || !module.diagnostics.empty() ? exit_left_out : exit_ok;
}

} // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "battgpu-import: internal error: " << e.what() << "\n";
    return exit_input_error;
  }
}
