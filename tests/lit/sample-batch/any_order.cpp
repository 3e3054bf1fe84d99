// The group's statements may come in any order with other statements between them; the
// batched call goes to the first of them once every operand is defined, and hands back the
// values in the order a, b, c, d whatever order the statements had.
// RUN: %rewrite %s -o %t.cpp -- %flags
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: %clang-compiles %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve(const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C, battgpu::Outputs& o) {
  auto t1 = apply(second, S);
  auto t2 = compose(palette, hmirror);
  auto t3 = apply(first, S);
  auto t4 = mapply(t2, t1);
  auto t5 = height(I);
  auto t6 = mapply(palette, t3);
  o.emplace_back(6, "order", canvas(t5, astuple(size(t4), size(t6))));
}
} // namespace solvers

// CHECK:      {{^}}  auto t2 = compose(palette, hmirror);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: sample-batch begin (t3, t1, t6, t4){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_sb_t3 = battgpu::runtime::batch_process_samples(S, palette, t2, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t1 = apply(second, S);{{$}}
// CHECK-NEXT: {{^}}    auto t3 = apply(first, S);{{$}}
// CHECK-NEXT: {{^}}    auto t4 = mapply(t2, t1);{{$}}
// CHECK-NEXT: {{^}}    auto t6 = mapply(palette, t3);{{$}}
// CHECK-NEXT: {{^}}    return std::make_tuple(t3, t1, t6, t4);{{$}}
// CHECK-NEXT: {{^}}  });{{$}}
// CHECK-NEXT: {{^}}  auto t3 = std::get<0>(std::move(battgpu_sb_t3));{{$}}
// CHECK-NEXT: {{^}}  auto t1 = std::get<1>(std::move(battgpu_sb_t3));{{$}}
// CHECK-NEXT: {{^}}  auto t6 = std::get<2>(std::move(battgpu_sb_t3));{{$}}
// CHECK-NEXT: {{^}}  auto t4 = std::get<3>(std::move(battgpu_sb_t3));{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: sample-batch end{{$}}
// CHECK-NEXT: {{^}}  auto t5 = height(I);{{$}}
// CHECK-NEXT: {{^}}  o.emplace_back(
