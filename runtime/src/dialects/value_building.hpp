// Helpers the dialects' functions share: building tuples as Python's expressions do, and the
// frame budget of fast paths that skip the nested DSL calls of the Python source.
#pragma once

#include "battgpu/py/py.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace battgpu::dialects {

/// True when `frames` more Python frames fit under the recursion limit. A fast path that
/// skips nested DSL calls is taken only then, so that it cannot miss a RecursionError those
/// calls would have met (a nested tokpidjin call is two frames: the wrapper and the body);
/// `frames` is the deepest chain of frames the skipped calls would have made.
inline bool frames_fit(int frames) {
  py::FrameGuard probe(frames);
  return probe.ok();
}

inline py::Value recursion_error() {
  return py::Error{py::Exc::RecursionError, "maximum recursion depth exceeded"};
}

/// `(i, j)`: shared tuples for small coordinates (py::pair_of).
inline py::Value int_pair(std::int64_t i, std::int64_t j) {
  return py::pair_of(i, j);
}

/// `(a, b)`.
inline py::Value pair(const py::Value& a, const py::Value& b) {
  if (a.is(py::Kind::Int) && b.is(py::Kind::Int))
    return int_pair(a.as_int(), b.as_int());
  return py::tuple_of({a, b});
}

/// A tuple of `items`, moved in (py::tuple_of copies them: a reference count each way for
/// items that are objects).
inline py::Value tuple_from(std::vector<py::Value>&& items) {
  py::Value out = py::new_tuple(items.size());
  if (!items.empty()) {
    py::Value* dst = py::tuple_items(out);
    for (py::Value& v : items)
      *dst++ = std::move(v);
  }
  items.clear();
  return out;
}

/// Builds a tuple of unknown length as `tuple(<generator>)` does, moving the items in.
class TupleOut {
public:
  TupleOut() = default;
  explicit TupleOut(std::size_t expected) { items_.reserve(expected); }
  void push(py::Value v) { items_.push_back(std::move(v)); }
  py::Value finish() { return tuple_from(std::move(items_)); }

private:
  std::vector<py::Value> items_;
};

} // namespace battgpu::dialects
