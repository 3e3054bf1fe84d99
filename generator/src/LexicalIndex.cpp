#include "LexicalIndex.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>

namespace battgpu::rewrite {
namespace {

using clang::tok::TokenKind;
namespace tok = clang::tok;

struct Tok {
  TokenKind kind;
  unsigned offset;
  unsigned length;
  llvm::StringRef text;
  bool is(TokenKind k) const { return kind == k; }
  bool ident() const { return kind == tok::raw_identifier; }
  bool ident(llvm::StringRef s) const { return kind == tok::raw_identifier && text == s; }
};

bool isOpen(const Tok& t) {
  return t.is(tok::l_paren) || t.is(tok::l_square) || t.is(tok::l_brace);
}
bool isClose(const Tok& t) {
  return t.is(tok::r_paren) || t.is(tok::r_square) || t.is(tok::r_brace);
}
bool isAssignment(const Tok& t) {
  switch (t.kind) {
  case tok::equal:
  case tok::plusequal:
  case tok::minusequal:
  case tok::starequal:
  case tok::slashequal:
  case tok::percentequal:
  case tok::ampequal:
  case tok::pipeequal:
  case tok::caretequal:
  case tok::lesslessequal:
  case tok::greatergreaterequal:
    return true;
  default:
    return false;
  }
}

const llvm::StringSet<>& statementKeywords() {
  static const llvm::StringSet<> s = {
      "return", "throw", "co_return", "co_yield", "goto",     "case",    "delete",
      "new",    "else",  "using",     "typedef",  "if",       "for",     "while",
      "switch", "do",    "try",       "break",    "continue", "default", "static_assert"};
  return s;
}
const llvm::StringSet<>& constMethods() {
  static const llvm::StringSet<> s = {"size", "empty", "height", "width",    "begin",  "end",
                                      "at",   "row",   "cells",  "contains", "sorted", "front",
                                      "back", "data",  "cbegin", "cend"};
  return s;
}

struct Lexed {
  std::vector<Tok> toks;
  std::vector<unsigned> directives; ///< offsets of preprocessor directives
  llvm::StringSet<> macros;
  llvm::StringSet<> returningMacros; ///< macros whose replacement holds a `return`
};

Lexed lexAll(llvm::StringRef text) {
  Lexed out;
  out.toks.reserve(text.size() / 4);
  clang::LangOptions lo;
  lo.CPlusPlus = lo.CPlusPlus11 = lo.CPlusPlus14 = lo.CPlusPlus17 = lo.CPlusPlus20 = 1;
  lo.LineComment = 1;
  lo.Bool = 1;
  clang::Lexer lexer(clang::SourceLocation(), lo, text.begin(), text.begin(), text.end());
  clang::Token t;
  lexer.LexFromRawLexer(t);
  auto offsetOf = [](const clang::Token& x) {
    return static_cast<unsigned>(x.getLocation().getRawEncoding());
  };
  while (t.isNot(tok::eof)) {
    if (t.is(tok::hash) && t.isAtStartOfLine()) {
      out.directives.push_back(offsetOf(t));
      std::vector<llvm::StringRef> words;
      bool returns = false;
      lexer.LexFromRawLexer(t);
      while (t.isNot(tok::eof) && !t.isAtStartOfLine()) {
        llvm::StringRef word = text.substr(offsetOf(t), t.getLength());
        if (words.size() < 2)
          words.push_back(word);
        returns = returns || word == "return";
        lexer.LexFromRawLexer(t);
      }
      if (words.size() == 2 && words[0] == "define") {
        out.macros.insert(words[1]);
        if (returns)
          out.returningMacros.insert(words[1]);
      }
      continue;
    }
    unsigned off = offsetOf(t);
    out.toks.push_back(Tok{t.getKind(), off, t.getLength(), text.substr(off, t.getLength())});
    lexer.LexFromRawLexer(t);
  }
  return out;
}

class Builder {
public:
  Builder(llvm::StringRef text, const std::vector<Region>& regions,
          const std::vector<Pattern*>& patterns)
      : text_(text), regions_(regions), patterns_(patterns), lx_(lexAll(text)), t_(lx_.toks) {
    for (Pattern* p : patterns_) {
      for (llvm::StringRef s : p->triggers())
        triggers_.insert(s);
      closures_ = closures_ || p->acceptsClosureCalls();
    }
  }

