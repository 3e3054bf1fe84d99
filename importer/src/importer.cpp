#include "importer.hpp"

#include "dsl_names.hpp"

#include <algorithm>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace battgpu::importer {
namespace {

/// What the translator knows about a value: a plain value, a callable (with its arity where
/// known, else -1), or nothing.
struct Kind {
  enum Tag { Value, Callable, Unknown } tag = Unknown;
  int arity = -1;
};

// Primitives whose result may be a function (they pick from a container or choose).
const std::unordered_set<std::string_view> may_return_callable = {
    "first",  "last",   "other",  "extract",    "get_nth_t",   "get_nth_f",
    "branch", "argmax", "argmin", "mostcommon", "leastcommon", "identity",
};

/// For primitives taking functions: (argument position, the arity that function must have;
/// 0 where any arity will do).
const std::unordered_map<std::string_view, std::vector<std::pair<int, int>>> function_arguments = {
    {"apply", {{0, 1}}},
    {"mapply", {{0, 1}}},
    {"papply", {{0, 2}}},
    {"mpapply", {{0, 2}}},
    {"prapply", {{0, 2}}},
    {"sfilter", {{1, 1}}},
    {"mfilter", {{1, 1}}},
    {"extract", {{1, 1}}},
    {"argmax", {{1, 1}}},
    {"argmin", {{1, 1}}},
    {"valmax", {{1, 1}}},
    {"valmin", {{1, 1}}},
    {"order", {{1, 1}}},
    {"matcher", {{0, 1}}},
    {"power", {{0, 1}}},
    {"rbind", {{0, 0}}},
    {"lbind", {{0, 0}}},
    {"compose", {{0, 1}, {1, 1}}},
    {"chain", {{0, 1}, {1, 1}, {2, 1}}},
    {"fork", {{0, 2}, {1, 1}, {2, 1}}},
};

struct Variable {
  std::string cpp;
  Kind kind;
};

std::string sanitize_identifier(const std::string& s) {
  std::string out;
  for (const char c : s)
    out += std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' ? c : '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])) != 0)
    out = "_" + out;
  return out;
}

class FunctionTranslator {
public:
  FunctionTranslator(const std::string& file, Function& fn, Module& module)
      : file_(file), fn_(fn), module_(module) {}

  void run(const std::vector<Line>& body) {
    if (fn_.batt) {
      params_ = {{"S", {"S", {Kind::Value, -1}}},
                 {"I", {"I", {Kind::Value, -1}}},
                 {"C", {"C", {Kind::Value, -1}}}};
    } else {
      params_ = {{"I", {"I", {Kind::Value, -1}}}};
    }
    block(body, false);
    if (!fn_.batt && !returned_)
      error(fn_.loc, reason_missing_return,
            "solver '" + fn_.python_name + "' has no 'return' statement (truncated?)",
            "def " + fn_.python_name + "(...)");
  }

private:
  void error(Location loc, const char* reason, const std::string& message,
             const std::string& statement) {
    module_.diagnostics.push_back(
        Diagnostic{file_, loc, reason, message, statement, fn_.python_name});
    // A batt function keeps its other statements: only what depends on this one goes.
    if (fn_.batt)
      ++fn_.errors;
    else if (fn_.left_out_reason.empty())
      fn_.left_out_reason = reason;
  }

  /// The statement assigning `name` failed: in a batt function the variable is left out
  /// (and whatever uses it later); in a solver it counts as defined, so that later uses do
  /// not report again (the solver is left out anyway).
  void fail_target(const std::string& name, int line) {
    if (fn_.batt) {
      vars_.erase(name);
      poisoned_[name] = line;
      ++fn_.statements_left_out;
    } else if (!vars_.contains(name)) {
      define(name, Kind{});
    }
  }

  static bool is_op(const Token& t, std::string_view op) {
    return t.kind == Token::Op && t.text == op;
  }

