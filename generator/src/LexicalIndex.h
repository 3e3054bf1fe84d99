// Builds FunctionIndex from raw tokens, without parsing: cheap enough to run before the one
// full parse, so that the tool can parse its speculative output instead of the input. It
// reads batt-style code (straight-line declarations in plain functions); where it guesses
// wrong, the checked pass over the real AST finds the difference and the tool falls back.
#pragma once

#include "FunctionIndex.h"
#include "SourceText.h"
#include "patterns/Pattern.h"

#include <vector>

namespace battgpu::rewrite {

std::vector<FunctionIndex> buildLexicalIndex(llvm::StringRef text,
                                             const std::vector<Region>& regions,
                                             const std::vector<Pattern*>& patterns);

} // namespace battgpu::rewrite
