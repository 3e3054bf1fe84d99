#include "battgpu/frontend/parser.hpp"

#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace battgpu::frontend {

bool ModuleAst::has_errors() const {
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Diagnostic::Severity::Error)
      return true;
  return false;
}

std::string format_diagnostic(const std::string& path, const Diagnostic& d) {
  // A problem of the whole file (one that cannot be read) has no line.
  std::string out = path;
  if (d.loc.line > 0) {
    out += ':';
    out += std::to_string(d.loc.line);
    out += ':';
    out += std::to_string(d.loc.col);
  }
  out += d.severity == Diagnostic::Severity::Error ? ": error: " : ": warning: ";
  out += d.message;
  if (!d.statement.empty())
    out += " [" + d.statement + "]";
  return out;
}

namespace {

bool is_op(const Token& t, std::string_view op) {
  return t.kind == Token::Op && t.text == op;
}
bool is_name(const Token& t, std::string_view name) {
  return t.kind == Token::Name && t.text == name;
}

bool is_keyword(std::string_view w) {
  static constexpr std::string_view keywords[] = {
      "and",    "as",   "assert", "async",  "await",  "break",   "class",    "continue",
      "def",    "del",  "elif",   "else",   "except", "finally", "for",      "from",
      "global", "if",   "import", "in",     "is",     "lambda",  "nonlocal", "not",
      "or",     "pass", "raise",  "return", "try",    "while",   "with",     "yield"};
  for (std::string_view k : keywords)
    if (w == k)
      return true;
  return false;
}

/// A failed parse: where and why.
struct ParseFailure {
  Location loc;
  std::string message;
};

/// Recursive descent over the tokens [begin, end) of one logical line.
class ExpressionParser {
public:
  ExpressionParser(const std::vector<Token>& tokens, std::size_t begin, std::size_t end)
      : t_(tokens), i_(begin), end_(end) {}

  /// An expression list: one expression, or a tuple when there are top-level commas.
  bool expression_list(Expr& out) {
    const Location loc = i_ < end_ ? t_[i_].loc : Location{};
    Expr first;
    if (!expression(first))
      return false;
    if (!at_op(",")) {
      out = std::move(first);
      return true;
    }
    Expr tuple;
    tuple.kind = Expr::Kind::Tuple;
    tuple.loc = loc;
    tuple.items.push_back(std::move(first));
    while (at_op(",")) {
      ++i_;
      if (i_ >= end_ || at_op(")") || at_op("]"))
        break;
      Expr e;
      if (!expression(e))
        return false;
      tuple.items.push_back(std::move(e));
    }
    out = std::move(tuple);
    return true;
  }

  /// Fails unless every token was consumed.
  bool finish() {
    if (i_ < end_)
      return fail(t_[i_], unexpected(t_[i_]));
    return true;
  }

  const ParseFailure& failure() const { return failure_; }

private:
  bool at_op(std::string_view op) const { return i_ < end_ && is_op(t_[i_], op); }

  bool fail(const Token& t, std::string message) {
    if (failure_.message.empty())
      failure_ = {t.loc, std::move(message)};
    return false;
  }
  bool fail_end() {
    if (failure_.message.empty())
      failure_ = {end_ > 0 ? t_[end_ - 1].loc : Location{}, "incomplete expression"};
    return false;
  }

  static std::string unexpected(const Token& t) {
    if (t.kind == Token::Op) {
      if (t.text == "=")
        return "keyword arguments are not supported";
      if (t.text == "[")
        return "subscripts are not supported";
      if (t.text == "{")
        return "dict and set displays are not supported";
      return "operator '" + t.text + "' is not supported in solver and batt modules";
    }
    if (t.kind == Token::Name && is_keyword(t.text))
      return "'" + t.text + "' expressions are not supported in solver and batt modules";
    return "unexpected '" + t.text + "'";
  }

  bool expression(Expr& out) {
    if (depth_ >= kMaxDepth)
      return i_ < end_ ? fail(t_[i_], "expression nested too deeply") : fail_end();
    ++depth_;
    const bool ok = unary(out);
    --depth_;
    if (ok && i_ < end_ && !at_op(",") && !at_op(")") && !at_op("]") && !at_op("("))
      return fail(t_[i_], unexpected(t_[i_]));
    return ok;
  }

