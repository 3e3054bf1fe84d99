#include "SemanticIndex.h"

#include "DslNames.h"
#include "StableSort.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>

namespace battgpu::rewrite {

int SemanticScope::varOf(const clang::Decl* d) const {
  if (!d)
    return -1;
  auto it = vars->find(d->getCanonicalDecl());
  return it == vars->end() ? -1 : it->second;
}

long SemanticScope::offsetOf(clang::SourceLocation loc) const {
  const clang::SourceManager& sm = ast->getSourceManager();
  if (loc.isInvalid())
    return -1;
  clang::SourceLocation e = sm.getExpansionLoc(loc);
  if (sm.getFileID(e) != mainFile)
    return -1;
  return map->map(sm.getFileOffset(e));
}

namespace {
/// [begin, end) of an expression in input offsets, or {-1, -1}.
std::pair<long, long> rangeOf(const SemanticScope& s, const clang::Expr* e) {
  const clang::SourceManager& sm = s.ast->getSourceManager();
  long b = s.offsetOf(e->getBeginLoc());
  clang::SourceLocation endLoc = sm.getExpansionLoc(e->getEndLoc());
  clang::SourceLocation after =
      clang::Lexer::getLocForEndOfToken(endLoc, 0, sm, s.ast->getLangOpts());
  long last = after.isValid() ? s.offsetOf(after.getLocWithOffset(-1)) : -1;
  if (b < 0 || last < 0)
    return {-1, -1};
  return {b, last + 1};
}
} // namespace

Operand SemanticScope::operand(const clang::Expr* e) const {
  Operand op;
  auto [b, en] = rangeOf(*this, e);
  if (b >= 0) {
    op.begin = static_cast<unsigned>(b);
    op.end = static_cast<unsigned>(en);
  }
  const clang::Expr* x = e->IgnoreUnlessSpelledInSource();
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(x)) {
    const clang::ValueDecl* d = ref->getDecl();
    int v = varOf(d);
    if (v >= 0) {
      op.kind = Operand::Kind::Var;
      op.var = v;
      op.name = fn->vars[v].name;
    } else if (dsl::isDslDecl(d) && d->getIdentifier()) {
      op.kind = Operand::Kind::Dsl;
      op.name = d->getName().str();
    }
  } else if (const auto* lit = llvm::dyn_cast<clang::IntegerLiteral>(x)) {
    op.kind = Operand::Kind::Int;
    op.value = static_cast<long long>(lit->getValue().getLimitedValue());
  } else if (const auto* b2 = llvm::dyn_cast<clang::CXXBoolLiteralExpr>(x)) {
    op.kind = Operand::Kind::Bool;
    op.value = b2->getValue() ? 1 : 0;
  }
  return op;
}

std::optional<CallShape> SemanticScope::shape(const clang::Expr* call) const {
  auto parts = dsl::callParts(call);
  if (!parts)
    return std::nullopt;
  CallShape s;
  int v = varOf(parts->callee);
  if (v >= 0)
    s.calleeVar = v;
  else if (dsl::isDslDecl(parts->callee))
    s.callee = parts->name;
  else
    return std::nullopt;
  long off = offsetOf(parts->call->getBeginLoc());
  s.offset = off < 0 ? 0 : static_cast<unsigned>(off);
  for (const clang::Expr* a : parts->args)
    s.args.push_back(operand(a));
  return s;
}

