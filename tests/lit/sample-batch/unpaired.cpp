// Negative: an apply(first, S) without an apply(second, S) to pair with is left alone, with
// a diagnostic; nothing else matches, so the file is unchanged and the status is 1.
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: cmp %s %t.cpp
// RUN: FileCheck %s --input-file=%t.err
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve(const Samples& S, [[maybe_unused]] const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = apply(first, S);
  auto t2 = mapply(palette, t1);
  o.emplace_back(2, "unpaired", canvas(size(t2), astuple(size(t1), ONE)));
}
} // namespace solvers

// CHECK: unpaired.cpp:14:13: warning: sample-batch: 't1' not rewritten: no apply(second, S) left in this function to pair with [battgpu-sample-batch]
// CHECK: unpaired.cpp:15:13: warning: sample-batch: 't2' not rewritten: no apply(second, S) left in this function to pair with [battgpu-sample-batch]
