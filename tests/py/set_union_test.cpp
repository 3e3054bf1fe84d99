// py::SetTable::union_is_left against union_of: where it says `a | b` is a's table slot for
// slot, union_of must build exactly that table.
#include "battgpu/py/objects.hpp"
#include "battgpu/py/set_table.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <random>
#include <vector>

namespace py = battgpu::py;
using py::Value;

namespace {

bool same_slots(const py::SetTable& x, const py::SetTable& y) {
  if (x.mask() != y.mask() || x.size() != y.size() || x.fill() != y.fill())
    return false;
  for (std::int64_t i = 0; i <= x.mask(); ++i) {
    const py::SetEntry& e = x.slot(i);
    const py::SetEntry& f = y.slot(i);
    if (e.key.kind() != f.key.kind() || e.hash != f.hash)
      return false;
    if (e.key.kind() == py::Kind::Tuple && e.key.object() != f.key.object())
      return false; // shared pairs: the same pair is the same object
  }
  return true;
}

TEST(SetUnion, UnionIsLeftOnlyWhereTheUnionIsTheLeftTable) {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> count(0, 3000), coordinate(0, 80), percent(1, 100);
  std::size_t cases = 0, left = 0, identical = 0;
  for (int round = 0; round < 400; ++round) {
    py::SetTable a, b;
    std::vector<Value> added;
    const int n = count(rng);
    for (int k = 0; k < n; ++k) {
      const Value p = py::pair_of(coordinate(rng), coordinate(rng));
      a.add(p);
      added.push_back(p);
    }
    if (percent(rng) <= 10 && !added.empty())
      a.discard(added.front()); // a deleted slot: a copy drops it
    // b: some of a's elements, now and then one more, or nothing.
    const int share = percent(rng);
    for (const Value& p : added)
      if (percent(rng) <= share)
        b.add(p);
    if (percent(rng) <= 30)
      b.add(py::pair_of(200 + coordinate(rng), 0));
    const bool says = py::SetTable::union_is_left(a, b);
    const bool is = same_slots(py::SetTable::union_of(a, b), a);
    ASSERT_TRUE(!says || is) << "round " << round << ": a of " << a.size() << " (mask " << a.mask()
                             << "), b of " << b.size();
    left += says;
    identical += is;
    ++cases;
  }
  std::cout << cases << " cases: " << left << " said to be the left table, all of them are; "
            << identical << " are\n";
  EXPECT_GT(left, 50u);
  EXPECT_LT(left, cases - 50);
}

} // namespace
