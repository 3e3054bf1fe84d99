#include "emit.hpp"

#include "battgpu/dialects/module.hpp"
#include "battgpu/py/objects.hpp"

#include <algorithm>
#include <cctype>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>

namespace battgpu::importer {

using frontend::ExcMask;
using frontend::Function;
using frontend::Node;
using frontend::Operand;

namespace {

// Words a generated identifier may not be: C++'s keywords and alternative tokens, and the
// names the generated code itself uses in the scope of a statement.
const std::set<std::string, std::less<>> kReserved = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
    "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
    "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
    "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
    "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if",
    "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
    "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
    "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast",
    "struct", "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef",
    "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t",
    "while", "xor", "xor_eq", "final", "override", "import", "module",
    // The generated code's own names.
    "f", "v", "py", "std", "battgpu", "interp", "compiled", "frontend", "tok", "arc", "pydsl",
    "integer", "boolean", "none", "floating", "tuple", "call_value", "value_of", "kStr", "kDialect",
    "kFunctions", "main", "NULL", "assert", "errno", "offsetof", "INT64_MIN", "INT64_MAX",
    "HUGE_VAL", "INFINITY", "NAN", "EOF", "stdin", "stdout", "stderr", "BATTGPU_REGISTER_PROGRAM"};

// The DSL functions battgpu-rewrite looks for (SPEC section 4): their calls are written as
// declarations, the statement form in which the rewrite finds its candidates.
const std::set<std::string, std::less<>> kRewriteTriggers = {"o_g", "objects", "rbind", "apply",
                                                             "mapply"};

bool is_ident_char(unsigned char c) {
  return std::isalnum(c) != 0 || c == '_';
}

std::string hex_escape(std::string_view text) {
  std::string out;
  char buf[8];
  for (unsigned char c : text) {
    std::snprintf(buf, sizeof buf, "%02x", c);
    out += buf;
  }
  return out;
}

/// The identifiers of a statement's text, for choosing how to spell a constant.
std::set<std::string, std::less<>> identifiers(std::string_view text) {
  std::set<std::string, std::less<>> out;
  char quote = 0;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (quote != 0) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
      ++i;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      ++i;
      continue;
    }
    if (is_ident_char(static_cast<unsigned char>(c)) &&
        std::isdigit(static_cast<unsigned char>(c)) == 0) {
      std::size_t j = i;
      while (j < text.size() && is_ident_char(static_cast<unsigned char>(text[j])))
        ++j;
      out.emplace(text.substr(i, j - i));
      i = j;
      continue;
    }
    ++i;
  }
  return out;
}

/// A C++ string literal holding `text` exactly (bytes outside printable ASCII as octal).
std::string cpp_string(std::string_view text) {
  std::string out = "\"";
  char buf[8];
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c >= 0x20 && c < 0x7f && c != '?') {
      out.push_back(static_cast<char>(c));
    } else {
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out += buf;
    }
  }
  out.push_back('"');
  return out;
}

/// A statement's text as a comment: one line, never ending in a backslash.
std::string comment_text(std::string_view text) {
  std::string out;
  for (char c : text)
    out.push_back(static_cast<unsigned char>(c) < 0x20 ? ' ' : c);
  return "`" + out + "`";
}

std::string exception_list(ExcMask mask) {
  std::string out;
  for (int e = 1; e <= static_cast<int>(py::Exc::Unimplemented); ++e)
    if (mask & (ExcMask{1} << e)) {
      if (!out.empty())
        out += ", ";
      out += py::exc_name(static_cast<py::Exc>(e));
    }
  return out.empty() ? "nothing the DSLs raise" : out;
}

/// Lines of C++ at an indentation.
class Out {
public:
  void line(int indent, std::string_view text) {
    text_.append(static_cast<std::size_t>(2 * indent), ' ');
    text_ += text;
    text_.push_back('\n');
  }
  std::string& text() { return text_; }

private:
  std::string text_;
};

/// Where a failing statement goes: out of the enclosing `do { } while (false)` of a try body,
/// or out of the generated function.
struct Ctx {
  int indent = 1;
  std::string prop; ///< "break" or "return false"
};

class Emitter {
public:
  Emitter(const frontend::Program& p, const EmitOptions& o, EmitStats& s)
      : p_(p), o_(o), stats_(s), dsl_(dialects::module(p.dialect)),
        dsl_ns_(p.dialect == py::Dialect::Tokpidjin ? "tok" : "arc") {
    for (const auto& e : dsl_.entries())
      if (e.value.kind() == py::Kind::Function)
        fn_names_[e.value.as_builtin()].push_back(e.name);
  }

  std::string run() {
    // Python's local names first (they may not shadow anything the code uses), then every
    // function name outside them.
    for (const Function& fn : p_.functions)
      for (const std::string& name : local_names(fn))
        locals_everywhere_.insert(name);
    std::vector<std::string> run_names;
    for (const Function& fn : p_.functions) {
      run_names.push_back(global_name("run_" + cpp_identifier(fn.name)));
      function(fn);
    }
    return assemble(run_names);
  }

private:
  // ---- names ----

