// The devices the runtime uses, probed once per device selection.
#pragma once

#include "battgpu/runtime/config.hpp"
#include "cuda/backend.hpp"

namespace battgpu::runtime::detail {

cuda::Probe probe_devices(const RuntimeConfig& config);

} // namespace battgpu::runtime::detail
