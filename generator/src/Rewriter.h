// From analysed functions to the rewritten file: runs each enabled pattern's analysis,
// checks that the groups together keep every definition before its uses, renders the
// blocks, makes the functions whose batch points gather coroutines (--batch-form=gathered),
// inserts the runtime include once and applies the edits to the input text. The
// same code serves the speculative pass (lexical index) and the checked one (semantic
// index), so equal inputs give byte-identical outputs.
#pragma once

#include "FunctionIndex.h"
#include "SourceText.h"
#include "patterns/Pattern.h"

#include <string>
#include <vector>

namespace battgpu::rewrite {

/// How batch points that can gather across tasks are emitted (--batch-form).
enum class BatchForm { Gathered, Blocking };

/// What the patterns may ask about the input while analysing and rendering.
class RewriteContext {
public:
  RewriteContext(llvm::StringRef input, const LineTable& lines, BatchForm form)
      : input_(input), lines_(lines), form_(form) {}
  llvm::StringRef input() const { return input_; }
  const LineTable& lines() const { return lines_; }
  llvm::StringRef text(unsigned begin, unsigned end) const { return input_.slice(begin, end); }
  std::string lineOf(unsigned offset) const {
    return "line " + std::to_string(lines_.line(offset));
  }
  /// `auto t1` of `auto t1 = apply(first, S);`.
  llvm::StringRef declarator(const FunctionIndex& fn, int stmt) const {
    return text(fn.stmts[stmt].begin, fn.stmts[stmt].nameEnd);
  }
  Extent extent(const FunctionIndex& fn, int stmt) const {
    return statementExtent(input_, fn.stmts[stmt].begin, fn.stmts[stmt].end);
  }
  /// Why a candidate cannot be rewritten whatever its pattern, or "".
  std::string commonProblem(const FunctionIndex& fn, const Candidate& c) const;
  /// The fallback body: each member statement on its own line, indented by `indent`.
  std::string originalStatements(const FunctionIndex& fn, const std::vector<int>& members,
                                 llvm::StringRef indent, llvm::StringRef eol,
                                 std::vector<unsigned>& offsets) const;
  /// The indentation step the file uses inside blocks.
  std::string unit(llvm::StringRef indent) const { return indent.contains('\t') ? "\t" : "  "; }
  BatchForm form() const { return form_; }
  /// Whether the batch points of `fn` will gather (co_await): the gathered form was asked
  /// for and the function is, or may become, a coroutine. A pattern may then emit batch
  /// points that only pay off across tasks (an object-batch group of one call).
  bool gathersIn(const FunctionIndex& fn) const {
    return form_ == BatchForm::Gathered && fn.form.kind != FunctionForm::Kind::Blocking;
  }

private:
  llvm::StringRef input_;
  const LineTable& lines_;
  BatchForm form_;
};

/// A block the rewrite placed, in output offsets, so that the checked pass can find the
/// original statements inside it again.
struct PlacedRegion {
  int pattern = -1;
  unsigned outBegin = 0, outEnd = 0;
  std::vector<unsigned> memberOut; ///< output offset of each member statement's copy
  std::vector<unsigned> memberIn;  ///< its input offset
  std::vector<std::string> names;  ///< the member variables, in member order
};

/// What --batch-form=gathered made of a function with such batch points.
struct FormDecision {
  std::string function;
  unsigned offset = 0;    ///< its name
  bool coroutine = false; ///< its batch points co_await (made a coroutine now, or already one)
  bool converted = false; ///< made a coroutine by this rewrite
  std::string reason;     ///< why it keeps the blocking form
};

struct Rewritten {
  int pattern = -1;
  unsigned offset = 0;
  std::vector<std::string> vars;
};

struct FileRewrite {
  bool ok = true; ///< false when edits conflicted (an internal error)
  std::string output;
  bool changed = false;
  std::vector<Rewritten> rewritten;
  std::vector<Skip> skips;
  OffsetMap map; ///< output offsets to input offsets
  std::vector<PlacedRegion> regions;
  std::vector<FormDecision> forms;
  /// Output offsets of the `battgpu::Solve`s and `co_return`s the rewrite wrote in place of
  /// `void`s and `return`s, ascending; each maps back to the input offset of what it replaced.
  std::vector<unsigned> formEdits;
};

/// `regions` are those an earlier run wrote (findRegions of the input), which statements'
/// Statement::region index. In the gathered form, a function that may become a coroutine but
/// holds a blocking batch point an earlier run wrote keeps the blocking form.
FileRewrite rewriteFile(llvm::StringRef input, const LineTable& lines,
                        std::vector<FunctionIndex>& functions,
                        const std::vector<Pattern*>& patterns, BatchForm form,
                        const std::vector<Region>& regions);

} // namespace battgpu::rewrite
