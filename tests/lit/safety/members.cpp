// Solver functions may be members of a class, several to a file; each body is analysed on
// its own. A group never spans two functions.
// RUN: %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %clang-compiles %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

struct Solvers {
  static void first_half(const Grid& I, battgpu::Outputs& o) {
    auto t1 = o_g(I, R5);
    o.emplace_back(1, "half", paint(I, merge(t1)));
  }
  void second_half(const Grid& I, battgpu::Outputs& o) const {
    auto t1 = o_g(I, R1);
    auto t2 = o_g(I, R3);
    o.emplace_back(2, "half", paint(I, merge(combine(t1, t2))));
  }
};
} // namespace solvers

// CHECK:      {{^}}  static void first_half(
// CHECK-NEXT: {{^}}    auto t1 = o_g(I, R5);{{$}}
// CHECK:      {{^}}  void second_half(
// CHECK-NEXT: {{^}}    // battgpu-rewrite: object-batch begin (t1, t2){{$}}
// CHECK-NEXT: {{^}}    auto battgpu_ob_t1 = battgpu::runtime::batch_objects(I, std::array<int, 2>{1, 3}, [&] {{[{]$}}
// CHECK-NEXT: {{^}}      auto t1 = o_g(I, R1);{{$}}
// DIAG: members.cpp:15:15: warning: object-batch: 't1' not rewritten: a lone o_g call is only rewritten as a gathered batch point; 'first_half' stays blocking: it is a member function [battgpu-object-batch]