  bool unary(Expr& out) {
    // The most negative int64 is written `-9223372036854775808`: its digits alone overflow.
    if (at_op("-") && i_ + 1 < end_ && t_[i_ + 1].kind == Token::Number &&
        t_[i_ + 1].text == "9223372036854775808") {
      out.kind = Expr::Kind::Int;
      out.int_value = INT64_MIN;
      out.loc = t_[i_].loc;
      i_ += 2;
      return true;
    }
    if (at_op("-") || at_op("+")) {
      const Token& sign = t_[i_];
      ++i_;
      Expr operand;
      if (!unary(operand))
        return false;
      if (operand.kind == Expr::Kind::Int) {
        if (sign.text == "-")
          operand.int_value = -operand.int_value;
        operand.loc = sign.loc;
        out = std::move(operand);
        return true;
      }
      if (operand.kind == Expr::Kind::Float) {
        if (sign.text == "-")
          operand.float_value = -operand.float_value;
        operand.loc = sign.loc;
        out = std::move(operand);
        return true;
      }
      return fail(sign, "unary '" + sign.text + "' is supported on number literals only");
    }
    return postfix(out);
  }

  bool postfix(Expr& out) {
    if (!primary(out))
      return false;
    while (true) {
      if (at_op("(")) {
        const Token& open = t_[i_];
        ++i_;
        Expr call;
        call.kind = Expr::Kind::Call;
        call.loc = out.loc;
        call.items.push_back(std::move(out));
        if (!arguments(call.items, open))
          return false;
        out = std::move(call);
        continue;
      }
      if (at_op(".")) {
        ++i_;
        if (i_ >= end_ || t_[i_].kind != Token::Name)
          return i_ < end_ ? fail(t_[i_], "expected an attribute name") : fail_end();
        Expr attr;
        attr.kind = Expr::Kind::Attribute;
        attr.loc = out.loc;
        attr.text = t_[i_].text;
        attr.items.push_back(std::move(out));
        ++i_;
        out = std::move(attr);
        continue;
      }
      return true;
    }
  }

  bool arguments(std::vector<Expr>& items, const Token& open) {
    while (true) {
      if (i_ >= end_)
        return fail(open, "unclosed '('");
      if (at_op(")")) {
        ++i_;
        return true;
      }
      if (i_ + 1 < end_ && t_[i_].kind == Token::Name && is_op(t_[i_ + 1], "="))
        return fail(t_[i_], "keyword arguments are not supported");
      if (at_op("*") || at_op("**"))
        return fail(t_[i_], "argument unpacking is not supported");
      Expr arg;
      if (!expression(arg))
        return false;
      items.push_back(std::move(arg));
      if (at_op(",")) {
        ++i_;
        continue;
      }
      if (!at_op(")"))
        return i_ < end_ ? fail(t_[i_], unexpected(t_[i_])) : fail(open, "unclosed '('");
    }
  }

  bool number(const Token& t, Expr& out) {
    std::string digits;
    for (char c : t.text)
      if (c != '_')
        digits += c;
    const bool is_float = digits.find_first_of(".eE") != std::string::npos &&
                          !(digits.size() > 1 && (digits[1] == 'x' || digits[1] == 'X'));
    if (is_float) {
      char* endp = nullptr;
      out.float_value = std::strtod(digits.c_str(), &endp);
      if (endp == nullptr || *endp != '\0')
        return fail(t, "number literal '" + t.text + "' is not supported");
      out.kind = Expr::Kind::Float;
      return true;
    }
    int base = 10;
    std::string_view body = digits;
    if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
      base = 16;
      body.remove_prefix(2);
    } else if (body.size() > 2 && body[0] == '0' && (body[1] == 'o' || body[1] == 'O')) {
      base = 8;
      body.remove_prefix(2);
    } else if (body.size() > 2 && body[0] == '0' && (body[1] == 'b' || body[1] == 'B')) {
      base = 2;
      body.remove_prefix(2);
    }
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(body.data(), body.data() + body.size(), v, base);
    if (ec != std::errc() || p != body.data() + body.size())
      return fail(t, "number literal '" + t.text + "' is not supported (beyond 64 bits?)");
    out.kind = Expr::Kind::Int;
    out.int_value = v;
    return true;
  }

