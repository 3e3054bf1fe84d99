// py::sort, py::max_of and py::min_of against CPython 3.11: fixed inputs whose results were
// recorded with Debian's /usr/bin/python3 (3.11.2), where only CPython's own merge machinery
// gives CPython's order (partially ordered keys) or CPython's failure (comparisons that raise
// depending on which pairs are compared), and the recursion levels of these builtins. The
// random differential run is battgpu-sort-diff with sort_cases.py.
#include "sort_cases.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

namespace py = battgpu::py;
namespace sc = battgpu::sort_cases;
using py::Exc;
using py::Value;

namespace {

/// The random numbers of the recorded inputs: a 31-bit LCG, its high 15 bits.
class Lcg {
public:
  explicit Lcg(std::uint64_t seed) : s_(seed) {}
  std::int64_t next() {
    s_ = (s_ * 1103515245 + 12345) % (std::uint64_t{1} << 31);
    return static_cast<std::int64_t>(s_ >> 16);
  }

private:
  std::uint64_t s_;
};

Value fset(std::initializer_list<std::int64_t> xs) {
  py::SetTable t;
  for (std::int64_t x : xs)
    t.add(Value::integer(x));
  return py::make_frozenset(std::move(t));
}

/// 300 subsets of range(4) (Python: frozenset(b for b in range(4) if (next(g) >> b) & 1)).
std::vector<Value> frozensets_case() {
  Lcg g(1);
  std::vector<Value> keys;
  for (int i = 0; i < 300; ++i) {
    py::SetTable t;
    for (std::int64_t b = 0; b < 4; ++b)
      if (((g.next() >> b) & 1) != 0)
        t.add(Value::integer(b));
    keys.push_back(py::make_frozenset(std::move(t)));
  }
  return keys;
}

/// 200 floats with NaNs: math.nan, three other NaN objects, and halves in [-2, 2].
std::vector<Value> nan_case() {
  Lcg g(2);
  std::vector<Value> keys;
  for (int i = 0; i < 200; ++i) {
    const std::int64_t r = g.next() % 11;
    if (r == 9)
      keys.push_back(py::math_nan());
    else if (r == 10)
      keys.push_back(Value::floating(std::nan(""), static_cast<std::uint32_t>(1 + (i / 7) % 3)));
    else
      keys.push_back(Value::floating(static_cast<double>(r - 4) / 2));
  }
  return keys;
}

/// 500 ints and floats in runs of 50 around rising and falling bases.
std::vector<Value> mixed_case() {
  Lcg g(4);
  std::vector<Value> keys;
  for (int i = 0; i < 500; ++i) {
    const std::int64_t r = g.next();
    const std::int64_t base = (i / 50) * ((i / 50) % 2 != 0 ? 1 : -1);
    if (r % 4 == 0)
      keys.push_back(Value::floating(static_cast<double>(base) + static_cast<double>(r % 3) * 0.5));
    else
      keys.push_back(Value::integer(base + r % 3));
  }
  return keys;
}

/// 400 pairs (r % mod, "a" where r % m == 0 else r % 3): str against int fails, but only
/// when two pairs with equal first items and such second items are compared.
std::vector<Value> str_int_case(std::int64_t m, std::int64_t mod) {
  Lcg g(5);
  std::vector<Value> keys;
  const Value a = py::make_str("a");
  for (int i = 0; i < 400; ++i) {
    const std::int64_t r = g.next();
    keys.push_back(py::tuple_of({Value::integer(r % mod), r % m == 0 ? a : Value::integer(r % 3)}));
  }
  return keys;
}

struct Traced {
  py::Result<std::vector<std::size_t>> order = std::vector<std::size_t>{};
  std::size_t comparisons = 0;
  std::uint32_t crc = 0;
};

/// list.sort's algorithm over `keys`, recording the positions it compares.
Traced traced_sort(const std::vector<Value>& keys, bool reverse) {
  std::vector<std::int32_t> trace;
  Traced out;
  out.order = py::sort_positions(keys.size(), reverse, [&](std::size_t i, std::size_t j) {
    trace.push_back(static_cast<std::int32_t>(i));
    trace.push_back(static_cast<std::int32_t>(j));
    return py::lt(keys[i], keys[j]);
  });
  out.comparisons = trace.size() / 2;
  out.crc = sc::trace_crc(trace);
  return out;
}

std::uint32_t order_crc(const std::vector<std::size_t>& order) {
  std::vector<std::int32_t> v;
  for (std::size_t i : order)
    v.push_back(static_cast<std::int32_t>(i));
  return sc::trace_crc(v);
}

/// py::sort of the pairs (key, position) by their first item: the positions in sorted order.
py::Result<std::vector<std::size_t>> sorted_positions(const std::vector<Value>& keys,
                                                      bool reverse) {
  std::vector<Value> items;
  for (std::size_t i = 0; i < keys.size(); ++i)
    items.push_back(py::tuple_of({keys[i], Value::integer(static_cast<std::int64_t>(i))}));
  const Value key = sc::key_function("first");
  PY_CHECK(py::sort(items, &key, reverse));
  std::vector<std::size_t> order;
  for (const Value& item : items)
    order.push_back(static_cast<std::size_t>(py::as_tuple(item)[1].as_int()));
  return order;
}

/// The recorded case: CPython's comparison count and CRC, and the CRC of its order.
void expect_sorted_like_cpython(const std::vector<Value>& keys, bool reverse,
                                std::size_t comparisons, std::uint32_t trace_crc,
                                std::uint32_t result_crc) {
  const Traced t = traced_sort(keys, reverse);
  ASSERT_TRUE(t.order.ok());
  EXPECT_EQ(t.comparisons, comparisons);
  EXPECT_EQ(t.crc, trace_crc);
  EXPECT_EQ(order_crc(*t.order), result_crc);
  auto by_key = sorted_positions(keys, reverse);
  ASSERT_TRUE(by_key.ok());
  EXPECT_EQ(*by_key, *t.order);
  // Without a key function: the same items (the same objects) in the same order.
  std::vector<Value> items = keys;
  ASSERT_TRUE(py::sort(items, nullptr, reverse).ok());
  ASSERT_EQ(items.size(), keys.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    EXPECT_TRUE(same_object(items[i], keys[(*t.order)[i]])) << i;
}

TEST(Sort, FrozensetsAsSubsetsInCPythonsOrder) {
  expect_sorted_like_cpython(frozensets_case(), false, 1575, 3431528411u, 296296400u);
}

TEST(Sort, FrozensetsReversedInCPythonsOrder) {
  expect_sorted_like_cpython(frozensets_case(), true, 1562, 1007489520u, 2610395087u);
}

TEST(Sort, NaNsInCPythonsOrder) {
  expect_sorted_like_cpython(nan_case(), true, 897, 2742142452u, 1008935449u);
}

TEST(Sort, IntsAndFloatsInRuns) {
  expect_sorted_like_cpython(mixed_case(), false, 2721, 3814480784u, 944909330u);
}

TEST(Sort, FailsAtCPythonsComparison) {
  // CPython raises TypeError at its 1988th comparison here, and at its 2310th in the second.
  const std::vector<Value> keys = str_int_case(13, 5000);
  const Traced t = traced_sort(keys, false);
  ASSERT_FALSE(t.order.ok());
  EXPECT_EQ(t.order.error().type, Exc::TypeError);
  EXPECT_EQ(t.comparisons, 1988u);
  EXPECT_EQ(t.crc, 1346614212u);
  std::vector<Value> items = keys;
  const py::Status st = py::sort(items);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().type, Exc::TypeError);
  // A failed sort leaves the list as it was.
  for (std::size_t i = 0; i < items.size(); ++i)
    EXPECT_TRUE(same_object(items[i], keys[i]));

  const Traced t2 = traced_sort(str_int_case(101, 100), false);
  ASSERT_FALSE(t2.order.ok());
  EXPECT_EQ(t2.comparisons, 2310u);
  EXPECT_EQ(t2.crc, 36037155u);
}

TEST(Sort, SucceedsWhereCPythonNeverComparesTheBadPair) {
  // 51 pairs with a str second item, none ever compared with an int one.
  expect_sorted_like_cpython(str_int_case(7, 20000), false, 2942, 1557384319u, 1206272589u);
}

TEST(Sort, ReverseKeepsEqualItemsInOrder) {
  std::vector<Value> keys;
  for (int i = 0; i < 150; ++i)
    keys.push_back(Value::integer((i * 7) % 5));
  auto order = sorted_positions(keys, true);
  ASSERT_TRUE(order.ok());
  for (std::size_t i = 1; i < (*order).size(); ++i) {
    const std::int64_t a = keys[(*order)[i - 1]].as_int(), b = keys[(*order)[i]].as_int();
    EXPECT_TRUE(a > b || (a == b && (*order)[i - 1] < (*order)[i])) << i;
  }
}

TEST(Sort, KeysComputedFirstInOrder) {
  const Value inv = sc::key_function("inv");
  // 100 // 0 fails before 100 // 'z' is tried, and before any comparison.
  std::vector<Value> items = {py::tuple_of({Value::integer(0), Value::integer(0)}),
                              py::tuple_of({py::make_str("z"), Value::integer(1)})};
  py::Status st = py::sort(items, &inv);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().type, Exc::ZeroDivisionError);
  std::swap(items[0], items[1]);
  st = py::sort(items, &inv);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().type, Exc::TypeError);
  // One item: its key is still computed.
  items.resize(1);
  st = py::sort(items, &inv);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().type, Exc::TypeError);
}

