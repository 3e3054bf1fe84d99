// Tuples of objects, sets of patches and (for the neighbourhoods) sets of locations are
// object containers too.
// RUN: %rewrite %s -o %t.cpp --report=json --report-file=%t.json -- %flags
// RUN: FileCheck %s --input-file=%t.json
// RUN: %clang-compiles %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = o_g_t(I, R5);
  auto t2 = apply(ulcorner, t1);
  auto t3 = toindices(first(t1));
  auto t4 = mapply(dneighbors, t3);
  auto t5 = apply(toindices, t1);
  auto t6 = mapply(backdrop, t5);
  o.emplace_back(6, "containers", fill(I, ONE, combine(combine(t4, t6), initset(first(t2)))));
}
} // namespace solvers

// CHECK:      "mapply-batch": {
// CHECK-NEXT:   "calls_rewritten": 4,
// CHECK-NEXT:   "candidates": 4,
// CHECK-NEXT:   "rewrites": 4,
// CHECK-NEXT:   "skipped": 0
