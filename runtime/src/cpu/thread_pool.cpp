#include "cpu/thread_pool.hpp"

#include "battgpu/dsl/cancellation.hpp"
#include "battgpu/runtime/config.hpp"

#include <algorithm>
#include <atomic>
#include <exception>

namespace battgpu::runtime::detail {

struct ThreadPool::Job {
  const std::function<void(std::size_t)>* body = nullptr;
  std::size_t count = 0;
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> done{0};
  std::mutex mutex;
  std::condition_variable finished;
  /// The first exception a body threw (under `mutex`).
  std::exception_ptr failure;
};

ThreadPool::ThreadPool(unsigned threads) {
  for (unsigned t = 1; t < threads; ++t)
    workers_.emplace_back([this] { worker_loop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& w : workers_)
    w.join();
}

void ThreadPool::run_some(Job& job) {
  std::size_t finished_here = 0;
  for (;;) {
    std::size_t i = job.next.fetch_add(1, std::memory_order_relaxed);
    if (i >= job.count)
      break;
    try {
      (*job.body)(i);
    } catch (...) {
      // Not on a pool thread, where it would end the process: parallel_for throws it.
      const std::lock_guard lock(job.mutex);
      if (!job.failure)
        job.failure = std::current_exception();
    }
    ++finished_here;
  }
  if (finished_here != 0 &&
      job.done.fetch_add(finished_here, std::memory_order_acq_rel) + finished_here == job.count) {
    std::lock_guard lock(job.mutex);
    job.finished.notify_all();
  }
}

void ThreadPool::worker_loop() {
  for (;;) {
    std::shared_ptr<Job> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_)
        return;
      job = jobs_.front();
      // Every index handed out: nothing left for other workers.
      if (job->next.load(std::memory_order_relaxed) >= job->count) {
        jobs_.pop_front();
        continue;
      }
      // The next worker to wake takes the next job: concurrent callers (the shards of a
      // multi-device call, each packing or building on its own thread) share the workers
      // instead of queueing behind the first caller's job.
      jobs_.splice(jobs_.end(), jobs_, jobs_.begin());
    }
    run_some(*job);
  }
}

void ThreadPool::parallel_for(std::size_t count, const std::function<void(std::size_t)>& body) {
  if (count == 0)
    return;
  // Runtime work is never cut off halfway: a solver's time limit takes effect after it.
  const dsl::CancellationScope not_cancellable(nullptr);
  if (count == 1 || workers_.empty()) {
    for (std::size_t i = 0; i < count; ++i)
      body(i);
    return;
  }
  auto job = std::make_shared<Job>();
  job->body = &body;
  job->count = count;
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(job);
  }
  wake_.notify_all();
  run_some(*job);
  {
    std::unique_lock lock(job->mutex);
    job->finished.wait(lock, [&] { return job->done.load(std::memory_order_acquire) == count; });
  }
  {
    const std::lock_guard lock(mutex_);
    jobs_.remove(job);
  }
  if (job->failure)
    std::rethrow_exception(job->failure);
}

std::size_t ThreadPool::grain(std::size_t items, std::size_t max_grain,
                              std::size_t min_grain) const {
  const std::size_t per_task = items / (std::size_t{4} * concurrency());
  return std::clamp(per_task, std::min(min_grain, max_grain), max_grain);
}

ThreadPool& cpu_pool() {
  // Never destroyed: results may be released (and the pool used) during static destruction.
  static ThreadPool* pool = [] {
    unsigned threads = config().cpu_threads;
    if (threads == 0)
      threads = std::max(1u, std::thread::hardware_concurrency());
    return new ThreadPool(threads);
  }();
  return *pool;
}

} // namespace battgpu::runtime::detail
