// A batt-style solver with all three patterns and one candidate that stays (the CLI tests'
// input).
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve(const Samples& S, const Grid& I, const Grid& C, battgpu::Outputs& o) {
  auto t1 = apply(first, S);
  auto t2 = apply(second, S);
  auto t3 = o_g(I, R5);
  auto t4 = mapply(corners, t3);
  auto t5 = o_g(I, R1);
  auto t6 = o_g(C, R5);
  o.emplace_back(6, "cli", fill(I, ONE, combine(t4, toindices(merge(t5)))));
  o.emplace_back(6, "cli", paint(C, merge(t6)));
  o.emplace_back(6, "cli", first(combine(t1, t2)));
}
BATTGPU_REGISTER_SOLVER("cli", solve);
} // namespace solvers
