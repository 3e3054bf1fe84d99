// The grid may be a local variable: the calls on it batch when they see one value, wherever
// they are; a lone call on another grid value is a gathered batch point of its own (in the
// blocking form it stays, with a warning).
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

void solve([[maybe_unused]] const Samples& S, const Grid& I, const Grid& C, battgpu::Outputs& o) {
  auto t1 = hmirror(I);
  auto t2 = o_g(t1, R5);
  auto t3 = size(t2);
  o.emplace_back(1, "grid", t1);
  auto t4 = o_g(C, R1);
  auto t5 = o_g(t1, R7);
  auto t6 = size(t5);
  o.emplace_back(6, "grid", canvas(t3, astuple(t6, size(t4))));
}
} // namespace solvers

// CHECK:      {{^}}  auto t1 = hmirror(I);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t2, t5){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t2 = co_await battgpu::runtime::gather_objects(t1, std::array<int, 2>{5, 7}, [&] {{[{]$}}
// CHECK:      {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}  auto t3 = size(t2);{{$}}
// CHECK-NEXT: {{^}}  o.emplace_back(1, "grid", t1);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t4){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t4 = co_await battgpu::runtime::gather_objects(C, std::array<int, 1>{1}, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t4 = o_g(C, R1);{{$}}
// CHECK-NEXT: {{^}}    return std::array<battgpu::dsl::Objects, 1>{t4};{{$}}
// CHECK-NEXT: {{^}}  });{{$}}
// CHECK-NEXT: {{^}}  auto t4 = std::move(battgpu_ob_t4[0]);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}  auto t6 = size(t5);{{$}}

// BLOCKING:      {{^}}  auto battgpu_ob_t2 = battgpu::runtime::batch_objects(t1, std::array<int, 2>{5, 7}, [&] {{[{]$}}
// BLOCKING:      {{^}}  o.emplace_back(1, "grid", t1);{{$}}
// BLOCKING-NEXT: {{^}}  auto t4 = o_g(C, R1);{{$}}
// BLOCKING-NEXT: {{^}}  auto t6 = size(t5);{{$}}

// DIAG: local_grid.cpp:23:13: warning: object-batch: 't4' not rewritten: no other o_g/objects call on grid 'C' can be batched with it [battgpu-object-batch]
