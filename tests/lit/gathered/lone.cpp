// In the gathered form a lone o_g / objects call, or call of an rbind(o_g, Rk) closure, is a
// batch point of its own (std::array<int, 1>): it is computed together with the same point
// of every other task. Calls that can share a group still do; a call left out of a group is
// a batch point of its own at its place. The function becomes a coroutine for it alone. One
// parse; the two-parse path gives the same file; a second run changes nothing.
// RUN: %rewrite %s -o %t.cpp --report=json --report-file=%t.json -- %flags 2>%t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: count 0 < %t.err
// RUN: %clang-compiles %t.cpp
// RUN: %cxx-compiles %t.cpp
// RUN: %python %S/Inputs/check_forms.py %t.json 3 3 0
// RUN: %python -c "import json,sys; f=json.load(open(sys.argv[1]))['files'][0]; assert f['parses'] == 1 and f['speculative'], f; p=f['patterns']['object-batch']; assert (p['candidates'], p['rewrites'], p['calls_rewritten'], p['skipped']) == (6, 5, 6, 0), p" %t.json
// RUN: %rewrite %s -o %t.checked.cpp --speculate=false -- %flags
// RUN: cmp %t.cpp %t.checked.cpp
// RUN: %expect-exit 1 -- %rewrite %t.cpp -o %t.again.cpp -- %flags 2>%t.again.err
// RUN: cmp %t.cpp %t.again.cpp
// RUN: count 0 < %t.again.err
// RUN: %expect-exit 1 -- %rewrite %t.cpp -o %t.blocking-over.cpp --batch-form=blocking -- %flags
// RUN: cmp %t.cpp %t.blocking-over.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;
using battgpu::Outputs;

void solve_lone([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
                Outputs& o) {
  auto t1 = hmirror(I);
  auto t2 = o_g(t1, R5);
  if (size(t2) == 0)
    return;
  o.emplace_back(2, "lone", paint(t1, merge(t2)));
}

void solve_objects([[maybe_unused]] const Samples& S, const Grid& I,
                   [[maybe_unused]] const Grid& C, Outputs& o) {
  auto t1 = objects(I, T, F, T);
  auto t2 = rbind(o_g, R3);
  auto t3 = t2(C);
  o.emplace_back(3, "objects", paint(I, merge(combine(t1, t3))));
}

void solve_mixed([[maybe_unused]] const Samples& S, const Grid& I, const Grid& C, Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(C, R1);
  auto t3 = o_g(I, R7);
  o.emplace_back(3, "mixed", paint(I, merge(combine(combine(t1, t2), t3))));
}
} // namespace solvers

// CHECK:      {{^}}#include "battgpu/runtime.hpp"{{$}}
// CHECK:      {{^}}battgpu::Solve solve_lone({{.*}} const Samples& S, const Grid& I, {{.*}} const Grid& C,{{$}}
// CHECK-NEXT: {{^}}                Outputs& o) {{[{]$}}
// CHECK-NEXT: {{^}}  auto t1 = hmirror(I);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t2){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t2 = co_await battgpu::runtime::gather_objects(t1, std::array<int, 1>{5}, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t2 = o_g(t1, R5);{{$}}
// CHECK-NEXT: {{^}}    return std::array<battgpu::dsl::Objects, 1>{t2};{{$}}
// CHECK-NEXT: {{^}}  });{{$}}
// CHECK-NEXT: {{^}}  auto t2 = std::move(battgpu_ob_t2[0]);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}  if (size(t2) == 0){{$}}
// CHECK-NEXT: {{^}}    co_return;{{$}}

// CHECK:      {{^}}battgpu::Solve solve_objects(
// CHECK:      {{^}}  // battgpu-rewrite: object-batch begin (t1){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t1 = co_await battgpu::runtime::gather_objects(I, std::array<int, 1>{5}, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t1 = objects(I, T, F, T);{{$}}
// CHECK:      {{^}}  auto t2 = rbind(o_g, R3);{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t3){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t3 = co_await battgpu::runtime::gather_objects(C, std::array<int, 1>{3}, [&] {{[{]$}}
// CHECK-NEXT: {{^}}    auto t3 = t2(C);{{$}}

// CHECK:      {{^}}battgpu::Solve solve_mixed(
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t1, t3){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t1 = co_await battgpu::runtime::gather_objects(I, std::array<int, 2>{5, 7}, [&] {{[{]$}}
// CHECK:      {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t2){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t2 = co_await battgpu::runtime::gather_objects(C, std::array<int, 1>{1}, [&] {{[{]$}}
// CHECK:      {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}  o.emplace_back(3, "mixed",