  void block(const std::vector<Line>& lines, bool in_try) {
    for (std::size_t k = 0; k < lines.size(); ++k) {
      const Line& line = lines[k];
      const auto& t = line.tokens;
      if (line.unexpected_indent) {
        error(line.loc, reason_unsupported, "unexpected indentation", line.text);
        continue;
      }
      if (returned_ && !fn_.batt) {
        error(line.loc, reason_unsupported, "statement after 'return'", line.text);
        continue;
      }
      if (t.size() == 1 && t[0].kind == Token::String)
        continue; // docstring
      if (t.size() == 1 && t[0].kind == Token::Name && t[0].text == "pass")
        continue;
      // `o = []` / `s = []` in a batt: the C++ signature provides the output list.
      if (fn_.batt && t.size() == 4 && t[0].kind == Token::Name &&
          (t[0].text == "o" || t[0].text == "s") && is_op(t[1], "=") && is_op(t[2], "[") &&
          is_op(t[3], "]"))
        continue;
      if (t[0].kind == Token::Name && t[0].text == "try" && t.size() == 2 && is_op(t[1], ":")) {
        if (in_try) {
          error(line.loc, reason_unsupported, "nested 'try' is not supported", line.text);
          continue;
        }
        if (line.body.empty()) {
          error(line.loc, reason_unsupported, "'try' without a body", line.text);
          continue;
        }
        block(line.body, true);
        bool handled = false;
        while (k + 1 < lines.size() && !lines[k + 1].tokens.empty() &&
               lines[k + 1].tokens[0].kind == Token::Name &&
               (lines[k + 1].tokens[0].text == "except" || lines[k + 1].tokens[0].text == "else" ||
                lines[k + 1].tokens[0].text == "finally")) {
          ++k;
          if (!except_clause(lines[k]))
            for (const Line& inner : line.body)
              if (inner.tokens.size() > 1 && inner.tokens[0].kind == Token::Name &&
                  is_op(inner.tokens[1], "="))
                fail_target(inner.tokens[0].text, inner.loc.line);
          handled = true;
        }
        if (!handled)
          error(line.loc, reason_unsupported, "'try' without 'except'", line.text);
        continue;
      }
      if (t[0].kind == Token::Name && t[0].text == "return") {
        return_statement(line);
        continue;
      }
      if (t.size() >= 4 && t[0].kind == Token::Name && (t[0].text == "o" || t[0].text == "s") &&
          is_op(t[1], ".") && t[2].kind == Token::Name && t[2].text == "append") {
        record(line);
        continue;
      }
      if (t.size() >= 3 && t[0].kind == Token::Name && is_op(t[1], "=")) {
        assignment(line, 2);
        continue;
      }
      unsupported_statement(line);
    }
  }

  void unsupported_statement(const Line& line) {
    const Token& first = line.tokens[0];
    std::string what = "statement is not supported (only assignments of calls, 'return', "
                       "'try'/'except' and result recording are)";
    if (first.kind == Token::Name) {
      static const std::unordered_map<std::string_view, std::string> keyword = {
          {"if", "'if' statements are not supported"},
          {"elif", "'elif' is not supported"},
          {"else", "'else' is not supported"},
          {"for", "'for' loops are not supported"},
          {"while", "'while' loops are not supported"},
          {"with", "'with' statements are not supported"},
          {"def", "nested function definitions are not supported"},
          {"class", "class definitions are not supported"},
          {"lambda", "lambda expressions are not supported"},
          {"import", "imports inside functions are not supported"},
          {"from", "imports inside functions are not supported"},
          {"global", "'global' is not supported"},
          {"nonlocal", "'nonlocal' is not supported"},
          {"del", "'del' is not supported"},
          {"raise", "'raise' is not supported"},
          {"assert", "'assert' is not supported"},
          {"yield", "'yield' is not supported"},
          {"except", "'except' without 'try'"},
      };
      if (const auto it = keyword.find(first.text); it != keyword.end())
        what = it->second;
      else if (line.tokens.size() > 1 && line.tokens[1].kind == Token::Op &&
               line.tokens[1].text != "=" && line.tokens[1].text.size() == 2 &&
               line.tokens[1].text.back() == '=')
        what = "augmented assignment '" + line.tokens[1].text + "' is not supported";
      else if (line.tokens.size() > 1 && is_op(line.tokens[1], ","))
        what = "tuple unpacking is not supported";
      else if (line.tokens.size() > 1 && (is_op(line.tokens[1], "(")))
        what = "a call whose result is not assigned is not supported";
    }
    error(first.loc, reason_unsupported, what, line.text);
    // Names assigned inside the unsupported block are left out with it.
    if (fn_.batt) {
      std::vector<const Line*> pending;
      for (const Line& inner : line.body)
        pending.push_back(&inner);
      while (!pending.empty()) {
        const Line* inner = pending.back();
        pending.pop_back();
        if (inner->tokens.size() > 1 && inner->tokens[0].kind == Token::Name &&
            is_op(inner->tokens[1], "="))
          fail_target(inner->tokens[0].text, line.loc.line);
        for (const Line& deeper : inner->body)
          pending.push_back(&deeper);
      }
    }
    // Names assigned by the statement count as defined, so later uses do not cascade.
    for (std::size_t k = 1; k < line.tokens.size(); ++k) {
      if (!is_op(line.tokens[k], "=") && !line.tokens[k].text.ends_with("="))
        continue;
      for (std::size_t j = 0; j < k; ++j)
        if (line.tokens[j].kind == Token::Name)
          fail_target(line.tokens[j].text, line.loc.line);
      break;
    }
  }

