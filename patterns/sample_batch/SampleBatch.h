// sample-batch (SPEC section 4): in one function body `a = apply(first, S)`,
// `b = apply(second, S)`, `c = mapply(F, a)` and `d = mapply(G, b)`, in any order with other
// statements between them, c and d optional, become one
// battgpu::runtime::batch_process_samples call. Template: templates/sample_batch.tmpl.
#pragma once

#include "patterns/Pattern.h"

namespace battgpu::rewrite {

class SampleBatch : public Pattern {
public:
  llvm::StringRef name() const override { return "sample-batch"; }
  llvm::StringRef tag() const override { return "sb"; }
  std::vector<llvm::StringRef> triggers() const override { return {"apply", "mapply"}; }

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
