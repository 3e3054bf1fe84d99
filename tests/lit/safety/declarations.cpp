// Negative: declarations of several variables, of references and of static variables are
// left alone.
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp -- %flags 2>%t.err
// RUN: cmp %s %t.cpp
// RUN: FileCheck %s --input-file=%t.err
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = o_g(I, R5), t2 = o_g(I, R1);
  const auto& t3 = o_g(I, R3);
  static const auto t4 = o_g(I, R7);
  o.emplace_back(4, "decls", paint(I, merge(combine(combine(t1, t2), combine(t3, t4)))));
}
} // namespace solvers

// CHECK: declarations.cpp:14:13: warning: object-batch: 't1' not rewritten: the declaration declares several variables [battgpu-object-batch]
// CHECK: declarations.cpp:15:20: warning: object-batch: 't3' not rewritten: the variable is declared as a reference [battgpu-object-batch]
// CHECK: declarations.cpp:16:26: warning: object-batch: 't4' not rewritten: the variable is static, thread_local, constexpr or extern [battgpu-object-batch]
