// An input that does not compile: its errors are printed, nothing is written (not with -o,
// not with --in-place), and the status is 3.
// RUN: rm -f %t.out && cp %s %t.cpp
// RUN: %expect-exit 3 -- %rewrite %s -o %t.out -- %flags 2>%t.err
// RUN: not test -e %t.out
// RUN: FileCheck %s --input-file=%t.err
// RUN: %expect-exit 3 -- %rewrite %t.cpp --in-place -- %flags 2>/dev/null
// RUN: cmp %s %t.cpp
// RUN: %expect-exit 3 -- %rewrite %t.cpp --in-place --speculate=false -- %flags 2>/dev/null
// RUN: cmp %s %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R1);
  auto t3 = no_such_primitive(t1, t2);
  o.emplace_back(3, "bad", t3);
}
} // namespace solvers

// CHECK: bad_input.cpp:21:13: error: use of undeclared identifier 'no_such_primitive'
// CHECK: bad_input.cpp: error: the input does not compile; nothing written
