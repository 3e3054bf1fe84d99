// A file with no candidate is left as it is: no include added, status 1 (0 with
// --no-change-ok, for build rules), and -o still writes the copy.
// RUN: rm -f %t.cpp
// RUN: %expect-exit 1 -- %rewrite %s -o %t.cpp -- %flags
// RUN: cmp %s %t.cpp
// RUN: %rewrite %s -o %t.cpp --no-change-ok -- %flags
// RUN: cmp %s %t.cpp
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve([[maybe_unused]] const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
           battgpu::Outputs& o) {
  auto t1 = hmirror(I);
  o.emplace_back(1, "nothing", t1);
}
} // namespace solvers
