// The batch operations that battgpu-rewrite emits (SPEC sections 4 and 5).
//
// Every entry point takes the rewritten statements' original code as a callable
// (`original`): it is the CPU path, so a program gives the same values whichever path runs.
// The runtime may instead compute the same values on a GPU: one task's batch point is far too
// small for that, so a driver running many tasks prefetches their grids in one batch
// (prefetch.hpp) and the entry points take the results a GPU computed from there. Whenever no
// such result exists, `original()` runs.
#pragma once

#include "battgpu/dsl.hpp"
#include "battgpu/runtime/gather.hpp"
#include "battgpu/runtime/mapply_batch.hpp"
#include "battgpu/runtime/prefetch.hpp"

#include <array>
#include <coroutine>
#include <cstddef>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

namespace battgpu::runtime {

/// Marks the absent mapping of a partial sample-batch group.
struct NoMapping {};
inline constexpr NoMapping no_mapping{};

namespace detail {

/// Grid-to-value primitives whose value follows from a grid's colours (grid_values.hpp).
template <class F> struct colour_value : std::false_type {};
template <> struct colour_value<NoMapping> : std::true_type {};
template <> struct colour_value<dsl::p_g_fn> : std::true_type {
  static auto of(const GridColours& c) { return c.p_g(); }
};
template <> struct colour_value<dsl::palette_fn> : std::true_type {
  static auto of(const GridColours& c) { return c.palette(); }
};
template <> struct colour_value<dsl::mostcolor_fn> : std::true_type {
  static auto of(const GridColours& c) { return c.mostcolor(); }
};
template <> struct colour_value<dsl::leastcolor_fn> : std::true_type {
  static auto of(const GridColours& c) { return c.leastcolor(); }
};
template <> struct colour_value<dsl::numcolors_fn> : std::true_type {
  static auto of(const GridColours& c) { return c.numcolors(); }
};

/// f(grid) from the kept colours; notes a grid without kept colours in `*missing`.
template <class F> struct KeptColourValue {
  bool* missing;
  auto operator()(const dsl::Grid& grid) const
      -> decltype(colour_value<F>::of(std::declval<const GridColours&>())) {
    if (auto kept = prefetched_grid_values(grid))
      return colour_value<F>::of(*kept);
    *missing = true;
    return {};
  }
};

/// The sample-batch group from kept colours, when every grid has them and the group's value
/// has the type `original()` gives.
template <class R, class F, class G> std::optional<R> samples_from_kept(const dsl::Samples& S) {
  bool missing = false;
  auto make = [&] {
    auto inputs = dsl::apply(dsl::first, S);
    auto outputs = dsl::apply(dsl::second, S);
    if constexpr (std::is_same_v<F, NoMapping> && std::is_same_v<G, NoMapping>)
      return std::make_tuple(inputs, outputs);
    else if constexpr (std::is_same_v<G, NoMapping>)
      return std::make_tuple(inputs, outputs, dsl::mapply(KeptColourValue<F>{&missing}, inputs));
    else if constexpr (std::is_same_v<F, NoMapping>)
      return std::make_tuple(inputs, outputs, dsl::mapply(KeptColourValue<G>{&missing}, outputs));
    else
      return std::make_tuple(inputs, outputs, dsl::mapply(KeptColourValue<F>{&missing}, inputs),
                             dsl::mapply(KeptColourValue<G>{&missing}, outputs));
  };
  if constexpr (!std::is_same_v<decltype(make()), R>) {
    return std::nullopt;
  } else {
    R value = make();
    if (missing)
      return std::nullopt;
    return value;
  }
}

} // namespace detail

/// sample-batch: `apply(first, S)`, `apply(second, S)`, `mapply(f, inputs)`,
/// `mapply(g, outputs)`. `original()` returns a std::tuple of the group's values in that
/// order, leaving out a mapping given as `no_mapping`.
template <class InputFn, class OutputFn, class Original>
auto batch_process_samples(const dsl::Samples& S, const InputFn& f, const OutputFn& g,
                           Original&& original) -> decltype(original()) {
  (void)f, (void)g;
  using R = decltype(original());
  if constexpr (detail::colour_value<InputFn>::value && detail::colour_value<OutputFn>::value) {
    if (detail::has_prefetched())
      if (auto kept = detail::samples_from_kept<R, InputFn, OutputFn>(S))
        return std::move(*kept);
  }
  return std::forward<Original>(original)();
}

/// object-batch: `o_g(grid, modes[k])` for each k (mode = 4*univalued + 2*diagonal +
/// without_bg). `original()` returns the same std::array.
template <std::size_t N, class Original>
std::array<dsl::Objects, N> batch_objects(const dsl::Grid& grid, const std::array<int, N>& modes,
                                          Original&& original) {
  if (detail::has_prefetched()) {
    std::array<dsl::Objects, N> out;
    bool all = true;
    for (std::size_t k = 0; k < N && all; ++k) {
      if (auto kept = detail::prefetched_objects(grid, modes[k]))
        out[k] = std::move(*kept);
      else
        all = false;
    }
    if (all)
      return out;
  }
  return std::forward<Original>(original)();
}

/// mapply-batch: `mapply(f, objects)` or `apply(f, objects)` for a per-object primitive f.
/// `original()` returns that value.
template <class PerObjectFn, class Container, class Original>
auto batch_mapply(const PerObjectFn& f, const Container& objects, Original&& original)
    -> decltype(original()) {
  (void)f;
  (void)objects;
  return std::forward<Original>(original)();
}

// The gathered forms (gather.hpp): battgpu-rewrite emits `co_await gather_objects(...)` and
// `co_await gather_mapply(...)` in solvers it makes coroutines. Under run_gathered() a batch
// point whose result is not kept already suspends, files its request, and on resuming takes
// its result from the round's batch; with no scheduler it does what the blocking call does.

/// Awaitable object-batch point: yields what batch_objects(grid, modes, original) returns.
template <std::size_t N, class Original> class ObjectsPoint {
public:
  ObjectsPoint(const dsl::Grid& grid, const std::array<int, N>& modes, Original original)
      : grid_(grid), modes_(modes), original_(std::move(original)) {}

  bool await_ready() {
    gather_ = Gather::current();
    if (gather_ == nullptr || grid_.cell_count() == 0 || !valid_modes() || kept()) {
      gather_ = nullptr;
      return true;
    }
    return false;
  }
  void await_suspend(std::coroutine_handle<>) {
    ModeMask mask = 0;
    for (int mode : modes_)
      mask |= mode_bit(mode);
    ticket_ = gather_->request_objects(grid_, mask);
  }
  std::array<dsl::Objects, N> await_resume() {
    if (gather_ != nullptr) {
      std::array<dsl::Objects, N> out;
      bool all = true;
      for (std::size_t k = 0; k < N && all; ++k) {
        const dsl::Objects* result = gather_->objects(ticket_, modes_[k]);
        if (result != nullptr)
          out[k] = *result;
        else
          all = false;
      }
      if (all)
        return out;
    }
    return batch_objects(grid_, modes_, std::move(original_));
  }

private:
  bool valid_modes() const {
    for (int mode : modes_)
      if (mode < 0 || mode > 7)
        return false;
    return true;
  }
  /// Every mode kept by the driver's prefetch: no need to wait.
  bool kept() const {
    if (!detail::has_prefetched())
      return false;
    for (int mode : modes_)
      if (!detail::prefetched_objects(grid_, mode))
        return false;
    return true;
  }

  dsl::Grid grid_;
  std::array<int, N> modes_;
  Original original_;
  Gather* gather_ = nullptr;
  std::size_t ticket_ = 0;
};

/// object-batch, gathered form: `co_await gather_objects(grid, modes, original)`.
template <std::size_t N, class Original>
ObjectsPoint<N, std::decay_t<Original>>
gather_objects(const dsl::Grid& grid, const std::array<int, N>& modes, Original&& original) {
  return {grid, modes, std::forward<Original>(original)};
}

/// Awaitable mapply-batch point: yields what batch_mapply(f, objects, original) returns.
template <class PerObjectFn, class Container, class Original> class MapplyPoint {
  using Result = std::invoke_result_t<Original&>;
  static constexpr bool batchable = detail::per_object_op<PerObjectFn>::value &&
                                    std::is_same_v<Container, dsl::Objects> &&
                                    std::is_same_v<Result, dsl::Indices>;

public:
  MapplyPoint(const PerObjectFn& f, const Container& container, Original original)
      : f_(f), container_(container), original_(std::move(original)) {}

  bool await_ready() {
    if constexpr (batchable) {
      gather_ = Gather::current();
      if (gather_ != nullptr && !container_.empty())
        return false;
      gather_ = nullptr;
    }
    return true;
  }
  void await_suspend(std::coroutine_handle<>) {
    if constexpr (batchable)
      ticket_ = gather_->request_mapply(detail::per_object_op<PerObjectFn>::op, container_);
  }
  Result await_resume() {
    if constexpr (batchable) {
      if (gather_ != nullptr)
        if (const dsl::Indices* result = gather_->mapply(ticket_))
          return *result;
    }
    return batch_mapply(f_, container_, std::move(original_));
  }

private:
  PerObjectFn f_;
  Container container_;
  Original original_;
  Gather* gather_ = nullptr;
  std::size_t ticket_ = 0;
};

/// mapply-batch, gathered form: `co_await gather_mapply(f, objects, original)`.
template <class PerObjectFn, class Container, class Original>
MapplyPoint<PerObjectFn, Container, std::decay_t<Original>>
gather_mapply(const PerObjectFn& f, const Container& objects, Original&& original) {
  return {f, objects, std::forward<Original>(original)};
}

} // namespace battgpu::runtime
