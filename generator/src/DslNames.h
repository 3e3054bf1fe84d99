// What battgpu-rewrite knows about the C++ ARC DSL (namespace battgpu::dsl): constants for
// object modes, the per-object primitives mapply-batch batches, and how a DSL call, a DSL
// declaration and the DSL's value types look in Clang's AST. The dynamic dialects of
// battgpu-import's output (battgpu::pydsl::tokpidjin and ::arc_dsl, Python values: see
// importer/README.md) name the same functions, so their calls are found too; their arguments
// are never the typed values a rewrite needs, so each is reported as skipped.
#pragma once

#include "FunctionIndex.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <optional>
#include <string>
#include <vector>

namespace battgpu::rewrite::dsl {

/// The object mode an operand spells (R0..R7, or an integer literal 0..7), or -1.
int modeOf(const Operand& op);
/// The flag an operand spells (T, F, true, false) as 0 or 1, or -1.
int flagOf(const Operand& op);

/// What the elements of a per-object primitive's container must be.
enum class Element { Patch, Location };
/// The per-object primitives mapply-batch batches, with what their container holds.
std::optional<Element> perObjectPrimitive(llvm::StringRef name);
std::vector<llvm::StringRef> perObjectPrimitiveNames();

/// Whether `d` is declared in namespace battgpu::dsl (inline namespaces allowed), or is a
/// name of a dynamic dialect (isPyDslDecl).
bool isDslDecl(const clang::Decl* d);
/// Whether `d` is a DSL name battgpu-import declared: in battgpu::pydsl::tokpidjin or
/// battgpu::pydsl::arc_dsl (anonymous and inline namespaces allowed).
bool isPyDslDecl(const clang::Decl* d);

/// A call written `f(args...)`: f a variable (a function object or closure), a function, or
/// a name still to be looked up in a template.
struct CallParts {
  const clang::NamedDecl* callee = nullptr;
  std::string name;
  std::vector<const clang::Expr*> args;
  const clang::Expr* call = nullptr;
};
std::optional<CallParts> callParts(const clang::Expr* e);

bool isGrid(clang::QualType t);
bool isSamples(clang::QualType t);
/// The kind of element a Tuple or FrozenSet holds, when it is a patch or a location.
std::optional<Element> containerElement(clang::QualType t);

} // namespace battgpu::rewrite::dsl

namespace battgpu::rewrite::matchers {

/// A call of one of the DSL primitives `names`.
AST_MATCHER_P(clang::Expr, dslCallTo, std::vector<std::string>, names) {
  (void)Finder, (void)Builder;
  auto parts = dsl::callParts(&Node);
  return parts && dsl::isDslDecl(parts->callee) &&
         std::find(names.begin(), names.end(), parts->name) != names.end();
}

/// A DSL call whose argument `index` names one of the DSL entities `names`.
AST_MATCHER_P2(clang::Expr, dslArgumentNamed, unsigned, index, std::vector<std::string>, names) {
  (void)Finder, (void)Builder;
  auto parts = dsl::callParts(&Node);
  if (!parts || index >= parts->args.size())
    return false;
  const auto* ref =
      llvm::dyn_cast<clang::DeclRefExpr>(parts->args[index]->IgnoreUnlessSpelledInSource());
  return ref && dsl::isDslDecl(ref->getDecl()) && ref->getDecl()->getIdentifier() &&
         std::find(names.begin(), names.end(), ref->getDecl()->getName()) != names.end();
}

/// A call of a local variable (a closure) that `inner` matches.
AST_MATCHER_P(clang::Expr, localClosureCall, clang::ast_matchers::internal::Matcher<clang::VarDecl>,
              inner) {
  auto parts = dsl::callParts(&Node);
  if (!parts)
    return false;
  const auto* var = llvm::dyn_cast_or_null<clang::VarDecl>(parts->callee);
  return var && var->isLocalVarDecl() && inner.matches(*var, Finder, Builder);
}

} // namespace battgpu::rewrite::matchers