TEST(Sort, ShortListsAsBefore) {
  // {1} and {2} are unordered: binary insertion leaves them as they come.
  std::vector<Value> items = {fset({2}), fset({1}), fset({}), fset({1, 2})};
  ASSERT_TRUE(py::sort(items).ok());
  std::vector<std::string> got;
  for (const Value& v : items)
    got.push_back(sc::encode(v));
  EXPECT_EQ(got, (std::vector<std::string>{"{ }", "{ i2 }", "{ i1 }", "{ i1 i2 }"}));
}

// ---- recursion levels (recorded with CPython 3.11.2 at its default limit of 1000) ----

/// Restores the default base depth after a test.
struct BaseDepth {
  explicit BaseDepth(int frames) { py::FrameGuard::set_base_depth(frames); }
  ~BaseDepth() { py::FrameGuard::set_base_depth(3); }
};

Value self_of(const py::ClosureObject& self) {
  return Value::share(const_cast<py::ClosureObject*>(&self));
}

// def plain(x): if x <= 0: return 0; plain(x - 1); return x
Value plain_key(const py::ClosureObject& self, const Value* args, std::size_t) {
  if (args[0].as_int() <= 0)
    return Value::integer(0);
  PY_TRY(Value ignored, py::call(self_of(self), {Value::integer(args[0].as_int() - 1)}));
  return args[0];
}
// def key_sorted(x): if x <= 0: return 0; sorted([x - 1], key=key_sorted); return x
Value sorted_key(const py::ClosureObject& self, const Value* args, std::size_t) {
  if (args[0].as_int() <= 0)
    return Value::integer(0);
  std::vector<Value> items = {Value::integer(args[0].as_int() - 1)};
  const Value me = self_of(self);
  PY_CHECK(py::sort(items, &me));
  return args[0];
}
// def key_max(x): if x <= 0: return 0; max([x - 1], key=key_max); return x
Value max_key(const py::ClosureObject& self, const Value* args, std::size_t) {
  if (args[0].as_int() <= 0)
    return Value::integer(0);
  const Value me = self_of(self);
  PY_TRY(Value ignored, py::max_of(py::tuple_of({Value::integer(args[0].as_int() - 1)}), &me));
  return args[0];
}
// def key_min2(x): if x <= 0: return 0; min([x - 1, -1], key=key_min2); return x
Value min2_key(const py::ClosureObject& self, const Value* args, std::size_t) {
  if (args[0].as_int() <= 0)
    return Value::integer(0);
  const Value me = self_of(self);
  PY_TRY(Value ignored,
         py::min_of_list({Value::integer(args[0].as_int() - 1), Value::integer(-1)}, &me));
  return args[0];
}

