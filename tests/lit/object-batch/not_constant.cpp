// Negative: modes that are not constants, and grids that are not variables, are left alone.
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: cmp %s %t.cpp
// RUN: FileCheck %s --input-file=%t.err
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = size(palette(I));
  auto t2 = o_g(I, t1);
  auto t3 = objects(I, T, even(t1), F);
  auto t4 = o_g(hmirror(I), R5);
  auto t5 = o_g(hmirror(I), R1);
  o.emplace_back(5, "modes", paint(I, merge(combine(combine(t2, t3), combine(t4, t5)))));
}
} // namespace solvers

// CHECK: not_constant.cpp:14:13: warning: object-batch: 't2' not rewritten: the mode is not a constant (R0..R7, or T/F for objects) [battgpu-object-batch]
// CHECK: not_constant.cpp:15:13: warning: object-batch: 't3' not rewritten: the mode is not a constant (R0..R7, or T/F for objects) [battgpu-object-batch]
// CHECK: not_constant.cpp:16:13: warning: object-batch: 't4' not rewritten: the grid is not a variable or a parameter [battgpu-object-batch]
// CHECK: not_constant.cpp:17:13: warning: object-batch: 't5' not rewritten: the grid is not a variable or a parameter [battgpu-object-batch]
