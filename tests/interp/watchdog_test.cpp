// The watchdog's slot protocol: a cancellation belongs to the deadline the watchdog found past,
// never to the one a worker set after it.
#include "battgpu/interp/watchdog.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace battgpu::interp {
namespace {

using Slot = Watchdog::Slot;

TEST(WatchdogSlot, FiresOnlyForADeadlinePast) {
  Slot slot;
  slot.fire_if_past(1000); // no deadline
  EXPECT_FALSE(slot.cancel.load());
  EXPECT_FALSE(slot.replace_deadline(2000));
  slot.fire_if_past(1500);
  EXPECT_FALSE(slot.cancel.load());
  EXPECT_FALSE(slot.take_cancel());
  slot.fire_if_past(2500);
  EXPECT_TRUE(slot.cancel.load());
  EXPECT_EQ(slot.deadline_ns.load(), Slot::kFired);
  EXPECT_TRUE(slot.take_cancel());
  EXPECT_FALSE(slot.cancel.load());
  EXPECT_EQ(slot.deadline_ns.load(), 0);
}

TEST(WatchdogSlot, ACancellationGoesWithTheDeadlineItWasFor) {
  Slot slot;
  EXPECT_FALSE(slot.replace_deadline(1000)); // call A
  slot.fire_if_past(1500);                   // A is past its limit
  // The worker turns to call B before it looked at the flag: A's cancellation is taken with
  // A's deadline, and B starts with none.
  EXPECT_TRUE(slot.replace_deadline(5000));
  EXPECT_FALSE(slot.cancel.load());
  EXPECT_FALSE(slot.take_cancel());
  slot.fire_if_past(1500); // the time A's deadline passed at: B's is later
  EXPECT_FALSE(slot.cancel.load());
  EXPECT_FALSE(slot.replace_deadline(0));
}

TEST(WatchdogSlot, AWorkerNeverSeesACancellationOfAnotherDeadline) {
  // The watchdog fires as often as it can for deadlines always past, while the worker keeps
  // setting new ones: whenever the worker sees the flag raised, the deadline it set last is
  // the one fired.
  Slot slot;
  std::atomic<bool> stop{false};
  std::thread watchdog([&] {
    while (!stop.load(std::memory_order_relaxed))
      slot.fire_if_past(std::int64_t{1} << 62);
  });
  long seen = 0, wrong = 0;
  for (std::int64_t k = 1; k <= 200000; ++k) {
    slot.replace_deadline(k);
    if (slot.cancel.load(std::memory_order_acquire)) {
      ++seen;
      wrong += slot.deadline_ns.load() != Slot::kFired;
      slot.take_cancel();
    }
  }
  stop = true;
  watchdog.join();
  slot.replace_deadline(0);
  EXPECT_EQ(wrong, 0) << seen << " cancellations seen";
}

} // namespace
} // namespace battgpu::interp
