#include "FunctionIndex.h"

#include <algorithm>

namespace battgpu::rewrite {

llvm::StringRef describe(MutationKind kind) {
  switch (kind) {
  case MutationKind::Assigned:
    return "is reassigned";
  case MutationKind::AddressTaken:
    return "has its address taken";
  case MutationKind::ReferenceBound:
    return "is bound to a non-const reference";
  case MutationKind::NonConstUse:
    return "is passed to a non-const use";
  case MutationKind::CapturedByReference:
    return "is captured by reference";
  }
  return "changed";
}

int FunctionIndex::addVariable(llvm::StringRef n, bool param, int def) {
  int id = static_cast<int>(vars.size());
  Variable v;
  v.name = n.str();
  v.param = param;
  v.def = def;
  vars.push_back(std::move(v));
  byName[n] = id;
  return id;
}

void FunctionIndex::finish() {
  for (Variable& v : vars)
    v.uses.clear();
  for (int s = 0; s < static_cast<int>(stmts.size()); ++s)
    for (int v : stmts[s].refs)
      if (v >= 0 && v < static_cast<int>(vars.size()) && vars[v].def != s)
        vars[v].uses.push_back(s);
  for (Variable& v : vars)
    std::sort(v.mutations.begin(), v.mutations.end(),
              [](const Mutation& a, const Mutation& b) { return a.stmt < b.stmt; });
}

int FunctionIndex::firstUseOutside(int var, const std::vector<int>& skip) const {
  for (int s : vars[var].uses)
    if (!std::binary_search(skip.begin(), skip.end(), s))
      return s;
  return static_cast<int>(stmts.size());
}

} // namespace battgpu::rewrite
