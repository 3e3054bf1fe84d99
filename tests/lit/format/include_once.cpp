// A file that includes the runtime header already does not get a second include; after
// `#pragma once` with no include, the include goes right after the pragma.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %rewrite %s -o %t/present.cpp -- %flags
// RUN: FileCheck %s --check-prefix=PRESENT --input-file=%t/present.cpp
// RUN: %clang-compiles %t/present.cpp
// RUN: grep -v '^#include' %s | sed -e 's|^// PRAGMA-ONCE-HERE$|#pragma once|' > %t/pragma.cpp
// RUN: %rewrite %t/pragma.cpp -o %t/pragma.out.cpp -- %flags -include battgpu/dsl.hpp -include battgpu/solver.hpp
// RUN: FileCheck %s --check-prefix=PRAGMA --input-file=%t/pragma.out.cpp
// RUN: %clang-compiles -Wno-pragma-once-outside-header -include battgpu/dsl.hpp -include battgpu/solver.hpp %t/pragma.out.cpp
// PRAGMA-ONCE-HERE
#include "battgpu/runtime.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(I, R2);
  o.emplace_back(2, "once", paint(I, merge(combine(t1, t2))));
}
} // namespace solvers

// PRESENT-COUNT-1: {{^}}#include "battgpu/runtime.hpp"{{$}}
// PRESENT-NOT:     {{^}}#include "battgpu/runtime.hpp"{{$}}
// PRESENT:         {{^}}  // battgpu-rewrite: object-batch begin (t1, t2){{$}}

// PRAGMA:      {{^}}#pragma once{{$}}
// PRAGMA-NEXT: {{^}}#include "battgpu/runtime.hpp"{{$}}
// PRAGMA-EMPTY:
// PRAGMA-NEXT: {{^}}namespace solvers {{[{]$}}
// PRAGMA:      {{^}}  // battgpu-rewrite: object-batch begin (t1, t2){{$}}
