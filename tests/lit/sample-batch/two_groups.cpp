// Several apply(first, S) / apply(second, S) pairs in one function (as when solvers are
// merged into one batt function): the k-th of each pair up, each with its own mappings.
// RUN: %rewrite %s -o %t.cpp --report=json --report-file=%t.json -- %flags
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: %clang-compiles %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve(const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C, battgpu::Outputs& o) {
  // solver 1
  auto t1 = apply(first, S);
  auto t2 = apply(second, S);
  auto t3 = mapply(palette, t2);
  o.emplace_back(3, "one", canvas(size(t3), shape(I)));
  // solver 2
  auto t4 = apply(first, S);
  auto t5 = mapply(palette, t4);
  auto t6 = apply(second, S);
  o.emplace_back(6, "two", canvas(size(t5), astuple(size(t6), size(t1))));
}
} // namespace solvers

// CHECK:      {{^}}  // solver 1{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: sample-batch begin (t1, t2, t3){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_sb_t1 = battgpu::runtime::batch_process_samples(S, battgpu::runtime::no_mapping, palette, [&] {{[{]$}}
// CHECK:      {{^}}  // solver 2{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: sample-batch begin (t4, t6, t5){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_sb_t4 = battgpu::runtime::batch_process_samples(S, palette, battgpu::runtime::no_mapping, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t4 = apply(first, S);{{$}}
// CHECK-NEXT: {{^}}    auto t5 = mapply(palette, t4);{{$}}
// CHECK-NEXT: {{^}}    auto t6 = apply(second, S);{{$}}
// CHECK-NEXT: {{^}}    return std::make_tuple(t4, t6, t5);{{$}}

// JSON:      "sample-batch": {
// JSON-NEXT:   "calls_rewritten": 6,
// JSON-NEXT:   "candidates": 6,
// JSON-NEXT:   "rewrites": 2,
// JSON-NEXT:   "skipped": 0
