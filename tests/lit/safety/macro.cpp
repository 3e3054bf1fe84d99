// Negative: a candidate inside a macro expansion (the whole statement, or the call) is never
// rewritten; the diagnostic points at the macro's use.
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: cmp %s %t.cpp
// RUN: FileCheck %s --input-file=%t.err
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

#define OBJECTS_OF(grid, mode) o_g(grid, mode)
#define DECLARE_CORNERS(name, objs) auto name = mapply(corners, objs);

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = OBJECTS_OF(I, R5);
  auto t2 = OBJECTS_OF(I, R1);
  DECLARE_CORNERS(t3, t1)
  o.emplace_back(3, "macro", fill(I, ONE, combine(t3, toindices(merge(t2)))));
}
} // namespace solvers

// CHECK: macro.cpp:17:13: warning: object-batch: 't1' not rewritten: inside a macro expansion [battgpu-object-batch]
// CHECK: macro.cpp:18:13: warning: object-batch: 't2' not rewritten: inside a macro expansion [battgpu-object-batch]
// CHECK: macro.cpp:19:3: warning: mapply-batch: 't3' not rewritten: inside a macro expansion [battgpu-mapply-batch]
