// mark-corners: the four corner cells of every object turn red (2).
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace battgpu::examples {
using namespace battgpu::dsl;

void solve_mark_corners([[maybe_unused]] const Samples& S, const Grid& I,
                        [[maybe_unused]] const Grid& C, Outputs& o) {
  auto t1 = o_g(I, R5);
  auto t2 = mapply(corners, t1);
  auto t3 = fill(I, TWO, t2);
  o.emplace_back(3, "mark-corners", t3);
}
BATTGPU_REGISTER_SOLVER("mark-corners", solve_mark_corners);

} // namespace battgpu::examples