  std::vector<FunctionIndex> run() {
    struct Frame {
      bool templated;
      bool cls;
    };
    std::vector<Frame> stack{{false, false}};
    const size_t n = t_.size();
    size_t i = 0, head = 0;
    while (i < n) {
      const Tok& t = t_[i];
      if (t.is(tok::l_brace)) {
        bool templated = stack.back().templated;
        bool cls = false;
        switch (classify(head, i, templated, cls)) {
        case Head::Scope:
          stack.push_back({templated, cls});
          head = ++i;
          break;
        case Head::Function: {
          size_t close = matching(i);
          function(head, i, close, templated);
          heads_.push_back(FunctionHead{head, i, close, templated, stack.back().cls});
          head = i = close + 1;
          break;
        }
        case Head::Other:
          i = matching(i) + 1;
          break;
        }
      } else if (t.is(tok::r_brace)) {
        if (stack.size() > 1)
          stack.pop_back();
        head = ++i;
      } else if (t.is(tok::semi)) {
        declaration(head, i);
        head = ++i;
      } else if ((t.ident("public") || t.ident("private") || t.ident("protected")) && i + 1 < n &&
                 t_[i + 1].is(tok::colon)) {
        head = i += 2;
      } else {
        ++i;
      }
    }
    for (size_t f = 0; f < functions_.size(); ++f)
      guessForm(heads_[f], functions_[f]);
    return std::move(functions_);
  }

private:
  enum class Head { Scope, Function, Other };

  size_t matching(size_t open) const {
    int depth = 0;
    for (size_t j = open; j < t_.size(); ++j) {
      if (t_[j].is(tok::l_brace))
        ++depth;
      else if (t_[j].is(tok::r_brace) && --depth == 0)
        return j;
    }
    return t_.size() - 1;
  }
  size_t matchingParen(size_t open, size_t limit) const {
    int depth = 0;
    for (size_t j = open; j < limit; ++j) {
      if (isOpen(t_[j]))
        ++depth;
      else if (isClose(t_[j]) && --depth == 0)
        return j;
    }
    return limit;
  }

  Head classify(size_t b, size_t e, bool& templated, bool& cls) const {
    if (b >= e)
      return Head::Other;
    if (t_[b].ident("template")) {
      templated = true;
      size_t j = b + 1;
      int angle = 0;
      for (; j < e; ++j) {
        if (t_[j].is(tok::less))
          ++angle;
        else if (t_[j].is(tok::greater))
          --angle;
        else if (t_[j].is(tok::greatergreater))
          angle -= 2;
        if (angle <= 0 && j > b + 1)
          break;
      }
      b = j + 1;
      if (b >= e)
        return Head::Other;
    }
    if (t_[b].ident("namespace") ||
        (t_[b].ident("inline") && b + 1 < e && t_[b + 1].ident("namespace")))
      return Head::Scope;
    if (t_[b].ident("extern") && b + 1 < e && t_[b + 1].is(tok::string_literal))
      return Head::Scope;
    int depth = 0;
    for (size_t j = b; j < e; ++j) {
      const Tok& t = t_[j];
      if (isOpen(t))
        ++depth;
      else if (isClose(t))
        --depth;
      if (depth != 0)
        continue;
      if (t.ident("enum") || t.is(tok::equal))
        return Head::Other;
      if (t.ident("class") || t.ident("struct") || t.ident("union")) {
        cls = true;
        return Head::Scope;
      }
    }
    // A function: a parenthesised parameter list at depth 0, no '=' before it.
    depth = 0;
    for (size_t j = b; j < e; ++j) {
      const Tok& t = t_[j];
      if (t.is(tok::l_paren) && depth == 0)
        return j > b && (t_[j - 1].ident() || t_[j - 1].is(tok::greater) ||
                         t_[j - 1].is(tok::r_paren))
                   ? Head::Function
                   : Head::Other;
      if (isOpen(t))
        ++depth;
      else if (isClose(t))
        --depth;
    }
    return Head::Other;
  }

