// objects(G, u, d, b) with T/F or true/false flags has mode 4u + 2d + b; rbind(o_g, Rk)
// closures applied to the grid join the group too, with their mode; the closure stays.
// RUN: %rewrite %s -o %t.cpp -- %flags
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: %clang-compiles %t.cpp
// RUN: %cxx-compiles %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = rbind(o_g, R3);
  auto t2 = objects(I, T, F, T);
  auto t3 = objects(I, true, true, false);
  auto t4 = t1(I);
  auto t5 = o_g(I, 7);
  o.emplace_back(5, "forms", paint(I, merge(combine(combine(t2, t3), combine(t4, t5)))));
}
} // namespace solvers

// CHECK:      {{^}}  auto t1 = rbind(o_g, R3);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t2, t3, t4, t5){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t2 = co_await battgpu::runtime::gather_objects(I, std::array<int, 4>{5, 6, 3, 7}, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t2 = objects(I, T, F, T);{{$}}
// CHECK-NEXT: {{^}}    auto t3 = objects(I, true, true, false);{{$}}
// CHECK-NEXT: {{^}}    auto t4 = t1(I);{{$}}
// CHECK-NEXT: {{^}}    auto t5 = o_g(I, 7);{{$}}
// CHECK-NEXT: {{^}}    return std::array<battgpu::dsl::Objects, 4>{t2, t3, t4, t5};{{$}}
