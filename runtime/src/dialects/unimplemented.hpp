// Scaffolding while a family is being written: a function not written yet fails with an
// exception that no handler catches, so that the differential tests name it.
#pragma once

#include "battgpu/py/value.hpp"

namespace battgpu::dialects {

inline py::Value unimplemented(const py::Value*, std::size_t) {
  return py::Error{py::Exc::Unimplemented, "not implemented yet"};
}

} // namespace battgpu::dialects
