// A file rewritten for some patterns can be run again for the others: the regions already
// there stay byte for byte, the new ones go around them.
// RUN: %rewrite %s -o %t.1.cpp --patterns=object-batch -- %flags
// RUN: FileCheck %s --check-prefix=FIRST --input-file=%t.1.cpp
// RUN: %rewrite %t.1.cpp -o %t.2.cpp -- %flags
// RUN: FileCheck %s --check-prefix=SECOND --input-file=%t.2.cpp
// RUN: %clang-compiles %t.2.cpp
// RUN: %rewrite %s -o %t.all.cpp -- %flags
// RUN: cmp %t.2.cpp %t.all.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = mapply(corners, t1);
  auto t3 = o_g(I, R1);
  o.emplace_back(3, "rerun", fill(I, ONE, combine(t2, toindices(merge(t3)))));
}
} // namespace solvers

// FIRST:       {{^}}  // battgpu-rewrite: object-batch begin (t1, t3){{$}}
// FIRST-NOT:   {{^}}  // battgpu-rewrite: mapply-batch
// SECOND:      {{^}}  // battgpu-rewrite: object-batch begin (t1, t3){{$}}
// SECOND:      {{^}}  // battgpu-rewrite: object-batch end{{$}}
// SECOND-NEXT: {{^}}  // battgpu-rewrite: mapply-batch begin (t2){{$}}
