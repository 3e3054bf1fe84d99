#include "battgpu/dialects/module.hpp"
#include "battgpu/frontend/program.hpp"
#include "battgpu/py/objects.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <unordered_map>

namespace battgpu::frontend {

bool Program::has_errors() const {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Diagnostic::Severity::Error; });
}

const Function* Program::batt() const {
  return form == ModuleForm::Batt && !functions.empty() ? &functions.front() : nullptr;
}

namespace {

ExcMask bit(py::Exc e) {
  return ExcMask{1} << static_cast<unsigned>(e);
}

ExcMask all_exceptions() {
  ExcMask m = 0;
  for (int e = 1; e <= static_cast<int>(py::Exc::Unimplemented); ++e)
    if (py::is_exception_subclass(static_cast<py::Exc>(e)))
      m |= bit(static_cast<py::Exc>(e));
  return m;
}

} // namespace

ExcMask exception_mask(std::string_view type) {
  using py::Exc;
  if (type.starts_with("builtins."))
    type.remove_prefix(9);
  if (type == "Exception" || type == "BaseException")
    return all_exceptions();
  if (type == "LookupError")
    return bit(Exc::IndexError) | bit(Exc::KeyError);
  if (type == "ArithmeticError")
    return bit(Exc::ZeroDivisionError) | bit(Exc::OverflowError);
  if (type == "RuntimeError")
    return bit(Exc::RuntimeError) | bit(Exc::RecursionError);
  if (type == "NameError")
    return bit(Exc::NameError) | bit(Exc::UnboundLocalError);
  const Exc e = py::exc_from_name(type);
  if (e == Exc::None || !py::is_exception_subclass(e))
    return 0;
  return bit(e);
}

namespace {

constexpr std::string_view kBattParams[] = {"task_id", "S", "I", "C", "log_path"};

class Checker {
public:
  Checker(const ModuleAst& module, Program& program)
      : m_(module), p_(program), dsl_(dialects::module(program.dialect)) {
    // `from M import A as B` binds B to what A is (a later import of B binds it anew). Imports
    // are not run: every name of the DSL's modules is a global whatever the imports say.
    for (const Import& imp : module.imports)
      for (const Import::Name& n : imp.names) {
        if (n.bound != n.name)
          renamed_[n.bound] = n.name;
        else
          renamed_.erase(n.bound);
      }
  }

  void function(const FunctionDef& def, std::string id) {
    Function fn;
    fn.name = def.name;
    fn.id = std::move(id);
    fn_ = &fn;
    slots_.clear();
    for (const std::string& param : def.params)
      local(param);
    collect_assigned(def.body);
    mark_lists(def.body);
    fn.body = lower_block(def.body);
    fn_ = nullptr;
    p_.functions.push_back(std::move(fn));
  }

private:
  void error(Location loc, std::string message, const std::string& statement = {}) {
    p_.diagnostics.push_back({Diagnostic::Severity::Error, loc, std::move(message), statement});
  }
  void warning(Location loc, std::string message, const std::string& statement = {}) {
    p_.diagnostics.push_back({Diagnostic::Severity::Warning, loc, std::move(message), statement});
  }

  std::uint32_t local(const std::string& name) {
    auto it = slots_.find(name);
    if (it != slots_.end())
      return it->second;
    const auto slot = static_cast<std::uint32_t>(fn_->locals.size());
    fn_->locals.push_back(name);
    fn_->is_list.push_back(false);
    slots_.emplace(name, slot);
    return slot;
  }
  std::uint32_t temporary() {
    const auto slot = static_cast<std::uint32_t>(fn_->locals.size());
    std::string name = "$"; // a name no Python variable can have
    name += std::to_string(slot);
    fn_->locals.push_back(std::move(name));
    fn_->is_list.push_back(false);
    return slot;
  }

  // Python makes a name local to a function when it is assigned anywhere in it.
  void collect_assigned(const std::vector<Stmt>& body) {
    for (const Stmt& s : body) {
      for (const std::string& t : s.targets)
        local(t);
      collect_assigned(s.body);
      for (const Handler& h : s.handlers)
        collect_assigned(h.body);
      collect_assigned(s.orelse);
      collect_assigned(s.finalbody);
    }
  }

