// Connected-component object extraction: objects, and the batt extensions o_g and o_g_t.
#pragma once

#include "battgpu/dialects/objects_sim.hpp"
#include "battgpu/dsl/primitives/traits.hpp"

namespace battgpu::dsl {

/// Object mode as the batt extensions number it: 4*univalued + 2*diagonal + without_bg.
struct ObjectMode {
  bool univalued = false;
  bool diagonal = false;
  bool without_bg = false;

  static constexpr ObjectMode from_index(int mode) {
    return ObjectMode{(mode & 4) != 0, (mode & 2) != 0, (mode & 1) != 0};
  }
  constexpr int index() const {
    return (univalued ? 4 : 0) + (diagonal ? 2 : 0) + (without_bg ? 1 : 0);
  }
};

/// The objects of `grid` in one mode, each object and the result in CPython's iteration order
/// (arc-dsl's loop simulated on CPython's set algorithms).
Objects extract_objects(const Grid& grid, ObjectMode mode);

/// The objects of `grid` from a layout the extraction simulation computed for it in arc-dsl's
/// cell form (on the CPU or a GPU: runtime/py_objects.hpp): each cell and each object placed
/// in its slot. Index is std::uint16_t or std::uint32_t.
template <class Index>
Objects objects_from_layout(const Grid& grid, const dialects::sim::Layout<Index>& layout);

struct objects_fn {
  Objects operator()(const Grid& grid, Boolean univalued, Boolean diagonal,
                     Boolean without_bg) const {
    return extract_objects(grid, ObjectMode{univalued, diagonal, without_bg});
  }
};
inline constexpr objects_fn objects{};

/// `objects(grid, R & 4, R & 2, R & 1)`.
struct o_g_fn {
  Objects operator()(const Grid& grid, Integer mode) const {
    return extract_objects(grid, ObjectMode::from_index(mode));
  }
};
inline constexpr o_g_fn o_g{};

/// The objects of o_g as a tuple, in the set's iteration order.
struct o_g_t_fn {
  Tuple<Object> operator()(const Grid& grid, Integer mode) const {
    return Tuple<Object>(extract_objects(grid, ObjectMode::from_index(mode)).storage());
  }
};
inline constexpr o_g_t_fn o_g_t{};

} // namespace battgpu::dsl
