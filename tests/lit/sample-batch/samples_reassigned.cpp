// Negative: the samples variable is reassigned between the two applies, so they do not see
// the same value and are left alone.
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: cmp %s %t.cpp
// RUN: FileCheck %s --input-file=%t.err
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve(const Samples& S, [[maybe_unused]] const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  Samples s = S;
  auto t1 = apply(first, s);
  s = Samples{};
  auto t2 = apply(second, s);
  o.emplace_back(2, "reassigned", first(combine(t1, t2)));
}
} // namespace solvers

// CHECK: samples_reassigned.cpp:15:13: warning: sample-batch: 't1' not rewritten: 's' is reassigned at line 16, between the statements [battgpu-sample-batch]
// CHECK: samples_reassigned.cpp:17:13: warning: sample-batch: 't2' not rewritten: 's' is reassigned at line 16, between the statements [battgpu-sample-batch]