  static bool is_empty_list(const Expr& e) { return e.kind == Expr::Kind::List && e.items.empty(); }

  void mark_lists(const std::vector<Stmt>& body) {
    for (const Stmt& s : body) {
      if (s.kind == Stmt::Kind::Assign && s.targets.size() == 1 && !s.unpack &&
          is_empty_list(s.value))
        fn_->is_list[slots_.at(s.targets[0])] = true;
      mark_lists(s.body);
      for (const Handler& h : s.handlers)
        mark_lists(h.body);
      mark_lists(s.orelse);
      mark_lists(s.finalbody);
    }
  }

  Operand constant(py::Value v) {
    p_.constants.push_back(std::move(v));
    return {Operand::Kind::Constant, static_cast<std::uint32_t>(p_.constants.size() - 1)};
  }
  Operand named_constant(const std::string& name, const py::Value& v) {
    auto it = named_.find(name);
    if (it != named_.end())
      return it->second;
    Operand op = constant(v);
    named_.emplace(name, op);
    return op;
  }

  std::uint32_t statement(const Stmt& s) {
    fn_->statements.push_back({s.loc, s.text});
    return static_cast<std::uint32_t>(fn_->statements.size() - 1);
  }

  /// Lowers `e` to an operand, emitting nodes for nested calls and tuples into `out`.
  /// Returns false (after a diagnostic) where the expression cannot be run.
  bool operand(const Expr& e, std::vector<Node>& out, std::uint32_t stmt, const Stmt& s,
               Operand& result) {
    switch (e.kind) {
    case Expr::Kind::Int:
      result = constant(py::Value::integer(e.int_value));
      return true;
    case Expr::Kind::Float:
      result = constant(py::Value::floating(e.float_value));
      return true;
    case Expr::Kind::Str:
      result = constant(py::make_str(e.text));
      return true;
    case Expr::Kind::True:
      result = named_constant("True", py::Value::boolean(true));
      return true;
    case Expr::Kind::False:
      result = named_constant("False", py::Value::boolean(false));
      return true;
    case Expr::Kind::None:
      result = named_constant("None", py::Value::none());
      return true;
    case Expr::Kind::Name: {
      auto it = slots_.find(e.text);
      if (it != slots_.end()) {
        if (fn_->is_list[it->second]) {
          error(e.loc, "the record list '" + e.text + "' is used as a value", s.text);
          return false;
        }
        result = {Operand::Kind::Local, it->second};
        return true;
      }
      const std::string& global = global_name(e.text);
      if (const py::Value* v = dsl_.find(global)) {
        result = named_constant(global, *v);
        return true;
      }
      // Python resolves the name when the statement runs and raises NameError there.
      const std::string imported =
          global == e.text ? std::string() : " (imported as '" + global + "')";
      warning(e.loc,
              "unknown name '" + e.text + "'" + imported + " (not a local, nor a name of the " +
                  std::string(dialects::dialect_name(p_.dialect)) +
                  " DSL): the statement raises NameError when it runs",
              s.text);
      Node n;
      n.kind = Node::Kind::Raise;
      n.raises = py::Exc::NameError;
      n.statement = stmt;
      out.push_back(std::move(n));
      result = named_constant("None", py::Value::none());
      return true;
    }
    case Expr::Kind::Tuple: {
      Node n;
      n.kind = Node::Kind::MakeTuple;
      n.statement = stmt;
      for (const Expr& item : e.items) {
        Operand op;
        if (!operand(item, out, stmt, s, op))
          return false;
        n.args.push_back(op);
      }
      n.target = temporary();
      result = {Operand::Kind::Local, n.target};
      out.push_back(std::move(n));
      return true;
    }
    case Expr::Kind::Call: {
      const std::uint32_t t = temporary();
      if (!call(e, out, stmt, s, t))
        return false;
      result = {Operand::Kind::Local, t};
      return true;
    }
    case Expr::Kind::List:
      error(e.loc, "list values are supported only as `name = []` record lists", s.text);
      return false;
    case Expr::Kind::Attribute:
      error(e.loc, "attribute access is supported only as `o.append(...)` on a record list",
            s.text);
      return false;
    }
    return false;
  }