  std::string global_name(std::string want) {
    if (kReserved.count(want) != 0 || want.starts_with("kExcept"))
      want += "_";
    std::string name = want;
    for (int k = 2; globals_.count(name) != 0 || locals_everywhere_.count(name) != 0 ||
                    fresh_all_.count(name) != 0;
         ++k)
      name = want + "_" + std::to_string(k);
    globals_.insert(name);
    return name;
  }

  std::vector<std::string> local_names(const Function& fn) const {
    std::vector<std::string> out;
    std::set<std::string> taken;
    for (const std::string& py_name : fn.locals) {
      std::string want =
          py_name.starts_with("$") ? "tmp" + py_name.substr(1) : cpp_identifier(py_name);
      if (kReserved.count(want) != 0 || want.starts_with("kExcept") || want.starts_with("__"))
        want += "_";
      std::string name = want;
      for (int k = 2; taken.count(name) != 0; ++k)
        name = want + "_" + std::to_string(k);
      taken.insert(name);
      out.push_back(name);
    }
    return out;
  }

  /// A name for a generated local of the current C++ function.
  std::string fresh(std::string want) {
    Chunk& c = *chunks_.back();
    std::string name = want;
    for (int k = 2; c.names.count(name) != 0 || globals_.count(name) != 0 ||
                    local_set_.count(name) != 0 || kReserved.count(name) != 0;
         ++k)
      name = want + std::to_string(k);
    c.names.insert(name);
    fresh_all_.insert(name);
    return name;
  }

  std::string dsl_ref(std::string_view py_name) {
    auto it = dsl_used_.find(py_name);
    if (it == dsl_used_.end()) {
      std::string id = cpp_identifier(py_name);
      if (kReserved.count(id) != 0)
        id += "_";
      while (std::any_of(dsl_used_.begin(), dsl_used_.end(),
                         [&](const auto& e) { return e.second == id; }))
        id += "_";
      it = dsl_used_.emplace(std::string(py_name), id).first;
    }
    return dsl_ns_ + "::" + it->second;
  }

  std::string str_ref(std::string_view text) {
    auto it = string_index_.find(text);
    if (it == string_index_.end()) {
      it = string_index_.emplace(std::string(text), strings_.size()).first;
      strings_.emplace_back(text);
    }
    return "kStr[" + std::to_string(it->second) + "]";
  }

  std::string mask_ref(ExcMask mask) {
    auto it = std::find(masks_.begin(), masks_.end(), mask);
    if (it == masks_.end()) {
      masks_.push_back(mask);
      it = masks_.end() - 1;
    }
    return "kExcept" + std::to_string(it - masks_.begin());
  }

  // ---- constants ----

  /// A DSL name among those the statement spells that holds `pred`'s value.
  std::string named(const Node& n, const std::function<bool(const py::Value&)>& pred) {
    const auto ids = identifiers(fn_->statements[n.statement].text);
    for (const auto& e : dsl_.entries())
      if (e.value.kind() != py::Kind::Function && ids.count(e.name) != 0 && pred(e.value))
        return dsl_ref(e.name);
    return {};
  }

