// Running the tool on its own output changes nothing, byte for byte, and reports no rewrite:
// it recognises its regions, the lone o_g calls the gathered form made batch points of one
// call among them. In the blocking form, the candidates it skipped stay skipped for the same
// reasons.
// RUN: %rewrite %s -o %t.1.cpp -- %flags 2>%t.1.err
// RUN: count 0 < %t.1.err
// RUN: %expect-exit 1 -- %rewrite %t.1.cpp -o %t.2.cpp --report=json --report-file=%t.json -- %flags 2>%t.2.err
// RUN: cmp %t.1.cpp %t.2.cpp
// RUN: FileCheck %s --input-file=%t.json
// RUN: count 0 < %t.2.err
// RUN: %expect-exit 1 -- %rewrite %t.2.cpp --in-place -- %flags
// RUN: cmp %t.1.cpp %t.2.cpp
// RUN: %rewrite %s -o %t.b1.cpp --batch-form=blocking -- %flags 2>%t.b1.err
// RUN: %expect-exit 1 -- %rewrite %t.b1.cpp -o %t.b2.cpp --batch-form=blocking -- %flags 2>%t.b2.err
// RUN: cmp %t.b1.cpp %t.b2.cpp
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t.b1.err
// RUN: FileCheck %s --check-prefix=AGAIN --input-file=%t.b2.err
// RUN: %expect-exit 1 -- %rewrite %t.b1.cpp -o %t.b3.cpp -- %flags 2>%t.b3.err
// RUN: cmp %t.b1.cpp %t.b3.cpp
// RUN: FileCheck %s --check-prefix=OVER --input-file=%t.b3.err
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve(const Samples& S, const Grid& I, const Grid& C, battgpu::Outputs& o) {
  auto t1 = apply(first, S);
  auto t2 = apply(second, S);
  auto t3 = mapply(palette, t1);
  auto t4 = o_g(I, R5);
  auto t5 = mapply(corners, t4);
  auto t6 = o_g(I, R1);
  auto t7 = o_g(C, R5);
  auto t8 = rbind(o_g, R3);
  auto t9 = t8(I);
  o.emplace_back(9, "again", fill(I, ONE, combine(t5, toindices(merge(t6)))));
  o.emplace_back(9, "again", paint(C, merge(combine(t7, t9))));
  o.emplace_back(9, "again", first(combine(t1, t2)));
  o.emplace_back(9, "again", canvas(size(t3), shape(I)));
}
} // namespace solvers

// CHECK: "exit_code": 1
// CHECK: "rewrites": []

// DIAG: idempotent.cpp:{{[0-9]+}}:13: warning: object-batch: 't7' not rewritten: no other o_g/objects call on grid 'C' can be batched with it
// DIAG: idempotent.cpp:{{[0-9]+}}:13: warning: object-batch: 't9' not rewritten: a use would move before its definition

// AGAIN: warning: object-batch: 't7' not rewritten: no other o_g/objects call on grid 'C'
// AGAIN: warning: object-batch: 't9' not rewritten

// OVER: warning: object-batch: 't7' not rewritten: a lone o_g call is only rewritten as a gathered batch point; 'solve' stays blocking: an earlier run wrote its batch points in the blocking form
