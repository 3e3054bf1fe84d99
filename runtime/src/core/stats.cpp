#include "core/stats_internal.hpp"

#include "battgpu/runtime/config.hpp"
#include "core/host_memory.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <sstream>

namespace battgpu::runtime {
namespace detail {
namespace {

std::mutex& stats_mutex() {
  static std::mutex* m = new std::mutex;
  return *m;
}

RuntimeStats& state() {
  static RuntimeStats* s = new RuntimeStats;
  return *s;
}

thread_local bool quiet = false;

DeviceStats& device_entry(RuntimeStats& s, int device) {
  for (auto& d : s.devices)
    if (d.ordinal == device)
      return d;
  s.devices.push_back(DeviceStats{});
  s.devices.back().ordinal = device;
  std::sort(s.devices.begin(), s.devices.end(),
            [](const DeviceStats& a, const DeviceStats& b) { return a.ordinal < b.ordinal; });
  for (auto& d : s.devices)
    if (d.ordinal == device)
      return d;
  return s.devices.back();
}

} // namespace

QuietStats::QuietStats() : previous_(quiet) {
  quiet = true;
}
QuietStats::~QuietStats() {
  quiet = previous_;
}

void record_call(std::uint64_t items, std::uint64_t labelings, bool used_gpu) {
  if (quiet)
    return;
  std::lock_guard lock(stats_mutex());
  auto& s = state();
  ++s.calls;
  if (used_gpu)
    ++s.gpu_calls;
  else
    ++s.cpu_calls;
  s.items += items;
  s.labelings += labelings;
}

void record_items(std::uint64_t gpu_items, std::uint64_t cpu_items) {
  if (quiet)
    return;
  std::lock_guard lock(stats_mutex());
  state().gpu_items += gpu_items;
  state().cpu_items += cpu_items;
}

void record_stage(Stage stage, double seconds) {
  if (quiet)
    return;
  std::lock_guard lock(stats_mutex());
  auto& t = state().time;
  switch (stage) {
  case Stage::Plan:
    t.plan += seconds;
    break;
  case Stage::Pack:
    t.pack += seconds;
    break;
  case Stage::H2D:
    t.h2d += seconds;
    break;
  case Stage::Kernel:
    t.kernel += seconds;
    break;
  case Stage::D2H:
    t.d2h += seconds;
    break;
  case Stage::Build:
    t.build += seconds;
    break;
  case Stage::Cpu:
    t.cpu += seconds;
    break;
  case Stage::Total:
    t.total += seconds;
    break;
  }
}

void record_chunk(int device, std::uint64_t items, std::uint64_t bytes_h2d,
                  std::uint64_t bytes_d2h) {
  if (quiet)
    return;
  std::lock_guard lock(stats_mutex());
  auto& s = state();
  ++s.chunks;
  s.bytes_h2d += bytes_h2d;
  s.bytes_d2h += bytes_d2h;
  auto& d = device_entry(s, device);
  ++d.chunks;
  d.items += items;
}

void record_split() {
  if (quiet)
    return;
  std::lock_guard lock(stats_mutex());
  ++state().split_retries;
}

void record_fallback(const std::string& reason, std::uint64_t items) {
  if (quiet)
    return;
  std::lock_guard lock(stats_mutex());
  auto& f = state().fallbacks;
  auto it =
      std::find_if(f.begin(), f.end(), [&](const FallbackReason& r) { return r.reason == reason; });
  if (it == f.end()) {
    f.push_back(FallbackReason{reason, 0, 0});
    it = f.end() - 1;
  }
  ++it->chunks;
  it->items += items;
}

void record_device(int device, const std::string& name, std::uint64_t total) {
  std::lock_guard lock(stats_mutex());
  auto& d = device_entry(state(), device);
  d.name = name;
  d.memory_total = total;
}

void record_device_memory(int device, std::uint64_t held, std::uint64_t used) {
  std::lock_guard lock(stats_mutex());
  auto& d = device_entry(state(), device);
  d.memory_held = held;
  d.memory_held_peak = std::max(d.memory_held_peak, held);
  d.memory_used_peak = std::max(d.memory_used_peak, used);
  if (d.memory_total != 0)
    d.peak_utilisation =
        static_cast<double>(d.memory_used_peak) / static_cast<double>(d.memory_total);
}

void record_cost_model(double cpu_per_cell, double gpu_per_call, double gpu_per_cell) {
  std::lock_guard lock(stats_mutex());
  auto& s = state();
  s.cpu_seconds_per_cell = cpu_per_cell;
  s.gpu_seconds_per_call = gpu_per_call;
  s.gpu_seconds_per_cell = gpu_per_cell;
}

} // namespace detail

RuntimeStats stats() {
  std::lock_guard lock(detail::stats_mutex());
  RuntimeStats s = detail::state();
  s.pinned_bytes_held = detail::pinned_bytes_held();
  return s;
}

void reset_stats() {
  std::lock_guard lock(detail::stats_mutex());
  auto& s = detail::state();
  RuntimeStats fresh;
  // Device identities and the cost model survive a reset; counters do not.
  for (const auto& d : s.devices) {
    DeviceStats kept;
    kept.ordinal = d.ordinal;
    kept.name = d.name;
    kept.memory_total = d.memory_total;
    kept.memory_held = d.memory_held;
    fresh.devices.push_back(kept);
  }
  fresh.cpu_seconds_per_cell = s.cpu_seconds_per_cell;
  fresh.gpu_seconds_per_call = s.gpu_seconds_per_call;
  fresh.gpu_seconds_per_cell = s.gpu_seconds_per_cell;
  s = fresh;
}

namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
        out += buf;
      } else {
        out += c;
      }
    }
  }
  return out + "\"";
}