  /// The module-level name that `name` stands for: the imported name where an import
  /// renamed it, otherwise itself.
  const std::string& global_name(const std::string& name) const {
    auto it = renamed_.find(name);
    return it == renamed_.end() ? name : it->second;
  }
  /// Whether call `e` calls `name`, a helper outside the DSL (`_get_safe_default`,
  /// `batch_process_samples_gpu`), written so or renamed by an import, and not shadowed by a
  /// local or a DSL name.
  bool calls_helper(const Expr& e, std::string_view name) const {
    const Expr& callee = e.items[0];
    return callee.kind == Expr::Kind::Name && slots_.count(callee.text) == 0 &&
           global_name(callee.text) == name && dsl_.find(name) == nullptr;
  }

  /// Emits the nodes of the call `e` whose result goes to `target`.
  bool call(const Expr& e, std::vector<Node>& out, std::uint32_t stmt, const Stmt& s,
            std::uint32_t target) {
    if (calls_helper(e, "_get_safe_default")) {
      if (e.items.size() != 2) {
        error(e.loc, "_get_safe_default takes one argument", s.text);
        return false;
      }
      Node n;
      n.kind = Node::Kind::SafeDefault;
      n.statement = stmt;
      n.target = target;
      Operand op;
      if (!operand(e.items[1], out, stmt, s, op))
        return false;
      n.args.push_back(op);
      out.push_back(std::move(n));
      return true;
    }
    if (e.items[0].kind == Expr::Kind::Attribute) {
      error(e.loc, "method calls are supported only as `o.append(...)` statements", s.text);
      return false;
    }
    Node n;
    n.kind = Node::Kind::Call;
    n.statement = stmt;
    if (!operand(e.items[0], out, stmt, s, n.callee))
      return false;
    for (std::size_t k = 1; k < e.items.size(); ++k) {
      Operand op;
      if (!operand(e.items[k], out, stmt, s, op))
        return false;
      n.args.push_back(op);
    }
    n.target = target;
    out.push_back(std::move(n));
    return true;
  }

  std::vector<Node> lower_block(const std::vector<Stmt>& body) {
    std::vector<Node> out;
    for (const Stmt& s : body)
      lower(s, out);
    return out;
  }