  bool primary(Expr& out) {
    if (i_ >= end_)
      return fail_end();
    const Token& t = t_[i_];
    out.loc = t.loc;
    switch (t.kind) {
    case Token::Name:
      if (t.text == "True" || t.text == "False" || t.text == "None") {
        out.kind = t.text == "True"    ? Expr::Kind::True
                   : t.text == "False" ? Expr::Kind::False
                                       : Expr::Kind::None;
        ++i_;
        return true;
      }
      if (is_keyword(t.text))
        return fail(t, unexpected(t));
      out.kind = Expr::Kind::Name;
      out.text = t.text;
      ++i_;
      return true;
    case Token::Number:
      ++i_;
      return number(t, out);
    case Token::String:
      out.kind = Expr::Kind::Str;
      // Adjacent literals concatenate.
      while (i_ < end_ && t_[i_].kind == Token::String)
        out.text += t_[i_++].text;
      return true;
    case Token::Op:
      if (t.text == "(" || t.text == "[") {
        const bool list = t.text == "[";
        const char* close = list ? "]" : ")";
        ++i_;
        std::vector<Expr> items;
        bool comma = false;
        while (true) {
          if (i_ >= end_)
            return fail(t, std::string("unclosed '") + t.text + "'");
          if (at_op(close)) {
            ++i_;
            break;
          }
          Expr e;
          if (!expression(e))
            return false;
          items.push_back(std::move(e));
          if (at_op(",")) {
            comma = true;
            ++i_;
            continue;
          }
          if (!at_op(close))
            return i_ < end_ ? fail(t_[i_], unexpected(t_[i_])) : fail(t, "unclosed bracket");
        }
        if (!list && items.size() == 1 && !comma) {
          const Location loc = out.loc;
          out = std::move(items.front());
          out.loc = loc;
          return true;
        }
        out.kind = list ? Expr::Kind::List : Expr::Kind::Tuple;
        out.items = std::move(items);
        return true;
      }
      return fail(t, unexpected(t));
    default:
      return fail_end();
    }
  }

  static constexpr int kMaxDepth = 200;
  const std::vector<Token>& t_;
  std::size_t i_, end_;
  int depth_ = 0;
  ParseFailure failure_;
};

class ModuleParser {
public:
  explicit ModuleParser(ModuleAst& module) : m_(module) {}

  void module_level(const std::vector<Line>& lines) {
    for (const Line& line : lines) {
      const auto& t = line.tokens;
      if (t.empty())
        continue;
      if (t.size() == 1 && t[0].kind == Token::String)
        continue; // docstring
      if (is_name(t[0], "from") || is_name(t[0], "import")) {
        import(line);
        continue;
      }
      if (is_name(t[0], "def")) {
        function(line);
        continue;
      }
      if (t[0].kind == Token::Name && t.size() >= 2 && is_op(t[1], "=") && t.size() == 3 &&
          t[2].kind == Token::String && t[0].text.starts_with("__")) {
        continue; // `__doc__ = "..."`-style metadata
      }
      error(line.loc,
            "module-level statement not supported (a solver or batt module holds "
            "imports and function definitions only)",
            line.text);
    }
  }

private:
  void error(Location loc, std::string message, std::string statement = {}) {
    m_.diagnostics.push_back(
        {Diagnostic::Severity::Error, loc, std::move(message), std::move(statement)});
  }