  /// Returns false where the clause is outside the subset (after reporting it).
  bool except_clause(const Line& line) {
    const auto& t = line.tokens;
    if (t[0].text != "except") {
      error(line.loc, reason_unsupported, "'" + t[0].text + "' after 'try' is not supported",
            line.text);
      return false;
    }
    bool ok = true;
    for (const Line& inner : line.body) {
      const auto& it = inner.tokens;
      if (it.size() == 1 && it[0].kind == Token::Name && it[0].text == "pass")
        continue;
      // tN = _get_safe_default(...): the C++ DSL is total, so the default is never needed.
      if (it.size() >= 4 && it[0].kind == Token::Name && is_op(it[1], "=") &&
          it[2].kind == Token::Name && it[2].text == "_get_safe_default" && is_op(it[3], "("))
        continue;
      error(inner.loc, reason_unsupported,
            "an 'except' block may only assign '_get_safe_default(...)' or 'pass'", inner.text);
      ok = false;
    }
    return ok;
  }

  void return_statement(const Line& line) {
    const auto& t = line.tokens;
    if (fn_.batt) {
      // `return o`, `return o, s`, `return`: the outputs are already recorded.
      for (std::size_t k = 1; k < t.size(); ++k) {
        if (!(t[k].kind == Token::Name && (t[k].text == "o" || t[k].text == "s")) &&
            !is_op(t[k], ",") && !is_op(t[k], "(") && !is_op(t[k], ")")) {
          error(t[k].loc, reason_unsupported, "a batt function may only return 'o' and 's'",
                line.text);
          return;
        }
      }
      returned_ = true;
      return;
    }
    if (t.size() < 2) {
      error(line.loc, reason_unsupported, "a solver must return a value", line.text);
      returned_ = true;
      return;
    }
    Expr value;
    std::string message;
    Location loc;
    if (!parse_expression(t, 1, t.size(), value, message, loc)) {
      error(loc, reason_unsupported, message, line.text);
      returned_ = true;
      return;
    }
    returned_ = true;
    std::string target;
    if (value.kind == Expr::Name) {
      Kind kind;
      if (!resolve(value, kind, line))
        return;
      target = value.text;
    } else {
      // `return f(x)`: computed into a variable of its own first.
      Kind kind;
      if (!resolve(value, kind, line))
        return;
      target = fresh("O");
      Statement s;
      s.kind = Statement::Assign;
      s.target = target;
      s.value = std::move(value);
      fn_.statements.push_back(std::move(s));
      ++assignments_;
    }
    Statement rec;
    rec.kind = Statement::Record;
    rec.target = target;
    rec.number = std::max(assignments_, 1);
    rec.solver_id = fn_.id;
    fn_.statements.push_back(std::move(rec));
  }

