#include "python_subset.hpp"

namespace battgpu::importer {
namespace {

class ExprParser {
public:
  ExprParser(const std::vector<Token>& t, std::size_t begin, std::size_t end)
      : t_(t), i_(begin), end_(end) {}

  bool parse(Expr& out, std::string& error, Location& loc) {
    if (!expression(out)) {
      error = error_;
      loc = error_loc_;
      return false;
    }
    if (i_ != end_) {
      fail_at(t_[i_], unexpected(t_[i_]));
      error = error_;
      loc = error_loc_;
      return false;
    }
    return true;
  }

private:
  bool at_op(std::string_view op) const {
    return i_ < end_ && t_[i_].kind == Token::Op && t_[i_].text == op;
  }
  bool fail_at(const Token& t, std::string message) {
    if (error_.empty()) {
      error_ = std::move(message);
      error_loc_ = t.loc;
    }
    return false;
  }
  bool fail_end() {
    const Location loc = end_ > 0 ? t_[end_ - 1].loc : Location{};
    if (error_.empty()) {
      error_ = "incomplete expression";
      error_loc_ = loc;
    }
    return false;
  }
  static std::string unexpected(const Token& t) {
    if (t.kind == Token::Op) {
      if (t.text == ".")
        return "attribute access is not supported";
      if (t.text == "[")
        return "subscripts are not supported";
      if (t.text == "{")
        return "dict and set literals are not supported";
      if (t.text == "=")
        return "keyword arguments are not supported";
      return "operator '" + t.text + "' is not supported";
    }
    if (t.kind == Token::Name &&
        (t.text == "lambda" || t.text == "if" || t.text == "for" || t.text == "and" ||
         t.text == "or" || t.text == "not" || t.text == "in" || t.text == "is"))
      return "'" + t.text + "' expressions are not supported";
    return "unexpected '" + t.text + "'";
  }

  bool expression(Expr& out) {
    // Deeply nested input must not exhaust the stack.
    if (depth_ >= max_depth)
      return i_ < end_ ? fail_at(t_[i_], "expression nested too deeply") : fail_end();
    ++depth_;
    const bool ok = postfix(out);
    --depth_;
    return ok;
  }

  bool postfix(Expr& out) {
    if (!primary(out))
      return false;
    while (at_op("(")) {
      const Token& open = t_[i_];
      ++i_;
      Expr call;
      call.kind = Expr::Call;
      call.loc = out.loc;
      call.items.push_back(std::move(out));
      if (!arguments(call.items, open))
        return false;
      out = std::move(call);
    }
    return true;
  }

  bool arguments(std::vector<Expr>& items, const Token& open) {
    while (true) {
      if (i_ >= end_)
        return fail_at(open, "unclosed '('");
      if (at_op(")")) {
        ++i_;
        return true;
      }
      if (i_ + 1 < end_ && t_[i_].kind == Token::Name && t_[i_ + 1].kind == Token::Op &&
          t_[i_ + 1].text == "=")
        return fail_at(t_[i_], "keyword arguments are not supported");
      if (at_op("*") || at_op("**"))
        return fail_at(t_[i_], "argument unpacking is not supported");
      Expr arg;
      if (!expression(arg))
        return false;
      items.push_back(std::move(arg));
      if (at_op(",")) {
        ++i_;
        continue;
      }
      if (at_op(")"))
        continue;
      if (i_ >= end_)
        return fail_at(open, "unclosed '('");
      return fail_at(t_[i_], unexpected(t_[i_]));
    }
  }

  bool primary(Expr& out) {
    if (i_ >= end_)
      return fail_end();
    const Token& t = t_[i_];
    out.loc = t.loc;
    if (t.kind == Token::Name) {
      if (t.text == "lambda" || t.text == "not" || t.text == "yield" || t.text == "await")
        return fail_at(t, unexpected(t));
      out.kind = Expr::Name;
      out.text = t.text;
      ++i_;
      return check_postfix();
    }
    if (t.kind == Token::Number || (t.kind == Token::Op && t.text == "-" && i_ + 1 < end_ &&
                                    t_[i_ + 1].kind == Token::Number)) {
      const bool negative = t.kind == Token::Op;
      const Token& n = negative ? t_[i_ + 1] : t;
      if (n.text.find_first_not_of("0123456789") != std::string::npos || n.text.size() > 9)
        return fail_at(n, "number literal '" + n.text + "' is not supported (integers only)");
      out.kind = Expr::Integer;
      out.text = (negative ? "-" : "") + n.text;
      i_ += negative ? 2 : 1;
      return check_postfix();
    }
    if (t.kind == Token::String) {
      out.kind = Expr::String;
      out.text = t.text;
      ++i_;
      return check_postfix();
    }
    if (t.kind == Token::Op && t.text == "(") {
      const Token& open = t;
      ++i_;
      std::vector<Expr> items;
      bool comma = false;
      while (true) {
        if (i_ >= end_)
          return fail_at(open, "unclosed '('");
        if (at_op(")")) {
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
        if (!at_op(")"))
          return i_ < end_ ? fail_at(t_[i_], unexpected(t_[i_])) : fail_at(open, "unclosed '('");
      }
      if (items.size() == 1 && !comma) {
        const Location loc = out.loc;
        out = std::move(items.front());
        out.loc = loc;
      } else {
        out.kind = Expr::Tuple;
        out.items = std::move(items);
      }
      return check_postfix();
    }
    return fail_at(t, unexpected(t));
  }

  /// After a primary: a call is handled by the caller; any other operator is unsupported.
  bool check_postfix() {
    if (i_ >= end_ || at_op("(") || at_op(",") || at_op(")"))
      return true;
    return fail_at(t_[i_], unexpected(t_[i_]));
  }

  static constexpr int max_depth = 200;
  const std::vector<Token>& t_;
  std::size_t i_, end_;
  int depth_ = 0;
  std::string error_;
  Location error_loc_;
};

} // namespace

bool parse_expression(const std::vector<Token>& tokens, std::size_t begin, std::size_t end,
                      Expr& out, std::string& error, Location& error_loc) {
  return ExprParser(tokens, begin, end).parse(out, error, error_loc);
}

} // namespace battgpu::importer