  int regionAt(unsigned offset) const {
    auto it = std::upper_bound(regions_.begin(), regions_.end(), offset,
                               [](unsigned o, const Region& r) { return o < r.begin; });
    if (it == regions_.begin())
      return -1;
    --it;
    return offset < it->end ? static_cast<int>(it - regions_.begin()) : -1;
  }

  void parameters(size_t head, size_t brace, FunctionIndex& fn) {
    size_t open = head;
    int depth = 0;
    for (; open < brace; ++open) {
      if (t_[open].is(tok::l_paren) && depth == 0)
        break;
      if (isOpen(t_[open]))
        ++depth;
      else if (isClose(t_[open]))
        --depth;
    }
    if (open >= brace)
      return;
    if (open > head && t_[open - 1].ident())
      fn.name = t_[open - 1].text.str();
    size_t close = matchingParen(open, brace);
    size_t start = open + 1;
    depth = 0;
    int angle = 0;
    for (size_t j = open + 1; j <= close; ++j) {
      const Tok& t = t_[j];
      bool end = j == close || (t.is(tok::comma) && depth == 0 && angle == 0);
      if (!end) {
        if (isOpen(t))
          ++depth;
        else if (isClose(t))
          --depth;
        else if (t.is(tok::less))
          ++angle;
        else if (t.is(tok::greater))
          --angle;
        else if (t.is(tok::greatergreater))
          angle -= 2;
        continue;
      }
      size_t stop = j;
      for (size_t k = start; k < j; ++k)
        if (t_[k].is(tok::equal)) {
          stop = k;
          break;
        }
      if (stop >= start + 2 && t_[stop - 1].ident()) {
        bool typed = false;
        for (size_t k = start; k + 1 < stop; ++k)
          if (!(t_[k].ident("const") || t_[k].ident("volatile")))
            typed = true;
        if (typed) {
          int id = fn.addVariable(t_[stop - 1].text, true, -1);
          bool isConst = false;
          for (size_t k = start; k + 1 < stop; ++k)
            isConst = isConst || t_[k].ident("const");
          fn.vars[id].constant = isConst;
        }
      }
      start = j + 1;
    }
  }

  size_t statementEnd(size_t k, size_t limit) const {
    const Tok& first = t_[k];
    bool complex = first.is(tok::l_brace) || first.ident("if") || first.ident("for") ||
                   first.ident("while") || first.ident("switch") || first.ident("do") ||
                   first.ident("try");
    int depth = 0;
    for (size_t j = k; j < limit; ++j) {
      const Tok& t = t_[j];
      if (isOpen(t)) {
        ++depth;
      } else if (isClose(t)) {
        --depth;
        if (depth == 0 && t.is(tok::r_brace) && complex) {
          bool more = j + 1 < limit && (t_[j + 1].ident("else") || t_[j + 1].ident("catch"));
          if (!more && !first.ident("do"))
            return j;
        }
      } else if (t.is(tok::semi) && depth == 0) {
        if (complex && j + 1 < limit && t_[j + 1].ident("else"))
          continue;
        return j;
      }
    }
    return limit - 1;
  }

  bool operandEnd(size_t j, size_t k) const {
    if (j < k)
      return false;
    const Tok& t = t_[j];
    if (t.ident())
      return !statementKeywords().contains(t.text);
    return t.is(tok::numeric_constant) || t.is(tok::r_paren) || t.is(tok::r_square) ||
           t.is(tok::string_literal) || t.is(tok::char_constant);
  }

