// py::SetTable's ownership of its keys: a key that holds a reference gives it back when the
// table goes, whichever way the key came in (add, merge, move, a layout), and tables of only
// the shared immortal cells and pairs, or of numbers, leave those alone.
#include "battgpu/py/hash.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/set_table.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>

namespace py = battgpu::py;
using py::Value;

namespace {

std::uint32_t refs(const Value& v) {
  return v.object()->refs.load();
}

/// A tuple of its own (no shared small tuple has four items).
Value own_tuple() {
  return py::tuple_of({Value::integer(1), Value::integer(2), Value::integer(3), Value::integer(4)});
}

TEST(SetTable, AddedKeyIsReleasedWithTheTable) {
  const Value t = own_tuple();
  ASSERT_TRUE(t.counted());
  {
    py::SetTable s;
    s.add(py::cell_of(1, 2, 3)); // immortal first: the table must still notice the later key
    s.add(Value::integer(7));
    s.add(t);
    EXPECT_EQ(refs(t), 2u);
  }
  EXPECT_EQ(refs(t), 1u);
}

TEST(SetTable, MergedAndMovedKeysAreReleased) {
  const Value t = own_tuple();
  {
    py::SetTable a;
    a.add(t);
    py::SetTable b;
    b.add(py::pair_of(0, 1));
    b.merge(a); // b had only an immortal key before
    EXPECT_EQ(refs(t), 3u);
    py::SetTable c = std::move(b);
    EXPECT_EQ(refs(t), 3u);
    py::SetTable d;
    d.add(py::cell_of(0, 0, 0));
    d = std::move(c);
    EXPECT_EQ(refs(t), 3u);
    py::SetTable e; // an empty table copies the other's slots as they are
    e.merge(a);
    EXPECT_EQ(refs(t), 4u);
  }
  EXPECT_EQ(refs(t), 1u);
}

TEST(SetTable, LayoutKeysAreReleased) {
  const Value t = own_tuple();
  {
    std::int64_t slot = 3, hash = py::hash(t);
    Value keys[1] = {t};
    py::SetTable s = py::SetTable::from_layout(py::SetTable::kMinSize - 1, 1, &slot, &hash, keys);
    EXPECT_EQ(refs(t), 2u);
  }
  EXPECT_EQ(refs(t), 1u);
}

TEST(SetTable, ImmortalKeysAreNotCounted) {
  EXPECT_FALSE(py::cell_of(1, 2, 3).counted());
  EXPECT_FALSE(py::pair_of(4, 5).counted());
  EXPECT_FALSE(Value::integer(9).counted());
  const Value t = own_tuple();
  EXPECT_FALSE(Value::borrow(t).counted());
  py::SetTable s;
  for (int i = 0; i < 30; ++i)
    for (int j = 0; j < 30; ++j)
      s.add(py::cell_of(i, j, (i + j) % 10));
  EXPECT_EQ(s.size(), 900);
}

} // namespace