constexpr py::ClosureType kPlain{"plain", 1, false, &plain_key};
constexpr py::ClosureType kSortedKey{"key_sorted", 1, false, &sorted_key};
constexpr py::ClosureType kMaxKey{"key_max", 1, false, &max_key};
constexpr py::ClosureType kMin2Key{"key_min2", 1, false, &min2_key};

/// The largest x for which f(x) does not raise RecursionError, called from a Python frame
/// below the module's (two frames).
int threshold(const py::ClosureType& type) {
  BaseDepth base(2);
  const Value f = py::make_closure(&type, {});
  for (int x = 0; x < 1100; ++x) {
    const Value r = py::call(f, {Value::integer(x)});
    if (!r.ok()) {
      EXPECT_EQ(r.error().type, Exc::RecursionError);
      return x - 1;
    }
  }
  return -1;
}

TEST(SortRecursion, KeyFunctionsRecursingThroughTheBuiltins) {
  EXPECT_EQ(threshold(kPlain), 997); // one frame a level
  // sorted(), max() and min() add one level each between the key calls.
  EXPECT_EQ(threshold(kSortedKey), 498);
  EXPECT_EQ(threshold(kMaxKey), 498);
  EXPECT_EQ(threshold(kMin2Key), 498);
}

/// The largest depth n in [900, 1000] at which `probe` runs without RecursionError, called
/// n + 4 frames deep (CPython's `nest(n, lambda: ...)`).
int nest_threshold(const std::function<Exc()>& probe) {
  BaseDepth base(0);
  int last = -1;
  for (int n = 900; n <= 1000; ++n) {
    py::FrameGuard frames(n + 4);
    if (probe() == Exc::RecursionError)
      return last;
    last = n;
  }
  return last;
}

