// Canonical writing of frozensets (SPEC section 7): elements sorted booleans first, then
// numbers, ..., tuples element by element with a prefix first, frozensets by their sorted
// members. The sets here are the kinds records hold by the thousand (ints, cells and indices
// as tuples of ints, sets of such sets), each written by py::to_canonical and checked against
// the order computed here on plain integer vectors.
#include "battgpu/py/canonical.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/set_table.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace py = battgpu::py;
using py::Value;

namespace {

using Ints = std::vector<std::int64_t>;

std::string text_of(const Ints& t) {
  std::string s = "[";
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (i != 0)
      s += ',';
    s += std::to_string(t[i]);
  }
  s += ']';
  return s;
}

Value tuple_value(const Ints& t) {
  std::vector<Value> items;
  for (const std::int64_t v : t)
    items.push_back(Value::integer(v));
  return py::tuple_of(items);
}

Value frozenset_value(const std::vector<Value>& items) {
  py::SetTable table;
  for (const Value& v : items)
    table.add(v);
  return py::make_frozenset(std::move(table));
}

/// Random distinct int tuples: lengths 0 to 6, items small, negative, or past 16 bits.
std::vector<Ints> random_tuples(std::mt19937_64& rng, std::size_t count) {
  std::vector<Ints> out;
  auto item = [&]() -> std::int64_t {
    switch (rng() % 6) {
    case 0:
      return static_cast<std::int64_t>(rng() % 70000) - 35000; // around the 16-bit edge
    case 1:
      return static_cast<std::int64_t>(rng()); // any int64
    default:
      return static_cast<std::int64_t>(rng() % 12) - 2;
    }
  };
  const bool short_only = rng() % 2 == 0; // sets of pairs and triples alone, as cells are
  while (out.size() < count) {
    Ints t(short_only ? 2 + rng() % 3 : rng() % 7);
    for (auto& v : t)
      v = short_only && rng() % 8 != 0 ? static_cast<std::int64_t>(rng() % 31) : item();
    if (std::find(out.begin(), out.end(), t) == out.end())
      out.push_back(std::move(t));
  }
  return out;
}

TEST(CanonicalOrder, FrozenSetsOfIntsAndOfIntTuples) {
  std::mt19937_64 rng(2026112801);
  std::size_t cases = 0, matched = 0;
  for (int round = 0; round < 2000; ++round) {
    const std::size_t n = rng() % 40;
    std::string expected, actual;
    if (round % 4 == 0) { // ints
      Ints ints;
      while (ints.size() < n) {
        const auto v = static_cast<std::int64_t>(rng() % 100000) - 50000;
        if (std::find(ints.begin(), ints.end(), v) == ints.end())
          ints.push_back(v);
      }
      std::vector<Value> items;
      for (const std::int64_t v : ints)
        items.push_back(Value::integer(v));
      std::sort(ints.begin(), ints.end());
      expected = "{\"frozenset\":" + text_of(ints) + "}";
      actual = py::to_canonical(frozenset_value(items));
    } else {
      std::vector<Ints> tuples = random_tuples(rng, n);
      std::vector<Value> items;
      for (const Ints& t : tuples)
        items.push_back(tuple_value(t));
      std::sort(tuples.begin(), tuples.end()); // element by element, a prefix first
      expected = "{\"frozenset\":[";
      for (std::size_t i = 0; i < tuples.size(); ++i) {
        if (i != 0)
          expected += ',';
        expected += text_of(tuples[i]);
      }
      expected += "]}";
      actual = py::to_canonical(frozenset_value(items));
    }
    ++cases;
    EXPECT_EQ(actual, expected);
    matched += actual == expected;
  }
  std::printf("canonical order: %zu sets of ints or int tuples, %zu written as expected\n", cases,
              matched);
}

TEST(CanonicalOrder, FrozenSetsOfFrozenSets) {
  std::mt19937_64 rng(2026112802);
  std::size_t cases = 0, matched = 0;
  for (int round = 0; round < 500; ++round) {
    // Distinct inner sets of small ints, some of them prefixes of others once sorted.
    std::vector<Ints> inner;
    const std::size_t n = rng() % 12;
    while (inner.size() < n) {
      Ints members;
      const std::size_t size = rng() % 5;
      while (members.size() < size) {
        const auto v = static_cast<std::int64_t>(rng() % 9);
        if (std::find(members.begin(), members.end(), v) == members.end())
          members.push_back(v);
      }
      std::sort(members.begin(), members.end());
      if (std::find(inner.begin(), inner.end(), members) == inner.end())
        inner.push_back(std::move(members));
    }
    std::vector<Value> items;
    for (const Ints& members : inner) {
      std::vector<Value> ints;
      for (auto it = members.rbegin(); it != members.rend(); ++it)
        ints.push_back(Value::integer(*it));
      items.push_back(frozenset_value(ints));
    }
    std::sort(inner.begin(), inner.end());
    std::string expected = "{\"frozenset\":[";
    for (std::size_t i = 0; i < inner.size(); ++i) {
      if (i != 0)
        expected += ',';
      expected += "{\"frozenset\":";
      expected += text_of(inner[i]);
      expected += '}';
    }
    expected += "]}";
    const std::string actual = py::to_canonical(frozenset_value(items));
    ++cases;
    EXPECT_EQ(actual, expected);
    matched += actual == expected;
  }
  std::printf("canonical order: %zu sets of sets, %zu written as expected\n", cases, matched);
}

TEST(CanonicalOrder, BooleansBeforeNumbersAndMixedTuples) {
  // Booleans sort before numbers, in a set and inside tuples; a tuple with a boolean is no
  // tuple of ints.
  const Value set = frozenset_value(
      {Value::integer(5), Value::boolean(true), Value::integer(-3), Value::boolean(false)});
  EXPECT_EQ(py::to_canonical(set), R"({"frozenset":[{"bool":false},{"bool":true},-3,5]})");
  const Value tuples = frozenset_value({py::tuple_of({Value::integer(2), Value::integer(0)}),
                                        py::tuple_of({Value::integer(2), Value::boolean(true)}),
                                        py::tuple_of({Value::integer(1)})});
  EXPECT_EQ(py::to_canonical(tuples), R"({"frozenset":[[1],[2,{"bool":true}],[2,0]]})");
}

TEST(CanonicalOrder, StringsAsPythonsJsonWritesThem) {
  // json.dumps(s) with ensure_ascii, as the reference runner writes strings: control characters
  // and everything beyond ASCII as \uXXXX, lower-case, a surrogate pair past U+FFFF.
  const auto written = [](std::string_view s) {
    std::string out;
    py::write_json_string(out, s);
    return out;
  };
  EXPECT_EQ(written("a\x01\x1f"), R"("a\u0001\u001f")");
  EXPECT_EQ(written("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"), R"("\u00e9\u20ac\ud83d\ude00")");
  EXPECT_EQ(written("tab\there\"q\\"), R"("tab\there\"q\\")");
}

} // namespace
