// Recording statistics from inside the runtime (both paths).
#pragma once

#include "battgpu/runtime/stats.hpp"

#include <chrono>
#include <cstdint>
#include <string>

namespace battgpu::runtime::detail {

enum class Stage { Plan, Pack, H2D, Kernel, D2H, Build, Cpu, Total };

void record_call(std::uint64_t items, std::uint64_t labelings, bool used_gpu);
void record_items(std::uint64_t gpu_items, std::uint64_t cpu_items);
void record_stage(Stage stage, double seconds);
void record_chunk(int device, std::uint64_t items, std::uint64_t bytes_h2d,
                  std::uint64_t bytes_d2h);
void record_split();
void record_fallback(const std::string& reason, std::uint64_t items);
void record_device(int device, const std::string& name, std::uint64_t total);
void record_device_memory(int device, std::uint64_t held, std::uint64_t used);
void record_cost_model(double cpu_per_cell, double gpu_per_call, double gpu_per_cell);

/// While alive, this thread's work is not recorded (the cost model's own measurements).
class QuietStats {
public:
  QuietStats();
  ~QuietStats();
  QuietStats(const QuietStats&) = delete;
  QuietStats& operator=(const QuietStats&) = delete;

private:
  bool previous_;
};

/// Seconds since construction.
class Stopwatch {
public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

private:
  std::chrono::steady_clock::time_point start_;
};

} // namespace battgpu::runtime::detail
