// Where a batched call can go, and which members a group can keep (SPEC section 4: "placed
// where every operand is defined and before every use"). The same rules serve every
// pattern: the block replaces the members at one place, so every variable a member reads
// must be defined before that place, every other use of a member's variable must come after
// it, and nothing a member reads may change between its old place and the new one.
#pragma once

#include "FunctionIndex.h"
#include "SourceText.h"

#include <string>
#include <vector>

namespace battgpu::rewrite {

struct MemberSpec {
  int stmt = -1;
  bool required = false; ///< the group is abandoned when it cannot keep this member
};

struct PlannedGroup {
  bool ok = false;
  std::string failure; ///< why a required member could not stay (when !ok)
  std::vector<int> members;
  int place = -1;
  /// Optional members left out, with the reason.
  std::vector<std::pair<int, std::string>> rejected;
};

/// Adds members in the order given while the group stays feasible.
PlannedGroup planGroup(const FunctionIndex& fn, const std::vector<MemberSpec>& specs,
                       const LineTable& lines);

} // namespace battgpu::rewrite