  /// Token ranges of lambda bodies that capture by reference by default.
  std::vector<std::pair<size_t, size_t>> byReferenceLambdas(size_t k, size_t e) const {
    std::vector<std::pair<size_t, size_t>> out;
    for (size_t j = k; j <= e; ++j) {
      if (!t_[j].is(tok::l_square) || (j > k && operandEnd(j - 1, k)))
        continue;
      size_t close = matchingParen(j, e + 1);
      if (close > e)
        break;
      bool byRef =
          j + 1 < close && t_[j + 1].is(tok::amp) && (t_[j + 2].is(tok::comma) || j + 2 == close);
      size_t b = close + 1;
      while (b <= e && !t_[b].is(tok::l_brace) && !t_[b].is(tok::semi)) {
        if (t_[b].is(tok::l_paren))
          b = matchingParen(b, e + 1);
        ++b;
      }
      if (b > e || !t_[b].is(tok::l_brace))
        continue;
      size_t bodyEnd = matchingParen(b, e + 1);
      if (byRef)
        out.emplace_back(b, bodyEnd);
    }
    return out;
  }

  Operand operand(const FunctionIndex& fn, size_t a, size_t b) const {
    Operand op;
    if (a >= b)
      return op;
    op.begin = t_[a].offset;
    op.end = t_[b - 1].offset + t_[b - 1].length;
    size_t last = b - 1;
    bool qualified = b - a == 5 && t_[a].ident("battgpu") && t_[a + 1].is(tok::coloncolon) &&
                     t_[a + 2].ident("dsl") && t_[a + 3].is(tok::coloncolon) && t_[last].ident();
    if (b - a == 1 || qualified) {
      const Tok& t = t_[last];
      if (t.ident("true") || t.ident("false")) {
        op.kind = Operand::Kind::Bool;
        op.value = t.ident("true") ? 1 : 0;
      } else if (t.ident()) {
        int v = qualified ? -1 : fn.lookup(t.text);
        if (v >= 0) {
          op.kind = Operand::Kind::Var;
          op.var = v;
          op.name = t.text.str();
        } else {
          op.kind = Operand::Kind::Dsl;
          op.name = t.text.str();
        }
      } else if (t.is(tok::numeric_constant)) {
        long long value = 0;
        if (!t.text.getAsInteger(0, value)) {
          op.kind = Operand::Kind::Int;
          op.value = value;
        }
      }
    }
    return op;
  }

  void candidate(FunctionIndex& fn, int index, size_t b, size_t e) {
    // b..e: the initializer's tokens, e exclusive (the ';').
    size_t c = b;
    bool qualified = false;
    if (e - b >= 5 && t_[b].ident("battgpu") && t_[b + 1].is(tok::coloncolon) &&
        t_[b + 2].ident("dsl") && t_[b + 3].is(tok::coloncolon)) {
      c = b + 4;
      qualified = true;
    }
    if (c + 2 >= e + 1 || !t_[c].ident() || !t_[c + 1].is(tok::l_paren))
      return;
    if (matchingParen(c + 1, e) != e - 1)
      return;
    CallShape shape;
    shape.offset = t_[b].offset;
    int v = qualified ? -1 : fn.lookup(t_[c].text);
    if (v >= 0) {
      if (!closures_)
        return;
      shape.calleeVar = v;
    } else {
      if (!triggers_.contains(t_[c].text))
        return;
      shape.callee = t_[c].text.str();
    }
    size_t start = c + 2;
    int depth = 0;
    for (size_t j = c + 2; j < e; ++j) {
      const Tok& t = t_[j];
      bool end = j == e - 1 || (t.is(tok::comma) && depth == 0);
      if (!end) {
        if (isOpen(t))
          ++depth;
        else if (isClose(t))
          --depth;
        continue;
      }
      if (j > start || !shape.args.empty() || j != e - 1)
        shape.args.push_back(operand(fn, start, j));
      start = j + 1;
    }
    for (Pattern* p : patterns_) {
      Candidate cand;
      if (p->accept(shape, fn, index, cand)) {
        cand.pattern = p->id();
        cand.stmt = index;
        cand.var = fn.vars[fn.stmts[index].declVar].name;
        if (cand.offset == 0)
          cand.offset = shape.offset;
        fn.candidates.push_back(std::move(cand));
      }
    }
  }

