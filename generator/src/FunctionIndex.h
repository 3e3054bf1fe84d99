// The model every analysis works on: one solver function's top-level statements, its
// variables with their definitions, uses and mutations, and the candidate calls the
// patterns recognised. It is built either from Clang's AST (SemanticIndex) or, to speculate
// cheaply before the one full parse, from raw tokens (LexicalIndex); the patterns and the
// planner see no difference. All offsets are byte offsets into the original input.
#pragma once

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace battgpu::rewrite {

/// How a statement may change a variable or let it change unseen.
enum class MutationKind {
  Assigned,
  AddressTaken,
  ReferenceBound,
  NonConstUse,
  CapturedByReference
};
llvm::StringRef describe(MutationKind kind);

struct Mutation {
  int stmt = -1;
  unsigned offset = 0;
  MutationKind kind = MutationKind::Assigned;
};

struct Variable {
  std::string name;
  bool param = false;
  bool constant = false; ///< const: nothing may change it, whoever holds a reference
  int def = -1;          ///< defining statement; -1 for parameters
  std::vector<int> uses; ///< statements (other than def) naming it, ascending, distinct
  std::vector<Mutation> mutations;
};

struct Statement {
  unsigned begin = 0, end = 0; ///< [begin, end) including the ';'
  int declVar = -1;            ///< the variable a single-variable declaration declares
  unsigned nameEnd = 0;        ///< end of the declared name: [begin, nameEnd) is the declarator
  bool macro = false;          ///< comes from a macro expansion
  int region = -1;             ///< the region an earlier run wrote that holds it, if any
  bool foreign = false;        ///< not one range of the main file
  bool reference = false;      ///< declares a reference
  bool storage = false;        ///< static, thread_local, constexpr, extern
  std::vector<int> refs;       ///< variables it names (not declVar), ascending, distinct
  bool frozen() const { return region >= 0; }
};

/// An argument of a candidate call.
struct Operand {
  enum class Kind { Var, Dsl, Int, Bool, Other };
  Kind kind = Kind::Other;
  int var = -1;     ///< Var: the variable
  std::string name; ///< Dsl: the DSL name (R5, first, corners, ...)
  long long value = 0;
  unsigned begin = 0, end = 0;
  bool isDsl(llvm::StringRef n) const { return kind == Kind::Dsl && name == n; }
};

/// A call a pattern recognised as the initializer of a declaration.
struct Candidate {
  int pattern = -1;
  int stmt = -1;
  std::string callee; ///< the DSL primitive called; empty when a local closure is called
  int calleeVar = -1; ///< the local variable called, for closure calls
  std::vector<Operand> args;
  unsigned offset = 0; ///< where the call starts, for diagnostics
  std::string var;     ///< the variable it initializes
  /// Facts only the semantic analysis knows; the lexical one assumes they hold.
  bool typesOk = true;
  std::string typeProblem;
};

/// What --batch-form=gathered needs to know about the function itself: whether it may be
/// made a coroutine returning battgpu::Solve, and what that changes in its text.
struct FunctionForm {
  enum class Kind {
    Plain,     ///< may become a coroutine: `void` and each `return` are rewritten
    Coroutine, ///< already a coroutine returning battgpu::Solve: batch points co_await as they are
    Blocking   ///< keeps the blocking form; `problem` says why
  };
  Kind kind = Kind::Blocking;
  std::string problem;
  unsigned nameOffset = 0;       ///< the function's name, for diagnostics
  unsigned voidBegin = 0;        ///< Plain: the `void` of the return type
  std::vector<unsigned> returns; ///< Plain: the `return` keywords of the body, lambdas aside
};

struct FunctionIndex {
  std::string name;
  FunctionForm form;
  bool templated = false;
  bool unsupported = false; ///< the lexical builder gave up on this body
  unsigned begin = 0;       ///< offset of the function, for ordering
  std::vector<Statement> stmts;
  std::vector<Variable> vars;
  std::vector<Candidate> candidates;
  llvm::StringMap<int> byName;

  int addVariable(llvm::StringRef name, bool param, int def);
  int lookup(llvm::StringRef name) const {
    auto it = byName.find(name);
    return it == byName.end() ? -1 : it->second;
  }
  /// Fills Variable::uses from the statements' refs; sorts mutations.
  void finish();
  /// The first statement at or after `from` that uses `var` other than those in `skip`
  /// (sorted), or stmts.size() when none.
  int firstUseOutside(int var, const std::vector<int>& skip) const;
};

} // namespace battgpu::rewrite
