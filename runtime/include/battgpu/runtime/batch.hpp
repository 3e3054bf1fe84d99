// The batch operations that battgpu-rewrite emits (SPEC sections 4 and 5).
//
// Every entry point takes the rewritten statements' original code as a callable
// (`original`): it is the CPU path, so a program gives the same values whichever path runs.
// The runtime may instead compute the same values on a GPU, for this call alone or, when a
// driver batches across tasks, for many calls gathered together.
#pragma once

#include "battgpu/dsl/values.hpp"

#include <array>
#include <cstddef>
#include <utility>

namespace battgpu::runtime {

/// Marks the absent mapping of a partial sample-batch group.
struct NoMapping {};
inline constexpr NoMapping no_mapping{};

/// sample-batch: `apply(first, S)`, `apply(second, S)`, `mapply(f, inputs)`,
/// `mapply(g, outputs)`. `original()` returns a std::tuple of the group's values in that
/// order, leaving out a mapping given as `no_mapping`.
template <class InputFn, class OutputFn, class Original>
auto batch_process_samples(const dsl::Samples& S, const InputFn& f, const OutputFn& g,
                           Original&& original) -> decltype(original()) {
  (void)S, (void)f, (void)g;
  return std::forward<Original>(original)();
}

/// object-batch: `o_g(grid, modes[k])` for each k (mode = 4*univalued + 2*diagonal +
/// without_bg). `original()` returns the same std::array.
template <std::size_t N, class Original>
std::array<dsl::Objects, N> batch_objects(const dsl::Grid& grid, const std::array<int, N>& modes,
                                          Original&& original) {
  (void)grid, (void)modes;
  return std::forward<Original>(original)();
}

/// mapply-batch: `mapply(f, objects)` or `apply(f, objects)` for a per-object primitive f.
/// `original()` returns that value.
template <class PerObjectFn, class Container, class Original>
auto batch_mapply(const PerObjectFn& f, const Container& objects, Original&& original)
    -> decltype(original()) {
  (void)f, (void)objects;
  return std::forward<Original>(original)();
}

} // namespace battgpu::runtime
