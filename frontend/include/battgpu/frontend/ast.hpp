// The syntax tree of a Python solver or batt module, as far as such modules go: imports,
// function definitions, and in their bodies assignments (tuple unpacking included),
// expression statements, try/except, return and pass. The parser (parser.hpp) builds it;
// the checker (program.hpp) gives it meaning.
#pragma once

#include "battgpu/frontend/lexer.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace battgpu::frontend {

struct Expr {
  enum class Kind {
    Name,  ///< text: the identifier
    Int,   ///< int_value
    Float, ///< float_value
    Str,   ///< text: the string's value
    True,
    False,
    None,
    Tuple,     ///< items: the elements
    List,      ///< items: the elements
    Call,      ///< items[0]: the callee, items[1...]: the positional arguments
    Attribute, ///< items[0]: the object, text: the attribute name
  };
  Kind kind = Kind::None;
  Location loc;
  std::string text;
  std::int64_t int_value = 0;
  double float_value = 0;
  std::vector<Expr> items;
};

struct Stmt;

/// One `except` clause.
struct Handler {
  Location loc;
  /// The exception names it catches; empty for a bare `except:`.
  std::vector<std::string> types;
  std::vector<Stmt> body;
};

struct Stmt {
  enum class Kind {
    Assign,     ///< targets = value (several targets: tuple unpacking)
    Expression, ///< value, evaluated for its effect (`o.append(...)`)
    Try,        ///< body, handlers, orelse, finalbody
    Return,     ///< value (Kind::None when bare)
    Pass,
  };
  Kind kind = Kind::Pass;
  Location loc;
  /// The statement's source text, whitespace folded (for messages and records).
  std::string text;
  std::vector<std::string> targets;
  bool unpack = false; ///< `a, b = ...` (even with one target: `a, = ...`)
  Expr value;
  std::vector<Stmt> body;
  std::vector<Handler> handlers;
  std::vector<Stmt> orelse;
  std::vector<Stmt> finalbody;
};

struct FunctionDef {
  Location loc;
  std::string name;
  std::vector<std::string> params;
  std::vector<Stmt> body;
};

/// `from MODULE import NAME [as BOUND], ...` (star: `import *`) or `import MODULE [as BOUND]`.
struct Import {
  /// A name imported, and the module-level name it is bound to (itself unless `as` renames it).
  struct Name {
    std::string name;
    std::string bound;
  };
  Location loc;
  std::string module;
  std::vector<Name> names;
  bool star = false;
};

struct Diagnostic {
  enum class Severity { Error, Warning };
  Severity severity = Severity::Error;
  Location loc;
  std::string message;
  /// The statement's source text, when there is one.
  std::string statement;
};

struct ModuleAst {
  std::string path;
  std::vector<Import> imports;
  std::vector<FunctionDef> functions;
  std::vector<Diagnostic> diagnostics;
  /// The file could not be read (parse_file) or split into lines (an encoding, indentation or
  /// line-continuation error): its one diagnostic says why, and nothing else is checked.
  bool unparsed = false;
  bool has_errors() const;
};

/// "FILE:LINE:COL: error: MESSAGE [STATEMENT]" ("FILE: error: MESSAGE" for a problem of the
/// whole file, at line 0).
std::string format_diagnostic(const std::string& path, const Diagnostic& d);

} // namespace battgpu::frontend
