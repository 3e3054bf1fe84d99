// Shared tuples for the pairs and cells of ARC grids (objects.hpp: pair_of, cell_of,
// arc_cell_of). Made on first use, all at once, and never freed.
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"

#include <array>
#include <mutex>
#include <vector>

namespace battgpu::py {
namespace {

// Pairs cover coordinates and offsets of 30 x 30 grids and their shifts and mirrors.
constexpr std::int64_t kPairMin = -64, kPairMax = 96;
constexpr std::int64_t kPairSpan = kPairMax - kPairMin;
// Cells cover grids of up to 32 x 32 with colours 0-9.
constexpr std::int64_t kCellSide = 32, kColours = 10;

Value immortal(std::initializer_list<Value> items) {
  Value v = tuple_of(items);
  v.make_immortal();
  hash(v); // computed once, cached in the tuple
  return v;
}

struct Tables {
  std::vector<Value> pairs, cells, arc_cells;
  Tables() {
    pairs.reserve(static_cast<std::size_t>(kPairSpan * kPairSpan));
    for (std::int64_t i = kPairMin; i < kPairMax; ++i)
      for (std::int64_t j = kPairMin; j < kPairMax; ++j)
        pairs.push_back(immortal({Value::integer(i), Value::integer(j)}));
    cells.reserve(static_cast<std::size_t>(kCellSide * kCellSide * kColours));
    arc_cells.reserve(cells.capacity());
    for (std::int64_t i = 0; i < kCellSide; ++i)
      for (std::int64_t j = 0; j < kCellSide; ++j)
        for (std::int64_t c = 0; c < kColours; ++c) {
          cells.push_back(immortal({Value::integer(i), Value::integer(j), Value::integer(c)}));
          arc_cells.push_back(immortal({Value::integer(c), pair_value(i, j)}));
        }
  }
  Value pair_value(std::int64_t i, std::int64_t j) const {
    return pairs[static_cast<std::size_t>((i - kPairMin) * kPairSpan + (j - kPairMin))];
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

bool small_pair(std::int64_t i, std::int64_t j) {
  return i >= kPairMin && i < kPairMax && j >= kPairMin && j < kPairMax;
}
bool small_cell(std::int64_t i, std::int64_t j, std::int64_t c) {
  return i >= 0 && i < kCellSide && j >= 0 && j < kCellSide && c >= 0 && c < kColours;
}
std::size_t cell_index(std::int64_t i, std::int64_t j, std::int64_t c) {
  return static_cast<std::size_t>((i * kCellSide + j) * kColours + c);
}

} // namespace

Value pair_of(std::int64_t i, std::int64_t j) {
  if (small_pair(i, j))
    return tables().pair_value(i, j);
  return tuple_of({Value::integer(i), Value::integer(j)});
}

Value cell_of(std::int64_t i, std::int64_t j, std::int64_t c) {
  if (small_cell(i, j, c))
    return tables().cells[cell_index(i, j, c)];
  return tuple_of({Value::integer(i), Value::integer(j), Value::integer(c)});
}

Value arc_cell_of(std::int64_t c, std::int64_t i, std::int64_t j) {
  if (small_cell(i, j, c))
    return tables().arc_cells[cell_index(i, j, c)];
  return tuple_of({Value::integer(c), pair_of(i, j)});
}

} // namespace battgpu::py