  void record(const Line& line) {
    const auto& t = line.tokens;
    Expr call;
    std::string message;
    Location loc;
    const bool is_o = t[0].text == "o";
    if (!parse_expression(t, 3, t.size(), call, message, loc)) {
      error(loc, reason_unsupported, message, line.text);
      return;
    }
    const char* shape =
        is_o ? "o.append((N, flag, 'id', tN))" : "s.append((N, 'id', 'differ_...', tN))";
    if (call.kind != Expr::Tuple || call.items.size() < 3 || call.items.size() > 4 ||
        call.items.front().kind != Expr::Integer || call.items.back().kind != Expr::Name) {
      error(line.loc, reason_unsupported, std::string("a record must have the form ") + shape,
            line.text);
      ++fn_.records_left_out;
      return;
    }
    const Expr& id = is_o ? call.items[call.items.size() - 2] : call.items[1];
    if (id.kind != Expr::String) {
      error(id.loc, reason_unsupported, std::string("a record must have the form ") + shape,
            line.text);
      ++fn_.records_left_out;
      return;
    }
    Expr var = call.items.back();
    Kind kind;
    if (!resolve(var, kind, line)) {
      if (depends_on_ > 0) {
        if (is_o)
          error(var.loc, reason_depends,
                "the record of '" + id.text + "' is left out: '" + call.items.back().text +
                    "' depends on the statement with an error at line " +
                    std::to_string(depends_on_),
                line.text);
        else
          ++fn_.statements_left_out;
        depends_on_ = 0;
      }
      ++fn_.records_left_out;
      return;
    }
    Statement s;
    if (is_o) {
      s.kind = Statement::Record;
      s.target = var.text;
      s.number = std::stoi(call.items.front().text);
      s.solver_id = id.text;
    } else {
      // The C++ solver signature has no sample-difference list: kept as a comment.
      s.kind = Statement::Comment;
      s.target = var.text;
      s.comment = "s: " + line.text;
    }
    fn_.statements.push_back(std::move(s));
  }

  void assignment(const Line& line, std::size_t begin) {
    const auto& t = line.tokens;
    const std::string name = t[0].text;
    Expr value;
    std::string message;
    Location loc;
    if (!parse_expression(t, begin, t.size(), value, message, loc)) {
      error(loc, reason_unsupported, message, line.text);
      fail_target(name, line.loc.line);
      return;
    }
    if (fn_.batt && (name == "o" || name == "s" || name == "S" || name == "C")) {
      error(t[0].loc, reason_unsupported, "assigning to '" + name + "' is not supported",
            line.text);
      return;
    }
    Kind kind;
    if (!resolve(value, kind, line)) {
      fail_target(name, depends_on_ > 0 ? depends_on_ : line.loc.line);
      depends_on_ = 0;
      return;
    }
    Statement s;
    s.kind = Statement::Assign;
    s.value = std::move(value);
    s.target = define(name, kind);
    fn_.statements.push_back(std::move(s));
    ++assignments_;
  }

  std::string fresh(const std::string& base) {
    std::string cpp = is_reserved_cpp_name(base) ? "v_" + base : sanitize_identifier(base);
    int& n = uses_[cpp];
    ++n;
    if (n > 1)
      cpp += "_" + std::to_string(n);
    while (taken_.contains(cpp))
      cpp += "_";
    taken_.insert(cpp);
    return cpp;
  }

  std::string define(const std::string& name, Kind kind) {
    std::string cpp = fresh(name);
    vars_[name] = Variable{cpp, kind};
    return cpp;
  }

