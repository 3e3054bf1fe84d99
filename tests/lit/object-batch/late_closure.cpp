// A closure defined after a use of the group's first variable cannot join: the batched call
// would have to follow the closure, after that use. It stays where it was: in the gathered
// form as a batch point of its own, in the blocking form unchanged, with a warning.
// RUN: %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: count 0 < %t.err
// RUN: %clang-compiles %t.cpp
// RUN: %rewrite %s -o %t.blocking.cpp --batch-form=blocking -- %flags 2>%t.blocking.err
// RUN: FileCheck %s --check-prefix=BLOCKING --input-file=%t.blocking.cpp
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.blocking.err
// RUN: %clang-compiles %t.blocking.cpp
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
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t4){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t4 = co_await battgpu::runtime::gather_objects(I, std::array<int, 1>{2}, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t4 = t3(I);{{$}}
// CHECK-NEXT: {{^}}    return std::array<battgpu::dsl::Objects, 1>{t4};{{$}}
// CHECK-NEXT: {{^}}  });{{$}}
// CHECK-NEXT: {{^}}  auto t4 = std::move(battgpu_ob_t4[0]);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch end{{$}}

// BLOCKING:      {{^}}  auto battgpu_ob_t1 = battgpu::runtime::batch_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// BLOCKING:      {{^}}  auto t3 = rbind(o_g, R2);{{$}}
// BLOCKING-NEXT: {{^}}  auto t4 = t3(I);{{$}}

// DIAG: late_closure.cpp:23:13: warning: object-batch: 't4' not rewritten: a use would move before its definition: 't1' is used at line 21, before 't3' is defined at line 22 [battgpu-object-batch]
