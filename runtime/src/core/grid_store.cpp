// GridStore: the log of a block's grids, computed on the host or on a device, with the
// device's results recomputed on the host from the log when the device fails.
#include "battgpu/runtime/grid_store.hpp"

#include "battgpu/runtime/config.hpp"
#include "core/faults.hpp"
#include "core/stats_internal.hpp"
#include "cuda/grid_store_backend.hpp"

#include <algorithm>
#include <stdexcept>

namespace battgpu::runtime {

void compute_grid_op(GridOpKind kind, const std::int8_t* a, const std::int8_t* b, std::int8_t x,
                     std::int8_t y, std::size_t cells, const std::uint32_t* positions,
                     const std::int8_t* colours, std::size_t npositions, std::int8_t* out) {
  switch (kind) {
  case GridOpKind::Cellwise:
    for (std::size_t c = 0; c < cells; ++c)
      out[c] = a[c] == b[c] ? a[c] : x;
    break;
  case GridOpKind::Replace:
    for (std::size_t c = 0; c < cells; ++c)
      out[c] = a[c] == x ? y : a[c];
    break;
  case GridOpKind::Fill:
    std::copy(a, a + cells, out);
    for (std::size_t k = 0; k < npositions; ++k)
      out[positions[k]] = x;
    break;
  case GridOpKind::Paint:
    std::copy(a, a + cells, out);
    for (std::size_t k = 0; k < npositions; ++k)
      out[positions[k]] = colours[k];
    break;
  }
}

namespace {
constexpr std::size_t kNone = ~std::size_t{0};
} // namespace

struct GridStore::Impl {
  struct Grid {
    std::uint32_t h = 0, w = 0;
    std::size_t host = kNone;   ///< offset of its cells in `host` (kNone: on the device only)
    std::size_t device = kNone; ///< offset in the device arena (kNone: not there)
    std::size_t op = kNone;     ///< index into `log` of the op that made it (kNone: an input)
    std::size_t cells() const { return std::size_t{h} * w; }
  };

  /// An op of the log: its Fill or Paint cells are `positions[first, first + count)` (a
  /// Paint's distinct, each with its last colour, in `colours` beside them).
  struct Logged {
    Op op;
    std::size_t first = 0, count = 0;
  };

  GridPlace place = GridPlace::Host;
  int device = 0;
  std::unique_ptr<cuda::DeviceGrids> gpu;
  std::string reason;
  std::vector<Grid> grids;
  std::vector<Logged> log;
  std::vector<std::uint32_t> positions;
  std::vector<std::int8_t> colours;
  std::vector<std::uint32_t> last_write; ///< scratch: per cell, the last of a Paint's writes
  std::vector<std::int8_t> host;
  std::size_t device_used = 0;
  std::size_t device_positions = 0; ///< positions uploaded (the first ones of `positions`)
  detail::FaultPlan faults;
  std::uint64_t device_runs = 0;

  std::size_t append_host(std::size_t cells) {
    const std::size_t at = host.size();
    host.resize(at + cells);
    return at;
  }

  /// Grid `id`'s cells on the host, computed from the log where only the device had them.
  void compute_on_host(Id id) {
    if (grids[id].host != kNone)
      return;
    const Logged& logged = log[grids[id].op];
    const Op& op = logged.op;
    compute_on_host(op.a);
    if (op.kind == GridOpKind::Cellwise)
      compute_on_host(op.b);
    const std::size_t at = append_host(grids[id].cells()); // before taking pointers: it grows
    const std::int8_t* a = host.data() + grids[op.a].host;
    const std::int8_t* b = op.kind == GridOpKind::Cellwise ? host.data() + grids[op.b].host : a;
    compute_grid_op(op.kind, a, b, op.x, op.y, grids[id].cells(), positions.data() + logged.first,
                    colours.data() + logged.first, logged.count, host.data() + at);
    grids[id].host = at;
  }

  /// The device failed: every later op runs on the host, and what only the device held is
  /// recomputed there.
  void fall_back(const std::string& why) {
    place = GridPlace::Host;
    reason = why;
    gpu.reset();
    std::uint64_t recomputed = 0;
    for (Id id = 0; id < grids.size(); ++id) {
      recomputed += grids[id].host == kNone;
      compute_on_host(id);
    }
    detail::record_fallback("grid statements: " + why, recomputed);
  }