  /// Resolves names in `e` to their C++ spelling and checks calls. Reports and returns false
  /// on the first problem.
  bool resolve(Expr& e, Kind& kind, const Line& line) {
    switch (e.kind) {
    case Expr::Integer:
      kind = {Kind::Value, -1};
      return true;
    case Expr::String:
      error(e.loc, reason_unsupported, "string literals are not supported as values", line.text);
      return false;
    case Expr::Tuple:
      error(e.loc, reason_unsupported, "tuple literals are not supported (use the DSL's constants)",
            line.text);
      return false;
    case Expr::Name:
      return resolve_name(e, kind, line);
    case Expr::Call:
      break;
    }
    Expr& callee = e.items[0];
    Kind callee_kind;
    if (!resolve(callee, callee_kind, line))
      return false;
    const std::size_t nargs = e.items.size() - 1;
    std::vector<Kind> arg_kinds;
    for (std::size_t k = 1; k < e.items.size(); ++k) {
      Kind a;
      if (!resolve(e.items[k], a, line))
        return false;
      arg_kinds.push_back(a);
    }
    if (callee_kind.tag == Kind::Value) {
      error(callee.loc, reason_type_error,
            "'" + callee_text(callee) + "' is not a function and cannot be called", line.text);
      return false;
    }
    if (callee_kind.arity >= 0 && static_cast<int>(nargs) != callee_kind.arity) {
      error(callee.loc, reason_wrong_arity,
            "'" + callee_text(callee) + "' takes " + std::to_string(callee_kind.arity) +
                " argument" + (callee_kind.arity == 1 ? "" : "s") + ", " + std::to_string(nargs) +
                " given",
            line.text);
      return false;
    }
    const Primitive* p = callee.kind == Expr::Name && primitive_names_.contains(callee.text)
                             ? primitive_names_.at(callee.text)
                             : nullptr;
    if (p == nullptr) {
      kind = Kind{};
      return true;
    }
    const std::string_view n = p->python;
    // Arguments that must be functions, and how many arguments those functions take.
    if (const auto it = function_arguments.find(n); it != function_arguments.end()) {
      for (const auto& [position, arity] : it->second) {
        const Kind& a = arg_kinds[static_cast<std::size_t>(position)];
        const Expr& arg = e.items[static_cast<std::size_t>(position) + 1];
        const std::string ordinal = position == 0 ? "first" : position == 1 ? "second" : "third";
        if (a.tag == Kind::Value) {
          error(arg.loc, reason_type_error,
                "the " + ordinal + " argument of '" + std::string(n) + "' must be a function, '" +
                    callee_text(arg) + "' is a value",
                line.text);
          return false;
        }
        if (arity > 0 && a.tag == Kind::Callable && a.arity >= 0 && a.arity != arity) {
          error(arg.loc, reason_wrong_arity,
                "the " + ordinal + " argument of '" + std::string(n) + "' must take " +
                    std::to_string(arity) + " argument" + (arity == 1 ? "" : "s") + ", '" +
                    callee_text(arg) + "' takes " + std::to_string(a.arity),
                line.text);
          return false;
        }
      }
    }
    if (n == "rbind" || n == "lbind") {
      const Kind& f = arg_kinds[0];
      if (f.tag == Kind::Value) {
        error(e.items[1].loc, reason_type_error,
              "the first argument of '" + std::string(n) + "' must be a function", line.text);
        return false;
      }
      if (f.arity >= 0 && f.arity < 2) {
        error(e.items[1].loc, reason_wrong_arity,
              "'" + std::string(n) + "' needs a function of 2 to 4 arguments, '" +
                  callee_text(e.items[1]) + "' takes " + std::to_string(f.arity),
              line.text);
        return false;
      }
      kind = {Kind::Callable, f.arity >= 0 ? f.arity - 1 : -1};
    } else if (n == "compose" || n == "chain" || n == "fork" || n == "matcher" || n == "power") {
      kind = {Kind::Callable, 1};
    } else if (may_return_callable.contains(n)) {
      kind = Kind{};
    } else {
      kind = {Kind::Value, -1};
    }
    return true;
  }

  static std::string callee_text(const Expr& e) {
    if (e.kind == Expr::Name || e.kind == Expr::Integer)
      return e.text;
    return "expression";
  }

  bool resolve_name(Expr& e, Kind& kind, const Line& line) {
    const std::string name = e.text;
    if (const auto it = vars_.find(name); it != vars_.end()) {
      e.text = it->second.cpp;
      kind = it->second.kind;
      return true;
    }
    if (const auto it = params_.find(name); it != params_.end()) {
      e.text = it->second.cpp;
      kind = it->second.kind;
      return true;
    }
    if (const Primitive* p = find_primitive(name)) {
      e.text = std::string(p->cpp);
      primitive_names_[e.text] = p;
      kind = {Kind::Callable, p->arity};
      return true;
    }
    if (is_constant(name)) {
      kind = {Kind::Value, -1};
      return true;
    }
    if (name == "True" || name == "False") {
      e.text = name == "True" ? "true" : "false";
      kind = {Kind::Value, -1};
      return true;
    }
    if (const auto it = poisoned_.find(name); it != poisoned_.end()) {
      depends_on_ = it->second; // left out with the statement it depends on; no new error
      return false;
    }
    if (fn_.batt && (name == "task_id" || name == "log_path")) {
      error(e.loc, reason_unsupported,
            "parameter '" + name + "' has no counterpart in the C++ solver signature", line.text);
      return false;
    }
    error(e.loc, reason_unknown_name,
          "unknown name '" + name + "' (not a DSL primitive, constant or earlier variable)",
          line.text);
    return false;
  }