  void lower(const Stmt& s, std::vector<Node>& out) {
    const std::uint32_t stmt = statement(s);
    switch (s.kind) {
    case Stmt::Kind::Pass:
      return;
    case Stmt::Kind::Try: {
      Node n;
      n.kind = Node::Kind::Try;
      n.statement = stmt;
      n.body = lower_block(s.body);
      for (const Handler& h : s.handlers) {
        ++in_handler_;
        Node::Handler lowered;
        if (h.types.empty()) {
          lowered.mask = exception_mask("BaseException");
        } else {
          for (const std::string& type : h.types) {
            const ExcMask m = exception_mask(type);
            if (m == 0 && py::exc_from_name(type) == py::Exc::None && type != "Warning")
              warning(h.loc, "'" + type + "' is not an exception the DSLs raise", s.text);
            lowered.mask |= m;
          }
        }
        lowered.body = lower_block(h.body);
        n.handlers.push_back(std::move(lowered));
        --in_handler_;
      }
      n.orelse = lower_block(s.orelse);
      n.finalbody = lower_block(s.finalbody);
      out.push_back(std::move(n));
      return;
    }
    case Stmt::Kind::Return: {
      Node n;
      n.kind = Node::Kind::Return;
      n.statement = stmt;
      const Expr& v = s.value;
      const std::vector<Expr> single{v};
      const std::vector<Expr>& items = v.kind == Expr::Kind::Tuple ? v.items : single;
      for (const Expr& item : items) {
        if (item.kind == Expr::Kind::Name && slots_.count(item.text) &&
            fn_->is_list[slots_.at(item.text)]) {
          n.args.push_back({Operand::Kind::Local, slots_.at(item.text)});
          continue;
        }
        if (v.kind == Expr::Kind::Tuple) {
          error(item.loc, "a batt function returns its record lists (`return o, s`)", s.text);
          return;
        }
        Operand op;
        if (!operand(item, out, stmt, s, op))
          return;
        n.args.push_back(op);
      }
      out.push_back(std::move(n));
      return;
    }
    case Stmt::Kind::Expression: {
      const Expr& v = s.value;
      if (v.kind == Expr::Kind::Call && v.items[0].kind == Expr::Kind::Attribute) {
        const Expr& attr = v.items[0];
        const Expr& object = attr.items[0];
        if (attr.text != "append" || object.kind != Expr::Kind::Name ||
            !slots_.count(object.text) || !fn_->is_list[slots_.at(object.text)]) {
          error(v.loc, "method calls are supported only as `o.append(...)` on a record list",
                s.text);
          return;
        }
        if (v.items.size() != 2) {
          error(v.loc, "append takes exactly one argument", s.text);
          return;
        }
        ++fn_->records;
        Node n;
        n.kind = Node::Kind::Append;
        n.statement = stmt;
        n.target = slots_.at(object.text);
        Operand op;
        if (!operand(v.items[1], out, stmt, s, op))
          return;
        n.args.push_back(op);
        out.push_back(std::move(n));
        return;
      }
      if (v.kind == Expr::Kind::Call) {
        call(v, out, stmt, s, temporary());
        return;
      }
      Operand ignored;
      operand(v, out, stmt, s, ignored); // evaluated for its failures (a NameError)
      return;
    }
    case Stmt::Kind::Assign:
      if (in_handler_ == 0)
        ++fn_->assignments;
      assign(s, stmt, out);
      return;
    }
  }

  void assign(const Stmt& s, std::uint32_t stmt, std::vector<Node>& out) {
    const Expr& v = s.value;
    if (!s.unpack) {
      const std::uint32_t target = slots_.at(s.targets[0]);
      if (fn_->is_list[target]) {
        if (!is_empty_list(v)) {
          error(s.loc, "a record list is assigned something else than []", s.text);
          return;
        }
        Node n;
        n.kind = Node::Kind::MakeList;
        n.statement = stmt;
        n.target = target;
        out.push_back(std::move(n));
        return;
      }
      if (v.kind == Expr::Kind::Call) {
        call(v, out, stmt, s, target);
        return;
      }
      Operand op;
      if (!operand(v, out, stmt, s, op))
        return;
      Node n;
      n.kind = Node::Kind::Move;
      n.statement = stmt;
      n.target = target;
      n.args.push_back(op);
      out.push_back(std::move(n));
      return;
    }
    std::vector<std::uint32_t> targets;
    for (const std::string& t : s.targets) {
      const std::uint32_t slot = slots_.at(t);
      if (fn_->is_list[slot]) {
        error(s.loc, "a record list is a target of tuple unpacking", s.text);
        return;
      }
      targets.push_back(slot);
    }
    // Earlier generators wrote `t1, t2, t3, t4 = batch_process_samples_gpu(S)`, a helper of
    // their runtime that is not in the DSL: battgpu provides it (the runtime's
    // batch_process_samples).
    if (v.kind == Expr::Kind::Call && (calls_helper(v, "batch_process_samples_gpu") ||
                                       calls_helper(v, "batch_process_samples_cpu"))) {
      if (v.items.size() != 2 || targets.size() != 4) {
        error(s.loc, global_name(v.items[0].text) + " takes the samples and gives four values",
              s.text);
        return;
      }
      Node n;
      n.kind = Node::Kind::SampleBatch;
      n.statement = stmt;
      Operand op;
      if (!operand(v.items[1], out, stmt, s, op))
        return;
      n.args.push_back(op);
      n.targets = std::move(targets);
      out.push_back(std::move(n));
      return;
    }
    Operand value;
    if (!operand(v, out, stmt, s, value))
      return;
    Node n;
    n.kind = Node::Kind::Unpack;
    n.statement = stmt;
    n.args.push_back(value);
    n.targets = std::move(targets);
    out.push_back(std::move(n));
  }