  /// Runs the ops that made grids [first, grids.size()) on the device.
  bool run_on_device(Id first, std::string& why) {
    if (faults.fire(detail::FaultKind::DeviceError, device, device_runs++)) {
      why = "injected device error";
      return false;
    }
    // The inputs not on the device yet go up in one copy, laid out one after the other.
    std::vector<std::int8_t> staging;
    const std::size_t upload_at = device_used;
    std::vector<cuda::GridOpDesc> descs;
    descs.reserve(grids.size() - first);
    auto place_input = [&](Id id) {
      Grid& g = grids[id];
      if (g.device != kNone)
        return;
      g.device = device_used;
      device_used += g.cells();
      staging.insert(staging.end(), host.begin() + static_cast<std::ptrdiff_t>(g.host),
                     host.begin() + static_cast<std::ptrdiff_t>(g.host + g.cells()));
    };
    for (Id id = first; id < grids.size(); ++id) {
      const Op& op = log[grids[id].op].op;
      place_input(op.a);
      if (op.kind == GridOpKind::Cellwise)
        place_input(op.b);
    }
    for (Id id = first; id < grids.size(); ++id) {
      Grid& g = grids[id];
      const Logged& logged = log[g.op];
      const Op& op = logged.op;
      g.device = device_used;
      device_used += g.cells();
      cuda::GridOpDesc d;
      d.a = grids[op.a].device;
      d.b = op.kind == GridOpKind::Cellwise ? grids[op.b].device : d.a;
      d.out = g.device;
      d.cells = static_cast<std::uint32_t>(g.cells());
      d.kind = static_cast<std::uint8_t>(op.kind);
      d.x = op.x;
      d.y = op.y;
      d.positions = logged.first;
      d.npositions = static_cast<std::uint32_t>(logged.count);
      descs.push_back(d);
    }
    // The positions of this run's fills: those logged since the last device run.
    const std::size_t new_positions = positions.size() - device_positions;
    if (!gpu->reserve(device_used, upload_at, why) ||
        !gpu->upload(upload_at, staging.data(), staging.size(), why) ||
        !gpu->reserve_positions(positions.size(), device_positions, why) ||
        !gpu->upload_positions(device_positions, positions.data() + device_positions,
                               colours.data() + device_positions, new_positions, why) ||
        !gpu->launch(descs.data(), descs.size(), why))
      return false;
    device_positions = positions.size();
    detail::record_chunk(device, descs.size(), staging.size() + descs.size() * sizeof(descs[0]), 0);
    return true;
  }

