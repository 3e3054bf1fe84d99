// Negative: a call that may change the grid between the o_g calls (a non-const reference
// parameter, a lambda capturing it by reference) keeps them apart. Recording a result with
// o.emplace_back copies it and does not.
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: cmp %s %t.cpp
// RUN: FileCheck %s --input-file=%t.err
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void touch(Grid& grid) { grid = hmirror(grid); }

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto g = hmirror(I);
  auto t1 = o_g(g, R5);
  o.emplace_back(1, "record", g);
  touch(g);
  auto t2 = o_g(g, R1);
  auto h = vmirror(I);
  auto t3 = o_g(h, R5);
  auto t4 = [&] { return size(h); }();
  auto t5 = o_g(h, R1);
  o.emplace_back(5, "use", paint(g, merge(combine(combine(t1, t2), combine(t3, t5)))));
  (void)t4;
}
} // namespace solvers

// CHECK: non_const_use.cpp:18:13: warning: object-batch: 't1' not rewritten: no other o_g/objects call on grid 'g' can be batched with it [battgpu-object-batch]
// CHECK: non_const_use.cpp:21:13: warning: object-batch: 't2' not rewritten: 'g' is passed to a non-const use at line 20, between the statements [battgpu-object-batch]
// CHECK: non_const_use.cpp:23:13: warning: object-batch: 't3' not rewritten: no other o_g/objects call on grid 'h' can be batched with it [battgpu-object-batch]
// CHECK: non_const_use.cpp:25:13: warning: object-batch: 't5' not rewritten: 'h' is captured by reference at line 24 [battgpu-object-batch]
