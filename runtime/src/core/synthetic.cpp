#include "battgpu/runtime/synthetic.hpp"

#include <algorithm>
#include <utility>

namespace battgpu::runtime {
namespace {

struct Random {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi].
  int range(int lo, int hi) {
    return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool chance(int percent) { return range(0, 99) < percent; }
};

dsl::Grid make_grid(Random& rng, const SyntheticOptions& o) {
  const int lo = std::max(1, o.min_side), hi = std::max(lo, o.max_side);
  int h = rng.range(lo, hi), w = rng.range(lo, hi);
  // A palette of 1..10 distinct colours, the first being the background.
  int palette[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  for (int i = 9; i > 0; --i)
    std::swap(palette[i], palette[rng.range(0, i)]);
  if (rng.chance(60)) // ARC backgrounds are mostly black
    std::swap(palette[0], *std::find(palette, palette + 10, 0));
  int colours = rng.range(1, rng.chance(80) ? 5 : 10);
  std::vector<int> cells(static_cast<std::size_t>(h * w), palette[0]);
  auto put = [&](int r, int c, int v) {
    if (r >= 0 && r < h && c >= 0 && c < w)
      cells[static_cast<std::size_t>(r * w + c)] = v;
  };
  int style = rng.range(0, 99);
  if (style < 15) {
    // Noise.
    for (int& v : cells)
      v = palette[rng.range(0, colours - 1)];
  } else if (style < 25) {
    // Two colours tied (or nearly): stripes or a checkerboard of two colours.
    int a = palette[0], b = palette[colours > 1 ? 1 : 0];
    bool checker = rng.chance(50);
    for (int r = 0; r < h; ++r)
      for (int c = 0; c < w; ++c)
        cells[static_cast<std::size_t>(r * w + c)] = ((checker ? r + c : c) % 2) ? b : a;
    for (int k = rng.range(0, 3); k > 0; --k)
      put(rng.range(0, h - 1), rng.range(0, w - 1), palette[rng.range(0, colours - 1)]);
  } else {
    // Background with rectangles, lines and single cells.
    int shapes = rng.range(0, 12);
    for (int s = 0; s < shapes; ++s) {
      int v = palette[rng.range(colours > 1 ? 1 : 0, colours - 1)];
      int kind = rng.range(0, 9);
      int r0 = rng.range(0, h - 1), c0 = rng.range(0, w - 1);
      if (kind < 5) {
        int rh = rng.range(1, std::max(1, h / 2)), rw = rng.range(1, std::max(1, w / 2));
        bool hollow = rng.chance(30);
        for (int r = r0; r < r0 + rh; ++r)
          for (int c = c0; c < c0 + rw; ++c)
            if (!hollow || r == r0 || c == c0 || r == r0 + rh - 1 || c == c0 + rw - 1)
              put(r, c, v);
      } else if (kind < 7) {
        int len = rng.range(1, std::max(h, w));
        bool vertical = rng.chance(50);
        for (int k = 0; k < len; ++k)
          put(vertical ? r0 + k : r0, vertical ? c0 : c0 + k, v);
      } else if (kind < 8) {
        int len = rng.range(1, std::max(h, w));
        int dc = rng.chance(50) ? 1 : -1;
        for (int k = 0; k < len; ++k)
          put(r0 + k, c0 + dc * k, v);
      } else {
        for (int k = rng.range(1, 6); k > 0; --k)
          put(rng.range(0, h - 1), rng.range(0, w - 1), v);
      }
    }
  }
  return dsl::Grid(h, w, std::move(cells));
}

} // namespace

std::vector<dsl::Grid> random_arc_like_grids(std::size_t count, std::uint64_t seed,
                                             const SyntheticOptions& options) {
  Random rng{seed * 0x2545F4914F6CDD1Dull + 1};
  std::vector<dsl::Grid> grids;
  grids.reserve(count);
  for (std::size_t i = 0; i < count; ++i)
    grids.push_back(make_grid(rng, options));
  return grids;
}

} // namespace battgpu::runtime