  void import(const Line& line) {
    const auto& t = line.tokens;
    Import imp;
    imp.loc = line.loc;
    std::size_t i = 1;
    // A dotted module name: NAME ('.' NAME)*, leading dots (relative imports) included.
    auto dotted = [&](std::string& into) {
      while (i < t.size() && is_op(t[i], "."))
        into += t[i++].text;
      if (i < t.size() && t[i].kind == Token::Name && !is_keyword(t[i].text))
        into += t[i++].text;
      while (i + 1 < t.size() && is_op(t[i], ".") && t[i + 1].kind == Token::Name) {
        into += "." + t[i + 1].text;
        i += 2;
      }
    };
    // `as NAME` after an imported module or name: the name it is bound to.
    auto bound_as = [&](std::string& bound) {
      if (i >= t.size() || !is_name(t[i], "as"))
        return true;
      if (i + 1 >= t.size() || t[i + 1].kind != Token::Name || is_keyword(t[i + 1].text))
        return false;
      bound = t[i + 1].text;
      i += 2;
      return true;
    };
    if (is_name(t[0], "import")) {
      // import MODULE [as NAME], ...: one Import a module.
      std::vector<Import> modules;
      while (true) {
        Import one;
        one.loc = line.loc;
        dotted(one.module);
        std::string bound;
        if (one.module.empty() || !bound_as(bound))
          return error(line.loc, "malformed import", line.text);
        modules.push_back(std::move(one));
        if (i < t.size() && is_op(t[i], ",") && i + 1 < t.size()) {
          ++i;
          continue;
        }
        break;
      }
      if (i != t.size())
        return error(line.loc, "malformed import", line.text);
      for (Import& one : modules)
        m_.imports.push_back(std::move(one));
      return;
    }
    dotted(imp.module);
    if (imp.module.empty() || i >= t.size() || !is_name(t[i], "import"))
      return error(line.loc, "malformed import", line.text);
    ++i;
    if (i < t.size() && is_op(t[i], "*")) {
      imp.star = true;
      ++i;
    } else {
      const bool paren = i < t.size() && is_op(t[i], "(");
      if (paren)
        ++i;
      bool trailing_comma = false;
      while (i < t.size() && t[i].kind == Token::Name && !is_keyword(t[i].text)) {
        Import::Name name{t[i].text, t[i].text};
        ++i;
        if (!bound_as(name.bound))
          return error(line.loc, "malformed import", line.text);
        imp.names.push_back(std::move(name));
        trailing_comma = i < t.size() && is_op(t[i], ",");
        if (!trailing_comma)
          break;
        ++i;
      }
      // A trailing comma needs the parentheses.
      if (paren ? !(i < t.size() && is_op(t[i], ")")) : trailing_comma)
        return error(line.loc, "malformed import", line.text);
      if (paren)
        ++i;
    }
    if (i != t.size() || (!imp.star && imp.names.empty()))
      return error(line.loc, "malformed import", line.text);
    m_.imports.push_back(std::move(imp));
  }

  void function(const Line& line) {
    const auto& t = line.tokens;
    FunctionDef fn;
    fn.loc = line.loc;
    if (t.size() < 5 || t[1].kind != Token::Name || !is_op(t[2], "(") || !is_op(t.back(), ":"))
      return error(line.loc, "malformed function definition", line.text);
    fn.name = t[1].text;
    std::size_t i = 3;
    while (i < t.size() && !is_op(t[i], ")")) {
      if (t[i].kind != Token::Name)
        return error(t[i].loc, "only plain positional parameters are supported", line.text);
      fn.params.push_back(t[i].text);
      ++i;
      if (i < t.size() && is_op(t[i], ","))
        ++i;
      else if (i < t.size() && !is_op(t[i], ")"))
        return error(t[i].loc,
                     "only plain positional parameters are supported (no defaults or "
                     "annotations)",
                     line.text);
    }
    if (i + 2 != t.size() && !(i + 4 == t.size() && is_op(t[i + 1], "->")))
      return error(line.loc, "malformed function definition", line.text);
    if (!has_suite(line, "function definition"))
      return;
    block(line.body, fn.body);
    m_.functions.push_back(std::move(fn));
  }

  /// Whether a compound statement's header has an indented block under it; CPython's
  /// IndentationError where not (a header followed by a line at its own indentation, or none).
  bool has_suite(const Line& header, std::string_view what) {
    for (const Line& line : header.body)
      if (!line.tokens.empty())
        return true;
    error(header.loc,
          "IndentationError: expected an indented block after " + std::string(what) + " on line " +
              std::to_string(header.loc.line),
          header.text);
    return false;
  }

