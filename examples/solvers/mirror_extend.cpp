// mirror-extend: the output is the input followed by its left-right mirror image.
#include "battgpu/dsl.hpp"
#include "battgpu/solver.hpp"

namespace battgpu::examples {
using namespace battgpu::dsl;

void solve_mirror_extend([[maybe_unused]] const Samples& S, const Grid& I,
                         [[maybe_unused]] const Grid& C, Outputs& o) {
  auto t1 = vmirror(I);
  auto t2 = hconcat(I, t1);
  o.emplace_back(2, "mirror-extend", t2);
  auto t3 = hmirror(I);
  auto t4 = vconcat(I, t3);
  o.emplace_back(4, "mirror-extend", t4);
}
BATTGPU_REGISTER_SOLVER("mirror-extend", solve_mirror_extend);

} // namespace battgpu::examples
