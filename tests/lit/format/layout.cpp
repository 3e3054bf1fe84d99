// Statements over several lines move whole; statements sharing a line are cut out of it and
// the block goes on lines of its own. The output compiles and a second run changes nothing.
// RUN: %rewrite %s -o %t.cpp -- %flags
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: %clang-compiles %t.cpp
// RUN: %expect-exit 1 -- %rewrite %t.cpp -o %t.again.cpp -- %flags
// RUN: cmp %t.cpp %t.again.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, const Grid& C, battgpu::Outputs& o) {
  auto t1 = o_g(
      I,
      R5);
  auto t2 = o_g(I, R1);
  auto t3 = o_g(C, R5); auto t4 = o_g(C, R2); o.emplace_back(4, "layout", C);
  o.emplace_back(4, "layout", paint(I, merge(combine(combine(t1, t2), combine(t3, t4)))));
}
} // namespace solvers

// CHECK:      {{^}}  // battgpu-rewrite: object-batch begin (t1, t2){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t1 = co_await battgpu::runtime::gather_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t1 = o_g({{$}}
// CHECK-NEXT: {{^}}      I,{{$}}
// CHECK-NEXT: {{^}}      R5);{{$}}
// CHECK-NEXT: {{^}}    auto t2 = o_g(I, R1);{{$}}
// CHECK:      {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t3, t4){{$}}
// CHECK:      {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}  o.emplace_back(4, "layout", C);{{$}}
