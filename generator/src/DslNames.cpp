#include "DslNames.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace battgpu::rewrite::dsl {

int modeOf(const Operand& op) {
  if (op.kind == Operand::Kind::Int && op.value >= 0 && op.value <= 7)
    return static_cast<int>(op.value);
  if (op.kind == Operand::Kind::Dsl && op.name.size() == 2 && op.name[0] == 'R' &&
      op.name[1] >= '0' && op.name[1] <= '7')
    return op.name[1] - '0';
  return -1;
}

int flagOf(const Operand& op) {
  if (op.kind == Operand::Kind::Bool)
    return op.value ? 1 : 0;
  if (op.kind == Operand::Kind::Dsl && (op.name == "T" || op.name == "F"))
    return op.name == "T" ? 1 : 0;
  return -1;
}

namespace {
struct PerObject {
  const char* name;
  Element element;
};
// Primitives of one patch (or, for the neighbourhoods, one location) that accept nothing else,
// so that a program that compiles only maps them over containers of objects or patches.
const PerObject PerObjectPrimitives[] = {
    {"toindices", Element::Patch},     {"normalize", Element::Patch},
    {"corners", Element::Patch},       {"backdrop", Element::Patch},
    {"delta", Element::Patch},         {"outbox", Element::Patch},
    {"inbox", Element::Patch},         {"box", Element::Patch},
    {"ulcorner", Element::Patch},      {"urcorner", Element::Patch},
    {"llcorner", Element::Patch},      {"lrcorner", Element::Patch},
    {"center", Element::Patch},        {"centerofmass", Element::Patch},
    {"uppermost", Element::Patch},     {"lowermost", Element::Patch},
    {"leftmost", Element::Patch},      {"rightmost", Element::Patch},
    {"hperiod", Element::Patch},       {"vperiod", Element::Patch},
    {"color", Element::Patch},         {"dneighbors", Element::Location},
    {"ineighbors", Element::Location}, {"neighbors", Element::Location},
};
} // namespace

std::optional<Element> perObjectPrimitive(llvm::StringRef name) {
  for (const PerObject& p : PerObjectPrimitives)
    if (name == p.name)
      return p.element;
  return std::nullopt;
}

std::vector<llvm::StringRef> perObjectPrimitiveNames() {
  std::vector<llvm::StringRef> names;
  for (const PerObject& p : PerObjectPrimitives)
    names.push_back(p.name);
  return names;
}

namespace {
const clang::DeclContext* skipInline(const clang::DeclContext* dc) {
  while (dc && dc->isInlineNamespace())
    dc = dc->getParent();
  return dc;
}
bool isNamespace(const clang::DeclContext* dc, llvm::StringRef name) {
  const auto* ns = llvm::dyn_cast_or_null<clang::NamespaceDecl>(dc);
  return ns && !ns->isAnonymousNamespace() && ns->getName() == name;
}
} // namespace

bool isDslDecl(const clang::Decl* d) {
  if (!d)
    return false;
  const clang::DeclContext* dc = skipInline(d->getDeclContext());
  if (isNamespace(dc, "dsl")) {
    dc = skipInline(dc->getParent());
    if (!isNamespace(dc, "battgpu"))
      return false;
    dc = skipInline(dc->getParent());
    return dc && dc->isTranslationUnit();
  }
  return isPyDslDecl(d);
}

bool isPyDslDecl(const clang::Decl* d) {
  if (!d)
    return false;
  // battgpu-import declares the names it uses in an anonymous namespace of its file, inside
  // battgpu::pydsl::<dialect>.
  const clang::DeclContext* dc = d->getDeclContext();
  while (dc && (dc->isInlineNamespace() ||
                (llvm::isa<clang::NamespaceDecl>(dc) &&
                 llvm::cast<clang::NamespaceDecl>(dc)->isAnonymousNamespace())))
    dc = dc->getParent();
  if (!isNamespace(dc, "tokpidjin") && !isNamespace(dc, "arc_dsl"))
    return false;
  dc = skipInline(dc->getParent());
  if (!isNamespace(dc, "pydsl"))
    return false;
  dc = skipInline(dc->getParent());
  if (!isNamespace(dc, "battgpu"))
    return false;
  dc = skipInline(dc->getParent());
  return dc && dc->isTranslationUnit();
}

