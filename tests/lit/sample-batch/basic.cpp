// apply(first, S), apply(second, S) and a mapping over each become one
// batch_process_samples call; the original statements are its CPU path.
// RUN: %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: count 0 < %t.err
// RUN: %clang-compiles %t.cpp
// RUN: %cxx-compiles %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve(const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C, battgpu::Outputs& o) {
  auto t1 = apply(first, S);
  auto t2 = apply(second, S);
  auto t3 = mapply(palette, t1);
  auto t4 = mapply(palette, t2);
  auto t5 = combine(t3, t4);
  auto t6 = size(t5);
  o.emplace_back(6, "basic", canvas(t6, shape(I)));
}
} // namespace solvers

// CHECK:      {{^}}void solve(
// CHECK-NEXT: {{^}}  // battgpu-rewrite: sample-batch begin (t1, t2, t3, t4){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_sb_t1 = battgpu::runtime::batch_process_samples(S, palette, palette, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t1 = apply(first, S);{{$}}
// CHECK-NEXT: {{^}}    auto t2 = apply(second, S);{{$}}
// CHECK-NEXT: {{^}}    auto t3 = mapply(palette, t1);{{$}}
// CHECK-NEXT: {{^}}    auto t4 = mapply(palette, t2);{{$}}
// CHECK-NEXT: {{^}}    return std::make_tuple(t1, t2, t3, t4);{{$}}
// CHECK-NEXT: {{^}}  });{{$}}
// CHECK-NEXT: {{^}}  auto t1 = std::get<0>(std::move(battgpu_sb_t1));{{$}}
// CHECK-NEXT: {{^}}  auto t2 = std::get<1>(std::move(battgpu_sb_t1));{{$}}
// CHECK-NEXT: {{^}}  auto t3 = std::get<2>(std::move(battgpu_sb_t1));{{$}}
// CHECK-NEXT: {{^}}  auto t4 = std::get<3>(std::move(battgpu_sb_t1));{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: sample-batch end{{$}}
// CHECK-NEXT: {{^}}  auto t5 = combine(t3, t4);{{$}}
