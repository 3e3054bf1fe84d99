// Negative: the grid variable is reassigned between the calls, so they see different grid
// values; in the blocking form each is left alone (calls on one value after the
// reassignment could still pair); in the gathered form each is a batch point of its own.
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp --batch-form=blocking -- %flags 2>%t.err
// RUN: cmp %s %t.cpp
// RUN: FileCheck %s --input-file=%t.err
// RUN: %rewrite %s -o %t.gathered.cpp -- %flags 2>%t.gathered.err
// RUN: FileCheck %s --check-prefix=GATHERED --input-file=%t.gathered.cpp
// RUN: count 0 < %t.gathered.err
// RUN: %clang-compiles %t.gathered.cpp
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

// CHECK: grid_reassigned.cpp:20:13: warning: object-batch: 't1' not rewritten: no other o_g/objects call on grid 'g' can be batched with it [battgpu-object-batch]
// CHECK: grid_reassigned.cpp:22:13: warning: object-batch: 't2' not rewritten: 'g' is reassigned at line 21, between the statements [battgpu-object-batch]

// GATHERED:      {{^}}  Grid g = I;{{$}}
// GATHERED-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t1){{$}}
// GATHERED-NEXT: {{^}}  auto battgpu_ob_t1 = co_await battgpu::runtime::gather_objects(g, std::array<int, 1>{5}, [&] {{[{]$}}
// GATHERED:      {{^}}  g = hmirror(I);{{$}}
// GATHERED-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t2){{$}}
// GATHERED-NEXT: {{^}}  auto battgpu_ob_t2 = co_await battgpu::runtime::gather_objects(g, std::array<int, 1>{1}, [&] {{[{]$}}