std::optional<CallParts> callParts(const clang::Expr* e) {
  if (!e)
    return std::nullopt;
  e = e->IgnoreUnlessSpelledInSource();
  CallParts parts;
  parts.call = e;
  const clang::Expr* calleeExpr = nullptr;
  if (const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e)) {
    if (op->getOperator() != clang::OO_Call || op->getNumArgs() == 0)
      return std::nullopt;
    calleeExpr = op->getArg(0);
    for (unsigned i = 1; i < op->getNumArgs(); ++i)
      parts.args.push_back(op->getArg(i));
  } else if (const auto* call = llvm::dyn_cast<clang::CallExpr>(e)) {
    if (llvm::isa<clang::CXXMemberCallExpr>(call))
      return std::nullopt;
    calleeExpr = call->getCallee();
    for (const clang::Expr* a : call->arguments())
      parts.args.push_back(a);
  } else {
    return std::nullopt;
  }
  calleeExpr = calleeExpr->IgnoreUnlessSpelledInSource();
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(calleeExpr)) {
    parts.callee = ref->getDecl();
  } else if (const auto* lookup = llvm::dyn_cast<clang::UnresolvedLookupExpr>(calleeExpr)) {
    for (const clang::NamedDecl* d : lookup->decls())
      if (isDslDecl(d->getUnderlyingDecl())) {
        parts.callee = d->getUnderlyingDecl();
        break;
      }
    if (!parts.callee)
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (!parts.callee->getIdentifier())
    return std::nullopt;
  parts.name = parts.callee->getName().str();
  return parts;
}

namespace {
const clang::CXXRecordDecl* recordOf(clang::QualType t) {
  if (t.isNull())
    return nullptr;
  t = t.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  return t->getAsCXXRecordDecl();
}

bool isDslRecord(clang::QualType t, llvm::StringRef name) {
  const clang::CXXRecordDecl* rd = recordOf(t);
  return rd && rd->getIdentifier() && rd->getName() == name && isDslDecl(rd);
}

/// The template arguments of specialization `name` of battgpu::dsl (or of std when `std`).
const clang::TemplateArgumentList* argsOf(clang::QualType t, llvm::StringRef name, bool std) {
  const auto* spec = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(recordOf(t));
  if (!spec || !spec->getIdentifier() || spec->getName() != name)
    return nullptr;
  if (std ? !spec->isInStdNamespace() : !isDslDecl(spec))
    return nullptr;
  return &spec->getTemplateArgs();
}

bool isIntegerPair(clang::QualType t) {
  const clang::TemplateArgumentList* args = argsOf(t, "pair", true);
  if (!args || args->size() != 2)
    return false;
  for (unsigned i = 0; i < 2; ++i) {
    if ((*args)[i].getKind() != clang::TemplateArgument::Type)
      return false;
    if (!(*args)[i].getAsType().getCanonicalType()->isSpecificBuiltinType(clang::BuiltinType::Int))
      return false;
  }
  return true;
}

clang::QualType elementOf(clang::QualType t) {
  for (llvm::StringRef kind : {"Tuple", "FrozenSet"})
    if (const clang::TemplateArgumentList* args = argsOf(t, kind, false))
      if (args->size() == 1 && (*args)[0].getKind() == clang::TemplateArgument::Type)
        return (*args)[0].getAsType();
  return {};
}
} // namespace

bool isGrid(clang::QualType t) {
  return isDslRecord(t, "Grid");
}

bool isSamples(clang::QualType t) {
  clang::QualType sample = elementOf(t);
  if (sample.isNull() || !argsOf(t, "Tuple", false))
    return false;
  const clang::TemplateArgumentList* args = argsOf(sample, "pair", true);
  return args && args->size() == 2 && isGrid((*args)[0].getAsType()) &&
         isGrid((*args)[1].getAsType());
}

std::optional<Element> containerElement(clang::QualType t) {
  clang::QualType element = elementOf(t);
  if (element.isNull())
    return std::nullopt;
  if (isIntegerPair(element))
    return Element::Location;
  clang::QualType inner = elementOf(element);
  if (!inner.isNull() && (isDslRecord(inner, "Cell") || isIntegerPair(inner)))
    return Element::Patch;
  return std::nullopt;
}

} // namespace battgpu::rewrite::dsl