  void statement(FunctionIndex& fn, size_t k, size_t e) {
    int index = static_cast<int>(fn.stmts.size());
    fn.stmts.emplace_back();
    Statement& st = fn.stmts.back();
    st.begin = t_[k].offset;
    st.end = t_[e].offset + t_[e].length;
    st.region = regionAt(st.begin);
    for (size_t j = k; j <= e; ++j)
      if (t_[j].ident() && lx_.macros.contains(t_[j].text))
        st.macro = true;

    // `type name = init;`
    size_t eq = e + 1;
    int depth = 0;
    for (size_t j = k; j < e; ++j) {
      if (isOpen(t_[j]))
        ++depth;
      else if (isClose(t_[j]))
        --depth;
      else if (depth == 0 && t_[j].is(tok::equal)) {
        eq = j;
        break;
      }
    }
    bool decl = false, multi = false, isConst = false;
    size_t nameTok = 0;
    if (eq <= e && eq >= k + 2 && t_[eq - 1].ident() &&
        (t_[k].ident() || t_[k].is(tok::coloncolon) || t_[k].is(tok::l_square)) &&
        !statementKeywords().contains(t_[k].text)) {
      decl = true;
      for (size_t j = k; j + 1 < eq; ++j) {
        const Tok& t = t_[j];
        if (t.is(tok::amp) || t.is(tok::ampamp))
          st.reference = true;
        else if (t.ident("static") || t.ident("thread_local") || t.ident("constexpr") ||
                 t.ident("extern"))
          st.storage = true;
        else if (t.ident("const"))
          isConst = true;
        else if (!(t.ident() || t.is(tok::coloncolon) || t.is(tok::less) || t.is(tok::greater) ||
                   t.is(tok::greatergreater) || t.is(tok::comma) || t.is(tok::star) ||
                   t.is(tok::l_square) || t.is(tok::r_square)))
          decl = false;
      }
      nameTok = eq - 1;
      depth = 0;
      for (size_t j = eq + 1; j < e; ++j) {
        if (isOpen(t_[j]))
          ++depth;
        else if (isClose(t_[j]))
          --depth;
        else if (depth == 0 && t_[j].is(tok::comma))
          multi = true;
      }
    }
    if (decl)
      st.nameEnd = t_[nameTok].offset + t_[nameTok].length;

    auto lambdas = byReferenceLambdas(k, e);
    std::vector<int> refs;
    for (size_t j = k; j <= e; ++j) {
      const Tok& t = t_[j];
      if (!t.ident() || (decl && j == nameTok))
        continue;
      if (j > k &&
          (t_[j - 1].is(tok::period) || t_[j - 1].is(tok::arrow) || t_[j - 1].is(tok::coloncolon)))
        continue;
      if (j < e && t_[j + 1].is(tok::coloncolon))
        continue;
      int v = fn.lookup(t.text);
      if (v < 0)
        continue;
      refs.push_back(v);
      auto mutate = [&](MutationKind kind) {
        if (!fn.vars[v].constant)
          fn.vars[v].mutations.push_back(Mutation{index, t.offset, kind});
      };
      const Tok* next = j < e ? &t_[j + 1] : nullptr;
      const Tok* prev = j > k ? &t_[j - 1] : nullptr;
      if (next && (isAssignment(*next) || next->is(tok::plusplus) || next->is(tok::minusminus)))
        mutate(MutationKind::Assigned);
      else if (prev && (prev->is(tok::plusplus) || prev->is(tok::minusminus)))
        mutate(MutationKind::Assigned);
      else if (prev && prev->is(tok::amp) && !(j >= k + 2 && operandEnd(j - 2, k)))
        mutate(MutationKind::AddressTaken);
      else if (next && (next->is(tok::period) || next->is(tok::arrow)) && j + 3 <= e &&
               t_[j + 2].ident() && t_[j + 3].is(tok::l_paren) &&
               !constMethods().contains(t_[j + 2].text))
        mutate(MutationKind::NonConstUse);
      else if (decl && st.reference && !isConst && j == eq + 1 && j + 1 == e)
        mutate(MutationKind::ReferenceBound);
      if (!st.frozen())
        for (auto [lb, le] : lambdas)
          if (j > lb && j < le) {
            mutate(MutationKind::CapturedByReference);
            break;
          }
    }
    std::sort(refs.begin(), refs.end());
    refs.erase(std::unique(refs.begin(), refs.end()), refs.end());
    st.refs = std::move(refs);

    if (decl) {
      int v = fn.addVariable(t_[nameTok].text, false, index);
      fn.vars[v].constant = isConst;
      if (!multi)
        st.declVar = v;
      if (!multi && !st.frozen())
        candidate(fn, index, eq + 1, e);
    }
  }