  const ModuleAst& m_;
  Program& p_;
  const dialects::Module& dsl_;
  Function* fn_ = nullptr;
  int in_handler_ = 0;
  std::unordered_map<std::string, std::uint32_t> slots_;
  std::unordered_map<std::string, Operand> named_;
  /// Names bound by `from M import A as B`: B -> A.
  std::unordered_map<std::string, std::string> renamed_;
};

bool imports_module(const ModuleAst& m, std::string_view name) {
  return std::any_of(m.imports.begin(), m.imports.end(),
                     [&](const Import& i) { return i.module == name; });
}

} // namespace

Program check(const ModuleAst& module, const CheckOptions& options) {
  Program p;
  p.path = module.path;
  p.diagnostics = module.diagnostics;
  const FunctionDef* batt = nullptr;
  std::vector<const FunctionDef*> solvers;
  for (const FunctionDef& f : module.functions) {
    if (f.name == "batt")
      batt = &f;
    else if (f.name.starts_with("solve_"))
      solvers.push_back(&f);
  }
  if (batt != nullptr) {
    p.form = ModuleForm::Batt;
    if (batt->params.size() != 5 ||
        !std::equal(batt->params.begin(), batt->params.end(), std::begin(kBattParams)))
      p.diagnostics.push_back({Diagnostic::Severity::Error,
                               batt->loc,
                               "a batt function takes (task_id, S, I, C, log_path)",
                               {}});
  } else if (!solvers.empty()) {
    p.form = ModuleForm::Solvers;
  } else {
    // A file that could not be read or split into lines has no functions: its own error
    // says why.
    if (!module.unparsed)
      p.diagnostics.push_back(
          {Diagnostic::Severity::Error,
           {1, 1},
           "not a solver or batt module: no `def batt(task_id, S, I, C, log_path)` and no "
           "`def solve_<id>(I)` function",
           {}});
    return p;
  }
  // The dialect: given, or read off the module's form (batt modules and modules importing
  // safe_dsl are tokpidjin's; solver modules are arc-dsl's).
  if (options.dialect)
    p.dialect = *options.dialect;
  else if (p.form == ModuleForm::Batt || imports_module(module, "safe_dsl"))
    p.dialect = py::Dialect::Tokpidjin;
  else
    p.dialect = py::Dialect::ArcDsl;

  Checker checker(module, p);
  if (p.form == ModuleForm::Batt) {
    checker.function(*batt, "");
  } else {
    std::set<std::string> seen;
    for (const FunctionDef* f : solvers) {
      if (f->params.size() != 1) {
        p.diagnostics.push_back({Diagnostic::Severity::Error,
                                 f->loc,
                                 "a solver function takes one parameter, the grid (I)",
                                 {}});
        continue;
      }
      std::string id = f->name.substr(6);
      if (!seen.insert(id).second) {
        p.diagnostics.push_back({Diagnostic::Severity::Warning,
                                 f->loc,
                                 "solve_" + id + " is defined again: the later one is used",
                                 {}});
        auto& fns = p.functions;
        fns.erase(
            std::remove_if(fns.begin(), fns.end(), [&](const Function& fn) { return fn.id == id; }),
            fns.end());
      }
      checker.function(*f, std::move(id));
    }
  }
  for (const FunctionDef& f : module.functions)
    if (&f != batt && std::find(solvers.begin(), solvers.end(), &f) == solvers.end())
      p.diagnostics.push_back(
          {Diagnostic::Severity::Warning,
           f.loc,
           "function '" + f.name + "' is neither a batt nor a solver function: not run",
           {}});
  return p;
}

} // namespace battgpu::frontend