Exc sort_exc(std::vector<Value> items) {
  const py::Status st = py::sort(items);
  return st.ok() ? Exc::None : st.error().type;
}
Exc value_exc(const Value& v) {
  return v.ok() ? Exc::None : v.error().type;
}

TEST(SortRecursion, BuiltinsAndTheirComparisonsAtTheLimit) {
  const Value two = Value::integer(2), one = Value::integer(1);
  // sorted() takes one level; a comparison through PyObject_RichCompare one more: keys of
  // mixed types, of None, tuples whose items are not the same objects.
  EXPECT_EQ(nest_threshold([&] { return sort_exc({two, one}); }), 995);
  EXPECT_EQ(nest_threshold([&] { return sort_exc({two}); }), 995);
  EXPECT_EQ(nest_threshold([&] { return sort_exc({}); }), 995);
  EXPECT_EQ(nest_threshold([&] { return sort_exc({two, Value::floating(1.5)}); }), 994);
  EXPECT_EQ(nest_threshold(
                [&] { return sort_exc({py::tuple_of({two, one}), py::tuple_of({one, two})}); }),
            994);
  EXPECT_EQ(nest_threshold(
                [&] { return sort_exc({py::tuple_of({one, two}), py::tuple_of({one, two})}); }),
            995);
  EXPECT_EQ(nest_threshold([&] { return sort_exc({fset({1}), fset({})}); }), 995);
  EXPECT_EQ(nest_threshold([&] { return sort_exc({Value::none(), Value::none()}); }), 994);
  // max() and min(): one level, and every comparison one more.
  EXPECT_EQ(nest_threshold([&] { return value_exc(py::max_of(py::tuple_of({two, one}))); }), 994);
  EXPECT_EQ(nest_threshold([&] { return value_exc(py::max_of(py::tuple_of({two}))); }), 995);
  EXPECT_EQ(nest_threshold([&] { return value_exc(py::min_of_list({two, one})); }), 994);
  EXPECT_EQ(nest_threshold([&] {
              return value_exc(py::max_of(py::empty_tuple(), nullptr, Value::integer(0)));
            }),
            995);
}

} // namespace
