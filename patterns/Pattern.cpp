#include "patterns/Pattern.h"

#include "SemanticIndex.h"

namespace battgpu::rewrite {

void Pattern::run(const clang::ast_matchers::MatchFinder::MatchResult& result) {
  const auto* call = result.Nodes.getNodeAs<clang::Expr>("call");
  if (!scope_ || !call)
    return;
  auto shape = scope_->shape(call);
  Candidate c;
  if (!shape || !accept(*shape, *scope_->fn, scope_->stmt, c))
    return;
  c.pattern = id();
  c.stmt = scope_->stmt;
  const auto* var = result.Nodes.getNodeAs<clang::NamedDecl>("var");
  c.var = var && var->getIdentifier() ? var->getName().str() : std::string();
  checkTypes(*call, c);
  scope_->add(std::move(c));
}

void Pattern::fillCandidate(const CallShape& call, int stmt, Candidate& out) {
  out.stmt = stmt;
  out.callee = call.callee;
  out.calleeVar = call.calleeVar;
  out.args = call.args;
  out.offset = call.offset;
}

} // namespace battgpu::rewrite
