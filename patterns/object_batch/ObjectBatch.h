// object-batch (SPEC section 4): `o_g(G, Rk)` / `objects(G, u, d, b)` calls with constant
// modes on the same grid value G, and calls `f(G)` of closures `f = rbind(o_g, Rk)`, become one
// battgpu::runtime::batch_objects call whose results go to the original variables: two or
// more calls in the blocking form; in the gathered form (a function that is or becomes a
// coroutine) also a lone call, as a `co_await gather_objects` batch point of one mode.
// Template: templates/object_batch.tmpl.
#pragma once

#include "patterns/Pattern.h"

namespace battgpu::rewrite {

class ObjectBatch : public Pattern {
public:
  llvm::StringRef name() const override { return "object-batch"; }
  llvm::StringRef tag() const override { return "ob"; }
  std::vector<llvm::StringRef> triggers() const override { return {"o_g", "objects", "rbind"}; }
  bool gathers() const override { return true; }
  bool acceptsClosureCalls() const override { return true; }

  void registerMatchers(clang::ast_matchers::MatchFinder& finder) override;

  bool accept(const CallShape& call, const FunctionIndex& fn, int stmt,
              Candidate& out) const override;
  void analyze(const FunctionIndex& fn, const std::vector<const Candidate*>& mine,
               const RewriteContext& ctx, std::vector<Group>& groups,
               std::vector<Skip>& skips) const override;
  Rendered render(const FunctionIndex& fn, const Group& group, const RewriteContext& ctx,
                  llvm::StringRef indent, llvm::StringRef eol) const override;

protected:
  void checkTypes(const clang::Expr& call, Candidate& c) const override;
};

} // namespace battgpu::rewrite
