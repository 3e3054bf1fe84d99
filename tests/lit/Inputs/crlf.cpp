// CRLF input: the rewritten file keeps CRLF everywhere, inside the regions too.
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace solvers {
using namespace battgpu::dsl;

void solve(const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C, battgpu::Outputs& o) {
  auto t1 = apply(first, S);
  auto t2 = apply(second, S);
  auto t3 = o_g(I, R5); // objects
  auto t4 = mapply(corners, t3);
  auto t5 = o_g(I, R1);
  o.emplace_back(5, "crlf", fill(I, ONE, combine(t4, toindices(merge(t5)))));
  o.emplace_back(5, "crlf", first(combine(t1, t2)));
}
} // namespace solvers
