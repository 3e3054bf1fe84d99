// A checked program: a solver or batt module with its names resolved against its dialect's
// DSL module, its expressions flattened into one operation per node, and its variables
// numbered. `battgpu run` executes it (interp/); `battgpu-import` writes it as C++.
#pragma once

#include "battgpu/frontend/ast.hpp"
#include "battgpu/py/value.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace battgpu::frontend {

/// The two forms of module (SPEC section 3).
enum class ModuleForm {
  Batt,    ///< one `def batt(task_id, S, I, C, log_path)` returning `o, s`
  Solvers, ///< `def solve_<id>(I)` functions, each returning a grid
};

/// An operation's input: a local variable (by slot) or a constant of the program's pool (a
/// literal, a DSL function or a DSL constant).
struct Operand {
  enum class Kind : std::uint8_t { Local, Constant };
  Kind kind = Kind::Constant;
  std::uint32_t index = 0;
};

/// The exception types an `except` clause catches: bit n for py::Exc n.
using ExcMask = std::uint32_t;

struct Node {
  enum class Kind : std::uint8_t {
    Call,        ///< target = callee(args...)
    Move,        ///< target = args[0]
    MakeTuple,   ///< target = (args...)
    MakeList,    ///< list `target` = [] (a record list)
    Append,      ///< list `target`.append(args[0])
    SafeDefault, ///< target = _get_safe_default(args[0])
    Unpack,      ///< targets = args[0], unpacked
    SampleBatch, ///< targets (four) = batch_process_samples_gpu(args[0])
    Raise,       ///< raises `raises` (a name Python cannot resolve: NameError)
    Return,      ///< returns args (the record lists of a batt, a solver's grid)
    Try,         ///< body, then handlers / orelse, then finalbody
  };
  struct Handler {
    ExcMask mask = 0;
    std::vector<Node> body;
  };

  Kind kind = Kind::Move;
  /// The source statement this node comes from (index into Function::statements).
  std::uint32_t statement = 0;
  std::uint32_t target = 0;
  std::vector<std::uint32_t> targets;
  Operand callee;
  std::vector<Operand> args;
  py::Exc raises = py::Exc::None;
  std::vector<Node> body;
  std::vector<Handler> handlers;
  std::vector<Node> orelse;
  std::vector<Node> finalbody;
};

/// A source statement, for messages and for naming the statement whose value differs.
struct SourceStatement {
  Location loc;
  std::string text;
};

struct Function {
  std::string name;
  /// A solver's id (`solve_<id>` -> `<id>`); empty for a batt function.
  std::string id;
  /// Local variables by slot: parameters first, in order, then every assigned name, then
  /// temporaries of nested calls (named "$N").
  std::vector<std::string> locals;
  /// Locals that hold record lists (`o = []`).
  std::vector<bool> is_list;
  std::vector<Node> body;
  std::vector<SourceStatement> statements;
  /// Assignments outside `except` handlers (what a generator counts as its statements) and
  /// `append` records.
  std::size_t assignments = 0;
  std::size_t records = 0;
};

struct Program {
  std::string path;
  py::Dialect dialect = py::Dialect::Tokpidjin;
  ModuleForm form = ModuleForm::Batt;
  std::vector<py::Value> constants;
  std::vector<Function> functions;
  std::vector<Diagnostic> diagnostics;

  bool has_errors() const;
  /// The batt function (form Batt) or nullptr.
  const Function* batt() const;
};

struct CheckOptions {
  /// The dialect, when given on the command line; otherwise read off the module's form.
  std::optional<py::Dialect> dialect;
};

/// Gives `module` its meaning. Errors (no batt or solver function, a name that can never
/// resolve in a position Python would reject at compile time, a construct outside the forms)
/// are diagnostics; an unknown name read at run time is a warning, and the node raises
/// NameError when it runs, as Python does.
Program check(const ModuleAst& module, const CheckOptions& options = {});

/// The exceptions an `except` clause naming `type` catches (Python's hierarchy among the
/// types the DSLs raise); 0 when the name is not an exception type.
ExcMask exception_mask(std::string_view type);

} // namespace battgpu::frontend