  const std::string& file_;
  Function& fn_;
  Module& module_;
  std::unordered_map<std::string, Variable> vars_;
  std::unordered_map<std::string, Variable> params_;
  std::unordered_map<std::string, int> uses_;
  std::unordered_set<std::string> taken_{"S", "I", "C", "o"};
  std::unordered_map<std::string, const Primitive*> primitive_names_;
  std::unordered_map<std::string, int> poisoned_; // batt: left-out variable -> its root line
  int depends_on_ = 0;
  bool returned_ = false;
  int assignments_ = 0;
};

std::vector<std::string> parameter_names(const Line& def, std::size_t& colon) {
  std::vector<std::string> names;
  const auto& t = def.tokens;
  std::size_t k = 3;
  colon = 0;
  for (; k < t.size(); ++k) {
    if (t[k].kind == Token::Name)
      names.push_back(t[k].text);
    else if (t[k].kind == Token::Op && t[k].text == ")")
      break;
    else if (!(t[k].kind == Token::Op && t[k].text == ","))
      names.push_back("?");
  }
  colon = k + 1;
  return names;
}

} // namespace

void translate_file(const std::string& file, const std::string& stem,
                    const std::vector<Line>& lines, Module& module) {
  int batt_count = 0;
  for (const Line& line : lines) {
    const auto& t = line.tokens;
    auto top_error = [&](Location loc, const std::string& message) {
      module.diagnostics.push_back(
          Diagnostic{file, loc, reason_unsupported, message, line.text, ""});
      ++module.ignored_statements;
    };
    if (t[0].kind == Token::Name && (t[0].text == "import" || t[0].text == "from"))
      continue;
    if (t.size() == 1 && t[0].kind == Token::String)
      continue;
    if (line.unexpected_indent) {
      top_error(line.loc, "unexpected indentation");
      continue;
    }
    if (!(t[0].kind == Token::Name && t[0].text == "def")) {
      top_error(line.loc, "module-level statement is not supported (only imports and 'def')");
      continue;
    }
    Function fn;
    fn.file = file;
    fn.loc = line.loc;
    if (t.size() < 5 || t[1].kind != Token::Name || t[2].kind != Token::Op || t[2].text != "(") {
      fn.python_name = t.size() > 1 ? t[1].text : "?";
      module.diagnostics.push_back(Diagnostic{file, line.loc, reason_unsupported,
                                              "malformed function definition", line.text,
                                              fn.python_name});
      fn.left_out_reason = reason_unsupported;
      module.functions.push_back(std::move(fn));
      continue;
    }
    fn.python_name = t[1].text;
    std::size_t colon = 0;
    const std::vector<std::string> params = parameter_names(line, colon);
    const bool ends_well = colon < t.size() && t[colon].kind == Token::Op && t[colon].text == ":";
    const std::vector<std::string> batt_params = {"task_id", "S", "I", "C", "log_path"};
    if (fn.python_name.starts_with("solve_") && params == std::vector<std::string>{"I"} &&
        ends_well) {
      fn.id = fn.python_name.substr(6);
      fn.cpp_name = sanitize_identifier(fn.python_name);
    } else if ((fn.python_name == "batt" || params == batt_params) && ends_well &&
               params == batt_params) {
      fn.batt = true;
      ++batt_count;
      fn.id = fn.python_name == "batt" ? stem : stem + "_" + fn.python_name;
      if (batt_count > 1)
        fn.id += "_" + std::to_string(batt_count);
      fn.cpp_name = "batt_" + sanitize_identifier(fn.id);
    } else {
      std::string message;
      if (fn.python_name == "batt")
        message = "a batt function must have the parameters (task_id, S, I, C, log_path)";
      else if (fn.python_name.starts_with("solve_"))
        message = "a solver must have the one parameter 'I'";
      else
        message = "function '" + fn.python_name +
                  "' is neither a solver 'def solve_<id>(I)' nor a batt function "
                  "'def batt(task_id, S, I, C, log_path)'";
      module.diagnostics.push_back(
          Diagnostic{file, line.loc, reason_unsupported, message, line.text, fn.python_name});
      fn.left_out_reason = reason_unsupported;
      module.functions.push_back(std::move(fn));
      continue;
    }
    if (line.body.empty()) {
      module.diagnostics.push_back(Diagnostic{
          file, line.loc, reason_missing_return,
          "function '" + fn.python_name + "' has no body (truncated?)", line.text, fn.python_name});
      fn.left_out_reason = reason_missing_return;
      module.functions.push_back(std::move(fn));
      continue;
    }
    FunctionTranslator(file, fn, module).run(line.body);
    module.functions.push_back(std::move(fn));
  }
}

