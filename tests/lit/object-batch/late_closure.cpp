// A closure defined after a use of the group's first variable cannot join: the batched call
// would have to follow the closure, after that use. It stays where it was.
// RUN: %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %clang-compiles %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = size(t1);
  auto t3 = rbind(o_g, R2);
  auto t4 = t3(I);
  auto t5 = o_g(I, R1);
  o.emplace_back(5, "late", fill(I, t2, merge(combine(t4, t5))));
}
} // namespace solvers

// CHECK:      {{^}}  // battgpu-rewrite: object-batch begin (t1, t5){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t1 = co_await battgpu::runtime::gather_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK:      {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}  auto t2 = size(t1);{{$}}
// CHECK-NEXT: {{^}}  auto t3 = rbind(o_g, R2);{{$}}
// CHECK-NEXT: {{^}}  auto t4 = t3(I);{{$}}

// DIAG: late_closure.cpp:18:13: warning: object-batch: 't4' not rewritten: a use would move before its definition: 't1' is used at line 16, before 't3' is defined at line 17 [battgpu-object-batch]
