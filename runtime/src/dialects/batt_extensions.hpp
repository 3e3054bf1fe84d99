// The batt extensions of SPEC section 2 that both dialects share: tokpidjin defines them, and
// arc-dsl programs may use them too (`difference_tuple`, `p_g`, `get_nth_t`, `get_nth_f`), with
// the same meaning; in tokpidjin they are behind the safe_dsl wrapper, in arc-dsl they raise.
// Also the helpers the dialect families share.
#pragma once

#include "battgpu/py/py.hpp"

#include <cstdint>
#include <vector>

namespace battgpu::dialects::batt_extensions {

// The functions, as py::Builtin implementations.
py::Value difference_tuple(const py::Value* args, std::size_t nargs);
py::Value p_g(const py::Value* args, std::size_t nargs);
py::Value get_nth_t(const py::Value* args, std::size_t nargs);
py::Value get_nth_f(const py::Value* args, std::size_t nargs);

/// Python's chained test `-n <= rank < n` (the second comparison only when the first holds).
py::Result<bool> rank_in_range(const py::Value& rank, std::int64_t n);
/// The element at position `pos` (0 <= pos < len) of a tuple, frozenset or str in iteration
/// order.
py::Value nth_in_order(const py::Value& c, std::int64_t pos);

} // namespace battgpu::dialects::batt_extensions