void finish_module(Module& module) {
  std::unordered_map<std::string, const Function*> by_id;
  std::unordered_set<std::string> cpp_names;
  for (Function& fn : module.functions) {
    if (!fn.left_out_reason.empty())
      continue;
    if (const auto it = by_id.find(fn.id); it != by_id.end()) {
      module.diagnostics.push_back(Diagnostic{fn.file, fn.loc, reason_duplicate,
                                              "solver id '" + fn.id + "' is already defined at " +
                                                  it->second->file + ":" +
                                                  std::to_string(it->second->loc.line),
                                              "def " + fn.python_name + "(...)", fn.python_name});
      fn.left_out_reason = reason_duplicate;
      continue;
    }
    by_id.emplace(fn.id, &fn);
    while (cpp_names.contains(fn.cpp_name))
      fn.cpp_name += "_";
    cpp_names.insert(fn.cpp_name);
  }
}

namespace {

std::string render(const Expr& e) {
  if (e.kind != Expr::Call)
    return e.text;
  std::string out = render(e.items[0]) + "(";
  for (std::size_t k = 1; k < e.items.size(); ++k) {
    if (k > 1)
      out += ", ";
    out += render(e.items[k]);
  }
  return out + ")";
}

/// Replaces every name in `e` by its canonical name in `canon`.
void canonicalize(Expr& e, const std::unordered_map<std::string, std::string>& canon) {
  if (e.kind == Expr::Name) {
    if (const auto it = canon.find(e.text); it != canon.end())
      e.text = it->second;
    return;
  }
  for (Expr& item : e.items)
    canonicalize(item, canon);
}

void collect_names(const Expr& e, std::unordered_set<std::string>& used) {
  if (e.kind == Expr::Name)
    used.insert(e.text);
  for (const Expr& item : e.items)
    collect_names(item, used);
}

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

/// A comment's text made safe for a `//` line.
std::string comment_safe(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r')
      c = ' ';
  return s;
}

struct Body {
  std::vector<std::string> lines;
  std::unordered_set<std::string> used;
};

std::string signature(const std::string& name, const std::unordered_set<std::string>& used) {
  auto param = [&](const char* type, const char* p) {
    return std::string(used.contains(p) ? "" : "[[maybe_unused]] ") + type + p;
  };
  return "void " + name + "(" + param("const Samples& ", "S") + ", " + param("const Grid& ", "I") +
         ", " + param("const Grid& ", "C") + ", " + param("Outputs& ", "o") + ") {\n";
}

/// One statement line per entry: `auto x = f(...);` (with [[maybe_unused]] where the
/// variable is never read), records and comments.
void append_statements(std::ostringstream& out, const std::vector<std::string>& targets,
                       const std::vector<std::string>& lines,
                       const std::unordered_set<std::string>& used) {
  for (std::size_t k = 0; k < lines.size(); ++k) {
    out << "  ";
    if (!targets[k].empty())
      out << (used.contains(targets[k]) ? "auto " : "[[maybe_unused]] auto ") << targets[k]
          << " = ";
    out << lines[k] << "\n";
  }
}

} // namespace

