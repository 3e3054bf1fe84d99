// `t1, t2, t3, t4 = batch_process_samples_gpu(S)`: the sample pattern that earlier versions of
// tokpidjin's generator wrote as one call of a helper of their runtime (not a DSL function).
// Its meaning is its CPU definition: the inputs and outputs of the samples, and the colours
// of each, `(apply(first, S), apply(second, S), mapply(p_g, inputs), mapply(p_g, outputs))`,
// computed with the program's DSL functions.
#pragma once

#include "battgpu/py/value.hpp"

#include <array>
#include <optional>
#include <vector>

namespace battgpu::interp {

struct SampleBatchResult {
  std::array<py::Value, 4> values;
  /// Set when the pattern raised (arc-dsl's functions raise; tokpidjin's do not).
  std::optional<py::Error> error;
};

/// The pattern for every samples value of `samples` (one per call in flight).
std::vector<SampleBatchResult> batch_process_samples(py::Dialect dialect,
                                                     const std::vector<const py::Value*>& samples);

} // namespace battgpu::interp
