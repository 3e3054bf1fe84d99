// Object extraction with the objects' tables left pending (objects_pending.cpp).
#pragma once

#include "battgpu/dialects/objects_request.hpp"
#include "battgpu/py/value.hpp"

#include <cstdint>

namespace battgpu::dialects {

/// objects(...) as a frozenset of frozensets (or arc-dsl's tuple of them) of an h x w grid
/// of ints, `p` the simulation's parameters, `order` asindices' order and `padded_order` the
/// same cells in a grid of (h + 2) x (w + 2) (a border all round): the result's table built at
/// once, each object of more than one cell pending until its order is read. Not for
/// ObjectsShape::TupleOfTuples.
py::Value objects_with_pending_cells(py::Dialect dialect, ObjectsShape shape,
                                     const std::int64_t* cells, const sim::Params& p,
                                     const std::int32_t* order, const std::int32_t* padded_order);

} // namespace battgpu::dialects
