// frame-objects: every (diagonally connected) object gets a green (3) frame one cell
// outside its bounding box, and the object itself turns grey (5).
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace battgpu::examples {
using namespace battgpu::dsl;

void solve_frame_objects([[maybe_unused]] const Samples& S, const Grid& I,
                         [[maybe_unused]] const Grid& C, Outputs& o) {
  auto t1 = o_g(I, R7);
  auto t2 = mapply(outbox, t1);
  auto t3 = fill(I, THREE, t2);
  auto t4 = mapply(toindices, t1);
  auto t5 = fill(t3, FIVE, t4);
  o.emplace_back(5, "frame-objects", t5);
}
BATTGPU_REGISTER_SOLVER("frame-objects", solve_frame_objects);

} // namespace battgpu::examples
