// fill-holes: the background inside the bounding box of every hollow shape turns yellow (4).
// Two ways to the same answer: fill the boxes' deltas, or underfill the whole backdrops.
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace battgpu::examples {
using namespace battgpu::dsl;

void solve_fill_holes([[maybe_unused]] const Samples& S, const Grid& I,
                      [[maybe_unused]] const Grid& C, Outputs& o) {
  auto t1 = o_g(I, R7);
  auto t2 = mapply(delta, t1);
  auto t3 = fill(I, FOUR, t2);
  o.emplace_back(3, "fill-holes", t3);
  auto t4 = mapply(backdrop, t1);
  auto t5 = underfill(I, FOUR, t4);
  o.emplace_back(5, "fill-holes", t5);
}
BATTGPU_REGISTER_SOLVER("fill-holes", solve_fill_holes);

} // namespace battgpu::examples
