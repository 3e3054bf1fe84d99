// The runtime include goes after an include guard and the includes that follow it, inside
// the guard, before the first declaration.
// RUN: %rewrite %s -o %t.cpp -- %flags
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: %clang-compiles %t.cpp
#ifndef SOLVERS_GUARDED_CPP
#define SOLVERS_GUARDED_CPP

#include "battgpu/dsl.hpp"
#ifdef SOLVERS_EXTRA
#include <vector>
#endif
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = mapply(corners, t1);
  o.emplace_back(2, "guard", fill(I, ONE, t2));
}
} // namespace solvers

#endif

// CHECK:      {{^}}#ifndef SOLVERS_GUARDED_CPP{{$}}
// CHECK-NEXT: {{^}}#define SOLVERS_GUARDED_CPP{{$}}
// CHECK:      {{^}}#endif{{$}}
// CHECK-NEXT: {{^}}#include "battgpu/solver.hpp"{{$}}
// CHECK-NEXT: {{^}}#include "battgpu/runtime.hpp"{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}namespace solvers {{[{]$}}
