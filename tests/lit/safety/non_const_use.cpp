// Negative: a call that may change the grid between the o_g calls (a non-const reference
// parameter, a lambda capturing it by reference) keeps them apart. Recording a result with
// o.emplace_back copies it and does not. In the gathered form the calls that stay at their
// place are batch points of their own; one after a capture by reference is still left alone.
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp --batch-form=blocking -- %flags 2>%t.err
// RUN: cmp %s %t.cpp
// RUN: FileCheck %s --input-file=%t.err
// RUN: %rewrite %s -o %t.gathered.cpp -- %flags 2>%t.gathered.err
// RUN: FileCheck %s --check-prefix=GATHERED --input-file=%t.gathered.cpp
// RUN: FileCheck %s --check-prefix=GATHERED-DIAG --input-file=%t.gathered.err
// RUN: %clang-compiles %t.gathered.cpp
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

// CHECK: non_const_use.cpp:23:13: warning: object-batch: 't1' not rewritten: no other o_g/objects call on grid 'g' can be batched with it [battgpu-object-batch]
// CHECK: non_const_use.cpp:26:13: warning: object-batch: 't2' not rewritten: 'g' is passed to a non-const use at line 25, between the statements [battgpu-object-batch]
// CHECK: non_const_use.cpp:28:13: warning: object-batch: 't3' not rewritten: no other o_g/objects call on grid 'h' can be batched with it [battgpu-object-batch]
// CHECK: non_const_use.cpp:30:13: warning: object-batch: 't5' not rewritten: 'h' is captured by reference at line 29 [battgpu-object-batch]

// GATHERED:      {{^}}  // battgpu-rewrite: object-batch begin (t1){{$}}
// GATHERED:      {{^}}  touch(g);{{$}}
// GATHERED-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t2){{$}}
// GATHERED:      {{^}}  auto h = vmirror(I);{{$}}
// GATHERED-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t3){{$}}
// GATHERED:      {{^}}  auto t4 = [&] { return size(h); }();{{$}}
// GATHERED-NEXT: {{^}}  auto t5 = o_g(h, R1);{{$}}
// GATHERED-DIAG: non_const_use.cpp:30:13: warning: object-batch: 't5' not rewritten: 'h' is captured by reference at line 29 [battgpu-object-batch]
