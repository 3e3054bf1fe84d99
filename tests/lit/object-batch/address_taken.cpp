// Negative: the grid's address is taken before the calls; a write through the pointer could
// change it between them, so they are left alone.
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
  Grid* p = &g;
  auto t1 = o_g(g, R5);
  auto t2 = o_g(g, R1);
  o.emplace_back(2, "address", paint(*p, merge(combine(t1, t2))));
}
} // namespace solvers

// CHECK: address_taken.cpp:16:13: warning: object-batch: 't1' not rewritten: 'g' has its address taken at line 15 [battgpu-object-batch]
// CHECK: address_taken.cpp:17:13: warning: object-batch: 't2' not rewritten: 'g' has its address taken at line 15 [battgpu-object-batch]
