// A batt-style solver with an object-batch group (R5 and R7 on I) and a sample-batch group:
// the largest foreground object painted 8, and bars as long as the number of objects, the
// sample inputs' colours (a tuple: duplicates kept) and the output colours not in them.
#include "battgpu/solver.hpp"
#include "battgpu/dsl.hpp"

namespace consumer {
using namespace battgpu::dsl;

void solve_largest(const Samples& S, const Grid& I, [[maybe_unused]] const Grid& C,
                   battgpu::Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = argmax(t1, size);
  auto t3 = fill(I, EIGHT, t2);
  o.emplace_back(3, "consumer-largest", t3);
  auto t4 = o_g(I, R7);
  auto t5 = size(t4);
  auto t6 = astuple(ONE, t5);
  auto t7 = canvas(ONE, t6);
  o.emplace_back(7, "consumer-count", t7);
  auto t8 = apply(first, S);
  auto t9 = apply(second, S);
  auto t10 = mapply(palette, t8);
  auto t11 = mapply(palette, t9);
  auto t12 = size(t10);
  auto t13 = astuple(ONE, t12);
  auto t14 = canvas(TWO, t13);
  o.emplace_back(14, "consumer-colours", t14);
  auto t15 = difference_tuple(t11, t10);
  auto t16 = size(t15);
  auto t17 = astuple(ONE, t16);
  auto t18 = canvas(THREE, t17);
  o.emplace_back(18, "consumer-new-colours", t18);
}
BATTGPU_REGISTER_SOLVER("consumer-largest", solve_largest);

} // namespace consumer
