/* Comments and formatting outside the regions stay byte for byte; a comment at the end of
   a moved statement moves with it; a comment on a line of its own stays where it was. */
// RUN: %rewrite %s -o %t.cpp -- %flags
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: %clang-compiles %t.cpp
#include "battgpu/dsl.hpp"  // the DSL
#include "battgpu/solver.hpp" /* registration */

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs&    o) {
  // step 1: the objects
  auto t1 = o_g(I, R5);   /* univalued, without background */
  auto   t2 =   size(t1);     // spacing kept
  // step 2: more objects
  auto t3 = o_g(I, R1); // trailing
  o.emplace_back(3, "comments", canvas(t2, astuple(size(t3), ONE)));
}
} // namespace solvers

// CHECK:      {{^}}#include "battgpu/dsl.hpp"  // the DSL{{$}}
// CHECK-NEXT: {{^}}#include "battgpu/solver.hpp" /* registration */{{$}}
// CHECK-NEXT: {{^}}#include "battgpu/runtime.hpp"{{$}}
// CHECK:      {{^}}           battgpu::Outputs&    o) {{[{]$}}
// CHECK-NEXT: {{^}}  // step 1: the objects{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t1, t3){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t1 = co_await battgpu::runtime::gather_objects(I, std::array<int, 2>{5, 1}, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t1 = o_g(I, R5);   /* univalued, without background */{{$}}
// CHECK-NEXT: {{^}}    auto t3 = o_g(I, R1); // trailing{{$}}
// CHECK:      {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}  auto   t2 =   size(t1);     // spacing kept{{$}}
// CHECK-NEXT: {{^}}  // step 2: more objects{{$}}
// CHECK-NEXT: {{^}}  o.emplace_back(3, "comments", canvas(t2, astuple(size(t3), ONE)));{{$}}
