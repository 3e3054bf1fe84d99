#include "battgpu/runtime/config.hpp"

#include "battgpu/runtime/stats.hpp"

#include <cstdlib>
#include <mutex>
#include <sstream>
#include <string>

namespace battgpu::runtime {
namespace {

const char* env(const char* name) {
  const char* v = std::getenv(name);
  return (v != nullptr && *v != '\0') ? v : nullptr;
}

bool env_flag(const char* name) {
  const char* v = env(name);
  if (v == nullptr)
    return false;
  std::string s(v);
  return !(s == "0" || s == "false" || s == "no" || s == "off");
}

template <class T> void env_number(const char* name, T& out) {
  if (const char* v = env(name)) {
    std::istringstream in(v);
    T value{};
    if (in >> value)
      out = value;
  }
}

std::mutex& config_mutex() {
  static std::mutex* m = new std::mutex;
  return *m;
}

std::string& stats_path_at_exit() {
  static std::string* path = new std::string;
  return *path;
}

void write_stats_at_exit() {
  std::string path;
  {
    std::lock_guard lock(config_mutex());
    path = stats_path_at_exit();
  }
  if (!path.empty())
    write_stats(path);
}

RuntimeConfig& current() {
  static RuntimeConfig* c = [] {
    auto* cfg = new RuntimeConfig(config_from_environment());
    stats_path_at_exit() = cfg->stats_path;
    std::atexit(write_stats_at_exit);
    return cfg;
  }();
  return *c;
}

void sanitize(RuntimeConfig& c) {
  if (!(c.memory_fraction > 0) || c.memory_fraction > 1)
    c.memory_fraction = 0.8;
  if (c.shards_per_device < 1)
    c.shards_per_device = 1;
  if (c.streams < 1)
    c.streams = 1;
  if (c.max_chunk_grids < 1)
    c.max_chunk_grids = 1;
  if (!(c.gpu_margin >= 1))
    c.gpu_margin = 1;
}

} // namespace

RuntimeConfig config_from_environment() {
  RuntimeConfig c;
  c.disable_cuda = env_flag("BATTGPU_DISABLE_CUDA");
  if (const char* v = env("BATTGPU_DEVICES")) {
    std::string s(v);
    std::size_t pos = 0;
    while (pos <= s.size()) {
      std::size_t comma = s.find(',', pos);
      std::string item =
          s.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
      if (!item.empty()) {
        char* end = nullptr;
        long d = std::strtol(item.c_str(), &end, 10);
        if (end != nullptr && *end == '\0' && d >= 0)
          c.devices.push_back(static_cast<int>(d));
      }
      if (comma == std::string::npos)
        break;
      pos = comma + 1;
    }
  }
  if (const char* v = env("BATTGPU_PATH")) {
    std::string s(v);
    if (s == "cpu")
      c.path = Path::Cpu;
    else if (s == "gpu")
      c.path = Path::Gpu;
  }
  env_number("BATTGPU_MEMORY_FRACTION", c.memory_fraction);
  env_number("BATTGPU_SHARDS_PER_DEVICE", c.shards_per_device);
  env_number("BATTGPU_STREAMS", c.streams);
  env_number("BATTGPU_MAX_CHUNK_GRIDS", c.max_chunk_grids);
  env_number("BATTGPU_CPU_THREADS", c.cpu_threads);
  env_number("BATTGPU_GPU_MIN_GRIDS", c.gpu_min_grids);
  std::size_t pinned_mb = c.pinned_cache_bytes >> 20;
  env_number("BATTGPU_PINNED_CACHE_MB", pinned_mb);
  c.pinned_cache_bytes = pinned_mb << 20;
  if (const char* v = env("BATTGPU_INJECT_FAULT"))
    c.inject_faults = v;
  if (const char* v = env("BATTGPU_STATS"))
    c.stats_path = v;
  sanitize(c);
  return c;
}

RuntimeConfig config() {
  RuntimeConfig& c = current();
  std::lock_guard lock(config_mutex());
  return c;
}

void configure(const RuntimeConfig& config) {
  RuntimeConfig& c = current();
  std::lock_guard lock(config_mutex());
  c = config;
  sanitize(c);
  stats_path_at_exit() = c.stats_path;
}

} // namespace battgpu::runtime
