// battgpu-import's translation: Python solver modules and batt functions into batt-style C++.
#pragma once

#include "python_subset.hpp"

#include <map>
#include <string>
#include <vector>

namespace battgpu::importer {

/// Why a function was left out (the report's categories).
inline constexpr const char* reason_unsupported = "unsupported-construct";
inline constexpr const char* reason_unknown_name = "unknown-name";
inline constexpr const char* reason_wrong_arity = "wrong-arity";
inline constexpr const char* reason_type_error = "type-error";
inline constexpr const char* reason_missing_return = "missing-return";
inline constexpr const char* reason_duplicate = "duplicate-solver";
/// A batt record left out because its value depends on a statement with an error.
inline constexpr const char* reason_depends = "depends-on-error";

struct Diagnostic {
  std::string file;
  Location loc;
  /// One of the reason_* categories.
  std::string reason;
  std::string message;
  /// The statement's source text.
  std::string statement;
  /// The Python function the statement is in ("" at module level).
  std::string function;
};

/// One translated statement, names already mapped to their C++ spelling.
struct Statement {
  enum Kind { Assign, Record, Comment } kind = Assign;
  /// Assign: the C++ variable; Record: the recorded variable.
  std::string target;
  Expr value;
  /// Record: the statement number and the solver id.
  int number = 0;
  std::string solver_id;
  /// Comment: its text.
  std::string comment;
};

struct Function {
  std::string file;
  Location loc;
  std::string python_name;
  /// The id its outputs are recorded under (and the registration name).
  std::string id;
  /// The C++ function name.
  std::string cpp_name;
  bool batt = false;
  std::vector<Statement> statements;
  /// Empty when the function is imported; else the reason it is left out.
  std::string left_out_reason;
  /// Batt functions are kept in part: their errors, and the statements and records left
  /// out because they had an error or depend on one.
  int errors = 0;
  int statements_left_out = 0;
  int records_left_out = 0;
};

struct Module {
  std::vector<Function> functions;
  std::vector<Diagnostic> diagnostics;
  /// Module-level statements that are not imports, defs or docstrings (each diagnosed).
  int ignored_statements = 0;
};

/// Translates one parsed file into `module` (appending). `file` names it in diagnostics;
/// `stem` names its batt functions.
void translate_file(const std::string& file, const std::string& stem,
                    const std::vector<Line>& lines, Module& module);

/// Marks later functions with an id already taken as duplicates and makes C++ names unique.
void finish_module(Module& module);

struct PortfolioStats {
  std::size_t calls = 0;
  std::size_t computed = 0;
};

struct EmitOptions {
  /// The C++ namespace inside `battgpu`.
  std::string cpp_namespace = "imported";
  /// Non-empty: emit one portfolio function registered under this name.
  std::string portfolio;
  std::vector<std::string> sources;
};

/// The C++ source for the imported functions of `module`.
std::string emit_cpp(const Module& module, const EmitOptions& options, PortfolioStats& stats);

/// "file:line:col: error: message [statement]"
std::string format_diagnostic(const Diagnostic& d);

} // namespace battgpu::importer