std::string number(double v) {
  std::ostringstream os;
  os.precision(9);
  os << v;
  return os.str();
}

} // namespace

std::string stats_json() {
  RuntimeStats s = stats();
  std::ostringstream o;
  o << "{\"calls\":" << s.calls << ",\"gpu_calls\":" << s.gpu_calls
    << ",\"cpu_calls\":" << s.cpu_calls << ",\"items\":" << s.items
    << ",\"labelings\":" << s.labelings << ",\"gpu_items\":" << s.gpu_items
    << ",\"cpu_items\":" << s.cpu_items << ",\"chunks\":" << s.chunks
    << ",\"split_retries\":" << s.split_retries << ",\"bytes_h2d\":" << s.bytes_h2d
    << ",\"bytes_d2h\":" << s.bytes_d2h << ",\"pinned_bytes_held\":" << s.pinned_bytes_held;
  o << ",\"time_seconds\":{\"plan\":" << number(s.time.plan) << ",\"pack\":" << number(s.time.pack)
    << ",\"h2d\":" << number(s.time.h2d) << ",\"kernel\":" << number(s.time.kernel)
    << ",\"d2h\":" << number(s.time.d2h) << ",\"build\":" << number(s.time.build)
    << ",\"cpu\":" << number(s.time.cpu) << ",\"total\":" << number(s.time.total) << "}";
  o << ",\"devices\":[";
  for (std::size_t i = 0; i < s.devices.size(); ++i) {
    const auto& d = s.devices[i];
    o << (i ? "," : "") << "{\"ordinal\":" << d.ordinal << ",\"name\":" << quoted(d.name)
      << ",\"chunks\":" << d.chunks << ",\"items\":" << d.items
      << ",\"memory_total\":" << d.memory_total << ",\"memory_held\":" << d.memory_held
      << ",\"memory_held_peak\":" << d.memory_held_peak
      << ",\"memory_used_peak\":" << d.memory_used_peak
      << ",\"peak_utilisation\":" << number(d.peak_utilisation) << "}";
  }
  o << "],\"fallbacks\":[";
  for (std::size_t i = 0; i < s.fallbacks.size(); ++i) {
    const auto& f = s.fallbacks[i];
    o << (i ? "," : "") << "{\"reason\":" << quoted(f.reason) << ",\"chunks\":" << f.chunks
      << ",\"items\":" << f.items << "}";
  }
  o << "],\"cost_model\":{\"cpu_seconds_per_cell\":" << number(s.cpu_seconds_per_cell)
    << ",\"gpu_seconds_per_call\":" << number(s.gpu_seconds_per_call)
    << ",\"gpu_seconds_per_cell\":" << number(s.gpu_seconds_per_cell) << "}}";
  return o.str();
}

bool write_stats(const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out)
    return false;
  out << stats_json() << "\n";
  return static_cast<bool>(out);
}

} // namespace battgpu::runtime