  /// Brings the cells of `ids` that only the device holds to the host, in one copy.
  bool read_from_device(std::span<const Id> ids, std::string& why) {
    // Each grid fetched gets its host offset now (an id asked twice is then skipped), taken
    // back if the copy fails.
    std::vector<cuda::GridCopyDesc> copies;
    std::vector<Id> fetched;
    const std::size_t at = host.size();
    std::size_t bytes = 0;
    for (Id id : ids) {
      Grid& g = grids[id];
      if (g.host != kNone)
        continue;
      g.host = at + bytes;
      copies.push_back({g.device, bytes, g.cells()});
      fetched.push_back(id);
      bytes += g.cells();
    }
    if (copies.empty())
      return true;
    bool ok = !faults.fire(detail::FaultKind::DeviceError, device, device_runs++);
    if (!ok)
      why = "injected device error";
    append_host(bytes);
    ok = ok && gpu->gather(copies.data(), copies.size(), host.data() + at, bytes, why);
    if (!ok) {
      host.resize(at);
      for (Id id : fetched)
        grids[id].host = kNone;
      return false;
    }
    detail::record_chunk(device, 0, 0, bytes);
    return true;
  }
};

GridStore::GridStore(GridPlace place, int device) : impl_(std::make_unique<Impl>()) {
  impl_->device = device;
  impl_->faults = detail::FaultPlan(config().inject_faults);
  if (place == GridPlace::Device) {
    impl_->gpu = cuda::DeviceGrids::open(device, impl_->reason);
    if (impl_->gpu != nullptr)
      impl_->place = GridPlace::Device;
  }
}

GridStore::~GridStore() = default;

void GridStore::clear() {
  impl_->grids.clear();
  impl_->log.clear();
  impl_->positions.clear();
  impl_->colours.clear();
  impl_->host.clear();
  impl_->device_used = 0;
  impl_->device_positions = 0;
}

GridStore::Id GridStore::add(const std::int8_t* cells, std::uint32_t h, std::uint32_t w) {
  Impl& s = *impl_;
  Impl::Grid g;
  g.h = h;
  g.w = w;
  g.host = s.append_host(g.cells());
  std::copy(cells, cells + g.cells(), s.host.begin() + static_cast<std::ptrdiff_t>(g.host));
  s.grids.push_back(g);
  return static_cast<Id>(s.grids.size() - 1);
}

std::uint32_t GridStore::height(Id id) const {
  return impl_->grids.at(id).h;
}

std::uint32_t GridStore::width(Id id) const {
  return impl_->grids.at(id).w;
}

std::size_t GridStore::size() const {
  return impl_->grids.size();
}

std::vector<GridStore::Id> GridStore::run(std::span<const Op> ops) {
  Impl& s = *impl_;
  const auto first = static_cast<Id>(s.grids.size());
  std::vector<Id> made;
  made.reserve(ops.size());
  for (const Op& op : ops) { // all checked before any is logged
    const Impl::Grid& a = s.grids.at(op.a);
    if (op.kind == GridOpKind::Cellwise && (s.grids.at(op.b).h != a.h || s.grids.at(op.b).w != a.w))
      throw std::invalid_argument("GridStore::run: cellwise of grids of different shapes");
    if ((op.kind == GridOpKind::Fill || op.kind == GridOpKind::Paint) &&
        std::any_of(op.cells, op.cells + op.ncells,
                    [&](std::uint32_t c) { return c >= a.cells(); }))
      throw std::invalid_argument("GridStore::run: a fill's cell outside its grid");
  }
  for (const Op& op : ops) {
    const Impl::Grid& a = s.grids[op.a];
    Impl::Logged logged{op, s.positions.size(), 0};
    if (op.kind == GridOpKind::Fill) {
      s.positions.insert(s.positions.end(), op.cells, op.cells + op.ncells);
      s.colours.insert(s.colours.end(), op.ncells, op.x);
      logged.count = op.ncells;
    } else if (op.kind == GridOpKind::Paint) {
      // Each cell once, with its last colour, so that the device's threads may write in any
      // order.
      constexpr std::uint32_t kUnwritten = ~std::uint32_t{0};
      s.last_write.assign(a.cells(), kUnwritten);
      for (std::uint32_t k = 0; k < op.ncells; ++k)
        s.last_write[op.cells[k]] = k;
      for (std::uint32_t k = 0; k < op.ncells; ++k)
        if (s.last_write[op.cells[k]] == k) {
          s.positions.push_back(op.cells[k]);
          s.colours.push_back(op.colours[k]);
        }
      logged.count = s.positions.size() - logged.first;
    }
    logged.op.cells = nullptr; // the caller's memory: the log keeps its own copy
    logged.op.colours = nullptr;
    Impl::Grid g;
    g.h = a.h;
    g.w = a.w;
    g.op = s.log.size();
    s.log.push_back(logged);
    s.grids.push_back(g);
    made.push_back(static_cast<Id>(s.grids.size() - 1));
  }
  // The time to enqueue a device run (its uploads and launch) counts as H2D; a host run's as
  // Cpu; a read's, waiting for the device included, as D2H.
  const detail::Stopwatch clock;
  if (s.place == GridPlace::Device) {
    std::string why;
    if (!s.run_on_device(first, why))
      s.fall_back(why); // computes these ops too
  } else {
    for (Id id : made)
      s.compute_on_host(id);
  }
  detail::record_stage(s.place == GridPlace::Device ? detail::Stage::H2D : detail::Stage::Cpu,
                       clock.seconds());
  detail::record_call(ops.size(), 0, s.place == GridPlace::Device);
  detail::record_items(s.place == GridPlace::Device ? ops.size() : 0,
                       s.place == GridPlace::Device ? 0 : ops.size());
  return made;
}

void GridStore::read(std::span<const Id> ids, std::vector<std::int8_t>& cells,
                     std::vector<std::size_t>& offsets) {
  Impl& s = *impl_;
  for (Id id : ids)
    (void)s.grids.at(id);
  if (s.place == GridPlace::Device) {
    const detail::Stopwatch clock;
    std::string why;
    if (!s.read_from_device(ids, why))
      s.fall_back(why);
    detail::record_stage(detail::Stage::D2H, clock.seconds());
  }
  for (Id id : ids) {
    const Impl::Grid& g = s.grids[id];
    offsets.push_back(cells.size());
    cells.insert(cells.end(), s.host.begin() + static_cast<std::ptrdiff_t>(g.host),
                 s.host.begin() + static_cast<std::ptrdiff_t>(g.host + g.cells()));
  }
}

GridPlace GridStore::place() const {
  return impl_->place;
}

const std::string& GridStore::fallback_reason() const {
  return impl_->reason;
}

} // namespace battgpu::runtime
