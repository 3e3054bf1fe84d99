#include "program.hpp"

#include "battgpu/frontend/parser.hpp"
#include "battgpu/interp/runner.hpp"

#include <algorithm>

namespace battgpu::python {
namespace {

template <class F> void for_each_node(const std::vector<frontend::Node>& nodes, F&& f) {
  for (const frontend::Node& n : nodes) {
    f(n);
    for_each_node(n.body, f);
    for (const auto& h : n.handlers)
      for_each_node(h.body, f);
    for_each_node(n.orelse, f);
    for_each_node(n.finalbody, f);
  }
}

} // namespace

interp::Executor& ExecutorSet::get(std::size_t function) {
  if (executors_.size() != program_.functions.size())
    executors_.resize(program_.functions.size());
  if (!executors_[function]) {
    interp::ExecutorOptions options;
    options.time_limit = time_limit_;
    options.batch_objects = batch_objects_;
    executors_[function] =
        std::make_unique<interp::Executor>(program_, program_.functions[function], options);
  }
  return *executors_[function];
}

ExecutorPool::Lease ExecutorPool::lease() {
  std::unique_ptr<ExecutorSet> set;
  {
    std::lock_guard lock(mutex_);
    if (!free_.empty()) {
      set = std::move(free_.back());
      free_.pop_back();
    }
  }
  if (!set)
    set = std::make_unique<ExecutorSet>(program_, time_limit_, interp::batch_objects_by_default());
  return Lease(*this, std::move(set));
}

void ExecutorPool::give_back(std::unique_ptr<ExecutorSet> set) {
  std::lock_guard lock(mutex_);
  free_.push_back(std::move(set));
}

std::optional<std::size_t> ProgramCore::find_function(std::string_view name) const {
  for (std::size_t i = 0; i < program.functions.size(); ++i) {
    const frontend::Function& f = program.functions[i];
    if (f.name == name || (!f.id.empty() && f.id == name))
      return i;
  }
  return std::nullopt;
}

std::shared_ptr<ProgramCore> load_program(std::string source, std::string path,
                                          std::optional<py::Dialect> dialect, double time_limit,
                                          std::vector<std::string>& errors) {
  auto core = std::make_shared<ProgramCore>();
  core->path = path;
  frontend::ModuleAst ast = frontend::parse_module(source, path);
  frontend::CheckOptions options;
  options.dialect = dialect;
  core->program = frontend::check(ast, options);
  core->source = std::move(source);
  for (const frontend::Diagnostic& d : core->program.diagnostics) {
    std::string line = frontend::format_diagnostic(path, d);
    (d.severity == frontend::Diagnostic::Severity::Error ? errors : core->warnings)
        .push_back(std::move(line));
  }
  if (core->program.has_errors())
    return nullptr;

  const bool batt = core->program.form == frontend::ModuleForm::Batt;
  for (const frontend::Function& f : core->program.functions) {
    const std::size_t n = batt ? 5 : 1;
    std::vector<bool> reads(n, false);
    std::vector<bool> lists;
    bool have_return = false;
    for_each_node(f.body, [&](const frontend::Node& node) {
      if (node.callee.kind == frontend::Operand::Kind::Local && node.callee.index < n)
        reads[node.callee.index] = true;
      for (const frontend::Operand& a : node.args)
        if (a.kind == frontend::Operand::Kind::Local && a.index < n)
          reads[a.index] = true;
      if (node.kind == frontend::Node::Kind::Return && !have_return) {
        have_return = true;
        for (const frontend::Operand& a : node.args)
          lists.push_back(a.kind == frontend::Operand::Kind::Local && f.is_list[a.index]);
      }
    });
    core->nparams.push_back(n);
    core->reads_param.push_back(std::move(reads));
    core->return_lists.push_back(std::move(lists));
  }
  core->calls = std::make_unique<ExecutorPool>(core->program, time_limit);
  return core;
}

} // namespace battgpu::python