  std::string constant(std::uint32_t index, const Node& n) {
    const py::Value& c = p_.constants[index];
    switch (c.kind()) {
    case py::Kind::Function: {
      auto it = fn_names_.find(c.as_builtin());
      if (it == fn_names_.end())
        throw std::logic_error("a DSL function outside the dialect's module");
      const auto ids = identifiers(fn_->statements[n.statement].text);
      for (std::string_view name : it->second)
        if (ids.count(name) != 0)
          return dsl_ref(name);
      return dsl_ref(it->second.front());
    }
    case py::Kind::Int: {
      std::string name = named(n, [&](const py::Value& v) {
        return v.kind() == py::Kind::Int && v.as_int() == c.as_int();
      });
      if (!name.empty())
        return name;
      if (c.as_int() == INT64_MIN)
        return "integer(INT64_MIN)";
      return "integer(" + std::to_string(c.as_int()) + ")";
    }
    case py::Kind::Bool: {
      std::string name = named(n, [&](const py::Value& v) {
        return v.kind() == py::Kind::Bool && v.as_bool() == c.as_bool();
      });
      if (!name.empty())
        return name;
      return c.as_bool() ? "boolean(true)" : "boolean(false)";
    }
    case py::Kind::None:
      return "none()";
    case py::Kind::Float: {
      std::string name = named(n, [&](const py::Value& v) { return same_object(v, c); });
      if (!name.empty())
        return name;
      const double d = c.as_float();
      if (std::isnan(d))
        return "py::math_nan()";
      if (std::isinf(d))
        return d > 0 ? "floating(HUGE_VAL)" : "floating(-HUGE_VAL)";
      char buf[64];
      for (int digits = 15; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, d);
        if (std::strtod(buf, nullptr) == d)
          break;
      }
      std::string text = buf;
      if (text.find_first_of(".en") == std::string::npos)
        text += ".0";
      return "floating(" + text + ")";
    }
    case py::Kind::Str:
      return str_ref(py::as_str(c));
    default: {
      // Tuples and frozensets come from the DSL's constants only (ORIGIN, UNITY, ...).
      std::string name = named(n, [&](const py::Value& v) { return same_object(v, c); });
      if (!name.empty())
        return name;
      for (const auto& e : dsl_.entries())
        if (same_object(e.value, c))
          return dsl_ref(e.name);
      throw std::logic_error("a constant that is neither a literal nor a DSL name");
    }
    }
  }

  // ---- operands ----

  std::string local(std::uint32_t slot) {
    chunks_.back()->locals.insert(slot);
    return names_[slot];
  }

  std::string list(std::uint32_t slot) {
    chunks_.back()->lists.insert(slot);
    return names_[slot];
  }

  /// An operand as a C++ expression: a local, a constant, or an inlined `(a, b, ...)`.
  std::string operand(const Operand& op, const Node& n) {
    if (op.kind == Operand::Kind::Constant)
      return constant(op.index, n);
    if (const Node* t = inline_tuple_[op.index]) {
      std::string out = "tuple(";
      for (std::size_t i = 0; i < t->args.size(); ++i)
        out += (i ? ", " : "") + operand(t->args[i], *t);
      return out + ")";
    }
    return local(op.index);
  }

  /// The unbound-local checks a node needs before it runs, in the order it reads.
  std::vector<std::string> checks(const Node& n) {
    std::vector<std::string> out;
    auto check = [&](const Operand& op) {
      if (op.kind != Operand::Kind::Local || fn_->is_list[op.index] || inline_tuple_[op.index])
        return;
      if (assigned_[op.index])
        return;
      out.push_back("!f.bound(" + local(op.index) + ")");
      ++stats_.unbound_checks;
    };
    if (n.kind == Node::Kind::Call)
      check(n.callee);
    for (const Operand& a : n.args)
      check(a);
    return out;
  }

  static std::string join(const std::vector<std::string>& parts, std::string_view sep) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i)
      out += (i ? std::string(sep) : "") + parts[i];
    return out;
  }

  void assign(std::uint32_t slot) { assigned_[slot] = 1; }

  // ---- statements ----

  using Fail = std::function<void(int indent)>;

  Fail propagate(const Ctx& ctx) {
    return [this, prop = ctx.prop](int indent) { out().line(indent, prop + ";"); };
  }

  /// `if (<any of conds>) <fail>`, the failure on the same line when it is one statement.
  void fallible(int indent, const std::vector<std::string>& conds, const Fail& fail, const Ctx& ctx,
                bool fail_is_propagate) {
    const std::string cond = join(conds, " || ");
    if (fail_is_propagate) {
      out().line(indent, "if (" + cond + ") " + ctx.prop + ";");
      return;
    }
    out().line(indent, "if (" + cond + ") {");
    fail(indent + 1);
    out().line(indent, "}");
  }

  void comment(const Node& n, int indent) {
    if (n.statement == last_comment_)
      return;
    last_comment_ = n.statement;
    const frontend::SourceStatement& s = fn_->statements[n.statement];
    out().line(indent, "// " + std::to_string(s.loc.line) + ": " + comment_text(s.text));
  }

  /// Whether a node can be the one statement of a try written without a loop.
  bool flat_statement(const Node& n) {
    switch (n.kind) {
    case Node::Kind::Call:
    case Node::Kind::Move:
    case Node::Kind::SafeDefault:
    case Node::Kind::Unpack:
    case Node::Kind::SampleBatch:
    case Node::Kind::Append:
      break;
    default:
      return false;
    }
    // Reads of locals that may be unassigned need checks before a declaration: the loop form.
    for (const Operand& a : n.args)
      if (a.kind == Operand::Kind::Local && !fn_->is_list[a.index] && !inline_tuple_[a.index] &&
          !assigned_[a.index])
        return false;
    if (n.kind == Node::Kind::Call && n.callee.kind == Operand::Kind::Local &&
        !assigned_[n.callee.index])
      return false;
    return true;
  }

  /// Emits one statement node; `fail` says what a failure does (propagate, or the handlers of
  /// a try written without a loop). Returns false when the node always leaves the block.
  bool statement(const Node& n, const Ctx& ctx, const Fail& fail, bool fail_is_propagate) {
    const int in = ctx.indent;
    comment(n, in);
    switch (n.kind) {
    case Node::Kind::Call: {
      std::vector<std::string> conds = checks(n);
      std::string call;
      const bool dsl_callee = n.callee.kind == Operand::Kind::Constant &&
                              p_.constants[n.callee.index].kind() == py::Kind::Function;
      std::vector<std::string> args;
      for (const Operand& a : n.args)
        args.push_back(operand(a, n));
      if (dsl_callee)
        call = constant(n.callee.index, n) + "(" + join(args, ", ") + ")";
      else
        call = "call_value(" + operand(n.callee, n) + (args.empty() ? "" : ", ") +
               join(args, ", ") + ")";
      const std::string target = local(n.target);
      const bool declare =
          dsl_callee &&
          kRewriteTriggers.count(fn_names_[p_.constants[n.callee.index].as_builtin()].front()) != 0;
      if (declare) {
        if (!conds.empty())
          fallible(in, conds, fail, ctx, fail_is_propagate);
        const std::string result = fresh(target + "_");
        out().line(in, "auto " + result + " = " + call + ";");
        fallible(in, {"!f.set(" + target + ", std::move(" + result + "))"}, fail, ctx,
                 fail_is_propagate);
      } else {
        conds.push_back("!f.set(" + target + ", " + call + ")");
        fallible(in, conds, fail, ctx, fail_is_propagate);
      }
      assign(n.target);
      return true;
    }
    case Node::Kind::Move: {
      std::vector<std::string> conds = checks(n);
      const std::string target = local(n.target);
      const std::string value = operand(n.args[0], n);
      if (n.args[0].kind == Operand::Kind::Local && inline_tuple_[n.args[0].index]) {
        conds.push_back("!f.set(" + target + ", " + value + ")");
        fallible(in, conds, fail, ctx, fail_is_propagate);
      } else {
        if (!conds.empty())
          fallible(in, conds, fail, ctx, fail_is_propagate);
        out().line(in, target + " = " + value + ";");
      }
      assign(n.target);
      return true;
    }
    case Node::Kind::MakeTuple: {
      std::vector<std::string> conds = checks(n);
      if (inline_tuple_[n.target] == &n) {
        // Built where it is used; only its reads happen here.
        if (!conds.empty())
          fallible(in, conds, fail, ctx, fail_is_propagate);
      } else {
        std::vector<std::string> items;
        for (const Operand& a : n.args)
          items.push_back(operand(a, n));
        conds.push_back("!f.set(" + local(n.target) + ", tuple(" + join(items, ", ") + "))");
        fallible(in, conds, fail, ctx, fail_is_propagate);
      }
      assign(n.target);
      return true;
    }
    case Node::Kind::MakeList:
      out().line(in, "f.make_list(" + list(n.target) + ");");
      return true;
    case Node::Kind::Append: {
      std::vector<std::string> conds = checks(n);
      conds.push_back("!f.append(" + list(n.target) + ", " + operand(n.args[0], n) + ")");
      fallible(in, conds, fail, ctx, fail_is_propagate);
      return true;
    }
    case Node::Kind::SafeDefault: {
      std::vector<std::string> conds = checks(n);
      conds.push_back("!f.safe_default(" + local(n.target) + ", " + operand(n.args[0], n) + ")");
      fallible(in, conds, fail, ctx, fail_is_propagate);
      assign(n.target);
      return true;
    }
    case Node::Kind::Unpack: {
      std::vector<std::string> conds = checks(n);
      std::vector<std::string> targets;
      for (std::uint32_t t : n.targets)
        targets.push_back("&" + local(t));
      conds.push_back("!f.unpack(" + operand(n.args[0], n) + ", {" + join(targets, ", ") + "})");
      fallible(in, conds, fail, ctx, fail_is_propagate);
      for (std::uint32_t t : n.targets)
        assign(t);
      return true;
    }
    case Node::Kind::SampleBatch: {
      std::vector<std::string> conds = checks(n);
      std::vector<std::string> targets;
      for (std::uint32_t t : n.targets)
        targets.push_back(local(t));
      conds.push_back("!f.sample_batch(" + operand(n.args[0], n) + ", " + join(targets, ", ") +
                      ")");
      fallible(in, conds, fail, ctx, fail_is_propagate);
      for (std::uint32_t t : n.targets)
        assign(t);
      return true;
    }
    case Node::Kind::Raise: {
      ++stats_.name_errors;
      const std::string what = unknown_names(n);
      out().line(in, "f.name_error();" + (what.empty() ? "" : "  // " + what));
      out().line(in, ctx.prop + ";");
      return false;
    }
    case Node::Kind::Return: {
      std::vector<std::string> conds = checks(n);
      if (!conds.empty())
        fallible(in, conds, fail, ctx, fail_is_propagate);
      std::vector<std::string> values;
      for (const Operand& a : n.args)
        values.push_back(a.kind == Operand::Kind::Local && fn_->is_list[a.index] ? list(a.index)
                                                                                 : operand(a, n));
      out().line(in, "f.return_({" + join(values, ", ") + "});");
      out().line(in, ctx.prop + ";");
      return false;
    }
    case Node::Kind::Try:
      break;
    }
    return true;
  }

  /// The names the checker could not resolve on a Raise node's line (its warnings).
  std::string unknown_names(const Node& n) {
    const int line = fn_->statements[n.statement].loc.line;
    std::string out;
    for (const frontend::Diagnostic& d : p_.diagnostics) {
      if (d.severity != frontend::Diagnostic::Severity::Warning || d.loc.line != line ||
          !d.message.starts_with("unknown name '"))
        continue;
      const std::size_t end = d.message.find('\'', 14);
      if (end == std::string::npos)
        continue;
      const std::string name = d.message.substr(14, end - 14);
      if (out.find("'" + name + "'") == std::string::npos)
        out += (out.empty() ? "NameError: " : ", ") + ("'" + name + "'");
    }
    return out.empty() ? out : out + " is not defined";
  }

  /// The handlers of a try, for the exception pending when they are reached; one that does not
  /// match propagates. Returns the locals assigned at the end of every handler that can end
  /// normally (all of them when none can).
  std::vector<char> dispatch(const Node& t, const Ctx& ctx, const std::vector<char>& before) {
    std::vector<char> meet(before.size(), 1);
    auto handler = [&](const Node::Handler& h, const Ctx& inner) {
      assigned_ = before;
      last_comment_ = kNoStatement;
      if (block(h.body, inner))
        for (std::size_t i = 0; i < meet.size(); ++i)
          meet[i] = meet[i] && assigned_[i];
    };
    if (t.handlers.size() == 1) {
      out().line(ctx.indent,
                 "if (!f.catches(" + mask_ref(t.handlers.front().mask) + ")) " + ctx.prop + ";");
      handler(t.handlers.front(), ctx);
    } else {
      for (std::size_t k = 0; k < t.handlers.size(); ++k) {
        out().line(ctx.indent, std::string(k == 0 ? "if" : "} else if") + " (f.catches(" +
                                   mask_ref(t.handlers[k].mask) + ")) {");
        handler(t.handlers[k], Ctx{ctx.indent + 1, ctx.prop});
      }
      out().line(ctx.indent, "} else {");
      out().line(ctx.indent + 1, ctx.prop + ";");
      out().line(ctx.indent, "}");
    }
    return meet;
  }

  static void intersect(std::vector<char>& a, const std::vector<char>& b) {
    for (std::size_t i = 0; i < a.size(); ++i)
      a[i] = a[i] && b[i];
  }

  void try_except(const Node& t, const Ctx& ctx) {
    const std::vector<char> before = assigned_;
    if (!t.handlers.empty() && t.orelse.empty() && t.finalbody.empty() && t.body.size() == 1 &&
        flat_statement(t.body.front())) {
      // One statement: its failure goes straight to the handlers (which are never written
      // when it cannot fail).
      std::vector<char> handled;
      Fail handlers = [&](int indent) {
        const std::vector<char> saved = assigned_;
        handled = dispatch(t, Ctx{indent, ctx.prop}, before);
        assigned_ = saved;
      };
      statement(t.body.front(), ctx, handlers, false);
      if (!handled.empty())
        intersect(assigned_, handled);
      return;
    }
    out().line(ctx.indent, "do {");
    last_comment_ = kNoStatement;
    block(t.body, Ctx{ctx.indent + 1, "break"});
    out().line(ctx.indent, "} while (false);");
    std::vector<char> after = assigned_; // the body completed
    if (!t.orelse.empty()) {
      out().line(ctx.indent, "if (!f.pending()) {");
      last_comment_ = kNoStatement;
      block(t.orelse, Ctx{ctx.indent + 1, ctx.prop});
      after = assigned_;
    }
    if (t.handlers.empty()) {
      if (!t.orelse.empty())
        out().line(ctx.indent, "}");
      out().line(ctx.indent, "if (f.pending()) " + ctx.prop + ";");
      assigned_ = after;
      return;
    }
    out().line(ctx.indent, t.orelse.empty() ? "if (f.pending()) {" : "} else {");
    intersect(after, dispatch(t, Ctx{ctx.indent + 1, ctx.prop}, before));
    out().line(ctx.indent, "}");
    assigned_ = after;
  }

  void try_node(const Node& t, const Ctx& ctx) {
    if (t.finalbody.empty()) {
      try_except(t, ctx);
      return;
    }
    const std::vector<char> before = assigned_;
    out().line(ctx.indent, "{");
    out().line(ctx.indent + 1, "do {");
    try_except(t, Ctx{ctx.indent + 2, "break"});
    out().line(ctx.indent + 1, "} while (false);");
    std::vector<char> after = assigned_;
    const std::string saved = fresh("pending_");
    out().line(ctx.indent + 1, "const compiled::Pending " + saved + " = f.suspend();");
    assigned_ = before;
    last_comment_ = kNoStatement;
    block(t.finalbody, Ctx{ctx.indent + 1, ctx.prop});
    for (std::size_t i = 0; i < after.size(); ++i)
      after[i] = after[i] || assigned_[i];
    out().line(ctx.indent + 1, "if (!f.resume(" + saved + ")) " + ctx.prop + ";");
    out().line(ctx.indent, "}");
    assigned_ = after;
  }

  static std::size_t weight(const Node& n) {
    std::size_t w = 1;
    for (const Node& c : n.body)
      w += weight(c);
    for (const auto& h : n.handlers)
      for (const Node& c : h.body)
        w += weight(c);
    for (const Node& c : n.orelse)
      w += weight(c);
    for (const Node& c : n.finalbody)
      w += weight(c);
    return w;
  }

  /// Emits a block; one heavier than a function may be is cut into functions of its own.
  /// Returns false when the block always leaves early.
  bool block(const std::vector<Node>& nodes, const Ctx& ctx) {
    std::size_t total = 0;
    for (const Node& n : nodes)
      total += weight(n);
    if (total <= o_.nodes_per_function || nodes.size() < 2) {
      for (const Node& n : nodes)
        if (!node(n, ctx))
          return false;
      return true;
    }
    std::size_t k = 0;
    while (k < nodes.size()) {
      std::size_t end = k, w = 0;
      while (end < nodes.size() && (end == k || w + weight(nodes[end]) <= o_.nodes_per_function))
        w += weight(nodes[end++]);
      const std::string name = global_name(fn_cpp_ + "_" + std::to_string(++part_));
      open_chunk(name);
      bool continues = true;
      for (std::size_t i = k; i < end && continues; ++i)
        continues = node(nodes[i], Ctx{1, "return false"});
      if (continues && &nodes == &fn_->body)
        release(k, end);
      close_chunk(continues);
      out().line(ctx.indent, "if (!" + name + "(f)) " + ctx.prop + ";");
      if (!continues)
        return false;
      k = end;
    }
    return true;
  }

  /// The frame lets go of the locals no statement after top-level nodes [begin, end) uses, as
  /// the Executor does after each top-level statement, so that a long batt keeps only the
  /// values it will still read.
  void release(std::size_t begin, std::size_t end) {
    std::vector<std::string> dead;
    for (std::size_t slot = 0; slot < last_use_.size(); ++slot)
      if (last_use_[slot] >= static_cast<std::int64_t>(begin) &&
          last_use_[slot] < static_cast<std::int64_t>(end))
        dead.push_back(std::to_string(slot));
    if (!dead.empty())
      out().line(1, "f.release({" + join(dead, ", ") + "});");
  }

  /// Calls `touch` with every local a node and the nodes inside it read or write; a tuple
  /// built where it is used reads its items there.
  void touch_all(const Node& n, const std::function<void(std::uint32_t)>& touch) const {
    if (n.kind != Node::Kind::Try && n.kind != Node::Kind::Raise && n.kind != Node::Kind::Return)
      touch(n.target);
    for (std::uint32_t t : n.targets)
      touch(t);
    if (n.kind == Node::Kind::Call && n.callee.kind == Operand::Kind::Local)
      touch(n.callee.index);
    std::function<void(const Operand&)> read = [&](const Operand& a) {
      if (a.kind != Operand::Kind::Local)
        return;
      touch(a.index);
      if (const Node* t = inline_tuple_[a.index])
        for (const Operand& item : t->args)
          read(item);
    };
    for (const Operand& a : n.args)
      read(a);
    for (const std::vector<Node>* block : {&n.body, &n.orelse, &n.finalbody})
      for (const Node& c : *block)
        touch_all(c, touch);
    for (const auto& h : n.handlers)
      for (const Node& c : h.body)
        touch_all(c, touch);
  }

  bool node(const Node& n, const Ctx& ctx) {
    if (n.kind == Node::Kind::Try) {
      try_node(n, ctx);
      return true;
    }
    return statement(n, ctx, propagate(ctx), true);
  }

  // ---- generated functions ----

  struct Chunk {
    std::string name;
    Out body;
    std::set<std::uint32_t> locals, lists;
    std::set<std::string> names;
  };

  Out& out() { return chunks_.back()->body; }

  void open_chunk(const std::string& name) {
    chunks_.push_back(std::make_unique<Chunk>());
    chunks_.back()->name = name;
    last_comment_ = kNoStatement;
    ++stats_.cpp_functions;
  }

  void close_chunk(bool continues) {
    std::unique_ptr<Chunk> c = std::move(chunks_.back());
    chunks_.pop_back();
    const std::string& body = c->body.text();
    const bool uses_frame = !c->locals.empty() || body.find("f.") != std::string::npos ||
                            body.find("(f)") != std::string::npos;
    std::string text = "bool " + c->name + "(" + (uses_frame ? "" : "[[maybe_unused]] ") +
                       "compiled::Frame& f) {\n";
    if (!c->locals.empty())
      text += "  py::Value* const v = f.locals();\n";
    for (std::uint32_t slot : c->locals)
      text += "  auto& " + names_[slot] + " = v[" + std::to_string(slot) + "];\n";
    for (std::uint32_t slot : c->lists)
      text += "  constexpr compiled::List " + names_[slot] + "{" +
              std::to_string(list_number_[slot]) + "};\n";
    text += c->body.text();
    if (continues)
      text += "  return true;\n";
    else if (!c->body.text().ends_with("  return false;\n"))
      text += "  return false;\n"; // after a call of a function that always leaves early
    text += "}\n\n";
    functions_ += text;
    last_comment_ = kNoStatement;
  }

  void function(const Function& fn) {
    fn_ = &fn;
    names_ = local_names(fn);
    local_set_ = std::set<std::string>(names_.begin(), names_.end());
    list_number_.assign(fn.locals.size(), 0);
    std::size_t lists = 0;
    for (std::size_t slot = 0; slot < fn.locals.size(); ++slot)
      if (fn.is_list[slot])
        list_number_[slot] = static_cast<std::uint32_t>(lists++);
    inline_tuple_.assign(fn.locals.size(), nullptr);
    std::function<void(const std::vector<Node>&)> find_tuples = [&](const std::vector<Node>& ns) {
      for (const Node& n : ns) {
        if (n.kind == Node::Kind::MakeTuple && fn.locals[n.target].starts_with("$"))
          inline_tuple_[n.target] = &n;
        find_tuples(n.body);
        for (const auto& h : n.handlers)
          find_tuples(h.body);
        find_tuples(n.orelse);
        find_tuples(n.finalbody);
      }
    };
    find_tuples(fn.body);
    // The last top-level node that reads or writes each local (record lists and parameters
    // live to the end).
    last_use_.assign(fn.locals.size(), -1);
    const std::size_t params = p_.form == frontend::ModuleForm::Batt ? 5 : 1;
    for (std::size_t k = 0; k < fn.body.size(); ++k)
      touch_all(fn.body[k], [&](std::uint32_t slot) {
        if (slot >= params && !fn.is_list[slot])
          last_use_[slot] = static_cast<std::int64_t>(k);
      });
    // The parameters are assigned on entry.
    assigned_.assign(fn.locals.size(), 0);
    for (std::size_t slot = 0; slot < params && slot < assigned_.size(); ++slot)
      assigned_[slot] = 1;

    fn_cpp_ = global_name(cpp_identifier(fn.name));
    part_ = 0;
    open_chunk(fn_cpp_);
    const bool continues = block(fn.body, Ctx{1, "return false"});
    close_chunk(continues);

    bodies_.push_back(fn_cpp_);
    locals_count_.push_back(fn.locals.size());
    lists_count_.push_back(lists);
    ++stats_.functions;
    stats_.statements += fn.statements.size();
    stats_.assignments += fn.assignments;
    stats_.records += fn.records;
  }

  std::string assemble(const std::vector<std::string>& run_names) {
    const bool tok = p_.dialect == py::Dialect::Tokpidjin;
    const std::string dialect = tok ? "py::Dialect::Tokpidjin" : "py::Dialect::ArcDsl";
    const std::string dialect_ns = tok ? "tokpidjin" : "arc_dsl";
    std::string s;
    s += "// Generated by battgpu-import from " + o_.source + " (" +
         std::string(dialects::dialect_name(p_.dialect)) +
         (p_.form == frontend::ModuleForm::Batt ? " batt module" : " solver module") +
         "). Do not edit: import\n// again. The compiled program \"" + o_.program_name +
         "\": battgpu run --program " + o_.program_name + " [PATH...]\n";
    s += R"(//
// Every Python statement is here, under its line and text, and computes with battgpu::py::Value
// exactly as `battgpu run FILE.py` does. A statement helper of the frame `f` returns false when
// the statement fails: its exception is then pending, and `break` leaves the enclosing try
// body (a `do { ... } while (false)`) or `return false` the generated function, which leaves
// the call as raised when no `except` clause catches it (`f.catches(mask)`). A try around one
// statement jumps from its failure straight to its handlers. Locals are the frame's slots,
// named as in Python; DSL functions and constants are the named objects of the dialect
// namespace (calls of those battgpu-rewrite batches are written as declarations, the form it
// looks for).
)";
    s += "#include \"battgpu/interp/compiled.hpp\"\n\n#include <cmath>\n#include <cstdint>\n\n";
    s += "namespace battgpu::pydsl::" + dialect_ns + " {\nnamespace {\n";
    for (const auto& [py_name, id] : dsl_used_)
      s += "constinit const ::battgpu::interp::compiled::Name " + id + "{::battgpu::" + dialect +
           ", " + cpp_string(py_name) + "};\n";
    s += "} // namespace\n} // namespace battgpu::pydsl::" + dialect_ns + "\n\n";
    s += "namespace battgpu::imported::" + o_.cpp_namespace + " {\nnamespace {\n\n";
    s += "namespace py = battgpu::py;\nnamespace compiled = battgpu::interp::compiled;\n";
    s += "namespace " + dsl_ns_ + " = battgpu::pydsl::" + dialect_ns + ";\n";
    s += "using compiled::boolean;\nusing compiled::call_value;\nusing compiled::floating;\n"
         "using compiled::integer;\nusing compiled::none;\nusing compiled::tuple;\n\n";
    s += "constexpr py::Dialect kDialect = " + dialect + ";\n\n";
    if (!masks_.empty()) {
      s += "// The exceptions each `except` clause catches (bit n: py::Exc n).\n";
      for (std::size_t k = 0; k < masks_.size(); ++k) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "0x%" PRIx32, masks_[k]);
        s += "constexpr frontend::ExcMask kExcept" + std::to_string(k) + " = " + buf + "; // " +
             exception_list(masks_[k]) + "\n";
      }
      s += "\n";
    }
    if (!strings_.empty()) {
      s += "// The string literals of the program, made once.\nconst compiled::Strings kStr{\n";
      for (const std::string& t : strings_) {
        if (t.find('\0') != std::string::npos)
          s += "    std::string_view{" + cpp_string(t) + ", " + std::to_string(t.size()) + "},\n";
        else
          s += "    " + cpp_string(t) + ",\n";
      }
      s += "};\n\n";
    }
    s += functions_;
    for (std::size_t k = 0; k < p_.functions.size(); ++k)
      s += "void " + run_names[k] + "(interp::Call& call) {\n  compiled::run(call, kDialect, " +
           std::to_string(locals_count_[k]) + ", " + std::to_string(lists_count_[k]) + ", " +
           bodies_[k] + ");\n}\n\n";
    s += "const interp::CompiledFunctionInfo kFunctions[] = {\n";
    for (std::size_t k = 0; k < p_.functions.size(); ++k) {
      const Function& fn = p_.functions[k];
      s += "    {" + cpp_string(fn.name) + ", " + cpp_string(fn.id) + ", &" + run_names[k] + ", " +
           std::to_string(fn.assignments) + ", " + std::to_string(fn.records) + "},\n";
    }
    s += "};\n\n";
    s += "BATTGPU_REGISTER_PROGRAM(" + cpp_string(o_.program_name) + ", kDialect, " +
         (p_.form == frontend::ModuleForm::Batt ? "frontend::ModuleForm::Batt"
                                                : "frontend::ModuleForm::Solvers") +
         ", " + cpp_string(o_.source) + ", kFunctions);\n\n";
    s += "} // namespace\n} // namespace battgpu::imported::" + o_.cpp_namespace + "\n";
    stats_.lines = static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
    return s;
  }

  static constexpr std::uint32_t kNoStatement = UINT32_MAX;

  const frontend::Program& p_;
  const EmitOptions& o_;
  EmitStats& stats_;
  const dialects::Module& dsl_;
  std::string dsl_ns_;
  std::map<const py::Builtin*, std::vector<std::string_view>> fn_names_;
  std::set<std::string> globals_;
  std::set<std::string> locals_everywhere_;
  std::set<std::string> fresh_all_; // generated locals of every C++ function so far
  std::map<std::string, std::string, std::less<>> dsl_used_;
  std::vector<std::string> strings_;
  std::map<std::string, std::size_t, std::less<>> string_index_;
  std::vector<ExcMask> masks_;
  std::string functions_;
  std::vector<std::string> bodies_;
  std::vector<std::size_t> locals_count_, lists_count_;

  // The function being written.
  const Function* fn_ = nullptr;
  std::string fn_cpp_;
  std::size_t part_ = 0;
  std::vector<std::string> names_;
  std::set<std::string> local_set_;
  std::vector<std::uint32_t> list_number_;
  std::vector<const Node*> inline_tuple_;
  std::vector<std::int64_t> last_use_;
  /// Definite assignment: the locals assigned on every path to the current statement.
  std::vector<char> assigned_;
  std::vector<std::unique_ptr<Chunk>> chunks_;
  std::uint32_t last_comment_ = kNoStatement;
};

} // namespace

std::string cpp_identifier(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80 && is_ident_char(c)) {
      out.push_back(static_cast<char>(c));
      continue;
    }
    // A letter C++ may not take: its bytes in hex, marked so that no ASCII name meets it.
    std::size_t j = i;
    while (j < text.size() && !(static_cast<unsigned char>(text[j]) < 0x80 &&
                                is_ident_char(static_cast<unsigned char>(text[j]))))
      ++j;
    out += "_u" + hex_escape(text.substr(i, j - i)) + "_";
    i = j - 1;
  }
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])) != 0)
    out.insert(0, "_");
  return out;
}

std::string emit_program(const frontend::Program& program, const EmitOptions& options,
                         EmitStats& stats) {
  Emitter e(program, options, stats);
  return e.run();
}

} // namespace battgpu::importer
