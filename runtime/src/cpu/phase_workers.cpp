#include "cpu/phase_workers.hpp"

#include <memory>
#include <utility>

namespace battgpu::runtime::detail {

PhaseWorkers::PhaseWorkers(unsigned count) {
  for (unsigned w = 1; w < count; ++w)
    threads_.emplace_back([this, w] { loop(w); });
}

PhaseWorkers::~PhaseWorkers() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : threads_)
    t.join();
}

void PhaseWorkers::run_part(unsigned worker) {
  try {
    (*part_)(worker);
  } catch (...) {
    std::lock_guard lock(mutex_);
    if (!error_)
      error_ = std::current_exception();
  }
}

void PhaseWorkers::run(const std::function<void(unsigned)>& part) {
  {
    std::lock_guard lock(mutex_);
    part_ = &part;
    pending_ = static_cast<unsigned>(threads_.size());
    error_ = nullptr;
    ++generation_;
  }
  wake_.notify_all();
  run_part(0);
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [&] { return pending_ == 0; });
  part_ = nullptr;
  if (std::exception_ptr error = std::exchange(error_, nullptr))
    std::rethrow_exception(error);
}

void PhaseWorkers::loop(unsigned worker) {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_)
        return;
      seen = generation_;
    }
    run_part(worker);
    std::lock_guard lock(mutex_);
    if (--pending_ == 0)
      finished_.notify_one();
  }
}

std::pair<PhaseWorkers*, std::unique_lock<std::mutex>> acquire_phase_workers(unsigned count) {
  // Never destroyed, like the thread pool: a run may end during static destruction.
  static std::mutex* mutex = new std::mutex;
  static PhaseWorkers* workers = nullptr;
  std::unique_lock lock(*mutex);
  if (workers == nullptr || workers->count() != count) {
    delete workers;
    workers = new PhaseWorkers(count);
  }
  return {workers, std::move(lock)};
}

} // namespace battgpu::runtime::detail
