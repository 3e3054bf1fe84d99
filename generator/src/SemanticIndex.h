// Builds FunctionIndex from Clang's AST of the parsed buffer: the top-level statements of
// every function defined in the main file, their variables, uses and mutations, and the
// candidates the patterns' matchers find. When the parsed buffer is a speculative rewrite,
// the statements of the blocks it placed are read from inside their fallback lambdas and
// put back at their original places, so the index describes the original input.
#pragma once

#include "FunctionIndex.h"
#include "Rewriter.h"
#include "SourceText.h"
#include "patterns/Pattern.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace battgpu::rewrite {

/// The statement the semantic builder is matching, for the patterns' callbacks.
class SemanticScope {
public:
  FunctionIndex* fn = nullptr;
  int stmt = -1;
  clang::ASTContext* ast = nullptr;

  int varOf(const clang::Decl* d) const;
  /// Input offset of a location, or -1.
  long offsetOf(clang::SourceLocation loc) const;
  Operand operand(const clang::Expr* e) const;
  std::optional<CallShape> shape(const clang::Expr* call) const;
  void add(Candidate c) { fn->candidates.push_back(std::move(c)); }

  const llvm::DenseMap<const clang::Decl*, int>* vars = nullptr;
  const OffsetMap* map = nullptr;
  clang::FileID mainFile;
};

struct SemanticInput {
  const OffsetMap* map = nullptr;                    ///< parsed-buffer offsets to input offsets
  const std::vector<PlacedRegion>* placed = nullptr; ///< blocks a speculative rewrite placed
  const std::vector<Region>* frozen = nullptr;       ///< regions of earlier runs, input offsets
  llvm::StringRef input;                             ///< the input text
  /// Output offsets of the `void`s and `return`s a speculative rewrite replaced (ascending).
  const std::vector<unsigned>* formEdits = nullptr;
};

struct SemanticResult {
  bool ok = true;
  std::string problem; ///< why the speculative blocks could not be read back
  std::vector<FunctionIndex> functions;
  double ms = 0; ///< time taken, after the parse
};

SemanticResult buildSemanticIndex(clang::ASTContext& ast, const SemanticInput& in,
                                  const std::vector<Pattern*>& patterns);

} // namespace battgpu::rewrite
