// py::append_repr against CPython 3.11's repr() of the same values (the expected texts were
// printed by /usr/bin/python3; a frozenset is built by adding its elements in the order its
// Python display lists them, so its text also checks CPython's iteration order). Functions
// are the one designed difference: no object address.
#include "battgpu/py/objects.hpp"
#include "battgpu/py/repr.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>

namespace py = battgpu::py;
using py::Value;

namespace {

std::string repr(const Value& v) {
  std::string out;
  EXPECT_TRUE(py::append_repr(out, v).ok());
  return out;
}

TEST(Repr, Scalars) {
  EXPECT_EQ(repr(Value::none()), "None");
  EXPECT_EQ(repr(Value::boolean(true)), "True");
  EXPECT_EQ(repr(Value::boolean(false)), "False");
  EXPECT_EQ(repr(Value::integer(-7)), "-7");
  EXPECT_EQ(repr(Value::integer(0)), "0");
  EXPECT_EQ(repr(Value::floating(0.1)), "0.1");
  EXPECT_EQ(repr(Value::floating(1e16)), "1e+16");
  EXPECT_EQ(repr(Value::floating(-2.5)), "-2.5");
  EXPECT_EQ(repr(Value::floating(std::numeric_limits<double>::infinity())), "inf");
  EXPECT_EQ(repr(Value::floating(-std::numeric_limits<double>::infinity())), "-inf");
  EXPECT_EQ(repr(py::math_nan()), "nan");
}

TEST(Repr, StringsTakeCPythonsQuotesAndEscapes) {
  EXPECT_EQ(repr(py::make_str("a")), "'a'");
  EXPECT_EQ(repr(py::make_str("it's")), "\"it's\"");
  EXPECT_EQ(repr(py::make_str("say \"hi\"")), "'say \"hi\"'");
  EXPECT_EQ(repr(py::make_str("both ' and \"")), "'both \\' and \"'");
  EXPECT_EQ(repr(py::make_str("t\tn\nr\rb\\x\x07"
                              "d\x7f")),
            "'t\\tn\\nr\\rb\\\\x\\x07d\\x7f'");
}

TEST(Repr, Tuples) {
  EXPECT_EQ(repr(py::empty_tuple()), "()");
  EXPECT_EQ(repr(py::tuple_of({Value::integer(1)})), "(1,)");
  EXPECT_EQ(repr(py::tuple_of({Value::integer(1), Value::integer(2)})), "(1, 2)");
  EXPECT_EQ(repr(py::tuple_of({py::tuple_of({Value::integer(1)}), py::empty_tuple()})),
            "((1,), ())");
}

TEST(Repr, FrozenSetsInIterationOrder) {
  EXPECT_EQ(repr(py::empty_frozenset()), "frozenset()");
  EXPECT_EQ(repr(py::frozenset_of({py::tuple_of({Value::integer(1), Value::integer(2)})})),
            "frozenset({(1, 2)})");
  EXPECT_EQ(repr(py::frozenset_of({Value::integer(3), Value::integer(1), Value::integer(2)})),
            "frozenset({1, 2, 3})");
  EXPECT_EQ(repr(py::frozenset_of(
                {Value::integer(-1), Value::integer(8), Value::integer(16), Value::integer(0)})),
            "frozenset({8, 16, -1, 0})");
  EXPECT_EQ(repr(py::tuple_of(
                {py::frozenset_of({py::frozenset_of({Value::integer(5)})}), py::make_str("x")})),
            "(frozenset({frozenset({5})}), 'x')");
}

} // namespace
