#include "SourceText.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

namespace battgpu::rewrite {

LineTable::LineTable(llvm::StringRef text) {
  starts_.push_back(0);
  for (unsigned i = 0; i < text.size(); ++i)
    if (text[i] == '\n')
      starts_.push_back(i + 1);
}

unsigned LineTable::line(unsigned offset) const {
  return static_cast<unsigned>(std::upper_bound(starts_.begin(), starts_.end(), offset) -
                               starts_.begin());
}

unsigned LineTable::lineStart(unsigned offset) const {
  return starts_[line(offset) - 1];
}

unsigned LineTable::column(unsigned offset) const {
  return offset - lineStart(offset) + 1;
}

namespace {
bool isBlank(char c) {
  return c == ' ' || c == '\t';
}

unsigned startOfLine(llvm::StringRef text, unsigned offset) {
  while (offset > 0 && text[offset - 1] != '\n')
    --offset;
  return offset;
}

/// Offset just past the line ending at or after `offset` (the text's end when none).
unsigned pastLineEnd(llvm::StringRef text, unsigned offset) {
  size_t nl = text.find('\n', offset);
  return nl == llvm::StringRef::npos ? static_cast<unsigned>(text.size())
                                     : static_cast<unsigned>(nl + 1);
}
} // namespace

llvm::StringRef eolAt(llvm::StringRef text, unsigned offset) {
  size_t nl = text.find('\n', std::min<size_t>(offset, text.size()));
  if (nl == llvm::StringRef::npos)
    nl = text.find('\n');
  if (nl != llvm::StringRef::npos && nl > 0 && text[nl - 1] == '\r')
    return "\r\n";
  return "\n";
}

Extent statementExtent(llvm::StringRef text, unsigned begin, unsigned end) {
  Extent e;
  unsigned ls = startOfLine(text, begin);
  unsigned p = ls;
  while (p < begin && isBlank(text[p]))
    ++p;
  bool leadingAlone = p == begin;
  unsigned q = ls;
  while (q < text.size() && isBlank(text[q]))
    ++q;
  e.indent = text.slice(ls, q).str();

  unsigned after = end;
  while (after < text.size() && isBlank(text[after]))
    ++after;
  unsigned commentEnd = end;
  llvm::StringRef rest = text.substr(after);
  if (rest.starts_with("//")) {
    unsigned c = after;
    while (c < text.size() && text[c] != '\n' && text[c] != '\r')
      ++c;
    commentEnd = c;
    after = c;
  } else if (rest.starts_with("/*")) {
    size_t close = rest.find("*/");
    if (close != llvm::StringRef::npos &&
        rest.substr(0, close).find('\n') == llvm::StringRef::npos) {
      commentEnd = after + static_cast<unsigned>(close) + 2;
      after = commentEnd;
      while (after < text.size() && isBlank(text[after]))
        ++after;
    }
  }
  bool trailingAlone = after == text.size() || text[after] == '\n' ||
                       (text[after] == '\r' && after + 1 < text.size() && text[after + 1] == '\n');
  if (leadingAlone && trailingAlone) {
    e.ownLines = true;
    e.copyBegin = begin;
    e.copyEnd = commentEnd;
    e.removeBegin = ls;
    e.removeEnd = pastLineEnd(text, after);
  } else {
    // Sharing a line: cut the statement and the blanks after it.
    e.copyBegin = e.removeBegin = begin;
    e.copyEnd = end;
    unsigned r = end;
    while (r < text.size() && isBlank(text[r]))
      ++r;
    e.removeEnd = r;
  }
  e.firstOnLine = leadingAlone;
  e.lineStart = ls;
  return e;
}

InsertPoint insertionBefore(llvm::StringRef text, unsigned begin) {
  InsertPoint ip;
  unsigned ls = startOfLine(text, begin);
  unsigned p = ls;
  while (p < text.size() && isBlank(text[p]))
    ++p;
  ip.indent = text.slice(ls, p).str();
  ip.atLineStart = p >= begin;
  ip.offset = ip.atLineStart ? ls : begin;
  return ip;
}

std::vector<Region> findRegions(llvm::StringRef text) {
  std::vector<Region> regions;
  if (text.find(MarkerPrefix) == llvm::StringRef::npos)
    return regions;
  bool open = false;
  Region current;
  unsigned ls = 0;
  while (ls < text.size()) {
    unsigned next = pastLineEnd(text, ls);
    llvm::StringRef line = text.slice(ls, next).trim();
    if (line.consume_front(MarkerPrefix)) {
      auto [pattern, rest] = line.split(' ');
      if (rest.starts_with("begin")) {
        open = true;
        current = Region{ls, next, pattern.str()};
      } else if (open && rest == "end" && pattern == current.pattern) {
        current.end = next;
        current.awaits = text.slice(current.begin, next).contains("co_await ");
        regions.push_back(current);
        open = false;
      }
    }
    ls = next;
  }
  return regions;
}

namespace {
clang::LangOptions cxxLangOptions() {
  clang::LangOptions lo;
  lo.CPlusPlus = lo.CPlusPlus11 = lo.CPlusPlus14 = lo.CPlusPlus17 = lo.CPlusPlus20 = 1;
  lo.LineComment = 1;
  lo.Bool = 1;
  return lo;
}

bool includesRuntimeHeader(llvm::StringRef text) {
  size_t at = 0;
  while ((at = text.find(RuntimeHeader, at)) != llvm::StringRef::npos) {
    unsigned ls = startOfLine(text, static_cast<unsigned>(at));
    llvm::StringRef line = text.slice(ls, at).ltrim();
    if (line.consume_front("#")) {
      line = line.ltrim();
      if (line.starts_with("include") || line.starts_with("import"))
        return true;
    }
    at += RuntimeHeader.size();
  }
  return false;
}
} // namespace

IncludePlan planRuntimeInclude(llvm::StringRef text) {
  IncludePlan plan;
  if (includesRuntimeHeader(text))
    return plan;
  plan.needed = true;
  clang::LangOptions lo = cxxLangOptions();
  clang::Lexer lexer(clang::SourceLocation(), lo, text.begin(), text.begin(), text.end());
  auto offsetOf = [](const clang::Token& t) {
    return static_cast<unsigned>(t.getLocation().getRawEncoding());
  };
  // The end of a directive's line, following backslash continuations.
  auto directiveEnd = [&](unsigned offset) {
    unsigned end = pastLineEnd(text, offset);
    while (end < text.size()) {
      llvm::StringRef line = text.slice(startOfLine(text, end - 1), end).rtrim("\r\n");
      if (!line.ends_with("\\"))
        break;
      end = pastLineEnd(text, end);
    }
    return end;
  };
  long pos = -1;
  int depth = 0, guardDepth = 0, directives = 0;
  bool nestedInclude = false, maybeGuard = false;
  std::string guardMacro;
  clang::Token tok;
  lexer.LexFromRawLexer(tok);
  while (tok.isNot(clang::tok::eof)) {
    if (!(tok.is(clang::tok::hash) && tok.isAtStartOfLine())) {
      if (pos < 0)
        pos = startOfLine(text, offsetOf(tok));
      break;
    }
    unsigned lineEnd = directiveEnd(offsetOf(tok));
    std::vector<std::string> words;
    lexer.LexFromRawLexer(tok);
    while (tok.isNot(clang::tok::eof) && !tok.isAtStartOfLine()) {
      if (words.size() < 2)
        words.push_back(text.substr(offsetOf(tok), tok.getLength()).str());
      lexer.LexFromRawLexer(tok);
    }
    words.resize(2);
    const std::string& name = words[0];
    ++directives;
    if (name == "if" || name == "ifdef" || name == "ifndef") {
      if (directives == 1 && name == "ifndef") {
        maybeGuard = true;
        guardMacro = words[1];
      }
      ++depth;
    } else if (name == "endif") {
      --depth;
      if (nestedInclude && depth == guardDepth) {
        pos = lineEnd;
        nestedInclude = false;
      }
    } else if (name == "define") {
      if (maybeGuard && directives == 2 && words[1] == guardMacro) {
        guardDepth = 1;
        pos = lineEnd;
      }
    } else if (name == "include" || name == "include_next" || name == "import") {
      if (depth == guardDepth)
        pos = lineEnd;
      else
        nestedInclude = true;
    } else if (name == "pragma") {
      if (words[1] == "once" && depth == guardDepth)
        pos = lineEnd;
    }
  }
  if (pos < 0)
    pos = 0;
  plan.offset = static_cast<unsigned>(std::min<long>(pos, static_cast<long>(text.size())));
  plan.atLineStart = plan.offset == 0 || text[plan.offset - 1] == '\n';
  return plan;
}

OffsetMap OffsetMap::identity(unsigned size) {
  OffsetMap m;
  m.addCopy(0, size + 1, 0);
  return m;
}

void OffsetMap::addCopy(unsigned outBegin, unsigned outEnd, unsigned inBegin) {
  if (outEnd > outBegin)
    spans_.push_back(Span{outBegin, outEnd, inBegin});
}

void OffsetMap::finish() {
  std::sort(spans_.begin(), spans_.end(),
            [](const Span& a, const Span& b) { return a.outBegin < b.outBegin; });
}

long OffsetMap::map(unsigned out) const {
  auto it = std::upper_bound(spans_.begin(), spans_.end(), out,
                             [](unsigned o, const Span& s) { return o < s.outBegin; });
  if (it == spans_.begin())
    return -1;
  --it;
  if (out >= it->outEnd)
    return -1;
  return static_cast<long>(it->inBegin + (out - it->outBegin));
}

} // namespace battgpu::rewrite
