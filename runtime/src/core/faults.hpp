// Test-only fault injection (RuntimeConfig::inject_faults, BATTGPU_INJECT_FAULT).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace battgpu::runtime::detail {

enum class FaultKind { DeviceError, AllocFailure };

/// The faults of one call, parsed from the configuration's description.
class FaultPlan {
public:
  FaultPlan() = default;
  explicit FaultPlan(const std::string& description);

  bool empty() const { return faults_.empty(); }
  /// True when a fault of `kind` fires for the `chunk`-th chunk a shard of `device` starts.
  bool fire(FaultKind kind, int device, std::uint64_t chunk) const;

private:
  struct Fault {
    FaultKind kind = FaultKind::DeviceError;
    int device = -1;         // -1: any
    std::int64_t chunk = -1; // -1: any
    std::int64_t from = -1;  // the from-th chunk and every later one; -1: any
    std::int64_t count = -1; // -1: unlimited
    std::shared_ptr<std::atomic<std::int64_t>> fired =
        std::make_shared<std::atomic<std::int64_t>>(0);
  };
  std::vector<Fault> faults_;
};

} // namespace battgpu::runtime::detail