namespace {

using VarMap = llvm::DenseMap<const clang::Decl*, int>;

bool isInsertion(const clang::FunctionDecl* fd) {
  static const llvm::StringSet<> names = {"emplace_back", "push_back",     "emplace",    "insert",
                                          "push",         "emplace_front", "push_front", "append"};
  return fd && fd->getIdentifier() && names.contains(fd->getName());
}

bool isForwardingReference(const clang::FunctionDecl* fd, unsigned param) {
  const clang::FunctionDecl* pattern = fd->getTemplateInstantiationPattern();
  if (!pattern || pattern->getNumParams() == 0)
    return false;
  // A trailing parameter pack covers every argument from its position on.
  unsigned last = pattern->getNumParams() - 1;
  if (param >= last && pattern->getParamDecl(last)->isParameterPack())
    param = last;
  if (param >= pattern->getNumParams())
    return false;
  clang::QualType t = pattern->getParamDecl(param)->getType();
  if (const auto* pack = t->getAs<clang::PackExpansionType>())
    t = pack->getPattern();
  const auto* rref = t->getAs<clang::RValueReferenceType>();
  return rref && rref->getPointeeType()->getAs<clang::TemplateTypeParmType>() &&
         !rref->getPointeeType().hasQualifiers();
}

bool isNonConstLValueRef(clang::QualType t) {
  const auto* ref = t->getAs<clang::LValueReferenceType>();
  return ref && !ref->getPointeeType().isConstQualified();
}

/// Collects the variables one statement names and the ways it may change them.
class RefVisitor : public clang::RecursiveASTVisitor<RefVisitor> {
public:
  RefVisitor(const SemanticScope& scope, Statement& st, FunctionIndex& fn, int index, bool frozen)
      : scope_(scope), st_(st), fn_(fn), index_(index), frozen_(frozen) {}

  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    int v = scope_.varOf(e->getDecl());
    if (v >= 0 && v != st_.declVar)
      refs_.push_back(v);
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator* b) {
    if (b->isAssignmentOp())
      mark(b->getLHS(), MutationKind::Assigned);
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* u) {
    if (u->isIncrementDecrementOp())
      mark(u->getSubExpr(), MutationKind::Assigned);
    else if (u->getOpcode() == clang::UO_AddrOf)
      mark(u->getSubExpr(), MutationKind::AddressTaken);
    return true;
  }
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr* e) {
    switch (e->getOperator()) {
    case clang::OO_Equal:
    case clang::OO_PlusEqual:
    case clang::OO_MinusEqual:
    case clang::OO_StarEqual:
    case clang::OO_SlashEqual:
    case clang::OO_PercentEqual:
    case clang::OO_AmpEqual:
    case clang::OO_PipeEqual:
    case clang::OO_CaretEqual:
    case clang::OO_LessLessEqual:
    case clang::OO_GreaterGreaterEqual:
    case clang::OO_PlusPlus:
    case clang::OO_MinusMinus:
      if (e->getNumArgs() > 0)
        mark(e->getArg(0), MutationKind::Assigned);
      break;
    case clang::OO_Amp:
      if (e->getNumArgs() == 1)
        mark(e->getArg(0), MutationKind::AddressTaken);
      break;
    default:
      break;
    }
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* c) {
    const clang::FunctionDecl* fd = c->getDirectCallee();
    if (!fd)
      return true;
    unsigned shift = 0;
    if (llvm::isa<clang::CXXOperatorCallExpr>(c) && llvm::isa<clang::CXXMethodDecl>(fd)) {
      shift = 1;
      const auto* md = llvm::cast<clang::CXXMethodDecl>(fd);
      if (c->getNumArgs() > 0 && !md->isConst() && !md->isStatic() &&
          !llvm::cast<clang::CXXOperatorCallExpr>(c)->isAssignmentOp())
        mark(c->getArg(0), MutationKind::NonConstUse);
    }
    for (unsigned i = shift; i < c->getNumArgs(); ++i) {
      unsigned p = i - shift;
      if (p >= fd->getNumParams())
        break;
      if (!isNonConstLValueRef(fd->getParamDecl(p)->getType()))
        continue;
      if (isInsertion(fd) && isForwardingReference(fd, p))
        continue;
      mark(c->getArg(i), MutationKind::NonConstUse);
    }
    return true;
  }
  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr* c) {
    const clang::CXXMethodDecl* md = c->getMethodDecl();
    if (md && !md->isConst() && !md->isStatic())
      mark(c->getImplicitObjectArgument(), MutationKind::NonConstUse);
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* vd) {
    if (vd->getInit() && isNonConstLValueRef(vd->getType()))
      mark(vd->getInit(), MutationKind::ReferenceBound);
    return true;
  }
  bool VisitLambdaExpr(clang::LambdaExpr* l) {
    if (frozen_)
      return true; // the fallback lambdas of earlier runs only read
    for (const clang::LambdaCapture& c : l->captures())
      if (c.capturesVariable() && c.getCaptureKind() == clang::LCK_ByRef) {
        int v = scope_.varOf(c.getCapturedVar());
        if (v >= 0)
          add(v, c.getLocation(), MutationKind::CapturedByReference);
      }
    return true;
  }

  void finish() {
    std::sort(refs_.begin(), refs_.end());
    refs_.erase(std::unique(refs_.begin(), refs_.end()), refs_.end());
    st_.refs = std::move(refs_);
  }

