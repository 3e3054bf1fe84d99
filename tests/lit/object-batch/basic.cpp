// Two or more o_g / objects calls with constant modes on one grid become one batch_objects
// call at the first of them; statements in between stay where they were.
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
  auto t1 = o_g(I, R5); // the objects
  auto t2 = size(t1);
  auto t3 = o_g(I, R1);
  auto t4 = objects(I, T, F, T);
  auto t5 = merge(t3);
  o.emplace_back(5, "basic", fill(I, t2, t5));
  o.emplace_back(5, "basic", paint(I, merge(t4)));
}
} // namespace solvers

// CHECK:      {{^}}#include "battgpu/solver.hpp"
// CHECK-NEXT: {{^}}#include "battgpu/runtime.hpp"{{$}}
// CHECK:      {{^}}battgpu::Solve solve({{.*}}const Samples& S, const Grid& I,{{.*}}const Grid& C,{{$}}
// CHECK-NEXT: {{^}}           battgpu::Outputs& o) {
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t1, t3, t4){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t1 = co_await battgpu::runtime::gather_objects(I, std::array<int, 3>{5, 1, 5}, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t1 = o_g(I, R5); // the objects{{$}}
// CHECK-NEXT: {{^}}    auto t3 = o_g(I, R1);{{$}}
// CHECK-NEXT: {{^}}    auto t4 = objects(I, T, F, T);{{$}}
// CHECK-NEXT: {{^}}    return std::array<battgpu::dsl::Objects, 3>{t1, t3, t4};{{$}}
// CHECK-NEXT: {{^}}  });{{$}}
// CHECK-NEXT: {{^}}  auto t1 = std::move(battgpu_ob_t1[0]);{{$}}
// CHECK-NEXT: {{^}}  auto t3 = std::move(battgpu_ob_t1[1]);{{$}}
// CHECK-NEXT: {{^}}  auto t4 = std::move(battgpu_ob_t1[2]);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}  auto t2 = size(t1);{{$}}
// CHECK-NEXT: {{^}}  auto t5 = merge(t3);{{$}}
// CHECK-NEXT: {{^}}  o.emplace_back(5, "basic", fill(I, t2, t5));{{$}}
