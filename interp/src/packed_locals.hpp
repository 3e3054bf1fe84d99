// Which locals of a function may hold a grid statement's result packed, in the block's
// GridStore, instead of as a Python value (Executor::batch_grid_statement): those that no
// statement other than a grid statement ever reads, so that no Python value of them is ever
// needed unless such a statement runs one call at a time (which then unpacks it).
#pragma once

#include "battgpu/dialects/grid_statements.hpp"
#include "battgpu/frontend/program.hpp"

#include <optional>
#include <vector>

namespace battgpu::interp {

/// Per local slot of `fn`: true when the local is assigned by exactly one call of a grid
/// statement that makes a grid (and otherwise only by `_get_safe_default` handlers), and every
/// read of it is a grid argument of a grid statement. A local that a record, a return, a
/// closure, a trace or any other function reads keeps its Python value.
inline std::vector<bool> packed_locals(const frontend::Program& program,
                                       const frontend::Function& fn) {
  using frontend::Node;
  using frontend::Operand;
  const std::size_t slots = fn.locals.size();
  std::vector<int> grid_writers(slots, 0);
  std::vector<bool> excluded(slots, false);
  auto statement_of = [&](const Node& n) -> std::optional<dialects::GridStatement> {
    if (n.kind != Node::Kind::Call || n.callee.kind != Operand::Kind::Constant)
      return std::nullopt;
    auto s = dialects::grid_statement(program.constants[n.callee.index]);
    if (s && n.args.size() != dialects::grid_statement_arity(*s))
      return std::nullopt;
    return s;
  };
  auto visit = [&](const std::vector<Node>& nodes, auto& self) -> void {
    for (const Node& n : nodes) {
      const auto statement = statement_of(n);
      // Writes.
      const bool assigns = n.kind == Node::Kind::Call || n.kind == Node::Kind::Move ||
                           n.kind == Node::Kind::MakeTuple || n.kind == Node::Kind::MakeList;
      if (assigns && statement && dialects::makes_grid(*statement))
        ++grid_writers[n.target];
      else if (assigns && n.target < slots)
        excluded[n.target] = true;
      for (std::uint32_t t : n.targets)
        if (t < slots)
          excluded[t] = true;
      // Reads.
      if (n.callee.kind == Operand::Kind::Local && n.kind == Node::Kind::Call)
        excluded[n.callee.index] = true;
      for (std::size_t i = 0; i < n.args.size(); ++i) {
        const Operand& a = n.args[i];
        if (a.kind == Operand::Kind::Local &&
            !(statement && dialects::is_grid_argument(*statement, i)))
          excluded[a.index] = true;
      }
      self(n.body, self);
      for (const Node::Handler& h : n.handlers)
        self(h.body, self);
      self(n.orelse, self);
      self(n.finalbody, self);
    }
  };
  visit(fn.body, visit);
  std::vector<bool> packed(slots, false);
  for (std::size_t s = 0; s < slots; ++s)
    packed[s] = grid_writers[s] == 1 && !excluded[s] && !fn.is_list[s];
  return packed;
}

} // namespace battgpu::interp
