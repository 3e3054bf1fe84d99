// Batched mapply and apply over object sets for Python programs (issue 12): the statements
// `mapply(f, objects)` and `apply(f, objects)` of every call in flight as one runtime call, f
// one of the per-object DSL functions that give index sets (the compiled path's mapply-batch
// functions, mapply_batch.hpp).
//
// Each result is the dialect's own call of the statement (py::call), so it is the value the
// statement gives run alone, slot for slot, its exception included. The batch spreads the
// calls over the runtime's CPU threads where their objects hold enough cells to pay for the
// hand-over, and runs them on the calling thread otherwise. There is no GPU path, for the
// reason mapply.cpp gives: building the result sets in CPython's order is the whole of the
// work, and it is set building on the host.
#pragma once

#include "battgpu/py/value.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace battgpu::runtime {

/// One statement's call: `callee(function, container)`, the values borrowed from the caller
/// for the length of the batch.
struct PyMapplyRequest {
  const py::Value* callee = nullptr;
  const py::Value* function = nullptr;
  const py::Value* container = nullptr;
};

/// Whether `callee` is one of the dialects' mapply or apply functions the batch takes (a
/// statement's quick test, before its arguments are looked at).
bool is_py_mapply_callee(const py::Value& callee);

/// Whether the batch takes `callee(function, container)`: callee a dialect's `mapply`,
/// `mapply_f`, `apply` or `apply_f`, function one of the per-object index-set functions
/// (toindices, corners, backdrop, delta, box, inbox, outbox) and container a frozenset.
/// Such a call runs DSL code only: no closure of the program, so neither the program's
/// frames nor its time limit are needed beyond what the batch carries.
bool is_py_mapply_batchable(const py::Value& callee, const py::Value& function,
                            const py::Value& container);

/// The cells a request's objects hold in all: what decides whether the batch pays.
std::int64_t py_mapply_cells(const PyMapplyRequest& request);

/// Cells over all requests from which the batch runs on several threads.
inline constexpr std::int64_t kMapplySpreadCells = 8192;

/// The result of every request, in order: each is what py::call gives for it on the calling
/// thread (a value, or the exception it raised). Requests holding kMapplySpreadCells cells or
/// more in all are spread over the runtime's CPU threads; the threads that run them get the
/// calling thread's frame depth (so the same recursion limit) and forget what their DSL calls
/// remembered when done (what the calling thread remembers is freed with its block). A C++
/// exception of a request (out of memory) is thrown from here, whichever thread it came from.
std::vector<py::Value> batch_py_mapply(std::span<const PyMapplyRequest> requests);

} // namespace battgpu::runtime
