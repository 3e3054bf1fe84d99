// count-bar: the output is a one-row bar, in the colour of the sample outputs, as long as
// the input has objects. Which objects count (multicolour or single-colour) is left open:
// the solver proposes a bar for each reading and the test decides.
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace battgpu::examples {
using namespace battgpu::dsl;

void solve_count_bar(const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C, Outputs& o) {
  auto t1 = apply(second, S);
  auto t2 = mapply(palette, t1);
  auto t3 = first(t2);
  auto t4 = o_g(I, R1);
  auto t5 = o_g(I, R5);
  auto t6 = size(t4);
  auto t7 = astuple(ONE, t6);
  auto t8 = canvas(t3, t7);
  o.emplace_back(8, "count-bar", t8);
  auto t9 = size(t5);
  auto t10 = astuple(ONE, t9);
  auto t11 = canvas(t3, t10);
  o.emplace_back(11, "count-bar", t11);
}
BATTGPU_REGISTER_SOLVER("count-bar", solve_count_bar);

} // namespace battgpu::examples