  void function(size_t head, size_t open, size_t close, bool templated) {
    FunctionIndex fn;
    fn.templated = templated;
    fn.begin = t_[head < open ? head : open].offset;
    parameters(head, open, fn);
    unsigned from = t_[open].offset, to = t_[close].offset;
    auto d = std::lower_bound(lx_.directives.begin(), lx_.directives.end(), from);
    if (d != lx_.directives.end() && *d < to)
      fn.unsupported = true;
    size_t k = open + 1;
    while (k < close) {
      size_t e = statementEnd(k, close);
      statement(fn, k, e);
      k = e + 1;
    }
    fn.finish();
    functions_.push_back(std::move(fn));
  }

  struct FunctionHead {
    size_t head, open, close;
    bool templated, cls;
  };

  /// The parameter list's '(' of a head [b, e), or e.
  size_t paramsOpen(size_t b, size_t e) const {
    int depth = 0;
    for (size_t j = b; j < e; ++j) {
      if (t_[j].is(tok::l_paren) && depth == 0)
        return j;
      if (isOpen(t_[j]))
        ++depth;
      else if (isClose(t_[j]))
        --depth;
    }
    return e;
  }

  /// Notes the name a `...name(...);` at namespace or class scope declares.
  void declaration(size_t b, size_t e) {
    if (b >= e || t_[b].ident("using") || t_[b].ident("typedef") || t_[b].ident("return"))
      return;
    size_t open = paramsOpen(b, e);
    if (open >= e || open == b || !t_[open - 1].ident())
      return;
    for (size_t j = b; j < open; ++j)
      if (t_[j].is(tok::equal))
        return;
    declared_.insert(t_[open - 1].text);
  }

  /// Token ranges [open brace, close brace] of the lambda bodies and local classes in a body.
  std::vector<std::pair<size_t, size_t>> nestedBodies(size_t open, size_t close) const {
    std::vector<std::pair<size_t, size_t>> out;
    for (size_t j = open + 1; j < close; ++j) {
      size_t from = 0;
      if (t_[j].is(tok::l_square)) {
        if (t_[j + 1].is(tok::l_square) || operandEnd(j - 1, open + 1))
          continue;
        from = matchingParen(j, close) + 1;
      } else if ((t_[j].ident("struct") || t_[j].ident("class") || t_[j].ident("union")) &&
                 !t_[j - 1].ident("enum")) {
        from = j + 1;
      } else {
        continue;
      }
      size_t b = from;
      while (b < close && !t_[b].is(tok::l_brace) && !t_[b].is(tok::semi)) {
        if (t_[b].is(tok::l_paren))
          b = matchingParen(b, close);
        ++b;
      }
      if (b < close && t_[b].is(tok::l_brace)) {
        size_t end = matchingParen(b, close);
        out.emplace_back(b, end);
        j = end;
      }
    }
    return out;
  }

