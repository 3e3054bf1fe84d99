#include "patterns/object_batch/ObjectBatch.h"

#include "DslNames.h"
#include "GroupPlanner.h"
#include "Rewriter.h"
#include "SemanticIndex.h"
#include "Templates.h"

#include "llvm/ADT/DenseMap.h"

#include <map>

namespace battgpu::rewrite {

using namespace clang::ast_matchers;

void ObjectBatch::registerMatchers(MatchFinder& finder) {
  auto declaring = [](auto init) {
    return declStmt(has(varDecl(hasInitializer(expr(init).bind("call"))).bind("var")));
  };
  // `auto v = o_g(G, Rk);` and `auto v = objects(G, u, d, b);`
  finder.addMatcher(declaring(matchers::dslCallTo({"o_g", "objects"})), this);
  // `auto f = rbind(o_g, Rk);`: a closure later calls may use.
  finder.addMatcher(declaring(matchers::dslCallTo({"rbind"})), this);
  // `auto v = f(G);` with f such a closure.
  finder.addMatcher(declaring(matchers::localClosureCall(
                        varDecl(hasInitializer(matchers::dslCallTo({"rbind"}))))),
                    this);
}

void ObjectBatch::checkTypes(const clang::Expr& call, Candidate& c) const {
  if (c.callee == "rbind")
    return;
  auto parts = dsl::callParts(&call);
  if (parts && !parts->args.empty() && !dsl::isGrid(parts->args[0]->getType())) {
    c.typesOk = false;
    c.typeProblem = "the first argument is not a Grid";
  }
}

bool ObjectBatch::accept(const CallShape& call, const FunctionIndex&, int stmt,
                         Candidate& out) const {
  bool ok = (call.callee == "o_g" && call.args.size() == 2) ||
            (call.callee == "objects" && call.args.size() == 4) ||
            (call.callee == "rbind" && call.args.size() == 2 && call.args[0].isDsl("o_g")) ||
            (call.calleeVar >= 0 && call.args.size() == 1);
  if (!ok)
    return false;
  fillCandidate(call, stmt, out);
  return true;
}

namespace {
struct Member {
  const Candidate* c;
  int mode;
};
} // namespace

void ObjectBatch::analyze(const FunctionIndex& fn, const std::vector<const Candidate*>& mine,
                          const RewriteContext& ctx, std::vector<Group>& groups,
                          std::vector<Skip>& skips) const {
  // Closures f = rbind(o_g, Rk) that nothing changes afterwards.
  llvm::DenseMap<int, int> closures;
  for (const Candidate* c : mine) {
    int v = fn.stmts[c->stmt].declVar;
    if (c->callee == "rbind" && v >= 0 && fn.vars[v].mutations.empty())
      closures[v] = dsl::modeOf(c->args[1]);
  }
  auto skip = [&](const Candidate* c, std::string reason) {
    skips.push_back(Skip{id(), c->offset, c->var, std::move(reason)});
  };

  std::vector<int> gridOrder;
  std::map<int, std::vector<Member>> byGrid;
  for (const Candidate* c : mine) {
    if (c->callee == "rbind")
      continue;
    int mode = -1;
    if (c->calleeVar >= 0) {
      auto it = closures.find(c->calleeVar);
      if (it == closures.end())
        continue; // some other closure: not a candidate
      mode = it->second;
    } else if (c->callee == "o_g") {
      mode = dsl::modeOf(c->args[1]);
    } else {
      int u = dsl::flagOf(c->args[1]), d = dsl::flagOf(c->args[2]), b = dsl::flagOf(c->args[3]);
      mode = (u < 0 || d < 0 || b < 0) ? -1 : 4 * u + 2 * d + b;
    }
    std::string problem = ctx.commonProblem(fn, *c);
    if (!problem.empty()) {
      skip(c, problem);
      continue;
    }
    if (mode < 0) {
      skip(c, "the mode is not a constant (R0..R7, or T/F for objects)");
      continue;
    }
    const Operand& grid = c->args[0];
    if (grid.kind != Operand::Kind::Var) {
      skip(c, "the grid is not a variable or a parameter");
      continue;
    }
    if (!byGrid.count(grid.var))
      gridOrder.push_back(grid.var);
    byGrid[grid.var].push_back(Member{c, mode});
  }

  // A group batches calls of one task; in the gathered form each group is also a batch point
  // computed together with the same point of every other task, so there a lone call is worth
  // a group of its own. Groups of several calls are still formed where the planner allows:
  // each round takes as many of the remaining calls as it can.
  const size_t least = ctx.gathersIn(fn) ? 1 : 2;
  for (int grid : gridOrder) {
    std::vector<Member> pool = byGrid[grid];
    std::map<int, std::string> reasons;
    std::string failure;
    while (pool.size() >= least) {
      std::vector<MemberSpec> specs;
      for (const Member& m : pool)
        specs.push_back(MemberSpec{m.c->stmt, false});
      PlannedGroup pg = planGroup(fn, specs, ctx.lines());
      for (auto& [stmt, why] : pg.rejected)
        reasons[stmt] = why;
      failure = pg.failure;
      if (!pg.ok || pg.members.size() < least)
        break;
      Group g;
      g.pattern = id();
      g.members = pg.members;
      g.place = pg.place;
      g.data.push_back(fn.vars[grid].name);
      std::vector<Member> rest;
      for (const Member& m : pool) {
        if (std::binary_search(g.members.begin(), g.members.end(), m.c->stmt)) {
          g.vars.push_back(fn.vars[fn.stmts[m.c->stmt].declVar].name);
          g.offsets.push_back(m.c->offset);
          g.data.push_back(std::to_string(m.mode));
        } else {
          rest.push_back(m);
        }
      }
      groups.push_back(std::move(g));
      pool = std::move(rest);
    }
    for (const Member& m : pool) {
      auto it = reasons.find(m.c->stmt);
      if (it != reasons.end())
        skip(m.c, it->second);
      else if (least == 1 && !failure.empty())
        skip(m.c, failure);
      else if (ctx.form() == BatchForm::Gathered && least == 2)
        // Only a function that keeps the blocking form gets here: a lone call gains nothing
        // from a blocking batch of one.
        skip(m.c, "a lone " + std::string(m.c->callee == "objects" ? "objects" : "o_g") +
                      " call is only rewritten as a gathered batch point; '" + fn.name +
                      "' stays blocking: " + fn.form.problem);
      else
        skip(m.c, "no other o_g/objects call on grid '" + fn.vars[grid].name +
                      "' can be batched with it");
    }
  }
}

Rendered ObjectBatch::render(const FunctionIndex& fn, const Group& g, const RewriteContext& ctx,
                             llvm::StringRef indent, llvm::StringRef eol) const {
  Rendered r;
  std::string unit = ctx.unit(indent);
  std::string tmp = "battgpu_" + tag().str() + "_" + g.vars.front();
  std::vector<unsigned> offsets;
  std::string original = ctx.originalStatements(fn, g.members, indent.str() + unit, eol, offsets);
  std::string bindings, modes, results;
  for (size_t k = 0; k < g.members.size(); ++k) {
    llvm::StringMap<std::string> b{{"indent", indent.str()},
                                   {"declarator", ctx.declarator(fn, g.members[k]).str()},
                                   {"tmp", tmp},
                                   {"index", std::to_string(k)}};
    bindings += renderTemplate(templateSection("object_batch", "binding"), b, eol);
    modes += (k ? ", " : "") + g.data[k + 1];
    results += (k ? ", " : "") + g.vars[k];
  }
  llvm::StringMap<std::string> v{
      {"indent", indent.str()},
      {"unit", unit},
      {"vars", results},
      {"tmp", tmp},
      {"grid", g.data[0]},
      {"count", std::to_string(g.members.size())},
      {"modes", modes},
      {"original", original},
      {"results", results},
      {"bindings", bindings},
      {"call", templateValue("object_batch", g.gathered ? "call-gathered" : "call-blocking")}};
  llvm::StringMap<unsigned> positions;
  r.text = renderTemplate(templateSection("object_batch", "block"), v, eol, &positions);
  for (unsigned o : offsets)
    r.memberOffsets.push_back(positions["original"] + o);
  return r;
}

} // namespace battgpu::rewrite