  void block(const std::vector<Line>& lines, std::vector<Stmt>& out) {
    for (std::size_t k = 0; k < lines.size(); ++k) {
      const Line& line = lines[k];
      const auto& t = line.tokens;
      if (t.empty())
        continue;
      if (line.unexpected_indent) {
        error(line.loc, "unexpected indentation", line.text);
        continue;
      }
      if (t.size() == 1 && t[0].kind == Token::String)
        continue; // docstring
      if (is_name(t[0], "try")) {
        if (t.size() != 2 || !is_op(t[1], ":")) {
          error(line.loc, "malformed try statement", line.text);
          continue;
        }
        Stmt s;
        s.kind = Stmt::Kind::Try;
        s.loc = line.loc;
        s.text = line.text;
        if (has_suite(line, "'try' statement"))
          block(line.body, s.body);
        // The clauses in the order Python's grammar takes them: `except` clauses (a bare one
        // last), then `else` if there was one, then `finally`.
        enum { kExcepts, kAfterElse, kAfterFinally } stage = kExcepts;
        bool any_except = false, bare_except = false, malformed = false;
        while (k + 1 < lines.size() && !lines[k + 1].tokens.empty() &&
               (is_name(lines[k + 1].tokens[0], "except") ||
                is_name(lines[k + 1].tokens[0], "else") ||
                is_name(lines[k + 1].tokens[0], "finally"))) {
          const Line& c = lines[++k];
          const std::string& word = c.tokens[0].text;
          if (word == "except" && stage != kExcepts)
            error(c.loc, "SyntaxError: 'except' after the 'else' or 'finally' of its try", c.text);
          else if (word == "except" && bare_except)
            error(c.loc, "SyntaxError: default 'except:' must be last", c.text);
          else if (word == "else" && (stage != kExcepts || !any_except))
            error(c.loc, "SyntaxError: 'else' of a try comes once, after its 'except' clauses",
                  c.text);
          else if (word == "finally" && stage == kAfterFinally)
            error(c.loc, "SyntaxError: a try has one 'finally'", c.text);
          if (word == "except")
            any_except = true;
          else
            stage = word == "else" ? kAfterElse : kAfterFinally;
          const std::size_t handlers = s.handlers.size();
          if (!clause(c, s))
            malformed = true;
          else if (s.handlers.size() > handlers && s.handlers.back().types.empty())
            bare_except = true;
        }
        if (!any_except && stage != kAfterFinally && !malformed)
          error(line.loc, "try without except or finally", line.text);
        out.push_back(std::move(s));
        continue;
      }
      if (t[0].kind == Token::Name && (t[0].text == "except" || t[0].text == "else" ||
                                       t[0].text == "finally" || t[0].text == "elif")) {
        error(line.loc, "'" + t[0].text + "' without a matching statement", line.text);
        continue;
      }
      statement(line, out);
    }
  }

  /// Parses an except, else or finally clause of `s`; false (with the error) where malformed.
  bool clause(const Line& line, Stmt& s) {
    const auto& t = line.tokens;
    if (is_name(t[0], "else") || is_name(t[0], "finally")) {
      if (t.size() != 2 || !is_op(t[1], ":")) {
        error(line.loc, "malformed '" + t[0].text + "' clause", line.text);
        return false;
      }
      if (has_suite(line, "'" + t[0].text + "' statement"))
        block(line.body, is_name(t[0], "else") ? s.orelse : s.finalbody);
      return true;
    }
    Handler h;
    h.loc = line.loc;
    std::size_t i = 1;
    // A dotted name, or a parenthesised list of them separated by commas.
    auto type_name = [&] {
      std::string name = t[i].text;
      ++i;
      while (i + 1 < t.size() && is_op(t[i], ".") && t[i + 1].kind == Token::Name) {
        name += "." + t[i + 1].text;
        i += 2;
      }
      h.types.push_back(std::move(name));
    };
    auto is_type_name = [&] {
      return i < t.size() && t[i].kind == Token::Name && !is_keyword(t[i].text);
    };
    if (i < t.size() && is_op(t[i], "(")) {
      ++i;
      while (is_type_name()) {
        type_name();
        if (i >= t.size() || !is_op(t[i], ","))
          break;
        ++i;
      }
      if (i >= t.size() || !is_op(t[i], ")") || h.types.empty()) {
        error(line.loc, "malformed except clause", line.text);
        return false;
      }
      ++i;
    } else if (is_type_name()) {
      type_name();
    }
    if (i + 2 < t.size() && is_name(t[i], "as") && t[i + 1].kind == Token::Name)
      i += 2; // `except E as e:` binds a name the handler bodies of batt modules never read
    if (i + 1 != t.size() || !is_op(t[i], ":")) {
      error(line.loc, "malformed except clause", line.text);
      return false;
    }
    if (has_suite(line, "'except' statement"))
      block(line.body, h.body);
    s.handlers.push_back(std::move(h));
    return true;
  }