  /// The lexical guess of FunctionForm (the semantic index decides; a wrong guess only
  /// costs the second parse).
  void guessForm(const FunctionHead& h, FunctionIndex& fn) const {
    FunctionForm& f = fn.form;
    f.kind = FunctionForm::Kind::Blocking;
    size_t open = paramsOpen(h.head, h.open);
    if (open >= h.open || open == h.head || !t_[open - 1].ident()) {
      f.problem = "not a plain function";
      return;
    }
    size_t name = open - 1;
    f.nameOffset = t_[name].offset;
    if (h.cls || h.templated || t_[name].ident("main") || declared_.contains(t_[name].text)) {
      f.problem = "not a free function declared once";
      return;
    }
    // Specifiers: `void` or `battgpu::Solve`, with static / inline / attributes.
    size_t b = h.head;
    int voids = 0, others = 0;
    size_t voidTok = 0;
    std::string type;
    for (size_t j = b; j < name; ++j) {
      const Tok& t = t_[j];
      if (t.is(tok::l_square) && j + 1 < name && t_[j + 1].is(tok::l_square)) {
        j = matchingParen(j, name);
        continue;
      }
      if (t.ident("static") || t.ident("inline"))
        continue;
      if (t.ident("void")) {
        ++voids;
        voidTok = j;
        continue;
      }
      ++others;
      type += t.text;
    }
    int depth = 0;
    for (size_t j = open; j < h.open; ++j) {
      if (isOpen(t_[j]))
        ++depth;
      else if (isClose(t_[j]))
        --depth;
      if (t_[j].is(tok::ellipsis) || (depth == 0 && t_[j].is(tok::arrow))) {
        f.problem = "variadic or a trailing return type";
        return;
      }
    }
    bool solve =
        voids == 0 && (type == "battgpu::Solve" || type == "::battgpu::Solve" || type == "Solve");
    if (!solve && (voids != 1 || others != 0)) {
      f.problem = "the return type is not spelled 'void'";
      return;
    }
    auto nested = nestedBodies(h.open, h.close);
    size_t n = 0;
    bool coroutine = false;
    std::vector<unsigned> returns;
    for (size_t j = h.open + 1; j < h.close; ++j) {
      while (n < nested.size() && nested[n].second < j)
        ++n;
      if (n < nested.size() && nested[n].first <= j && j <= nested[n].second)
        continue;
      const Tok& t = t_[j];
      if (!t.ident())
        continue;
      if (t.ident("return"))
        returns.push_back(t.offset);
      else if (t.ident("co_await") || t.ident("co_return") || t.ident("co_yield"))
        coroutine = true;
      else if (lx_.returningMacros.contains(t.text)) {
        f.problem = "a 'return' comes from a macro";
        return;
      }
    }
    if (solve) {
      if (coroutine)
        f.kind = FunctionForm::Kind::Coroutine;
      else
        f.problem = "its return type is not void";
      return;
    }
    if (coroutine) {
      f.problem = "its body is already a coroutine";
      return;
    }
    f.kind = FunctionForm::Kind::Plain;
    f.voidBegin = t_[voidTok].offset;
    f.returns = std::move(returns);
  }

  std::vector<FunctionHead> heads_;
  llvm::StringSet<> declared_;
  llvm::StringRef text_;
  const std::vector<Region>& regions_;
  const std::vector<Pattern*>& patterns_;
  Lexed lx_;
  const std::vector<Tok>& t_;
  llvm::StringSet<> triggers_;
  bool closures_ = false;
  std::vector<FunctionIndex> functions_;
};

} // namespace

std::vector<FunctionIndex> buildLexicalIndex(llvm::StringRef text,
                                             const std::vector<Region>& regions,
                                             const std::vector<Pattern*>& patterns) {
  Builder b(text, regions, patterns);
  return b.run();
}

} // namespace battgpu::rewrite
