// Negative: calls inside a template are template-dependent and left alone (its
// instantiations are not looked at either).
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: cmp %s %t.cpp
// RUN: FileCheck %s --input-file=%t.err
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

template <class Samples_, class Grid_>
void solve_generic(const Samples_& S, const Grid_& I, battgpu::Outputs& o) {
  auto t1 = apply(first, S);
  auto t2 = apply(second, S);
  auto t3 = o_g(I, R5);
  auto t4 = o_g(I, R1);
  auto t5 = mapply(corners, t3);
  o.emplace_back(5, "generic", fill(I, ONE, combine(t5, toindices(merge(t4)))));
  (void)t1, (void)t2;
}

void solve(const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  solve_generic(S, I, o);
}
} // namespace solvers

// CHECK: template.cpp:14:13: warning: sample-batch: 't1' not rewritten: template-dependent: the call is inside a template [battgpu-sample-batch]
// CHECK: template.cpp:15:13: warning: sample-batch: 't2' not rewritten: template-dependent
// CHECK: template.cpp:16:13: warning: object-batch: 't3' not rewritten: template-dependent
// CHECK: template.cpp:17:13: warning: object-batch: 't4' not rewritten: template-dependent
// CHECK: template.cpp:18:13: warning: mapply-batch: 't5' not rewritten: template-dependent
