#include "patterns/mapply_batch/MapplyBatch.h"

#include "DslNames.h"
#include "GroupPlanner.h"
#include "Rewriter.h"
#include "SemanticIndex.h"
#include "Templates.h"

namespace battgpu::rewrite {

using namespace clang::ast_matchers;

void MapplyBatch::registerMatchers(MatchFinder& finder) {
  std::vector<std::string> primitives;
  for (llvm::StringRef p : dsl::perObjectPrimitiveNames())
    primitives.push_back(p.str());
  // `auto v = mapply(f, X);` / `auto v = apply(f, X);` with f a per-object primitive.
  finder.addMatcher(
      declStmt(has(varDecl(hasInitializer(expr(matchers::dslCallTo({"mapply", "apply"}),
                                               matchers::dslArgumentNamed(0, primitives))
                                              .bind("call")))
                       .bind("var"))),
      this);
}

void MapplyBatch::checkTypes(const clang::Expr& call, Candidate& c) const {
  auto parts = dsl::callParts(&call);
  auto want = dsl::perObjectPrimitive(c.args[0].name);
  if (parts && parts->args.size() == 2 && want) {
    auto have = dsl::containerElement(parts->args[1]->getType());
    if (have != want) {
      c.typesOk = false;
      c.typeProblem =
          "the container is not a Tuple or FrozenSet of " +
          std::string(*want == dsl::Element::Patch ? "objects or patches" : "locations");
    }
  }
}

bool MapplyBatch::accept(const CallShape& call, const FunctionIndex&, int stmt,
                         Candidate& out) const {
  if ((call.callee != "mapply" && call.callee != "apply") || call.args.size() != 2 ||
      call.args[0].kind != Operand::Kind::Dsl || !dsl::perObjectPrimitive(call.args[0].name))
    return false;
  fillCandidate(call, stmt, out);
  return true;
}

void MapplyBatch::analyze(const FunctionIndex& fn, const std::vector<const Candidate*>& mine,
                          const RewriteContext& ctx, std::vector<Group>& groups,
                          std::vector<Skip>& skips) const {
  for (const Candidate* c : mine) {
    const std::string& name = c->var;
    std::string problem = ctx.commonProblem(fn, *c);
    if (problem.empty() && c->args[1].kind != Operand::Kind::Var)
      problem = "the container is not a variable or a parameter";
    PlannedGroup pg;
    if (problem.empty()) {
      pg = planGroup(fn, {MemberSpec{c->stmt, true}}, ctx.lines());
      if (!pg.ok)
        problem = pg.failure;
    }
    if (!problem.empty()) {
      skips.push_back(Skip{id(), c->offset, name, problem});
      continue;
    }
    Group g;
    g.pattern = id();
    g.members = pg.members;
    g.place = pg.place;
    g.vars.push_back(name);
    g.offsets.push_back(c->offset);
    g.data.push_back(ctx.text(c->args[0].begin, c->args[0].end).str());
    g.data.push_back(c->args[1].name);
    groups.push_back(std::move(g));
  }
}

Rendered MapplyBatch::render(const FunctionIndex& fn, const Group& g, const RewriteContext& ctx,
                             llvm::StringRef indent, llvm::StringRef eol) const {
  Rendered r;
  std::string unit = ctx.unit(indent);
  std::string tmp = "battgpu_" + tag().str() + "_" + g.vars.front();
  std::vector<unsigned> offsets;
  std::string original = ctx.originalStatements(fn, g.members, indent.str() + unit, eol, offsets);
  llvm::StringMap<std::string> b{{"indent", indent.str()},
                                 {"declarator", ctx.declarator(fn, g.members.front()).str()},
                                 {"tmp", tmp}};
  std::string bindings = renderTemplate(templateSection("mapply_batch", "binding"), b, eol);
  llvm::StringMap<std::string> v{
      {"indent", indent.str()},
      {"unit", unit},
      {"vars", g.vars.front()},
      {"tmp", tmp},
      {"function", g.data[0]},
      {"container", g.data[1]},
      {"original", original},
      {"results", g.vars.front()},
      {"bindings", bindings},
      {"call", templateValue("mapply_batch", g.gathered ? "call-gathered" : "call-blocking")}};
  llvm::StringMap<unsigned> positions;
  r.text = renderTemplate(templateSection("mapply_batch", "block"), v, eol, &positions);
  for (unsigned o : offsets)
    r.memberOffsets.push_back(positions["original"] + o);
  return r;
}

} // namespace battgpu::rewrite
