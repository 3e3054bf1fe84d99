// A function body with preprocessor conditionals: the quick lexical guess gives up on it,
// the checked path (input parsed, output re-parsed) still rewrites it, inactive code and all
// directives kept.
// RUN: %rewrite %s -o %t.cpp --report=json --report-file=%t.json -- %flags
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: %clang-compiles %t.cpp
// RUN: %clang-compiles -DSOLVERS_EXTRA %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = o_g(I, R5);
#ifdef SOLVERS_EXTRA
  o.emplace_back(1, "extra", paint(I, merge(t1)));
#endif
  auto t2 = o_g(I, R1);
  o.emplace_back(2, "directives", paint(I, merge(combine(t1, t2))));
}
} // namespace solvers

// CHECK:      {{^}}  // battgpu-rewrite: object-batch begin (t1, t2){{$}}
// CHECK:      {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}#ifdef SOLVERS_EXTRA{{$}}
// CHECK-NEXT: {{^}}  o.emplace_back(1, "extra", paint(I, merge(t1)));{{$}}
// CHECK-NEXT: {{^}}#endif{{$}}
// CHECK-NEXT: {{^}}  o.emplace_back(2, "directives"
// JSON: "parses": 2,
// JSON: "speculative": false,
