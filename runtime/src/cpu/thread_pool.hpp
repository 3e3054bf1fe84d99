// A small fork-join thread pool for the CPU path and the host stages of the GPU path.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace battgpu::runtime::detail {

class ThreadPool {
public:
  explicit ThreadPool(unsigned threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  /// Threads that work on a parallel_for: the pool's and the caller's.
  unsigned concurrency() const { return static_cast<unsigned>(workers_.size()) + 1; }

  /// Items per task for `items` items: `max_grain` for large counts (few tasks, little
  /// overhead), smaller for small ones so that every thread still gets about four tasks, but
  /// never under `min_grain`. Calls of a few hundred items then use all cores too.
  std::size_t grain(std::size_t items, std::size_t max_grain, std::size_t min_grain = 16) const;

  /// Runs `body(i)` for every i in [0, count) on the pool and the calling thread, and returns
  /// when all are done. Calls may come from several threads at once and may nest. Where a
  /// body throws, the others still run, and the first exception is thrown from here.
  void parallel_for(std::size_t count, const std::function<void(std::size_t)>& body);

private:
  struct Job;
  void worker_loop();
  static void run_some(Job& job);

  std::mutex mutex_;
  std::condition_variable wake_;
  std::list<std::shared_ptr<Job>> jobs_;
  std::vector<std::thread> workers_;
  bool stopping_ = false;
};

/// The process-wide pool (cpu_threads of the configuration, or every hardware thread).
ThreadPool& cpu_pool();

} // namespace battgpu::runtime::detail
