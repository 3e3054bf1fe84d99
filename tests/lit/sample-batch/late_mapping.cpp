// A mapping defined after a use of the inputs cannot join the group: the batched call would
// have to follow its definition, after that use. The group goes on without it.
// RUN: %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %clang-compiles %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve(const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C, battgpu::Outputs& o) {
  auto t1 = apply(first, S);
  auto t2 = apply(second, S);
  auto t3 = size(t1);
  auto t4 = compose(palette, hmirror);
  auto t5 = mapply(t4, t1);
  o.emplace_back(5, "late", canvas(t3, astuple(size(t5), size(t2))));
  (void)I;
}
} // namespace solvers

// CHECK:      {{^}}  // battgpu-rewrite: sample-batch begin (t1, t2){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_sb_t1 = battgpu::runtime::batch_process_samples(S, battgpu::runtime::no_mapping, battgpu::runtime::no_mapping, [&] {{[{]$}}
// CHECK:      {{^}}  // battgpu-rewrite: sample-batch end{{$}}
// CHECK-NEXT: {{^}}  auto t3 = size(t1);{{$}}
// CHECK-NEXT: {{^}}  auto t4 = compose(palette, hmirror);{{$}}
// CHECK-NEXT: {{^}}  auto t5 = mapply(t4, t1);{{$}}

// DIAG: late_mapping.cpp:18:13: warning: sample-batch: 't5' not rewritten: a use would move before its definition: 't1' is used at line 16, before 't4' is defined at line 17 [battgpu-sample-batch]