private:
  void mark(const clang::Expr* e, MutationKind kind) {
    if (!e)
      return;
    const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
    if (!ref)
      return;
    int v = scope_.varOf(ref->getDecl());
    if (v >= 0)
      add(v, ref->getLocation(), kind);
  }
  void add(int v, clang::SourceLocation loc, MutationKind kind) {
    if (fn_.vars[v].constant)
      return; // const: no write can follow, through a reference or not
    long off = scope_.offsetOf(loc);
    fn_.vars[v].mutations.push_back(
        Mutation{index_, static_cast<unsigned>(off < 0 ? st_.begin : off), kind});
  }

  const SemanticScope& scope_;
  Statement& st_;
  FunctionIndex& fn_;
  int index_;
  bool frozen_;
  std::vector<int> refs_;
};

/// The `return`s of a function body and its coroutine keywords, those of lambdas and local
/// classes aside.
class BodyScan : public clang::RecursiveASTVisitor<BodyScan> {
public:
  std::vector<const clang::ReturnStmt*> returns;
  std::vector<const clang::CoreturnStmt*> coreturns;
  std::vector<clang::SourceLocation> coroutine; ///< co_await, co_yield, co_return

  bool TraverseLambdaExpr(clang::LambdaExpr*) { return true; }
  bool TraverseCXXRecordDecl(clang::CXXRecordDecl*) { return true; }
  bool VisitReturnStmt(clang::ReturnStmt* r) {
    returns.push_back(r);
    return true;
  }
  bool VisitCoreturnStmt(clang::CoreturnStmt* r) {
    coreturns.push_back(r);
    coroutine.push_back(r->getKeywordLoc());
    return true;
  }
  bool VisitCoawaitExpr(clang::CoawaitExpr* e) {
    coroutine.push_back(e->getKeywordLoc());
    return true;
  }
  bool VisitDependentCoawaitExpr(clang::DependentCoawaitExpr* e) {
    coroutine.push_back(e->getKeywordLoc());
    return true;
  }
  bool VisitCoyieldExpr(clang::CoyieldExpr* e) {
    coroutine.push_back(e->getKeywordLoc());
    return true;
  }
};

bool isSolve(clang::QualType t) {
  const clang::CXXRecordDecl* rd = t.isNull() ? nullptr : t->getAsCXXRecordDecl();
  return rd && rd->getQualifiedNameAsString() == "battgpu::Solve";
}

bool spelledAt(llvm::StringRef input, long offset, llvm::StringRef word) {
  if (offset < 0 || static_cast<size_t>(offset) >= input.size())
    return false;
  llvm::StringRef rest = input.substr(static_cast<size_t>(offset));
  if (!rest.starts_with(word))
    return false;
  if (rest.size() == word.size())
    return true;
  char c = rest[word.size()];
  return !(std::isalnum(static_cast<unsigned char>(c)) || c == '_');
}

class Builder {
public:
  Builder(clang::ASTContext& ast, const SemanticInput& in, const std::vector<Pattern*>& patterns)
      : ast_(ast), sm_(ast.getSourceManager()), in_(in), patterns_(patterns) {
    main_ = sm_.getMainFileID();
    for (Pattern* p : patterns_) {
      p->registerMatchers(finder_);
      p->attach(&scope_);
      for (llvm::StringRef t : p->triggers())
        triggers_.insert(t);
      closures_ = closures_ || p->acceptsClosureCalls();
    }
    scope_.ast = &ast_;
    scope_.map = in_.map;
    scope_.mainFile = main_;
    if (in_.placed)
      for (const PlacedRegion& r : *in_.placed)
        placed_.push_back(&r);
    std::sort(placed_.begin(), placed_.end(), [](const PlacedRegion* a, const PlacedRegion* b) {
      return a->outBegin < b->outBegin;
    });
  }

  SemanticResult run() {
    walk(ast_.getTranslationUnitDecl(), false);
    for (Pattern* p : patterns_)
      p->attach(nullptr);
    return std::move(result_);
  }

private:
  bool inMain(const clang::Decl* d) const {
    return sm_.getFileID(sm_.getExpansionLoc(d->getLocation())) == main_;
  }