std::string emit_cpp(const Module& module, const EmitOptions& options, PortfolioStats& stats) {
  std::ostringstream out;
  out << "// Generated by battgpu-import from";
  for (const std::string& s : options.sources)
    out << " " << comment_safe(s);
  out << ".\n// Regenerate instead of editing.\n";
  out << "#include \"battgpu/dsl.hpp\"\n#include \"battgpu/solver.hpp\"\n\n";
  out << "namespace battgpu::" << options.cpp_namespace << " {\nusing namespace battgpu::dsl;\n";

  if (options.portfolio.empty()) {
    for (const Function& fn : module.functions) {
      if (!fn.left_out_reason.empty())
        continue;
      std::vector<std::string> targets, lines;
      std::unordered_set<std::string> used;
      for (const Statement& s : fn.statements) {
        switch (s.kind) {
        case Statement::Assign:
          targets.push_back(s.target);
          lines.push_back(render(s.value) + ";");
          collect_names(s.value, used);
          break;
        case Statement::Record:
          targets.emplace_back();
          lines.push_back("o.emplace_back(" + std::to_string(s.number) + ", " + quote(s.solver_id) +
                          ", " + s.target + ");");
          used.insert(s.target);
          used.insert("o");
          break;
        case Statement::Comment:
          targets.emplace_back();
          lines.push_back("// " + comment_safe(s.comment));
          break;
        }
      }
      out << "\n// " << comment_safe(fn.python_name) << " (" << comment_safe(fn.file) << ":"
          << fn.loc.line << ")\n";
      out << signature(fn.cpp_name, used);
      append_statements(out, targets, lines, used);
      out << "}\nBATTGPU_REGISTER_SOLVER(" << quote(fn.id) << ", " << fn.cpp_name << ");\n";
    }
  } else {
    // One function: an identical call on identical (canonical) arguments is computed once.
    std::unordered_map<std::string, std::string> computed; // call text -> variable
    std::unordered_map<std::string, int> numbers;          // variable -> statement number
    std::vector<std::string> targets, lines;
    std::unordered_set<std::string> used;
    int next = 0;
    for (const Function& fn : module.functions) {
      if (!fn.left_out_reason.empty())
        continue;
      targets.emplace_back();
      lines.push_back("// " + comment_safe(fn.python_name) + " (" + comment_safe(fn.file) + ":" +
                      std::to_string(fn.loc.line) + ")");
      std::unordered_map<std::string, std::string> canon; // the function's name -> canonical
      for (const Statement& s : fn.statements) {
        if (s.kind == Statement::Assign) {
          Expr value = s.value;
          canonicalize(value, canon);
          if (value.kind != Expr::Call) {
            canon[s.target] = value.text; // an alias or a constant: no statement
            continue;
          }
          ++stats.calls;
          const std::string text = render(value);
          if (const auto it = computed.find(text); it != computed.end()) {
            canon[s.target] = it->second;
            continue;
          }
          ++stats.computed;
          const std::string var = "t" + std::to_string(++next);
          computed.emplace(text, var);
          numbers[var] = next;
          canon[s.target] = var;
          collect_names(value, used);
          targets.push_back(var);
          lines.push_back(text + ";");
        } else if (s.kind == Statement::Record) {
          const auto it = canon.find(s.target);
          const std::string var = it == canon.end() ? s.target : it->second;
          const auto num = numbers.find(var);
          used.insert(var);
          used.insert("o");
          targets.emplace_back();
          lines.push_back("o.emplace_back(" +
                          std::to_string(num == numbers.end() ? 0 : num->second) + ", " +
                          quote(s.solver_id) + ", " + var + ");");
        } else {
          targets.emplace_back();
          const auto it = canon.find(s.target);
          lines.push_back("// " + comment_safe(s.comment) +
                          (it != canon.end() && it->second != s.target
                               ? " (" + s.target + " is " + it->second + ")"
                               : ""));
        }
      }
    }
    const std::string name = "portfolio_" + sanitize_identifier(options.portfolio);
    out << "\n// The portfolio: every imported solver in one function; " << stats.computed << " of "
        << stats.calls << " calls computed, the others shared.\n";
    out << signature(name, used);
    append_statements(out, targets, lines, used);
    out << "}\nBATTGPU_REGISTER_SOLVER(" << quote(options.portfolio) << ", " << name << ");\n";
  }
  out << "\n} // namespace battgpu::" << options.cpp_namespace << "\n";
  return out.str();
}

std::string format_diagnostic(const Diagnostic& d) {
  std::string s = d.file + ":" + std::to_string(d.loc.line) + ":" + std::to_string(d.loc.col) +
                  ": error: " + d.message;
  if (!d.statement.empty())
    s += " [" + (d.statement.size() > 240 ? d.statement.substr(0, 240) + "..." : d.statement) + "]";
  return s;
}

} // namespace battgpu::importer