  void statement(const Line& line, std::vector<Stmt>& out) {
    const auto& t = line.tokens;
    Stmt s;
    s.loc = line.loc;
    s.text = line.text;
    if (is_name(t[0], "pass")) {
      if (t.size() != 1)
        return error(line.loc, "malformed pass statement", line.text);
      s.kind = Stmt::Kind::Pass;
      out.push_back(std::move(s));
      return;
    }
    if (is_name(t[0], "return")) {
      s.kind = Stmt::Kind::Return;
      s.value.kind = Expr::Kind::None;
      s.value.loc = line.loc;
      if (t.size() > 1 && !parse_expression(t, 1, t.size(), s.value, line.text))
        return;
      out.push_back(std::move(s));
      return;
    }
    if (t[0].kind == Token::Name && is_keyword(t[0].text))
      return error(line.loc,
                   "'" + t[0].text + "' statements are not supported in solver and batt modules",
                   line.text);
    // An assignment: a top-level '=' (not inside brackets).
    int depth = 0;
    std::size_t eq = t.size();
    for (std::size_t k = 0; k < t.size(); ++k) {
      if (t[k].kind != Token::Op)
        continue;
      if (t[k].text == "(" || t[k].text == "[" || t[k].text == "{")
        ++depth;
      else if (t[k].text == ")" || t[k].text == "]" || t[k].text == "}")
        --depth;
      else if (depth == 0 && t[k].text == "=") {
        eq = k;
        break;
      } else if (depth == 0 && (t[k].text == "+=" || t[k].text == "-=" || t[k].text == "*=" ||
                                t[k].text == "/=" || t[k].text == ":=")) {
        return error(t[k].loc, "augmented assignment is not supported", line.text);
      }
    }
    if (eq == t.size()) {
      s.kind = Stmt::Kind::Expression;
      if (!parse_expression(t, 0, t.size(), s.value, line.text))
        return;
      out.push_back(std::move(s));
      return;
    }
    s.kind = Stmt::Kind::Assign;
    if (!targets(t, 0, eq, s, line.text))
      return;
    if (eq + 1 >= t.size())
      return error(t[eq].loc, "assignment without a value", line.text);
    for (std::size_t k = eq + 1, d = 0; k < t.size(); ++k) {
      if (is_op(t[k], "(") || is_op(t[k], "[") || is_op(t[k], "{"))
        ++d;
      else if (is_op(t[k], ")") || is_op(t[k], "]") || is_op(t[k], "}"))
        --d;
      else if (d == 0 && is_op(t[k], "="))
        return error(t[k].loc, "chained assignment is not supported", line.text);
    }
    if (!parse_expression(t, eq + 1, t.size(), s.value, line.text))
      return;
    out.push_back(std::move(s));
  }

  /// Assignment targets: `name` or `a, b, c` (parenthesised or bracketed or not).
  bool targets(const std::vector<Token>& t, std::size_t begin, std::size_t end, Stmt& s,
               const std::string& text) {
    if (end > begin + 1 && (is_op(t[begin], "(") || is_op(t[begin], "[")) &&
        (is_op(t[end - 1], ")") || is_op(t[end - 1], "]"))) {
      ++begin;
      --end;
      s.unpack = true;
    }
    bool expect_name = true;
    for (std::size_t k = begin; k < end; ++k) {
      if (expect_name) {
        if (t[k].kind != Token::Name || is_keyword(t[k].text) || t[k].text == "True" ||
            t[k].text == "False" || t[k].text == "None") {
          error(t[k].loc, "assignment target must be a name or a tuple of names", text);
          return false;
        }
        s.targets.push_back(t[k].text);
        expect_name = false;
      } else {
        if (!is_op(t[k], ",")) {
          error(t[k].loc, "assignment target must be a name or a tuple of names", text);
          return false;
        }
        s.unpack = true;
        expect_name = true;
      }
    }
    if (s.targets.empty()) {
      error(t[begin < t.size() ? begin : 0].loc, "assignment without a target", text);
      return false;
    }
    return true;
  }

  bool parse_expression(const std::vector<Token>& t, std::size_t begin, std::size_t end, Expr& out,
                        const std::string& text) {
    ExpressionParser p(t, begin, end);
    if (p.expression_list(out) && p.finish())
      return true;
    error(p.failure().loc, p.failure().message, text);
    return false;
  }

  ModuleAst& m_;
};

} // namespace

ModuleAst parse_module(std::string_view source, const std::string& path) {
  ModuleAst module;
  module.path = path;
  std::vector<Line> lines;
  try {
    lines = parse_lines(source);
  } catch (const FileError& e) {
    module.unparsed = true;
    module.diagnostics.push_back({Diagnostic::Severity::Error, e.location, e.what(), {}});
    return module;
  }
  ModuleParser(module).module_level(lines);
  return module;
}

ModuleAst parse_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ModuleAst module;
    module.path = path;
    module.unparsed = true;
    module.diagnostics.push_back(
        {Diagnostic::Severity::Error, {}, "cannot read the file (missing or unreadable)", {}});
    return module;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse_module(text.str(), path);
}

} // namespace battgpu::frontend
