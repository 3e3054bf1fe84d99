#include "patterns/sample_batch/SampleBatch.h"

#include "DslNames.h"
#include "GroupPlanner.h"
#include "Rewriter.h"
#include "SemanticIndex.h"
#include "Templates.h"

#include <map>

namespace battgpu::rewrite {

using namespace clang::ast_matchers;

void SampleBatch::registerMatchers(MatchFinder& finder) {
  // `auto a = apply(first, S);`, `auto b = apply(second, S);` and `auto c = mapply(F, x);`
  // (a mapping when x is a or b).
  finder.addMatcher(
      declStmt(
          has(varDecl(hasInitializer(expr(matchers::dslCallTo({"apply", "mapply"})).bind("call")))
                  .bind("var"))),
      this);
}

void SampleBatch::checkTypes(const clang::Expr& call, Candidate& c) const {
  if (c.callee != "apply")
    return;
  auto parts = dsl::callParts(&call);
  if (parts && parts->args.size() == 2 && !dsl::isSamples(parts->args[1]->getType())) {
    c.typesOk = false;
    c.typeProblem = "'" + c.args[1].name + "' is not the Samples";
  }
}

bool SampleBatch::accept(const CallShape& call, const FunctionIndex&, int stmt,
                         Candidate& out) const {
  if (call.args.size() != 2 || call.args[1].kind != Operand::Kind::Var)
    return false;
  bool input =
      call.callee == "apply" && (call.args[0].isDsl("first") || call.args[0].isDsl("second"));
  if (!input && call.callee != "mapply")
    return false;
  fillCandidate(call, stmt, out);
  return true;
}

namespace {
/// One samples variable's group: a, b, c, d as in the SPEC.
struct Slots {
  const Candidate* role[4] = {nullptr, nullptr, nullptr, nullptr};
};
} // namespace

void SampleBatch::analyze(const FunctionIndex& fn, const std::vector<const Candidate*>& mine,
                          const RewriteContext& ctx, std::vector<Group>& groups,
                          std::vector<Skip>& skips) const {
  auto varName = [&](const Candidate* c) {
    int v = fn.stmts[c->stmt].declVar;
    return v >= 0 ? fn.vars[v].name : std::string();
  };
  auto skip = [&](const Candidate* c, std::string reason) {
    skips.push_back(Skip{id(), c->offset, c->var, std::move(reason)});
  };

  // The k-th apply(first, S) and the k-th apply(second, S) of a function form group k.
  std::vector<int> order;
  std::map<int, std::vector<const Candidate*>> firsts, seconds;
  for (const Candidate* c : mine) {
    if (c->callee != "apply")
      continue;
    std::string problem = ctx.commonProblem(fn, *c);
    if (!problem.empty()) {
      skip(c, problem);
      continue;
    }
    int s = c->args[1].var;
    if (!firsts.count(s) && !seconds.count(s))
      order.push_back(s);
    (c->args[0].isDsl("first") ? firsts[s] : seconds[s]).push_back(c);
  }
  std::vector<std::pair<int, Slots>> slotsList;   // (samples, slots)
  std::map<int, std::pair<size_t, int>> inputVar; // variable a or b -> (group, role)
  for (int s : order) {
    const auto& fs = firsts[s];
    const auto& ss = seconds[s];
    for (size_t k = 0; k < std::max(fs.size(), ss.size()); ++k) {
      Slots slots;
      slots.role[0] = k < fs.size() ? fs[k] : nullptr;
      slots.role[1] = k < ss.size() ? ss[k] : nullptr;
      for (int r = 0; r < 2; ++r)
        if (slots.role[r])
          inputVar[fn.stmts[slots.role[r]->stmt].declVar] = {slotsList.size(), r};
      slotsList.emplace_back(s, slots);
    }
  }
  for (const Candidate* c : mine) {
    if (c->callee != "mapply")
      continue;
    auto it = inputVar.find(c->args[1].var);
    if (it == inputVar.end())
      continue; // a mapping over something else: not this pattern's
    auto [group, inputRole] = it->second;
    int role = inputRole + 2;
    std::string problem = ctx.commonProblem(fn, *c);
    if (problem.empty() && c->args[0].kind != Operand::Kind::Var &&
        c->args[0].kind != Operand::Kind::Dsl)
      problem = "the mapping is not a variable or a DSL function";
    if (!problem.empty()) {
      skip(c, problem);
      continue;
    }
    Slots& slots = slotsList[group].second;
    if (slots.role[role]) {
      skip(c, "another mapping over '" + c->args[1].name + "' at " +
                  ctx.lineOf(slots.role[role]->offset) + " is already in the group");
      continue;
    }
    slots.role[role] = c;
  }

  for (auto& [s, slots] : slotsList) {
    if (!slots.role[0] || !slots.role[1]) {
      std::string missing = slots.role[0] ? "apply(second, " : "apply(first, ";
      for (const Candidate* c : slots.role)
        if (c)
          skip(c, "no " + missing + fn.vars[s].name + ") left in this function to pair with");
      continue;
    }
    std::vector<MemberSpec> specs;
    for (int r = 0; r < 4; ++r)
      if (slots.role[r])
        specs.push_back(MemberSpec{slots.role[r]->stmt, r < 2});
    PlannedGroup pg = planGroup(fn, specs, ctx.lines());
    if (!pg.ok) {
      for (const Candidate* c : slots.role)
        if (c)
          skip(c, pg.failure);
      continue;
    }
    for (auto& [stmt, why] : pg.rejected)
      for (int r = 2; r < 4; ++r)
        if (slots.role[r] && slots.role[r]->stmt == stmt) {
          skip(slots.role[r], why);
          slots.role[r] = nullptr;
        }
    Group g;
    g.pattern = id();
    g.members = pg.members;
    g.place = pg.place;
    // data: samples, inputs mapping, outputs mapping, then the member statement of each
    // variable in tuple order.
    g.data.push_back(fn.vars[s].name);
    for (int r = 2; r < 4; ++r) {
      const Candidate* c = slots.role[r];
      g.data.push_back(c ? ctx.text(c->args[0].begin, c->args[0].end).str()
                         : "battgpu::runtime::no_mapping");
    }
    for (int r = 0; r < 4; ++r)
      if (const Candidate* c = slots.role[r]) {
        g.vars.push_back(varName(c));
        g.data.push_back(std::to_string(c->stmt));
      }
    for (int m : g.members)
      for (const Candidate* c : slots.role)
        if (c && c->stmt == m)
          g.offsets.push_back(c->offset);
    groups.push_back(std::move(g));
  }
}

Rendered SampleBatch::render(const FunctionIndex& fn, const Group& g, const RewriteContext& ctx,
                             llvm::StringRef indent, llvm::StringRef eol) const {
  Rendered r;
  std::string unit = ctx.unit(indent);
  std::string tmp = "battgpu_" + tag().str() + "_" + g.vars.front();
  std::vector<unsigned> offsets;
  std::string original = ctx.originalStatements(fn, g.members, indent.str() + unit, eol, offsets);
  std::string bindings, results;
  for (size_t k = 0; k < g.vars.size(); ++k) {
    int stmt = std::stoi(g.data[3 + k]);
    llvm::StringMap<std::string> b{{"indent", indent.str()},
                                   {"declarator", ctx.declarator(fn, stmt).str()},
                                   {"tmp", tmp},
                                   {"index", std::to_string(k)}};
    bindings += renderTemplate(templateSection("sample_batch", "binding"), b, eol);
    results += (k ? ", " : "") + g.vars[k];
  }
  llvm::StringMap<std::string> v{{"indent", indent.str()},  {"unit", unit},
                                 {"vars", results},         {"tmp", tmp},
                                 {"samples", g.data[0]},    {"inputs_fn", g.data[1]},
                                 {"outputs_fn", g.data[2]}, {"original", original},
                                 {"results", results},      {"bindings", bindings}};
  llvm::StringMap<unsigned> positions;
  r.text = renderTemplate(templateSection("sample_batch", "block"), v, eol, &positions);
  for (unsigned o : offsets)
    r.memberOffsets.push_back(positions["original"] + o);
  return r;
}

} // namespace battgpu::rewrite