  void walk(const clang::DeclContext* dc, bool templated) {
    for (const clang::Decl* d : dc->decls()) {
      if (!result_.ok)
        return;
      if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d)) {
        if (inMain(ns))
          walk(ns, templated);
      } else if (const auto* ls = llvm::dyn_cast<clang::LinkageSpecDecl>(d)) {
        if (inMain(ls))
          walk(ls, templated);
      } else if (!inMain(d)) {
        continue;
      } else if (const auto* ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) {
        function(ft->getTemplatedDecl(), true);
      } else if (const auto* ct = llvm::dyn_cast<clang::ClassTemplateDecl>(d)) {
        if (ct->getTemplatedDecl()->isThisDeclarationADefinition())
          walk(ct->getTemplatedDecl(), true);
      } else if (const auto* rd = llvm::dyn_cast<clang::CXXRecordDecl>(d)) {
        if (!rd->isLambda() && rd->isThisDeclarationADefinition())
          walk(rd, templated || rd->isDependentContext());
      } else if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d)) {
        function(fd, templated);
      }
    }
  }

  /// Offset in the parsed main buffer, or -1 (for locations in other files).
  long outOffset(clang::SourceLocation loc) const {
    if (loc.isInvalid())
      return -1;
    clang::SourceLocation e = sm_.getExpansionLoc(loc);
    if (sm_.getFileID(e) != main_)
      return -1;
    return sm_.getFileOffset(e);
  }
  /// Offset where a location's file is (transitively) included into the main buffer.
  long includedAt(clang::SourceLocation loc) const {
    clang::SourceLocation e = sm_.getExpansionLoc(loc);
    while (e.isValid() && sm_.getFileID(e) != main_)
      e = sm_.getIncludeLoc(sm_.getFileID(e));
    return e.isValid() ? static_cast<long>(sm_.getFileOffset(e)) : -1;
  }
  long endOffset(const clang::Stmt* s) const {
    clang::SourceLocation endLoc = sm_.getExpansionLoc(s->getEndLoc());
    clang::SourceLocation after =
        clang::Lexer::getLocForEndOfToken(endLoc, 0, sm_, ast_.getLangOpts());
    long last = after.isValid() ? outOffset(after.getLocWithOffset(-1)) : -1;
    long mapped = last < 0 ? -1 : in_.map->map(static_cast<unsigned>(last));
    return mapped < 0 ? -1 : mapped + 1;
  }

  const PlacedRegion* placedAt(long out) const {
    if (placed_.empty() || out < 0)
      return nullptr;
    auto it =
        std::upper_bound(placed_.begin(), placed_.end(), static_cast<unsigned long>(out),
                         [](unsigned long o, const PlacedRegion* r) { return o < r->outBegin; });
    if (it == placed_.begin())
      return nullptr;
    --it;
    return static_cast<unsigned long>(out) < (*it)->outEnd ? *it : nullptr;
  }

  struct VStmt {
    const clang::Stmt* stmt;
    long in;
    bool foreign;
  };

  /// The member statements inside a placed block's fallback lambda.
  bool members(const clang::Stmt* first, const PlacedRegion& r, std::vector<VStmt>& out) {
    const auto* ds = llvm::dyn_cast<clang::DeclStmt>(first);
    const auto* vd =
        ds && ds->isSingleDecl() ? llvm::dyn_cast<clang::VarDecl>(ds->getSingleDecl()) : nullptr;
    const clang::Expr* init = vd ? vd->getInit() : nullptr;
    if (init)
      init = init->IgnoreUnlessSpelledInSource();
    // `auto tmp = co_await gather_...(..., [&] {...});`: the call is the operand.
    if (const auto* await = llvm::dyn_cast_or_null<clang::CoawaitExpr>(init))
      init = await->getOperand() ? await->getOperand()->IgnoreUnlessSpelledInSource() : nullptr;
    const auto* call = llvm::dyn_cast_or_null<clang::CallExpr>(init);
    const auto* lambda =
        call && call->getNumArgs() > 0
            ? llvm::dyn_cast<clang::LambdaExpr>(
                  call->getArg(call->getNumArgs() - 1)->IgnoreUnlessSpelledInSource())
            : nullptr;
    const auto* body = lambda ? llvm::dyn_cast<clang::CompoundStmt>(lambda->getBody()) : nullptr;
    if (!body || body->size() != r.memberOut.size() + 1)
      return false;
    size_t k = 0;
    for (const clang::Stmt* s : body->body()) {
      if (k == r.memberOut.size())
        break;
      if (outOffset(s->getBeginLoc()) != static_cast<long>(r.memberOut[k]))
        return false;
      out.push_back(VStmt{s, static_cast<long>(r.memberIn[k]), false});
      ++k;
    }
    return true;
  }

  int regionAt(long in) const {
    if (!in_.frozen || in < 0)
      return -1;
    const std::vector<Region>& rs = *in_.frozen;
    auto it = std::upper_bound(rs.begin(), rs.end(), static_cast<unsigned long>(in),
                               [](unsigned long o, const Region& r) { return o < r.begin; });
    if (it == rs.begin())
      return -1;
    --it;
    return static_cast<unsigned long>(in) < it->end ? static_cast<int>(it - rs.begin()) : -1;
  }

  bool isFormEdit(long out) const {
    return out >= 0 && in_.formEdits &&
           std::binary_search(in_.formEdits->begin(), in_.formEdits->end(),
                              static_cast<unsigned>(out));
  }
  /// Input offset of a location of the parsed main buffer, or -1.
  long inOffset(clang::SourceLocation loc) const {
    long out = outOffset(loc);
    return out < 0 ? -1 : in_.map->map(static_cast<unsigned>(out));
  }
  /// "file:line" of a declaration, for messages (lines of the main file are the input's).
  std::string where(const clang::Decl* d) const {
    clang::SourceLocation loc = sm_.getExpansionLoc(d->getLocation());
    if (sm_.getFileID(loc) == main_) {
      long in = inOffset(loc);
      llvm::StringRef name = llvm::sys::path::filename(
          sm_.getFileEntryRefForID(main_) ? sm_.getFileEntryRefForID(main_)->getName() : "");
      if (in >= 0)
        return name.str() + ":" + std::to_string(in_.input.take_front(in).count('\n') + 1);
    }
    clang::PresumedLoc p = sm_.getPresumedLoc(loc);
    if (p.isInvalid())
      return "an unknown place";
    return llvm::sys::path::filename(p.getFilename()).str() + ":" + std::to_string(p.getLine());
  }

  /// Whether the function may become a coroutine returning battgpu::Solve, judged on the
  /// input (a speculative rewrite's own `battgpu::Solve`, `co_await`s and `co_return`s are
  /// recognised as such).
  FunctionForm form(const clang::FunctionDecl* fd, const clang::CompoundStmt* body,
                    bool templated) const {
    FunctionForm f;
    long name = inOffset(fd->getLocation());
    f.nameOffset = name < 0 ? 0 : static_cast<unsigned>(name);
    BodyScan scan;
    scan.TraverseStmt(const_cast<clang::CompoundStmt*>(body));
    clang::SourceRange rt = fd->getReturnTypeSourceRange();
    bool converted = isFormEdit(outOffset(rt.getBegin())) && !rt.getBegin().isMacroID();
    bool coroutine = false;
    for (clang::SourceLocation loc : scan.coroutine) {
      long out = outOffset(loc);
      if (!placedAt(out) && !isFormEdit(out))
        coroutine = true;
    }
    const auto* proto = fd->getType()->getAs<clang::FunctionProtoType>();
    auto blocking = [&](std::string why) {
      f.kind = FunctionForm::Kind::Blocking;
      f.problem = std::move(why);
      return f;
    };
    if (llvm::isa<clang::CXXMethodDecl>(fd))
      return blocking("it is a member function");
    if (templated || fd->isTemplated() || fd->isFunctionTemplateSpecialization() ||
        fd->isTemplateInstantiation() || fd->getPrimaryTemplate())
      return blocking("it is a template or a template specialization");
    if (fd->isMain())
      return blocking("it is 'main'");
    if (fd->isConsteval())
      return blocking("it is consteval");
    if (fd->isConstexpr())
      return blocking("it is constexpr");
    if (fd->isVariadic())
      return blocking("it is variadic");
    if (fd->isExternC())
      return blocking("it has C language linkage");
    if (!converted && isSolve(fd->getReturnType()) && coroutine) {
      f.kind = FunctionForm::Kind::Coroutine;
      return f;
    }
    if (!converted) {
      if (!fd->getReturnType()->isVoidType())
        return blocking("its return type is not void");
      if (proto && proto->hasTrailingReturn())
        return blocking("its return type is a trailing return type");
      if (rt.isInvalid() || rt.getBegin() != rt.getEnd() || rt.getBegin().isMacroID() ||
          !spelledAt(in_.input, inOffset(rt.getBegin()), "void"))
        return blocking("its return type is not spelled 'void'");
    } else if (!spelledAt(in_.input, inOffset(rt.getBegin()), "void")) {
      return blocking("its return type is not spelled 'void'");
    }
    for (const clang::FunctionDecl* r : fd->redecls())
      if (r != fd)
        return blocking("it has another declaration at " + where(r));
    if (coroutine)
      return blocking("its body is already a coroutine");
    std::vector<unsigned> returns;
    for (const clang::ReturnStmt* r : scan.returns) {
      if (r->getReturnLoc().isMacroID())
        return blocking("a 'return' in it comes from a macro expansion");
      long at = inOffset(r->getReturnLoc());
      if (at < 0 || !spelledAt(in_.input, at, "return"))
        return blocking("a 'return' in it is not in the main file");
      returns.push_back(static_cast<unsigned>(at));
    }
    for (const clang::CoreturnStmt* r : scan.coreturns) {
      if (!isFormEdit(outOffset(r->getKeywordLoc())))
        continue;
      long at = inOffset(r->getKeywordLoc());
      if (at < 0 || !spelledAt(in_.input, at, "return"))
        return blocking("a 'return' in it is not in the main file");
      returns.push_back(static_cast<unsigned>(at));
    }
    std::sort(returns.begin(), returns.end());
    long ret = inOffset(rt.getBegin());
    f.kind = FunctionForm::Kind::Plain;
    f.voidBegin = static_cast<unsigned>(ret);
    f.returns = std::move(returns);
    return f;
  }

  bool isCandidateShape(const clang::Stmt* s) const {
    const auto* ds = llvm::dyn_cast<clang::DeclStmt>(s);
    if (!ds)
      return false;
    for (const clang::Decl* d : ds->decls()) {
      const auto* vd = llvm::dyn_cast<clang::VarDecl>(d);
      if (!vd || !vd->getInit())
        continue;
      auto parts = dsl::callParts(vd->getInit());
      if (!parts)
        continue;
      if (dsl::isDslDecl(parts->callee) && triggers_.contains(parts->name))
        return true;
      if (closures_ && scope_.varOf(parts->callee) >= 0)
        return true;
    }
    return false;
  }

  void function(const clang::FunctionDecl* fd, bool templated) {
    if (!fd->doesThisDeclarationHaveABody() || !inMain(fd))
      return;
    const clang::Stmt* written = fd->getBody();
    if (const auto* co = llvm::dyn_cast_or_null<clang::CoroutineBodyStmt>(written))
      written = co->getBody();
    const auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(written);
    if (!body)
      return;
    FunctionIndex fn;
    fn.name = fd->getNameAsString();
    fn.templated = templated || fd->isTemplated() || fd->isDependentContext();
    fn.form = form(fd, body, templated);
    long fbIn = inOffset(fd->getBeginLoc());
    fn.begin = fbIn < 0 ? 0 : static_cast<unsigned>(fbIn);
    VarMap vars;
    for (const clang::ParmVarDecl* p : fd->parameters())
      if (p->getIdentifier()) {
        int id = fn.addVariable(p->getName(), true, -1);
        fn.vars[id].constant = p->getType().getNonReferenceType().isConstQualified();
        vars[p->getCanonicalDecl()] = id;
      }

    // The statements in input order, blocks of a speculative rewrite unfolded.
    std::vector<VStmt> list;
    llvm::DenseMap<const PlacedRegion*, bool> seen;
    llvm::StringMap<const clang::VarDecl*> bindings;
    for (const clang::Stmt* s : body->body()) {
      long out = outOffset(s->getBeginLoc());
      if (const PlacedRegion* r = placedAt(out)) {
        if (!seen.count(r)) {
          seen[r] = true;
          if (!members(s, *r, list)) {
            result_.ok = false;
            result_.problem = "a speculative block could not be read back";
            return;
          }
        } else if (const auto* ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
          for (const clang::Decl* d : ds->decls())
            if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(d))
              bindings[vd->getName()] = vd;
        }
        continue;
      }
      if (out < 0) {
        list.push_back(VStmt{s, includedAt(s->getBeginLoc()), true});
        continue;
      }
      long in = in_.map->map(static_cast<unsigned>(out));
      list.push_back(VStmt{s, in, in < 0});
    }
    stableSort(list, [](const VStmt& a, const VStmt& b) { return a.in < b.in; });

    scope_.fn = &fn;
    scope_.vars = &vars;
    fn.stmts.resize(list.size());
    for (size_t i = 0; i < list.size(); ++i) {
      const clang::Stmt* s = list[i].stmt;
      Statement& st = fn.stmts[i];
      st.begin = list[i].in < 0 ? 0 : static_cast<unsigned>(list[i].in);
      long end = list[i].foreign ? -1 : endOffset(s);
      st.foreign =
          list[i].foreign || end < 0 || sm_.getFileID(sm_.getExpansionLoc(s->getEndLoc())) != main_;
      st.end = end < 0 ? st.begin : static_cast<unsigned>(end);
      st.region = regionAt(list[i].in);
      st.macro = s->getBeginLoc().isMacroID() || s->getEndLoc().isMacroID();
      if (const auto* ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
        for (const clang::Decl* d : ds->decls()) {
          const auto* vd = llvm::dyn_cast<clang::VarDecl>(d);
          if (!vd)
            continue;
          if (const clang::Expr* init = vd->getInit())
            st.macro = st.macro || init->getBeginLoc().isMacroID() || init->getEndLoc().isMacroID();
          if (llvm::isa<clang::DecompositionDecl>(vd) || !vd->getIdentifier())
            continue;
          int id = fn.addVariable(vd->getName(), false, static_cast<int>(i));
          fn.vars[id].constant = vd->getType().getNonReferenceType().isConstQualified();
          vars[vd->getCanonicalDecl()] = id;
          auto b = bindings.find(vd->getName());
          if (b != bindings.end())
            vars[b->second->getCanonicalDecl()] = id;
          if (ds->isSingleDecl()) {
            st.declVar = id;
            long nameAt = outOffset(vd->getLocation());
            long nameIn = nameAt < 0 ? -1 : in_.map->map(static_cast<unsigned>(nameAt));
            st.nameEnd = nameIn < 0 ? st.begin
                                    : static_cast<unsigned>(nameIn) +
                                          static_cast<unsigned>(vd->getName().size());
            st.reference = vd->getType()->isReferenceType();
            st.storage = vd->isStaticLocal() || vd->isConstexpr() || vd->hasExternalStorage() ||
                         vd->getTSCSpec() != clang::TSCS_unspecified;
          }
        }
      }
      RefVisitor visitor(scope_, st, fn, static_cast<int>(i), st.frozen());
      visitor.TraverseStmt(const_cast<clang::Stmt*>(s));
      visitor.finish();
      if (!st.frozen() && isCandidateShape(s)) {
        scope_.stmt = static_cast<int>(i);
        finder_.match(*s, ast_);
      }
    }
    fn.finish();
    scope_.fn = nullptr;
    scope_.vars = nullptr;
    result_.functions.push_back(std::move(fn));
  }

  clang::ASTContext& ast_;
  const clang::SourceManager& sm_;
  const SemanticInput& in_;
  const std::vector<Pattern*>& patterns_;
  clang::FileID main_;
  clang::ast_matchers::MatchFinder finder_;
  SemanticScope scope_;
  llvm::StringSet<> triggers_;
  bool closures_ = false;
  std::vector<const PlacedRegion*> placed_;
  SemanticResult result_;
};

} // namespace

SemanticResult buildSemanticIndex(clang::ASTContext& ast, const SemanticInput& in,
                                  const std::vector<Pattern*>& patterns) {
  Builder b(ast, in, patterns);
  return b.run();
}

} // namespace battgpu::rewrite
