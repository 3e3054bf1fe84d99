// mapply-batch (SPEC section 4): `mapply(f, X)` or `apply(f, X)` with f a per-object
// primitive (corners, backdrop, delta, outbox, toindices, ...; see DslNames.cpp) over a
// container X of objects or patches becomes one battgpu::runtime::batch_mapply call.
// Template: templates/mapply_batch.tmpl.
#pragma once

#include "patterns/Pattern.h"

namespace battgpu::rewrite {

class MapplyBatch : public Pattern {
public:
  llvm::StringRef name() const override { return "mapply-batch"; }
  llvm::StringRef tag() const override { return "mb"; }
  std::vector<llvm::StringRef> triggers() const override { return {"apply", "mapply"}; }
  bool gathers() const override { return true; }

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
