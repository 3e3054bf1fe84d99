// mapply / apply of a per-object primitive over a container of objects becomes a
// batch_mapply call in place; it works on the results of an object-batch too.
// RUN: %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: count 0 < %t.err
// RUN: %clang-compiles %t.cpp
// RUN: %cxx-compiles %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = mapply(corners, t1);
  auto t3 = fill(I, TWO, t2);
  auto t4 = o_g(I, R7);
  auto t5 = apply(toindices, t4);
  auto t6 = mapply(battgpu::dsl::outbox, t4);
  o.emplace_back(3, "corners", t3);
  o.emplace_back(6, "frames", fill(I, THREE, combine(merge(t5), t6)));
}
} // namespace solvers

// CHECK:      {{^}}battgpu::Solve solve({{.*}}const Samples& S, const Grid& I,{{.*}}const Grid& C,{{$}}
// CHECK:      {{^}}  // battgpu-rewrite: object-batch begin (t1, t4){{$}}
// CHECK:      {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: mapply-batch begin (t2){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_mb_t2 = co_await battgpu::runtime::gather_mapply(corners, t1, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t2 = mapply(corners, t1);{{$}}
// CHECK-NEXT: {{^}}    return t2;{{$}}
// CHECK-NEXT: {{^}}  });{{$}}
// CHECK-NEXT: {{^}}  auto t2 = std::move(battgpu_mb_t2);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: mapply-batch end{{$}}
// CHECK-NEXT: {{^}}  auto t3 = fill(I, TWO, t2);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: mapply-batch begin (t5){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_mb_t5 = co_await battgpu::runtime::gather_mapply(toindices, t4, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t5 = apply(toindices, t4);{{$}}
// CHECK:      {{^}}  // battgpu-rewrite: mapply-batch begin (t6){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_mb_t6 = co_await battgpu::runtime::gather_mapply(battgpu::dsl::outbox, t4, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t6 = mapply(battgpu::dsl::outbox, t4);{{$}}
