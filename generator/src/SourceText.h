// Text-level facts about a main file that both analyses share: lines, line endings, the
// extent of a statement, the regions earlier runs marked, where the runtime include goes,
// and applying edits. Everything is in byte offsets into the original input.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace battgpu::rewrite {

/// The comment prefix that marks a rewritten region (SPEC section 4).
inline constexpr llvm::StringLiteral MarkerPrefix = "// battgpu-rewrite: ";
/// The include every rewritten file gets once.
inline constexpr llvm::StringLiteral RuntimeHeader = "battgpu/runtime.hpp";

/// 1-based line and column (in bytes, as clang counts them) of offsets in a buffer.
class LineTable {
public:
  explicit LineTable(llvm::StringRef text);
  unsigned line(unsigned offset) const;
  unsigned column(unsigned offset) const;
  unsigned lineStart(unsigned offset) const;

private:
  std::vector<unsigned> starts_;
};

/// "\r\n" when the line holding `offset` (or, failing that, the first line) ends so.
llvm::StringRef eolAt(llvm::StringRef text, unsigned offset);

/// What moving a statement takes: the text copied into the fallback lambda and the text
/// removed from its old place.
struct Extent {
  unsigned copyBegin = 0, copyEnd = 0;     ///< the statement and a trailing same-line comment
  unsigned removeBegin = 0, removeEnd = 0; ///< whole lines when the statement has them alone
  bool ownLines = false;
  bool firstOnLine = false; ///< only whitespace before it on its first line
  unsigned lineStart = 0;   ///< start of its first line
  std::string indent;       ///< leading whitespace of the statement's first line
};
Extent statementExtent(llvm::StringRef text, unsigned begin, unsigned end);

/// Where text goes so that it comes just before the statement starting at `begin`.
struct InsertPoint {
  unsigned offset = 0;
  bool atLineStart = false;
  std::string indent;
};
InsertPoint insertionBefore(llvm::StringRef text, unsigned begin);

/// A region an earlier run wrote: from its begin marker's line to the end of its end
/// marker's line.
struct Region {
  unsigned begin = 0, end = 0;
  std::string pattern;
  bool awaits = false; ///< its batch point co_awaits (the gathered form)
};
std::vector<Region> findRegions(llvm::StringRef text);

/// Where `#include "battgpu/runtime.hpp"` goes: after an include guard, `#pragma once` and
/// the includes at the head of the file. `needed` is false when the file includes it.
struct IncludePlan {
  bool needed = false;
  unsigned offset = 0;
  bool atLineStart = true;
};
IncludePlan planRuntimeInclude(llvm::StringRef text);

/// A replacement of [begin, end) by `text` in the input.
struct Edit {
  unsigned begin = 0, end = 0;
  std::string text;
};

/// Maps offsets of a rewritten buffer back to the input, through the spans copied verbatim.
class OffsetMap {
public:
  /// Identity on a buffer of `size` bytes.
  static OffsetMap identity(unsigned size);
  void addCopy(unsigned outBegin, unsigned outEnd, unsigned inBegin);
  void finish();
  /// The input offset of output offset `out`, or -1 when it lies in generated text.
  long map(unsigned out) const;

private:
  struct Span {
    unsigned outBegin, outEnd, inBegin;
  };
  std::vector<Span> spans_;
};

} // namespace battgpu::rewrite
