// Negative: the grid variable is reassigned between the calls, so they see different grid
// values; each is left alone (calls on one value after the reassignment could still pair).
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: cmp %s %t.cpp
// RUN: FileCheck %s --input-file=%t.err
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  Grid g = I;
  auto t1 = o_g(g, R5);
  g = hmirror(I);
  auto t2 = o_g(g, R1);
  o.emplace_back(2, "reassigned", paint(g, merge(combine(t1, t2))));
}
} // namespace solvers

// CHECK: grid_reassigned.cpp:15:13: warning: object-batch: 't1' not rewritten: no other o_g/objects call on grid 'g' can be batched with it [battgpu-object-batch]
// CHECK: grid_reassigned.cpp:17:13: warning: object-batch: 't2' not rewritten: 'g' is reassigned at line 16, between the statements [battgpu-object-batch]
