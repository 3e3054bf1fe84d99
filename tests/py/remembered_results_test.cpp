// py::remember_result: results kept under integer keys, per thread, within a bound.
#include "battgpu/py/call.hpp"
#include "battgpu/py/objects.hpp"
#include "battgpu/py/set_table.hpp"
#include "battgpu/py/value.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <thread>

namespace py = battgpu::py;
using py::Value;

namespace {

const int kFunction = 0; // any address names the function a key belongs to

py::IntKey key_of(std::int64_t k) {
  return {&kFunction, {k, 0, 0, 0}};
}

Value some_set(std::int64_t n) {
  py::SetTable t;
  for (std::int64_t k = 0; k < n; ++k)
    t.add(Value::integer(k));
  return py::make_frozenset(std::move(t));
}

class RememberedResults : public ::testing::Test {
protected:
  void SetUp() override { py::forget_remembered_calls(); }
  void TearDown() override { py::forget_remembered_calls(); }
};

TEST_F(RememberedResults, GivesBackTheSameObjectForTheSameKeyOnly) {
  const Value v = some_set(3);
  py::remember_result(key_of(1), v, 5000);
  const Value* hit = py::remembered_result(key_of(1));
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->object(), v.object());
  EXPECT_EQ(py::remembered_result(key_of(2)), nullptr);
  const int other = 0;
  EXPECT_EQ(py::remembered_result(py::IntKey{&other, {1, 0, 0, 0}}), nullptr);
}

TEST_F(RememberedResults, CheapResultsAndErrorsAreNotKept) {
  py::remember_result(key_of(1), some_set(1), 10);
  EXPECT_EQ(py::remembered_result(key_of(1)), nullptr);
  py::remember_result(key_of(2), Value(py::Error{py::Exc::TypeError, "x"}), 5000);
  EXPECT_EQ(py::remembered_result(key_of(2)), nullptr);
}

TEST_F(RememberedResults, TheOldestGoFirstAndTheTotalIsBounded) {
  for (std::int64_t k = 0; k < 5; ++k)
    py::remember_result(key_of(k), some_set(1), 5000);
  // Four kept: the first is gone.
  EXPECT_EQ(py::remembered_result(key_of(0)), nullptr);
  for (std::int64_t k = 1; k < 5; ++k)
    EXPECT_NE(py::remembered_result(key_of(k)), nullptr) << k;
  // One result of nearly the whole bound (2^23) leaves room for none of the others.
  py::remember_result(key_of(9), some_set(1), (std::int64_t{1} << 23) - 100);
  EXPECT_NE(py::remembered_result(key_of(9)), nullptr);
  for (std::int64_t k = 1; k < 5; ++k)
    EXPECT_EQ(py::remembered_result(key_of(k)), nullptr) << k;
  // Larger than the bound: not kept, and nothing else dropped for it.
  py::remember_result(key_of(10), some_set(1), (std::int64_t{1} << 23) + 1);
  EXPECT_EQ(py::remembered_result(key_of(10)), nullptr);
  EXPECT_NE(py::remembered_result(key_of(9)), nullptr);
}

TEST_F(RememberedResults, AreForgottenAndArePerThread) {
  py::remember_result(key_of(1), some_set(2), 5000);
  bool seen_elsewhere = true;
  std::thread([&] { seen_elsewhere = py::remembered_result(key_of(1)) != nullptr; }).join();
  EXPECT_FALSE(seen_elsewhere);
  py::forget_remembered_calls();
  EXPECT_EQ(py::remembered_result(key_of(1)), nullptr);
}

} // namespace
