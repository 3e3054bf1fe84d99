// Negative: a container that is not a variable is left alone with a diagnostic; a
// function of the program's own that shadows a DSL name is not the DSL's, so its calls are
// no candidates at all.
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp --patterns=mapply-batch -- %flags 2>%t.err
// RUN: cmp %s %t.cpp
// RUN: FileCheck %s --input-file=%t.err
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

struct corners_fn {
  Indices operator()(const Object& obj) const { return toindices(obj); }
};
inline constexpr corners_fn corners{};

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = mapply(corners, t1);
  auto t3 = mapply(delta, o_g(I, R1));
  o.emplace_back(3, "not", fill(I, ONE, combine(t2, t3)));
}
} // namespace solvers

// CHECK-NOT: 't2'
// CHECK: not_candidates.cpp:22:13: warning: mapply-batch: 't3' not rewritten: the container is not a variable or a parameter [battgpu-mapply-batch]
// CHECK-NOT: 't2'
