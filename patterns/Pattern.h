// What every battgpu-rewrite pattern provides (SPEC section 4): its AST matchers, registered
// beside the callback that turns a match into a candidate (clang-tidy style); the same
// recognition over raw tokens, used to speculate before the one full parse; its
// applicability analysis over a FunctionIndex; and the rendering of its template.
#pragma once

#include "FunctionIndex.h"
#include "SourceText.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <memory>
#include <string>
#include <vector>

namespace battgpu::rewrite {

class SemanticScope;
class RewriteContext;

/// A call as both recognisers see it: the initializer `callee(args...)` of a declaration.
struct CallShape {
  std::string callee; ///< DSL primitive named, empty for a call of a local closure
  int calleeVar = -1; ///< local variable called
  std::vector<Operand> args;
  unsigned offset = 0;
};

/// One batched call a pattern will emit: the statements it covers and where it goes.
struct Group {
  int pattern = -1;
  std::vector<int> members;      ///< statement indices, ascending
  int place = -1;                ///< the block goes just before statement `place`
  std::vector<unsigned> offsets; ///< each member's call, for diagnostics
  std::vector<std::string> vars; ///< the variables it covers, as the marker names them
  /// Pattern data for rendering: one string per role, filled by the pattern.
  std::vector<std::string> data;
  /// Rendered as a suspending batch point (`co_await` of the gathering call), set by the
  /// rewrite once it knows the function's form; only for patterns whose gathers() is true.
  bool gathered = false;
};

/// A candidate left as it was, and why.
struct Skip {
  int pattern = -1;
  unsigned offset = 0;
  std::string var;
  std::string reason;
};

/// A rendered block and where each member statement's copy lies inside it.
struct Rendered {
  std::string text;
  std::vector<unsigned> memberOffsets;
};

class Pattern : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  ~Pattern() override = default;
  /// The name used on the command line, in markers and in reports.
  virtual llvm::StringRef name() const = 0;
  /// Prefix of the temporaries it declares (battgpu_<tag>_<first variable>).
  virtual llvm::StringRef tag() const = 0;
  /// DSL names whose calls may be candidates; the lexical recogniser looks at no others.
  virtual std::vector<llvm::StringRef> triggers() const = 0;
  /// Whether calls of local closures (`f(G)`) may be candidates.
  virtual bool acceptsClosureCalls() const { return false; }
  /// Whether its batch points have a gathering (cross-task, `co_await`) form.
  virtual bool gathers() const { return false; }

  /// Semantic recognition: matchers over one top-level DeclStmt, each binding the call as
  /// "call" and the declared variable as "var".
  virtual void registerMatchers(clang::ast_matchers::MatchFinder& finder) = 0;
  /// The matchers' callback: the bound call becomes a candidate through accept() (shared with
  /// the lexical recogniser) and checkTypes(), reported to the scope.
  void run(const clang::ast_matchers::MatchFinder::MatchResult& result) final;
  /// Where run() reports its candidates; set by the semantic index builder.
  void attach(SemanticScope* scope) { scope_ = scope; }

  /// Shared recognition: whether `call`, initializing statement `stmt`, is a candidate.
  virtual bool accept(const CallShape& call, const FunctionIndex& fn, int stmt,
                      Candidate& out) const = 0;

  /// Applicability: groups to emit and candidates skipped, over one function.
  virtual void analyze(const FunctionIndex& fn, const std::vector<const Candidate*>& mine,
                       const RewriteContext& ctx, std::vector<Group>& groups,
                       std::vector<Skip>& skips) const = 0;
  /// The block replacing a group, indented by `indent`, lines ended by `eol`.
  virtual Rendered render(const FunctionIndex& fn, const Group& group, const RewriteContext& ctx,
                          llvm::StringRef indent, llvm::StringRef eol) const = 0;

  int id() const { return id_; }
  void setId(int id) { id_ = id; }

protected:
  /// What only the AST can tell of an accepted candidate (its arguments' types): sets
  /// `c.typesOk` and `c.typeProblem` when they are wrong.
  virtual void checkTypes(const clang::Expr& call, Candidate& c) const = 0;
  /// Fills the fields every pattern's accept() copies from the call at statement `stmt`.
  static void fillCandidate(const CallShape& call, int stmt, Candidate& out);

  SemanticScope* scope_ = nullptr;

private:
  int id_ = -1;
};

/// The three patterns, in the order the report lists them.
std::vector<std::unique_ptr<Pattern>> makeAllPatterns();

} // namespace battgpu::rewrite
