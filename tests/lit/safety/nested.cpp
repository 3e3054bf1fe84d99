// Calls in nested scopes (blocks, lambdas) are not statements of the function body and are
// not candidates; the top-level statements around them still are.
// RUN: %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: count 0 < %t.err
// RUN: %clang-compiles %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = o_g(I, R5);
  if (!t1.empty()) {
    auto t2 = o_g(I, R1);
    auto t3 = o_g(I, R3);
    o.emplace_back(3, "nested", paint(I, merge(combine(t2, t3))));
  }
  auto t4 = [&] {
    auto t5 = mapply(corners, t1);
    return fill(I, ONE, t5);
  }();
  auto t6 = o_g(I, R7);
  o.emplace_back(6, "nested", paint(t4, merge(t6)));
}
} // namespace solvers

// CHECK:      {{^}}  // battgpu-rewrite: object-batch begin (t1, t6){{$}}
// CHECK:      {{^}}  if (!t1.empty()) {{[{]$}}
// CHECK-NEXT: {{^}}    auto t2 = o_g(I, R1);{{$}}
// CHECK-NEXT: {{^}}    auto t3 = o_g(I, R3);{{$}}
// CHECK:      {{^}}    auto t5 = mapply(corners, t1);{{$}}
