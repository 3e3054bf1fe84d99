// recolor-largest: the largest object takes the one colour that appears in the sample
// outputs but in none of the sample inputs.
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace battgpu::examples {
using namespace battgpu::dsl;

void solve_recolor_largest(const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
                           Outputs& o) {
  auto t1 = apply(first, S);
  auto t2 = apply(second, S);
  auto t3 = mapply(palette, t1);
  auto t4 = mapply(palette, t2);
  auto t5 = difference_tuple(t4, t3);
  auto t6 = first(t5);
  auto t7 = o_g(I, R5);
  auto t8 = argmax(t7, size);
  auto t9 = fill(I, t6, t8);
  o.emplace_back(9, "recolor-largest", t9);
}
BATTGPU_REGISTER_SOLVER("recolor-largest", solve_recolor_largest);

} // namespace battgpu::examples
