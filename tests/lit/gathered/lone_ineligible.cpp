// A lone o_g / objects call in a function that cannot become a coroutine stays as it was: a
// blocking batch of one call would gain nothing. Its warning says why the function keeps the
// blocking form. Calls there that can share a group still form a blocking one (and the
// function gets its own warning). The report counts only functions with batch points.
// RUN: %rewrite %s -o %t.cpp --report=json --report-file=%t.json -- %flags 2>%t.err
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.err
// RUN: %clang-compiles %t.cpp
// RUN: %cxx-compiles %t.cpp
// RUN: %python %S/Inputs/check_forms.py %t.json 0 0 1
// RUN: %python -c "import json,sys; f=json.load(open(sys.argv[1]))['files'][0]; assert f['parses'] == 1 and f['speculative'], f; p=f['patterns']['object-batch']; assert (p['candidates'], p['rewrites'], p['calls_rewritten'], p['skipped']) == (6, 1, 2, 4), p" %t.json
// RUN: %rewrite %s -o %t.checked.cpp --quiet --speculate=false -- %flags
// RUN: cmp %t.cpp %t.checked.cpp
// RUN: %expect-exit 1 -- %rewrite %t.cpp -o %t.again.cpp --quiet -- %flags
// RUN: cmp %t.cpp %t.again.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;
using battgpu::Outputs;

void solve_declared(const Grid& I, Outputs& o);

struct Members {
  static void solve_member(const Grid& I, Outputs& o) {
    auto t1 = o_g(I, R5);
    o.emplace_back(1, "member", paint(I, merge(t1)));
  }
};

Integer count_objects(const Grid& I) {
  auto t1 = objects(I, T, F, T);
  return size(t1);
}

void solve_declared(const Grid& I, Outputs& o) {
  auto t1 = o_g(I, R5);
  o.emplace_back(1, "declared", paint(I, merge(t1)));
}

Integer count_both(const Grid& I, const Grid& C) {
  auto t1 = o_g(I, R5);
  auto t2 = o_g(C, R1);
  auto t3 = o_g(I, R7);
  return size(t1) + size(t2) + size(t3);
}
} // namespace solvers

// CHECK:      {{^}}  static void solve_member(const Grid& I, Outputs& o) {{[{]$}}
// CHECK-NEXT: {{^}}    auto t1 = o_g(I, R5);{{$}}
// CHECK:      {{^}}Integer count_objects(const Grid& I) {{[{]$}}
// CHECK-NEXT: {{^}}  auto t1 = objects(I, T, F, T);{{$}}
// CHECK:      {{^}}void solve_declared(const Grid& I, Outputs& o) {{[{]$}}
// CHECK-NEXT: {{^}}  auto t1 = o_g(I, R5);{{$}}
// CHECK:      {{^}}Integer count_both(const Grid& I, const Grid& C) {{[{]$}}
// CHECK-NEXT: {{^}}  // battgpu-rewrite: object-batch begin (t1, t3){{$}}
// CHECK-NEXT: {{^}}  auto battgpu_ob_t1 = battgpu::runtime::batch_objects(I, std::array<int, 2>{5, 7}, [&] {{[{]$}}
// CHECK:      {{^}}  // battgpu-rewrite: object-batch end{{$}}
// CHECK-NEXT: {{^}}  auto t2 = o_g(C, R1);{{$}}
// CHECK-NOT:  {{^[^/#]*co_await}}

// DIAG: lone_ineligible.cpp:27:15: warning: object-batch: 't1' not rewritten: a lone o_g call is only rewritten as a gathered batch point; 'solve_member' stays blocking: it is a member function [battgpu-object-batch]
// DIAG: lone_ineligible.cpp:33:13: warning: object-batch: 't1' not rewritten: a lone objects call is only rewritten as a gathered batch point; 'count_objects' stays blocking: its return type is not void [battgpu-object-batch]
// DIAG: lone_ineligible.cpp:38:13: warning: object-batch: 't1' not rewritten: a lone o_g call is only rewritten as a gathered batch point; 'solve_declared' stays blocking: it has another declaration at lone_ineligible.cpp:23 [battgpu-object-batch]
// DIAG: lone_ineligible.cpp:44:13: warning: object-batch: 't2' not rewritten: a lone o_g call is only rewritten as a gathered batch point; 'count_both' stays blocking: its return type is not void [battgpu-object-batch]
// DIAG: lone_ineligible.cpp:42:9: warning: batch points of 'count_both' stay blocking: its return type is not void [battgpu-gathered-form]
